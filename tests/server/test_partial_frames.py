"""Frames carrying only what changed: merged by a client, they hold the seat's very view.

Each game is played through the real server on loopback by two people and bots, watched by
a spectator; the first person opens a second tab mid-game, the second drops out for a while
and comes back. After every frame, the view each client holds (the whole one it was sent
first, with every later frame's ``changed`` and ``removed`` merged in) must be the engine's
observation for that seat at that point of the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

import pytest
from wsclient import SeatClient, set_up_table

from topsecret.core import State
from topsecret.games import get_game
from topsecret.server.messages import UpdateFrame, merged_view
from topsecret.server.tables import view_changes

#: Seconds a whole game may take on a busy machine.
GAME_SECONDS = 120.0
#: The refusals of an action that the table overtook (another frame is on its way).
OVERTAKEN = ("already played", "the table moved on")


def _states_by_seq(store: Any, game_id: str, table_id: str) -> list[State]:
    """The engine's state after each row of the stored log (index: the frame's seq)."""
    data = store.load_table(table_id)
    game = get_game(game_id)
    state = game.new_state(data.players, data.options, data.seed)
    codec = game.codec(data.players)
    states = [state.clone()]
    for row in store.load_log(table_id):
        if row.time is not None:
            state.advance_time(row.time)
        if row.action is not None:
            state.apply(row.seat, codec.from_json(row.action))
        states.append(state.clone())
    return states


def _engine_view(state: State, seat: int | None, held: dict[str, Any]) -> dict[str, Any]:
    """The engine's view for a frame: in real time, a clock tick in which nothing happened
    is not logged, yet a frame sent after it (a seat coming or going) shows its time, so the
    state is brought to the time the frame shows, which must change nothing else."""
    if "now" in held and held["now"] != state.observation(seat).get("now"):
        state = state.clone()
        assert state.advance_time(held["now"]) == [], "a tick that changed the game was not logged"
    return state.observation(seat)


def _check_views(states: list[State], client: SeatClient) -> int:
    """Every frame the client got has the documented shape, and after each one the view it
    holds is the engine's (``states``: the table's, by seq); returns how many frames carried
    only what changed."""
    updates = [text for text in client.raw if '"type":"update"' in text]
    assert len(updates) == len(client.updates)
    partial = 0
    for text in updates:
        frame = UpdateFrame.model_validate_json(text)
        partial += frame.observation is None
    assert client.updates[0]["full"] and "observation" in updates[0]
    you = client.updates[0]["you"]
    for frame in client.updates:
        held = frame["observation"]
        assert held == _engine_view(states[frame["seq"]], you, held), f"{you} at {frame['seq']}"
    return partial


async def _play_until(
    client: SeatClient, pick: int, done: Callable[[dict[str, Any]], bool]
) -> None:
    """Act whenever the seat owes a move (its ``pick``-th legal action) until ``done``."""
    if not client.updates:
        await client.update()
    while not done(client.last):
        options = client.last["legal"]
        if options:
            reply = await client.act(options[pick % len(options)]["action"])
            if reply["type"] == "error":
                # A bot played for the seat just before it came back: look again.
                assert reply["template"].startswith(OVERTAKEN), reply
                await client.update()
        else:
            await client.update()


async def _until_over(client: SeatClient) -> None:
    while not (client.updates and client.last["over"]):
        await client.update()


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("vault", 3, {"single_deal": True}),
        ("briefcase", 3, {}),
        ("spyworld", 3, {}),
    ],
)
def test_turn_based_games_merged_frames_hold_each_seats_view(
    sqlite_server: Any, game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Given a table of two people and a bot, when they play a whole game while a spectator
    watches, the first person opens a second tab mid-game and the second drops out and comes
    back, then after every frame each client holds exactly its seat's view."""
    table = set_up_table(
        sqlite_server.http,
        "Ann",
        "Bob",
        bots=["random"] * (players - 2),
        game=game_id,
        options=options,
        settings={"bot_delay": 0, "away_seconds": 0},
    )
    runtime = sqlite_server.app.state.lobby.tables[table.id]

    async def scenario() -> list[SeatClient]:
        ws = sqlite_server.ws
        ann = await SeatClient(ws, table.id, table.tokens[0]).connect()
        bob = await SeatClient(ws, table.id, table.tokens[1]).connect()
        watcher = await SeatClient(ws, table.id, None).connect()

        async def ann_plays() -> SeatClient:
            await _play_until(ann, 0, lambda frame: frame["seq"] >= 4 or frame["over"])
            second_tab = await SeatClient(ws, table.id, table.tokens[0]).connect()
            await _play_until(ann, 0, lambda frame: frame["over"])
            await _until_over(second_tab)
            return second_tab

        async def bob_plays() -> SeatClient:
            await _play_until(bob, 1, lambda frame: frame["seq"] >= 3 or frame["over"])
            left_at = bob.last["seq"]
            await bob.close()
            # Away at once: a bot plays for Bob while he misses a few frames.
            deadline = time.monotonic() + GAME_SECONDS
            while runtime.seq < left_at + 3 and not runtime.state.is_over():
                assert time.monotonic() < deadline, "the table stalled while Bob was away"
                await asyncio.sleep(0.02)
            back = await SeatClient(ws, table.id, table.tokens[1]).connect()
            await _play_until(back, 1, lambda frame: frame["over"])
            return back

        second_tab, back = await asyncio.wait_for(
            asyncio.gather(ann_plays(), bob_plays()), GAME_SECONDS
        )
        await asyncio.wait_for(_until_over(watcher), GAME_SECONDS)
        for client in (ann, second_tab, back, watcher):
            await client.close()
        return [ann, second_tab, bob, back, watcher]

    clients = asyncio.run(scenario())
    assert runtime.state.is_over()
    states = _states_by_seq(sqlite_server.store, game_id, table.id)
    partial = [_check_views(states, c) for c in clients]
    # Every client that saw more than its first frame was sent only what changed after it.
    for client, count in zip(clients, partial, strict=True):
        if len(client.updates) > 1:
            assert count > 0
    assert clients[1].updates[0]["seq"] > 0  # the second tab joined mid-game
    assert clients[3].updates[0]["seq"] > clients[2].last["seq"]  # Bob missed frames


