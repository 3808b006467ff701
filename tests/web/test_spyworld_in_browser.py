"""A person sets up a SpyWorld table in the lobby and plays a whole game against a bot by
clicking in the view: an Agent, cards or passes, upgrades and walls drawn on the lair, a
mission when one is met, then the exploration room by room, through to the score sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lobby_form import create_in_lobby
from test_whole_games import STALL_SECONDS, click, progress_watch

#: What the view offers to click, in the order a player would look for it.
AGENT = ".spy-prompt button.agent-choice"
TAKE = ".offer-col button.take"
WALL_CARD = ".offer-col:has(.front-wall) button.take"
PASS = ".spy-prompt button.pass"
ROOM = ".lair.big.placing .room.target"
WALL = ".lair.big.placing .wall-slot"
NEW_ROOM = ".lair.big.exploring .room.target:not(.visited)"
OLD_ROOM = ".lair.big.exploring .room.target"
MISSION = ".mission button"
PICK = ".spy-prompt .picking button"
CHOICE = ".spy-prompt .choice-list button"
STOP = ".spy-prompt button.stop"
END = "#end-screen:not([hidden])"


def phase(page: Any) -> str:
    return str(page.locator(".spyworld .phase").inner_text())


def first(page: Any, *selectors: str) -> tuple[str, Any] | None:
    """The first selector with something to click, and that thing."""
    for selector in selectors:
        target = page.locator(selector).first
        if target.count():
            return selector, target
    return None


def click_and_wait(page: Any, target: Any) -> None:
    """Click, then wait for the server's answer to the action the click sent (see
    ``test_whole_games.click``: the answer, not any change of the log)."""
    click(page, target)


def next_click(page: Any, rounds_taken: int, walls_drawn: int) -> tuple[str, Any] | None:
    """The move this player makes now: always something the view highlights as legal."""
    if page.locator(TAKE).count() or page.locator(PASS).count():
        # Take a card most rounds so the lair fills up (a couple of Walls among them);
        # pass now and then for money.
        if rounds_taken % 5 == 4 and page.locator(PASS).count():
            return PASS, page.locator(PASS).first
        return first(page, *([WALL_CARD] if walls_drawn < 2 else []), TAKE, PASS)
    # Exploring: new rooms first (stolen Secrets), back through known ones, then stop.
    return first(page, AGENT, MISSION, ROOM, WALL, PICK, NEW_ROOM, OLD_ROOM, CHOICE, STOP)


def test_play_a_whole_spyworld_game_by_clicking(server: Any, page: Any, screenshots: Path) -> None:
    page.goto(server.http + "/")
    page.select_option("#game-select", "spyworld")
    page.select_option("#players-select", "2")
    page.fill("#name-input", "Ann")
    page.select_option("[aria-label='Seat 2']", "heuristic")
    page.select_option("#pace-select", "0.2")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".spyworld")

    # Choosing an Agent: the two dealt Agents, with their bonus and power, are the choices.
    page.wait_for_selector(AGENT)
    assert page.locator(AGENT).count() == 2
    assert "Movement" in page.locator(AGENT).first.inner_text()
    click_and_wait(page, page.locator(AGENT).first)

    # The planning round: three offers, each with its deck's back (colour and number) and
    # what taking the card does; the lair shows the start square and the entryway.
    page.wait_for_selector(TAKE + ", " + PASS)
    assert page.locator(".offer-col").count() == 3
    assert page.locator(".offer-col .deck.red, .offer-col .deck.blue").count() == 3
    assert page.locator(".offer-col .offer-text").first.inner_text() != ""
    assert page.locator(".lair.big .room.start").count() == 1
    assert page.locator(".lair.big .room.entry").count() == 3
    assert page.locator(".mission").count() == 3
    assert "of 40 possible" in page.locator(".my-sheet").inner_text()
    page.screenshot(path=str(screenshots / "spyworld.png"))
    # The rules in short are one click away, and close again.
    page.click("#rules-button")
    assert "back of the deck above" in page.locator("#rules-dialog").inner_text()
    page.screenshot(path=str(screenshots / "spyworld-rules.png"))
    page.click("#rules-dialog button")
    assert page.locator("#rules-dialog[open]").count() == 0

    # Motion: every Agent slide and every room lit up as it is entered, from here on.
    page.evaluate(
        """() => { window.slid = 0; window.entered = 0;
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (...args) {
          if (this.classList?.contains("explorer-token")) window.slid += 1;
          return animate.apply(this, args); };
        new MutationObserver(() => { window.entered += document.querySelectorAll(
          ".room.entered:not([data-counted])").length;
          document.querySelectorAll(".room.entered").forEach((r) => r.dataset.counted = 1);
        }).observe(document.body, { subtree: true, childList: true }); }"""
    )
    clicks: dict[str, int] = {}
    rounds_taken = 0
    explore_shot = place_shot = False
    idle = progress_watch()
    while not page.locator(END).count():
        assert idle(page) < STALL_SECONDS, f"the table is stuck ({phase(page)}): {clicks}"
        assert sum(clicks.values()) < 600, f"the game did not end ({phase(page)}): {clicks}"
        if not explore_shot and page.locator(NEW_ROOM).count():
            # Exploring: the opponent's lair is big, the rooms we may enter are highlighted
            # with their price, the path starts at the start square.
            assert page.locator(".lair.big .explorer-token").count() == 1
            assert page.locator(".exploration .stats-left").count() == 1
            # Each room's badge fits inside the room, never cut off; its tooltip lists every
            # way in with its price.
            widths = page.eval_on_selector_all(
                ".lair.big.exploring .badge.move rect", "rs => rs.map(r => r.width.baseVal.value)"
            )
            assert widths and max(widths) <= 64 - 4
            assert "Ways in:" in page.locator(NEW_ROOM + " title").first.text_content()
            page.screenshot(path=str(screenshots / "spyworld-explore.png"))
            explore_shot = True
        if not place_shot and page.locator(ROOM).count():
            # Where the card may go: its row or column tinted, each room with its price.
            place_shot = True
            page.wait_for_timeout(200)
            page.screenshot(path=str(screenshots / "spyworld-place.png"))
        move = next_click(page, rounds_taken, clicks.get(WALL, 0))
        if move is None:
            page.wait_for_timeout(50)
            continue
        what, target = move
        if what in (TAKE, WALL_CARD, PASS):
            rounds_taken += 1
        click_and_wait(page, target)
        clicks[what] = clicks.get(what, 0) + 1

    assert explore_shot, "the exploration was never shown with rooms to enter"
    # Upgrades went on rooms and Walls on edges of the lair, both by clicking the drawing.
    assert clicks.get(ROOM, 0) >= 5 and clicks.get(WALL, 0) >= 1, clicks
    assert clicks.get(NEW_ROOM, 0) >= 1, clicks
    # Each room the Agent entered lit up, and the Agent slid there.
    assert page.evaluate("window.slid") >= 1 and page.evaluate("window.entered") >= 1
    end = page.locator("#end-screen .end-card")
    assert end.is_visible()
    assert "won" in end.locator("h2").inner_text()
    sheet = end.locator(".spy-end .results")
    assert sheet.is_visible()
    text = sheet.inner_text()
    assert "Secrets stolen" in text and "Total" in text and "Rank" in text
    # The Trapper award counts Traps set off in a player's own lair, not those its Agent set
    # off exploring (the exploration panel's count): the row says which.
    assert "Traps set off in their own lair" in text
    # Read room by room, Ann's lair names the Walls she drew and the rooms she upgraded.
    rooms = page.locator(".lair-box[data-owner='0'] table.lair-table td").all_text_contents()
    assert any("Walls: " in room for room in rooms), rooms
    assert sum(room.startswith(("Empty room", "Entryway", "Blocked")) for room in rooms) < 20
    page.screenshot(path=str(screenshots / "spyworld-end.png"))
    log = page.locator("#log").inner_text()
    assert "=" not in log and "{" not in log
    assert page.errors == []

    table_id = page.url.rsplit("/", 1)[1]
    data = server.store.load_table(table_id)
    assert data.status == "finished" and data.scores is not None

    # The replay reads like the live log: each step's events in the game's own words.
    page.goto(f"{server.http}/replay/{table_id}")
    page.wait_for_selector(".spyworld")
    page.select_option("#perspective", "0")
    page.click("#last-step")
    page.wait_for_selector(".spyworld .results")
    steps = page.locator("#step-events li")
    steps.first.wait_for()
    assert "Final scores" in page.locator("#step-events").inner_text()
    assert "=" not in page.locator("#step-events").inner_text()
    page.screenshot(path=str(screenshots / "spyworld-replay.png"))
    assert page.errors == []


def test_the_lobby_offers_every_lair_board_and_the_expert_gadgets(server: Any, page: Any) -> None:
    """Rulebook, "The game boards": four lairs, the Polar Base by default; gadgets have a
    Normal and an Expert side. Both are picked in the lobby; a file path never is."""
    page.goto(server.http + "/")
    page.select_option("#game-select", "spyworld")
    lairs = page.locator("#option-rows select[name=lair] option")
    assert lairs.all_inner_texts() == [
        "Polar Base (2)",
        "Superyacht (1, first game)",
        "Jungle Temple (3)",
        "Moon Base (4)",
    ]
    values = [lairs.nth(i).get_attribute("value") for i in range(lairs.count())]
    assert values == ["polar_base", "superyacht", "jungle_temple", "moon_base"]
    # Option names are words, never code identifiers; no hint offers a file path.
    options = page.locator("#option-rows").inner_text()
    assert "free_agents" not in options and ".toml" not in options
    assert "Pick your Agent freely" in options
    page.select_option("#option-rows select[name=lair]", "moon_base")
    page.select_option("#option-rows select[name=gadgets]", "expert")
    page.fill("#name-input", "Ann")
    page.select_option("[aria-label='Seat 2']", "heuristic")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".spyworld")
    assert "Moon Base" in page.locator(".spyworld").inner_text()
    assert page.errors == []


def test_a_lenient_table_asks_to_keep_the_rounds_drawings_or_take_one_back(
    server: Any, page: Any
) -> None:
    """Rulebook 003 §Important #2 (be lenient with new players): once the round's card is
    drawn on the lair the view offers to keep it or take it back, and the game goes on."""
    page.goto(server.http + "/")
    page.select_option("#game-select", "spyworld")
    page.select_option("#players-select", "2")
    page.fill("#name-input", "Ann")
    page.select_option("[aria-label='Seat 2']", "heuristic")
    page.check("#option-rows input[name=lenient]")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(AGENT)
    click_and_wait(page, page.locator(AGENT).first)
    idle = progress_watch()
    clicks = 0
    while not page.get_by_role("button", name="keep", exact=False).count():
        assert idle(page) < STALL_SECONDS and clicks < 40, f"no keep step came ({phase(page)})"
        move = first(page, TAKE, ROOM, WALL, CHOICE)
        if move is None:
            page.wait_for_timeout(50)
            continue
        click_and_wait(page, move[1])
        clicks += 1
    assert "take the last one back" in page.locator(".spy-prompt").inner_text()
    click_and_wait(page, page.get_by_role("button", name="keep", exact=False).first)
    page.wait_for_selector(TAKE + ", " + PASS + ", " + ROOM)
    assert page.errors == []


def test_nobody_is_waited_for_while_the_table_waits_for_a_friend(server: Any, page: Any) -> None:
    """Given Ann's SpyWorld table whose seat 2 waits for a friend, when she looks at it, then
    the page waits for the others to join, naming no seated player as the one it waits for,
    and no seat is "thinking…"."""
    create_in_lobby(page, server, "spyworld", ["", "random"])
    page.wait_for_selector(".spyworld .spy-prompt")
    assert page.locator("#status").inner_text().startswith("Waiting for 1 more player.")
    assert page.locator(".spy-prompt").inner_text() == "Waiting for the others."
    assert "thinking…" not in page.locator("#seats").inner_text()
    assert page.errors == []


def test_your_lair_is_drawn_full_size_with_its_budget_like_the_others(
    server: Any, page: Any
) -> None:
    """Given Ann planning at a SpyWorld table with two bots, when she looks at the lairs,
    then hers (the one she draws on) is drawn at its full width, no narrower than a rival's,
    the rivals' drawings are the same size, and every caption, hers too, gives the budget."""
    create_in_lobby(page, server, "spyworld", ["random", "random"])
    page.wait_for_selector(AGENT)
    widths = page.eval_on_selector_all(
        ".lairs .lair-box > svg.lair",
        "ls => ls.map(l => Math.round(l.getBoundingClientRect().width))",
    )
    assert widths == [370, 180, 180], widths
    captions = page.locator(".lairs .lair-box figcaption").all_inner_texts()
    assert captions == [
        "Your lair · budget 10",
        "Random bot 2's lair · budget 10",
        "Random bot 3's lair · budget 10",
    ]
    assert page.errors == []


