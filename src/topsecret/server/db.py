"""Storage: tables, seats and the action log, in SQLite or PostgreSQL through SQLAlchemy 2.

The action log is the source of truth: a table is its game, player count, options and seed,
plus the ordered actions taken. Anything else the server holds in memory is rebuilt from it.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import functools
import os
import socket
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO, TypeVar

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from ..core import TopSecretError
from ..core.errors import N_

T = TypeVar("T")

DEFAULT_SQLITE_FILE = "topsecret.sqlite3"
MIGRATIONS = Path(__file__).with_name("migrations")


class OwnedElsewhere(TopSecretError, RuntimeError):
    """Another server process holds this database."""


#: The first key of the advisory lock a server holds on its PostgreSQL schema (the second is
#: the schema's name, hashed): "ts" in ASCII, so that no other program's lock is taken.
OWNER_LOCK = 0x7473


class Base(DeclarativeBase):
    """The tables of the server's database (SQLAlchemy's declarative base)."""


class TableRecord(Base):
    """A table: its game, options, settings, status and the seed it was dealt with."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: "waiting" for players, "playing", or "finished".
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    scores: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    #: A private table is never listed; its seats are taken only with its invite code.
    private: Mapped[bool] = mapped_column(default=False, server_default=false())
    #: SHA-256 of the invite code (private tables) and of the host's token (may close it).
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: SHA-256 of the creating client's address, for the per-client quota of live tables.
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    #: Why a "closed" table was closed (expired, abandoned, by its host, damaged).
    closed_reason: Mapped[str | None] = mapped_column(String(200), nullable=True)


class SeatRecord(Base):
    """One seat of a table: who holds it (a token's SHA-256, or a bot) and whether they are away."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The bot that plays this seat, or None for a person's seat.
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: SHA-256 of the seat's secret token; the token itself is never stored.
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: True when the player left a game in progress (a bot plays until they return).
    away: Mapped[bool] = mapped_column(default=False)


class ActionRecord(Base):
    """One action of a table's log, in order: replaying the log rebuilds the table."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The acting seat, or -1 for a tick of the server clock that changed a real-time game.
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: Game clock in seconds for real-time games (fed back through advance_time on replay).
    time: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)


class ChatRecord(Base):
    """One line of table talk, kept with the table and shown in its replay."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(400))
    #: Wall-clock time the line was said (seconds since the epoch).
    at: Mapped[float] = mapped_column(Float)


class RematchRecord(Base):
    """A finished table's rematch: set up once, found again after a restart."""

    __tablename__ = "rematches"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    #: The table the rematch is played at.
    rematch_id: Mapped[str] = mapped_column(String(32))
    #: The seats of the finished table that play it, in the rematch's seat order (all of
    #: them, or only the tied ones when the game's rules have tied players play again).
    seats: Mapped[list[int]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)


@dataclass(frozen=True, slots=True)
class SeatData:
    seat: int
    bot: str | None
    name: str | None
    token_hash: str | None
    away: bool


@dataclass(frozen=True, slots=True)
class LogRow:
    seq: int
    seat: int
    action: dict[str, Any] | None
    time: float | None


@dataclass(frozen=True, slots=True)
class TableData:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    settings: dict[str, Any]
    status: str
    created_at: float
    finished_at: float | None
    scores: list[float] | None
    seats: tuple[SeatData, ...]
    private: bool = False
    invite_hash: str | None = None
    host_hash: str | None = None
    creator: str | None = None
    closed_reason: str | None = None


def default_database_url(directory: Path | None = None) -> str:
    path = (directory or Path.cwd()) / DEFAULT_SQLITE_FILE
    return f"sqlite:///{path}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL with synchronous=NORMAL: a committed row survives the process being killed.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _json_text(value: Any) -> str:
    """A JSON column's value as SQLAlchemy's JSON type stores it (``None`` as JSON null)."""
    return orjson.dumps(value).decode()


#: The most rows one INSERT statement carries on PostgreSQL. A larger group (the database
#: stalled while actions queued) is stored as a transaction of several statements instead.
MAX_ROWS_PER_INSERT = 1000

#: The most rows an INSERT written out row by row carries: psycopg parses a statement's text
#: for its parameters once, but keeps what it found only for statements of at most 50
#: parameters (six a row), so a longer one was parsed again for every group, on the writer
#: thread, which holds the interpreter lock while it works. A larger group is one INSERT of
#: the same text whatever its number of rows (:data:`_INSERT_COLUMNS_SQL`).
MAX_ROWS_WRITTEN_OUT = 8

