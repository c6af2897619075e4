"""Arena and grading tables: battles (the vote log) and human grading labels."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from dragon_bench.portal.models import Base, utcnow

__all__ = ["Battle", "GradingLabel", "VOTES", "BATTLE_STATES"]

VOTES = ("a", "b", "tie", "both_bad")
# open: answers shown, awaiting the vote; voted: rated; failed: a pipeline erred, never rated.
BATTLE_STATES = ("open", "voted", "failed")


class Battle(Base):
    """One blind battle and its vote: who, when, which pipelines, the question and both answers."""

    __tablename__ = "arena_battles"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    battle_id: Mapped[str] = mapped_column(String(40), unique=True, index=True)
    voter_id: Mapped[int] = mapped_column(ForeignKey("tokens.id"), index=True)
    version: Mapped[str | None] = mapped_column(String(40), default=None)
    question_id: Mapped[int | None] = mapped_column(Integer, default=None)
    question: Mapped[str] = mapped_column(Text)
    pipeline_a: Mapped[str] = mapped_column(String(200), index=True)
    pipeline_b: Mapped[str] = mapped_column(String(200), index=True)
    answer_a: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    answer_b: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    state: Mapped[str] = mapped_column(String(20), index=True, default="open")
    error: Mapped[str | None] = mapped_column(Text, default=None)
    answer_vote: Mapped[str | None] = mapped_column(String(20), default=None)
    evidence_vote: Mapped[str | None] = mapped_column(String(20), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    voted_at: Mapped[datetime | None] = mapped_column(default=None)


class GradingLabel(Base):
    """A grader's CRAG label for one answer of one submission (one per grader and question)."""

    __tablename__ = "grading_labels"
    __table_args__ = (UniqueConstraint("submission_id", "question_id", "grader_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    submission_id: Mapped[int] = mapped_column(ForeignKey("submissions.id"), index=True)
    question_id: Mapped[int] = mapped_column(Integer)
    grader_id: Mapped[int] = mapped_column(ForeignKey("tokens.id"), index=True)
    label: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
