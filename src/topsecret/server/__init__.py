"""The multiplayer server: lobby, tables, seats, persistence, clocks and the web client.

Start it with :func:`run` (``topsecret serve``); build the ASGI app with :func:`create_app`.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import sys

from ..core import TopSecretError
from ..core.errors import N_
from ..i18n import locale_translator
from .app import create_app
from .db import OwnedElsewhere, Store, default_database_url
from .limits import Limits, uvicorn_settings

__all__ = ["Limits", "create_app", "log_to_stderr", "main", "open_store", "run"]


def open_store(url: str, shared: bool = False) -> Store:
    """Connect and migrate, or explain in one line why the database cannot be used;
    ``shared``: this process is one of a group joined by Redis."""
    from sqlalchemy.exc import SQLAlchemyError

    scheme = url.partition("://")[0]
    if scheme in ("postgres", "postgresql"):
        # SQLAlchemy reads "postgres" as no dialect and "postgresql" as psycopg2's.
        raise TopSecretError.of(
            N_(
                "write the PostgreSQL address as postgresql+psycopg://{rest} (the driver "
                "the postgres extra installs)"
            ),
            rest=_safe(url).partition("://")[2],
        )
    try:
        store = Store(url)
        store.take_ownership(shared)
        store.migrate()
    except ImportError as exc:
        raise TopSecretError.of(
            N_(
                "the database driver for {database} is not installed ({module}); "
                "for PostgreSQL: pip install -e '.[postgres]'"
            ),
            database=_safe(url),
            module=str(exc.name),
        ) from None
    except OwnedElsewhere as exc:
        raise TopSecretError(str(exc)).with_message_of(exc) from None
    except OSError as exc:
        # The owner's lock file sits beside the database: a missing or read-only folder.
        raise TopSecretError.of(
            N_("cannot use the database {database}: unable to open database file ({reason})"),
            database=_safe(url),
            reason=str(exc.strerror or exc),
        ) from None
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        # The database's own reason stays as it wrote it.
        raise TopSecretError.of(
            N_("cannot use the database {database}: {reason}"), database=_safe(url), reason=reason
        ) from None
    return store


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    limits: Limits | None = None,
    redis_url: str | None = None,
    lease_seconds: float = 10.0,
    log_level: str = "info",
) -> None:
    """Serve until interrupted: migrations first, unfinished tables resumed, address printed.

    ``log_level`` (a :mod:`logging` level name) is what the server writes to standard error,
    each line with its time: ``info`` names each table set up, finished, closed, resumed or
    taken over; ``debug`` adds uvicorn's line for every request.

    ``port=0`` lets the system pick a free port; the printed address names it. The port is
    bound once, here, before anything is printed, and handed to uvicorn, so the address
    printed is the one served (nothing else can take the port between a check and a bind).

    With ``redis_url`` this process is one of several sharing a PostgreSQL database: tables
    are owned through leases and sockets relayed over Redis (see docs/server.md).
    """
    import uvicorn

    if not 0 <= port <= 65535:
        raise TopSecretError.of(
            N_("--port must be between 1 and 65535 (or 0 for any free port), not {port}"),
            port=port,
        )
    level = log_to_stderr(log_level)
    listening = _listen(host, port)
    port = int(listening.getsockname()[1])
    url = database_url or default_database_url()
    cluster = None
    if redis_url is not None:
        if url.startswith("sqlite"):
            raise TopSecretError.of(
                N_(
                    "--redis joins several processes on one database: use PostgreSQL "
                    "(--database postgresql+psycopg://...); SQLite serves one process"
                )
            )
        if not 1 <= lease_seconds <= 300:
            raise TopSecretError.of(N_("--lease-seconds must be between 1 and 300"))
        from .cluster import Cluster

        try:
            cluster = Cluster(redis_url, lease_seconds)
        except ImportError as exc:
            raise TopSecretError(str(exc)) from None
        except ValueError as exc:  # redis-py's own reason: the schemes it reads
            raise TopSecretError.of(
                N_("--redis {url} is not a Redis address: {reason}"),
                url=_safe(redis_url),
                reason=str(exc),
            ) from None
        _check_redis(redis_url)
    store = open_store(url, shared=cluster is not None)
    limits = limits or Limits()
    app = create_app(store, limits, cluster, tune_collector=True)
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    ready = locale_translator().gettext("Top Secret is ready at {address}  (storage: {storage})")
    print(ready.format(address=f"http://{shown}:{port}/", storage=_safe(url)), flush=True)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="info" if level <= logging.DEBUG else "warning",
        log_config=None,  # its lines go through the handler set up above
        **uvicorn_settings(limits),
    )
    with listening, contextlib.suppress(KeyboardInterrupt):
        # uvicorn shuts down cleanly on SIGINT, then raises it again for the caller to hear
        # (uvicorn.run swallows it the same way): a stop by Ctrl-C exits with 0.
        uvicorn.Server(config).run(sockets=[listening])


def log_to_stderr(level_name: str) -> int:
    """Send the server's log (the ``topsecret`` loggers, and uvicorn's) to standard error at
    ``level_name``, a :mod:`logging` level name, each line with its time; returns the level.
    A handler the embedding program put on those loggers is kept instead of a second one."""
    level = logging.getLevelName(level_name.upper())
    if not isinstance(level, int):
        raise TopSecretError.of(N_("unknown log level {level}"), level=repr(level_name))
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger = logging.getLogger("topsecret")
    logger.setLevel(level)
    if not logger.handlers:
        logger.addHandler(handler)
    # uvicorn's own lines (its start, every request at debug) the same way, not to stdout.
    web = logging.getLogger("uvicorn")
    if not web.handlers:
        web.addHandler(handler)
    return level


def _check_redis(url: str) -> None:
    """Refuse to start, in one line, when Redis does not answer: the server would print its
    address and then fail as it starts serving."""
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
    try:
        client.ping()
    except redis.RedisError as exc:
        raise TopSecretError.of(
            N_("cannot reach Redis at {url} ({reason}): start it, or check --redis"),
            url=_safe(url),
            reason=str(exc).splitlines()[0],
        ) from None
    finally:
        client.close()


def _listen(host: str, port: int) -> socket.socket:
    """The server's listening socket, bound before the address is printed, or a one-line
    reason it cannot be (taken port, unknown host)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise TopSecretError.of(N_("unknown host {host} for --host"), host=repr(host)) from None
    family, kind, proto, _, address = infos[0]
    listening = socket.socket(family, kind, proto)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind(address)
    except OSError as exc:
        listening.close()
        raise TopSecretError.of(
            N_("cannot listen on {address} ({reason}); choose another --port"),
            address=f"{host}:{port}",
            reason=str(exc.strerror),
        ) from None
    return listening


