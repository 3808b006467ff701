"""A whole game of each of the four games, played in the browser by clicking the board in
French, German and Italian (issue 16): every screen the client draws on the way (prompts,
controls, tooltips, the status line, the seats) and the end screen show no English word of
the English catalogue.

The players click as in ``tests/web/test_whole_games.py`` (its helpers are reused). The whole
page is checked, what the server writes included (move labels, log lines, toasts, the cards
on offer, the end screen's last lines): each socket's frames are worded in its reader's
language. Only names are left out: the players', and the names printed on the cards and
maps, which stay as printed in every language (docs/languages.md: SpyWorld's Agents, the
briefcase game's agents, Dr. Solomon and cities, the winking game's agents). Each game takes
one to three minutes on a busy machine: all run with ``-m slow``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from liveserver import LiveServer

from .test_web_tables import browser_page, create, english_seen, on_screen, seated

# The whole-game players of the browser tests: who clicks what on each game's board.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from test_spyworld_in_browser import next_click  # found through the path above
from test_whole_games import (
    END,
    BriefcasePlayer,
    click,
    progress_watch,
    vault_move,
    wink_move,
)

LANGUAGES = [("fr", "fr-FR"), ("de", "de-DE"), ("it", "it-IT")]
#: A bound on a hang, not on speed: seconds without a new frame.
STALL_SECONDS = 120
#: A bound on a game that never ends.
MOST_CLICKS = 600
#: The whole page: the title, status line, seats, board, moves, log, toasts and end screen.
REGIONS = ("body",)


class SpyWorldPlayer:
    """Takes a card most rounds (a couple of Walls), then explores: ``next_click``."""

    def __init__(self) -> None:
        self.rounds = 0
        self.walls = 0

    def __call__(self, page: Any) -> tuple[str, Any] | None:
        picked = next_click(page, self.rounds, self.walls)
        if picked is not None:
            kind, _ = picked
            self.rounds += "take" in kind or "pass" in kind
            self.walls += "wall-slot" in kind
        return picked


#: Each game's quickest table (as ``tests/web/test_whole_games.py`` sets it) and its player.
TABLES: dict[str, tuple[int, str, dict[str, Any], Any]] = {
    "vault": (2, "easy", {"single_deal": True}, lambda: vault_move),
    "briefcase": (2, "easy", {}, BriefcasePlayer),
    "spyworld": (2, "heuristic", {}, SpyWorldPlayer),
    "wink": (4, "random", {"agent_cards": 12}, lambda: wink_move),
}


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(TABLES))
@pytest.mark.parametrize(("lang", "locale"), LANGUAGES)
def test_a_whole_game_in_the_browser_speaks_the_players_language(
    browser: Any, server: LiveServer, game_id: str, lang: str, locale: str
) -> None:
    """Given a table of the game with the reader in seat 1 and bots elsewhere, when the reader
    plays it to the end by clicking the board, then no screen on the way and not the end
    screen shows an English word in what the client drew."""
    players, bot, options, player = TABLES[game_id]
    created = create(server, game_id, [None] + [bot] * (players - 1), "Ann", options)
    page = browser_page(browser, locale)
    try:
        seated(page, server, created, "Ann")
        page.goto(f"{server.http}/t/{created['table']['id']}")
        page.wait_for_selector(".seat-panel .seat.you")
        choose = player()
        idle = progress_watch()
        seen: dict[str, str] = {}
        clicks = 0
        while not page.locator(END).count():
            assert idle(page) < STALL_SECONDS, f"the table is stuck after {clicks} clicks"
            assert clicks < MOST_CLICKS, "the game did not end"
            seen |= english_seen(on_screen(page, *REGIONS), lang)
            picked = choose(page)
            if picked is None:
                page.wait_for_timeout(60)
                continue
            click(page, picked[1])
            clicks += 1
        page.wait_for_selector("#end-screen .end-card")
        seen |= english_seen(on_screen(page, *REGIONS), lang)
        assert seen == {}
        assert page.errors == []
    finally:
        page.context.close()
