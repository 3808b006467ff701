"""A whole game of each of the four games, played by clicking the board only, on a phone held
upright (390x844) and on a laptop (1400x900): the folded list of every move is never opened,
no page scrolls sideways, and each game ends on a screen that explains the result.

Each table uses the quickest options of its game and bots in the other seats, so the four
games at both sizes stay within a CI budget."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_accessibility import violations

from topsecret.games.briefcase import GAME as BRIEFCASE

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1400, "height": 900}
END = "#end-screen:not([hidden])"
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


@pytest.fixture(params=["phone", "laptop"])
def sized_page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    phone = request.param == "phone"
    context = browser.new_context(
        viewport=PHONE if phone else LAPTOP, has_touch=phone, reduced_motion="reduce"
    )
    page = context.new_page()
    page.size_name = request.param
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    yield page
    context.close()


def seat_at_table(
    server: Any, page: Any, game: str, players: int, bot: str, options: dict[str, Any]
) -> str:
    """A table where the browser holds the first seat and bots play the others."""
    created = httpx.post(
        f"{server.http}/api/tables",
        json={
            "game": game,
            "players": players,
            "name": "Ann",
            "seats": [None] + [bot] * (players - 1),
            "options": options,
            "settings": {"bot_delay": 0.05},
        },
        timeout=10,
    ).json()
    table_id = str(created["table"]["id"])
    page.goto(server.http + "/")
    page.evaluate(
        "([id, seat]) => localStorage.setItem(`topsecret.seat.${id}`, JSON.stringify(seat))",
        [table_id, {"seat": created["seat"], "token": created["token"], "name": "Ann"}],
    )
    page.goto(f"{server.http}/t/{table_id}")
    return table_id


#: Seconds a table may go without a new frame before a whole game is called stuck: a bound
#: on a hang, not on speed (a game takes as long as the shared machine needs).
STALL_SECONDS = 120


def click(page: Any, target: Any) -> None:
    """Click a thing on the board and, when the click sent an action, wait for the server's
    answer to it: the page marks each action it sends (``body[data-sent]``) and keeps
    ``body.acting`` until its ack or error is in, which comes after the frame the action made
    is drawn. So the next look at the board sees the table after this move. (Waiting for the
    log to change instead let a bot's event end the wait early: the next click then hit a
    board the page had not redrawn yet, was ignored or timed out, and a game under load ran
    out of time.) A click that sends nothing (a local choice, such as a room's way in) returns
    at once."""
    sent = page.evaluate("document.body.dataset.sent || ''")
    try:
        target.click(timeout=5_000)
    except PlaywrightTimeout:
        return  # the board moved on under the pointer: the caller looks again
    page.wait_for_function(
        "sent => (document.body.dataset.sent || '') === sent"
        " || !document.body.classList.contains('acting')",
        arg=sent,
        timeout=30_000,
    )


def progress_watch() -> Callable[[Any], float]:
    """Seconds since the page last drew a new frame (``body[data-seq]``), per call."""
    last = {"seq": None, "at": time.monotonic()}

    def idle(page: Any) -> float:
        seq = page.evaluate("document.body.dataset.seq || ''")
        if seq != last["seq"]:
            last["seq"], last["at"] = seq, time.monotonic()
        return time.monotonic() - float(last["at"])

    return idle


def play_until_over(
    page: Any, choose: Callable[[Any], Any | None], most_clicks: int
) -> dict[str, int]:
    """Click what ``choose`` picks on the board until the end screen shows; count the clicks
    by kind. ``choose`` looks inside the board only (see ``first``), never in the folded
    list of every move, which must stay closed. A whole game takes at most ``most_clicks``
    clicks, and the table never goes STALL_SECONDS without a new frame."""
    clicks: dict[str, int] = {}
    idle = progress_watch()
    while not page.locator(END).count():
        assert idle(page) < STALL_SECONDS, f"the table is stuck: {clicks}"
        assert sum(clicks.values()) < most_clicks, f"the game did not end: {clicks}"
        picked = choose(page)
        if picked is None:
            page.wait_for_timeout(60)
            continue
        kind, target = picked
        click(page, target)
        clicks[kind] = clicks.get(kind, 0) + 1
        if sum(clicks.values()) % 10 == 1:
            assert page.evaluate(OVERFLOW) == 0
    assert page.locator("#moves[open]").count() == 0
    return clicks


def first(page: Any, *choices: tuple[str, str]) -> tuple[str, Any] | None:
    """The first kind of thing on the board with something visible to click, and that thing."""
    for kind, selector in choices:
        target = page.locator(f"#board {selector}").first
        if target.count() and target.is_visible():
            return kind, target
    return None


def shoot(page: Any, screenshots: Path, game: str, moment: str) -> None:
    """Keep what the player saw, e.g. build/screenshots/vault-phone-end.png."""
    page.screenshot(path=str(screenshots / f"{game}-{page.size_name}-{moment}.png"))


def the_end(page: Any, screenshots: Path, game: str, axe_source: str) -> Any:
    """The end screen: it says who won and why, fits the screen, and axe-core finds no
    serious or critical accessibility violation on it."""
    end = page.locator("#end-screen .end-card")
    end.wait_for()
    shoot(page, screenshots, game, "end")
    assert violations(page, axe_source) == []
    assert "won" in end.locator("h2").inner_text()
    assert end.locator(".end-reason").inner_text().strip()
    assert page.evaluate(OVERFLOW) == 0
    keyboard_through_the_end(page)
    return end


def keyboard_through_the_end(page: Any) -> None:
    """The results are a modal dialog: it takes the focus as it opens (its headline read
    first), the page behind it takes none, Escape closes it with the focus on the Results
    button, which opens it again."""
    end = page.locator("#end-screen .end-card")
    assert end.get_attribute("aria-modal") == "true"
    page.wait_for_function("document.activeElement?.id === 'end-title'")
    assert page.evaluate("document.getElementById('table-main').inert")
    page.keyboard.press("Tab")
    assert page.evaluate("document.getElementById('end-screen').contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.wait_for_selector("#end-screen", state="hidden")
    assert page.evaluate("document.activeElement?.id") == "results-button"
    assert not page.evaluate("document.getElementById('table-main').inert")
    page.keyboard.press("Enter")
    end.wait_for()
    page.wait_for_function("document.activeElement?.id === 'end-title'")


# -- vault: one deal, two players (Rulebook 002, "Manches": a single deal is scored) ----------


def vault_move(page: Any) -> tuple[str, Any] | None:
    return first(
        page,
        ("card", "#hand button.playable"),
        ("bank", ".choice-buttons button.primary"),
        ("steal", "button.steal-button"),
    )


def test_a_whole_vault_deal_by_clicking_cards(
    server: Any, sized_page: Any, screenshots: Path, axe_source: str
) -> None:
    seat_at_table(server, sized_page, "vault", 2, "easy", {"single_deal": True})
    sized_page.wait_for_selector("#hand button.playable")
    shoot(sized_page, screenshots, "vault", "table")
    clicks = play_until_over(sized_page, vault_move, 300)
    assert clicks.get("card", 0) >= 10, clicks
    end = the_end(sized_page, screenshots, "vault", axe_source)
    assert "Deal 1" in end.locator(".vault-end").inner_text()
    assert sized_page.errors == []


# -- briefcase: two players (the shortest Dr. Solomon track, Rulebook 004 "Setup") -----------


class BriefcasePlayer:
    """Moves an agent most turns (agent, then a highlighted city), pays off now and then,
    lets the bots' moves happen and skips powers it does not need."""

    def __init__(self) -> None:
        self.turns = 0

    def __call__(self, page: Any) -> tuple[str, Any] | None:
        answer = first(
            page,
            ("setup", ".setup-form button"),
            ("let it happen", ".challenge-form button.pass"),
            ("go no higher", ".challenge-form button.concede"),
            ("carry", ".power-form button.carry.primary"),
            ("skip power", ".power-form button.skip-power"),
            ("city", ".city.target"),
        )
        if answer is not None:
            return answer
        agent = page.locator("#board .agent.clickable")
        if agent.count():
            self.turns += 1
            if self.turns % 3 == 0:
                paid = first(page, ("pay", ".pay-form button.pay"), ("pay", ".pay-nobody"))
                if paid is not None:
                    return paid
            return "agent", agent.nth(self.turns % agent.count())
        return first(page, ("pay", ".pay-form button.pay"), ("pay", ".pay-nobody"))


def test_a_whole_briefcase_game_by_clicking_the_map(
    server: Any, sized_page: Any, screenshots: Path, axe_source: str
) -> None:
    seat_at_table(server, sized_page, "briefcase", 2, "easy", {})
    sized_page.wait_for_selector(".briefcase-map")
    shoot(sized_page, screenshots, "briefcase", "table")
    # Every agent on the map says who it is and what its power does.
    tooltip = sized_page.locator(".agent title").first.text_content()
    assert "power:" in tooltip
    # The powers are the components file's words, sent with the table's assets.
    legend = sized_page.locator(".agent-legend").inner_text()
    for agent in BRIEFCASE.components.agents:
        assert agent.summary in legend
    clicks = play_until_over(sized_page, BriefcasePlayer(), 600)
    assert clicks.get("agent", 0) >= 3 and clicks.get("city", 0) >= 1, clicks
    end = the_end(sized_page, screenshots, "briefcase", axe_source)
    # Every shield is lifted: each player's payoffs, Dr. Solomon and the reserve.
    sheet = end.locator(".briefcase-end").inner_text()
    assert "Dr. Solomon" in sheet and "Reserve" in sheet and "Tempest" in sheet
    assert "to play" not in sized_page.locator(".briefcase .seats-list").inner_text()
    # The log reads as sentences: no raw data, no "gos no higher".
    log = sized_page.locator("#log").text_content()
    assert "{" not in log and "gos no higher" not in log
    assert sized_page.errors == []


# -- SpyWorld: two players (the fewest the rulebook allows) -------------------------------------


# On a laptop, test_spyworld_in_browser plays a whole game by clicking the lairs too (and
# checks more of the view on the way), and test_layout fits the SpyWorld table to a phone: this
# test's two whole games, of about half a minute each, run with the slow tests, so that the
# suite stays within its ten minutes on two cores.
@pytest.mark.slow
@pytest.mark.parametrize("sized_page", ["phone", "laptop"], indirect=True)
def test_a_whole_spyworld_game_by_clicking_the_lairs(
    server: Any, sized_page: Any, screenshots: Path, axe_source: str
) -> None:
    from test_spyworld_in_browser import next_click

    seat_at_table(server, sized_page, "spyworld", 2, "heuristic", {})
    sized_page.wait_for_selector(".spyworld")
    sized_page.wait_for_selector(".spy-prompt button")
    shoot(sized_page, screenshots, "spyworld", "table")
    taken = {"rounds": 0, "walls": 0}

    def choose(page: Any) -> tuple[str, Any] | None:
        picked = next_click(page, taken["rounds"], taken["walls"])
        if picked is None:
            return None
        kind, target = picked
        if "take" in kind or "pass" in kind:
            taken["rounds"] += 1
        if "wall-slot" in kind:
            taken["walls"] += 1
        return kind, target

    clicks = play_until_over(sized_page, choose, 600)
    assert sum(clicks.values()) >= 10, clicks
    end = the_end(sized_page, screenshots, "spyworld", axe_source)
    sheet = end.locator(".spy-end").inner_text()
    assert "Total" in sheet and "Rank" in sheet
    assert sized_page.errors == []


# -- wink: four players (the fewest), the shortest agent deck the game's option allows (three
# cards per player; Rulebook 001, "Spielende": the game ends when an agent card cannot be
# drawn); random bots act at once where the careful ones wait seconds for a signal --------


def wink_move(page: Any) -> tuple[str, Any] | None:
    return first(
        page,
        ("draw", ".wink-buttons button.draw"),
        ("mission", ".wink-buttons button.mission"),
        ("pass", ".wink-buttons button.pass"),
    )


def test_a_whole_wink_game_by_clicking_the_table(
    server: Any, sized_page: Any, screenshots: Path, axe_source: str
) -> None:
    seat_at_table(server, sized_page, "wink", 4, "random", {"agent_cards": 12})
    sized_page.wait_for_selector(".wink svg")
    # Look at the player across the table by touching their seat: the gaze arrow appears.
    sized_page.locator("#board .wink-seat.clickable").first.dispatch_event("pointerdown")
    sized_page.wait_for_selector("line.mine")
    shoot(sized_page, screenshots, "wink", "table")
    clicks = play_until_over(sized_page, wink_move, 2000)
    assert clicks, clicks
    end = the_end(sized_page, screenshots, "wink", axe_source)
    assert "Cards won" in end.locator(".wink-end").inner_text()
    assert sized_page.errors == []
