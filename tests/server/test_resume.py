"""Crash and restart: a killed server resumes every unfinished table exactly where it was."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from liveserver import LiveServer, free_port
from wsclient import SeatClient, create_table, join_table

HERE = Path(__file__).parent


class ServerProcess:
    def __init__(self, database_url: str) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                sys.executable,
                str(HERE / "serve_fake.py"),
                "--port",
                str(self.port),
                "--database",
                database_url,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert self.process.stdout is not None
        self.banner = self.process.stdout.readline()
        # A start imports, migrates and resumes: seconds on a busy machine.
        deadline = time.monotonic() + 120
        while True:
            try:
                httpx.get(f"{self.http}/api/tables", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(f"server did not start: {self.banner}") from None
                time.sleep(0.05)

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=60)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=60)


def test_kill_minus_nine_mid_game_then_restart_resumes_exactly(database_url: str) -> None:
    first = ServerProcess(database_url)
    try:
        assert "http://127.0.0.1:" in first.banner
        created = create_table(
            first.http,
            game="fakecards",
            players=3,
            name="Ann",
            seats=[None, None, "random"],
            options={"rounds": 4},
            settings={"bot_delay": 0},
        )
        table_id = created["table"]["id"]
        tokens = [created["token"], join_table(first.http, table_id, "Bob")["token"]]

        async def half_game() -> list[dict[str, Any]]:
            ann = await SeatClient(first.ws, table_id, tokens[0]).connect()
            bob = await SeatClient(first.ws, table_id, tokens[1]).connect()
            await ann.update()
            await bob.update()
            # Round one in full, then Ann commits her second card and the server dies.
            await ann.act(ann.last["legal"][0]["action"])
            await bob.act(bob.last["legal"][0]["action"])
            # The bot commits its second card as soon as round two opens (update 4); Ann
            # chooses after it, so hers is update 5 whichever of them the machine runs first.
            while ann.last["seq"] < 4 or ann.last["legal"] == []:
                await ann.update()
            await ann.act(ann.last["legal"][-1]["action"])
            return [ann.last, bob.last]

        before = asyncio.run(half_game())
        first.kill()
    finally:
        first.stop()

    second = ServerProcess(database_url)
    try:

        async def resume() -> None:
            ann = await SeatClient(second.ws, table_id, tokens[0]).connect()
            bob = await SeatClient(second.ws, table_id, tokens[1]).connect()
            ann_frame = await ann.update()
            bob_frame = await bob.update()
            assert ann_frame["seq"] == before[0]["seq"] == 5  # round one, bot and Ann
            assert ann_frame["observation"] == before[0]["observation"]
            # Ann's hidden commitment survived the crash; Bob still owes his card.
            assert ann_frame["step"]["my_choice"] == before[0]["step"]["my_choice"]
            assert ann_frame["legal"] == []
            assert bob_frame["step"]["chosen"] == ann_frame["step"]["chosen"]
            assert 1 in bob_frame["acting"] and bob_frame["legal"]
            await asyncio.gather(ann.play_until_over(), bob.play_until_over())
            assert ann.last["over"] and ann.last["scores"] == bob.last["scores"]

        asyncio.run(resume())
        info = httpx.get(f"{second.http}/api/tables/{table_id}/replay", timeout=30).json()
        assert len(info["actions"]) == 12 and info["names"][:2] == ["Ann", "Bob"]
    finally:
        second.stop()


def test_after_a_restart_a_player_who_does_not_return_is_replaced_by_a_bot(
    sqlite_url: str,
) -> None:
    first = LiveServer(sqlite_url).start()
    try:
        created = create_table(
            first.http,
            game="fakecards",
            players=2,
            name="Ann",
            settings={"bot_delay": 0, "away_seconds": 0.3},
        )
        table_id = created["table"]["id"]
        join_table(first.http, table_id, "Bob")
    finally:
        first.stop()

    second = LiveServer(sqlite_url).start()
    try:

        async def ann_plays() -> dict[str, Any]:
            ann = await SeatClient(second.ws, table_id, created["token"]).connect()
            await ann.update()
            await ann.act(ann.last["legal"][0]["action"])
            while ann.last["seq"] < 2:  # Bob never came back: his bot played the round
                await ann.update(timeout=20)
            await ann.close()
            return ann.last

        frame = asyncio.run(ann_plays())
        assert frame["table"]["seats"][1]["away"] is True
        assert len(frame["observation"]["played"]) == 1
    finally:
        second.stop()
