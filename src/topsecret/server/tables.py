"""One table in play: the engine state, its seats, its connections, bots and clocks.

Every change goes through :meth:`TableRuntime._act`: the engine applies the action, the
store commits it, and only then does anyone hear of it. Each connection receives a frame
built from its own seat's observation and the events that seat may see, nothing else.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import orjson

from ..arena.match import bot_seeds
from ..bots import make_bot
from ..core import (
    TICK_SECONDS,
    Action,
    Bot,
    Event,
    Game,
    IllegalAction,
    SeatView,
    State,
    TopSecretError,
    public,
    tick_order,
)
from ..core.errors import N_
from ..i18n import (
    ENGLISH,
    GameText,
    Translator,
    game_text,
    is_translated,
    message_text,
    reason_text,
)
from .db import LogRow, SeatData, Store, TableData
from .history import TableHistory
from .limits import Limits
from .messages import (
    ChatFrame,
    ChatLine,
    ErrorFrame,
    SeatInfo,
    TableInfo,
    TableSettings,
)

log = logging.getLogger("topsecret.server")

#: Frames queued for one slow connection before it is dropped.
MAX_QUEUED_FRAMES = 512
#: WebSocket close code when this process's copy of a table is no longer the one in play (its
#: owner changed, or another process wrote its log): reconnect.
CLOSE_MOVED = 1012
#: WebSocket close code sent when a table is closed (expired, abandoned, by its host).
CLOSE_TABLE_CLOSED = 4410
#: Legal-move entries kept per table and language; every game's action space is far smaller,
#: so this only bounds a game whose actions carry free values.
MAX_LEGAL_ENTRIES = 4096

#: The connection an action came from and its message's ``ref``: the update that action
#: causes acknowledges it on that connection.
Reply = tuple["Connection", int | None]

#: Pause before a bot, a timer or the clock tries again after storage refused a write.
STORAGE_RETRY_SECONDS = 1.0


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


#: What a frame carries instead of a whole view: the top-level keys whose values changed,
#: with their new values, and the keys gone.
ViewChanges = tuple[dict[str, Any], list[str]]
_ABSENT = object()


def view_changes(held: Mapping[str, Any], view: Mapping[str, Any]) -> ViewChanges:
    """What differs between the view a reader holds and the next one, key by key.

    Games keep the same objects for the parts of their views that did not change, so most
    keys are settled by identity; only a part built again is compared by value, and one
    built equal is not sent. An equal value of another type is sent (``1 == True``, but
    their JSON differs).
    """
    changed: dict[str, Any] = {}
    for key, value in view.items():
        before = held.get(key, _ABSENT)
        if value is before or (value == before and type(value) is type(before)):
            continue
        changed[key] = value
    removed = [key for key in held if key not in view]
    return changed, removed


class TableError(TopSecretError):
    """A request the table cannot honour (full, unknown seat, wrong token...)."""


class InvalidRequest(TableError):
    """A request whose content the server cannot take (an unknown game or bot, a bad option,
    a wrong count of players or seats): HTTP answers it with 422, where a request the
    table's state refuses (a seat taken, a table closed) gets 409."""


class StorageError(TableError):
    """The database refused a write: nothing changed, in memory or in storage."""


def storage_failure(exc: BaseException) -> StorageError:
    """The player's message for a failed write, with the database's short reason."""
    reason = str(getattr(exc, "orig", None) or exc).splitlines()[0][:120] or type(exc).__name__
    return StorageError.of(
        N_("the server could not save this, so nothing changed ({reason})"), reason=reason
    )


def _always() -> bool:
    return True


def written_elsewhere(exc: BaseException) -> bool:
    """Whether a failed write was refused because the log already holds that action's
    place: another process served the table meanwhile (the database's integrity error on the
    action's key, whatever its driver), so the log in memory is no longer the table's."""
    error = getattr(exc, "orig", None) or exc
    return any(kind.__name__ == "IntegrityError" for kind in type(error).__mro__)


def out_of_touch() -> StorageError:
    """The refusal of a process that cannot tell whether it still holds its tables."""
    return StorageError.of(
        N_("this server is out of touch with the others for a moment: try again in a few seconds")
    )


