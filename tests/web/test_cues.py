"""Cues at the table: the tab says when a move is owed, motion honours prefers-reduced-motion,
leaving a seat really hands it to a bot until it is taken back, and the winking table can be
played from the keyboard."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from test_game_views import open_as_first_seat

TITLE_OWED = "document.title.startsWith('● Your move')"


def test_the_tab_title_and_icon_say_when_a_move_is_owed(server: Any, page: Any) -> None:
    open_as_first_seat(server, page, "vault", players=2)
    page.wait_for_selector("#hand button.playable")
    page.wait_for_function(TITLE_OWED)
    assert "circle" in page.locator("link[rel=icon]").get_attribute("href")
    # Sound is the player's choice, off until they turn it on, and remembered.
    assert page.locator("#sound-button").get_attribute("aria-pressed") == "false"
    page.click("#sound-button")
    assert page.locator("#sound-button").get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('topsecret.sound')") == "on"
    assert page.errors == []


def test_motion_stops_for_people_who_ask_for_less(server: Any, browser: Any) -> None:
    for reduced, expected in (("reduce", "none"), ("no-preference", "pulse")):
        context = browser.new_context(reduced_motion=reduced)
        page = context.new_page()
        try:
            open_as_first_seat(server, page, "vault", players=2)
            page.wait_for_selector("#status .your-turn")
            animation = page.evaluate(
                "getComputedStyle(document.querySelector('#status .your-turn')).animationName"
            )
            assert animation == expected
        finally:
            context.close()


def test_leaving_a_seat_hands_it_to_a_bot_until_taken_back(server: Any, page: Any) -> None:
    open_as_first_seat(server, page, "vault", players=2)
    page.wait_for_selector("#hand button.playable")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#leave-button")
    page.wait_for_selector("#status:has-text('You left your seat')")
    assert "Your move" not in page.locator("#status").inner_text()
    assert page.locator("#hand button.playable").count() == 0
    page.wait_for_function(f"!({TITLE_OWED})")
    page.click("#take-back")
    page.wait_for_selector(".vseat.you")
    assert page.locator(".vseat.you .who").inner_text() == "Ann (you)"
    assert page.errors == []


def test_the_winking_table_answers_the_keyboard(server: Any, page: Any) -> None:
    """Enter on a focused seat looks at it. The bots at the table keep acting, and their
    frames redraw the seats; the focus stays on the same seat through a redraw, so a
    keyboard player's key is never lost to a bot's move."""
    open_as_first_seat(server, page, "wink")
    seat = page.locator("#board .wink-seat.clickable[role=button]").first
    seat.wait_for()
    label = seat.get_attribute("aria-label")
    # Read out with the player's name, as the list of moves words it, not "seat 2".
    assert label.startswith("look at ") and "seat" not in label and "bot" in label, label
    seat.focus()
    # Mark the focused element, then wait for a bot's frame to redraw the board (the marked
    # element gone): the focus is on the new element for the same seat.
    page.evaluate("window.focusedBefore = document.activeElement")
    page.wait_for_function("!document.getElementById('board').contains(window.focusedBefore)")
    focused = page.evaluate(
        "[document.activeElement.getAttribute('aria-label'),"
        " document.activeElement === window.focusedBefore]"
    )
    assert focused == [label, False]
    page.keyboard.press("Enter")
    page.wait_for_selector("line.mine")
    assert page.errors == []


def test_a_moved_agent_slides_to_its_new_city(server: Any, page: Any) -> None:
    """Motion shows what changed: the agent that moved glides over from its old city."""
    from test_briefcase_in_browser import wait_for_own_move

    open_as_first_seat(server, page, "briefcase", players=2)
    page.wait_for_selector(".setup-form")
    page.click(".setup-form button")
    wait_for_own_move(page)
    # Record every animation the page starts from here on.
    page.evaluate(
        "() => { window.slid = []; const animate = Element.prototype.animate;"
        " Element.prototype.animate = function (...args) {"
        " if (this.dataset?.agent !== undefined) window.slid.push(this.dataset.agent);"
        " return animate.apply(this, args); }; }"
    )
    agent = page.locator(".agent.clickable").first
    agent.click()
    page.locator(".city.target").first.click()
    # The move may be challenged and stopped; a bot's next move slides an agent too.
    page.wait_for_function("window.slid.length > 0", timeout=60_000)
    assert page.errors == []


def centre_of(page: Any, selector: str) -> tuple[float, float]:
    """Where the element is on the screen, read in one go: a frame may replace the element
    at any moment, but not between the two halves of one evaluation."""
    x, y = page.eval_on_selector(
        selector,
        "el => { const r = el.getBoundingClientRect();"
        " return [r.x + r.width / 2, r.y + r.height / 2]; }",
    )
    return float(x), float(y)


def press_slowly(page: Any, selector: str, hold_ms: int) -> None:
    """A person's click: the pointer pressed on the element, held, then released."""
    page.mouse.move(*centre_of(page, selector))
    page.mouse.down()
    page.wait_for_timeout(hold_ms)
    page.mouse.up()


