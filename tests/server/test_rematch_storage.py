"""Rematches: set up once, stored with the finished table, found again after a restart; in a
game whose rules have tied players play again, only the tied seats play it."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from fakegame import FakeCardsGame
from liveserver import LiveServer, bot, person, store_table
from wsclient import seat_held

from topsecret.games import get_game
from topsecret.server.db import Store
from topsecret.server.lobby import rematch_seats

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
    actions: list[tuple[int, dict[str, Any] | None, float | None]] = []
    while not state.is_over():
        for seat in range(players):
            if state.legal_actions(seat):
                action = state.legal_actions(seat)[0]
                actions.append((seat, codec.to_json(action), None))
                state.apply(seat, action)
    table_id = f"done{seed}"
    store.migrate()
    store_table(
        store,
        table_id,
        "fakecards",
        [
            person(i, NAMES[i], TOKENS[i]) if name is None else bot(i, name)
            for i, name in enumerate(seats)
        ],
        seed=seed,
        options={"rounds": 2},
        settings={"bot_delay": 0},
        actions=actions,
        scores=state.scores(),
    )
    return table_id


def ask(server: LiveServer, table_id: str, token: str) -> httpx.Response:
    return httpx.post(
        f"{server.http}/api/tables/{table_id}/rematch", json={"token": token}, timeout=10
    )


def seat_of(server: LiveServer, table_id: str, token: str) -> int | None:
    """The seat a token holds at a table, as the table's own socket tells it."""
    return asyncio.run(seat_held(server.ws, table_id, token))


def test_a_rematch_is_found_again_after_a_restart(database_url: str) -> None:
    """Given a finished game of Ann, Bob and a bot, when Ann asks for the rematch and the
    server restarts, then Bob (and Ann again) get their seats at that same rematch, with a
    token that holds the seat, and no second rematch is set up."""
    store = Store(database_url)
    old = finished_table(store, [None, None, "random"], lambda scores: True)
    store.close()
    with LiveServer(database_url) as first:
        ann = ask(first, old, TOKENS[0])
        assert ann.status_code == 200, ann.text
        ticket = ann.json()
        assert ticket["seat"] == 0
        assert ask(first, old, TOKENS[0]).json() == ticket  # asked twice: the same seat
    with LiveServer(database_url) as second:
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
    with LiveServer(database_url) as server:
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


def test_the_seats_of_a_rematch() -> None:
    """Every seat plays again, unless the rules have tied players play again and some tie."""
    spyworld = get_game("spyworld")
    assert rematch_seats(spyworld, 4, [120, 95, 120, 80]) == [0, 2]
    assert rematch_seats(spyworld, 3, [120, 95, 119]) == [0, 1, 2]
    assert rematch_seats(spyworld, 2, [100, 100]) == [0, 1]
    vault = get_game("vault")
    assert rematch_seats(vault, 3, [60, 60, 10]) == [0, 1, 2]


def test_two_players_asking_for_the_rematch_at_the_same_moment_get_one_table(
    database_url: str,
) -> None:
    """Given a finished game of Ann, Bob and Cyd, when all three ask for the rematch at the
    same moment, then they are seated at one new table, each at their own seat, and it is
    the only table set up."""
    store = Store(database_url)
    old = finished_table(store, [None, None, None], lambda scores: True)
    store.close()
    with LiveServer(database_url) as server:

        async def all_at_once() -> list[httpx.Response]:
            async with httpx.AsyncClient(base_url=server.http, timeout=30) as client:
                return await asyncio.gather(
                    *(
                        client.post(f"/api/tables/{old}/rematch", json={"token": token})
                        for token in TOKENS
                    )
                )

        answers = asyncio.run(all_at_once())
        assert [a.status_code for a in answers] == [200, 200, 200], [a.text for a in answers]
        tickets = [a.json() for a in answers]
        new_id = tickets[0]["table_id"]
        assert [(t["table_id"], t["seat"]) for t in tickets] == [(new_id, s) for s in range(3)]
        assert server.store.load_rematch(old) == (new_id, [0, 1, 2])
        for ticket in tickets:
            assert seat_of(server, new_id, ticket["token"]) == ticket["seat"]
        listing = httpx.get(f"{server.http}/api/tables", timeout=10).json()
        assert listing["total"]["open"] == 0
        assert [t["id"] for t in listing["playing"]] == [new_id]
        assert server.store.count_tables("closed", None, None) == 0
