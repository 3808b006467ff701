"""Per-client limits over several processes: with ``--redis`` one client address's sockets
and its rate of new tables are counted over every process, so spreading requests over the
processes behind a load balancer does not multiply its share (docs/server.md, Limits).

Two real servers run in this test process on one PostgreSQL schema and the local Redis.
The bounded client is a random 127/8 address, so runs do not share its counts.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from contextlib import suppress
from typing import Any

import httpx
import pytest
import websockets
from liveserver import NEEDS_SCALE_OUT, cluster_servers

from topsecret.server import Limits

pytestmark = NEEDS_SCALE_OUT


def random_address() -> str:
    return f"127.{random.randrange(2, 250)}.{random.randrange(250)}.{random.randrange(2, 250)}"


@pytest.fixture
def client_address() -> str:
    return random_address()


async def spectate(ws_base: str, table_id: str, address: str) -> tuple[Any, dict[str, Any]]:
    """A socket from ``address`` watching a table: the socket and the first frame it got."""
    ws = await websockets.connect(f"{ws_base}/ws/tables/{table_id}", local_addr=(address, 0))
    with suppress(websockets.ConnectionClosed):
        await ws.send(json.dumps({"type": "hello", "token": None}))
    frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
    return ws, frame


def test_sockets_from_one_address_are_counted_over_every_process(
    postgres_url: str,
    client_address: str,
) -> None:
    limits = Limits(connections_per_client=4, exempt=frozenset({"127.0.0.1"}))
    with cluster_servers(postgres_url, 2, limits) as (first, second):
        created = httpx.post(
            f"{first.http}/api/tables", json={"game": "fakecards", "players": 2}, timeout=10
        )
        table_id = created.json()["table"]["id"]

        async def scenario() -> None:
            # Given a client holding two sockets on each of two processes (its limit is 4)...
            held = []
            for base in (first.ws, first.ws, second.ws, second.ws):
                ws, frame = await spectate(base, table_id, client_address)
                assert frame["type"] == "update"
                held.append(ws)
            # ...when it opens a fifth on either process, it is refused there.
            for base in (first.ws, second.ws):
                ws, frame = await spectate(base, table_id, client_address)
                assert frame["type"] == "error"
                assert "too many connections from your address (at most 4)" in frame["message"]
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await asyncio.wait_for(ws.recv(), 10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
            # Closing one on the first process makes room on the second.
            await held.pop(0).close()
            deadline = time.monotonic() + 30
            while True:
                ws, frame = await spectate(second.ws, table_id, client_address)
                if frame["type"] == "update":
                    held.append(ws)
                    break
                await ws.close()
                assert time.monotonic() < deadline, frame
                await asyncio.sleep(0.1)
            for ws in held:
                await ws.close()

        asyncio.run(scenario())


def test_new_tables_from_one_address_share_one_rate_over_every_process(
    postgres_url: str,
    client_address: str,
) -> None:
    limits = Limits(table_burst=2, table_every=60)
    with cluster_servers(postgres_url, 2, limits) as (first, second):
        transport = httpx.HTTPTransport(local_address=client_address)
        with httpx.Client(transport=transport, timeout=10) as client:
            body = {"game": "fakecards", "players": 2, "name": "Ann"}
            # Given a client that created one table on each process (a burst of two)...
            assert client.post(f"{first.http}/api/tables", json=body).status_code == 200
            assert client.post(f"{second.http}/api/tables", json=body).status_code == 200
            # ...then a third is refused on either: each process alone would have allowed it.
            for base in (first.http, second.http):
                third = client.post(f"{base}/api/tables", json=body)
                assert third.status_code == 429
                assert "too many new tables from your address" in third.json()["detail"]
                assert 1 <= int(third.headers["retry-after"]) <= 60
        # Another address has its own rate.
        other = httpx.HTTPTransport(local_address=random_address())
        with httpx.Client(transport=other, timeout=10) as client:
            assert client.post(f"{second.http}/api/tables", json=body).status_code == 200