def test_a_screen_reader_reads_each_lair_room_by_room(server: Any, page: Any) -> None:
    """Given Ann at a new SpyWorld table with two bots, when a screen reader reads the lairs
    (pictures it does not enter), then each has a table of its rooms, row by row and column by
    column, naming the starting square and the entryway as the drawing shows them."""
    create_in_lobby(page, server, "spyworld", ["random", "random"])
    page.wait_for_selector(AGENT)
    tables = page.locator(".lairs .lair-box table.lair-table")
    assert tables.count() == 3
    caption = tables.nth(1).locator("caption").inner_text()
    assert caption == "Lair of Random bot 2, room by room", caption
    mine = tables.first
    assert mine.locator("thead th").all_text_contents() == [f"Column {c}" for c in range(1, 6)]
    assert mine.locator("tbody th").all_text_contents() == [f"Row {r}" for r in range(1, 6)]
    cells = [row.locator("td").all_text_contents() for row in mine.locator("tbody tr").all()]
    assert [len(row) for row in cells] == [5] * 5
    start = page.locator(".lair.big .room.start")
    row, col = int(start.get_attribute("data-row")), int(start.get_attribute("data-col"))
    assert cells[row - 1][col - 1].startswith("Starting square"), cells
    entries = [
        (int(g.get_attribute("data-row")), int(g.get_attribute("data-col")))
        for g in page.locator(".lair.big .room.entry").all()
    ]
    assert len(entries) == 3
    assert all(cells[r - 1][c - 1].startswith("Entryway: no ") for r, c in entries), cells
    # Shown to no one: the drawing is what the eye reads.
    box = mine.locator("xpath=..").bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1
    assert page.errors == []


