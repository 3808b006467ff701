"""A person sets up a vault table in the lobby and plays a whole game against bots by clicking."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path
from typing import Any

import httpx
from liveserver import person, store_table
from lobby_form import create_in_lobby
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_whole_games import STALL_SECONDS, progress_watch

from topsecret.games.vault import GAME, VaultState
from topsecret.server.db import LogRow

CLICKABLE = "#hand button.playable, .choice-buttons button.primary, button.steal-button"


def play_one(page: Any) -> None:
    page.locator(CLICKABLE).first.wait_for()
    before = page.locator("#hand .card").count()
    page.locator(CLICKABLE).first.click()
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            "n => document.querySelectorAll('#hand .card').length !== n"
            " || !document.querySelector('#hand button.playable')",
            arg=before,
            timeout=3_000,
        )


def play_until_over(page: Any, most_clicks: int = 300) -> int:
    """Click a legal move in the vault view whenever one is offered; returns the clicks.
    The game may take as long as a busy machine needs, as long as the table keeps drawing
    new frames (STALL_SECONDS bounds a hang)."""
    clicks = 0
    idle = progress_watch()
    while not page.locator("#end-screen:not([hidden])").count():
        assert idle(page) < STALL_SECONDS, f"the table is stuck after {clicks} clicks"
        assert clicks < most_clicks, "the game did not end"
        target = page.locator(CLICKABLE).first
        if target.count():
            before = page.locator("#hand .card").count()
            target.click()
            clicks += 1
            # Wait until the server's answer replaces what was clicked; a click that landed
            # while the board was being redrawn is simply tried again.
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(
                    "n => document.querySelectorAll('#hand .card').length !== n"
                    " || !document.querySelector('#hand button.playable')",
                    arg=before,
                    timeout=3_000,
                )
        else:
            page.wait_for_timeout(50)
    return clicks


def test_create_a_vault_table_play_it_through_reload_and_finish(
    server: Any, page: Any, screenshots: Path
) -> None:
    page.goto(server.http + "/")
    page.select_option("#game-select", "vault")
    page.select_option("#players-select", "3")
    page.fill("#name-input", "Ann")
    page.select_option("[aria-label='Seat 2']", "heuristic")
    page.select_option("[aria-label='Seat 3']", "random")
    page.check("#option-rows input[name=single_deal]")
    page.select_option("#pace-select", "0.2")
    page.screenshot(path=str(screenshots / "lobby.png"))
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#hand button.playable")
    assert page.locator(".vseat.you .who").inner_text() == "Ann (you)"
    assert page.locator(".vseat").count() == 3
    # Only legal moves are clickable: every card in hand is a button, the unplayable disabled.
    assert page.locator("#hand button.card").count() == page.locator("#hand .card").count()
    # Each safe's colour is named in the seat's own ink; only its swatch takes the colour.
    inks = page.eval_on_selector_all(
        ".vseat .safe-colour",
        "spans => spans.map((s) => [getComputedStyle(s).color,"
        " getComputedStyle(s.closest('.vseat')).color])",
    )
    assert len(inks) == 3 and all(own == seat for own, seat in inks), inks
    page.screenshot(path=str(screenshots / "vault.png"))

    # A few tricks, then a reload: the browser's token resumes the same seat.
    while page.locator("#hand .card").count() > 12:
        play_one(page)
    hand_before = page.locator("#hand .card").count()
    page.reload()
    page.wait_for_selector(".vseat.you")
    assert page.locator(".vseat.you .who").inner_text() == "Ann (you)"
    assert page.locator("#join-panel").is_hidden()
    assert abs(page.locator("#hand .card").count() - hand_before) <= 1
    assert page.locator("#log li").count() > 3  # the log comes back in full

    clicks = play_until_over(page)
    assert clicks >= 5
    end = page.locator("#end-screen .end-card")
    assert end.is_visible()
    assert "won" in end.locator("h2").inner_text()
    assert end.locator("table").first.locator("tr").count() == 4  # header + three players
    # The end explains the result (Rulebook 002, "Décompte"): the one deal's points per player,
    # split into the ×1 side and the doubled ×2 pairs.
    assert "single deal" in end.locator(".end-reason").inner_text()
    sheet = end.locator(".vault-end").inner_text()
    assert "Deal 1" in sheet and "×1 + ×2" in sheet and "Total" in sheet
    page.screenshot(path=str(screenshots / "vault-end.png"))
    assert page.errors == []

    table_id = page.url.rsplit("/", 1)[1]
    data = server.store.load_table(table_id)
    assert data.status == "finished" and data.scores is not None

    # The replay page steps through the finished game.
    page.goto(f"{server.http}/replay/{table_id}")
    page.wait_for_selector(".vseat")
    page.click("#next-step")
    page.wait_for_function("document.getElementById('step-label').textContent.startsWith('Step 1')")
    page.select_option("#perspective", "0")
    page.wait_for_selector("#hand .card")
    # A replay shows what was played, not a table waiting: nobody is "thinking…".
    assert page.locator(".vseat.thinking").count() == 0
    assert "thinking" not in page.locator("#board").inner_text()
    page.screenshot(path=str(screenshots / "vault-replay.png"))
    # At the end, the list of all moves shows the last one, scrolled into its own box.
    page.click("#last-step")
    page.wait_for_selector("#all-actions li.current:last-child")
    inside = page.evaluate(
        """() => { const list = document.getElementById("all-actions").getBoundingClientRect();
        const item = document.querySelector("#all-actions li.current").getBoundingClientRect();
        return item.top >= list.top - 1 && item.bottom <= list.bottom + 1; }"""
    )
    assert inside
    assert page.errors == []


def test_a_friend_joins_by_link_and_a_spectator_sees_no_hand(
    server: Any, browser: Any, page: Any
) -> None:
    page.goto(server.http + "/")
    page.select_option("#game-select", "vault")
    page.select_option("#players-select", "2")
    page.fill("#name-input", "Ann")
    page.select_option("[aria-label='Seat 2']", "")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#status:has-text('Waiting for 1 more player')")
    link = page.url

    # Someone opens the link but only wants to watch: the seat stays open.
    watcher_context = browser.new_context()
    watcher = watcher_context.new_page()
    watcher.goto(link)
    watcher.click("#watch-button")
    watcher.wait_for_selector("#status:has-text('Waiting for 1 more player')")

    friend_context = browser.new_context()
    friend = friend_context.new_page()
    friend.goto(link)
    friend.fill("#join-name", "Bob")
    friend.click("#join-button")
    friend.wait_for_selector("#hand button.playable")
    assert friend.locator(".vseat.you .who").inner_text() == "Bob (you)"
    page.wait_for_selector("#hand button.playable")

    # Ann chooses; Bob's screen shows that she has chosen, not what.
    page.locator("#hand button.playable").first.click()
    friend.wait_for_selector(".seat-panel .chip.chosen")
    assert "has chosen" in friend.locator(".seat-panel").inner_text()
    friend_context.close()
    watcher_context.close()


#: Ann and Bob, who played the stored game of several deals below.
NAMES, TOKENS = ("Ann", "Bob"), ("ann-token", "bob-token")


def several_deals(target: int) -> tuple[int, dict[str, Any], list[LogRow], VaultState]:
    """A two-player game of random moves to a low ``target`` that takes more than one deal
    and has a mole steal: its seed, options, log and final state."""
    options = dict(GAME.resolve_options({"single_deal": False, "target": target}))
    codec = GAME.codec(2)
    for seed in range(200):
        rng = random.Random(seed)
        state = GAME.new_state(2, options, seed)
        rows: list[LogRow] = []
        while not state.is_over():
            seat = next(p for p in state.acting_players() if state.legal_actions(p))
            action = rng.choice(state.legal_actions(seat))
            rows.append(LogRow(len(rows) + 1, seat, codec.to_json(action), None))
            state.apply(seat, action)
        stole = any(row.action is not None and row.action["type"] == "steal" for row in rows)
        if len(state.deal_scores) >= 2 and stole:
            return seed, options, rows, state
    raise AssertionError("no game of several deals with a steal among the first 200 seeds")


def stored_several_deals(server: Any, table_id: str) -> tuple[list[LogRow], VaultState]:
    """Ann and Bob's finished game of several deals (option single_deal=false, a low target),
    stored as the server keeps a table: its log and its final state."""
    seed, options, rows, state = several_deals(target=100)
    store_table(
        server.store,
        table_id,
        "vault",
        [person(i, NAMES[i], TOKENS[i]) for i in range(2)],
        seed=seed,
        options=options,
        settings={"bot_delay": 0.05},
        actions=[(row.seat, row.action, row.time) for row in rows],
        scores=state.scores(),
    )
    return rows, state


def test_a_game_of_several_deals_ends_on_every_deals_x1_and_x2(server: Any, page: Any) -> None:
    """Rulebook 002 §Manches: "en comptant leurs points après chacune d'entre elles". Given a
    finished game of several deals, then the end screen gives every deal's points and, under
    each, that deal's ×1 and ×2 sides per player, although the safes were emptied for each
    next deal."""
    _, state = stored_several_deals(server, "deals")
    page.goto(server.http + "/")
    page.evaluate(
        "([id, seat]) => localStorage.setItem(`topsecret.seat.${id}`, JSON.stringify(seat))",
        ["deals", {"seat": 0, "token": TOKENS[0], "name": "Ann"}],
    )
    page.goto(f"{server.http}/t/deals")
    end = page.locator("#end-screen .end-card")
    end.wait_for()
    assert f"After {len(state.deal_scores)} deals" in end.locator(".end-reason").inner_text()
    # Each cell's own text, without the "1 pair doubled" line under a split.
    sheet = end.locator(".vault-end").evaluate(
        "sheet => [...sheet.querySelectorAll('tr')]"
        ".map((tr) => [...tr.cells].map((cell) => cell.firstChild.textContent))"
    )
    expected = [["Deal", "Ann (you)", "Bob"]]
    for d, (scores, sides) in enumerate(zip(state.deal_scores, state.deal_sides, strict=True)):
        expected.append([f"Deal {d + 1}", *map(str, scores)])
        expected.append([f"Deal {d + 1}: ×1 + ×2", *(f"{x1} + {x2}" for x1, x2, _ in sides)])
    expected.append(["Total", *map(str, state.totals)])
    assert sheet == expected
    pairs = end.locator(".vault-end tr.detail .why").all_inner_texts()
    assert len(pairs) == 2 * len(state.deal_sides)
    assert page.errors == []


def test_the_replay_names_the_players_in_its_moves(server: Any, page: Any) -> None:
    """Given Ann and Bob's finished game, when its replay lists the moves, then a steal reads
    "steal the card Bob just played", as the live table's moves do, and no move says
    "seat 2"; so does the label of the step shown."""
    rows, _ = stored_several_deals(server, "deals")
    page.goto(f"{server.http}/replay/deals")
    page.wait_for_selector("#all-actions li")
    moves = page.locator("#all-actions li").all_inner_texts()
    assert len(moves) == len(rows)
    assert not [m for m in moves if re.search(r"\bseat \d", m, re.IGNORECASE)]
    steal = next(i for i, m in enumerate(moves) if "just played" in m)
    thief = rows[steal].seat
    assert moves[steal] == f"{NAMES[thief]}: steal the card {NAMES[1 - thief]} just played"
    page.locator("#all-actions li").nth(steal).click()
    page.wait_for_function(
        "text => document.getElementById('step-label').textContent.endsWith(text)",
        arg=f"steal the card {NAMES[1 - thief]} just played",
    )
    # The last step says who won, as the live table's end screen does.
    page.click("#last-step")
    page.wait_for_selector("#step-events li.result")
    result = page.locator("#step-events li.result").inner_text()
    assert re.fullmatch(r"(Ann|Bob) won|(Ann|Bob), (Ann|Bob) won: a shared win", result), result
    assert page.errors == []


def test_nobody_is_thinking_while_the_table_waits_for_a_friend(
    server: Any, browser: Any, page: Any
) -> None:
    """Given Ann's vault table whose seat 2 waits for a friend, when she looks at it, then
    the page says it waits for a player and no seat, in the seat list or on the board, is
    "thinking…"; when Bob takes the seat and the game starts, then the seats that owe a
    card are."""
    create_in_lobby(page, server, "vault", ["", "random"])
    page.wait_for_selector(".vseat")
    assert page.locator("#status").inner_text().startswith("Waiting for 1 more player.")
    assert "thinking…" not in page.locator("#seats").inner_text()
    assert "thinking…" not in page.locator(".vault").inner_text()
    assert page.locator(".vseat.thinking").count() == 0

    friend_context = browser.new_context()
    friend = friend_context.new_page()
    try:
        friend.goto(page.url)
        friend.wait_for_selector("#join-panel:not([hidden])")
        friend.fill("#join-name", "Bob")
        friend.click("#join-button")
        friend.wait_for_selector(".vseat.you")
        page.wait_for_function(
            "!document.getElementById('status').textContent.startsWith('Waiting for')"
        )
        ann = page.locator("#seats .seat", has=page.locator("text=Ann (you)"))
        assert ann.locator(".chip").inner_text() == "thinking…"
        assert "thinking…" in page.locator(".vseat.you .hand-summary").inner_text()
    finally:
        friend_context.close()
    assert page.errors == []


def test_a_moles_steal_button_names_the_card_it_takes(server: Any, page: Any) -> None:
    """Rulebook 002 §Une taupe a été jouée: the mole steals a card an opponent has just
    played. Given Ann's mole and Bob's document 20 just revealed, then her button says
    "Steal document 20 from Bob", not only whom it robs."""
    from topsecret.games.vault import PlayCard, VaultState

    state = VaultState.arranged([["mole", "doc5"], ["doc20", "doc5"]])
    state.apply(0, PlayCard("mole", 0))
    state.apply(1, PlayCard("document", 20))
    frame = {
        "observation": state.observation(0),
        "legal": [{"action": a.to_json(), "label": ""} for a in state.legal_actions(0)],
        "you": 0,
        "table": {"status": "playing", "players": 2},
    }
    page.goto(server.http + "/t/none")
    text = page.evaluate(
        """async (frame) => {
          const view = await import("/static/js/views/vault.js");
          const board = document.createElement("div");
          document.body.append(board);
          const ctx = { act: () => {}, name: (s) => ["Ann", "Bob"][s], log: [], replay: false };
          view.render(board, frame, ctx);
          return board.querySelector("button.steal-button").textContent;
        }""",
        frame,
    )
    assert text == "Steal document 20 from Bob"


def test_cards_that_cannot_be_played_stay_dimmed_once_a_move_is_answered(
    server: Any, page: Any
) -> None:
    """Given Ann and Bob at a vault table, when Ann plays a card and the table answers while
    Bob is still choosing, then none of her cards can be pressed: the controls disabled
    while her move was on its way come back only if the view drew them playable."""
    created = httpx.post(
        f"{server.http}/api/tables",
        json={"game": "vault", "players": 2, "name": "Ann", "seats": [None, None]},
        timeout=10,
    ).json()
    table_id = created["table"]["id"]
    joined = httpx.post(
        f"{server.http}/api/tables/{table_id}/join", json={"name": "Bob"}, timeout=10
    )
    assert joined.status_code == 200, joined.text
    page.goto(server.http + "/")
    page.evaluate(
        "([id, seat]) => localStorage.setItem(`topsecret.seat.${id}`, JSON.stringify(seat))",
        [table_id, {"seat": created["seat"], "token": created["token"], "name": "Ann"}],
    )
    page.goto(f"{server.http}/t/{table_id}")
    page.locator("#hand button.playable").first.click()
    page.wait_for_function(
        "() => document.body.dataset.sent && !document.body.classList.contains('acting')"
        " && document.querySelector('#hand button') !== null"
        " && !document.querySelector('#hand button.playable')"
    )
    enabled = page.locator("#hand button:not([disabled])").count()
    assert enabled == 0, f"{enabled} cards can be pressed while Bob is still choosing"
    assert page.errors == []
