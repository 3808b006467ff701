"""Storage: tables, seats and the action log, in SQLite or PostgreSQL through SQLAlchemy 2.

The action log is the source of truth: a table is its game, player count, options and seed,
plus the ordered actions taken. Anything else the server holds in memory is rebuilt from it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

DEFAULT_SQLITE_FILE = "topsecret.sqlite3"
MIGRATIONS = Path(__file__).with_name("migrations")


class Base(DeclarativeBase):
    pass


class TableRecord(Base):
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


class SeatRecord(Base):
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


_INSERT_ACTION = insert(ActionRecord)


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


def migrate(engine: Engine) -> None:
    """Bring the schema up to date with the Alembic migrations shipped in this package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
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
    )


class Store:
    """Every read and write the server makes; one short transaction each."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def migrate(self) -> None:
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

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
        """Commit one action (and the end of the game, if it ended) in one transaction.

        This runs for every action at every table, so it uses plain inserts, not the ORM.
        """
        now = time.time()
        with self.engine.begin() as connection:
            connection.execute(
                _INSERT_ACTION,
                {
                    "table_id": table_id,
                    "seq": row.seq,
                    "seat": row.seat,
                    "action": row.action,
                    "time": row.time,
                    "created_at": now,
                },
            )
            if finished is not None:
                connection.execute(
                    update(TableRecord)
                    .where(TableRecord.id == table_id)
                    .values(status="finished", finished_at=now, scores=finished)
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
                    .where(TableRecord.status != "finished")
                    .order_by(TableRecord.created_at)
                ).all()
            )

    def recent_tables(self, status: str, limit: int) -> list[TableData]:
        with self._session() as session:
            records = session.scalars(
                select(TableRecord)
                .where(TableRecord.status == status)
                .order_by(TableRecord.created_at.desc())
                .limit(limit)
            ).all()
            ids = [r.id for r in records]
            seats = session.scalars(select(SeatRecord).where(SeatRecord.table_id.in_(ids))).all()
            by_table: dict[str, list[SeatRecord]] = {}
            for seat in seats:
                by_table.setdefault(seat.table_id, []).append(seat)
            return [_table_data(r, by_table.get(r.id, [])) for r in records]

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

    def delete_table(self, table_id: str) -> None:
        with self._session() as session:
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
