"""Fewer frames: a spectator's hello (or a second tab's) is answered to that socket only; the
others hear of a connection only when the seat panel changes."""

from __future__ import annotations

import asyncio
from typing import Any

from wsclient import SeatClient, seated, set_up_table


async def quiet_for(client: SeatClient, seconds: float) -> list[str]:
    """Frames a client receives within ``seconds`` (expected: none)."""
    before = len(client.raw)
    try:
        while True:
            await client.receive(timeout=seconds)
    except TimeoutError:
        pass
    return client.raw[before:]


def test_spectators_joining_send_frames_to_themselves_only(sqlite_server: Any) -> None:
    table = set_up_table(sqlite_server.http, "Ann", "Bob")
    table_id = table.id

    async def scenario() -> None:
        ann = await seated(sqlite_server.ws, table_id, table.tokens[0])
        bob_client = await seated(sqlite_server.ws, table_id, table.tokens[1])
        # Bob's first connection changed the seat panel: Ann was told he is connected.
        seen = await ann.update()
        assert seen["table"]["seats"][1]["connected"]
        watchers = []
        for _ in range(20):
            watcher = await SeatClient(sqlite_server.ws, table_id, None).connect()
            first = await watcher.update()
            assert first["full"] and first["you"] is None
            watchers.append(watcher)
        # A second tab of Ann's seat: nothing others see has changed either.
        tab = await SeatClient(sqlite_server.ws, table_id, table.tokens[0]).connect()
        assert (await tab.update())["full"]
        assert await quiet_for(ann, 0.5) == []
        assert await quiet_for(bob_client, 0.1) == []
        for watcher in watchers:
            assert await quiet_for(watcher, 0.01) == []
        # Leaving as a spectator, or closing one of two tabs, is silent too.
        for watcher in watchers:
            await watcher.close()
        await tab.close()
        assert await quiet_for(bob_client, 0.5) == []
        # The game itself still reaches everyone: Ann plays, Bob hears of it.
        assert (await ann.act(ann.last["legal"][0]["action"]))["type"] == "ack"
        assert (await bob_client.update())["step"]["chosen"] == [0]
        await ann.close()
        # Ann's last connection closing does change the panel.
        assert not (await bob_client.update())["table"]["seats"][0]["connected"]
        await bob_client.close()

    asyncio.run(scenario())
