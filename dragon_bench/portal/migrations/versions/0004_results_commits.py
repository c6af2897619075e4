"""The durable queue of results-file commits (publishing the leaderboard on approval).

Revision ID: 0004_results_commits
Revises: 0002_arena
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_results_commits"
down_revision = "0002_arena"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "results_commits",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("submit_id", sa.String(100), nullable=False),
        sa.Column("version", sa.String(40), nullable=False),
        sa.Column("action", sa.String(20), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=True),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_at", sa.DateTime(), nullable=True),
        sa.Column("commit_id", sa.String(100), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("done_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_results_commits_state", "results_commits", ["state", "id"])


def downgrade() -> None:
    op.drop_index("ix_results_commits_state", table_name="results_commits")
    op.drop_table("results_commits")