def test_a_slow_click_takes_the_seat_back_while_the_bots_play_on(server: Any, page: Any) -> None:
    """The status strip is redrawn four times a second (its timer) and on every bot's move; a
    button replaced between press and release never gets the click. Held as long as a person
    may hold it, the click still takes the seat back."""
    open_as_first_seat(server, page, "vault", players=4)
    page.wait_for_selector("#hand button.playable")
    # Every text the status strip shows from here on.
    page.evaluate(
        """() => { window.said = [];
        new MutationObserver(() => window.said.push(document.getElementById("status").textContent))
          .observe(document.getElementById("status"), { childList: true, subtree: true,
            characterData: true }); }"""
    )
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#leave-button")
    page.wait_for_selector("#take-back")
    press_slowly(page, "#take-back", 600)
    # The seat comes back with the server's next frame: on a busy machine, seconds.
    page.wait_for_selector(".vseat.you", timeout=15_000)
    # Leaving and coming back reconnect on purpose: nothing says the connection was lost
    # (which also took the button away between two looks at it).
    said = page.evaluate("window.said")
    assert not [text for text in said if "Connection lost" in text], said
    assert page.errors == []


def test_a_slow_click_on_a_card_survives_the_bots_frames(server: Any, page: Any) -> None:
    """At a six-seat vault table the bots choose one after another, and each "has chosen"
    redraws the board. A frame that comes while the pointer is pressed waits for its
    release, so the card pressed is the card played."""
    frames: list[Any] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(frame)))
    open_as_first_seat(server, page, "vault", players=6)
    card = "#hand button.playable"
    played = (
        "n => document.querySelectorAll('#hand .card').length !== n"
        " || !document.querySelector('#hand button.playable')"
    )
    # A press is held until a bot's frame comes in, but released within 0.7 s of the clock
    # (the page waits at most two seconds for a release: a longer press is no click); on a busy
    # machine a trick may pass without a frame, so up to five presses.
    for _ in range(5):
        page.wait_for_selector(card, timeout=60_000)
        before = page.locator("#hand .card").count()
        page.mouse.move(*centre_of(page, card))
        pressed_with = len(frames)
        page.mouse.down()
        pressed = time.monotonic()
        while len(frames) == pressed_with and time.monotonic() - pressed < 0.6:
            page.wait_for_timeout(25)
        met = len(frames) > pressed_with and time.monotonic() - pressed < 0.7
        page.mouse.up()
        page.wait_for_function(played, arg=before, timeout=20_000)
        if met:
            break
    else:
        pytest.fail("no frame came during five slow presses")
    # The bots' "has chosen" lines fold into one, named for what they are: choices.
    page.wait_for_selector("#log li.chatter summary")
    summary = page.locator("#log li.chatter summary").first.inner_text()
    assert re.fullmatch(r"\d+ choices?", summary), summary
    # A fold is not an event: it takes no number, so the log counts 1, 2, 3 around it.
    shown = page.eval_on_selector("#log li.chatter", "li => getComputedStyle(li).display")
    assert shown != "list-item"
    assert page.errors == []


