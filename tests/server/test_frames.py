"""Fewer frames: a spectator's hello (or a second tab's) is answered to that socket only; the
others hear of a connection only when the seat panel changes; an action is answered by the
update it caused, not by a frame of its own."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from wsclient import SeatClient, seated, set_up_table

from topsecret.server.messages import UpdateFrame
from topsecret.server.tables import frame_text, shared_json, with_ref


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
        assert (await ann.act(ann.last["legal"][0]["action"]))["type"] == "update"
        assert (await bob_client.update())["step"]["chosen"] == [0]
        await ann.close()
        # Ann's last connection closing does change the panel.
        assert not (await bob_client.update())["table"]["seats"][0]["connected"]
        await bob_client.close()

    asyncio.run(scenario())


def test_an_action_is_acknowledged_by_its_update_on_the_acting_socket_only(
    sqlite_server: Any,
) -> None:
    """The update an action caused answers it on the socket that sent it (with the message's
    ``ref``); another tab of the same seat and the other seats get the same update without
    it, and no separate frame follows."""
    table = set_up_table(sqlite_server.http, "Ann", "Bob")

    async def scenario() -> None:
        ann = await seated(sqlite_server.ws, table.id, table.tokens[0])
        bob_client = await seated(sqlite_server.ws, table.id, table.tokens[1])
        await ann.update()  # Bob connected
        tab = await SeatClient(sqlite_server.ws, table.id, table.tokens[0]).connect()
        await tab.update()
        ref = await ann.send_act(ann.last["legal"][0]["action"])
        answer = await ann.answer(ref)
        assert answer["type"] == "update" and answer["ref"] == ref
        assert UpdateFrame.model_validate_json(ann.raw[-1]).ref == ref  # as it came
        for other in (tab, bob_client):
            seen = await other.update()
            assert seen["seq"] == answer["seq"] and "ref" not in seen
        # The other tab holds the same view of the same seat.
        assert tab.last["observation"] == ann.last["observation"]
        assert tab.last["step"] == answer["step"]
        assert await quiet_for(ann, 0.3) == []
        for client in (ann, tab, bob_client):
            await client.close()

    asyncio.run(scenario())


def test_a_frame_whose_view_has_keys_other_than_strings_is_still_written() -> None:
    """Views are keyed by strings, which orjson writes fastest; a game whose view has
    another key still gets its frame, the keys written as JSON requires."""
    assert frame_text({"seq": 1, "scores": {2: 5.0}}) == '{"seq":1,"scores":{"2":5.0}}'
    assert with_ref('{"seq":1}', 7) == '{"seq":1,"ref":7}'
    assert orjson.loads(with_ref('{"seq":1}', None)) == {"seq": 1, "ref": None}


def test_the_table_info_comes_only_when_it_changed(sqlite_server: Any) -> None:
    """About half of an update's bytes were the table's info, the same on every action: a
    frame carries it when the connection starts and when a seat, a connection or the status
    changed, and a client keeps the last one it had."""
    table = set_up_table(sqlite_server.http, "Ann", "Bob")

    async def scenario() -> None:
        ann = await seated(sqlite_server.ws, table.id, table.tokens[0])
        assert orjson.loads(ann.raw[-1])["table"]["seats"][0]["connected"]  # the first frame
        bob_client = await seated(sqlite_server.ws, table.id, table.tokens[1])
        await ann.update()  # Bob connected: the panel changed, so the info came
        assert orjson.loads(ann.raw[-1])["table"]["seats"][1]["connected"]
        await ann.act(ann.last["legal"][0]["action"])
        await bob_client.update()
        for client in (ann, bob_client):
            assert "table" not in orjson.loads(client.raw[-1])
            assert client.last["table"]["seats"][1]["connected"]  # kept from before
        await bob_client.close()
        left = await ann.update()
        assert "table" in orjson.loads(ann.raw[-1])
        assert not left["table"]["seats"][1]["connected"]
        await ann.close()

    asyncio.run(scenario())


def test_given_parts_written_once_as_json_when_a_frame_is_written_then_its_text_is_unchanged() -> (
    None
):
    """Legal moves are kept as JSON text once made (``shared_json``): a frame holding them
    reads exactly as one holding the values themselves, and a value orjson's plain path
    cannot write (a key that is not a string) is kept as it is, for the frame's fallback."""
    entry = {"action": {"type": "play", "card": 3}, "label": "jouer le 3 — « é »"}
    odd = {"action": {1: "one"}, "label": "x"}
    assert shared_json(odd) is odd
    inline = {"type": "update", "legal": [entry, odd], "events": []}
    copied = {"type": "update", "legal": [shared_json(entry), shared_json(odd)], "events": []}
    assert frame_text(copied) == frame_text(inline)
    assert orjson.loads(frame_text(copied))["legal"][0] == entry
