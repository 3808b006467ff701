"""Rematches: the table a finished game's rematch was set up at, kept across restarts.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rematches",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("rematch_id", sa.String(32), nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rematches")
