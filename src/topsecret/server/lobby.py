"""The lobby: creating, listing, joining and leaving tables, and resuming them at start."""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any

from ..bots import bot_names, check_bot_name
from ..core import Game, InvalidOptions, UnknownName
from ..core.errors import DataFileError
from ..games import game_ids, get_game
from .db import SeatData, Store, TableData
from .messages import CreateTable, JoinTable
from .tables import TableError, TableRuntime, hash_token, new_token

log = logging.getLogger("topsecret.server")

#: Finished tables kept in memory for their end screens before they are dropped.
FINISHED_KEPT = 200
#: Unfinished tables one server holds at most (a bound on memory, not a rule of any game).
MAX_LIVE_TABLES = 5000


class Lobby:
    """All live tables of one server, backed by a :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, TableRuntime] = {}

    def resume(self) -> int:
        """Rebuild every unfinished table by replaying its stored log; returns how many."""
        count = 0
        for table_id in self.store.unfinished_table_ids():
            try:
                self._load(table_id)
                count += 1
            except Exception:
                log.exception("table %s could not be resumed", table_id)
        return count

    def _load(self, table_id: str) -> TableRuntime | None:
        data = self.store.load_table(table_id)
        if data is None:
            return None
        runtime = TableRuntime(data, get_game(data.game), self.store)
        runtime.replay(self.store.load_log(table_id))
        self.tables[table_id] = runtime
        return runtime

    def start_tasks(self) -> None:
        """Restart bots, timers and clocks of resumed tables (needs the running loop)."""
        for runtime in self.tables.values():
            runtime.resume_tasks()

    def get(self, table_id: str) -> TableRuntime | None:
        runtime = self.tables.get(table_id)
        if runtime is None and len(table_id) <= 32:
            runtime = self._load(table_id)
            self._forget_old_finished()
        return runtime

    def _forget_old_finished(self) -> None:
        finished = [t for t in self.tables.values() if t.status == "finished" and not t.connections]
        finished.sort(key=lambda t: t.created_at)
        for runtime in finished[: max(0, len(finished) - FINISHED_KEPT)]:
            runtime.close()
            del self.tables[runtime.id]

    def create(self, request: CreateTable) -> tuple[TableRuntime, int | None, str | None]:
        """A new table; the creator takes the first person seat if they gave a name."""
        if sum(1 for t in self.tables.values() if t.status != "finished") >= MAX_LIVE_TABLES:
            raise TableError("this server is full: try again when some games have finished")
        try:
            game = get_game(request.game)
        except UnknownName as exc:
            raise TableError(str(exc)) from None
        for spec in game.option_specs:
            # Some text options may name a file on the server, such as a custom map: the host
            # may use such files from the command line, browsers only the listed values.
            given = request.options.get(spec.name, spec.default)
            if not spec.safe_for_remote(given):
                listed = ", ".join(repr(v) for v in (spec.default, *(spec.suggestions or ())))
                raise TableError(
                    f"option '{spec.name}' may name a file on the server, so from the browser "
                    f"it takes only {listed}"
                )
        try:
            game.check_players(request.players)
            options = game.resolve_options(request.options)
            # Some options are only understood when the table is set up (a list of seats,
            # a board's file): set one up now, so a bad value is refused before it is stored.
            game.new_state(request.players, options, seed=0)
        except (InvalidOptions, DataFileError) as exc:
            raise TableError(str(exc)) from None
        seats = request.seats if request.seats is not None else [None] * request.players
        if len(seats) != request.players:
            raise TableError(f"give one entry per seat: {request.players} seats, {len(seats)}")
        for bot in [*seats, request.settings.takeover_bot]:
            if bot is not None:
                try:
                    check_bot_name(game, bot)
                except UnknownName as exc:
                    raise TableError(str(exc)) from None
        token: str | None = None
        seat_rows = [SeatData(i, bot, bot, None, False) for i, bot in enumerate(seats)]
        creator: int | None = None
        if request.name is not None:
            creator = next((i for i, bot in enumerate(seats) if bot is None), None)
            if creator is None:
                raise TableError("every seat is a bot: there is no seat for you")
            token = new_token()
            seat_rows[creator] = SeatData(creator, None, request.name, hash_token(token), False)
        status = (
            "playing" if all(s.bot is not None or s.token_hash for s in seat_rows) else "waiting"
        )
        data = TableData(
            id=secrets.token_urlsafe(9),
            game=game.id,
            players=request.players,
            seed=secrets.randbits(62),
            options=dict(options),
            settings=request.settings.model_dump(),
            status=status,
            created_at=time.time(),
            finished_at=None,
            scores=None,
            seats=tuple(seat_rows),
        )
        self.store.create_table(data)
        runtime = TableRuntime(data, game, self.store)
        self.tables[data.id] = runtime
        runtime.schedule_next()
        return runtime, creator, token

    def join(self, table_id: str, request: JoinTable) -> tuple[int, str]:
        runtime = self.get(table_id)
        if runtime is None:
            raise TableError(f"no table {table_id!r}")
        return runtime.claim(request.name, request.seat)

    def leave(self, table_id: str, token: str) -> None:
        runtime = self.get(table_id)
        if runtime is None:
            raise TableError(f"no table {table_id!r}")
        seat = runtime.authenticate(token)
        if seat is None:
            raise TableError("a spectator holds no seat to leave")
        runtime.leave(seat)

    def listing(self, finished_limit: int = 20) -> dict[str, Any]:
        live = sorted(
            (t for t in self.tables.values() if t.status != "finished"),
            key=lambda t: -t.created_at,
        )
        finished = self.store.recent_tables("finished", finished_limit)
        return {
            "open": [t.info().model_dump() for t in live if t.status == "waiting"],
            "playing": [t.info().model_dump() for t in live if t.status == "playing"],
            "finished": [
                {
                    "id": d.id,
                    "game": d.game,
                    "players": d.players,
                    "scores": d.scores,
                    "finished_at": d.finished_at,
                    "names": [s.name for s in d.seats],
                }
                for d in finished
            ],
        }

    def close(self) -> None:
        for runtime in self.tables.values():
            runtime.close()


def describe_games() -> list[dict[str, Any]]:
    """Every game this installation can run, with its options and bots."""
    out = []
    for game_id in game_ids():
        try:
            game = get_game(game_id)
        except ImportError:
            log.warning("game %s is registered but cannot be imported", game_id)
            continue
        out.append(describe_game(game))
    return out


def describe_game(game: Game) -> dict[str, Any]:
    entry = game.describe()
    entry["bots"] = bot_names(game)
    return entry
