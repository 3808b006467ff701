"""Several server processes on one PostgreSQL database, joined by Redis.

Each live table is owned by one process at a time through a lease (a Redis key holding the
owner's node id, with a time to live the owner keeps renewing). The owner holds the table in
memory and does everything a single server does: it applies, commits, then tells. A player
may connect to any process: a process that does not own the table is a gateway, passing the
client's messages to the owner and the owner's frames back, over Redis pub/sub (one channel
per process). When a process dies its leases run out, another process takes its tables and
rebuilds each one by replaying its log, exactly as a restart does; gateways close the sockets
they relayed for it (code 1012), and clients reconnect and get a full frame from the new
owner. The action log's primary key (table, seq) fences a stale owner: two processes can
never both store the same step.

The default install does not need Redis: ``topsecret serve`` without ``--redis`` never
imports this module's client.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import secrets
import socket
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import orjson

from ..core import TopSecretError
from ..core.errors import N_
from ..i18n import message_text, translator
from .limits import ConnectionCounter, Limits, RateLimiter, client_key
from .tables import Connection, out_of_touch

log = logging.getLogger("topsecret.server")

#: Seconds a lease lasts unless its owner renews it; the owner renews every third of it.
LEASE_SECONDS = 10.0
#: Seconds a gateway waits for the owner to answer a call.
CALL_TIMEOUT = 5.0
#: At most this many unowned tables are taken over per scan (so survivors share them).
TAKE_PER_SCAN = 12

_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""

# Sockets per client address over every live process: each process keeps its own counts
# (topsecret:conns:<node>, by hashed address); a process whose heartbeat ran out is dropped
# from the sum, so a killed process's sockets do not count against anyone for long.
_ENTER = """
local total = 0
for _, node in ipairs(redis.call('smembers', 'topsecret:nodes')) do
  if node == ARGV[3] or redis.call('exists', 'topsecret:alive:' .. node) == 1 then
    local held = tonumber(redis.call('hget', 'topsecret:conns:' .. node, ARGV[1]) or '0')
    total = total + math.max(0, held)
  else
    redis.call('srem', 'topsecret:nodes', node)
    redis.call('del', 'topsecret:conns:' .. node)
  end
end
if total >= tonumber(ARGV[2]) then
  return 0
end
redis.call('sadd', 'topsecret:nodes', ARGV[3])
redis.call('hincrby', 'topsecret:conns:' .. ARGV[3], ARGV[1], 1)
return 1
"""
_LEAVE = """
if redis.call('hincrby', KEYS[1], ARGV[1], -1) <= 0 then
  redis.call('hdel', KEYS[1], ARGV[1])