def test_the_winking_table_says_when_it_waits_for_you(server: Any, page: Any) -> None:
    """Real time has no turns, but the opening round waits for every seat to draw its cards:
    the status strip says "Your move", as the tab does, until this seat has drawn."""
    open_as_first_seat(server, page, "wink")
    page.wait_for_selector("#board button.draw")
    page.wait_for_selector("#status .your-turn")
    page.wait_for_function(TITLE_OWED)
    page.click("#board button.draw")
    page.wait_for_selector("#board button.draw", state="detached")
    # Read from one frame: the suitcase's holder is waited for on its turn, nobody else.
    status, holds_suitcase = page.evaluate(
        "[document.getElementById('status').innerText,"
        " document.querySelectorAll('#board button.pass').length > 0]"
    )
    assert ("Your move" in status) == holds_suitcase, status
    assert page.errors == []


def test_arrow_keys_move_between_the_playable_cards_of_a_vault_hand(server: Any, page: Any) -> None:
    """A keyboard player steps through the hand with the arrow keys, as in a toolbar,
    instead of tabbing through every card; from the first card, left goes round to the last."""
    open_as_first_seat(server, page, "vault", players=2)
    page.wait_for_selector("#hand button.playable")
    count = page.locator("#hand button.playable").count()
    assert count >= 2
    page.locator("#hand button.playable").first.focus()
    focused = (
        "[...document.querySelectorAll('#hand button.playable')].indexOf(document.activeElement)"
    )
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == 1
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused) == 0
    page.keyboard.press("ArrowLeft")  # round to the last card
    assert page.evaluate(focused) == count - 1
    page.keyboard.press("Home")
    assert page.evaluate(focused) == 0
    page.keyboard.press("End")
    assert page.evaluate(focused) == count - 1
    # The hand is a toolbar: one Tab stop, the card last reached.
    hand = page.locator("#hand")
    assert hand.get_attribute("role") == "toolbar" and hand.get_attribute("aria-label")
    stops = page.eval_on_selector_all(
        "#hand button.playable", "cards => cards.filter((c) => c.tabIndex === 0).length"
    )
    assert stops == 1
    assert page.errors == []


def test_a_keyboard_move_leaves_the_focus_in_the_board(server: Any, page: Any) -> None:
    """Given Ann on a move of her vault board (a card, bank or keep), when she takes it with
    Enter, then once the table has moved on the focus is on a control of the board again,
    not on the page: the next move is one key away, not a Tab journey from the top. The same
    from the list of moves."""
    open_as_first_seat(server, page, "vault", players=2)
    moves = (
        "#hand button.playable:not([disabled]), #board .choice-buttons button:not([disabled]),"
        " #board .steal-button:not([disabled])"
    )
    inside = "(id) => document.getElementById(id).contains(document.activeElement)"
    answered = (
        "seq => document.body.dataset.seq !== seq && !document.body.classList.contains('acting')"
    )
    for _ in range(3):
        page.wait_for_selector(moves)
        seq = page.evaluate("document.body.dataset.seq")
        page.locator(moves).first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(answered, arg=seq)
        page.wait_for_selector(moves)
        page.wait_for_function(inside, arg="board", timeout=5_000)
    page.locator("#moves summary").focus()
    page.keyboard.press("Enter")  # open the list of moves
    page.wait_for_selector("#legal button.move:not([disabled])")
    seq = page.evaluate("document.body.dataset.seq")
    page.locator("#legal button.move").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(answered, arg=seq)
    page.wait_for_selector("#legal button.move:not([disabled])")
    page.wait_for_function(inside, arg="legal", timeout=5_000)
    assert page.errors == []


def test_what_happens_at_the_table_is_read_out_to_screen_readers(server: Any, page: Any) -> None:
    """Given Ann at a vault table with a screen reader, when the trick she played is
    revealed, then the reveal is put in a polite live region as it happens (as a sighted
    player sees it arrive in the log), not only in the log, which is not read out."""
    open_as_first_seat(server, page, "vault", players=2)
    announcer = page.locator("#announcer")
    assert announcer.get_attribute("aria-live") == "polite"
    assert announcer.inner_text() == ""  # the first frame is the table's past, not news
    page.wait_for_selector("#hand button.playable:not([disabled])")
    page.locator("#hand button.playable").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => /Trick 1 revealed/.test(document.getElementById('announcer').textContent)"
    )
    assert not announcer.is_visible() or announcer.bounding_box()["width"] <= 1
    assert page.errors == []
