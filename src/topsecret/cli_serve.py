"""The ``topsecret serve`` command: the multiplayer server and its web client."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .core import TopSecretError


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 for your network).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL of the storage. Default: the SQLite file topsecret.sqlite3 in "
            "this directory; postgresql+psycopg://user@host/db works the same.",
            metavar="URL",
        ),
    ] = None,
    exempt: Annotated[
        list[str] | None,
        typer.Option(
            help="Client address the per-client limits and quotas do not apply to (a load "
            "test on loopback). Repeatable.",
            metavar="ADDRESS",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            help="redis://host:6379: share a PostgreSQL --database with other server processes "
            "(table leases and relayed sockets through Redis). Needs the scale extra.",
            metavar="URL",
        ),
    ] = None,
    lease_seconds: Annotated[
        float,
        typer.Option(help="With --redis: seconds before a dead process's tables are taken over."),
    ] = 10.0,
) -> None:
    """Start the server: open the printed address, set up a table, invite friends or add bots."""
    try:
        from .server import Limits, run
    except ImportError as exc:
        raise TopSecretError(
            f"the server needs its extra ({exc.name} is missing): pip install -e '.[server]'"
        ) from None
    run(host, port, database, Limits(exempt=frozenset(exempt or ())), redis, lease_seconds)


def backup(
    file: Annotated[Path, typer.Argument(help="The new file to write the copy to.")],
    database: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL of the SQLite storage. Default: topsecret.sqlite3 here.",
            metavar="URL",
        ),
    ] = None,
) -> None:
    """Copy the server's SQLite database consistently, even while it runs (PostgreSQL: pg_dump)."""
    try:
        from .server.db import Store, default_database_url
    except ImportError as exc:
        raise TopSecretError(
            f"backup needs the server's extra ({exc.name} is missing): pip install -e '.[server]'"
        ) from None
    store = Store(database or default_database_url())
    try:
        store.backup(file)
    except (ValueError, OSError) as exc:
        raise TopSecretError(str(exc)) from None
    finally:
        store.close()
    typer.echo(f"backed up {store.sqlite_file} to {file}")
