"""The durable queue of results-file commits: one row per change of the public leaderboard."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, Integer, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from dragon_bench.portal.models import Base, utcnow

__all__ = ["ResultsCommit", "COMMIT_STATES"]

# pending -> done (pushed, or already in the repository: `unchanged`). A failed push stays
# pending with its error and the time of the next attempt; later commits wait behind it.
COMMIT_STATES = ("pending", "done", "unchanged")


class ResultsCommit(Base):
    """The results file as it was right after one change, and the commit that publishes it."""

    __tablename__ = "results_commits"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    submit_id: Mapped[str] = mapped_column(String(100))
    version: Mapped[str] = mapped_column(String(40))
    action: Mapped[str] = mapped_column(String(20))
    message: Mapped[str] = mapped_column(Text)
    # The file's bytes at the change (cleared once pushed) and their SHA-256 (kept).
    content: Mapped[bytes | None] = mapped_column(LargeBinary, default=None)
    sha256: Mapped[str] = mapped_column(String(64))
    state: Mapped[str] = mapped_column(String(20), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_error: Mapped[str | None] = mapped_column(Text, default=None)
    claimed_by: Mapped[str | None] = mapped_column(String(64), default=None)
    claimed_at: Mapped[datetime | None] = mapped_column(default=None)
    commit_id: Mapped[str | None] = mapped_column(String(100), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    done_at: Mapped[datetime | None] = mapped_column(default=None)

    __table_args__ = (Index("ix_results_commits_state", "state", "id"),)
