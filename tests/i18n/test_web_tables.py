"""The browser client in French, German and Italian (issue 16): the lobby, the join page, a
table of each game, its rules help and its end screen show what the client builds in the
reader's language, with no English word of the English catalogue left.

What the client builds is checked; what the server sends over the table's socket (move
labels, log lines, card texts, the game's data) is the server's own text and is taken out
before the check, as are the players' names. Whole games are in ``test_web_vault.py`` (the
vault) and, with ``-m slow``, the end screens here."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import httpx
import pytest
from liveserver import LiveServer

from topsecret.games import get_game
from topsecret.games.briefcase.components import components as briefcase_components
from topsecret.games.spyworld.components import agents as spyworld_agents
from topsecret.games.wink.components import standard_components as wink_components

from .words import english_left

LANGUAGES = [("fr", "fr-FR"), ("de", "de-DE"), ("it", "it-IT")]
#: Each game's view root and the players of its table (the winking game needs four).
GAMES = {
    "vault": (".vault", 2),
    "wink": (".wink svg", 4),
    "briefcase": (".briefcase", 2),
    "spyworld": (".spyworld", 2),
}
#: Names the tests give their players; the page writes them as they are.
NAMES = ("Ann", "Bob")
#: A bound on a hang, not on speed.
DEADLINE_MS = 60_000

#: The text a region shows a reader: its visible text, its tooltips (``title`` attributes and
#: SVG ``<title>`` elements), ``aria-label``s and placeholders, and its options; without the
#: parts matched by ``skip`` (a list of the server's log lines).
REGION_TEXT = """([roots, skip]) => roots
  .flatMap(root => [...document.querySelectorAll(root)])
  .map(el => {
    const copy = el.cloneNode(true);
    if (skip) copy.querySelectorAll(skip).forEach(e => e.remove());
    // innerText needs the copy in the page to lay it out.
    const box = document.createElement("div");
    box.hidden = false;
    box.append(copy);
    document.body.append(box);
    const text = [
      copy.innerText || copy.textContent || "",
      // The region's own attributes too (a button's tooltip), not only its descendants'.
      ...[copy, ...copy.querySelectorAll("*")]
        .filter(e => e.matches("[title], [aria-label], [placeholder]"))
        .flatMap(e => [
        e.getAttribute("title") || "",
        e.getAttribute("aria-label") || "",
        e.getAttribute("placeholder") || "",
      ]),
      ...[...copy.querySelectorAll("title, option")].map(e => e.textContent || ""),
    ].join("\\n");
    box.remove();
    return text;
  })
  .join("\\n")"""


def browser_page(browser: Any, locale: str) -> Any:
    """A page in a browser speaking ``locale``, keeping what the server sends it."""
    context = browser.new_context(locale=locale, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    page.frames_received = frames
    return page


@pytest.fixture
def pages(browser: Any) -> Iterator[list[Any]]:
    opened: list[Any] = []
    yield opened
    for page in opened:
        page.context.close()


def strings_of(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_of(item)


def server_sentences(page: Any) -> list[str]:
    """The texts the server sent this page (labels, log lines, card and mission texts, the
    game's data and names: texts of several words or capitalised), longest first. Its ids
    ("waiting", "realtime") are left, so a client word is never taken for the server's."""
    found: set[str] = set()
    for payload in list(page.frames_received):
        if isinstance(payload, str) and payload.startswith("{"):
            texts = (s.strip() for s in strings_of(json.loads(payload)))
            found |= {s for s in texts if " " in s or s[:1].isupper()}
    return sorted(found, key=len, reverse=True)


def shown(page: Any, *roots: str, skip: str = "") -> str:
    """What the regions show, without the server's sentences and the players' names (and
    without the elements ``skip`` selects)."""
    text: str = page.evaluate(REGION_TEXT, [list(roots), skip])
    # Whole words only: the server's "Vagabond" leaves the Italian "Vagabondare" whole.
    for sentence in [*server_sentences(page), *NAMES]:
        text = re.sub(rf"(?<!\w){re.escape(sentence)}(?!\w)", " ", text)
    return text


def on_screen(page: Any, *roots: str, skip: str = "") -> str:
    """What the regions show, the server's texts included (its move labels, log lines and
    errors are in the reader's language too); only the players' names are left out."""
    text: str = page.evaluate(REGION_TEXT, [list(roots), skip])
    for name in NAMES:
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    return text


@cache
def printed_names() -> tuple[str, ...]:
    """The names printed on the games' cards and maps, longest first ("Doc" the SpyWorld
    Agent is not the vault's short "Doc", which German shortens to "Dok")."""
    names = {agent.name for agent in spyworld_agents()}
    names |= set(briefcase_components().agent_names) | {"Dr. Solomon", "Solomon"}
    names |= set(get_game("briefcase").board_for({}).names)  # type: ignore[attr-defined]
    names |= {agent.name for agent in wink_components().agents}
    return tuple(sorted(names, key=len, reverse=True))


def english_seen(text: str, lang: str) -> dict[str, str]:
    """Each English word on screen with a line that shows it, for the failure's message;
    the names printed on cards and maps left out."""
    for name in printed_names():
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    return {word: line.strip() for line in text.splitlines() for word in english_left(line, lang)}


def create(
    server: LiveServer,
    game_id: str,
    seats: list[str | None],
    name: str | None,
    options: dict[str, Any] | None = None,
) -> Any:
    body: dict[str, Any] = {
        "game": game_id,
        "players": len(seats),
        "seats": seats,
        "options": options or {},
        "settings": {"bot_delay": 0.05},
    }
    if name is not None:
        body["name"] = name
    response = httpx.post(f"{server.http}/api/tables", json=body, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def seated(page: Any, server: LiveServer, created: Any, name: str) -> None:
    """The browser holds the seat the table's creator was given."""
    page.goto(server.http + "/")
    page.wait_for_selector("#lang-select")
    page.evaluate(
        "([id, seat]) => localStorage.setItem(`topsecret.seat.${id}`, JSON.stringify(seat))",
        [
            created["table"]["id"],
            {"seat": created["seat"], "token": created["token"], "name": name},
        ],
    )


@pytest.mark.parametrize(("lang", "locale"), LANGUAGES)
def test_the_lobby_builds_its_seats_options_and_lists_in_the_language(
    browser: Any, server: LiveServer, pages: list[Any], lang: str, locale: str
) -> None:
    """Given an open table and one being played, when a French (German, Italian) player sets
    up each game in the lobby, then the seat rows, bot levels, blurb, options and the table
    lists speak the language."""
    create(server, "vault", [None, None], "Bob")
    create(server, "briefcase", ["heuristic", "random"], None)
    page = browser_page(browser, locale)
    pages.append(page)
    page.goto(server.http + "/")
    page.wait_for_selector("#open-tables li a", timeout=DEADLINE_MS)
    page.wait_for_selector("#playing-tables li a", timeout=DEADLINE_MS)
    assert page.locator("html").get_attribute("lang") == lang
    seen: dict[str, set[str]] = {}
    for game_id in GAMES:
        game = get_game(game_id)
        page.select_option("#game-select", game_id)
        page.select_option("#players-select", str(game.max_players))
        page.wait_for_selector(f".seat-choice[data-seat='{game.max_players - 1}']")
        left = english_left(shown(page, "#create-panel"), lang)
        if left:
            seen[game_id] = left
    left = english_left(shown(page, "#tables-panel"), lang)
    if left:
        seen["tables"] = left
    assert seen == {}
    # The built texts are the catalogue's: the first seat is the reader's, the others offer
    # a friend or a bot of some strength.
    first = page.locator("#seat-rows .seat-row").first.inner_text()
    assert first.split()[0] in {"Place", "Platz", "Posto"}
    assert page.errors == []


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize(("lang", "locale"), LANGUAGES)
def test_a_table_of_each_game_shows_its_page_and_view_in_the_language(
    browser: Any, server: LiveServer, pages: list[Any], game_id: str, lang: str, locale: str
) -> None:
    """Given a table of the game with the reader in seat 1 and bots elsewhere, when it opens
    in the reader's language, then the title, status line, seats, sound button, the game's
    view (tooltips included) and the rules help are in that language; and a friend opening a
    table with an open seat reads the join page in it too."""
    root, players = GAMES[game_id]
    created = create(server, game_id, [None] + ["heuristic"] * (players - 1), "Ann")
    page = browser_page(browser, locale)
    pages.append(page)
    seated(page, server, created, "Ann")
    page.goto(f"{server.http}/t/{created['table']['id']}")
    page.wait_for_selector(root, timeout=DEADLINE_MS)
    page.wait_for_selector(".seat-panel .seat.you", timeout=DEADLINE_MS)
    assert page.locator("html").get_attribute("lang") == lang
    page_text = shown(page, "#table-title", "#status", "#seats", "#sound-button", "#board")
    assert english_left(page_text + " " + page.title(), lang) == set()
    page.click("#rules-button")
    page.wait_for_selector("#rules-dialog[open]")
    assert english_left(shown(page, "#rules-text"), lang) == set()
    assert page.errors == []

    waiting = create(server, game_id, [None, None] + ["heuristic"] * (players - 2), "Bob")
    friend = browser_page(browser, locale)
    pages.append(friend)
    friend.goto(f"{server.http}/t/{waiting['table']['id']}")
    friend.wait_for_selector("#join-info li", timeout=DEADLINE_MS)
    assert english_left(shown(friend, "#join-panel"), lang) == set()
    assert friend.errors == []


#: The quickest whole game of each: the winking game with 12 agent cards (as
#: ``tests/web/test_whole_games.py`` plays it), the others as they are.
QUICKEST = {"wink": {"agent_cards": 12}}


def finished_as_spectator(
    browser: Any, server: LiveServer, pages: list[Any], game_id: str, locale: str
) -> Any:
    """A table of bots played to the end, watched from the start."""
    _, players = GAMES[game_id]
    created = create(server, game_id, ["heuristic"] * players, None, QUICKEST.get(game_id, {}))
    page = browser_page(browser, locale)
    pages.append(page)
    page.goto(f"{server.http}/t/{created['table']['id']}")
    # A bound on a hang: a whole game of bots, on a busy machine.
    page.wait_for_selector("#end-screen:not([hidden])", timeout=30 * DEADLINE_MS)
    page.table_id = created["table"]["id"]
    return page


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize(("lang", "locale"), LANGUAGES)
def test_the_end_screen_tells_the_result_in_the_language(
    browser: Any, server: LiveServer, pages: list[Any], game_id: str, lang: str, locale: str
) -> None:
    """Given a game of bots watched to its end (a few minutes on a busy machine), then the
    whole page, the end screen's headline, reason, score table, summary and last lines and
    the log included, is in the reader's language, and so is its replay page, its lists of
    moves and events included (the server words them in the language the page asks for)."""
    page = finished_as_spectator(browser, server, pages, game_id, locale)
    assert english_seen(on_screen(page, "body"), lang) == {}
    assert page.errors == []

    # Its replay, stepped to the end: the page's controls, title and the view.
    replay = f"{server.http}/api/tables/{page.table_id}/replay"
    info = httpx.get(replay, timeout=10).json()
    last = httpx.get(f"{replay}/{len(info['actions'])}", timeout=10).json()
    page.frames_received.extend(json.dumps(sent) for sent in (info, last))
    page.goto(f"{server.http}/replay/{page.table_id}")
    page.wait_for_selector("#all-actions li", timeout=DEADLINE_MS)
    page.click("#last-step")
    page.wait_for_function(
        "n => document.getElementById('step-range').value === String(n)",
        arg=len(info["actions"]),
        timeout=DEADLINE_MS,
    )
    # Table talk is what the players typed; everything else is checked.
    assert english_seen(on_screen(page, "body", skip="#replay-chat-lines"), lang) == {}
    assert page.errors == []