def _safe(url: str) -> str:
    """The database URL without its password, for printing."""
    scheme, sep, rest = url.partition("://")
    credentials, at, location = rest.rpartition("@")
    if at and ":" in credentials:
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
    parser.add_argument(
        "--port", type=int, default=8000, help="port to listen on (0: any free port)"
    )
    parser.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="SQLAlchemy URL (default: sqlite file topsecret.sqlite3 here; "
        "postgresql+psycopg://user@host/db works the same)",
    )
    parser.add_argument(
        "--exempt",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="client address the per-client limits and quotas do not apply to "
        "(a load test on loopback); repeatable",
    )
    parser.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="redis://host:6379: share a PostgreSQL database with other processes "
        "(table leases and relayed sockets through Redis)",
    )
    parser.add_argument(
        "--lease-seconds",
        type=float,
        default=None,
        help="with --redis: how long a dead process's tables wait before another takes them "
        "(1 to 300; default 10)",
    )
    parser.add_argument(
        "--log-level",
        choices=("debug", "info", "warning", "error"),
        default="info",
        help="what goes to standard error: info names every table set up, finished, closed "
        "or resumed; debug adds every request (default: info)",
    )
    args = parser.parse_args(argv)
    if args.lease_seconds is not None and args.redis is None:
        parser.exit(2, "error: --lease-seconds applies only with --redis\n")
    try:
        run(
            args.host,
            args.port,
            args.database,
            Limits(exempt=frozenset(args.exempt)),
            args.redis,
            10.0 if args.lease_seconds is None else args.lease_seconds,
            args.log_level,
        )
    except TopSecretError as exc:
        parser.exit(2, f"error: {exc}\n")
