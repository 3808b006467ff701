"""The ``topsecret serve`` command: the multiplayer server and its web client; and
``topsecret backup``. Their help and messages follow the locale, like the other commands'."""

from __future__ import annotations

import enum
import errno
import os
import sqlite3
from pathlib import Path
from typing import Annotated

import typer

from .core import TopSecretError
from .i18n import N_, locale_translator


def _(message: str) -> str:
    return locale_translator().gettext(message)


SERVE_HELP = _(
    "Start the server: open the printed address, set up a table, invite friends or add bots."
)
BACKUP_HELP = _(
    "Copy the server's SQLite database consistently, even while it runs (PostgreSQL: pg_dump)."
)


class LogLevel(enum.StrEnum):
    """How much ``serve`` logs, as :mod:`logging` names its levels."""

    debug = "debug"
    info = "info"
    warning = "warning"
    error = "error"


def database_url(database: str | None) -> str | None:
    """``--database`` as the storage takes it: a URL (``scheme://...``) as given, anything
    else the path of an SQLite file, made absolute."""
    if database is None or "://" in database:
        return database
    return f"sqlite:///{Path(database).expanduser().absolute()}"


def serve(
    host: Annotated[
        str, typer.Option(help=_("Address to listen on (0.0.0.0 for your network)."))
    ] = ("127.0.0.1"),
    port: Annotated[int, typer.Option(help=_("Port to listen on (0: any free port)."))] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help=_(
                "The storage: the path of an SQLite file, or an SQLAlchemy URL "
                "(postgresql+psycopg://user@host/db). Default: the SQLite file "
                "topsecret.sqlite3 in this directory."
            ),
            metavar="FILE|URL",
        ),
    ] = None,
    exempt: Annotated[
        list[str] | None,
        typer.Option(
            help=_(
                "Client address the per-client limits and quotas do not apply to (a load "
                "test on loopback). Repeatable."
            ),
            metavar="ADDRESS",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            help=_(
                "redis://host:6379: share a PostgreSQL --database with other server processes "
                "(table leases and relayed sockets through Redis). Needs the scale extra."
            ),
            metavar="URL",
        ),
    ] = None,
    lease_seconds: Annotated[
        float | None,
        typer.Option(
            help=_(
                "With --redis: seconds before a dead process's tables are taken over "
                "(1 to 300; default 10)."
            )
        ),
    ] = None,
    log_level: Annotated[
        LogLevel,
        typer.Option(
            help=_(
                "What the server writes to standard error: info names every table set up, "
                "finished, closed or resumed; debug adds every request."
            ),
            case_sensitive=False,
        ),
    ] = LogLevel.info,
) -> None:
    """Start the server: open the printed address, set up a table, invite friends or add bots."""
    try:
        from .server import Limits, run
    except ImportError as exc:
        raise TopSecretError(
            _(
                "the server needs its extra ({module} is missing): pip install -e '.[server]'"
            ).format(module=exc.name)
        ) from None
    if lease_seconds is not None and redis is None:
        raise TopSecretError(_("--lease-seconds applies only with --redis"))
    run(
        host,
        port,
        database_url(database),
        Limits(exempt=frozenset(exempt or ())),
        redis,
        10.0 if lease_seconds is None else lease_seconds,
        log_level.value,
    )


def _check_backup_target(file: Path) -> None:
    """The copy's folder exists and can be written to, or a one-line error says why not."""
    folder = file.parent
    if not folder.is_dir():
        reason = os.strerror(errno.ENOTDIR if folder.exists() else errno.ENOENT)
    elif not os.access(folder, os.W_OK | os.X_OK):
        reason = os.strerror(errno.EACCES)
    else:
        return
    raise TopSecretError.of(N_("cannot write {path}: {reason}"), path=str(file), reason=reason)


def backup(
    file: Annotated[Path, typer.Argument(help=_("The new file to write the copy to."))],
    database: Annotated[
        str | None,
        typer.Option(
            help=_(
                "The SQLite storage: the path of its file, or its SQLAlchemy URL "
                "(sqlite:///...). Default: topsecret.sqlite3 here."
            ),
            metavar="FILE|URL",
        ),
    ] = None,
) -> None:
    """Copy the server's SQLite database consistently, even while it runs (PostgreSQL: pg_dump)."""
    try:
        from .server.db import Store, default_database_url
    except ImportError as exc:
        raise TopSecretError(
            _(
                "backup needs the server's extra ({module} is missing): pip install -e '.[server]'"
            ).format(module=exc.name)
        ) from None
    from sqlalchemy.exc import ArgumentError

    _check_backup_target(file)
    url = database_url(database) or default_database_url()
    try:
        store = Store(url)
    except ArgumentError as exc:
        raise TopSecretError.of(
            N_("cannot use the database {database}: {reason}"), database=url, reason=str(exc)
        ) from None
    try:
        store.backup(file)
    except (ValueError, OSError, sqlite3.Error) as exc:
        raise TopSecretError(str(exc)) from None
    finally:
        store.close()
    typer.echo(_("backed up {database} to {file}").format(database=store.sqlite_file, file=file))
