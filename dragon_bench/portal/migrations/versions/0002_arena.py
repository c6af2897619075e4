"""Arena battles (the vote log) and human grading labels.

Revision ID: 0002_arena
Revises: 0002_board_index
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_arena"
down_revision = "0002_board_index"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "arena_battles",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("battle_id", sa.String(40), nullable=False),
        sa.Column("voter_id", sa.Integer(), sa.ForeignKey("tokens.id"), nullable=False),
        sa.Column("version", sa.String(40), nullable=True),
        sa.Column("question_id", sa.Integer(), nullable=True),
        sa.Column("question", sa.Text(), nullable=False),
        sa.Column("pipeline_a", sa.String(200), nullable=False),
        sa.Column("pipeline_b", sa.String(200), nullable=False),
        sa.Column("answer_a", sa.JSON(), nullable=True),
        sa.Column("answer_b", sa.JSON(), nullable=True),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("answer_vote", sa.String(20), nullable=True),
        sa.Column("evidence_vote", sa.String(20), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("voted_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_arena_battles_battle_id", "arena_battles", ["battle_id"], unique=True)
    op.create_index("ix_arena_battles_voter_id", "arena_battles", ["voter_id"])
    op.create_index("ix_arena_battles_pipeline_a", "arena_battles", ["pipeline_a"])
    op.create_index("ix_arena_battles_pipeline_b", "arena_battles", ["pipeline_b"])
    op.create_index("ix_arena_battles_state", "arena_battles", ["state"])
    op.create_index("ix_arena_battles_created_at", "arena_battles", ["created_at"])
    op.create_table(
        "grading_labels",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("submission_id", sa.Integer(), sa.ForeignKey("submissions.id"), nullable=False),
        sa.Column("question_id", sa.Integer(), nullable=False),
        sa.Column("grader_id", sa.Integer(), sa.ForeignKey("tokens.id"), nullable=False),
        sa.Column("label", sa.String(20), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("submission_id", "question_id", "grader_id"),
    )
    op.create_index("ix_grading_labels_submission_id", "grading_labels", ["submission_id"])
    op.create_index("ix_grading_labels_grader_id", "grading_labels", ["grader_id"])


def downgrade() -> None:
    op.drop_table("grading_labels")
    op.drop_table("arena_battles")