def test_wink_merged_frames_hold_each_seats_view_in_real_time(sqlite_server: Any) -> None:
    """Given a winking table of two people and two bots in real time, when the clock and the
    bots move it on while Ann looks around, Ann opens a second tab and Bob drops out and comes
    back, then after every frame each client holds exactly its seat's view."""
    table = set_up_table(
        sqlite_server.http,
        "Ann",
        "Bob",
        bots=["heuristic"] * 2,
        game="wink",
        settings={"bot_delay": 0, "away_seconds": 0},
    )
    runtime = sqlite_server.app.state.lobby.tables[table.id]

    async def look_around(client: SeatClient, seconds: float) -> None:
        started = time.monotonic()
        target = 1
        while time.monotonic() < started + seconds and not client.last["over"]:
            wanted = {"type": "look", "seat": (client.last["you"] + target) % 4}
            look = next((m for m in client.last["legal"] if m["action"] == wanted), None)
            if look is not None:
                await client.act(look["action"])
                target = target % 3 + 1
            with contextlib.suppress(TimeoutError):
                await client.update(timeout=0.3)

    async def scenario() -> list[SeatClient]:
        ws = sqlite_server.ws
        ann = await SeatClient(ws, table.id, table.tokens[0]).connect()
        bob = await SeatClient(ws, table.id, table.tokens[1]).connect()
        watcher = await SeatClient(ws, table.id, None).connect()
        await asyncio.gather(ann.update(), bob.update())
        await asyncio.gather(look_around(ann, 1.5), look_around(bob, 1.5))
        second_tab = await SeatClient(ws, table.id, table.tokens[0]).connect()
        left_at = runtime.seq
        await bob.close()
        deadline = time.monotonic() + 60
        while runtime.seq < left_at + 2 and not runtime.state.is_over():
            await look_around(ann, 0.5)
            assert time.monotonic() < deadline, "the table hardly moved in a minute"
        back = await SeatClient(ws, table.id, table.tokens[1]).connect()
        await back.update()
        await asyncio.gather(look_around(ann, 2.0), look_around(back, 2.0))
        reached = runtime.seq
        for client in (ann, second_tab, back, watcher):
            # Frames still on their way up to now are read, so the last ones are checked too.
            while not (client.updates and client.last["seq"] >= reached):
                await client.update()
            await client.close()
        return [ann, second_tab, bob, back, watcher]

    clients = asyncio.run(scenario())
    assert all(row.time is not None for row in runtime.history.rows())
    states = _states_by_seq(sqlite_server.store, "wink", table.id)
    partial = [_check_views(states, c) for c in clients]
    assert partial[0] > 0 and partial[-1] > 0
    assert clients[3].updates[0]["seq"] > clients[2].last["seq"]  # Bob missed frames


# -- the changes between two views ------------------------------------------------------


def test_only_the_keys_whose_values_changed_are_sent() -> None:
    """Given a view and the next, when one key's value changed, one is new and one is gone,
    then the changes name exactly those, and merging them gives the next view."""
    held = {"trick": 3, "seats": [{"seat": 0}], "discard": [], "steal_targets": [1]}
    view = {"trick": 4, "seats": held["seats"], "discard": [], "hand": [{"id": 2}]}
    changed, removed = view_changes(held, view)
    assert changed == {"trick": 4, "hand": [{"id": 2}]}
    assert removed == ["steal_targets"]
    assert merged_view(held, changed, removed) == view


def test_a_part_built_again_equal_is_not_sent_but_one_of_another_type_is() -> None:
    """Given parts built anew with equal contents, then they are not sent; given a value equal
    to the old one in Python but not in JSON (``1`` and ``True``), then it is sent."""
    held = {"seats": [{"seat": 0, "hand": [1, 2]}], "over": 0, "total": 1.0}
    view = {"seats": [{"seat": 0, "hand": [1, 2]}], "over": False, "total": 1.0}
    assert view_changes(held, view) == ({"over": False}, [])


def test_identical_views_change_nothing() -> None:
    view = {"a": [1, 2], "b": {"c": None}}
    assert view_changes(view, view) == ({}, [])
    assert view_changes({}, {}) == ({}, [])


def test_a_view_changes_whole_when_every_key_changed() -> None:
    assert view_changes({"a": 1}, {"b": 2}) == ({"b": 2}, ["a"])
