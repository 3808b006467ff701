"""Privacy with the real games: every frame a seat receives is checked for others' secrets.

The server's full event history (hidden events included) is the reference: whatever a seat's
audience rules exclude must never appear in any frame that seat received, and each frame's
observation must be the engine's observation for that seat at that point of the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import time
from typing import Any

from wsclient import SeatClient, set_up_table

from topsecret.games import get_game


def _strip(event: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in event.items() if k not in ("text", "quiet")}


def _check_frames(runtime: Any, client: SeatClient, you: int | None) -> None:
    logged = runtime.history.events()
    hidden = [{"seq": seq, **e.to_json()} for seq, e in logged if not e.visible_to(you)]
    visible = [{"seq": seq, **e.to_json()} for seq, e in logged if e.visible_to(you)]
    received = [_strip(e) for frame in client.updates for e in frame["events"]]
    for event in hidden:
        assert event not in received, f"seat {you} received a hidden event: {event}"
    assert received == visible[: len(received)]
    for frame in client.updates:
        assert frame["you"] == you
        if frame["legal"]:
            assert you is not None and you in frame["acting"]


def _observations_by_seq(store: Any, game_id: str, table_id: str, seat: int | None) -> list[Any]:
    data = store.load_table(table_id)
    game = get_game(game_id)
    state = game.new_state(data.players, data.options, data.seed)
    codec = game.codec(data.players)
    # Copied at once: an observation may share structure with the state that later changes.
    views = [copy.deepcopy(state.observation(seat))]
    for row in store.load_log(table_id):
        if row.time is not None:
            state.advance_time(row.time)
        if row.action is not None:
            state.apply(row.seat, codec.from_json(row.action))
        views.append(copy.deepcopy(state.observation(seat)))
    return views


def test_vault_whole_game_frames_hold_nothing_of_the_other_seats(sqlite_server: Any) -> None:
    table = set_up_table(
        sqlite_server.http,
        "Ann",
        "Bob",
        bots=["heuristic"],
        game="vault",
        options={"single_deal": True},
        settings={"bot_delay": 0},
    )
    table_id = table.id

    async def scenario() -> list[SeatClient]:
        ann = await SeatClient(sqlite_server.ws, table_id, table.tokens[0]).connect()
        bob_client = await SeatClient(sqlite_server.ws, table_id, table.tokens[1]).connect()
        watcher = await SeatClient(sqlite_server.ws, table_id, None).connect()
        await asyncio.gather(ann.play_until_over(0, 60), bob_client.play_until_over(1, 60))
        while not (watcher.updates and watcher.last["over"]):
            await watcher.update()
        for client in (ann, bob_client, watcher):
            await client.close()
        return [ann, bob_client, watcher]

    clients = asyncio.run(scenario())
    runtime = sqlite_server.app.state.lobby.tables[table_id]
    assert runtime.state.is_over()
    assert any(e.audience is not None for _, e in runtime.history.events())  # there were secrets
    for client, you in zip(clients, (0, 1, None), strict=True):
        _check_frames(runtime, client, you)
        expected = _observations_by_seq(sqlite_server.store, "vault", table_id, you)
        for frame in client.updates:
            assert frame["observation"] == expected[frame["seq"]]


def test_wink_frames_in_real_time_hold_nothing_of_the_other_seats(sqlite_server: Any) -> None:
    table = set_up_table(
        sqlite_server.http, "Ann", bots=["heuristic"] * 3, game="wink", settings={"bot_delay": 0}
    )
    table_id = table.id

    runtime = sqlite_server.app.state.lobby.tables[table_id]

    def enough_happened() -> bool:
        secrets = sum(1 for _, e in runtime.history.events() if e.audience is not None)
        return secrets > 5 and runtime.seq > 10

    async def scenario() -> list[SeatClient]:
        ann = await SeatClient(sqlite_server.ws, table_id, table.token).connect()
        watcher = await SeatClient(sqlite_server.ws, table_id, None).connect()
        await ann.update()
        # Ann looks around the table while the bots play for a few seconds of real time, and
        # longer if a busy machine has not yet played enough to check.
        started = time.monotonic()
        target = 1
        while time.monotonic() < started + 4 or not enough_happened():
            assert time.monotonic() < started + 60, "the table hardly moved in a minute"
            look = next(
                (m for m in ann.last["legal"] if m["action"] == {"type": "look", "seat": target}),
                None,
            )
            if look is not None:
                await ann.act(look["action"])
                target = target % 3 + 1
            draw = next((m for m in ann.last["legal"] if m["action"]["type"] == "draw"), None)
            if draw is not None:
                await ann.act(draw["action"])
            with contextlib.suppress(TimeoutError):
                await ann.update(timeout=0.5)
        for client in (ann, watcher):
            await client.close()
        return [ann, watcher]

    ann, watcher = asyncio.run(scenario())
    assert enough_happened() and all(row.time is not None for row in runtime.history.rows())
    for client, you in ((ann, 0), (watcher, None)):
        # Frames may still be in flight when the socket closed: compare what arrived.
        _check_frames(runtime, client, you)
        expected = _observations_by_seq(sqlite_server.store, "wink", table_id, you)
        for frame in client.updates:
            assert frame["observation"] == expected[frame["seq"]]
