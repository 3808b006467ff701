"""Whole games over real WebSockets: seats, bots, privacy of every frame, persistence."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import websockets
from fakegame import GAME as FAKE
from wsclient import SeatClient, seated, set_up_table

from topsecret.server.db import Store
from topsecret.server.messages import UpdateFrame


def _replayed_observations(store: Store, table_id: str, seat: int | None) -> list[Any]:
    """Observation of one seat after each logged action, rebuilt from storage alone."""
    data = store.load_table(table_id)
    assert data is not None
    state = FAKE.new_state(data.players, data.options, data.seed)
    codec = FAKE.codec(data.players)
    views = [state.observation(seat)]
    for row in store.load_log(table_id):
        assert row.action is not None
        state.apply(row.seat, codec.from_json(row.action))
        views.append(state.observation(seat))
    return views


def test_three_people_and_a_bot_play_a_whole_game_and_each_sees_only_their_own(
    live_server: Any,
) -> None:
    table = set_up_table(
        live_server.http, "Ann", "Bob", "Cyd", bots=["random"], settings={"bot_delay": 0}
    )
    table_id = table.id
    # Ann took the first seat; the table waited for Bob and Cyd.
    assert table.created["seat"] == 0 and table.created["table"]["status"] == "waiting"
    tokens = [table.tokens[seat] for seat in range(3)]

    async def scenario() -> list[SeatClient]:
        clients = [await SeatClient(live_server.ws, table_id, t).connect() for t in tokens]
        spectator = await SeatClient(live_server.ws, table_id, None).connect()
        await asyncio.gather(*(c.play_until_over(pick=i) for i, c in enumerate(clients)))
        while not (spectator.updates and spectator.last["over"]):
            await spectator.update()
        for client in [*clients, spectator]:
            await client.close()
        return [*clients, spectator]

    clients = asyncio.run(scenario())
    runtime = live_server.app.state.lobby.tables[table_id]
    assert runtime.status == "finished"
    final_hands = runtime.state.hands  # each seat's never-played card
    all_events = [{"seq": seq, **e.to_json()} for seq, e in runtime.history.events()]

    for seat, client in enumerate(clients):
        you = seat if seat < 3 else None  # three people, then the spectator
        for text in client.raw:
            if '"type":"update"' in text:
                UpdateFrame.model_validate_json(text)  # every frame has the documented shape
        assert all(frame["you"] == you for frame in client.updates)
        text = "\n".join(client.raw)
        # Nothing private of another seat: not their unplayed card, not their hidden events.
        for other in range(4):
            if other != you:
                assert final_hands[other][0] not in text
        hidden = [
            e
            for e, (_, ev) in zip(all_events, runtime.history.events(), strict=True)
            if not ev.visible_to(you)
        ]
        received = [
            {k: v for k, v in e.items() if k not in ("text", "quiet")}
            for frame in client.updates
            for e in frame["events"]
        ]
        for event in hidden:
            assert event not in received
        # The log a seat gets is exactly the events it may see, in order, each once.
        visible = [
            e
            for e, (_, ev) in zip(all_events, runtime.history.events(), strict=True)
            if ev.visible_to(you)
        ]
        assert received == visible
        # Every frame's observation is the engine's observation for that seat at that point.
        expected = _replayed_observations(live_server.store, table_id, you)
        for frame in client.updates:
            assert frame["observation"] == expected[frame["seq"]]
        # Legal actions are offered only to the seat's own frames, when it is acting.
        for frame in client.updates:
            if frame["legal"]:
                assert you is not None and you in frame["acting"]

    final = clients[0].last
    assert final["over"] and final["scores"] == runtime.state.scores()
    data = live_server.store.load_table(table_id)
    assert data.status == "finished" and data.scores == final["scores"]
    assert len(live_server.store.load_log(table_id)) == 12  # 3 rounds x 4 seats


def test_simultaneous_step_shows_who_has_chosen_but_not_what(live_server: Any) -> None:
    table = set_up_table(live_server.http, "Ann", "Bob", settings={"bot_delay": 0})

    async def scenario() -> None:
        ann = await seated(live_server.ws, table.id, table.tokens[0])
        bob_client = await seated(live_server.ws, table.id, table.tokens[1])
        card = ann.last["legal"][0]["action"]
        reply = await ann.act(card)
        assert reply["type"] == "update"
        assert ann.last["step"]["my_choice"] == card
        frame = await bob_client.update()
        while frame["seq"] < 1:
            frame = await bob_client.update()
        assert frame["step"]["chosen"] == [0]
        assert frame["step"]["waiting"] == [1]
        assert frame["step"]["my_choice"] is None
        assert card["card"] not in json.dumps(frame)
        await ann.close()
        await bob_client.close()

    asyncio.run(scenario())


def test_a_seat_acts_only_for_itself_and_only_legally(live_server: Any) -> None:
    table = set_up_table(
        live_server.http,
        "Ann",
        bots=["random"],
        # The longest pause allowed: the bot must not move while the refusals are checked.
        settings={"bot_delay": 30},
    )
    table_id = table.id

    async def scenario() -> None:
        ann = await SeatClient(live_server.ws, table_id, table.token).connect()
        watcher = await SeatClient(live_server.ws, table_id, None).connect()
        first = await ann.update()
        theirs = next(
            c
            for c in [f"gem-{n:02d}" for n in range(1, 17)]
            if c not in first["observation"]["hand"]
        )
        refused = await ann.act({"type": "play", "card": theirs})
        assert refused["type"] == "error"
        malformed = await ann.act({"type": "play", "card": 3})
        assert malformed["type"] == "error" and "text" in malformed["message"]
        unknown = await ann.act({"type": "steal"})
        assert unknown["type"] == "error"
        spectator_try = await watcher.act(first["legal"][0]["action"])
        assert spectator_try["type"] == "error"
        assert live_server.store.load_log(table_id) == []
        await ann.close()
        await watcher.close()

    asyncio.run(scenario())


def test_bad_hello_and_unknown_table_are_refused(live_server: Any) -> None:
    table_id = set_up_table(live_server.http, "Ann", players=2).id

    async def scenario() -> None:
        wrong = SeatClient(live_server.ws, table_id, "not-a-token")
        await wrong.connect()
        frame = await wrong.receive()
        assert frame["type"] == "error" and "token" in frame["message"]
        # An unknown table answers before any hello, then closes.
        async with websockets.connect(f"{live_server.ws}/ws/tables/nosuchtable") as missing:
            frame = json.loads(await missing.recv())
        assert frame["type"] == "error" and "no table" in frame["message"]

    asyncio.run(scenario())
