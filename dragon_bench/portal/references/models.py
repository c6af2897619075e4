"""The reference runs table: one row per (model, revision), its progress and its scores."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from dragon_bench.portal.models import Base, utcnow

__all__ = ["ReferenceRun", "RUN_STATES"]

# pending -> running -> pending (a chunk answered) ... -> done; failed (retried later)
RUN_STATES = ("pending", "running", "done", "failed")


class ReferenceRun(Base):
    """A closed-book control of one model on one revision. `answers` grows chunk by chunk
    (question id -> {answer, correct, by}), so an interrupted run resumes where it stopped;
    `report` and `details` (per-question scores only) are filled when every question is in."""

    __tablename__ = "reference_runs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    model: Mapped[str] = mapped_column(String(200))
    version: Mapped[str] = mapped_column(String(40))
    state: Mapped[str] = mapped_column(String(20), index=True, default="pending")
    answers: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    n_questions: Mapped[int] = mapped_column(Integer, default=0)
    steps: Mapped[int] = mapped_column(Integer, default=0)
    claimed_by: Mapped[str | None] = mapped_column(String(64), default=None)
    claimed_at: Mapped[datetime | None] = mapped_column(default=None)
    error: Mapped[str | None] = mapped_column(Text, default=None)
    report: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    details: Mapped[list[Any] | None] = mapped_column(JSON, default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)

    __table_args__ = (UniqueConstraint("model", "version", name="uq_reference_runs_model_version"),)
