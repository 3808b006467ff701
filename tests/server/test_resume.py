"""Crash and restart: a killed server resumes every unfinished table exactly where it was."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from liveserver import LiveServer, ServerProcess
from wsclient import seated, set_up_table


def test_kill_minus_nine_mid_game_then_restart_resumes_exactly(database_url: str) -> None:
    first = ServerProcess(database_url, capture=True)
    try:
        assert "http://127.0.0.1:" in first.banner
        first.wait_ready()
        table = set_up_table(
            first.http,
            "Ann",
            "Bob",
            bots=["random"],
            options={"rounds": 4},
            settings={"bot_delay": 0},
        )
        tokens = [table.tokens[0], table.tokens[1]]

        async def half_game() -> list[dict[str, Any]]:
            ann = await seated(first.ws, table.id, tokens[0])
            bob = await seated(first.ws, table.id, tokens[1])
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

    second = ServerProcess(database_url).wait_ready()
    try:

        async def resume() -> None:
            ann = await seated(second.ws, table.id, tokens[0])
            bob = await seated(second.ws, table.id, tokens[1])
            ann_frame, bob_frame = ann.last, bob.last
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
        info = httpx.get(f"{second.http}/api/tables/{table.id}/replay", timeout=30).json()
        assert len(info["actions"]) == 12 and info["names"][:2] == ["Ann", "Bob"]
    finally:
        second.stop()


def test_after_a_restart_a_player_who_does_not_return_is_replaced_by_a_bot(
    sqlite_url: str,
) -> None:
    with LiveServer(sqlite_url) as first:
        table = set_up_table(
            first.http, "Ann", "Bob", settings={"bot_delay": 0, "away_seconds": 0.3}
        )

    with LiveServer(sqlite_url) as second:

        async def ann_plays() -> dict[str, Any]:
            ann = await seated(second.ws, table.id, table.token)
            await ann.act(ann.last["legal"][0]["action"])
            while ann.last["seq"] < 2:  # Bob never came back: his bot played the round
                await ann.update(timeout=20)
            await ann.close()
            return ann.last

        frame = asyncio.run(ann_plays())
        assert frame["table"]["seats"][1]["away"] is True
        assert len(frame["observation"]["played"]) == 1
