"""The review decision log of staged revisions (issue #18).

Revision ID: 0005_review
Revises: 0004_results_commits
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_review"
down_revision = "0004_results_commits"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "review_decisions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("version", sa.String(40), nullable=False),
        sa.Column("question_id", sa.Integer(), nullable=False),
        sa.Column("reviewer_id", sa.Integer(), sa.ForeignKey("tokens.id"), nullable=False),
        sa.Column("reviewer", sa.String(200), nullable=False),
        sa.Column("decision", sa.String(10), nullable=False),
        sa.Column("reason", sa.String(30), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("question", sa.Text(), nullable=True),
        sa.Column("answer", sa.Text(), nullable=True),
        sa.Column("resolution", sa.Boolean(), nullable=False),
        sa.Column("double", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("undone_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_review_decisions_candidate", "review_decisions", ["version", "question_id"])
    op.create_index("ix_review_decisions_reviewer_id", "review_decisions", ["reviewer_id"])


def downgrade() -> None:
    op.drop_index("ix_review_decisions_reviewer_id", "review_decisions")
    op.drop_index("ix_review_decisions_candidate", "review_decisions")
    op.drop_table("review_decisions")