class Connection:
    """One WebSocket (or test client) following a table as a seat or a spectator."""

    def __init__(self, seat: int | None, tr: Translator = ENGLISH) -> None:
        self.seat = seat
        #: The language of this connection's reader: its errors and notices are in it.
        self.tr = tr
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        #: The WebSocket close code used when the server ends this connection.
        self.close_code = 1000
        #: The observation this connection's client holds: its next frame carries only the
        #: parts that differ from it (None until its first frame, which carries it whole).
        self.view: dict[str, Any] | None = None
        #: The table info this connection's client holds (the object last sent): a frame
        #: carries ``table`` only when the info differs from it.
        self.table: dict[str, Any] | None = None

    def push(self, frame: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUED_FRAMES:
            # A client this far behind is gone; it will get a full frame when it reconnects.
            self.close()
            return
        self.queue.put_nowait(frame)

    def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.queue.put_nowait(None)


@dataclass(slots=True)
class SeatRuntime:
    seat: int
    bot: str | None
    name: str | None
    token_hash: str | None
    away: bool
    connections: int = 0
    away_task: asyncio.Task[None] | None = None

    @property
    def is_person(self) -> bool:
        return self.bot is None

    @property
    def is_open(self) -> bool:
        return self.bot is None and self.token_hash is None

    @property
    def bot_controlled(self) -> bool:
        return self.bot is not None or self.away

    def data(self) -> SeatData:
        return SeatData(self.seat, self.bot, self.name, self.token_hash, self.away)


class TableRuntime:
    """A live table. All mutation happens under ``self.lock`` on the server's event loop."""

    def __init__(self, data: TableData, game: Game, store: Store) -> None:
        self.id = data.id
        self.game = game
        self.store = store
        self.players = data.players
        self.seed = data.seed
        self.options = dict(data.options)
        self.settings = TableSettings.model_validate(data.settings)
        self.status = data.status
        self.created_at = data.created_at
        self.private = data.private
        self.invite_hash = data.invite_hash
        self.host_hash = data.host_hash
        self.creator = data.creator
        self.closed_reason = data.closed_reason
        #: Monotonic time since which no socket has been open here (None: one is open).
        self.unwatched_since: float | None = time.monotonic()
        self.realtime = game.play_style == "realtime"
        self.seats = [SeatRuntime(s.seat, s.bot, s.name, s.token_hash, s.away) for s in data.seats]
        self.state: State = game.new_state(data.players, data.options, data.seed)
        self.codec = game.codec(data.players)
        #: Public drawing data a game may offer its view (a map, a board), per reader
        #: language (see :meth:`assets`); docs/server.md.
        self._assets: dict[str, dict[str, Any] | None] = {}
        self.assets(ENGLISH)  # a bad board is refused when the table is set up
        #: The committed log and every event with the log position that caused it (hidden
        #: ones included), held compactly (see :mod:`.history`).
        self.history = TableHistory()
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.deadlines: dict[int, float] = {}
        self._bots: dict[int, Bot] = {}
        self._bot_seeds = bot_seeds(data.seed, data.players)
        self._bot_task: asyncio.Task[None] | None = None
        self._timer_task: asyncio.Task[None] | None = None
        self._tick_task: asyncio.Task[None] | None = None
        self._clock_base = 0.0
        self._clock_started = time.monotonic()
        self._closed = False
        self._info_cache: tuple[Any, dict[str, Any]] | None = None
        #: The game's words per reader language (see :meth:`_text`).
        self._texts: dict[str, GameText] = {}
        #: Per reader language, each action's entry in a frame's ``legal`` list (its JSON and
        #: its label, which depend on the action alone), made once and kept as JSON text:
        #: every seat acting at once is sent its legal moves with every action at the table
        #: (:meth:`_legal_entries_for`).
        self._legal_entries: dict[str, dict[Action, Any]] = {}
        #: Per seat, the log position of its last action (-1: none yet).
        self.last_acted = [-1] * data.players
        #: Per seat, the log position at which its current decision opened.
        self.decision_opened = [0] * data.players
        #: Table talk, loaded from storage on the first connection (None: not yet).
        self.chat: list[ChatLine] | None = None
        #: After the game, the rematch seating the same people: its id and each seat's token.
        self.rematch: tuple[str, dict[int, str]] | None = None
        self._acting_before: frozenset[int] = frozenset(self.state.acting_players())
        self._step_before: object = self.state.open_step()
        #: Whether this process may store the table's actions now: with several processes,
        #: only while its leases are known to be its own (see :meth:`Cluster.leases_current`).
        self.may_store: Callable[[], bool] = _always
        #: Called with the table's id when storage shows another process wrote its log: the
        #: lobby closes this copy (its players reconnect) and reloads the table from storage.
        self.superseded: Callable[[str], None] | None = None
        #: Whether storage has shown this copy to be behind the log: it acts no more.
        self.stale = False

    # -- building and rebuilding ------------------------------------------------------

    def replay(self, rows: list[LogRow]) -> None:
        """Bring a fresh runtime to where its stored log ends (the log is the truth)."""
        for row in rows:
            if row.time is not None:
                self._record_events(row.seq, self.state.advance_time(row.time))
            if row.action is not None:
                action = self.codec.from_json(row.action)
                self._record_events(row.seq, self.state.apply(row.seat, action))
            self.history.append(row)
            self._track(row)
        self._clock_base = max((r.time for r in rows if r.time is not None), default=0.0)
        self._clock_started = time.monotonic()

    def _track(self, row: LogRow) -> None:
        """Note who acted and whose decision opened at ``row``, to judge a client's ``seq``.

        A seat's decision opens when it joins the acting seats or the simultaneous step
        changes; its own action (or one played for it) closes it.
        """
        if row.seat >= 0:
            self.last_acted[row.seat] = row.seq
        acting = frozenset(self.state.acting_players())
        step = self.state.open_step()
        renewed = acting if step is not self._step_before else acting - self._acting_before
        for seat in renewed:
            self.decision_opened[seat] = row.seq
        self._acting_before, self._step_before = acting, step

    def check_seen(self, seat: int, seen: int | None) -> None:
        """Refuse an action answering an update older than the seat's current decision.

        ``seen`` is the ``seq`` of the last update the client had when it acted. A repeated
        send (a double click) or one overtaken by the table is refused, never applied to a
        later step; a seat deciding in a simultaneous step is not hurried by the others.
        """
        if seen is None:
            raise TableError.of(
                N_('an action must carry the seq of the update it answers ("seq": n)')
            )
        if seen > self.seq:
            raise TableError.of(
                N_("update {seen} has not happened yet: the table is at {seq}"),
                seen=seen,
                seq=self.seq,
            )
        if seen < self.last_acted[seat]:
            raise TableError.of(
                N_(
                    "already played: you acted at update {acted}, after update {seen} this "
                    "action answers, so it was not applied again"
                ),
                acted=self.last_acted[seat],
                seen=seen,
            )
        if seen < self.decision_opened[seat]:
            raise TableError.of(
                N_(
                    "the table moved on since update {seen}: your decision opened at update "
                    "{opened}, so look again and choose"
                ),
                seen=seen,
                opened=self.decision_opened[seat],
            )

    def _record_events(self, seq: int, events: list[Event]) -> None:
        if not events:
            return
        self.history.record(seq, events)
        for seat, bot in self._bots.items():
            # Bots hear the game's events; the table's own notes are for people.
            seen = [e for e in events if e.visible_to(seat) and e.kind != TIMED_OUT]
            if seen:
                bot.observe(seat, seen)

    @property
    def seq(self) -> int:
        return len(self.history)

    def clock(self) -> float:
        """The table's game clock: seconds of play, continuing across restarts."""
        now = self._clock_base + (time.monotonic() - self._clock_started)
        last = self.history.last_time()
        if last is None:
            last = 0.0
        return max(now, last)

    # -- seats ------------------------------------------------------------------------

    def authenticate(self, token: str | None) -> int | None:
        """The seat a token holds here; None for a spectator. A wrong token is an error."""
        if token is None:
            return None
        digest = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise TableError.of(N_("this link's token holds no seat at this table"))

    @property
    def live(self) -> bool:
        """Waiting for players or in play (not finished, not closed)."""
        return self.status in ("waiting", "playing")

    async def claim(
        self, name: str, wanted: int | None, invite: str | None = None
    ) -> tuple[int, str]:
        """Give a person's seat to a new player; returns the seat and its secret token."""
        if self.status == "finished":
            raise TableError.of(N_("this game is over"))
        if self.status in ("closed", "damaged"):
            raise self._closed_error()
        if self.private and not (
            invite is not None
            and self.invite_hash is not None
            and hmac.compare_digest(self.invite_hash, hash_token(invite))
        ):
            if invite is None:
                raise TableError.of(
                    N_("this table is private: its seats are taken through its invite link")
                )
            # A code was given but is not this table's: the person holds a bad link, which
            # "use the invite link" would not tell them.
            raise TableError.of(
                N_(
                    "this invitation code is not this table's: ask whoever invited you for "
                    "the link again"
                )
            )
        open_seats = [s for s in self.seats if s.is_open]
        if wanted is not None:
            # The request counts seats from 0, as the engine does; players, from 1.
            if not 0 <= wanted < self.players:
                # Content the table cannot take (422), not a state it refuses (409).
                raise InvalidRequest.of(
                    N_("there is no seat {seat} at this table"), seat=wanted + 1
                )
            open_seats = [s for s in open_seats if s.seat == wanted]
            if not open_seats:
                raise TableError.of(N_("seat {seat} is not free"), seat=wanted + 1)
        if not open_seats:
            raise TableError.of(N_("every seat at this table is taken"))
        seat = open_seats[0]
        before, status_before = seat.data(), self.status
        token = new_token()
        seat.token_hash = hash_token(token)
        seat.name = name
        seat.away = False
        if self.status == "waiting" and not any(s.is_open for s in self.seats):
            self.status = "playing"
            self._clock_started = time.monotonic()
        await self._save_seat(seat, before, status_before)
        self.broadcast([])
        self.start_timers_and_bots()
        return seat.seat, token

    async def leave(self, seat_index: int) -> None:
        """A player leaves: before the start their seat opens again; later a bot plays it."""
        seat = self.seats[seat_index]
        before = seat.data()
        if self.status == "waiting":
            seat.token_hash = None
            seat.name = None
        elif self.status == "playing":
            seat.away = True
        else:
            return
        await self._save_seat(seat, before)
        if self.status == "waiting":
            for conn in [c for c in self.connections if c.seat == seat_index]:
                conn.close()
        self.broadcast([])
        self.schedule_next()

    async def _save_seat(
        self, seat: SeatRuntime, before: SeatData, status_before: str | None = None
    ) -> None:
        """Store a seat's change; if storage refuses, memory goes back to ``before`` too."""
        changed_status = status_before is not None and status_before != self.status
        try:
            await self.store.write(
                self.store.update_seat,
                self.id,
                seat.data(),
                self.status if changed_status else None,
            )
        except Exception as exc:
            log.exception("table %s: could not store seat %d", self.id, seat.seat)
            seat.name, seat.token_hash, seat.away = before.name, before.token_hash, before.away
            if status_before is not None:
                self.status = status_before
            raise storage_failure(exc) from None

    def crowded(self, seat: int | None, limits: Limits) -> TableError | None:
        """Why one more connection for ``seat`` (None: a spectator) is refused, if it is."""
        if seat is None:
            watching = sum(1 for c in self.connections if c.seat is None)
            if watching >= limits.spectators_per_table:
                return TableError.of(
                    N_("this table has {count} spectators already: try again later"),
                    count=watching,
                )
        elif self.seats[seat].connections >= limits.connections_per_seat:
            return TableError.of(
                N_("this seat is open in {count} tabs already: close one of them first"),
                count=limits.connections_per_seat,
            )
        return None

    def _closed_error(self) -> TableError:
        """Why a closed or damaged table refuses, with the reason it was closed for (a
        catalogue message where the server wrote it, such as "expired")."""
        reason = stored_reason(self.closed_reason or "")
        if self.status == "closed":
            return TableError.of(N_("this table is closed ({reason})"), reason=reason)
        return TableError.of(N_("this table is {reason}"), reason=reason)

    async def attach(self, conn: Connection) -> None:
        """A new connection gets its full frame; the others hear of it only if the seat
        panel changed (a seat's first connection, or its return from away): a spectator's
        or a second tab's hello costs one frame, not one per connection at the table."""
        self.connections.add(conn)
        self.unwatched_since = None
        changed = False
        if conn.seat is not None:
            seat = self.seats[conn.seat]
            seat.connections += 1
            changed = seat.connections == 1
            if seat.away_task is not None:
                seat.away_task.cancel()
                seat.away_task = None
            if seat.away:
                before = seat.data()
                seat.away = False  # the player is back: the bot hands the seat over
                try:
                    await self._save_seat(seat, before)
                    changed = True
                except StorageError as exc:
                    conn.push(error_frame(exc))  # the bot plays on until the next try
        view = self.state.observation(conn.seat)
        shared = self._shared_frame_parts()
        conn.push(
            self._frame_for(
                conn.seat,
                self._visible_log(conn.seat),
                full=True,
                shared=shared,
                tr=conn.tr,
                observation=view,
            )
        )
        conn.view = view
        conn.table = shared["table"]
        if self.status == "closed":
            # Closed before this connection came: its last frame, then the close code the
            # connections at the table got when it closed, not a socket left open and silent.
            conn.close(CLOSE_TABLE_CLOSED)
            return
        await self._load_chat()
        if self.chat:
            conn.push(ChatFrame(full=True, lines=self.chat).model_dump_json())
        if changed:
            self.broadcast([], skip=conn)
            self.schedule_next()

    async def _load_chat(self) -> None:
        if self.chat is None:
            try:
                lines = await self.store.read(self.store.load_chat, self.id)
            except Exception:
                log.exception("table %s: could not read its chat", self.id)
                return  # tried again on the next connection
            self.chat = [ChatLine.model_validate(line) for line in lines]

    async def say(self, seat: int, text: str) -> None:
        """A seated player's line of table talk: kept with the table, told to everyone here.

        Refused when the table turned talk off; the length and the pace of a seat's talk are
        the server's ``Limits`` (chat_length, chat_lines, chat_window), checked before this."""
        if not self.settings.chat:
            raise TableError.of(N_("table talk is off at this table"))
        await self._load_chat()
        if self.chat is None:
            raise TableError.of(N_("table talk is unavailable right now: try again"))
        name = self.seats[seat].name or f"Player {seat + 1}"
        line = ChatLine(seat=seat, name=name, text=text, at=time.time())
        try:
            await self.store.write(self.store.append_chat, self.id, seat, name, text, line.at)
        except Exception as exc:
            log.exception("table %s: could not store a chat line", self.id)
            raise storage_failure(exc) from None
        self.chat.append(line)
        frame = ChatFrame(full=False, lines=[line]).model_dump_json()
        for conn in list(self.connections):
            conn.push(frame)

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        conn.close()
        if not self.connections:
            self.unwatched_since = time.monotonic()
        if conn.seat is None or self._closed:
            return
        seat = self.seats[conn.seat]
        seat.connections -= 1
        if seat.connections > 0:
            return  # another tab still holds the seat: nothing others see has changed
        if self.status == "playing" and not seat.away:
            seat.away_task = asyncio.get_running_loop().create_task(self._away_after(seat))
        self.broadcast([])

    def start_timers_and_bots(self) -> None:
        """Start what runs by itself at this table: the away timers of absent players and
        the next bot's move or turn timer. At set-up, when the last seat is taken, and after
        a restart, a takeover or a reload (when nobody is connected yet)."""
        self.time_absent_players()
        self.schedule_next()

    def time_absent_players(self) -> None:
        """Start the away timer of every player's seat in play that no connection holds.

        Play starts, or this process picks the table up, with each such seat's timer
        running, whether its player left or never came: a player who took a seat and never
        opened the table is played by a bot after ``away_seconds``, here as on any process
        that takes the table over, and gets the seat back on connecting."""
        if self.status != "playing":
            return
        loop = asyncio.get_running_loop()
        for seat in self.seats:
            if (
                seat.is_person
                and not seat.away
                and seat.connections == 0
                and seat.away_task is None
            ):
                seat.away_task = loop.create_task(self._away_after(seat))

    async def _away_after(self, seat: SeatRuntime) -> None:
        await asyncio.sleep(self.settings.away_seconds)
        async with self.lock:
            seat.away_task = None
            if seat.connections == 0 and self.status == "playing":
                before = seat.data()
                seat.away = True
                try:
                    await self._save_seat(seat, before)
                except StorageError:
                    # Stays the player's seat; the turn timer, if any, still plays for it.
                    return
                self.broadcast([])
                self.schedule_next()

    # -- acting -----------------------------------------------------------------------

    async def submit(
        self,
        seat: int,
        action_json: dict[str, Any],
        seq: int | None = None,
        reply: Reply | None = None,
    ) -> int:
        """A person's action, checked against the rules; returns the log position it took.

        Errors (illegal, malformed, table not playing) go back to the caller only. ``reply``
        is the acting connection and its message's ``ref``: the update the action causes
        carries that ``ref`` on that connection, as its acknowledgement.
        """
        async with self.lock:
            self.check_seen(seat, seq)
            player = self.seats[seat]
            if player.away:
                # A player who left and acts again is back: the bot hands the seat over.
                before = player.data()
                player.away = False
                await self._save_seat(player, before)
            await self._act(seat, action_json, seen=seq, reply=reply)
            return self.seq

    async def _act(
        self,
        seat: int,
        action_json: dict[str, Any],
        seen: int | None = None,
        reply: Reply | None = None,
        note: Event | None = None,
    ) -> None:
        """Apply and commit one action; ``seen`` is checked again after a clock tick. ``note``
        is the table's own word on it (a timed-out seat), told before the game's events."""
        if self.status != "playing":
            if self.status == "waiting":
                raise TableError.of(N_("the game has not started yet"))
            if self.status in ("closed", "damaged"):
                raise self._closed_error()
            raise TableError.of(N_("the game is over"))
        self._check_may_store()
        action = self.codec.from_json(action_json)
        stamp: float | None = None
        if self.realtime:
            stamp = self.clock()
            await self._tick(stamp)
            if seen is not None:
                self.check_seen(seat, seen)  # the tick may have opened a new decision
        events = self.state.apply(seat, action)  # raises IllegalAction, state untouched
        if note is not None:
            events = [note, *events]
        row = LogRow(self.seq + 1, seat, action.to_json(), stamp)
        await self._commit(row, events, reply)

    def _check_may_store(self) -> None:
        """Refuse to move the game while this copy may not store what it does: storage has
        shown it behind the log, or this process's leases may have run out."""
        if self.stale or not self.may_store():
            raise out_of_touch()

    async def _tick(self, now: float) -> None:
        """Tell a real-time game the time; a tick that changed the game is logged."""
        self._check_may_store()
        events = self.state.advance_time(now)
        if events:
            await self._commit(LogRow(self.seq + 1, -1, None, now), events)

    async def _commit(self, row: LogRow, events: list[Event], reply: Reply | None = None) -> None:
        over = self.state.is_over()
        try:
            # Off the event loop (the store's writer thread, in a group commit with other
            # tables' actions), still before anyone is told.
            scores = self.state.scores() if over else None
            await self.store.append(self.id, row, scores)
        except Exception as exc:
            if written_elsewhere(exc):
                # Another process stored this place in the log (it took the table over while
                # this one could not renew its lease): the log in memory is behind storage.
                # This copy stops (the player's refusal goes out first); the lobby closes it
                # and reloads the table from storage if it is still this process's, and its
                # players reconnect to what storage holds.
                log.error(
                    "table %s: action %d was stored by another process; reloading the table",
                    self.id,
                    row.seq,
                )
                self.stale = True
                if self.superseded is not None:
                    self.superseded(self.id)
                raise out_of_touch() from None
            # The engine moved but storage did not: go back to what storage holds, which is
            # the log in memory (every row of it was committed), without asking storage.
            log.exception("table %s: could not store action %d; rebuilding", self.id, row.seq)
            self._rebuild()
            raise storage_failure(exc) from None
        self.history.append(row)
        self._track(row)
        self._record_events(row.seq, events)
        if over:
            self.status = "finished"
            log.info("table %s finished at action %d: scores %s", self.id, row.seq, scores)
        self.deadlines.pop(row.seat, None)
        self.broadcast(events, reply=reply)
        self.schedule_next()

    def _rebuild(self) -> None:
        """Replay the committed log (held in memory) into a fresh state."""
        rows = self.history.rows()
        self.state = self.game.new_state(self.players, self.options, self.seed)
        self.history = TableHistory()
        self._bots = {}
        self.last_acted = [-1] * self.players
        self.decision_opened = [0] * self.players
        self._acting_before = frozenset(self.state.acting_players())
        self._step_before = self.state.open_step()
        clock_base, clock_started = self._clock_base, self._clock_started
        self.replay(rows)
        self._clock_base, self._clock_started = clock_base, clock_started

    def _bot_for(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            name = self.seats[seat].bot or self.settings.takeover_bot or self._takeover_name()
            bot = make_bot(self.game, name, self._bot_seeds[seat])
            self._bots[seat] = bot
        return bot

    def _takeover_name(self) -> str:
        own = sorted(self.game.bots())
        return own[0] if own else "random"

    # -- what happens next: bots, timers, ticks ---------------------------------------

    def schedule_next(self) -> None:
        """Start whatever must happen next on its own: bot moves, turn timers, clock ticks."""
        if self._closed:
            return
        if self.status != "playing" or self.state.is_over():
            self.deadlines.clear()
            return
        loop = asyncio.get_running_loop()
        acting = self.state.acting_players()
        if (
            not self.realtime
            and any(self.seats[s].bot_controlled for s in acting)
            and (self._bot_task is None or self._bot_task.done())
        ):
            self._bot_task = loop.create_task(self._drive_bots())
        if self.settings.turn_seconds > 0 and not self.realtime:
            for seat in list(self.deadlines):
                if seat not in acting or self.seats[seat].bot_controlled:
                    del self.deadlines[seat]
            now = time.monotonic()
            for seat in acting:
                if not self.seats[seat].bot_controlled and seat not in self.deadlines:
                    self.deadlines[seat] = now + self.settings.turn_seconds
            if self.deadlines and (self._timer_task is None or self._timer_task.done()):
                self._timer_task = loop.create_task(self._run_timer())
        if self.realtime and (self._tick_task is None or self._tick_task.done()):
            self._tick_task = loop.create_task(self._run_clock())

    async def _drive_bots(self) -> None:
        """Turn-based play: after a pause, each bot-controlled seat that owes a move plays."""
        while True:
            await asyncio.sleep(self.settings.bot_delay)
            failed = False
            async with self.lock:
                if self._closed or self.status != "playing" or self.state.is_over():
                    return
                seats = [s for s in self.state.acting_players() if self.seats[s].bot_controlled]
                if not seats:
                    return
                seat = seats[0]
                bot = self._bot_for(seat)
                try:
                    action = await asyncio.to_thread(bot.choose, SeatView(self.state, seat))
                except Exception:
                    # A broken bot must not stall the table: its seat plays the default.
                    log.exception("table %s: bot for seat %d failed to choose", self.id, seat)
                    action = self.state.default_action(seat)
                try:
                    await self._act(seat, action.to_json())
                except StorageError as exc:
                    log.error("table %s: bot move for seat %d not stored: %s", self.id, seat, exc)
                    failed = True
                except TopSecretError as exc:
                    log.error("table %s: bot for seat %d failed: %s", self.id, seat, exc)
                    return
            if failed:
                await asyncio.sleep(STORAGE_RETRY_SECONDS)  # storage refused: try again

    async def _run_timer(self) -> None:
        while self.deadlines and not self._closed:
            wait = min(self.deadlines.values()) - time.monotonic()
            if wait > 0:
                await asyncio.sleep(min(wait, 1.0))
                continue
            async with self.lock:
                now = time.monotonic()
                for seat, deadline in sorted(self.deadlines.items()):
                    if deadline > now or self.status != "playing":
                        continue
                    del self.deadlines[seat]
                    if seat in self.state.acting_players():
                        default = self.state.default_action(seat)
                        try:
                            # Said at the table, so nobody wonders who played this move. The
                            # note lives with the table in memory; the log keeps the move.
                            note = public(TIMED_OUT, seat=seat)
                            await self._act(seat, default.to_json(), note=note)
                        except StorageError as exc:
                            log.error("table %s: default not stored: %s", self.id, exc)
                            self.deadlines[seat] = now + STORAGE_RETRY_SECONDS
                        except TopSecretError as exc:
                            log.error(
                                "table %s: default for seat %d failed: %s", self.id, seat, exc
                            )

    async def _run_clock(self) -> None:
        """Real-time play: every tick the game hears the clock, then bots may act."""
        tick = 0
        while not self._closed and self.status == "playing":
            await asyncio.sleep(TICK_SECONDS)
            tick += 1
            async with self.lock:
                if self.status != "playing" or self.state.is_over():
                    return
                now = self.clock()
                try:
                    await self._tick(now)
                except StorageError as exc:
                    log.error("table %s: clock tick not stored: %s", self.id, exc)
                    continue  # the next tick tries again
                await self._bots_act_at(now, tick)

    async def _bots_act_at(self, now: float, tick: int) -> None:
        """Ask each bot-controlled seat whether it acts now; the first asked rotates."""
        for seat in tick_order(self.state.acting_players(), tick, self.players):
            if self.state.is_over() or seat not in self.state.acting_players():
                continue
            if not self.seats[seat].bot_controlled:
                continue
            bot = self._bot_for(seat)
            act_at = getattr(bot, "act_at", None)
            view = SeatView(self.state, seat)
            try:
                action = act_at(view, now) if act_at is not None else bot.choose(view)
            except Exception:
                log.exception("table %s: bot for seat %d failed to act", self.id, seat)
                continue
            if action is None:
                continue
            try:
                await self._act(seat, action.to_json())
            except TopSecretError as exc:
                log.error("table %s: bot for seat %d failed: %s", self.id, seat, exc)

    async def shut(self, reason: str, code: int) -> None:
        """Close the table for good (expired, abandoned, by its host): stored first, then
        every connection gets a last frame saying so and is closed with ``code``."""
        if not self.live:
            raise TableError.of(N_("this table is already {status}"), status=self.status)
        try:
            await self.store.write(self.store.close_table, self.id, reason)
        except Exception as exc:
            raise storage_failure(exc) from None
        self.status = "closed"
        self.closed_reason = reason
        log.info("table %s closed: %s", self.id, reason)
        self.deadlines.clear()
        self.broadcast([])
        self.close(code)

    def is_host(self, token: str) -> bool:
        return self.host_hash is not None and hmac.compare_digest(self.host_hash, hash_token(token))

    def close(self, code: int = 1000) -> None:
        """Stop every task (server shutdown); storage already holds everything."""
        self._closed = True
        for task in (self._bot_task, self._timer_task, self._tick_task):
            if task is not None:
                task.cancel()
        for seat in self.seats:
            if seat.away_task is not None:
                seat.away_task.cancel()
        for conn in list(self.connections):
            conn.close(code)

    # -- what each seat sees ----------------------------------------------------------

    def info(self) -> TableInfo:
        return TableInfo(
            id=self.id,
            game=self.game.id,
            title=self.game.title,
            players=self.players,
            status=self.status,
            options=self.options,
            settings=self.settings,
            seats=[
                SeatInfo(
                    seat=s.seat,
                    name=s.name,
                    bot=s.bot,
                    open=s.is_open,
                    connected=s.connections > 0,
                    away=s.away,
                )
                for s in self.seats
            ],
            play_style=self.game.play_style,
            created_at=self.created_at,
            private=self.private,
            closed_reason=self.closed_reason,
        )

    def _info_json(self) -> dict[str, Any]:
        """The public table info as plain data, rebuilt only when a seat or the status changed."""
        key = (
            self.status,
            tuple((s.name, s.token_hash is None, s.connections > 0, s.away) for s in self.seats),
        )
        if self._info_cache is None or self._info_cache[0] != key:
            self._info_cache = (key, self.info().model_dump(mode="json"))
        return self._info_cache[1]

    def _visible_log(self, seat: int | None) -> list[tuple[int, Event]]:
        return self.history.visible_to(seat)

    def _text(self, tr: Translator) -> GameText:
        """The game's words in one reader's language, made once per language at this table."""
        text = self._texts.get(tr.lang)
        if text is None:
            text = self._texts[tr.lang] = game_text(self.game, tr)
        return text

    def assets(self, tr: Translator = ENGLISH) -> dict[str, Any] | None:
        """The game's drawing data with its sentences in one reader's language, made once
        per language at this table."""
        if tr.lang not in self._assets:
            self._assets[tr.lang] = view_assets(self.game, self.players, self.options, tr)
        return self._assets[tr.lang]

    def _view(
        self,
        seat: int | None,
        tr: Translator = ENGLISH,
        observation: dict[str, Any] | None = None,
    ) -> tuple[dict[str, Any], list[Any]]:
        legal: list[Any] = []
        if (
            seat is not None
            and self.status == "playing"
            and not self.state.is_over()
            and seat in self.state.acting_players()
        ):
            legal = self._legal_entries_for(self.state.legal_actions(seat), tr)
        return self.state.observation(seat) if observation is None else observation, legal

    def _legal_entries_for(self, actions: list[Action], tr: Translator) -> list[Any]:
        """The ``legal`` entries of ``actions`` in ``tr``'s language, each made once per table
        and language and written as JSON then (see :func:`shared_json`): frames copy them."""
        entries = self._legal_entries.setdefault(tr.lang, {})
        out = []
        for action in actions:
            entry = entries.get(action)
            if entry is None:
                entry = shared_json(
                    {"action": action.to_json(), "label": self._text(tr).action(action)}
                )
                if len(entries) < MAX_LEGAL_ENTRIES:
                    entries[action] = entry
            out.append(entry)
        return out

    def _frame_for(
        self,
        seat: int | None,
        events: list[tuple[int, Event]],
        full: bool,
        shared: dict[str, Any] | None = None,
        tr: Translator = ENGLISH,
        observation: dict[str, Any] | None = None,
        changes: ViewChanges | None = None,
        with_table: bool = True,
        step_views: Mapping[int | None, dict[str, Any]] | None = None,
    ) -> str:
        """One seat's frame as JSON text, its labels and log lines in ``tr``'s language; the
        shape is :class:`UpdateFrame`.

        ``shared`` holds the parts that are the same for every seat (built once per change),
        ``observation`` the seat's view if already built, ``changes`` what differs from the
        view the reader holds (the frame then carries those instead of the whole view),
        ``with_table`` False when the reader holds the table info already (about half of a
        frame's bytes, and it changes only when a seat or the status does), ``step_views``
        the open step's view for each seat if already built; the
        frame is assembled as plain data because it is built for every seat on every action,
        and the tests check it against the model.
        """
        if shared is None:
            shared = self._shared_frame_parts()
        observation, legal = self._view(seat, tr, observation)
        step = self.state.open_step()
        over = shared["over"]
        step_view: dict[str, Any] | None = None
        if step is not None and not over:
            step_view = step_views[seat] if step_views is not None else step.view_for(seat)
        frame = {
            "type": "update",
            "seq": self.seq,
            "full": full,
            "you": seat,
            "step": step_view,
            "legal": legal,
            "events": [self._event_json(seq, e, seat, tr) for seq, e in events],
            **shared,
        }
        if not with_table and not full:
            del frame["table"]
        if changes is None:
            frame["observation"] = observation
        else:
            frame["changed"], frame["removed"] = changes
        if full:
            assets = self.assets(tr)
            if assets is not None:
                frame["assets"] = assets
        return frame_text(frame)

    def _shared_frame_parts(self) -> dict[str, Any]:
        over = self.state.is_over()
        now = time.monotonic()
        return {
            "table": self._info_json(),
            "acting": [] if over else list(self.state.acting_players()),
            "deadlines": {str(s): round(max(0.0, d - now), 2) for s, d in self.deadlines.items()},
            "over": over,
            "scores": self.state.scores() if over else None,
            "winners": self.state.winners() if over else None,
            "clock": round(self.clock(), 3) if self.realtime else None,
        }

    def _event_json(
        self, seq: int, event: Event, seat: int | None, tr: Translator = ENGLISH
    ) -> dict[str, Any]:
        if event.kind == TIMED_OUT:
            return {"seq": seq, **event.to_json(), "text": timed_out_text(event, seat, tr)}
        return {"seq": seq, **event_json(self.game, event, seat, self._text(tr))}

    def broadcast(
        self, events: list[Event], skip: Connection | None = None, reply: Reply | None = None
    ) -> None:
        """Send every connection its own frame; events filtered by what each seat may see,
        and of the seat's view only what differs from the view that connection holds. The
        connection of ``reply`` gets its frame with the ``ref`` of the message that acted."""
        if not self.connections:
            return
        seq = self.seq
        shared = self._shared_frame_parts()
        info = shared["table"]
        # Built once per seat, language and view held: spectators reading one language share
        # a frame, and so do a seat's tabs, which hold the same view unless one just joined.
        readers: dict[tuple[int | None, str, int, bool], list[Connection]] = {}
        for conn in list(self.connections):
            if conn is not skip:
                key = (conn.seat, conn.tr.lang, id(conn.view), conn.table is info)
                readers.setdefault(key, []).append(conn)
        # Every seat's view at once: a game builds what they all see only once, and so does
        # the open step (the lists every seat sees alike).
        seats = list(dict.fromkeys(key[0] for key in readers))
        views = dict(zip(seats, self.state.observations(seats), strict=True))
        step = self.state.open_step()
        step_views = None
        if step is not None and not shared["over"]:
            step_views = dict(zip(seats, step.views_for(seats), strict=True))
        # The changes depend on the view held, not on the language: found once.
        changes: dict[tuple[int | None, int], ViewChanges] = {}
        for (seat, _, held_id, has_info), conns in readers.items():
            view, held = views[seat], conns[0].view
            found: ViewChanges | None = None
            if held is not None:
                found = changes.get((seat, held_id))
                if found is None:
                    found = changes[seat, held_id] = view_changes(held, view)
            seen = [(seq, e) for e in events if e.visible_to(seat)]
            frame = self._frame_for(
                seat,
                seen,
                full=False,
                shared=shared,
                tr=conns[0].tr,
                observation=view,
                changes=found,
                with_table=not has_info,
                step_views=step_views,
            )
            for conn in conns:
                if reply is not None and conn is reply[0]:
                    conn.push(with_ref(frame, reply[1]))
                else:
                    conn.push(frame)
                conn.view = view
                conn.table = info


#: Why a table was closed or damaged, as the server stores it: English, filled in (a stored
#: reason is data, the same for every reader). :func:`stored_reason` reads one back into its
#: message and values, so that it is shown in each reader's language.
EXPIRED = N_("expired: nobody filled its seats within {minutes} minutes")
ABANDONED = N_("abandoned: nobody was connected for {minutes} minutes")
DAMAGED_AT = N_("damaged: its log cannot be replayed at action {action} ({error})")
DAMAGED = N_("damaged: its log cannot be replayed ({error})")
STORED_REASONS = (EXPIRED, ABANDONED, DAMAGED_AT, DAMAGED)


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>.*?)" for i, part in enumerate(parts)
    )
    return re.compile(f"^{regex}$", re.DOTALL)


