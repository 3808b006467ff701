"""Every installed game opens in its browser view: a person's seat, bots elsewhere, a screenshot."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from topsecret.bots import bot_names
from topsecret.games import game_ids, get_game

#: The element each dedicated view draws; a game without a view gets the generic one.
VIEW_ROOTS = {
    "vault": ".vault",
    "wink": ".wink svg",
    "spyworld": ".spyworld",
    "briefcase": ".briefcase",
}


def open_as_first_seat(server: Any, page: Any, game_id: str, players: int | None = None) -> str:
    """A table where the browser holds the first seat and bots hold the others."""
    game = get_game(game_id)
    bots = bot_names(game)
    bot = "heuristic" if "heuristic" in bots else bots[0]
    if players is None:
        players = max(game.min_players, min(4, game.max_players))
    created = httpx.post(
        f"{server.http}/api/tables",
        json={
            "game": game_id,
            "players": players,
            "name": "Ann",
            "seats": [None] + [bot] * (players - 1),
            "settings": {"bot_delay": 0.3},
        },
        timeout=10,
    ).json()
    table_id = created["table"]["id"]
    page.goto(server.http + "/")
    page.evaluate(
        "([id, seat]) => localStorage.setItem(`topsecret.seat.${id}`, JSON.stringify(seat))",
        [table_id, {"seat": created["seat"], "token": created["token"], "name": "Ann"}],
    )
    page.goto(f"{server.http}/t/{table_id}")
    return table_id


@pytest.mark.parametrize("game_id", game_ids())
def test_each_game_view_shows_the_table_to_a_seated_player(
    game_id: str, server: Any, page: Any, screenshots: Path
) -> None:
    open_as_first_seat(server, page, game_id)
    page.wait_for_selector(VIEW_ROOTS.get(game_id, ".generic"))
    page.wait_for_selector(".seat-panel .seat.you")
    if game_id == "wink":
        # Look at the player across the table: the gaze arrow appears.
        page.wait_for_selector(".wink-seat.clickable")
        page.locator(".wink-seat.clickable").first.dispatch_event("pointerdown")
        page.wait_for_selector("line.mine")
    page.wait_for_timeout(1000)
    page.screenshot(path=str(screenshots / f"{game_id}.png"))
    # The list of every move is folded away under the board; opened, a dozen moves from it
    # take the view through the next steps of the game.
    assert page.locator("#legal").is_hidden()
    page.click("#moves summary")
    for _ in range(12):
        move = page.locator("#legal button.move").first
        if move.count():
            # The bots may have moved on since the count (a wink table changes with the
            # clock): a move gone from under the pointer is skipped, not waited for.
            with contextlib.suppress(PlaywrightTimeout):
                move.click(timeout=5_000)
        page.wait_for_timeout(400)
    page.screenshot(path=str(screenshots / f"{game_id}-later.png"))
    assert page.errors == []
    assert page.locator("#rules-button").is_visible()
    page.click("#rules-button")
    assert page.locator("#rules-dialog[open]").is_visible()
    assert page.errors == []
