"""The winking table in the browser: its log keeps the looks out of the way, and a spectator
is never asked to act.

Looks are the winking game's chatter: every turn of the eyes, its arrival, being looked at
and being looked away from. Signals come at any moment (Rulebook 001 §Spielablauf: "jeder
Spieler [ist] dauerhaft im Spiel eingebunden"), so eyes move all game; the log folds the
looks between the events that matter, so missions and catches stay in view."""

from __future__ import annotations

import re
from typing import Any

from test_cues import TITLE_OWED
from test_game_views import open_as_first_seat
from test_motion import wink_frame
from test_whole_games import STALL_SECONDS, click, progress_watch

#: The English starts of the lines a seat reads about looks (games/wink/text.py).
LOOK_LINES = ("Your eyes are now on", "You turn to look at", "is looking at you", "stopped looking")


def test_your_own_gaze_lines_are_folded_in_the_log(server: Any, page: Any) -> None:
    """Given Ann at a winking table, when she looks at two players in turn, then "Your eyes
    are now on ..." (her own gaze arriving) and "You turn to look at ..." are in the log's
    folded chatter, and no line about a look stands unfolded."""
    open_as_first_seat(server, page, "wink")
    seats = page.locator("#board .wink-seat.clickable")
    seats.first.wait_for()
    for n in (0, 1):
        seats.nth(n).dispatch_event("pointerdown")
        # The eyes take a moment to arrive (look_seconds): then the line is in the fold.
        page.wait_for_function(
            """n => [...document.querySelectorAll('#log li.chatter li')]
                .filter((li) => li.textContent.startsWith('Your eyes are now on')).length > n""",
            arg=n,
        )
    folded = page.locator("#log li.chatter li").all_text_contents()
    assert any(line.startswith("You turn to look at") for line in folded), folded
    unfolded = page.locator("#log > li:not(.chatter)").all_text_contents()
    assert not [line for line in unfolded if any(look in line for look in LOOK_LINES)], unfolded
    summary = page.locator("#log li.chatter summary").last.inner_text()
    # Named for what it folds: the winking game's looks are glances, and it has no choices.
    assert re.fullmatch(r"\d+ glances?", summary), summary
    assert page.errors == []


def test_a_spectator_at_the_winking_table_is_not_told_to_act(server: Any, browser: Any) -> None:
    """Given a winking table in play (real time: the players act whenever they like), when
    someone opens it without a seat, then the status says they are watching, the tab owes
    them no move and the table offers them nothing to click."""
    player = browser.new_context()
    watcher = browser.new_context()
    try:
        table_id = open_as_first_seat(server, player.new_page(), "wink")
        page = watcher.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        # Every seat is taken, so the link opens straight onto the table to watch.
        page.goto(f"{server.http}/t/{table_id}")
        page.wait_for_selector(".wink svg")
        page.wait_for_selector("#status:has-text('you are watching')")
        status = page.locator("#status").inner_text()
        assert "Your move" not in status and "act whenever you like" not in status
        assert not page.evaluate(TITLE_OWED)
        assert "watching" in page.locator("#table-title").inner_text()
        assert "You are watching" in page.locator(".wink-controls").inner_text()
        assert page.locator("#board button, #board .wink-seat.clickable").count() == 0
        assert page.locator("#legal button.move").count() == 0
        assert page.locator("#leave-button").is_hidden()
        assert errors == []
    finally:
        watcher.close()
        player.close()


def test_the_suitcase_turn_says_why_no_mission_is_offered(server: Any, page: Any) -> None:
    """Rulebook 001: only the player who winked with this agent card may complete its mission.
    On the suitcase turn of a seat that holds an agent card but has not winked with it, the
    "Meet at" buttons are missing, and the controls say why; once a mission is offered,
    the explanation goes."""
    frame = wink_frame(server, page)
    page.goto(server.http + "/api/games")
    shown = page.evaluate(
        """async (frame) => {
          const view = await import("/static/js/views/wink.js");
          const draw = (legal) => {
            const board = document.createElement("div");
            const turn = { ...frame, you: 0, legal,
              observation: { ...frame.observation, holder: 0,
                hand: { ...frame.observation.hand, agent: 1 } } };
            view.render(board, turn, { act: () => {}, name: (s) => `Seat ${s + 1}`, log: [] });
            return [board.querySelector(".no-mission")?.textContent ?? null,
                    board.querySelectorAll("button.mission").length, view.waitsFor(turn)];
          };
          const pass = { action: { type: "pass" }, label: "pass" };
          const meet = { action: { type: "mission", location: frame.observation.locations?.[0]
            ?? "park" }, label: "meet" };
          return [draw([pass]), draw([pass, meet])];
        }""",
        frame,
    )
    assert shown[0] == [
        "Only the player who winked with this agent card may complete its mission.",
        0,
        True,
    ]
    assert shown[1][0] is None and shown[1][1] == 1
    assert page.errors == []


