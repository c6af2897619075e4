"""Database tables: API tokens and submissions (with their stored file, state and scores)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, LargeBinary, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

__all__ = ["Base", "Token", "Submission", "ROLES", "STATES", "utcnow"]

# `reviewer`: reviews staged revisions and grades answers on the human grading pages.
ROLES = ("participant", "auto", "admin", "reviewer")
# queued -> evaluating -> evaluated -> approved | rejected; failed when the file cannot be scored.
STATES = ("queued", "evaluating", "evaluated", "approved", "rejected", "failed")


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class Token(Base):
    """An API token; only its SHA-256 is stored."""

    __tablename__ = "tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    role: Mapped[str] = mapped_column(String(20))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(default=None)

    submissions: Mapped[list[Submission]] = relationship(back_populates="token")


class Submission(Base):
    """One results file for one revision, its evaluation state, report and owner-safe details."""

    __tablename__ = "submissions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    submit_id: Mapped[str] = mapped_column(String(100), unique=True, index=True)
    token_id: Mapped[int] = mapped_column(ForeignKey("tokens.id"), index=True)
    version: Mapped[str] = mapped_column(String(40), index=True)
    model_name: Mapped[str] = mapped_column(String(200), index=True)
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    filename: Mapped[str] = mapped_column(String(300))
    content: Mapped[bytes] = mapped_column(LargeBinary)
    n_answers: Mapped[int] = mapped_column(Integer)
    is_auto: Mapped[bool] = mapped_column(default=False)
    state: Mapped[str] = mapped_column(String(20), index=True, default="queued")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    claimed_by: Mapped[str | None] = mapped_column(String(64), default=None)
    claimed_at: Mapped[datetime | None] = mapped_column(default=None)
    error: Mapped[str | None] = mapped_column(Text, default=None)
    # Aggregate report as dragon_bench.metrics.evaluate returns it, without per-question details.
    report: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    # Per-question scores and the participant's own answers: nothing from the private half.
    details: Mapped[list[Any] | None] = mapped_column(JSON, default=None)
    signature: Mapped[str | None] = mapped_column(String(500), default=None)
    judge_state: Mapped[str] = mapped_column(String(20), default="none")
    judge_score: Mapped[float | None] = mapped_column(Float, default=None)
    judge_results: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    review_note: Mapped[str | None] = mapped_column(Text, default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    evaluated_at: Mapped[datetime | None] = mapped_column(default=None)
    reviewed_at: Mapped[datetime | None] = mapped_column(default=None)

    token: Mapped[Token] = relationship(back_populates="submissions")

    __table_args__ = (Index("ix_submissions_board", "state", "reviewed_at", "judge_score", "id"),)
