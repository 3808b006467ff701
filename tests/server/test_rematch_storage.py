"""Rematches: set up once, stored with the finished table, found again after a restart; in a
game whose rules have tied players play again, only the tied seats play it."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import pytest
from fakegame import FakeCardsGame
from liveserver import LiveServer
from wsclient import SeatClient

from topsecret.games import get_game
from topsecret.server.db import LogRow, SeatData, Store, TableData
from topsecret.server.lobby import rematch_seats
from topsecret.server.tables import hash_token

TOKENS = ["ann-token", "bob-token", "cyd-token"]
NAMES = ["Ann", "Bob", "Cyd"]


def winners_of(seed: int, players: int) -> list[float]:
    """The scores of a two-round fake card game where every seat plays its lowest card."""
    state = FakeCardsGame().new_state(players, {"rounds": 2}, seed)
    while not state.is_over():
        for seat in range(players):
            if state.legal_actions(seat):
                state.apply(seat, state.legal_actions(seat)[0])
    return state.scores()


def finished_table(store: Store, seats: list[str | None], scores_wanted: Any) -> str:
    """Store a finished two-round fake card game (people where ``seats`` is None, with the
    tokens of TOKENS) whose scores satisfy ``scores_wanted``; returns its id."""
    players = len(seats)
    game = FakeCardsGame()
    seed = next(s for s in range(10_000) if scores_wanted(winners_of(s, players)))
    state = game.new_state(players, {"rounds": 2}, seed)
    codec = game.codec(players)
    rows = []
    while not state.is_over():
        for seat in range(players):
            if state.legal_actions(seat):
                action = state.legal_actions(seat)[0]
                rows.append(LogRow(len(rows) + 1, seat, codec.to_json(action), None))
                state.apply(seat, action)
    table_id = f"done{seed}"
    store.migrate()
    store.create_table(
        TableData(
            id=table_id,
            game="fakecards",
            players=players,
            seed=seed,
            options={"rounds": 2},
            settings={"bot_delay": 0},
            status="playing",
            created_at=time.time(),
            finished_at=None,
            scores=None,
            seats=tuple(
                SeatData(i, bot, NAMES[i] if bot is None else bot, None, False)
                if bot is not None
                else SeatData(i, None, NAMES[i], hash_token(TOKENS[i]), False)
                for i, bot in enumerate(seats)
            ),
        )
    )
    for row in rows:
        store.append_action(table_id, row, state.scores() if row is rows[-1] else None)
    return table_id


def ask(server: LiveServer, table_id: str, token: str) -> httpx.Response:
    return httpx.post(
        f"{server.http}/api/tables/{table_id}/rematch", json={"token": token}, timeout=10
    )


def seat_of(server: LiveServer, table_id: str, token: str) -> int | None:
    """The seat a token holds at a table, as the table's own socket tells it."""

    async def hello() -> int | None:
        client = await SeatClient(server.ws, table_id, token).connect()
        frame = await client.update()
        await client.close()
        you: int | None = frame["you"]
        return you

    return asyncio.run(hello())


def test_a_rematch_is_found_again_after_a_restart(database_url: str) -> None:
    """Given a finished game of Ann, Bob and a bot, when Ann asks for the rematch and the
    server restarts, then Bob (and Ann again) get their seats at that same rematch, with a
    token that holds the seat, and no second rematch is set up."""
    store = Store(database_url)
    old = finished_table(store, [None, None, "random"], lambda scores: True)
    store.close()
    first = LiveServer(database_url).start()
    try:
        ann = ask(first, old, TOKENS[0])
        assert ann.status_code == 200, ann.text
        ticket = ann.json()
        assert ticket["seat"] == 0
        assert ask(first, old, TOKENS[0]).json() == ticket  # asked twice: the same seat
    finally:
        first.stop()
    second = LiveServer(database_url).start()
    try:
        bob = ask(second, old, TOKENS[1])
        assert bob.status_code == 200, bob.text
        assert bob.json()["table_id"] == ticket["table_id"]
        assert bob.json()["seat"] == 1
        assert seat_of(second, ticket["table_id"], bob.json()["token"]) == 1
        again = ask(second, old, TOKENS[0]).json()
        assert again["table_id"] == ticket["table_id"] and again["seat"] == 0
        assert seat_of(second, ticket["table_id"], again["token"]) == 0
        new = second.store.load_table(ticket["table_id"])
        assert new is not None
        assert [s.name for s in new.seats] == ["Ann", "Bob", "random"]
        assert new.seats[2].bot == "random" and new.status == "playing"
        assert second.store.load_rematch(old) == (ticket["table_id"], [0, 1, 2])
        live = [t for t in second.app.state.lobby.tables.values() if t.live]
        assert [t.id for t in live] == [ticket["table_id"]]
    finally:
        second.stop()


def test_only_the_tied_players_play_again_when_the_rules_say_so(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SpyWorld §Final Score: "If players are tied, play again to determine the winner!"
    Given a game with that rule whose seats 0 and 2 tie for the win, when Bob (seat 1, not
    tied) asks for a rematch he is refused; when Ann asks, the rematch seats Ann and Cyd only,
    Cyd at its second seat."""
    monkeypatch.setattr(FakeCardsGame, "play_again_on_tie", True, raising=False)
    store = Store(database_url)

    def ann_and_cyd_tie(scores: list[float]) -> bool:
        return scores[0] == scores[2] > scores[1]

    old = finished_table(store, [None, None, None], ann_and_cyd_tie)
    store.close()
    server = LiveServer(database_url).start()
    try:
        bob = ask(server, old, TOKENS[1])
        assert bob.status_code == 409
        assert "only the tied players play again: Ann and Cyd" in bob.json()["detail"]
        ann = ask(server, old, TOKENS[0])
        assert ann.status_code == 200, ann.text
        cyd = ask(server, old, TOKENS[2]).json()
        assert cyd["table_id"] == ann.json()["table_id"] and cyd["seat"] == 1
        new = server.store.load_table(cyd["table_id"])
        assert new is not None and new.players == 2
        assert [s.name for s in new.seats] == ["Ann", "Cyd"]
        assert seat_of(server, cyd["table_id"], cyd["token"]) == 1
        assert ask(server, old, TOKENS[1]).status_code == 409  # still not Bob's
    finally:
        server.stop()


def test_the_seats_of_a_rematch() -> None:
    """Every seat plays again, unless the rules have tied players play again and some tie."""
    spyworld = get_game("spyworld")
    assert rematch_seats(spyworld, 4, [120, 95, 120, 80]) == [0, 2]
    assert rematch_seats(spyworld, 3, [120, 95, 119]) == [0, 1, 2]
    assert rematch_seats(spyworld, 2, [100, 100]) == [0, 1]
    vault = get_game("vault")
    assert rematch_seats(vault, 3, [60, 60, 10]) == [0, 1, 2]
