"""The multiplayer server: lobby, tables, seats, persistence, clocks and the web client.

Start it with :func:`run` (``topsecret serve``); build the ASGI app with :func:`create_app`.
"""

from __future__ import annotations

from .app import create_app
from .db import Store, default_database_url

__all__ = ["create_app", "main", "run"]


def run(host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None) -> None:
    """Serve until interrupted: migrations first, unfinished tables resumed, address printed."""
    import uvicorn

    url = database_url or default_database_url()
    store = Store(url)
    app = create_app(store)
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    print(f"Top Secret is ready at http://{shown}:{port}/  (storage: {_safe(url)})", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65_536)


def _safe(url: str) -> str:
    """The database URL without its password, for printing."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest:
        credentials, _, location = rest.rpartition("@")
        user = credentials.split(":", 1)[0]
        return f"{scheme}{sep}{user}:***@{location}"
    return url


def main(argv: list[str] | None = None) -> None:
    """``python -m topsecret.server``: the same as ``topsecret serve``."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="topsecret serve",
        description="Play Top Secret in the browser: start the multiplayer server.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="SQLAlchemy URL (default: sqlite file topsecret.sqlite3 here; "
        "postgresql+psycopg://user@host/db works the same)",
    )
    args = parser.parse_args(argv)
    run(args.host, args.port, args.database)
