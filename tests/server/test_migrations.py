"""The Alembic migrations build exactly the schema the models describe, on every backend."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from topsecret.server.db import Base, Store


def test_migrations_match_the_models_and_run_twice(database_url: str) -> None:
    store = Store(database_url)
    try:
        store.migrate()
        store.migrate()  # a second start finds the schema up to date
        with store.engine.connect() as connection:
            context = MigrationContext.configure(connection)
            assert context.get_current_revision() == "0005"
            assert compare_metadata(context, Base.metadata) == []
    finally:
        store.close()