def test_a_signal_aimed_at_you_or_at_nobody_reads_as_a_sentence(server: Any, page: Any) -> None:
    """The signals a seat saw name whom each was aimed at. "You" and "nobody" change form
    with the verb (German "hat dir zugezwinkert", not "hat du"), so each aim is its own
    sentence in every language, and a signal aimed at nobody names no target."""
    frame = wink_frame(server, page)
    page.goto(server.http + "/api/games")
    lines = page.evaluate(
        """async (frame) => {
          const { loadLanguage } = await import("/static/js/i18n.js");
          await loadLanguage("de");
          const view = await import("/static/js/views/wink.js");
          const obs = frame.observation;
          const signals = [
            { seat: 1, signal: "wink", time: obs.now, looking_at: { at: "seat", seat: 0 } },
            { seat: 2, signal: "glance", time: obs.now, location: 0,
              looking_at: { at: "location", location: 0 } },
            { seat: 0, signal: "wink", time: obs.now, looking_at: { at: "seat", seat: 3 } },
          ];
          const board = document.createElement("div");
          view.render(board, { ...frame, you: 0, observation: { ...obs, seat: 0, signals } },
            { act: () => {}, name: (s) => `Platz ${s + 1}`, log: [] });
          return [...board.querySelectorAll("ul.signals li")].map((li) => li.textContent);
        }""",
        frame,
    )
    assert len(lines) == 3, lines
    mine, glance, at_you = lines  # newest first
    assert "du hast Platz 4 zugezwinkert" in mine
    assert glance.endswith("geblickt") and "mit Blick auf" not in glance
    assert "hat dir zugezwinkert" in at_you
    assert page.errors == []


def test_every_place_name_fits_its_box_in_every_language(server: Any, page: Any) -> None:
    """The four places sit in 88-px boxes on the table: "Stazione della metro", "Station de
    métro" or "Springbrunnen" stay inside theirs."""
    frame = wink_frame(server, page)
    page.goto(server.http + "/api/games")
    wide = page.evaluate(
        """async (frame) => {
          const { loadLanguage } = await import("/static/js/i18n.js");
          const view = await import("/static/js/views/wink.js");
          const style = document.createElement("link");
          style.rel = "stylesheet";
          style.href = "/static/css/style.css";
          document.head.append(style);
          await new Promise((done) => { style.onload = done; });
          const out = [];
          for (const lang of ["en", "fr", "de", "it"]) {
            await loadLanguage(lang);
            const board = document.createElement("div");
            board.className = "board";
            document.body.append(board);
            view.render(board, frame, { act: () => {}, name: (s) => `P${s + 1}`, log: [] });
            for (const g of board.querySelectorAll(".location")) {
              const box = g.querySelector("rect").getBBox();
              const text = g.querySelector("text").getBBox();
              if (text.width > box.width - 4 || text.height > box.height) {
                out.push(`${lang}: ${g.querySelector("text").textContent} ${text.width}`);
              }
            }
            board.remove();
          }
          return out;
        }""",
        frame,
    )
    assert wide == []
    assert page.errors == []


def test_a_winking_replay_lists_moves_without_the_clocks_steps(server: Any, page: Any) -> None:
    """A winking game's log holds the clock's ticks that changed the table ("time passes"):
    the replay steps through them on its slider, and its list of moves leaves them out."""
    import random

    from liveserver import bot, store_table

    from topsecret.games.wink import GAME

    players = 4
    codec = GAME.codec(players)
    rng = random.Random(3)
    state = GAME.new_state(players, None, 3)
    actions: list[tuple[int, dict[str, Any] | None, float | None]] = []
    now = 0.0
    while not state.is_over() and len(actions) < 400:
        now += 0.25
        if state.advance_time(now):
            actions.append((-1, None, now))
        for seat in state.acting_players():
            legal = state.legal_actions(seat)
            if legal and not state.is_over() and rng.random() < 0.5:
                action = rng.choice(legal)
                state.apply(seat, action)
                actions.append((seat, codec.to_json(action), now))
    ticks = sum(1 for seat, _, _ in actions if seat == -1)
    assert ticks, "the clock changed nothing in this game"
    store_table(
        server.store,
        "winkreplay",
        "wink",
        [bot(s, "heuristic") for s in range(players)],
        seed=3,
        actions=actions,
        scores=state.scores(),
    )
    page.goto(f"{server.http}/replay/winkreplay")
    page.wait_for_selector("#all-actions li")
    moves = page.locator("#all-actions li").all_inner_texts()
    assert len(moves) == len(actions) - ticks
    assert not [m for m in moves if "time passes" in m]
    assert page.locator("#step-range").get_attribute("max") == str(len(actions))
    assert page.errors == []


def test_an_accusation_is_chosen_before_it_can_cost_a_chip(server: Any, page: Any) -> None:
    """Rulebook 001 (an accusation costs an observation chip): given the Catch! lists, then
    nothing is chosen and Accuse is disabled until the player picks who winked and at whom,
    and what they picked outlives the redraws the clock makes every tick."""
    open_as_first_seat(server, page, "wink", players=4)
    # The opening round: each draws an agent card (Ann too, when the suitcase is hers).
    idle = progress_watch()
    while not page.locator(".accuse select").count():
        assert idle(page) < STALL_SECONDS, "no accusation was ever offered"
        draw = page.locator(".wink-buttons button.draw:not([disabled])")
        if draw.count():
            click(page, draw.first)
        page.wait_for_timeout(100)
    accuse = page.locator(".accuse button")
    winker, target = page.locator(".accuse select").nth(0), page.locator(".accuse select").nth(1)
    assert winker.input_value() == "" and accuse.is_disabled()
    choice = winker.locator("option").nth(1).get_attribute("value")
    winker.select_option(choice)
    assert accuse.is_disabled()  # at whom is not chosen yet
    contact = target.locator("option").nth(1).get_attribute("value")
    target.select_option(contact)
    assert accuse.is_enabled()
    seq = page.evaluate("document.body.dataset.seq")
    page.wait_for_function("seq => document.body.dataset.seq !== seq", arg=seq)
    page.wait_for_selector(".accuse select")
    assert page.locator(".accuse select").nth(0).input_value() == choice
    assert page.locator(".accuse select").nth(1).input_value() == contact
    assert page.errors == []
