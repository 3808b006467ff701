"""The ``topsecret serve`` command: the multiplayer server and its web client."""

from __future__ import annotations

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
) -> None:
    """Start the server: open the printed address, set up a table, invite friends or add bots."""
    try:
        from .server import run
    except ImportError as exc:
        raise TopSecretError(
            f"the server needs its extra ({exc.name} is missing): pip install -e '.[server]'"
        ) from None
    run(host, port, database)
