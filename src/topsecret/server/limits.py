"""What one server accepts from one client: sizes, connections, idle time.

Every bound is a field of :class:`Limits` (documented in docs/server.md) so a deployment or a
test can change it in one place; the defaults fit the protocol with room to spare.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection

from ..core import TopSecretError
from ..core.errors import N_
from ..i18n import Translator, accepted_language, message_text, translator
from .messages import MAX_CHAT, MAX_CLIENT_FRAME

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Largest HTTP request body, in bytes: a table's setup with every option at its longest
#: is about 11 KB.
MAX_BODY = 32_768


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on what clients may ask of one server process."""

    #: Largest HTTP request body (bytes); larger ones are refused from their headers or as
    #: soon as the count passes it, never read whole.
    max_body: int = MAX_BODY
    #: Largest WebSocket message (bytes); the transport refuses larger frames from their header.
    max_frame: int = MAX_CLIENT_FRAME
    #: Open WebSockets from one client address, over all tables.
    connections_per_client: int = 32
    #: Open WebSockets holding one seat (tabs of the same player).
    connections_per_seat: int = 4
    #: Spectators watching one table.
    spectators_per_table: int = 100
    #: Seconds a new socket has to say hello.
    hello_seconds: float = 10.0
    #: Seconds a socket may stay silent (the web client pings every 30 s) before it is closed.
    idle_seconds: float = 120.0
    #: New tables one client address may create: a burst, then one per ``table_every`` s.
    table_burst: int = 5
    table_every: float = 60.0
    #: Seats one client address may take: a burst, then one per ``join_every`` seconds.
    join_burst: int = 10
    join_every: float = 6.0
    #: Unfinished (waiting or playing) tables one client address may have created.
    live_tables_per_client: int = 8
    #: Unfinished tables on the whole server (a bound on memory).
    max_live_tables: int = 5000
    #: A table still waiting for players this long after its creation is closed (expired).
    waiting_expire_seconds: float = 1800.0
    #: A table in play that no socket (player or spectator) has been open at for this long
    #: is closed (abandoned).
    abandoned_seconds: float = 3600.0
    #: How often the lobby looks for expired and abandoned tables.
    sweep_seconds: float = 30.0
    #: Table talk: the longest line, in characters (at most the protocol's ``MAX_CHAT``).
    chat_length: int = MAX_CHAT
    #: Table talk: lines one seat may say within ``chat_window`` seconds.
    chat_lines: int = 5
    chat_window: float = 10.0
    #: Client addresses the per-client bounds do not apply to (a load test, a trusted proxy).
    exempt: frozenset[str] = field(default_factory=frozenset)

    def counts(self, client: str) -> bool:
        """Whether the per-client bounds apply to this address."""
        return client not in self.exempt


def uvicorn_settings(limits: Limits) -> dict[str, Any]:
    """The transport's share of the limits, for ``uvicorn.run`` or ``uvicorn.Config``."""
    return {
        # A larger WebSocket frame is refused from its header, before its payload is read.
        "ws_max_size": limits.max_frame,
        # Protocol pings find dead peers; ``idle_seconds`` closes silent live ones.
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        # Frames go uncompressed: permessage-deflate costs 32 us of CPU per 3.7 KB vault
        # frame, a third of building it (108 us), on every frame to every socket, and the
        # bytes it saves (3.7 KB to 0.9 KB per update) are a few KB/s per player
        # (docs/server.md, Load).
        "ws_per_message_deflate": False,
        # Request line and headers together (the body is BodyLimit's).
        "h11_max_incomplete_event_size": 16_384,
        "timeout_keep_alive": 5,
    }


def client_address(scope: Scope) -> str:
    """The peer address of an HTTP request or WebSocket (behind a proxy: the proxy's)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def reader(scope: Scope) -> Translator:
    """The language a request or socket is answered in: its ``lang`` query parameter (the
    web client's socket names the page's language), else its ``Accept-Language`` header;
    English when neither names one of ours."""
    connection = HTTPConnection(scope)
    return translator(
        accepted_language(
            connection.query_params.get("lang"), connection.headers.get("accept-language")
        )
    )


class BodyLimit:
    """ASGI middleware: refuse a request body larger than ``limit`` without reading it whole.

    A declared ``Content-Length`` above the limit is answered 413 at once; a body sent in
    chunks is counted as it arrives and refused as soon as it passes the limit.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = self.limit + 1
                if declared > self.limit:
                    await self._refuse(scope, send)
                    return
        received = 0
        started = False

        async def counted_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise _BodyTooLarge(self.limit)
            return message

        async def tracked_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, tracked_send)
        except _BodyTooLarge:
            if not started:
                await self._refuse(scope, send)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        too_large = QuotaError.of(N_("request body larger than {limit} bytes"), limit=self.limit)
        detail = {"detail": message_text(too_large, reader(scope)), "template": too_large.template}
        body = json.dumps(detail).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


