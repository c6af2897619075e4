"""Covering index for the leaderboard's change stamp (state, reviewed_at, judge_score, id).

Submission rows carry the results file and reports, so scanning them reads overflow pages;
this index answers the stamp query without touching the rows.

Revision ID: 0002_board_index
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

from alembic import op

revision = "0002_board_index"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_submissions_board", "submissions", ["state", "reviewed_at", "judge_score", "id"]
    )


def downgrade() -> None:
    op.drop_index("ix_submissions_board", table_name="submissions")
