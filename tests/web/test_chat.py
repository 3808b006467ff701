"""Table talk (the briefcase rulebook lives on bluffing talk): seated players chat, everyone at
the table reads it, a table may turn it off, lines are bounded in length and rate, and the
talk is kept with the table and shown in its replay."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from liveserver import LiveServer
from test_whole_games import play_until_over, vault_move
from websockets.sync.client import connect

from topsecret.server import Limits


def new_table(server: Any, seats: list[str | None], **settings: Any) -> dict[str, Any]:
    created: dict[str, Any] = httpx.post(
        f"{server.http}/api/tables",
        json={
            "game": "vault",
            "players": len(seats),
            "name": "Ann",
            "seats": seats,
            "options": {"single_deal": True},
            "settings": {"bot_delay": 0.05, **settings},
        },
        timeout=10,
    ).json()
    return created


def sit(page: Any, server: Any, table_id: str, seat: int, token: str, name: str) -> None:
    page.goto(server.http + "/")
    page.evaluate(
        "([id, seat]) => localStorage.setItem(`topsecret.seat.${id}`, JSON.stringify(seat))",
        [table_id, {"seat": seat, "token": token, "name": name}],
    )
    page.goto(f"{server.http}/t/{table_id}")
    page.wait_for_selector(".vault")


@pytest.fixture
def second_page(browser: Any) -> Iterator[Any]:
    context = browser.new_context()
    yield context.new_page()
    context.close()


def say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")


@pytest.fixture
def slow_talk_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server whose talk window is long (5 lines in 10 minutes), so that a busy machine
    typing slowly still says the sixth line inside it."""
    live = LiveServer(f"sqlite:///{tmp_path / 'talk.sqlite3'}", Limits(chat_window=600.0))
    live.start()
    try:
        yield live
    finally:
        live.stop()


def test_players_talk_and_a_spectator_reads(
    slow_talk_server: Any, page: Any, second_page: Any
) -> None:
    server = slow_talk_server
    created = new_table(server, [None, None])
    table_id = created["table"]["id"]
    ticket = httpx.post(
        f"{server.http}/api/tables/{table_id}/join", json={"name": "Bob"}, timeout=10
    ).json()
    sit(page, server, table_id, created["seat"], created["token"], "Ann")
    sit(second_page, server, table_id, ticket["seat"], ticket["token"], "Bob")
    say(page, "I never bluff.")
    second_page.wait_for_selector("#chat-lines li:has-text('I never bluff.')")
    assert "Ann: I never bluff." in second_page.locator("#chat-lines").inner_text()
    say(second_page, "Of course not.")
    page.wait_for_selector("#chat-lines li:has-text('Of course not.')")

    # Five lines in the window is the most one seat may say; the sixth is refused.
    for n in range(5):
        say(page, f"line {n}")
    page.wait_for_selector("#toast:has-text('slow down')")
    # Shown on its own, the server's refusal reads as a sentence.
    assert page.locator("#toast").inner_text().startswith("Slow down: at most 5 lines")
    assert "line 4" not in page.locator("#chat-lines").inner_text()

    # A spectator reads the talk but has nothing to write with.
    spectator_context = page.context.browser.new_context()
    spectator = spectator_context.new_page()
    try:
        spectator.goto(f"{server.http}/t/{table_id}")
        spectator.wait_for_selector("#chat-lines li:has-text('Of course not.')")
        assert spectator.locator("#chat-form").is_hidden()
    finally:
        spectator_context.close()
    assert page.errors == []


def test_a_table_may_turn_talk_off(server: Any, page: Any) -> None:
    created = new_table(server, [None, "easy"], chat=False)
    sit(page, server, created["table"]["id"], created["seat"], created["token"], "Ann")
    page.wait_for_selector("#hand button.playable")
    assert page.locator("#chat").is_hidden()
    # A message written by hand, not through the page, is refused by the server too.
    url = f"{server.ws}/ws/tables/{created['table']['id']}"
    with connect(url) as socket:
        socket.send(json.dumps({"type": "hello", "token": created["token"]}))
        socket.send(json.dumps({"type": "chat", "text": "psst"}))
        replies = [json.loads(socket.recv(timeout=10)) for _ in range(2)]
        while not any(r["type"] == "error" for r in replies):
            replies.append(json.loads(socket.recv(timeout=10)))
    errors = [r["message"] for r in replies if r["type"] == "error"]
    assert errors == ["table talk is off at this table"]
    assert page.errors == []


def test_the_talk_is_kept_and_shown_in_the_replay(server: Any, page: Any) -> None:
    created = new_table(server, [None, "easy"])
    table_id = created["table"]["id"]
    sit(page, server, table_id, created["seat"], created["token"], "Ann")
    say(page, "Good luck, bot.")
    page.wait_for_selector("#chat-lines li:has-text('Good luck, bot.')")
    # A reload brings the talk back from the server.
    page.reload()
    page.wait_for_selector("#chat-lines li:has-text('Good luck, bot.')")
    play_until_over(page, vault_move, 300)
    page.goto(f"{server.http}/replay/{table_id}")
    page.wait_for_selector("#replay-chat:not([hidden])")
    assert "Ann: Good luck, bot." in page.locator("#replay-chat").inner_text()
    # Bots in a replay are named by kind and seat, counted from 1.
    assert "Easy bot 2" in page.locator("#perspective").inner_text()
    # A slow answer never overwrites a newer choice: the start seen by Ann is held back
    # until the last step is drawn, and stays undrawn when it comes.
    held: list[Any] = []
    page.route(re.compile(r".*/replay/0\?seat=0$"), lambda route: held.append(route))
    page.select_option("#perspective", "0")
    page.click("#last-step")
    page.wait_for_selector("#step-label:has-text('Step ')")
    drawn = (
        "() => ['step-label', 'step-events', 'board']"
        ".map((id) => document.getElementById(id).innerText)"
    )
    last = page.evaluate(drawn)
    assert len(held) == 1
    with page.expect_response(re.compile(r".*/replay/0\?seat=0$")):
        held[0].continue_()
    page.evaluate("() => new Promise((done) => setTimeout(done, 300))")
    assert page.evaluate(drawn) == last
    assert page.errors == []