_STORED_PATTERNS = [(template, _pattern(template)) for template in STORED_REASONS]


def stored_reason(text: str) -> tuple[str, dict[str, object]]:
    """A stored reason as a message parameter: one of :data:`STORED_REASONS` with its values
    (the error inside a damaged table's reason stays as Python wrote it), or the text as it
    is (translated if it is a catalogue message, such as "closed by its host")."""
    for template, pattern in _STORED_PATTERNS:
        found = pattern.match(text)
        if found is not None:
            return (template, dict(found.groupdict()))
    return (text, {})


def view_assets(
    game: Game, players: int, options: Mapping[str, Any], tr: Translator = ENGLISH
) -> dict[str, Any] | None:
    """The public drawing data a game offers its view (its optional
    ``view_assets(players, options, tr)`` hook), its sentences in ``tr``'s language; ``None``
    when the game has no hook."""
    hook = getattr(game, "view_assets", None)
    if not callable(hook):
        return None
    return cast("dict[str, Any]", hook(players, dict(options), tr=tr))


#: The table's own event: a seat's turn timer ran out and its default move was played.
TIMED_OUT = "timed_out"


def timed_out_text(event: Event, reader: int | None, tr: Translator) -> str:
    """The table's word on a timed-out seat, for ``reader``, in their language; another
    seat is "seat N", which the browser shows with its player's name."""
    seat = int(event.data["seat"])
    if seat == reader:
        return tr.gettext("Your time is up: the table played for you")
    player = tr.gettext("seat {seat}").format(seat=seat + 1)
    return tr.gettext("Time is up for {player}: the table played for them").format(player=player)