def test_the_lair_is_played_from_the_keyboard(server: Any, page: Any) -> None:
    """Given Ann's card waiting to be drawn on her lair, when she tabs to a highlighted room
    and presses Enter, then the card is drawn there, as a click would draw it: the lair is a
    group of buttons, each room read out with its row, column and what it costs."""
    create_in_lobby(page, server, "spyworld", ["heuristic"])
    page.wait_for_selector(AGENT)
    click_and_wait(page, page.locator(AGENT).first)
    idle = progress_watch()
    while not page.locator(ROOM).count():
        assert idle(page) < STALL_SECONDS, f"no room to draw on came ({phase(page)})"
        move = first(page, ".offer-col:not(:has(.front-wall)) button.take", WALL, CHOICE, TAKE)
        if move is None:
            page.wait_for_timeout(50)
            continue
        click_and_wait(page, move[1])
    lair = page.locator(".lair.big.placing")
    assert lair.get_attribute("role") == "group"
    room = page.locator(ROOM).first
    assert room.get_attribute("role") == "button" and room.get_attribute("tabindex") == "0"
    row, col = room.get_attribute("data-row"), room.get_attribute("data-col")
    spoken = room.get_attribute("aria-label")
    assert spoken.startswith(f"Row {row}, column {col}: ")
    # The price on the room's badge is said too.
    assert spoken.endswith(")") and ("(costs " in spoken or "(free)" in spoken), spoken
    where = f".lair.big .room[data-row='{row}'][data-col='{col}']"
    before = page.locator(where + " title").text_content()
    # Tab through the page until the room has the focus: no mouse at all.
    for _ in range(200):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "() => [document.activeElement?.dataset?.row, document.activeElement?.dataset?.col,"
            " document.activeElement?.closest('.lair.big') !== null]"
        )
        if focused == [row, col, True]:
            break
    else:
        raise AssertionError(f"Tab never reached the room at row {row}, column {col}")
    sent = page.evaluate("document.body.dataset.sent || ''")
    page.keyboard.press("Enter")
    page.wait_for_function("sent => (document.body.dataset.sent || '') !== sent", arg=sent)
    page.wait_for_function(
        "([where, before]) => document.querySelector(where + ' title')?.textContent !== before",
        arg=[where, before],
    )
    assert page.errors == []
