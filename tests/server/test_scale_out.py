"""Scale-out: several server processes on one PostgreSQL database, joined by Redis.

A table is served by the process holding its lease; players may connect to any process.
When a process is killed with SIGKILL, another takes its tables over once the lease runs
out and resumes them by replay: every seat's observation and legal actions are exactly as
before, and no action anyone was told of is lost.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from conftest import postgres_reachable
from liveserver import free_port
from wsclient import SeatClient

from topsecret.server.db import Store

HERE = Path(__file__).parent
REDIS = ("127.0.0.1", 6379)
LEASE_SECONDS = 2.0


def redis_reachable() -> bool:
    try:
        with socket.create_connection(REDIS, timeout=0.5) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def redis_client_installed() -> bool:
    try:
        import redis  # noqa: F401
    except ImportError:
        return False
    return True


pytestmark = [
    pytest.mark.skipif(
        not postgres_reachable(), reason="scale-out needs PostgreSQL on 127.0.0.1:5432"
    ),
    pytest.mark.skipif(not redis_reachable(), reason="scale-out needs Redis on 127.0.0.1:6379"),
    pytest.mark.skipif(
        not redis_client_installed(), reason="scale-out needs the redis client (.[scale])"
    ),
]


@pytest.fixture
def postgres_url() -> Iterator[str]:
    import psycopg

    schema = f"ts_scale_{secrets.token_hex(6)}"
    admin = "postgresql://postgres@127.0.0.1:5432/test"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


class Process:
    def __init__(self, url: str) -> None:
        self.port = free_port()
        self.popen = subprocess.Popen(
            [
                sys.executable,
                str(HERE / "serve_fake.py"),
                "--port",
                str(self.port),
                "--database",
                url,
                "--redis",
                f"redis://{REDIS[0]}:{REDIS[1]}/0",
                "--lease-seconds",
                str(LEASE_SECONDS),
                "--exempt",
                "127.0.0.1",
            ],
            stdout=subprocess.DEVNULL,
        )

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def wait_ready(self) -> None:
        # A start takes seconds on a busy machine (imports, migrations, replays).
        deadline = time.monotonic() + 120
        while True:
            try:
                httpx.get(f"{self.http}/api/games", timeout=1)
                return
            except httpx.TransportError:
                assert time.monotonic() < deadline and self.popen.poll() is None
                time.sleep(0.05)


@pytest.fixture
def three_processes(postgres_url: str) -> Iterator[list[Process]]:
    processes = [Process(postgres_url) for _ in range(3)]
    try:
        for process in processes:
            process.wait_ready()
        yield processes
    finally:
        for process in processes:
            if process.popen.poll() is None:
                process.popen.send_signal(signal.SIGINT)
        for process in processes:
            process.popen.wait(timeout=30)


def test_a_game_is_played_through_whichever_process_each_player_uses(
    three_processes: list[Process],
) -> None:
    a, b, c = three_processes
    created = httpx.post(
        f"{a.http}/api/tables", json={"game": "fakecards", "players": 2, "name": "Ann"}
    ).json()
    table_id = created["table"]["id"]
    # Bob joins through B, which relays the request to A (the table's process).
    bob = httpx.post(f"{b.http}/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    assert bob["seat"] == 1
    info = httpx.get(f"{c.http}/api/tables/{table_id}").json()
    assert info["status"] == "playing" and [s["name"] for s in info["seats"]] == ["Ann", "Bob"]
    assert [t["id"] for t in httpx.get(f"{c.http}/api/tables").json()["playing"]] == [table_id]

    async def play() -> None:
        ann = await SeatClient(c.ws, table_id, created["token"]).connect()  # relayed by C
        bob_client = await SeatClient(a.ws, table_id, bob["token"]).connect()  # at A
        watcher = await SeatClient(b.ws, table_id, None).connect()  # relayed by B
        await asyncio.gather(ann.play_until_over(), bob_client.play_until_over(pick=1))
        while not watcher.updates or not watcher.last["over"]:
            await watcher.update()
        assert watcher.last["observation"]["hand"] is None  # a spectator sees no hand
        assert ann.last["scores"] == bob_client.last["scores"] == watcher.last["scores"]
        for client in (ann, bob_client, watcher):
            await client.close()

    asyncio.run(play())
    # The host closes another table through a process that does not serve it.
    other = httpx.post(
        f"{b.http}/api/tables", json={"game": "fakecards", "players": 2, "name": "Cyd"}
    ).json()
    refused = httpx.post(
        f"{c.http}/api/tables/{other['table']['id']}/close", json={"token": "not-the-host"}
    )
    assert refused.status_code == 403
    closed = httpx.post(
        f"{c.http}/api/tables/{other['table']['id']}/close", json={"token": other["host_token"]}
    )
    assert closed.json() == {"status": "closed"}


async def settle(process: Process, table_id: str, token: str, deadline: float) -> SeatClient:
    """Connect until the table answers with a full frame (it may be moving between
    processes)."""
    while True:
        try:
            client = await SeatClient(process.ws, table_id, token).connect()
            frame = await client.receive(timeout=5)
            if frame["type"] == "update":
                return client
            await client.close()
        except (OSError, websockets.ConnectionClosed, TimeoutError):
            pass
        assert time.monotonic() < deadline, f"table {table_id} did not come back"
        await asyncio.sleep(0.3)


def test_sigkill_of_one_process_loses_no_table_and_no_told_action(
    three_processes: list[Process], postgres_url: str
) -> None:
    rng = random.Random(15)
    tables: list[dict[str, Any]] = []
    for n in range(30):
        owner = three_processes[n % 3]
        created = httpx.post(
            f"{owner.http}/api/tables",
            json={"game": "fakecards", "players": 2, "name": "Ann", "options": {"rounds": 4}},
        ).json()
        table_id = created["table"]["id"]
        joiner = rng.choice(three_processes)
        bob = httpx.post(f"{joiner.http}/api/tables/{table_id}/join", json={"name": "Bob"}).json()
        tables.append({"id": table_id, "tokens": [created["token"], bob["token"]]})
    victim = three_processes[0]
    survivors = three_processes[1:]
    told: list[tuple[str, int, int, dict[str, Any]]] = []  # (table, seq, seat, action)

    async def before_the_kill() -> dict[tuple[str, int], tuple[Any, Any]]:
        clients: dict[tuple[str, int], SeatClient] = {}
        for table in tables:
            for seat, token in enumerate(table["tokens"]):
                process = rng.choice(three_processes)
                client = await SeatClient(process.ws, table["id"], token).connect()
                await client.update()
                clients[(table["id"], seat)] = client
        for n, table in enumerate(tables):
            # A round played by both, and at every other table Ann has chosen again
            # (a simultaneous step half committed).
            moves = [0, 1, 0] if n % 2 else [0, 1]
            for seat in moves:
                client = clients[(table["id"], seat)]
                while not client.last["legal"]:
                    await client.update()
                action = client.last["legal"][0]["action"]
                reply = await client.act(action)
                assert reply["type"] == "ack", reply
                told.append((table["id"], reply["seq"], seat, action))
        seen = {}
        for (table_id, seat), client in clients.items():
            last_seq = max(seq for t, seq, _, _ in told if t == table_id)
            while client.last["seq"] < last_seq:
                await client.update()
            seen[(table_id, seat)] = (client.last["observation"], client.last["legal"])
            await client.close()
        return seen

    seen = asyncio.run(before_the_kill())
    victim.popen.send_signal(signal.SIGKILL)
    victim.popen.wait(timeout=10)
    killed_at = time.monotonic()

    async def after_the_kill() -> float:
        deadline = time.monotonic() + 60
        clients = {}
        for table in tables:
            for seat, token in enumerate(table["tokens"]):
                process = rng.choice(survivors)
                client = await settle(process, table["id"], token, deadline)
                clients[(table["id"], seat)] = client
                observation, legal = seen[(table["id"], seat)]
                assert client.last["full"]
                assert client.last["observation"] == observation, (table["id"], seat)
                assert client.last["legal"] == legal, (table["id"], seat)
        resumed_after = time.monotonic() - killed_at
        await asyncio.gather(
            *(
                client.play_until_over(pick=seat, timeout=60)
                for (_, seat), client in clients.items()
            )
        )
        for client in clients.values():
            assert client.last["over"]
            await client.close()
        return resumed_after

    resumed_after = asyncio.run(after_the_kill())
    assert resumed_after < 30
    store = Store(postgres_url)
    try:
        for table_id, seq, seat, action in told:
            rows = store.load_log(table_id)
            assert rows[seq - 1].seat == seat and rows[seq - 1].action == action
        for table in tables:
            data = store.load_table(table["id"])
            assert data is not None and data.status == "finished"
            assert len(store.load_log(table["id"])) == 8  # four rounds of two cards
    finally:
        store.close()
