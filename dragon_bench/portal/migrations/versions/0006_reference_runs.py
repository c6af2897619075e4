"""Closed-book reference runs shown on the leaderboard (issue #20 item 5).

Revision ID: 0006_reference_runs
Revises: 0005_review
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_reference_runs"
down_revision = "0005_review"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reference_runs",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("model", sa.String(200), nullable=False),
        sa.Column("version", sa.String(40), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("answers", sa.JSON(), nullable=False),
        sa.Column("n_questions", sa.Integer(), nullable=False),
        sa.Column("steps", sa.Integer(), nullable=False),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_at", sa.DateTime(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("report", sa.JSON(), nullable=True),
        sa.Column("details", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.UniqueConstraint("model", "version", name="uq_reference_runs_model_version"),
    )
    op.create_index("ix_reference_runs_state", "reference_runs", ["state"])


def downgrade() -> None:
    op.drop_index("ix_reference_runs_state", "reference_runs")
    op.drop_table("reference_runs")