#: PostgreSQL: a group's rows in one INSERT, each column's values one array parameter, sent
#: in binary. Each row's JSON text becomes the column's JSON as ``CAST(text AS JSON)`` makes it.
_INSERT_COLUMNS_SQL = (
    f"INSERT INTO {ActionRecord.__tablename__} (table_id, seq, seat, action, time, created_at) "
    "SELECT * FROM unnest(%b::text[], %b::integer[], %b::integer[], %b::text[]::json[], "
    "%b::double precision[], %b::double precision[])"
)


def _insert_rows_sql(insert_one: str, count: int) -> str:
    """``insert_one`` (an INSERT of one row of values) made an INSERT of ``count`` rows."""
    head, _, values = insert_one.partition(" VALUES ")
    return f"{head} VALUES {', '.join([values] * count)}"


def _append_statements(engine: Engine) -> tuple[str, str]:
    """The driver's SQL for :meth:`Store.append_actions`: insert an action, finish a table."""
    mark = {"qmark": "?", "format": "%s", "pyformat": "%s"}.get(engine.dialect.paramstyle)
    if mark is None:  # the server runs on SQLite (sqlite3) or PostgreSQL (psycopg)
        raise ValueError(f"database driver {engine.dialect.driver!r} is not supported")
    as_json = mark if engine.dialect.name == "sqlite" else f"CAST({mark} AS JSON)"
    actions, tables = ActionRecord.__tablename__, TableRecord.__tablename__
    return (
        f"INSERT INTO {actions} (table_id, seq, seat, action, time, created_at) "
        f"VALUES ({mark}, {mark}, {mark}, {as_json}, {mark}, {mark})",
        f"UPDATE {tables} SET status = 'finished', finished_at = {mark}, scores = {as_json} "
        f"WHERE id = {mark}",
    )


def _columns(rows: Sequence[tuple[Any, ...]]) -> list[list[Any]]:
    """Rows of (table, seq, seat, action JSON, time, created) as one list per column, the
    times as floats (an array's values share one type)."""
    return [
        [row[0] for row in rows],
        [row[1] for row in rows],
        [row[2] for row in rows],
        [row[3] for row in rows],
        [None if row[4] is None else float(row[4]) for row in rows],
        [float(row[5]) for row in rows],
    ]


