"""A whole vault game in the browser in French, German and Italian (issue 16): the game's
view (hand, prompts, seats, safes, the last trick and the end summary of the points, all
built by views/vault.js) shows no English word of the English catalogue.

This test reads the view through a whole game; the page around it (status line, seats, end
screen) is checked by ``test_web_tables.py``, and the log's lines are the server's."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from liveserver import LiveServer

from .words import english_left

END = "#end-screen:not([hidden])"
#: A bound on a hang, not on speed: seconds without anything to click before the game is
#: called stuck.
STALL_SECONDS = 120


def seated_page(browser: Any, server: LiveServer, locale: str) -> Any:
    """A two-seat vault table (the quickest), the browser in seat 1, a bot in seat 2."""
    created = httpx.post(
        f"{server.http}/api/tables",
        json={
            "game": "vault",
            "players": 2,
            "name": "Ann",
            "seats": [None, "heuristic"],
            "options": {},
            "settings": {"bot_delay": 0.05},
        },
        timeout=10,
    ).json()
    table_id = str(created["table"]["id"])
    context = browser.new_context(locale=locale, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(server.http + "/")
    page.evaluate(
        "([id, seat]) => localStorage.setItem(`topsecret.seat.${id}`, JSON.stringify(seat))",
        [table_id, {"seat": created["seat"], "token": created["token"], "name": "Ann"}],
    )
    page.goto(f"{server.http}/t/{table_id}")
    page.wait_for_selector(".vault")
    return page


def without_names(page: Any, text: str) -> str:
    """The text without the players' names, as the page around the view writes them (each
    seat's head): names are the players' own, and the page adds "(you)" to the reader's."""
    for name in page.eval_on_selector_all(".vault .who", "els => els.map(e => e.textContent)"):
        text = text.replace(name, " ")
    return text


#: What a player clicks on the board, in order of preference.
CHOICES = (
    "#hand button.card.playable:not([disabled])",
    ".choice-buttons button.primary",
    ".steal-button",
)


@pytest.mark.parametrize(
    ("lang", "locale"),
    [
        ("fr", "fr-FR"),
        # About a minute each on a shared machine: German and Italian run with -m slow.
        pytest.param("de", "de-DE", marks=pytest.mark.slow),
        pytest.param("it", "it-IT", marks=pytest.mark.slow),
    ],
)
def test_a_whole_vault_game_in_the_browser_shows_the_view_in_the_players_language(
    browser: Any, server: LiveServer, lang: str, locale: str
) -> None:
    page = seated_page(browser, server, locale)
    assert page.locator("html").get_attribute("lang") == lang
    seen: set[str] = set()
    last_move = time.monotonic()
    while not page.locator(END).count():
        assert time.monotonic() - last_move < STALL_SECONDS, "the table is stuck"
        view = page.locator(".vault").inner_text()
        titles = " ".join(
            page.eval_on_selector_all(
                ".vault [title], .vault [aria-label]",
                "els => els.map(e => (e.title || '') + ' ' + (e.getAttribute('aria-label') || ''))",
            )
        )
        seen |= english_left(without_names(page, f"{view} {titles}"), lang)
        for selector in CHOICES:
            target = page.locator(selector).first
            if target.count():
                try:
                    target.click(timeout=2_000)
                    last_move = time.monotonic()
                except Exception:
                    pass  # the board was redrawn under the pointer: look again
                break
        else:
            page.wait_for_timeout(100)
    summary = page.locator(".vault-end").inner_text()
    seen |= english_left(without_names(page, summary), lang)
    assert seen == set()
    assert page.errors == []
