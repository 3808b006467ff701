"""The lobby: creating, listing, joining and leaving tables, and resuming them at start."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import ValidationError

from ..bots import bot_names, check_bot_name
from ..core import Game, InvalidOptions, UnknownName
from ..core.errors import N_, DataFileError
from ..core.rules_versions import RULES
from ..games import game_ids, get_game
from ..i18n import message_text, translator
from .cluster import TAKE_PER_SCAN, CallFailed, Cluster, RemoteConnection
from .db import LogRow, SeatData, Store, TableData
from .limits import Limits, QuotaError, RateLimiter, client_key
from .messages import (
    CLIENT_MESSAGE,
    CreateTable,
    JoinTable,
    RematchFrame,
    SeatInfo,
    TableInfo,
    TableSettings,
)
from .tables import (
    ABANDONED,
    CLOSE_MOVED,
    CLOSE_TABLE_CLOSED,
    DAMAGED_AT,
    EXPIRED,
    Connection,
    InvalidRequest,
    StorageError,
    TableError,
    TableRuntime,
    error_frame,
    hash_token,
    new_token,
    storage_failure,
)


class HostOnly(TableError):
    """Only the table's host may do this (answered 403)."""


class RulesRefused(TableError):
    """A stored table made under rules this version refuses to replay (the game's
    ``rules_versions.toml`` says why): it cannot be served, only described from storage."""

    def __init__(self, reason: str, data: TableData) -> None:
        super().__init__(reason)
        self.data = data


log = logging.getLogger("topsecret.server")

#: Finished tables kept in memory for their end screens before they are dropped.
FINISHED_KEPT = 200
#: Largest page of the lobby listing.
MAX_PAGE = 100


