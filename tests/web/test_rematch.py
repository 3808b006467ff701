"""After the game, a rematch seats the same people at the same seats, with the same bots."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
from test_chat import sit
from test_whole_games import END, STALL_SECONDS, click, progress_watch, vault_move

from topsecret.games import get_game
from topsecret.server.db import LogRow, SeatData, TableData
from topsecret.server.tables import hash_token


def test_a_rematch_seats_the_same_people(server: Any, page: Any, browser: Any) -> None:
    created = httpx.post(
        f"{server.http}/api/tables",
        json={
            "game": "vault",
            "players": 3,
            "name": "Ann",
            "seats": [None, None, "easy"],
            "options": {"single_deal": True},
            "settings": {"bot_delay": 0.05},
        },
        timeout=10,
    ).json()
    table_id = created["table"]["id"]
    ticket = httpx.post(
        f"{server.http}/api/tables/{table_id}/join", json={"name": "Bob"}, timeout=10
    ).json()
    bob_context = browser.new_context()
    bob = bob_context.new_page()
    try:
        sit(page, server, table_id, created["seat"], created["token"], "Ann")
        sit(bob, server, table_id, ticket["seat"], ticket["token"], "Bob")
        idle = progress_watch()
        clicks = 0
        while not (page.locator(END).count() and bob.locator(END).count()):
            assert idle(page) < STALL_SECONDS and clicks < 300, "the deal did not end"
            for someone in (page, bob):
                picked = vault_move(someone)
                if picked is not None:
                    # Each waits for the answer to its card (a click the redraw swallowed
                    # is simply made again next time round).
                    click(someone, picked[1])
                    clicks += 1
            page.wait_for_timeout(100)
        # Ann asks for the rematch and is taken to it; Bob is offered his seat there.
        page.click("#end-screen button.rematch")
        page.wait_for_url(lambda url: table_id not in url)
        page.wait_for_selector(".vseat.you")
        assert page.locator(".vseat.you .who").inner_text() == "Ann (you)"
        bob.click("#end-screen a.rematch")
        bob.wait_for_selector(".vseat.you")
        assert bob.url == page.url
        assert bob.locator(".vseat.you .who").inner_text() == "Bob (you)"
        seats = bob.locator(".seat-panel").inner_text()
        assert "Ann" in seats and "Easy bot 3" in seats
        new_id = page.url.rsplit("/", 1)[1]
        data = server.store.load_table(new_id)
        assert [s.name for s in data.seats[:2]] == ["Ann", "Bob"] and data.seats[2].bot == "easy"
        assert data.options["single_deal"] is True
        assert page.errors == []
    finally:
        bob_context.close()


def tied_spyworld_log(players: int) -> tuple[int, list[LogRow], list[float]]:
    """A whole SpyWorld game of random moves where seats 0 and 1 tie for the win and the
    others score less: its seed, its log and its scores."""
    game = get_game("spyworld")
    codec = game.codec(players)
    for seed in range(1000):
        rng = random.Random(seed)
        state = game.new_state(players, game.resolve_options({}), seed)
        rows: list[LogRow] = []
        while not state.is_over():
            seat = next(p for p in state.acting_players() if state.legal_actions(p))
            action = rng.choice(state.legal_actions(seat))
            rows.append(LogRow(len(rows) + 1, seat, codec.to_json(action), None))
            state.apply(seat, action)
        scores = state.scores()
        if scores[0] == scores[1] > max(scores[2:]):
            return seed, rows, scores
    raise AssertionError("no tied game among the first 1000 seeds")


def test_only_the_tied_players_play_again_in_spyworld(server: Any, page: Any, browser: Any) -> None:
    """SpyWorld §Final Score: "If players are tied, play again to determine the winner!"
    Given a finished three-player game where Ann and Bob tie and Cyd scores less, then Cyd's
    end screen says who plays again and offers him no rematch, and Ann's rematch seats Ann
    and Bob only."""
    seed, rows, scores = tied_spyworld_log(3)
    names, tokens = ["Ann", "Bob", "Cyd"], ["ann-token", "bob-token", "cyd-token"]
    server.store.create_table(
        TableData(
            id="tied",
            game="spyworld",
            players=3,
            seed=seed,
            options=dict(get_game("spyworld").resolve_options({})),
            settings={"bot_delay": 0.05},
            status="playing",
            created_at=time.time(),
            finished_at=None,
            scores=None,
            seats=tuple(
                SeatData(i, None, names[i], hash_token(tokens[i]), False) for i in range(3)
            ),
        )
    )
    for row in rows:
        server.store.append_action("tied", row, scores if row is rows[-1] else None)

    def at_the_end(someone: Any, seat: int) -> Any:
        someone.goto(server.http + "/")
        someone.evaluate(
            "([id, seat]) => localStorage.setItem(`topsecret.seat.${id}`, JSON.stringify(seat))",
            ["tied", {"seat": seat, "token": tokens[seat], "name": names[seat]}],
        )
        someone.goto(f"{server.http}/t/tied")
        end = someone.locator("#end-screen .end-card")
        end.wait_for()
        return end

    cyd_context = browser.new_context()
    try:
        cyd_end = at_the_end(cyd_context.new_page(), 2)
        assert "The tied players play again: Ann and Bob" in cyd_end.inner_text()
        assert cyd_end.locator(".rematch").count() == 0
    finally:
        cyd_context.close()
    ann_end = at_the_end(page, 0)
    assert "play again to determine the winner" in ann_end.locator(".end-reason").inner_text()
    button = ann_end.locator("button.rematch")
    assert button.inner_text() == "Play again to break the tie"
    button.click()
    page.wait_for_url(lambda url: not url.endswith("/t/tied"))
    page.wait_for_selector(".spyworld")
    new = server.store.load_table(page.url.rsplit("/", 1)[1])
    assert new.players == 2 and [s.name for s in new.seats] == ["Ann", "Bob"]
    assert page.errors == []
