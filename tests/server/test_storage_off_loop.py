"""Storage off the event loop: while the database is locked, other tables, pings and reads
are answered at once; the action that waits for its commit is still told to nobody until
it is stored ("commit before telling")."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from typing import Any

import httpx
from wsclient import SeatClient, create_table, join_table


def test_a_locked_database_holds_up_the_write_but_not_the_server(
    sqlite_server: Any, sqlite_url: str
) -> None:
    base = sqlite_server.http
    first = create_table(base, game="fakecards", players=2, name="Ann")
    first_id = first["table"]["id"]
    bob = join_table(base, first_id, "Bob")
    other = create_table(base, game="fakecards", players=2, name="Cyd")
    other_id = other["table"]["id"]
    path = sqlite_url.removeprefix("sqlite:///")

    async def scenario() -> None:
        ann = await SeatClient(sqlite_server.ws, first_id, first["token"]).connect()
        bob_client = await SeatClient(sqlite_server.ws, first_id, bob["token"]).connect()
        cyd = await SeatClient(sqlite_server.ws, other_id, other["token"]).connect()
        for client in (ann, bob_client, cyd):
            await client.update()
        await ann.update()  # Bob connected
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        try:
            commits_before = sqlite_server.store.group_commits
            ref = await ann.send_act(ann.last["legal"][0]["action"])
            # Wait until the writer has taken Ann's action and waits for the lock.
            deadline = time.monotonic() + 30
            while sqlite_server.store.group_commits == commits_before:
                assert time.monotonic() < deadline, "Ann's action never reached the writer"
                await asyncio.sleep(0.01)
            # Another table's socket, the lobby and a table's info answer while the write
            # still waits. No stopwatch: a write made on the event loop would hold every
            # answer until the lock is released, which happens only after them (below), or
            # until its busy timeout, when Ann's action would fail instead of being stored.
            for _ in range(5):
                await cyd._ws.send('{"type": "ping"}')
                assert (await cyd.reply(timeout=30))["type"] == "pong"
            listing = await asyncio.to_thread(httpx.get, f"{base}/api/tables", timeout=30)
            info = await asyncio.to_thread(httpx.get, f"{base}/api/tables/{other_id}", timeout=30)
            assert listing.status_code == info.status_code == 200
            # Nobody has heard of Ann's action: it is not stored yet.
            assert len(bob_client.updates) == 1 and not ann.errors
            assert [f for f in ann.raw[2:] if '"ref"' in f] == []
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        # Stored, not refused: the write waited for the lock off the event loop.
        assert (await ann.answer(ref))["type"] == "update"
        told = await bob_client.update()
        assert told["step"]["chosen"] == [0]
        with sqlite3.connect(path) as db:  # stored before Bob was told
            assert db.execute("SELECT seat FROM actions").fetchall() == [(0,)]
        for client in (ann, bob_client, cyd):
            await client.close()

    asyncio.run(scenario())