def migrate(engine: Engine) -> None:
    """Bring the schema up to date with the Alembic migrations shipped in this package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Several processes may start at once on one database: one migrates at a time.
            connection.exec_driver_sql("SELECT pg_advisory_xact_lock(7311515)")
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _table_data(record: TableRecord, seats: Sequence[SeatRecord]) -> TableData:
    return TableData(
        id=record.id,
        game=record.game,
        players=record.players,
        seed=record.seed,
        options=dict(record.options),
        settings=dict(record.settings),
        status=record.status,
        created_at=record.created_at,
        finished_at=record.finished_at,
        scores=list(record.scores) if record.scores is not None else None,
        seats=tuple(
            SeatData(s.seat, s.bot, s.name, s.token_hash, s.away)
            for s in sorted(seats, key=lambda s: s.seat)
        ),
        private=bool(record.private),
        invite_hash=record.invite_hash,
        host_hash=record.host_hash,
        creator=record.creator,
        closed_reason=record.closed_reason,
    )


class Store:
    """Every read and write the server makes; one short transaction each."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._insert_action_sql, self._finish_table_sql = _append_statements(self.engine)
        # Group commits on PostgreSQL take connections of their own, in autocommit and
        # without the pool's ping: the usual case (no game ended) is then one INSERT of all
        # the rows, a transaction by itself, in one round trip to the database, where the
        # shared pool's ping, the INSERT and the COMMIT took three. Each round trip cost the
        # writer thread about 130 µs of CPU here and a wait for the interpreter lock after
        # it, which the event loop holds under load.
        self._append_engine = (
            create_engine(url, isolation_level="AUTOCOMMIT", pool_size=2)
            if self.engine.dialect.name == "postgresql"
            else None
        )
        self._owner: TextIO | None = None
        #: The connection holding this process's advisory lock on PostgreSQL.
        self._pg_owner: Any = None
        # Writes run here, off the event loop: one thread for SQLite (it has one writer at a
        # time anyway, and a locked file then holds up writes only, never the server), a few
        # for PostgreSQL.
        self._writer = ThreadPoolExecutor(
            max_workers=1 if url.startswith("sqlite") else 4, thread_name_prefix="topsecret-db"
        )
        #: Actions waiting for the next group commit (event-loop side), and whether one runs.
        self._pending: list[tuple[str, LogRow, list[float] | None, asyncio.Future[None]]] = []
        self._committing = False
        #: Group commits made and actions they stored (work counts for the load benchmark).
        self.group_commits = 0
        self.grouped_actions = 0

    async def write(self, call: Callable[..., T], *args: Any) -> T:
        """Run a write on the writer thread and wait for it (the caller's table stays
        locked meanwhile, so its frames still wait for the commit)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._writer, functools.partial(call, *args))

    async def append(self, table_id: str, row: LogRow, finished: list[float] | None) -> None:
        """Commit one action (see :meth:`append_action`), grouped with the actions of other
        tables that arrive meanwhile: while one transaction runs on the writer thread, the
        next ones queue and are stored together in one transaction when it ends. Each
        caller still waits for its own row's commit, so "commit before telling" holds; a
        row the database refuses fails alone (the group is tried again row by row).

        Before, every action was a transaction of its own and a hop to the writer thread:
        under load the hops queued behind one another (and behind the event loop for the
        GIL), and each action waited for every earlier commit in turn."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((table_id, row, finished, done))
        self._start_group(loop)
        await done

    def _start_group(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._committing or not self._pending:
            return
        group, self._pending = self._pending, []
        self._committing = True
        items = [(table_id, row, finished) for table_id, row, finished, _ in group]
        running = loop.run_in_executor(self._writer, self._commit_group, items)

        def finished(outcome: asyncio.Future[list[BaseException | None]]) -> None:
            self._committing = False
            try:
                errors = outcome.result()
            except BaseException as exc:  # the thread itself failed: every row did
                errors = [exc] * len(group)
            for (_, _, _, waiter), error in zip(group, errors, strict=True):
                if waiter.done():
                    continue
                if error is None:
                    waiter.set_result(None)
                else:
                    waiter.set_exception(error)
            self._start_group(loop)

        running.add_done_callback(finished)

    def _commit_group(
        self, items: list[tuple[str, LogRow, list[float] | None]]
    ) -> list[BaseException | None]:
        """On the writer thread: one transaction for the group, or row by row if refused."""
        self.group_commits += 1
        self.grouped_actions += len(items)
        if len(items) > 1:
            try:
                self.append_actions(items)
                return [None] * len(items)
            except Exception:
                pass  # find the row at fault: each alone, in its own transaction
        errors: list[BaseException | None] = []
        for table_id, row, finished in items:
            try:
                self.append_action(table_id, row, finished)
                errors.append(None)
            except Exception as exc:
                errors.append(exc)
        return errors

    async def read(self, call: Callable[..., T], *args: Any) -> T:
        """Run a read in a worker thread (WAL lets it go on beside the writer)."""
        return await asyncio.to_thread(call, *args)

    def migrate(self) -> None:
        migrate(self.engine)

    def close(self) -> None:
        self._writer.shutdown(wait=True)
        self.engine.dispose()
        if self._append_engine is not None:
            self._append_engine.dispose()
        self.release_ownership()

    @property
    def sqlite_file(self) -> Path | None:
        """The database file, for SQLite; None for other databases or in-memory SQLite."""
        url = make_url(self.url)
        if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
            return None
        return Path(str(url.database))

    def take_ownership(self, shared: bool = False) -> None:
        """Make this process the only server on its database, or one of a group that shares
        it (``shared``: the processes joined by ``--redis``), or say who holds it.

        Two servers that each think they alone serve a database would both resume and drive
        the same tables. On SQLite (one process only) the lock is an exclusive ``flock`` on
        ``<file>.lock``, which the kernel releases when the process ends, however it ends. On
        PostgreSQL it is a session advisory lock on the schema the tables live in
        (:meth:`_lock_postgres`): exclusive for a process alone, shared by a group.
        """
        if self.engine.dialect.name == "postgresql":
            self._lock_postgres(shared)
            return
        path = self.sqlite_file
        if path is None or self._owner is not None:
            return
        # The lock sits beside the file itself: through a symbolic link, or a path spelled
        # another way, a second server would otherwise lock a name of its own.
        path = path.resolve()
        lock_path = path.with_name(path.name + ".lock")
        handle = open(lock_path, "a+")  # noqa: SIM115 - held open for the process's life
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            written = handle.read().strip()
            handle.close()
            raise OwnedElsewhere.of(
                N_(
                    "another server ({holder}) is already using {path}: stop it first, or give "
                    "this one its own --database (several processes share one database only on "
                    "PostgreSQL with --redis)"
                ),
                holder=written or (N_("another process"), {}),
                path=str(path),
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()} on {socket.gethostname()}")
        handle.flush()
        self._owner = handle

    def _lock_postgres(self, shared: bool) -> None:
        """Hold PostgreSQL's advisory lock on this schema for as long as the process lives:
        a connection of its own keeps it, and the server drops it when that connection ends,
        however the process ends. A process alone takes it exclusively, a process of a group
        (``--redis``) shares it, so a group and a process alone never serve one schema."""
        if self._pg_owner is not None:
            return
        connection = self.engine.raw_connection()
        connection.detach()  # held for the process's life, outside the pool
        cursor = connection.cursor()

        def attempt(mode: str) -> bool:
            cursor.execute(
                f"SELECT pg_try_advisory_lock{mode}({OWNER_LOCK}, hashtext(current_schema()))"
            )
            row = cursor.fetchone()
            connection.commit()  # a session lock outlives the transaction
            return bool(row and row[0])

        if attempt("_shared" if shared else ""):
            self._pg_owner = connection
            return
        # Who holds it: a group (a shared lock is still granted) or a process alone.
        group = not shared and attempt("_shared")
        connection.close()  # and with it the lock just tried
        if shared:
            raise OwnedElsewhere.of(
                N_(
                    "another server is using this database alone (without --redis): stop it "
                    "first, or start it with --redis too"
                )
            )
        if group:
            raise OwnedElsewhere.of(
                N_(
                    "a group of servers joined by --redis is using this database: start this "
                    "one with the same --redis to join them"
                )
            )
        raise OwnedElsewhere.of(
            N_(
                "another server is already using this database: stop it first (several "
                "processes share one database only with --redis)"
            )
        )

    def release_ownership(self) -> None:
        if self._pg_owner is not None:
            with contextlib.suppress(Exception):
                self._pg_owner.close()
            self._pg_owner = None
        if self._owner is not None:
            fcntl.flock(self._owner, fcntl.LOCK_UN)
            self._owner.close()
            self._owner = None

    def checkpoint(self) -> None:
        """Move the WAL's pages into the database file and empty the WAL (SQLite; a clean
        stop calls it, so the file alone holds everything)."""
        if self.sqlite_file is None:
            return
        with self.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")

    def backup(self, target: Path) -> None:
        """A consistent copy of a SQLite database into ``target`` with SQLite's backup API,
        safe while the server writes (PostgreSQL: use pg_dump, see docs/server.md)."""
        source = self.sqlite_file
        if source is None:
            raise ValueError(
                "backup copies SQLite files; for PostgreSQL use pg_dump (docs/server.md)"
            )
        if not source.exists():
            raise FileNotFoundError(f"there is no database at {source}")
        if target.exists():
            raise FileExistsError(f"{target} exists already: choose a new file")
        # Written beside the target and renamed once whole: a failed copy (a source that is
        # no database, a full disk) leaves no file behind, not an empty one in the way.
        partial = target.with_name(f".{target.name}.partial")
        try:
            with (
                closing(sqlite3.connect(source)) as src,
                closing(sqlite3.connect(partial)) as dst,
            ):
                src.execute("PRAGMA busy_timeout=5000")
                src.backup(dst)
            partial.replace(target)
        finally:
            partial.unlink(missing_ok=True)

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    def create_table(self, table: TableData) -> None:
        with self._session() as session:
            session.add(
                TableRecord(
                    id=table.id,
                    game=table.game,
                    players=table.players,
                    seed=table.seed,
                    options=table.options,
                    settings=table.settings,
                    status=table.status,
                    created_at=table.created_at,
                    finished_at=None,
                    scores=None,
                    private=table.private,
                    invite_hash=table.invite_hash,
                    host_hash=table.host_hash,
                    creator=table.creator,
                )
            )
            session.flush()  # the table row must exist before its seats refer to it
            for seat in table.seats:
                session.add(
                    SeatRecord(
                        table_id=table.id,
                        seat=seat.seat,
                        bot=seat.bot,
                        name=seat.name,
                        token_hash=seat.token_hash,
                        away=seat.away,
                    )
                )

    def update_seat(self, table_id: str, seat: SeatData, status: str | None = None) -> None:
        with self._session() as session:
            session.execute(
                update(SeatRecord)
                .where(SeatRecord.table_id == table_id, SeatRecord.seat == seat.seat)
                .values(name=seat.name, token_hash=seat.token_hash, away=seat.away, bot=seat.bot)
            )
            if status is not None:
                session.execute(
                    update(TableRecord).where(TableRecord.id == table_id).values(status=status)
                )

    def append_action(
        self,
        table_id: str,
        row: LogRow,
        finished: list[float] | None = None,
    ) -> None:
        """Commit one action (and the end of the game, if it ended) in one transaction."""
        self.append_actions([(table_id, row, finished)])

    def append_actions(self, items: Sequence[tuple[str, LogRow, list[float] | None]]) -> None:
        """Commit several tables' actions (and games that ended) in one transaction.

        Every action at every table comes through here, so the rows go straight to the
        database's driver, as SQLAlchemy would send them (JSON as text) but without its
        statement and value processing, which took about half of the writer thread's time.
        """
        now = time.time()
        rows = [
            (table_id, row.seq, row.seat, _json_text(row.action), row.time, now)
            for table_id, row, _ in items
        ]
        ended = [
            (now, _json_text(scores), table_id)
            for table_id, _, scores in items
            if scores is not None
        ]
        engine = self._append_engine or self.engine
        connection = engine.raw_connection()
        try:
            cursor = connection.cursor()
            try:
                if (
                    self._append_engine is not None
                    and not ended
                    and len(rows) <= MAX_ROWS_PER_INSERT
                ):
                    # Autocommit: the one statement is the transaction.
                    if len(rows) <= MAX_ROWS_WRITTEN_OUT:
                        flat = [value for row in rows for value in row]
                        cursor.execute(_insert_rows_sql(self._insert_action_sql, len(rows)), flat)
                    else:
                        cursor.execute(_INSERT_COLUMNS_SQL, _columns(rows))
                else:
                    if self._append_engine is not None:
                        cursor.execute("BEGIN")  # autocommit: a transaction of several
                    cursor.executemany(self._insert_action_sql, rows)
                    for values in ended:
                        cursor.execute(self._finish_table_sql, values)
                    connection.commit()
            finally:
                cursor.close()
        except BaseException as exc:
            driver_error = engine.dialect.loaded_dbapi.Error
            with contextlib.suppress(driver_error):  # a connection that is gone has no transaction
                connection.rollback()
            if isinstance(exc, driver_error):
                if engine.dialect.is_disconnect(exc, connection.dbapi_connection, None):
                    # Without the pool's ping, a connection the database dropped is found
                    # here: it is not handed out again.
                    connection.invalidate(exc)
                # Raised as SQLAlchemy raises it (IntegrityError, OperationalError...), as
                # every other write of the store does.
                raise DBAPIError.instance(self._insert_action_sql, None, exc, driver_error) from exc
            raise
        finally:
            connection.close()

    def close_table(self, table_id: str, reason: str) -> None:
        """Mark a table closed (it is no longer resumed or listed) and say why."""
        with self._session() as session:
            session.execute(
                update(TableRecord)
                .where(TableRecord.id == table_id)
                .values(status="closed", closed_reason=reason[:200], finished_at=time.time())
            )

    def mark_damaged(self, table_id: str, reason: str) -> None:
        """Quarantine a table whose log cannot be replayed (it is no longer resumed)."""
        with self._session() as session:
            session.execute(
                update(TableRecord)
                .where(TableRecord.id == table_id)
                .values(status="damaged", closed_reason=reason[:200])
            )

    def load_table(self, table_id: str) -> TableData | None:
        with self._session() as session:
            record = session.get(TableRecord, table_id)
            if record is None:
                return None
            seats = session.scalars(select(SeatRecord).where(SeatRecord.table_id == table_id)).all()
            return _table_data(record, seats)

    def load_log(self, table_id: str) -> list[LogRow]:
        with self._session() as session:
            rows = session.scalars(
                select(ActionRecord)
                .where(ActionRecord.table_id == table_id)
                .order_by(ActionRecord.seq)
            ).all()
            return [LogRow(r.seq, r.seat, r.action, r.time) for r in rows]

    def unfinished_table_ids(self) -> list[str]:
        with self._session() as session:
            return list(
                session.scalars(
                    select(TableRecord.id)
                    .where(TableRecord.status.in_(("waiting", "playing")))
                    .order_by(TableRecord.created_at)
                ).all()
            )

    def recent_tables(
        self,
        status: str,
        limit: int,
        offset: int = 0,
        game: str | None = None,
        players: int | None = None,
    ) -> list[TableData]:
        """Public tables with this status, newest first (private ones are never listed)."""
        with self._session() as session:
            query = select(TableRecord).where(
                TableRecord.status == status, TableRecord.private == false()
            )
            if game is not None:
                query = query.where(TableRecord.game == game)
            if players is not None:
                query = query.where(TableRecord.players == players)
            records = session.scalars(
                query.order_by(TableRecord.created_at.desc()).offset(offset).limit(limit)
            ).all()
            ids = [r.id for r in records]
            seats = session.scalars(select(SeatRecord).where(SeatRecord.table_id.in_(ids))).all()
            by_table: dict[str, list[SeatRecord]] = {}
            for seat in seats:
                by_table.setdefault(seat.table_id, []).append(seat)
            return [_table_data(r, by_table.get(r.id, [])) for r in records]

    def count_tables(self, status: str, game: str | None = None, players: int | None = None) -> int:
        with self._session() as session:
            query = (
                select(func.count())
                .select_from(TableRecord)
                .where(TableRecord.status == status, TableRecord.private == false())
            )
            if game is not None:
                query = query.where(TableRecord.game == game)
            if players is not None:
                query = query.where(TableRecord.players == players)
            return int(session.scalar(query) or 0)

    def count_live_by_creator(self, creator: str) -> int:
        """Unfinished tables one client created (for its quota, across processes)."""
        with self._session() as session:
            query = (
                select(func.count())
                .select_from(TableRecord)
                .where(
                    TableRecord.creator == creator,
                    TableRecord.status.in_(("waiting", "playing")),
                )
            )
            return int(session.scalar(query) or 0)

    def count_actions(self, table_id: str) -> int:
        with self._session() as session:
            return int(
                session.scalar(
                    select(func.count())
                    .select_from(ActionRecord)
                    .where(ActionRecord.table_id == table_id)
                )
                or 0
            )

    def append_chat(self, table_id: str, seat: int, name: str, text: str, at: float) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                insert(ChatRecord),
                {"table_id": table_id, "seat": seat, "name": name, "text": text, "at": at},
            )

    def load_chat(self, table_id: str) -> list[dict[str, Any]]:
        """The table's talk, oldest first: seat, name, text and wall-clock time of each line."""
        with self._session() as session:
            rows = session.scalars(
                select(ChatRecord).where(ChatRecord.table_id == table_id).order_by(ChatRecord.id)
            ).all()
            return [{"seat": r.seat, "name": r.name, "text": r.text, "at": r.at} for r in rows]

    def save_rematch(self, table_id: str, rematch_id: str, seats: list[int]) -> bool:
        """Link a finished table to its rematch; False when it has one already (another
        request or process set it up first: :meth:`load_rematch` says which)."""
        try:
            with self._session() as session:
                session.add(
                    RematchRecord(
                        table_id=table_id,
                        rematch_id=rematch_id,
                        seats=list(seats),
                        created_at=time.time(),
                    )
                )
        except IntegrityError:
            return False
        return True

    def load_rematch(self, table_id: str) -> tuple[str, list[int]] | None:
        """The rematch of a finished table (its id and the old seats that play it), or None."""
        with self._session() as session:
            record = session.get(RematchRecord, table_id)
            if record is None:
                return None
            return record.rematch_id, [int(s) for s in record.seats]

    def delete_table(self, table_id: str) -> None:
        with self._session() as session:
            session.execute(delete(RematchRecord).where(RematchRecord.table_id == table_id))
            session.execute(delete(ChatRecord).where(ChatRecord.table_id == table_id))
            session.execute(delete(ActionRecord).where(ActionRecord.table_id == table_id))
            session.execute(delete(SeatRecord).where(SeatRecord.table_id == table_id))
            session.execute(delete(TableRecord).where(TableRecord.id == table_id))


__all__ = [
    "Connection",
    "LogRow",
    "SeatData",
    "Store",
    "TableData",
    "default_database_url",
    "make_engine",
    "migrate",
]