class Lobby:
    """All live tables of one server, backed by a :class:`Store`."""

    def __init__(
        self, store: Store, limits: Limits | None = None, cluster: Cluster | None = None
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.tables: dict[str, TableRuntime] = {}
        limits = self.limits
        # Several processes share one client's buckets (through Redis).
        self._create_rate: RateLimiter = (
            cluster.rate_limiter("create", limits.table_burst, limits.table_every)
            if cluster is not None
            else RateLimiter(limits.table_burst, limits.table_every)
        )
        self._join_rate: RateLimiter = (
            cluster.rate_limiter("join", limits.join_burst, limits.join_every)
            if cluster is not None
            else RateLimiter(limits.join_burst, limits.join_every)
        )
        self._sweeper: asyncio.Task[None] | None = None
        #: Scale-out: the other processes, and the live tables this one holds a lease on
        #: (the same set the cluster's renewing thread reads).
        self.cluster = cluster
        self.owned: set[str] = cluster.owned if cluster is not None else set()
        self._cluster_task: asyncio.Task[None] | None = None
        #: Reloads of tables from storage under way (kept so they are not collected).
        self._background: set[asyncio.Task[None]] = set()
        #: How a client message is handled (the app's; used for sockets relayed to here).
        self.handle_message: Callable[[TableRuntime, Connection, Any], Awaitable[None]] | None = (
            None
        )

    def resume(self) -> int:
        """Rebuild every unfinished table by replaying its stored log; returns how many.

        Runs once at start, before the server answers anyone, so it reads synchronously.
        """
        count = 0
        for table_id in self.store.unfinished_table_ids():
            try:
                data = self.store.load_table(table_id)
                if data is None:
                    continue
                runtime, damage = self._build(data, self.store.load_log(table_id))
                if damage is not None:
                    self.store.mark_damaged(table_id, damage)
            except Exception:
                log.exception("table %s could not be resumed", table_id)
                continue
            self.tables[table_id] = runtime
            count += runtime.live
        return count

    def _build(self, data: TableData, rows: list[LogRow]) -> tuple[TableRuntime, str | None]:
        """A runtime replayed to the end of its log, or quarantined: then the reason."""
        try:
            runtime = self._attached(TableRuntime(data, get_game(data.game), self.store))
        except InvalidOptions as exc:
            # Not damaged: its log and stored scores stand, this version cannot rebuild it.
            raise RulesRefused(str(exc), data).with_message_of(exc) from None
        if data.status == "damaged":
            return runtime, None
        try:
            runtime.replay(rows)
        except Exception as exc:
            # Damaged once and for all: listed with the reason, never replayed again (it
            # was, on every request, answering 500).
            error = f"{type(exc).__name__}: {exc}"
            reason = DAMAGED_AT.format(action=runtime.seq + 1, error=error)
            log.error("table %s quarantined: %s", runtime.id, reason)
            runtime.status = "damaged"
            runtime.closed_reason = reason[:200]
            return runtime, runtime.closed_reason
        return runtime, None

    def _attached(self, runtime: TableRuntime) -> TableRuntime:
        """A runtime that stores only while this process's leases are current (with
        several processes) and hands itself back to the lobby when storage shows another
        process wrote its log."""
        if self.cluster is not None:
            runtime.may_store = self.cluster.leases_current
        runtime.superseded = self._superseded
        return runtime

    def _superseded(self, table_id: str) -> None:
        task = asyncio.get_running_loop().create_task(self._reload(table_id))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _reload(self, table_id: str) -> None:
        """Load a table again from storage after another process wrote its log, if this
        process still serves it (a process whose lease was lost drops it instead)."""
        stale = self.tables.get(table_id)
        if stale is None or not stale.stale:
            return  # reloaded already (several of its actions found their places taken)
        self.tables.pop(table_id, None)
        stale.close(CLOSE_MOVED)
        if self.cluster is not None and table_id not in self.owned:
            return
        try:
            runtime = await self.get(table_id)
        except Exception:
            log.exception("table %s: could not reload it from storage", table_id)
            return
        if runtime is not None and runtime.live:
            runtime.start_timers_and_bots()
            log.info("table %s reloaded from storage at action %d", table_id, runtime.seq)

    def start_tasks(self) -> None:
        """Restart bots, timers and clocks of resumed tables (needs the running loop)."""
        for runtime in self.tables.values():
            runtime.start_timers_and_bots()
        loop = asyncio.get_running_loop()
        self._sweeper = loop.create_task(self._sweep_forever())
        if self.cluster is not None:
            self._cluster_task = loop.create_task(self._cluster_forever())

    # -- scale-out: leases, takeover, relayed sockets -----------------------------------

    async def locate(self, table_id: str) -> TableRuntime | str | None:
        """Where a table is served: a runtime here, the node id of the process that owns
        it, or None when there is no such table. An unowned live table is taken here."""
        cluster = self.cluster
        if cluster is None:
            return await self.get(table_id)
        if not 0 < len(table_id) <= 32:
            return None
        runtime = self.tables.get(table_id)
        if runtime is not None and (table_id in self.owned or not runtime.live):
            return runtime
        owner = await cluster.owner(table_id)
        if owner is not None and owner != cluster.node:
            return owner
        data = await self.store.read(self.store.load_table, table_id)
        if data is None:
            return None
        if data.status not in ("waiting", "playing"):
            self.tables.pop(table_id, None)  # a stale copy from when it was live here
            return await self.get(table_id)
        if owner == cluster.node or await cluster.acquire(table_id):
            return await self._take(table_id)
        return await cluster.owner(table_id)

    async def finished_table(self, table_id: str) -> TableRuntime | None:
        """A table whose game is over, served here even if another process still holds
        its lease (it gives the lease back on its next round); None while in play."""
        data = await self.store.read(self.store.load_table, table_id)
        if data is None or data.status != "finished":
            return None
        stale = self.tables.get(table_id)
        if stale is not None and stale.live:
            self.tables.pop(table_id, None)  # a copy from when it was in play here
        return await self.get(table_id)

    async def _take(self, table_id: str) -> TableRuntime | None:
        """Serve a table whose lease this process has just acquired: replay its log."""
        stale = self.tables.pop(table_id, None)
        if stale is not None:
            stale.close()
        self.owned.add(table_id)
        try:
            runtime = await self.get(table_id)
        except Exception:
            # Not served here after all: give the lease back for another try elsewhere.
            self.owned.discard(table_id)
            if self.cluster is not None:
                await self.cluster.release(table_id)
            raise
        if runtime is None or not runtime.live:
            self.owned.discard(table_id)
            if self.cluster is not None:
                await self.cluster.release(table_id)
            return runtime
        runtime.start_timers_and_bots()
        log.info("table %s taken over at action %d", table_id, runtime.seq)
        return runtime

    async def _cluster_forever(self) -> None:
        assert self.cluster is not None
        beat = self.cluster.lease_seconds / 3
        rounds = 0
        while True:
            steps = [self._keep_leases, self._check_relayed, self._check_hosted]
            if rounds % 2 == 0:
                steps.append(self._take_unowned)
            for step in steps:  # one failing step must not stop the renewals
                try:
                    await step()
                except Exception:
                    log.exception("the lease round failed in %s", step.__name__)
            rounds += 1
            await asyncio.sleep(beat)

    async def _keep_leases(self) -> None:
        """Tell the renewing thread the loop is alive; give back the leases of tables that
        ended; drop tables whose lease was lost."""
        cluster = self.cluster
        assert cluster is not None
        cluster.beat = time.monotonic()
        # A table being created or loaded is owned before it is in memory: renew it too.
        for table_id in [t for t in self.owned if t in self.tables and not self.tables[t].live]:
            self.owned.discard(table_id)
            await cluster.release(table_id)  # finished or closed: nothing left to own
        lost = []
        while cluster.lost:
            lost.append(cluster.lost.popleft())
        for table_id in lost:
            if table_id not in self.owned:
                continue
            log.error("table %s: lease lost; another process serves it now", table_id)
            self.owned.discard(table_id)
            runtime = self.tables.pop(table_id, None)
            if runtime is not None:
                for conn in [c for c in cluster.hosted.values() if c in runtime.connections]:
                    cluster.hosted.pop(conn.conn_id, None)
                    conn.inbox.put_nowait(None)
                runtime.close(CLOSE_MOVED)

    async def _check_relayed(self) -> None:
        """Close relayed sockets whose table changed owner: the client reconnects."""
        cluster = self.cluster
        assert cluster is not None
        relayed = list(cluster.relayed.items())
        owners = await cluster.owners([table for _, (_, table, _) in relayed])
        for (conn_id, (conn, _table, node)), owner in zip(relayed, owners, strict=True):
            if owner != node:
                conn.push(
                    error_frame(
                        TableError.of(N_("this table moved to another process: reconnecting")),
                        tr=conn.tr,
                    )
                )
                conn.close(CLOSE_MOVED)
                cluster.relayed.pop(conn_id, None)

    async def _check_hosted(self) -> None:
        """Detach sockets relayed by a process that has died (its heartbeat ran out)."""
        cluster = self.cluster
        assert cluster is not None
        gateways = sorted({c.gateway for c in cluster.hosted.values()})
        if not gateways:
            return
        alive = await cluster.redis.mget([f"topsecret:alive:{g}" for g in gateways])
        dead = {g for g, a in zip(gateways, alive, strict=True) if a is None}
        for conn in [c for c in cluster.hosted.values() if c.gateway in dead]:
            await self._detach_hosted(conn.conn_id)

    async def _take_unowned(self) -> None:
        """Take over live tables nobody holds (their process died and the lease ran out)."""
        cluster = self.cluster
        assert cluster is not None
        ids = await self.store.read(self.store.unfinished_table_ids)
        candidates = [t for t in ids if t not in self.owned]
        owners = await cluster.owners(candidates)
        free = [t for t, owner in zip(candidates, owners, strict=True) if owner is None]
        random.shuffle(free)
        taken = 0
        for table_id in free:
            if taken >= TAKE_PER_SCAN:
                break
            if await cluster.acquire(table_id):
                await self._take(table_id)
                taken += 1

    async def on_call(self, data: dict[str, Any]) -> dict[str, Any] | None:
        """Answer another process: attach or detach a relayed socket, or a table request."""
        op = data["op"]
        if op == "detach":
            await self._detach_hosted(data["conn"])
            return None
        table_id = data["table"]
        runtime = self.tables.get(table_id) if table_id in self.owned else None
        if runtime is None:
            raise CallFailed(
                message_text(
                    TableError.of(N_("this table is not served here any more: try again")),
                    translator(data.get("lang") or "en"),
                ),
                503,
                1.0,
            )
        # The gateway's reader reads the answer: it is written in their language.
        tr = translator(data.get("lang") or "en")
        try:
            if op == "attach":
                return await self._attach_hosted(runtime, data)
            if op == "perform":
                return await self.perform(
                    runtime, data["request"], data.get("args", {}), data.get("client", "")
                )
            raise TableError.of(N_("unknown call {op}"), op=repr(op))
        except HostOnly as exc:
            raise CallFailed(message_text(exc, tr), 403, None, exc.template) from None
        except QuotaError as exc:
            raise CallFailed(message_text(exc, tr), 429, exc.retry_after, exc.template) from None
        except StorageError as exc:
            raise CallFailed(message_text(exc, tr), 503, 1.0, exc.template) from None
        except InvalidRequest as exc:
            raise CallFailed(message_text(exc, tr), 422, None, exc.template) from None
        except TableError as exc:
            raise CallFailed(message_text(exc, tr), 409, None, exc.template) from None

    async def _attach_hosted(self, runtime: TableRuntime, data: dict[str, Any]) -> dict[str, Any]:
        assert self.cluster is not None
        seat = runtime.authenticate(data.get("token"))
        conn = RemoteConnection(seat, self.cluster, data["from"], data["conn"])
        conn.tr = translator(data.get("lang") or "en")
        async with runtime.lock:
            crowded = runtime.crowded(seat, self.limits)
            if crowded is not None:
                raise QuotaError(str(crowded)).with_message_of(crowded)
            self.cluster.hosted[conn.conn_id] = conn
            conn.worker = asyncio.get_running_loop().create_task(self._pump(runtime, conn))
            await runtime.attach(conn)
        return {"seat": seat}

    async def _pump(self, runtime: TableRuntime, conn: RemoteConnection) -> None:
        """A relayed socket's messages, handled in order as if the socket were here."""
        while True:
            text = await conn.inbox.get()
            if text is None:
                return
            try:
                message = CLIENT_MESSAGE.validate_json(text)
            except ValidationError:
                continue  # the gateway checked it already
            if self.handle_message is not None:
                await self.handle_message(runtime, conn, message)

    async def _detach_hosted(self, conn_id: str) -> None:
        assert self.cluster is not None
        conn = self.cluster.hosted.pop(conn_id, None)
        if conn is None:
            return
        runtime = next((t for t in self.tables.values() if conn in t.connections), None)
        conn.closed = True  # the gateway has gone: send it nothing more
        conn.inbox.put_nowait(None)
        if runtime is not None:
            async with runtime.lock:
                runtime.detach(conn)

    async def perform(
        self, runtime: TableRuntime, op: str, args: dict[str, Any], client: str
    ) -> dict[str, Any]:
        """A table request (info, join, leave, close), wherever it arrived."""
        if op == "info":
            return runtime.info().model_dump()
        async with runtime.lock:
            if op == "join":
                request = JoinTable.model_validate(args["request"])
                seat, token = await self.join(runtime, request, client)
                return {"table_id": runtime.id, "seat": seat, "token": token}
            if op == "leave":
                await self.leave(runtime, args["token"])
                return {"status": "left"}
            if op == "close":
                if not runtime.is_host(args["token"]):
                    raise HostOnly.of(N_("only the table's host may close it"))
                await runtime.shut(N_("closed by its host"), CLOSE_TABLE_CLOSED)
                return {"status": "closed"}
            if op == "reseat":
                # Never asked for by a client directly: the rematch does it once the
                # player proved their seat at the finished table.
                return {"token": await self._reseat(runtime, int(args["seat"]))}
        raise TableError.of(N_("unknown request {op}"), op=repr(op))

    async def _reseat(self, runtime: TableRuntime, index: int) -> str:
        """A fresh token for a person's seat (the old one is no longer valid)."""
        if not 0 <= index < runtime.players or not runtime.seats[index].is_person:
            raise TableError.of(N_("a bot plays this seat at the rematch"))
        seat = runtime.seats[index]
        before = seat.token_hash
        token = new_token()
        seat.token_hash = hash_token(token)
        try:
            await self.store.write(self.store.update_seat, runtime.id, seat.data())
        except Exception as exc:
            seat.token_hash = before
            raise storage_failure(exc) from None
        return token

    # -- rematches --------------------------------------------------------------------

    async def rematch(self, old: TableRuntime, token: str, client: str) -> dict[str, Any]:
        """A finished table's player asks for the rematch: the same game, options and
        settings (under today's rules version, as every new table), people where people sat
        and the same bots; in a game whose rules have tied
        players play again (``play_again_on_tie``, SpyWorld §Final Score), only the tied
        seats, and only they may ask. Set up once and stored (a restart finds it again);
        every seated player still at the old table is sent their seat, each caller gets
        theirs: the token given out before, or, when this process has forgotten it (a
        restart, another process), a fresh one for the same seat."""
        async with old.lock:
            seat = old.authenticate(token)
            if seat is None:
                raise TableError.of(N_("only the table's players may ask for a rematch"))
            if not old.state.is_over():
                raise TableError.of(N_("the game is not over yet"))
            link = await self.store.read(self.store.load_rematch, old.id)
            if link is None:
                order = rematch_seats(old.game, old.players, old.state.scores())
                if seat not in order:
                    raise self._tied_only(old, order)
                link = await self._set_up_rematch(old, order, client)
            new_id, order = link
            if seat not in order:
                raise self._tied_only(old, order)
            known = old.rematch[1] if old.rematch is not None and old.rematch[0] == new_id else {}
            if seat not in known:
                known = {**known, seat: await self._reseat_at(new_id, order.index(seat), client)}
                old.rematch = (new_id, known)
            return {"table_id": new_id, "seat": order.index(seat), "token": known[seat]}

    def _tied_only(self, old: TableRuntime, order: list[int]) -> TableError:
        names = [old.seats[s].name or f"Player {s + 1}" for s in order]
        if len(names) == 1:
            return TableError.of(
                N_("the rules have only the tied players play again: {names}"), names=names[0]
            )
        return TableError.of(
            N_("the rules have only the tied players play again: {names} and {last}"),
            names=", ".join(names[:-1]),
            last=names[-1],
        )

    async def _set_up_rematch(
        self, old: TableRuntime, order: list[int], client: str
    ) -> tuple[str, list[int]]:
        """Create the rematch table with the people of ``order`` seated; store the link and
        send the seats to those still here (call under the old table's lock)."""
        people = [s for s in order if old.seats[s].is_person]
        created = await self.create(
            CreateTable(
                game=old.game.id,
                players=len(order),
                options=rematch_options(old.game, old.options),
                seats=[None if old.seats[s].is_person else old.seats[s].bot for s in order],
                name=old.seats[people[0]].name or f"Player {people[0] + 1}",
                settings=old.settings,
                private=old.private,
            ),
            client,
        )
        new, first, first_token, invite = created[0], created[1], created[2], created[4]
        tokens: dict[int, str] = {}
        if first is not None and first_token is not None:
            tokens[order[first]] = first_token
        async with new.lock:
            for other in people[1:]:
                claimed, other_token = await new.claim(
                    old.seats[other].name or f"Player {other + 1}", order.index(other), invite
                )
                tokens[order[claimed]] = other_token
        if not await self.store.write(self.store.save_rematch, old.id, new.id, order):
            # Another process set one up first: that one is played, this one closed.
            async with new.lock:
                await new.shut(
                    N_("closed: the rematch was set up at another table"), CLOSE_TABLE_CLOSED
                )
            stored = await self.store.read(self.store.load_rematch, old.id)
            if stored is None:
                raise TableError.of(N_("the rematch could not be set up: try again"))
            return stored
        old.rematch = (new.id, tokens)
        for conn in list(old.connections):
            if conn.seat is not None and conn.seat in tokens:
                conn.push(
                    RematchFrame(
                        table_id=new.id, seat=order.index(conn.seat), token=tokens[conn.seat]
                    ).model_dump_json()
                )
        return new.id, order

    async def _reseat_at(self, table_id: str, index: int, client: str) -> str:
        """A fresh token for a seat of the table ``table_id``, wherever it is served."""
        where = await self.locate(table_id)
        if where is None:
            raise TableError.of(N_("the rematch table no longer exists"))
        if isinstance(where, str):
            assert self.cluster is not None
            try:
                reply = await self.cluster.call(
                    where,
                    "perform",
                    table=table_id,
                    request="reseat",
                    args={"seat": index},
                    client=client,
                )
            except CallFailed as exc:
                raise TableError(str(exc)) from None
            return str(reply["token"])
        return str((await self.perform(where, "reseat", {"seat": index}, client))["token"])

    async def shutdown(self) -> None:
        """Stop: tables closed, leases given back at once so others take over quickly."""
        if self._cluster_task is not None:
            self._cluster_task.cancel()
        live = sum(1 for runtime in self.tables.values() if runtime.live)
        self.close()
        if self.cluster is not None:
            given = len(self.owned)
            for table_id in list(self.owned):
                await self.cluster.release(table_id)
            await self.cluster.stop()
            log.info("stopped: %d table(s) handed over to the other processes", given)
        else:
            log.info("stopped: %d table(s) in play, all stored, resume at the next start", live)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep for expired and abandoned tables failed")

    async def sweep(self) -> list[str]:
        """Close tables by rule: still waiting ``waiting_expire_seconds`` after creation
        (expired), or in play with no socket open for ``abandoned_seconds`` (abandoned)."""
        now, clock = time.time(), time.monotonic()
        closed = []
        for runtime in list(self.tables.values()):
            reason = self._closing_reason(runtime, now, clock)
            if reason is None:
                continue
            async with runtime.lock:
                if self._closing_reason(runtime, time.time(), time.monotonic()) is None:
                    continue
                await runtime.shut(reason, CLOSE_TABLE_CLOSED)
                closed.append(runtime.id)
        return closed

    def _closing_reason(self, runtime: TableRuntime, now: float, clock: float) -> str | None:
        limits = self.limits
        if (
            runtime.status == "waiting"
            and now - runtime.created_at >= limits.waiting_expire_seconds
        ):
            return EXPIRED.format(minutes=f"{limits.waiting_expire_seconds / 60:g}")
        unwatched = runtime.unwatched_since
        if (
            runtime.status == "playing"
            and unwatched is not None
            and clock - unwatched >= limits.abandoned_seconds
        ):
            return ABANDONED.format(minutes=f"{limits.abandoned_seconds / 60:g}")
        return None

    async def get(self, table_id: str) -> TableRuntime | None:
        """The table in memory, or loaded from storage (reads off the event loop)."""
        runtime = self.tables.get(table_id)
        if runtime is not None or not 0 < len(table_id) <= 32:
            return runtime
        data = await self.store.read(self.store.load_table, table_id)
        if data is None:
            return None
        rows = (
            [] if data.status == "damaged" else await self.store.read(self.store.load_log, table_id)
        )
        runtime = self.tables.get(table_id)  # loaded by another request meanwhile
        if runtime is not None:
            return runtime
        runtime, damage = self._build(data, rows)
        self.tables[table_id] = runtime
        if damage is not None:
            try:
                await self.store.write(self.store.mark_damaged, table_id, damage)
            except Exception:
                log.exception("table %s: could not store its quarantine", table_id)
        self._forget_old_finished()
        return runtime

    def _forget_old_finished(self) -> None:
        finished = [t for t in self.tables.values() if not t.live and not t.connections]
        finished.sort(key=lambda t: t.created_at)
        for runtime in finished[: max(0, len(finished) - FINISHED_KEPT)]:
            runtime.close()
            del self.tables[runtime.id]

    async def create(
        self, request: CreateTable, client: str = "local"
    ) -> tuple[TableRuntime, int | None, str | None, str, str | None]:
        """A new table; the creator takes the first person seat if they gave a name.

        Returns the table, the creator's seat and token, the host token (which may close
        the table; the seat token when the creator took one) and the invite code of a
        private table.
        """
        limits = self.limits
        creator = client_key(client)
        counted = limits.counts(client)
        if counted:
            if self.cluster is not None:  # tables of every process count
                mine = await self.store.read(self.store.count_live_by_creator, creator)
            else:
                mine = sum(1 for t in self.tables.values() if t.live and t.creator == creator)
            if mine >= limits.live_tables_per_client:
                raise _quota(
                    N_(
                        "you have {count} unfinished tables already (at most {most}): finish "
                        "or close one first"
                    ),
                    limits.table_every,
                    count=mine,
                    most=limits.live_tables_per_client,
                )
        if sum(1 for t in self.tables.values() if t.live) >= limits.max_live_tables:
            raise TableError.of(N_("this server is full: try again when some games have finished"))
        try:
            game = get_game(request.game)
        except UnknownName as exc:
            raise InvalidRequest(str(exc)).with_message_of(exc) from None
        for spec in game.option_specs:
            # Some text options may name a file on the server, such as a custom map: the host
            # may use such files from the command line, browsers only the listed values.
            given = request.options.get(spec.name, spec.default)
            if not spec.safe_for_remote(given):
                # The default first, then the suggestions, each once (the default is often
                # among them).
                values = dict.fromkeys((spec.default, *(spec.suggestions or ())))
                listed = ", ".join(repr(v) for v in values)
                raise InvalidRequest.of(
                    N_(
                        "option '{name}' may name a file on the server, so from the browser "
                        "it takes only {listed}"
                    ),
                    name=spec.name,
                    listed=listed,
                )
        try:
            game.check_players(request.players)
            # Earlier rules versions are for replaying stored tables, not for new ones.
            options = game.new_table_options(request.options)
            # Some options are only understood when the table is set up (a list of seats,
            # a board's file): set one up now, so a bad value is refused before it is stored.
            game.new_state(request.players, options, seed=0)
        except (InvalidOptions, DataFileError) as exc:
            raise InvalidRequest(str(exc)).with_message_of(exc) from None
        seats = request.seats if request.seats is not None else [None] * request.players
        if len(seats) != request.players:
            raise InvalidRequest.of(
                N_("give one entry per seat: {players} seats, {given}"),
                players=request.players,
                given=len(seats),
            )
        for bot in [*seats, request.settings.takeover_bot]:
            if bot is not None:
                try:
                    check_bot_name(game, bot)
                except UnknownName as exc:
                    raise InvalidRequest(str(exc)).with_message_of(exc) from None
        if counted:
            wait = await self._create_rate.acquire(client)
            if wait:
                raise _quota(
                    N_("too many new tables from your address: try again in {seconds} s"),
                    wait,
                    seconds=f"{wait:.0f}",
                )
        token: str | None = None
        seat_rows = [SeatData(i, bot, bot, None, False) for i, bot in enumerate(seats)]
        seat: int | None = None
        if request.name is not None:
            seat = next((i for i, bot in enumerate(seats) if bot is None), None)
            if seat is None:
                raise InvalidRequest.of(N_("every seat is a bot: there is no seat for you"))
            token = new_token()
            seat_rows[seat] = SeatData(seat, None, request.name, hash_token(token), False)
        host = token if token is not None else new_token()
        invite = new_token() if request.private else None
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
            private=request.private,
            invite_hash=hash_token(invite) if invite is not None else None,
            host_hash=hash_token(host),
            creator=creator,
        )
        if self.cluster is not None:
            # The creating process serves the new table: its lease comes before its row.
            if not await self.cluster.acquire(data.id):
                raise TableError.of(N_("could not set up the table: try again"))
            self.owned.add(data.id)
        try:
            await self.store.write(self.store.create_table, data)
        except Exception as exc:
            log.exception("could not store a new table")
            if self.cluster is not None:
                self.owned.discard(data.id)
                await self.cluster.release(data.id)
            raise storage_failure(exc) from None
        runtime = self._attached(TableRuntime(data, game, self.store))
        self.tables[data.id] = runtime
        log.info(
            "table %s set up: %s, %d seats (%d bots)%s",
            data.id,
            game.id,
            data.players,
            sum(s.bot is not None for s in seat_rows),
            ", private" if data.private else "",
        )
        runtime.start_timers_and_bots()
        return runtime, seat, token, host, invite

    async def join(self, runtime: TableRuntime, request: JoinTable, client: str) -> tuple[int, str]:
        """Take a seat, within the client's rate of joins (call under the table's lock)."""
        if self.limits.counts(client):
            wait = await self._join_rate.acquire(client)
            if wait:
                raise _quota(
                    N_("too many seats taken from your address: try again in {seconds} s"),
                    wait,
                    seconds=f"{wait:.0f}",
                )
        return await runtime.claim(request.name, request.seat, request.invite)

    async def leave(self, runtime: TableRuntime, token: str) -> None:
        seat = runtime.authenticate(token)
        if seat is None:
            raise TableError.of(N_("a spectator holds no seat to leave"))
        await runtime.leave(seat)

    async def listing(
        self,
        status: str | None = None,
        game: str | None = None,
        players: int | None = None,
        limit: int = 20,
        offset: int = 0,
    ) -> dict[str, Any]:
        """One page of public tables, newest first: ``open`` (waiting for players),
        ``playing``, ``finished`` and ``damaged`` (quarantined, with the reason), each cut to
        ``limit`` from ``offset``, with totals. ``status`` (one of the four) fills only that
        list; private tables never appear."""
        limit = max(1, min(limit, MAX_PAGE))
        offset = max(0, offset)
        if self.cluster is not None:
            # Live tables are spread over the processes: list them from storage.
            out = await self.store.read(self._stored_live, status, game, players, limit, offset)
        else:
            out = self._live_here(status, game, players, limit, offset)
        stored = await self.store.read(self._stored_listing, status, game, players, limit, offset)

        out["total"]["damaged"], damaged, out["total"]["finished"], finished = stored
        out["damaged"] = [
            {"id": d.id, "game": d.game, "players": d.players, "reason": d.closed_reason}
            for d in damaged
        ]
        out["finished"] = [
            {
                "id": d.id,
                "game": d.game,
                "players": d.players,
                "scores": d.scores,
                "finished_at": d.finished_at,
                "names": [s.name for s in d.seats],
            }
            for d in finished
        ]
        return out

    def _live_here(
        self, status: str | None, game: str | None, players: int | None, limit: int, offset: int
    ) -> dict[str, Any]:
        live = sorted(
            (
                t
                for t in self.tables.values()
                if t.live
                and not t.private
                and (game is None or t.game.id == game)
                and (players is None or t.players == players)
            ),
            key=lambda t: -t.created_at,
        )
        groups = {
            "open": [t for t in live if t.status == "waiting"],
            "playing": [t for t in live if t.status == "playing"],
        }
        out: dict[str, Any] = {"limit": limit, "offset": offset, "total": {}}
        for key, rows in groups.items():
            out["total"][key] = len(rows)
            wanted = status in (None, key)
            out[key] = (
                [t.info().model_dump() for t in rows[offset : offset + limit]] if wanted else []
            )
        return out

    def _stored_live(
        self, status: str | None, game: str | None, players: int | None, limit: int, offset: int
    ) -> dict[str, Any]:
        """Open and playing tables as storage has them (connections are not known here)."""
        out: dict[str, Any] = {"limit": limit, "offset": offset, "total": {}}
        for key, stored_status in (("open", "waiting"), ("playing", "playing")):
            out["total"][key] = self.store.count_tables(stored_status, game, players)
            rows = (
                self.store.recent_tables(stored_status, limit, offset, game, players)
                if status in (None, key)
                else []
            )
            out[key] = [stored_info(d).model_dump() for d in rows]
        return out

    def _stored_listing(
        self, status: str | None, game: str | None, players: int | None, limit: int, offset: int
    ) -> tuple[int, list[TableData], int, list[TableData]]:
        """Damaged and finished tables come from storage (in a worker thread)."""
        store = self.store
        damaged = (
            store.recent_tables("damaged", limit, offset, game, players)
            if status in (None, "damaged")
            else []
        )
        finished = (
            store.recent_tables("finished", limit, offset, game, players)
            if status in (None, "finished")
            else []
        )
        return (
            store.count_tables("damaged", game, players),
            damaged,
            store.count_tables("finished", game, players),
            finished,
        )

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for runtime in self.tables.values():
            runtime.close()


