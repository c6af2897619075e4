"""Tokens and submissions.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tokens",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("revoked_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_tokens_token_hash", "tokens", ["token_hash"], unique=True)
    op.create_table(
        "submissions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("submit_id", sa.String(100), nullable=False),
        sa.Column("token_id", sa.Integer(), sa.ForeignKey("tokens.id"), nullable=False),
        sa.Column("version", sa.String(40), nullable=False),
        sa.Column("model_name", sa.String(200), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("filename", sa.String(300), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.Column("n_answers", sa.Integer(), nullable=False),
        sa.Column("is_auto", sa.Boolean(), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_at", sa.DateTime(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("report", sa.JSON(), nullable=True),
        sa.Column("details", sa.JSON(), nullable=True),
        sa.Column("signature", sa.String(500), nullable=True),
        sa.Column("judge_state", sa.String(20), nullable=False),
        sa.Column("judge_score", sa.Float(), nullable=True),
        sa.Column("judge_results", sa.JSON(), nullable=True),
        sa.Column("review_note", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("evaluated_at", sa.DateTime(), nullable=True),
        sa.Column("reviewed_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_submissions_submit_id", "submissions", ["submit_id"], unique=True)
    op.create_index("ix_submissions_token_id", "submissions", ["token_id"])
    op.create_index("ix_submissions_version", "submissions", ["version"])
    op.create_index("ix_submissions_model_name", "submissions", ["model_name"])
    op.create_index("ix_submissions_state", "submissions", ["state"])
    op.create_index("ix_submissions_created_at", "submissions", ["created_at"])


def downgrade() -> None:
    op.drop_table("submissions")
    op.drop_table("tokens")
