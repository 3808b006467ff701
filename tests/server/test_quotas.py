"""Quotas and lobby hygiene: per-client rates, a cap on one client's unfinished tables, tables
closed by rule (expired, abandoned) or by their host, private tables, a paged lobby.

Another client is simulated by binding the HTTP client to 127.0.0.2 (any 127/8 address
reaches the loopback server and is seen as a different peer).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import pytest
import websockets
from liveserver import LiveServer
from wsclient import SeatClient, create_table

from topsecret.server import Limits


def other_client(base: str) -> httpx.Client:
    """An HTTP client the server sees at another address."""
    return httpx.Client(
        base_url=base, transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=10
    )


def new_table(base: str, **extra: Any) -> httpx.Response:
    body = {"game": "fakecards", "players": 2, "name": "Ann", **extra}
    return httpx.post(f"{base}/api/tables", json=body, timeout=10)


def test_creating_tables_is_rate_limited_per_client(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, Limits(table_burst=2, table_every=60)) as server:
        assert new_table(server.http).status_code == 200
        assert new_table(server.http).status_code == 200
        third = new_table(server.http)
        assert third.status_code == 429
        assert "too many new tables from your address" in third.json()["detail"]
        assert 1 <= int(third.headers["retry-after"]) <= 60
        # A refused setup costs nothing: a bad request is answered with its reason.
        bad = new_table(server.http, players=9)
        assert bad.status_code == 422 and "2-4 players" in bad.json()["detail"]
        with other_client(server.http) as other:
            body = {"game": "fakecards", "players": 2, "name": "Bob"}
            assert other.post("/api/tables", json=body).status_code == 200


def test_taking_seats_is_rate_limited_per_client(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, Limits(join_burst=2, join_every=60)) as server:
        table_id = new_table(server.http, players=4).json()["table"]["id"]
        join = f"{server.http}/api/tables/{table_id}/join"
        assert httpx.post(join, json={"name": "Bob"}).status_code == 200
        assert httpx.post(join, json={"name": "Cyd"}).status_code == 200
        third = httpx.post(join, json={"name": "Dan"})
        assert third.status_code == 429 and "too many seats" in third.json()["detail"]
        with other_client(server.http) as other:
            assert other.post(join.removeprefix(server.http), json={"name": "Dan"}).is_success


def test_one_client_cannot_fill_the_server_even_across_a_restart(sqlite_url: str) -> None:
    limits = Limits(live_tables_per_client=2, table_burst=10)
    with LiveServer(sqlite_url, limits) as server:
        first = new_table(server.http).json()
        assert new_table(server.http).status_code == 200
        refused = new_table(server.http)
        assert refused.status_code == 429
        assert "2 unfinished tables already" in refused.json()["detail"]
        with other_client(server.http) as other:
            body = {"game": "fakecards", "players": 2, "name": "Bob"}
            assert other.post("/api/tables", json=body).status_code == 200
    with LiveServer(sqlite_url, limits) as server:
        # The creator is stored (as a hash of the address), so a restart forgets nothing.
        assert new_table(server.http).status_code == 429
        closed = httpx.post(
            f"{server.http}/api/tables/{first['table']['id']}/close",
            json={"token": first["host_token"]},
        )
        assert closed.status_code == 200
        assert new_table(server.http).status_code == 200


def test_a_table_nobody_fills_expires_and_its_watchers_are_told(sqlite_url: str) -> None:
    # Three seconds: Ann connects while the table still waits, even on a busy machine.
    limits = Limits(waiting_expire_seconds=3, sweep_seconds=0.2)
    with LiveServer(sqlite_url, limits) as server:
        created = new_table(server.http).json()
        table_id = created["table"]["id"]

        async def watch() -> None:
            ann = await SeatClient(server.ws, table_id, created["token"]).connect()
            assert (await ann.update())["table"]["status"] == "waiting"
            last = await ann.update(timeout=30)
            assert last["table"]["status"] == "closed"
            assert last["table"]["closed_reason"].startswith("expired")
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ann.receive()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410

        asyncio.run(watch())
        listing = httpx.get(f"{server.http}/api/tables").json()
        assert listing["open"] == [] and listing["total"]["open"] == 0
        join = httpx.post(f"{server.http}/api/tables/{table_id}/join", json={"name": "Bob"})
        assert join.status_code == 409 and "closed (expired" in join.json()["detail"]
        # The stored reason is read back into its message: a French reader gets it in French.
        french = httpx.post(
            f"{server.http}/api/tables/{table_id}/join",
            json={"name": "Bob"},
            headers={"Accept-Language": "fr"},
        )
        assert french.json()["detail"] == (
            "cette table est fermée (expirée : personne n'a occupé ses places en 0.05 minutes)"
        )
    with LiveServer(sqlite_url, Limits()) as server:
        assert table_id not in server.app.state.lobby.tables  # not resumed
        info = httpx.get(f"{server.http}/api/tables/{table_id}").json()
        assert info["status"] == "closed" and info["closed_reason"].startswith("expired")


def test_a_socket_opened_on_a_table_already_closed_gets_its_last_frame_then_4410(
    sqlite_url: str,
) -> None:
    """Given a table its host has closed, when a player or a spectator connects to it
    afterwards, then each gets the table's last frame (closed, no legal moves) and the socket
    is closed with 4410, as the sockets open when it closed were: none is left open and
    silent."""
    with LiveServer(sqlite_url, Limits()) as server:
        created = create_table(
            server.http, game="fakecards", players=2, name="Ann", seats=[None, "random"]
        )
        table_id = created["table"]["id"]
        closed = httpx.post(
            f"{server.http}/api/tables/{table_id}/close", json={"token": created["host_token"]}
        )
        assert closed.status_code == 200

        async def look(token: str | None) -> None:
            client = await SeatClient(server.ws, table_id, token).connect()
            last = await client.update()
            assert last["table"]["status"] == "closed" and last["legal"] == []
            with pytest.raises(websockets.ConnectionClosed) as ended:
                await client.receive(timeout=10)
            assert ended.value.rcvd is not None and ended.value.rcvd.code == 4410

        asyncio.run(look(created["token"]))
        asyncio.run(look(None))


def test_a_game_nobody_is_connected_to_is_closed_as_abandoned(sqlite_url: str) -> None:
    # Three seconds: the watcher connects in time, even on a busy machine.
    abandoned = 3.0
    limits = Limits(abandoned_seconds=abandoned, sweep_seconds=0.2)
    with LiveServer(sqlite_url, limits) as server:
        lonely = create_table(
            server.http, game="fakecards", players=2, name="Ann", seats=[None, "random"]
        )
        watched = create_table(
            server.http, game="fakecards", players=2, name="Ann", seats=[None, "random"]
        )
        watched_since = time.monotonic()

        def info(table: dict[str, Any]) -> dict[str, Any]:
            reply: dict[str, Any] = httpx.get(
                f"{server.http}/api/tables/{table['table']['id']}", timeout=30
            ).json()
            return reply

        async def keep_watching() -> tuple[dict[str, Any], dict[str, Any]]:
            watcher = await SeatClient(server.ws, watched["table"]["id"], None).connect()
            await watcher.update()
            # While the watcher stays: the lonely table is closed, and twice the time allowed
            # passes for the watched one.
            deadline = time.monotonic() + 30
            while (lonely_info := await asyncio.to_thread(info, lonely))["status"] != "closed":
                assert time.monotonic() < deadline, lonely_info
                await asyncio.sleep(0.1)
            await asyncio.sleep(max(0.0, watched_since + 2 * abandoned - time.monotonic()))
            watched_info = await asyncio.to_thread(info, watched)
            await watcher._ws.send('{"type": "ping"}')
            assert (await watcher.reply(timeout=30))["type"] == "pong"
            await watcher.close()
            return lonely_info, watched_info

        lonely_info, watched_info = asyncio.run(keep_watching())
        assert lonely_info["closed_reason"].startswith("abandoned: nobody was connected")
        assert watched_info["status"] == "playing"


def test_the_host_closes_a_table_and_everyone_at_it_is_told(sqlite_server: Any) -> None:
    base = sqlite_server.http
    # A host without a seat gets a host token of its own.
    bots = create_table(base, game="fakecards", players=2, seats=["random", "random"])
    assert bots["token"] is None and bots["host_token"]
    created = create_table(base, game="fakecards", players=2, name="Ann")
    assert created["host_token"] == created["token"]
    table_id = created["table"]["id"]
    joined = httpx.post(f"{base}/api/tables/{table_id}/join", json={"name": "Bob"}).json()

    async def scenario() -> None:
        bob = await SeatClient(sqlite_server.ws, table_id, joined["token"]).connect()
        await bob.update()
        wrong = httpx.post(f"{base}/api/tables/{table_id}/close", json={"token": joined["token"]})
        assert wrong.status_code == 403
        right = httpx.post(f"{base}/api/tables/{table_id}/close", json={"token": created["token"]})
        assert right.status_code == 200
        while bob.last["table"]["status"] != "closed":
            await bob.update()
        assert bob.last["table"]["closed_reason"] == "closed by its host"
        assert bob.last["legal"] == []
        with pytest.raises(websockets.ConnectionClosed):
            await bob.receive()

    asyncio.run(scenario())
    again = httpx.post(f"{base}/api/tables/{table_id}/close", json={"token": created["token"]})
    assert again.status_code == 409 and "already closed" in again.json()["detail"]
    assert sqlite_server.store.load_table(table_id).closed_reason == "closed by its host"


def test_a_private_table_is_unlisted_and_seats_only_through_its_invite(
    sqlite_server: Any,
) -> None:
    base = sqlite_server.http
    created = create_table(base, game="fakecards", players=3, name="Ann", private=True)
    table_id, invite = created["table"]["id"], created["invite"]
    assert created["table"]["private"] and invite
    public = create_table(base, game="fakecards", players=2, name="Ann")
    assert public["invite"] is None
    listing = httpx.get(f"{base}/api/tables").json()
    assert [t["id"] for t in listing["open"]] == [public["table"]["id"]]
    join = f"{base}/api/tables/{table_id}/join"
    # Without a code: how to get in; with a wrong code: that the link is bad.
    for body, says in (
        ({"name": "Eve"}, "this table is private: its seats are taken through its invite link"),
        (
            {"name": "Eve", "invite": "guessed-code"},
            "this invitation code is not this table's: ask whoever invited you for the link",
        ),
    ):
        refused = httpx.post(join, json=body)
        assert refused.status_code == 409 and refused.json()["detail"].startswith(says)
    assert httpx.post(join, json={"name": "Bob", "invite": invite}).json()["seat"] == 1
    # Only the hash of the invite is stored.
    stored = sqlite_server.store.load_table(table_id)
    assert stored.private and stored.invite_hash not in (None, invite)


def test_the_lobby_is_paged_and_filtered(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, Limits(exempt=frozenset({"127.0.0.1"}))) as server:
        base = server.http
        ids = [create_table(base, game="fakecards", players=2, name="A")["table"]["id"]]
        for _ in range(6):
            ids.append(create_table(base, game="fakecards", players=3, name="A")["table"]["id"])
            time.sleep(0.002)  # distinct creation times, newest first
        clock = create_table(base, game="fakeclock", players=2, name="A")["table"]["id"]
        create_table(base, game="fakecards", players=2, name="A", private=True)
        page = httpx.get(f"{base}/api/tables", params={"limit": 3}).json()
        assert page["total"] == {"open": 8, "playing": 0, "finished": 0, "damaged": 0}
        assert [t["id"] for t in page["open"]] == [clock, ids[6], ids[5]]
        rest = httpx.get(f"{base}/api/tables", params={"limit": 3, "offset": 6}).json()
        assert [t["id"] for t in rest["open"]] == [ids[1], ids[0]]
        cards = httpx.get(
            f"{base}/api/tables", params={"game": "fakecards", "players": 2, "status": "open"}
        ).json()
        assert [t["id"] for t in cards["open"]] == [ids[0]] and cards["total"]["open"] == 1
        playing = httpx.get(f"{base}/api/tables", params={"status": "playing"}).json()
        assert playing["open"] == [] and playing["playing"] == []
        for bad in ({"limit": 1000}, {"status": "secret"}, {"offset": -1}):
            assert httpx.get(f"{base}/api/tables", params=bad).status_code == 422
