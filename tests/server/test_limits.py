"""Limits: request bodies, socket messages, names, connections and idle sockets are bounded,
and a refused request is told where and why without its input being sent back."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from contextlib import suppress
from typing import Any

import httpx
import pytest
import websockets
from liveserver import LiveServer
from wsclient import SeatClient, create_table, join_table, seated, set_up_table

from topsecret.server import Limits


async def refused(ws_base: str, table_id: str, token: str | None) -> tuple[str, int]:
    """Connect, say hello if still let in, and return the error message and close code."""
    async with websockets.connect(f"{ws_base}/ws/tables/{table_id}") as ws:
        with suppress(websockets.ConnectionClosed):
            await ws.send(json.dumps({"type": "hello", "token": token}))
        message = json.loads(await asyncio.wait_for(ws.recv(), 30))
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 30)
    assert message["type"] == "error" and closed.value.rcvd is not None
    return message["message"], closed.value.rcvd.code


def raw_http(port: int, head: bytes, body: bytes = b"") -> bytes:
    """Send bytes on a plain socket and keep it open; returns the reply."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(head + body)
        reply = b""
        while chunk := sock.recv(65_536):
            reply += chunk
    return reply


def test_a_body_declared_larger_than_the_limit_is_refused_before_it_is_sent(
    sqlite_server: Any,
) -> None:
    # The client announces 100 MB and sends none of it: the answer comes from the headers
    # (a server waiting for the body would never answer; the socket gives up after 30 s).
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100000000\r\n\r\n"
    )
    reply = raw_http(sqlite_server.port, head)
    assert reply.startswith(b"HTTP/1.1 413"), reply[:200]
    assert b"larger than 32768 bytes" in reply and len(reply) < 1024


def test_a_chunked_body_is_refused_as_soon_as_it_passes_the_limit(sqlite_server: Any) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "fakecards", "players": 2, "name": "'
        for _ in range(1_000):  # 1 MB in all, announced without a length
            yield b"x" * 1_000
        yield b'"}'

    response = httpx.post(f"{sqlite_server.http}/api/tables", content=chunks(), timeout=10)
    assert response.status_code == 413
    assert len(response.content) < 1024


def test_validation_errors_say_where_and_why_but_never_echo_the_input(
    sqlite_server: Any,
) -> None:
    base = sqlite_server.http
    long_value = "Q" * 20_000  # under the body limit, far over the option's 200 characters
    response = httpx.post(
        f"{base}/api/tables",
        json={"game": "fakecards", "players": 2, "options": {"rounds": long_value}},
    )
    assert response.status_code == 422
    assert "QQQQ" not in response.text and len(response.content) < 2048
    detail = response.json()["detail"]
    assert all(set(d) == {"loc", "msg", "type"} for d in detail)
    assert any(d["loc"][:3] == ["body", "options", "rounds"] for d in detail)

    # A huge unknown field name is cut short in the location, not returned whole.
    response = httpx.post(
        f"{base}/api/tables", json={"game": "fakecards", "players": 2, "Z" * 10_000: 1}
    )
    assert response.status_code == 422 and len(response.content) < 2048


@pytest.mark.parametrize(
    "body",
    [
        b'{"game": "fakecards", "players": NaN}',
        b'{"game": "fakecards", "players": 2, "settings": {"bot_delay": NaN}}',
        b'{"game": "fakecards", "players": 2, "settings": {"away_seconds": Infinity}}',
        b'{"game": "fakecards", "players": 2, "name": "\\ud800"}',
        b'{"game": "fakecards", "players": 2, "options": {"\\udfff": 1}}',
        b'{"game": "fakecards", "players": 2, "name": "\xff\xfe"}',
        b'{"game": "fakecards", "players": 2, "name": "Ann',
    ],
    ids=["nan", "nan-float", "infinity", "lone-surrogate", "surrogate-key", "bad-utf8", "cut"],
)
def test_bodies_json_cannot_carry_are_refused_not_a_server_error(
    sqlite_server: Any, body: bytes
) -> None:
    response = httpx.post(
        f"{sqlite_server.http}/api/tables",
        content=body,
        headers={"content-type": "application/json"},
    )
    assert response.status_code in (400, 422), response.text
    assert len(response.content) < 2048


def test_display_names_are_bounded_trimmed_and_printable(sqlite_server: Any) -> None:
    base = sqlite_server.http
    for bad in ["", "   ", "x" * 41, "Ann\nBob", "evil\u202egnp", "bell\x07"]:
        response = httpx.post(
            f"{base}/api/tables", json={"game": "fakecards", "players": 2, "name": bad}
        )
        assert response.status_code == 422, bad
    created = create_table(base, game="fakecards", players=2, name="  Ann  ")
    assert created["table"]["seats"][0]["name"] == "Ann"
    joined = join_table(base, created["table"]["id"], "Zoë 👩\u200d👩\u200d👧")
    info = httpx.get(f"{base}/api/tables/{created['table']['id']}").json()
    assert info["seats"][joined["seat"]]["name"] == "Zoë 👩\u200d👩\u200d👧"


