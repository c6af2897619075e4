"""The review decision log: one row per decision, never updated except to mark it undone."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from dragon_bench.portal.models import Base, utcnow

__all__ = ["ReviewDecision"]


class ReviewDecision(Base):
    """A reviewer's decision on one candidate of a staged revision. Appending, never
    overwriting, is what keeps two reviewers deciding at once from losing either decision;
    `resolution` marks an admin's ruling on a conflict."""

    __tablename__ = "review_decisions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[str] = mapped_column(String(40))
    question_id: Mapped[int] = mapped_column(Integer)
    reviewer_id: Mapped[int] = mapped_column(ForeignKey("tokens.id"), index=True)
    reviewer: Mapped[str] = mapped_column(String(200))
    decision: Mapped[str] = mapped_column(String(10))
    reason: Mapped[str] = mapped_column(String(30), default="")
    note: Mapped[str] = mapped_column(Text, default="")
    question: Mapped[str | None] = mapped_column(Text, default=None)
    answer: Mapped[str | None] = mapped_column(Text, default=None)
    resolution: Mapped[bool] = mapped_column(default=False)
    # the candidate was in the double-review share when decided (two reviewers needed)
    double: Mapped[bool] = mapped_column(default=False)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    undone_at: Mapped[datetime | None] = mapped_column(default=None)

    __table_args__ = (Index("ix_review_decisions_candidate", "version", "question_id"),)