class _BodyTooLarge(HTTPException):
    """Raised from ``receive`` when a chunked body passes the limit (answered 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body larger than {limit} bytes")


class ConnectionCounter:
    """Open WebSockets per client address, to refuse one more than the limit allows."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open: dict[str, int] = {}

    def try_open(self, client: str) -> bool:
        if not self.limits.counts(client):
            return True
        count = self.open.get(client, 0)
        if count >= self.limits.connections_per_client:
            return False
        self.open[client] = count + 1
        return True

    async def enter(self, client: str) -> bool:
        """:meth:`try_open` as the server calls it (awaited: several processes share their
        counts through Redis, see ``cluster.SharedConnectionCounter``)."""
        return self.try_open(client)

    def closed(self, client: str) -> None:
        if not self.limits.counts(client):
            return
        count = self.open.get(client, 0) - 1
        if count > 0:
            self.open[client] = count
        else:
            self.open.pop(client, None)


class QuotaError(TopSecretError):
    """A client asked for more than its share; answered 429 with ``Retry-After``."""

    def __init__(self, message: str, retry_after: float = 60.0) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def client_key(client: str) -> str:
    """What is stored about a creating client: a hash of its address, not the address."""
    return hashlib.sha256(f"topsecret-client:{client}".encode()).hexdigest()


class RateLimiter:
    """A token bucket per client: ``burst`` at once, then one more every ``every`` seconds."""

    def __init__(
        self, burst: int, every: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.burst = burst
        self.every = every
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}

    async def acquire(self, client: str) -> float:
        """:meth:`take` as the server calls it (awaited: several processes share their
        buckets through Redis, see ``cluster.SharedRateLimiter``)."""
        return self.take(client)

    def take(self, client: str) -> float:
        """Spend one token; returns 0, or the seconds to wait when there is none left."""
        now = self.clock()
        tokens, at = self._buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) / self.every)
        if tokens < 1.0:
            self._buckets[client] = (tokens, now)
            return (1.0 - tokens) * self.every
        self._buckets[client] = (tokens - 1.0, now)
        if len(self._buckets) > 10_000:
            self._forget_full(now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        """Drop clients whose bucket has filled up again (they are as good as new)."""
        for client, (tokens, at) in list(self._buckets.items()):
            if tokens + (now - at) / self.every >= self.burst:
                del self._buckets[client]


class ChatLimiter:
    """Table talk, per seat of each table: lines of at most ``chat_length`` characters, at
    most ``chat_lines`` of them within ``chat_window`` seconds."""

    #: Seats remembered before the quiet ones are forgotten.
    REMEMBERED = 10_000

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self._said: dict[tuple[str, int], list[float]] = {}

    def check(self, table_id: str, seat: int, text: str) -> None:
        """Raise :class:`QuotaError` when this line may not be said now."""
        limits = self.limits
        if len(text) > limits.chat_length:
            error = QuotaError.of(
                N_("a line of table talk has at most {most} characters (this one has {count})"),
                most=limits.chat_length,
                count=len(text),
            )
            error.retry_after = 0.0
            raise error
        now = self.clock()
        recent = self._recent((table_id, seat), now)
        if len(recent) >= limits.chat_lines:
            wait = limits.chat_window - (now - recent[0])
            error = QuotaError.of(
                N_("slow down: at most {lines} lines in {window} seconds (the next in {wait} s)"),
                lines=limits.chat_lines,
                window=f"{limits.chat_window:g}",
                wait=math.ceil(wait),
            )
            error.retry_after = wait
            raise error

    def said(self, table_id: str, seat: int) -> None:
        """Count a line this seat has said."""
        now = self.clock()
        key = (table_id, seat)
        self._said[key] = [*self._recent(key, now), now]
        if len(self._said) > self.REMEMBERED:
            for other in [k for k in self._said if not self._recent(k, now)]:
                del self._said[other]

    def _recent(self, key: tuple[str, int], now: float) -> list[float]:
        return [t for t in self._said.get(key, []) if now - t < self.limits.chat_window]