def test_a_socket_message_over_the_limit_closes_the_socket_from_its_header(
    sqlite_server: Any,
) -> None:
    table = set_up_table(sqlite_server.http, "Ann", players=2)
    table_id, token = table.id, table.token

    async def scenario() -> None:
        ann = await seated(sqlite_server.ws, table_id, token)
        await ann._ws.send("{" + " " * 20_000 + "}")
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await ann.reply()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        # Text the protocol cannot carry, and a binary frame, are answered with an error.
        ann = await seated(sqlite_server.ws, table_id, token)
        await ann._ws.send(
            '{"type": "act", "seq": 0, "action": {"type": "play", "card": "\\ud800"}}'
        )
        assert (await ann.reply())["type"] == "error"
        await ann._ws.send(b"\x00\x01")
        with pytest.raises(websockets.ConnectionClosed):
            while True:
                await ann.receive()
        # The table is unharmed: a new connection plays on.
        ann = await SeatClient(sqlite_server.ws, table_id, token).connect()
        await ann._ws.send('{"type": "ping"}')
        assert (await ann.reply())["type"] == "pong"
        await ann.close()

    asyncio.run(scenario())


def test_connections_from_one_address_are_bounded(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, Limits(connections_per_client=3)) as server:
        table_id = set_up_table(server.http, "Ann", players=2).id

        async def scenario() -> None:
            held = [await SeatClient(server.ws, table_id, None).connect() for _ in range(3)]
            for client in held:
                await client.update()
            message, code = await refused(server.ws, table_id, None)
            assert "too many connections from your address" in message and code == 4429
            # Closing one makes room for another, once the server has seen it close (the
            # client's close returns before the server has counted it out).
            await held.pop().close()
            deadline = time.monotonic() + 30
            while True:
                again = await SeatClient(server.ws, table_id, None).connect()
                frame = await again.receive(timeout=30)
                if frame["type"] == "update":
                    break
                assert "too many connections" in frame["message"]
                assert time.monotonic() < deadline, "the closed socket was never counted out"
                await again.close()
                await asyncio.sleep(0.05)
            assert frame["you"] is None
            for client in [*held, again]:
                await client.close()

        asyncio.run(scenario())


def test_an_exempt_address_is_not_bounded_per_client(sqlite_url: str) -> None:
    limits = Limits(connections_per_client=1, exempt=frozenset({"127.0.0.1"}))
    with LiveServer(sqlite_url, limits) as server:
        table_id = set_up_table(server.http, "Ann", players=2).id

        async def scenario() -> None:
            held = [await SeatClient(server.ws, table_id, None).connect() for _ in range(4)]
            for client in held:
                assert (await client.update())["type"] == "update"
                await client.close()

        asyncio.run(scenario())


def test_tabs_per_seat_and_spectators_per_table_are_bounded(sqlite_url: str) -> None:
    limits = Limits(connections_per_seat=2, spectators_per_table=2)
    with LiveServer(sqlite_url, limits) as server:
        table = set_up_table(server.http, "Ann", players=2)
        table_id, token = table.id, table.token

        async def scenario() -> None:
            tabs = [await SeatClient(server.ws, table_id, token).connect() for _ in range(2)]
            for tab in tabs:
                await tab.update()
            message, code = await refused(server.ws, table_id, token)
            assert "open in 2 tabs already" in message and code == 4429
            watchers = [await SeatClient(server.ws, table_id, None).connect() for _ in range(2)]
            for watcher in watchers:
                await watcher.update()
            message, code = await refused(server.ws, table_id, None)
            assert "2 spectators already" in message and code == 4429
            # Spectators never take a player's place: a new player still gets in.
            bob = join_table(server.http, table_id, "Bob")
            bob_client = await SeatClient(server.ws, table_id, bob["token"]).connect()
            assert (await bob_client.update())["you"] == 1
            for client in [*tabs, *watchers, bob_client]:
                await client.close()

        asyncio.run(scenario())


def test_silent_sockets_are_closed_and_pinging_ones_are_kept(sqlite_url: str) -> None:
    # Seconds long enough for a busy machine to say hello in time; the talker pings every
    # 0.1 s, far more often than the silence allowed.
    idle = 3.0
    with LiveServer(sqlite_url, Limits(idle_seconds=idle, hello_seconds=2.0)) as server:
        table = set_up_table(server.http, "Ann", players=2)
        table_id = table.id

        async def scenario() -> None:
            # Never says hello: closed after hello_seconds (read once the others are done).
            mute = await websockets.connect(f"{server.ws}/ws/tables/{table_id}")
            silent = await SeatClient(server.ws, table_id, None).connect()
            talker = await SeatClient(server.ws, table_id, table.token).connect()
            await silent.update()
            await talker.update()
            talking_since = time.monotonic()
            farewell = asyncio.create_task(silent.reply(timeout=30))
            # The talker pings until the silent socket is closed and its own talk has lasted
            # twice the silence allowed: only its pings can have kept it open.
            while not farewell.done() or time.monotonic() - talking_since < 2 * idle:
                await talker._ws.send('{"type": "ping"}')
                assert (await talker.reply(timeout=30))["type"] == "pong"
                await asyncio.sleep(0.1)
            assert "without a message" in (await farewell)["message"]
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await silent.receive()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408
            said = json.loads(await asyncio.wait_for(mute.recv(), 30))
            assert said["message"] == "say hello first"
            await talker.close()

        asyncio.run(scenario())
