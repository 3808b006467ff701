"""Rules versions: every stored table names the rules it was created under.

Tables stored before rules versions existed carry options resolved with the defaults of their
time and no ``rules`` option. This stamps them ``"rules": 1``, so the games read them with
version 1's defaults (each game's ``rules_versions.toml``) and they replay as they were played,
whatever today's defaults. Unfinished SpyWorld tables of version 1 are closed with the reason:
SpyWorld's rounds are paid differently since version 2, so their logs cannot go on. Finished
ones keep their stored scores.

The values are frozen here, as they were at this revision: later rules versions never change
what this migration writes.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

RULES = "rules"
FIRST = 1
SPYWORLD_CLOSED = (
    "closed: made under SpyWorld rules 1, whose rounds were paid differently; this version "
    "cannot go on with it (its log is kept)"
)

_tables = sa.table(
    "game_tables",
    sa.column("id", sa.String),
    sa.column("game", sa.String),
    sa.column("options", sa.JSON),
    sa.column("status", sa.String),
    sa.column("closed_reason", sa.String),
)


def upgrade() -> None:
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(_tables.c.id, _tables.c.game, _tables.c.options, _tables.c.status)
    ).all()
    for table_id, game, options, status in rows:
        stored = dict(options or {})
        if RULES in stored:
            continue
        stored[RULES] = FIRST
        values: dict[str, object] = {"options": stored}
        if game == "spyworld" and status in ("waiting", "playing"):
            values.update(status="closed", closed_reason=SPYWORLD_CLOSED)
        connection.execute(sa.update(_tables).where(_tables.c.id == table_id).values(**values))


def downgrade() -> None:
    # Version 1 is what a table without ``rules`` meant: removing the stamp restores the
    # earlier reading. Closed SpyWorld tables stay closed.
    connection = op.get_bind()
    rows = connection.execute(sa.select(_tables.c.id, _tables.c.options)).all()
    for table_id, options in rows:
        stored = dict(options or {})
        if stored.get(RULES) == FIRST:
            del stored[RULES]
            connection.execute(
                sa.update(_tables).where(_tables.c.id == table_id).values(options=stored)
            )
