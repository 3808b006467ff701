"""Private tables, hosts, creators' quotas and closed tables.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(
            sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("host_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.add_column(sa.Column("closed_reason", sa.String(200), nullable=True))
    op.create_index("ix_game_tables_creator", "game_tables", ["creator"])


def downgrade() -> None:
    op.drop_index("ix_game_tables_creator", "game_tables")
    with op.batch_alter_table("game_tables") as batch:
        for column in ("closed_reason", "creator", "host_hash", "invite_hash", "private"):
            batch.drop_column(column)