end
return 0
"""
# A token bucket per client address shared by every process, on Redis's clock.
_TAKE = """
local now = redis.call('time')
now = tonumber(now[1]) + tonumber(now[2]) / 1000000
local burst, every = tonumber(ARGV[1]), tonumber(ARGV[2])
local held = redis.call('hmget', KEYS[1], 'tokens', 'at')
local tokens, at = tonumber(held[1]) or burst, tonumber(held[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / every)
local wait = 0
if tokens < 1 then
  wait = (1 - tokens) * every
else
  tokens = tokens - 1
end
redis.call('hset', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('pexpire', KEYS[1], math.ceil(burst * every * 1000) + 1000)
return tostring(wait)
"""

Handler = Callable[[dict[str, Any]], Awaitable[dict[str, Any] | None]]

#: First byte of a message carrying frames (other messages are JSON objects, "{...").
FRAMES = b"F"


def pack(batch: list[tuple[str, bytes | tuple[str, str]]]) -> list[tuple[str, bytes]]:
    """Messages to publish for queued items, in order for each channel: the frames queued
    together for one process become one message, ``F`` then ``<conn id> <frame>`` items
    separated by NUL bytes (a JSON text never holds a raw NUL, and connection ids are hex).

    Before, every frame was a JSON message of its own with the frame escaped inside it:
    three processes published 5.3 messages per action (2.1 since; docs/server.md, Load)."""
    out: list[tuple[str, bytes]] = []
    frames: dict[str, list[bytes]] = {}
    for channel, item in batch:
        if isinstance(item, tuple):
            conn_id, frame = item
            frames.setdefault(channel, []).append(f"{conn_id} {frame}".encode())
            continue
        waiting = frames.pop(channel, None)
        if waiting:  # frames queued before this message go first
            out.append((channel, FRAMES + b"\x00".join(waiting)))
        out.append((channel, item))
    out.extend((channel, FRAMES + b"\x00".join(items)) for channel, items in frames.items())
    return out


def unpack_frames(payload: bytes) -> list[tuple[str, str]]:
    """The (connection id, frame) items of a message made by :func:`pack`."""
    items = []
    for part in payload[1:].split(b"\x00"):
        conn_id, _, frame = part.partition(b" ")
        items.append((conn_id.decode(), frame.decode()))
    return items


class CallFailed(Exception):
    """The owner answered a call with an error (``status`` is the HTTP status to use)."""

    def __init__(
        self,
        message: str,
        status: int,
        retry_after: float | None = None,
        template: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after
        #: The English template of the owner's error (``message`` is in the caller's
        #: language already), passed on to the client for programs.
        self.template = template


class RemoteConnection(Connection):
    """At the owner: a socket held by a gateway; frames go to it over pub/sub, in order."""

    def __init__(self, seat: int | None, cluster: Cluster, gateway: str, conn_id: str) -> None:
        super().__init__(seat)
        self.cluster = cluster
        self.gateway = gateway
        self.conn_id = conn_id
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.worker: asyncio.Task[None] | None = None

    def push(self, frame: str) -> None:
        if not self.closed:
            self.cluster.send_frame(self.gateway, self.conn_id, frame)

    def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.cluster.send(self.gateway, {"t": "close", "conn": self.conn_id, "code": code})
            self.inbox.put_nowait(None)


class SharedConnectionCounter(ConnectionCounter):
    """Open WebSockets per client address, counted over every process (through Redis).

    If Redis does not answer, this process counts on its own until it does (a client is
    then bounded per process, as without ``--redis``)."""

    def __init__(self, limits: Limits, cluster: Cluster) -> None:
        super().__init__(limits)
        self.cluster = cluster
        self._enter = cluster.redis.register_script(_ENTER)
        self._leave = cluster.redis.register_script(_LEAVE)
        #: Sockets of this process counted in Redis, by client address.
        self.shared: dict[str, int] = {}
        self._pending: set[asyncio.Task[None]] = set()

    async def enter(self, client: str) -> bool:
        if not self.limits.counts(client):
            return True
        try:
            allowed = await self._enter(
                args=[client_key(client), self.limits.connections_per_client, self.cluster.node]
            )
        except Exception:
            log.exception("counting a socket in Redis failed; counting it here only")
            return self.try_open(client)
        if allowed:
            self.shared[client] = self.shared.get(client, 0) + 1
        return bool(allowed)

    def closed(self, client: str) -> None:
        count = self.shared.get(client, 0)
        if count <= 0:
            super().closed(client)  # counted here only, or not at all
            return
        if count > 1:
            self.shared[client] = count - 1
        else:
            del self.shared[client]
        task = asyncio.get_running_loop().create_task(self._release(client))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _release(self, client: str) -> None:
        try:
            await self._leave(
                keys=[f"topsecret:conns:{self.cluster.node}"], args=[client_key(client)]
            )
        except Exception:
            log.exception("uncounting a socket in Redis failed")


class SharedRateLimiter(RateLimiter):
    """A client's token bucket shared by every process (through Redis, on its clock).

    If Redis does not answer, this process's own bucket decides until it does."""

    def __init__(self, cluster: Cluster, kind: str, burst: int, every: float) -> None:
        super().__init__(burst, every)
        self.kind = kind
        self._take = cluster.redis.register_script(_TAKE)

    async def acquire(self, client: str) -> float:
        try:
            wait = await self._take(
                keys=[f"topsecret:rate:{self.kind}:{client_key(client)}"],
                args=[self.burst, self.every],
            )
        except Exception:
            log.exception("a shared rate in Redis failed; using this process's own")
            return self.take(client)
        return float(wait)


@contextlib.contextmanager
def _answering() -> Iterator[None]:
    """Redis's failures (unreachable, timed out) as the refusal of a process out of touch."""
    import redis

    try:
        yield
    except (redis.RedisError, OSError, TimeoutError):
        raise out_of_touch() from None


class Cluster:
    """This process's leases, its pub/sub channel, and the calls it makes and answers."""

    def __init__(self, redis_url: str, lease_seconds: float = LEASE_SECONDS) -> None:
        try:
            import redis.asyncio as aioredis
        except ImportError:
            raise ImportError(
                "--redis needs the redis client: pip install -e '.[scale]'", name="redis"
            ) from None
        self.url = redis_url
        self.redis: Any = aioredis.from_url(redis_url)
        self.node = f"{socket.gethostname()}-{secrets.token_hex(4)}"
        self.lease_seconds = lease_seconds
        #: Gateway side: local sockets relayed to an owner, by connection id.
        self.relayed: dict[str, tuple[Connection, str, str]] = {}
        #: Owner side: remote sockets attached here, by connection id.
        self.hosted: dict[str, RemoteConnection] = {}
        self._calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        #: Messages for other processes, in order: (channel, JSON bytes) or, for a frame,
        #: (channel, connection id and frame); frames to one process that are queued
        #: together leave in one message.
        self._outbox: asyncio.Queue[tuple[str, bytes | tuple[str, str]]] = asyncio.Queue()
        #: Messages published, and the frames they carried (work counts for benchmarks).
        self.published = 0
        self.frames_relayed = 0
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None
        self._release: Any = None
        self.handler: Handler | None = None
        #: Tables this process holds (the lobby's set; the renewing thread reads it).
        self.owned: set[str] = set()
        #: Leases the renewing thread found taken (the event loop drops those tables).
        self.lost: collections.deque[str] = collections.deque()
        #: When the event loop last ran its lease round (monotonic seconds).
        self.beat = time.monotonic()
        #: When the renewing thread last renewed every lease (monotonic seconds).
        self.renewed = time.monotonic()
        self._stopping = threading.Event()
        self._renewer: threading.Thread | None = None

    def channel(self, node: str) -> str:
        return f"topsecret:node:{node}"

    @staticmethod
    def lease_key(table_id: str) -> str:
        return f"topsecret:lease:{table_id}"

    def connection_counter(self, limits: Limits) -> SharedConnectionCounter:
        """Sockets per client address, counted over every process."""
        return SharedConnectionCounter(limits, self)

    def rate_limiter(self, kind: str, burst: int, every: float) -> SharedRateLimiter:
        """A per-client rate (``kind``: what it limits) shared by every process."""
        return SharedRateLimiter(self, kind, burst, every)

    async def start(self, handler: Handler) -> None:
        self.handler = handler
        await self.redis.ping()
        # Alive at once, so the socket counts of this process are summed from the start.
        ms = int(self.lease_seconds * 1000)
        await self.redis.set(f"topsecret:alive:{self.node}", "1", px=ms)
        self._release = self.redis.register_script(_RELEASE)
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.channel(self.node))
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._send_all())]
        self._renewer = threading.Thread(
            target=self._renew_forever, name="topsecret-leases", daemon=True
        )
        self._renewer.start()

    def _renew_forever(self) -> None:
        """Renew the leases from a thread of its own, so a busy event loop (seconds behind
        under load) keeps its tables instead of losing them to another process. The thread
        renews only while the loop still runs its lease rounds: a loop stuck for three
        leases lets its tables go, and a killed process renews nothing at all."""
        import redis

        client = redis.Redis.from_url(self.url)
        script = client.register_script(_RENEW)
        ms = int(self.lease_seconds * 1000)
        try:
            while not self._stopping.wait(self.lease_seconds / 3):
                if time.monotonic() - self.beat > 3 * self.lease_seconds:
                    continue
                try:
                    started = time.monotonic()
                    client.set(f"topsecret:alive:{self.node}", "1", px=ms)
                    table_ids = tuple(self.owned)
                    if table_ids:
                        pipe = client.pipeline(transaction=False)
                        for table_id in table_ids:
                            script(
                                keys=[self.lease_key(table_id)], args=[self.node, ms], client=pipe
                            )
                        results = pipe.execute()
                        lost = [t for t, ok in zip(table_ids, results, strict=True) if not ok]
                        self.lost.extend(lost)
                    self.renewed = started
                except Exception:
                    log.exception("renewing the leases failed")
        finally:
            client.close()

    def leases_current(self) -> bool:
        """Whether this process's leases are surely still its own: renewed less than two
        thirds of a lease ago (they are renewed every third). Past that, Redis or this
        process may have stalled and another process may be taking its tables over, so it
        stores no action until a renewal goes through again; the last third is the margin
        for a renewal that is late, not lost."""
        return time.monotonic() - self.renewed < self.lease_seconds * 2 / 3

    async def stop(self) -> None:
        self._stopping.set()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        with contextlib.suppress(Exception):  # this process's sockets count no more
            await self.redis.srem("topsecret:nodes", self.node)
            await self.redis.delete(f"topsecret:conns:{self.node}", f"topsecret:alive:{self.node}")
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # -- leases -----------------------------------------------------------------------

    # Where a table is served is Redis's to say: while it does not answer, a request for a
    # table is refused as "try again in a few seconds" (503), not failed with a 500.

    async def acquire(self, table_id: str) -> bool:
        ms = int(self.lease_seconds * 1000)
        with _answering():
            return bool(await self.redis.set(self.lease_key(table_id), self.node, nx=True, px=ms))

    async def owner(self, table_id: str) -> str | None:
        with _answering():
            value = await self.redis.get(self.lease_key(table_id))
        return value.decode() if value is not None else None

    async def owners(self, table_ids: list[str]) -> list[str | None]:
        if not table_ids:
            return []
        with _answering():
            values = await self.redis.mget([self.lease_key(t) for t in table_ids])
        return [v.decode() if v is not None else None for v in values]

    async def release(self, table_id: str) -> None:
        with contextlib.suppress(Exception):
            await self._release(keys=[self.lease_key(table_id)], args=[self.node])

    # -- messages ---------------------------------------------------------------------

    def send(self, node: str, message: dict[str, Any]) -> None:
        """Queue a message for another process (sent in order by one task)."""
        self._outbox.put_nowait((self.channel(node), orjson.dumps(message)))

    def send_frame(self, node: str, conn_id: str, frame: str) -> None:
        """Queue a frame for a socket that process ``node`` relays (in order with the rest)."""
        self._outbox.put_nowait((self.channel(node), (conn_id, frame)))

    async def _send_all(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 1024:
                batch.append(self._outbox.get_nowait())
            messages = pack(batch)
            self.published += len(messages)
            self.frames_relayed += sum(1 for _, item in batch if isinstance(item, tuple))
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for target, payload in messages:
                        pipe.publish(target, payload)
                    await pipe.execute()
            except Exception:
                log.exception("could not publish %d message(s)", len(messages))

    async def call(self, node: str, op: str, **args: Any) -> dict[str, Any]:
        """Ask another process to do something and wait for its answer."""
        call_id = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._calls[call_id] = future
        self.send(node, {"t": "call", "op": op, "id": call_id, "from": self.node, **args})
        try:
            reply = await asyncio.wait_for(future, CALL_TIMEOUT)
        except TimeoutError:
            silent = TopSecretError.of(
                N_("the process that holds this table does not answer: try again in a few seconds")
            )
            # The caller's reader (a request's or socket's ``lang``) reads why.
            reader = translator(str(args.get("lang") or "en"))
            raise CallFailed(
                message_text(silent, reader), 503, self.lease_seconds, silent.template
            ) from None
        finally:
            self._calls.pop(call_id, None)
        if "error" in reply:
            raise CallFailed(
                reply["error"],
                int(reply.get("status", 409)),
                reply.get("retry"),
                reply.get("template"),
            )
        result: dict[str, Any] = reply.get("result") or {}
        return result

    async def _listen(self) -> None:
        async for message in self._pubsub.listen():
            try:
                payload: bytes = message["data"]
                if payload[:1] == FRAMES:
                    for conn_id, frame in unpack_frames(payload):
                        relayed = self.relayed.get(conn_id)
                        if relayed is not None:
                            relayed[0].push(frame)
                    continue
                await self._dispatch(orjson.loads(payload))
            except Exception:
                log.exception("a message from another process could not be handled")

    async def _dispatch(self, data: dict[str, Any]) -> None:
        kind = data.get("t")
        if kind == "frame":
            relayed = self.relayed.get(data["conn"])
            if relayed is not None:
                relayed[0].push(data["frame"])
        elif kind == "close":
            relayed = self.relayed.get(data["conn"])
            if relayed is not None:
                relayed[0].close(int(data.get("code", 1000)))
        elif kind == "reply":
            future = self._calls.get(data["id"])
            if future is not None and not future.done():
                future.set_result(data)
        elif kind == "msg":
            hosted = self.hosted.get(data["conn"])
            if hosted is not None:
                hosted.inbox.put_nowait(data["text"])
        elif kind == "call":
            asyncio.get_running_loop().create_task(self._answer(data))

    async def _answer(self, data: dict[str, Any]) -> None:
        assert self.handler is not None
        reply: dict[str, Any] = {"t": "reply", "id": data["id"]}
        try:
            reply["result"] = await self.handler(data)
        except CallFailed as exc:
            reply.update(
                error=str(exc), status=exc.status, retry=exc.retry_after, template=exc.template
            )
        except Exception as exc:
            log.exception("a call from another process failed")
            reply.update(error=f"{type(exc).__name__}: {exc}", status=500)
        self.send(data["from"], reply)
