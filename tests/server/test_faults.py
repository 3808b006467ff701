"""Faults reach the player: a refused write is answered with an error frame and changes
nothing anywhere; a table whose log cannot be replayed is quarantined once; a clean stop
leaves the data in the database file; ``topsecret backup`` makes a consistent copy."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from liveserver import LiveServer, ServerProcess
from sqlalchemy import update
from sqlalchemy.exc import OperationalError
from wsclient import SeatClient, seated, set_up_table

from topsecret.games import get_game
from topsecret.server.db import ActionRecord, Store


@contextmanager
def failing(store: Store, method: str, message: str, times: int = 1) -> Iterator[list[int]]:
    """The next ``times`` calls of ``store.method`` fail as the database would."""
    original: Callable[..., Any] = getattr(store, method)
    calls = [0]

    def broken(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] <= times:
            raise OperationalError("INSERT ...", {}, Exception(message))
        return original(*args, **kwargs)

    setattr(store, method, broken)
    try:
        yield calls
    finally:
        setattr(store, method, original)


def replayed_observation(store: Store, table_id: str, seat: int) -> dict[str, Any]:
    """What storage says a seat sees: a fresh replay of the stored log."""
    data = store.load_table(table_id)
    assert data is not None
    game = get_game(data.game)
    state = game.new_state(data.players, data.options, data.seed)
    codec = game.codec(data.players)
    for row in store.load_log(table_id):
        state.apply(row.seat, codec.from_json(row.action))
    observation: dict[str, Any] = state.observation(seat)
    return observation


def test_a_refused_write_answers_the_player_and_changes_nothing(live_server: Any) -> None:
    table = set_up_table(live_server.http, "Ann", "Bob")
    table_id = table.id

    async def scenario() -> None:
        ann = await seated(live_server.ws, table_id, table.tokens[0])
        bob_client = await seated(live_server.ws, table_id, table.tokens[1])
        card = ann.last["legal"][0]["action"]
        with failing(live_server.store, "append_action", "database or disk is full"):
            refused = await ann.act(card)
        assert refused["type"] == "error"
        assert refused["message"] == (
            "the server could not save this, so nothing changed (database or disk is full)"
        )
        # The socket is still open and the table is where storage says it is.
        await ann._ws.send('{"type": "ping"}')
        assert (await ann.reply())["type"] == "pong"
        assert live_server.store.load_log(table_id) == []
        runtime = live_server.app.state.lobby.tables[table_id]
        assert runtime.seq == 0 and runtime.state.observation(0) == replayed_observation(
            live_server.store, table_id, 0
        )
        # The same card, tried again, is played once.
        assert (await ann.act(card))["type"] == "update"
        assert (await bob_client.act(bob_client.last["legal"][0]["action"]))["type"] == "update"
        while ann.last["seq"] < 2:
            await ann.update()
        assert ann.last["observation"] == replayed_observation(live_server.store, table_id, 0)
        await ann.close()
        await bob_client.close()

    asyncio.run(scenario())
    assert [r.seat for r in live_server.store.load_log(table_id)] == [0, 1]


def test_a_failed_join_leaves_the_seat_free_in_memory_as_in_storage(sqlite_server: Any) -> None:
    table_id = set_up_table(sqlite_server.http, "Ann", players=2).id
    join = f"{sqlite_server.http}/api/tables/{table_id}/join"
    with failing(sqlite_server.store, "update_seat", "attempt to write a readonly database"):
        refused = httpx.post(join, json={"name": "Bob"})
    assert refused.status_code == 503 and refused.headers["retry-after"] == "1"
    assert "readonly database" in refused.json()["detail"]
    info = httpx.get(f"{sqlite_server.http}/api/tables/{table_id}").json()
    assert info["status"] == "waiting" and info["seats"][1]["open"]
    stored = sqlite_server.store.load_table(table_id)
    assert stored.status == "waiting" and stored.seats[1].token_hash is None
    assert httpx.post(join, json={"name": "Bob"}).json()["seat"] == 1
    with failing(sqlite_server.store, "create_table", "database is locked"):
        response = httpx.post(
            f"{sqlite_server.http}/api/tables", json={"game": "fakecards", "players": 2}
        )
    assert response.status_code == 503 and "database is locked" in response.json()["detail"]


def test_a_bot_whose_move_is_refused_tries_again_instead_of_stalling(sqlite_server: Any) -> None:
    with failing(sqlite_server.store, "append_action", "disk I/O error", times=2) as calls:
        table_id = set_up_table(
            sqlite_server.http, "Ann", bots=["random"], settings={"bot_delay": 0}
        ).id
        deadline = time.monotonic() + 30
        # The third call starts before its row is written, so wait for the row itself.
        while not (rows := sqlite_server.store.load_log(table_id)):
            assert time.monotonic() < deadline, calls
            time.sleep(0.05)
    assert calls[0] == 3  # two refused moves, then the retry that is stored
    assert [r.seat for r in rows] == [1]


def test_a_table_whose_log_cannot_be_replayed_is_quarantined_once(sqlite_url: str) -> None:
    server = LiveServer(sqlite_url).start()
    table = set_up_table(server.http, "Ann", "Bob")
    table_id = table.id

    async def play() -> None:
        ann = await seated(server.ws, table_id, table.token)
        assert (await ann.act(ann.last["legal"][0]["action"]))["type"] == "update"
        await ann.close()

    asyncio.run(play())
    server.stop()
    with server.store.engine.begin() as connection:  # a row no engine can read
        connection.execute(update(ActionRecord).values(action={"type": "nonsense"}))
    server = LiveServer(sqlite_url).start()
    try:
        lobby = server.app.state.lobby
        assert lobby.tables[table_id].status == "damaged"
        listing = httpx.get(f"{server.http}/api/tables").json()
        assert listing["total"]["damaged"] == 1
        [damaged] = listing["damaged"]
        assert damaged["id"] == table_id
        assert damaged["reason"].startswith("damaged: its log cannot be replayed at action 1")
        replays = []
        runtime_type = type(lobby.tables[table_id])
        original = runtime_type.replay
        runtime_type.replay = lambda self, rows: replays.append(rows)  # type: ignore[method-assign]
        try:
            for _ in range(3):
                info = httpx.get(f"{server.http}/api/tables/{table_id}")
                assert info.status_code == 200 and info.json()["status"] == "damaged"
                join = httpx.post(f"{server.http}/api/tables/{table_id}/join", json={"name": "Cyd"})
                assert join.status_code == 409 and "damaged" in join.json()["detail"]
        finally:
            runtime_type.replay = original  # type: ignore[method-assign]
        assert replays == []
        assert server.store.load_table(table_id).status == "damaged"
        assert table_id not in server.store.unfinished_table_ids()
    finally:
        server.stop()


def test_a_finished_game_whose_log_is_corrupt_answers_410_not_500(sqlite_server: Any) -> None:
    table = set_up_table(
        sqlite_server.http,
        "Ann",
        bots=["random"],
        options={"rounds": 1},
        settings={"bot_delay": 0},
    )
    table_id = table.id

    async def play() -> None:
        ann = await SeatClient(sqlite_server.ws, table_id, table.token).connect()
        await ann.play_until_over()
        await ann.close()

    asyncio.run(play())
    with sqlite_server.store.engine.begin() as connection:
        connection.execute(update(ActionRecord).values(action={"type": "nonsense"}))
    first = httpx.get(f"{sqlite_server.http}/api/tables/{table_id}/replay")
    assert first.status_code == 410 and "cannot be replayed" in first.json()["detail"]
    again = httpx.get(f"{sqlite_server.http}/api/tables/{table_id}/replay/1")
    assert again.status_code == 410 and "damaged" in again.json()["detail"]
    german = httpx.get(
        f"{sqlite_server.http}/api/tables/{table_id}/replay/1", headers={"Accept-Language": "de"}
    )
    assert german.json()["detail"].startswith(
        "dieser Tisch ist beschädigt: sein Protokoll lässt sich nicht nachspielen ("
    )


def test_a_clean_stop_leaves_everything_in_the_database_file(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    process = ServerProcess(url)
    try:
        process.wait_ready()
        table_id = set_up_table(process.http, "Ann", players=2).id
        wal = tmp_path / "server.sqlite3-wal"
        assert wal.exists() and wal.stat().st_size > 0  # the new table sits in the WAL
    finally:
        assert process.stop() == 0
    assert not wal.exists() or wal.stat().st_size == 0
    # The database file alone, copied elsewhere, holds the table.
    copy = tmp_path / "copy" / "alone.sqlite3"
    copy.parent.mkdir()
    copy.write_bytes((tmp_path / "server.sqlite3").read_bytes())
    with sqlite3.connect(copy) as db:
        assert db.execute("SELECT id FROM game_tables").fetchall() == [(table_id,)]


def test_backup_copies_a_running_server_s_database_consistently(
    sqlite_server: Any, sqlite_url: str, tmp_path: Path
) -> None:
    set_up_table(sqlite_server.http, "Ann", "Bob")
    target = tmp_path / "backup.sqlite3"
    command = [sys.executable, "-m", "topsecret.cli", "backup", str(target), "--database"]
    done = subprocess.run([*command, sqlite_url], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert f"to {target}" in done.stdout
    with sqlite3.connect(target) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        names = db.execute("SELECT name FROM seats ORDER BY seat").fetchall()
        assert names == [("Ann",), ("Bob",)]
    again = subprocess.run([*command, sqlite_url], capture_output=True, text=True, timeout=60)
    assert again.returncode != 0 and "exists already" in again.stderr + again.stdout
    postgres = subprocess.run(
        [*command, "postgresql+psycopg://postgres@127.0.0.1:5432/test"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert postgres.returncode != 0 and "pg_dump" in postgres.stderr + postgres.stdout


@pytest.fixture(autouse=True)
def _quiet_server_log(caplog: pytest.LogCaptureFixture) -> None:
    """The faults are logged by the server on purpose; keep them out of the test output."""
    caplog.set_level("CRITICAL", logger="topsecret.server")


def test_a_table_whose_log_another_process_wrote_is_reloaded_from_storage(
    live_server: Any,
) -> None:
    """Given a table whose next action another process stored meanwhile (it took the table
    over while this one could not renew its lease), when a player's action finds that place
    in the log taken, then the player is told to try again, the copy in memory stops, and
    the table comes back from storage with the other process's action in it; nothing is
    lost and nothing is stored twice."""
    from topsecret.server.db import LogRow

    table = set_up_table(live_server.http, "Ann", "Bob")
    table_id = table.id

    async def scenario() -> None:
        ann = await seated(live_server.ws, table_id, table.tokens[0])
        bob = await seated(live_server.ws, table_id, table.tokens[1])
        bobs_card = bob.last["legal"][0]["action"]
        await bob.close()
        # Another process stores Bob's card at the log's next place.
        live_server.store.append_action(table_id, LogRow(1, 1, bobs_card, None))
        refused = await ann.act(ann.last["legal"][0]["action"])
        assert refused["type"] == "error"
        assert "try again in a few seconds" in refused["message"]
        again = None
        for _ in range(50):
            runtime = live_server.app.state.lobby.tables.get(table_id)
            if runtime is not None and runtime.seq == 1:
                again = runtime
                break
            await asyncio.sleep(0.05)
        assert again is not None, "the table was not reloaded from storage"
        ann = await seated(live_server.ws, table_id, table.tokens[0])
        assert ann.last["seq"] == 1
        reply = await ann.act(ann.last["legal"][0]["action"])
        assert reply["type"] == "update" and reply["seq"] == 2
        await ann.close()

    asyncio.run(scenario())
    assert [row.seq for row in live_server.store.load_log(table_id)] == [1, 2]
    assert [row.seat for row in live_server.store.load_log(table_id)] == [1, 0]


def test_a_process_out_of_touch_with_its_leases_stores_nothing(live_server: Any) -> None:
    """Given a table whose process cannot tell whether its lease is still its own (Redis
    or the process stalled), when a player acts, then nothing is applied or stored and the
    player is told to try again in a few seconds; once the leases are current, play goes on."""
    table = set_up_table(live_server.http, "Ann", "Bob")
    runtime = live_server.app.state.lobby.tables[table.id]

    async def scenario() -> None:
        ann = await seated(live_server.ws, table.id, table.tokens[0])
        card = ann.last["legal"][0]["action"]
        runtime.may_store = lambda: False
        refused = await ann.act(card)
        assert refused["type"] == "error"
        assert refused["message"] == (
            "this server is out of touch with the others for a moment: try again in a few seconds"
        )
        assert runtime.seq == 0 and live_server.store.load_log(table.id) == []
        runtime.may_store = lambda: True
        assert (await ann.act(card))["type"] == "update"
        await ann.close()

    asyncio.run(scenario())
    assert len(live_server.store.load_log(table.id)) == 1