def rematch_seats(game: Game, players: int, scores: list[float]) -> list[int]:
    """The seats of a finished game that play its rematch, in order: every seat, or only
    the tied winners when the game's rules have tied players play again to determine the
    winner (``play_again_on_tie``; SpyWorld §Final Score)."""
    if getattr(game, "play_again_on_tie", False) and scores:
        best = max(scores)
        tied = [seat for seat, score in enumerate(scores) if score == best]
        if len(tied) >= max(2, game.min_players):
            return tied
    return list(range(players))


def rematch_options(game: Game, played: dict[str, Any]) -> dict[str, Any]:
    """A rematch's options: every value the finished table played with, its earlier rules'
    defaults included (a table stored before an option existed played that option's old
    value), named as plain options of a table made under today's rules, as new tables are.
    A value new tables may not take (under an option's ``new_table_minimum``, as a rules-1
    wink table's instant looks) is raised to the least they may."""
    resolved = game.resolve_options(played)
    for spec in game.option_specs:
        least, value = spec.new_table_minimum, resolved[spec.name]
        if least is not None and isinstance(value, int) and value < least:
            resolved[spec.name] = least
    return {name: value for name, value in resolved.items() if name != RULES}


def stored_info(data: TableData) -> TableInfo:
    """A table's public info from its stored row (for a table served by another process)."""
    game = get_game(data.game)
    return TableInfo(
        id=data.id,
        game=data.game,
        title=game.title,
        players=data.players,
        status=data.status,
        options=data.options,
        settings=TableSettings.model_validate(data.settings),
        seats=[
            SeatInfo(
                seat=s.seat,
                name=s.name,
                bot=s.bot,
                open=s.bot is None and s.token_hash is None,
                connected=False,
                away=s.away,
            )
            for s in data.seats
        ],
        play_style=game.play_style,
        created_at=data.created_at,
        private=data.private,
        closed_reason=data.closed_reason,
    )


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


def _quota(template: str, retry_after: float, **params: object) -> QuotaError:
    """A refusal for asking too much, in each reader's language, retried after a while."""
    error = QuotaError.of(template, **params)
    error.retry_after = retry_after
    return error
