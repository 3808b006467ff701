"""Table talk: the chat lines said at each table, kept with it for its replay.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