def event_json(
    game: Game, event: Event, seat: int | None, text: GameText | None = None
) -> dict[str, Any]:
    """An event as one seat receives it, with the game's sentence for it if it has one, in
    the language of ``text`` (the game's words for the reader; English when not given).

    Live tables and replays both send events this way, so a log reads the same in both.
    """
    out = event.to_json()
    if getattr(game, "describe_event", None) is None and not is_translated(game):
        return out  # a game without sentences for its events
    words = text if text is not None else game_text(game, ENGLISH)
    line = words.event(event, seat)
    if line is None:
        out["quiet"] = True  # the game says this one is not worth a log line
    else:
        out["text"] = str(line)
    return out


def shared_json(value: Any) -> Any:
    """``value``'s JSON text, written once for frames to copy as it is (orjson's
    ``Fragment``); the value itself if orjson's plain path cannot write it (a key that is
    not a string), for the frame's own fallback."""
    try:
        return orjson.Fragment(orjson.dumps(value))
    except TypeError:
        return value


def with_ref(frame: str, ref: int | None) -> str:
    """An update frame's JSON text with the acting message's ``ref`` added, for the one
    connection it acknowledges. The other connections at the table share the same text, so
    the key is added to the text rather than the frame built again (an update frame has no
    ``ref`` of its own)."""
    return f'{frame[:-1]},"ref":{"null" if ref is None else int(ref)}}}'


def frame_text(frame: Mapping[str, Any]) -> str:
    """A frame as JSON text. Views are keyed by strings, and orjson's plain path is nearly
    twice as fast as the one that also converts other keys (measured on a 5 KB vault frame:
    10.7 against 18.3 µs), so the conversion is the fallback for a game whose view has
    another key."""
    try:
        return orjson.dumps(frame).decode()
    except TypeError:
        return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


def error_frame(exc: Exception, ref: int | None = None, tr: Translator = ENGLISH) -> str:
    """An error as one connection reads it, in its language; ``template`` keeps the English
    message before its values are filled in, the same in every language, for programs."""
    if isinstance(exc, IllegalAction):
        return ErrorFrame(
            message=reason_text(exc, tr),
            rule=tr.gettext(exc.rule),
            template=exc.template,
            ref=ref,
        ).model_dump_json()
    if isinstance(exc, TopSecretError):
        return ErrorFrame(
            message=message_text(exc, tr), template=exc.template, ref=ref
        ).model_dump_json()
    return ErrorFrame(message=str(exc) or type(exc).__name__, ref=ref).model_dump_json()
