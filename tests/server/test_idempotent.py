"""Idempotent actions: each action names the update it answers (``seq``); a repeated or
overtaken one is refused with a reason and never applied to a later step.

The fake card game (tests/server/fakegame.py) plays rounds in which both seats choose a card
at the same time; its second round is "a later step" in which a late duplicate of a first-round
card would still be legal, which is how vault played a double click in the next trick.
"""

from __future__ import annotations

import asyncio
from typing import Any

from liveserver import LiveServer
from wsclient import seated, set_up_table


def two_seat_table(http: str) -> tuple[str, str, str]:
    """Ann and Bob at a three-round fake card table: its id and their tokens."""
    table = set_up_table(http, "Ann", "Bob", options={"rounds": 3})
    return table.id, table.tokens[0], table.tokens[1]


def test_a_double_click_is_applied_once_even_when_the_copy_is_still_legal(
    live_server: Any,
) -> None:
    table_id, ann_token, bob_token = two_seat_table(live_server.http)

    async def scenario() -> None:
        ann = await seated(live_server.ws, table_id, ann_token)
        bob = await seated(live_server.ws, table_id, bob_token)
        seen = ann.last["seq"]
        first, second = ann.last["legal"][0]["action"], ann.last["legal"][1]["action"]
        # Two sends answering the same update, as a double click makes them.
        ref_one = await ann.send_act(first, seen)
        ref_two = await ann.send_act(first, seen)
        assert (await ann.answer(ref_one))["type"] == "update"
        refused = await ann.answer(ref_two)
        assert refused["type"] == "error" and "already played" in refused["message"]
        # Bob plays; round two opens, where Ann's other cards are legal again.
        assert (await bob.act(bob.last["legal"][0]["action"]))["type"] == "update"
        while ann.last["observation"]["round"] < 1:
            await ann.update()
        assert {"action": second, "label": f"play {second['card']}"} in ann.last["legal"]
        # A late copy answering the first update is refused, not played in round two.
        late = await ann.act(second, seen)
        assert late["type"] == "error" and "already played" in late["message"]
        assert len(ann.last["observation"]["hand"]) == 3
        await ann.close()
        await bob.close()

    asyncio.run(scenario())
    rows = live_server.store.load_log(table_id)
    assert [r.seat for r in rows] == [0, 1]


def test_an_action_answering_an_update_before_the_seat_s_decision_opened_is_refused(
    sqlite_server: Any,
) -> None:
    table_id, ann_token, bob_token = two_seat_table(sqlite_server.http)

    async def scenario() -> None:
        ann = await seated(sqlite_server.ws, table_id, ann_token)
        bob = await seated(sqlite_server.ws, table_id, bob_token)
        assert (await ann.act(ann.last["legal"][0]["action"]))["type"] == "update"
        after_own = ann.last["seq"]  # Ann has chosen; round two has not opened yet
        assert (await bob.act(bob.last["legal"][0]["action"]))["type"] == "update"
        while ann.last["observation"]["round"] < 1:
            await ann.update()
        stale = await ann.act(ann.last["legal"][0]["action"], after_own)
        assert stale["type"] == "error"
        assert f"moved on since update {after_own}" in stale["message"]
        assert "opened at update 2" in stale["message"]
        # The same card answering the current update is played.
        fresh = await ann.act(ann.last["legal"][0]["action"])
        assert (fresh["type"], fresh["seq"], fresh["ref"]) == ("update", 3, ann._ref)
        await ann.close()
        await bob.close()

    asyncio.run(scenario())


def test_in_a_simultaneous_step_the_others_choosing_first_does_not_make_an_action_stale(
    sqlite_server: Any,
) -> None:
    table_id, ann_token, bob_token = two_seat_table(sqlite_server.http)

    async def scenario() -> None:
        ann = await seated(sqlite_server.ws, table_id, ann_token)
        bob = await seated(sqlite_server.ws, table_id, bob_token)
        seen = ann.last["seq"]
        assert (await bob.act(bob.last["legal"][0]["action"]))["type"] == "update"
        # Ann still answers update 0: Bob's choice did not change what she decides.
        reply = await ann.act(ann.last["legal"][0]["action"], seen)
        assert reply["type"] == "update" and seen == 0
        await ann.close()
        await bob.close()

    asyncio.run(scenario())


def test_an_action_without_seq_or_from_the_future_is_refused_with_a_reason(
    sqlite_server: Any,
) -> None:
    table_id, ann_token, _bob_token = two_seat_table(sqlite_server.http)

    async def scenario() -> None:
        ann = await seated(sqlite_server.ws, table_id, ann_token)
        card = ann.last["legal"][0]["action"]
        await ann._ws.send(
            f'{{"type": "act", "action": {{"type": "play", "card": "{card["card"]}"}}, "ref": 7}}'
        )
        missing = await ann.reply()
        assert missing["ref"] == 7 and "must carry the seq" in missing["message"]
        future = await ann.act(card, 99)
        assert "update 99 has not happened yet" in future["message"]
        await ann.close()

    asyncio.run(scenario())
    assert sqlite_server.store.load_log(table_id) == []


def test_after_a_restart_a_late_copy_is_still_refused(sqlite_url: str) -> None:
    card: dict[str, Any] = {}
    with LiveServer(sqlite_url) as server:
        table_id, ann_token, bob_token = two_seat_table(server.http)

        async def first_round() -> int:
            ann = await seated(server.ws, table_id, ann_token)
            bob = await seated(server.ws, table_id, bob_token)
            seen = ann.last["seq"]
            card.update(ann.last["legal"][1]["action"])
            assert (await ann.act(ann.last["legal"][0]["action"]))["type"] == "update"
            assert (await bob.act(bob.last["legal"][0]["action"]))["type"] == "update"
            await ann.close()
            await bob.close()
            return int(seen)

        seen = asyncio.run(first_round())
    with LiveServer(sqlite_url) as server:

        async def after_restart() -> None:
            ann = await seated(server.ws, table_id, ann_token)
            late = await ann.act(card, seen)
            assert "already played" in late["message"]
            await ann.close()

        asyncio.run(after_restart())
        assert len(server.store.load_log(table_id)) == 2
