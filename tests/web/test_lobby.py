"""The lobby and the join page, tried as a new player would: bot strength levels, your own
table offered as Resume, closing it, and a join page that says what you are joining."""

from __future__ import annotations

from typing import Any

from lobby_form import create_in_lobby

from topsecret.server.db import SeatData, TableData


def create_vault_table_for_a_friend(page: Any, server: Any) -> str:
    page.goto(server.http + "/")
    page.select_option("#game-select", "vault")
    page.select_option("#players-select", "3")
    page.fill("#name-input", "Ann")
    page.select_option("[aria-label='Seat 2']", "")
    page.select_option("[aria-label='Seat 3']", "hard")
    page.check("#option-rows input[name=single_deal]")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    return str(page.url.rsplit("/", 1)[1])


def test_bot_seats_offer_the_strength_levels_and_options_read_as_words(
    server: Any, page: Any
) -> None:
    page.goto(server.http + "/")
    page.select_option("#game-select", "vault")
    page.select_option("#players-select", "2")
    levels = page.locator("[aria-label='Seat 2'] option").all_inner_texts()
    assert levels[:4] == ["a friend (invite by link)", "easy bot", "medium bot", "hard bot"]
    # The levels and the bots they are made of are two groups, not six strengths.
    groups = page.locator("[aria-label='Seat 2'] optgroup")
    assert [groups.nth(i).get_attribute("label") for i in range(groups.count())] == [
        "Levels",
        "Bots by how they play",
    ]
    assert "rule-of-thumb bot (medium plays it)" in levels
    assert page.locator("[aria-label='Seat 2']").input_value() == "medium"
    options = page.locator("#option-rows").inner_text()
    assert "Play one deal only" in options and "single_deal" not in options
    assert page.errors == []


def test_points_to_win_says_what_0_means_and_is_off_for_a_game_of_one_deal(
    server: Any, page: Any
) -> None:
    """Given the vault in the lobby, whose points to win start at 0 and whose "Play one deal
    only" starts ticked, when a player reads the field, then its help says that 0 is the
    deck's own target and the field is off (one deal has no target); when the box is
    unticked, then the field is on, and off again when it is ticked."""
    page.goto(server.http + "/")
    page.select_option("#game-select", "vault")
    target = page.locator("#option-rows input[name=target]")
    row = page.locator("#option-rows .option-row", has=page.locator("input[name=target]"))
    assert target.input_value() == "0"
    assert row.locator(".option-help").inner_text().strip() == (
        "Deals go on until someone reaches this total; "
        "0 means the deck's own target for this many players."
    )
    # Named by its label alone, its help read as its description.
    label = row.locator("span").first.inner_text()
    assert page.get_by_role("spinbutton", name=label, exact=True).count() == 1
    described = page.eval_on_selector(
        "#option-rows input[name=target]",
        "el => document.getElementById(el.getAttribute('aria-describedby')).textContent.trim()",
    )
    assert described.startswith("Deals go on until someone reaches this total")
    assert page.is_checked("#option-rows input[name=single_deal]") and target.is_disabled()
    page.uncheck("#option-rows input[name=single_deal]")
    assert target.is_enabled()
    page.fill("#option-rows input[name=target]", "500")
    page.check("#option-rows input[name=single_deal]")
    assert target.is_disabled()
    assert page.errors == []


def test_a_target_typed_before_ticking_one_deal_is_not_kept(server: Any, page: Any) -> None:
    """Given a player who types 500 points to win and then ticks "Play one deal only", when
    the table is created, then it plays one deal with the game's default target, not a
    target of 500 that its option list would show to no purpose."""
    page.goto(server.http + "/")
    page.select_option("#game-select", "vault")
    page.select_option("#players-select", "2")
    page.fill("#name-input", "Ann")
    page.uncheck("#option-rows input[name=single_deal]")
    page.fill("#option-rows input[name=target]", "500")
    page.check("#option-rows input[name=single_deal]")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    table = page.request.get(f"{server.http}/api/tables/{table_id}").json()
    assert table["options"]["single_deal"] is True and table["options"]["target"] == 0
    assert page.errors == []


def test_your_own_table_resumes_and_its_creator_can_close_it(server: Any, page: Any) -> None:
    table_id = create_vault_table_for_a_friend(page, server)
    page.goto(server.http + "/")
    line = page.locator("#open-tables li", has=page.locator(f"a[href='/t/{table_id}']"))
    line.wait_for()
    assert line.locator("a").inner_text() == "Resume"
    # A bot is named with its seat, as at the table.
    assert "Hard bot 3" in line.inner_text() and "open seat" in line.inner_text()
    page.once("dialog", lambda dialog: dialog.accept())
    line.locator("button.close-table").click()
    page.wait_for_function(
        "id => !document.querySelector(`#open-tables a[href='/t/${id}']`)", arg=table_id
    )
    assert server.store.load_table(table_id).status != "waiting"
    assert page.errors == []


def test_the_join_page_says_what_you_are_joining(server: Any, browser: Any, page: Any) -> None:
    table_id = create_vault_table_for_a_friend(page, server)
    friend_context = browser.new_context()
    friend = friend_context.new_page()
    try:
        friend.goto(f"{server.http}/t/{table_id}")
        friend.wait_for_selector("#join-panel:not([hidden])")
        info = friend.locator("#join-info").inner_text()
        assert "vault" in info.lower() and "3 players" in info
        # A bot is named as everywhere else at the table, with its seat.
        assert "Seat 1: Ann" in info and "Seat 2: open" in info and "Seat 3: Hard bot 3" in info
        assert "Play one deal only: yes" in info
        # A target means nothing in a game of one deal, as the lobby's form shows it.
        assert "Points to win" not in info
        # Every table a person can join is played under the current rules: no version shown.
        assert "ules version" not in info and "rules:" not in info
        # Nothing to say yet: the status line draws no empty box under the form.
        status = friend.locator("#status")
        assert status.inner_text() == "" and status.bounding_box()["height"] < 20
        # No empty board behind the form: the table appears once you sit or watch.
        assert friend.locator("#table-main").is_hidden()
        friend.click("#watch-button")
        friend.wait_for_selector(".vault")
        # A spectator is not told to act; the lobby offers a stranger's table as Join.
        assert "Your move" not in friend.locator("#status").inner_text()
        friend.goto(server.http + "/")
        link = friend.locator(f"#open-tables a[href='/t/{table_id}']")
        link.wait_for()
        assert link.inner_text() == "Join"
        assert friend.locator("#open-tables button.close-table").count() == 0
    finally:
        friend_context.close()


def test_a_private_table_is_unlisted_and_its_invite_link_seats_a_friend(
    server: Any, browser: Any, page: Any
) -> None:
    """Given Ann sets up a private table, then the lobby does not list it, her table page
    shows the invitation link, a friend without the link's code is told to ask for it, and
    the friend who opens the link takes the open seat."""
    page.goto(server.http + "/")
    page.select_option("#game-select", "vault")
    page.select_option("#players-select", "3")
    page.fill("#name-input", "Ann")
    page.select_option("[aria-label='Seat 2']", "")
    page.select_option("[aria-label='Seat 3']", "easy")
    page.check("#private-check")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    link = page.locator("#invite-link")
    link.wait_for()
    invitation = link.input_value()
    assert invitation.startswith(f"{server.http}/t/{table_id}?invite=")
    assert "private" in page.locator("#status").inner_text()
    stored = server.store.load_table(table_id)
    assert stored.private and stored.invite_hash is not None

    friend_context = browser.new_context()
    friend = friend_context.new_page()
    friend_errors: list[str] = []
    friend.on("pageerror", lambda exc: friend_errors.append(str(exc)))
    try:
        friend.goto(server.http + "/")
        friend.wait_for_selector("#open-tables li")
        assert friend.locator(f"#open-tables a[href='/t/{table_id}']").count() == 0
        friend.goto(f"{server.http}/t/{table_id}")
        friend.wait_for_selector("#join-panel:not([hidden])")
        assert "invitation link" in friend.locator("#join-error").inner_text()
        # Without the code no seat can be taken, and there is no link to pass on.
        assert friend.locator("#join-button").is_disabled()
        assert friend.locator("#invite-button").is_hidden()
        friend.goto(invitation)
        friend.wait_for_selector("#join-panel:not([hidden])")
        assert friend.locator("#join-error").inner_text() == ""
        assert friend.locator("#join-button").is_enabled()
        assert friend.locator("#invite-button").is_visible()
        friend.fill("#join-name", "Bob")
        friend.click("#join-button")
        friend.wait_for_selector(".vseat.you")
        assert friend.locator(".vseat.you .who").inner_text() == "Bob (you)"
        assert [s.name for s in server.store.load_table(table_id).seats][:2] == ["Ann", "Bob"]
        assert friend_errors == []
    finally:
        friend_context.close()
    assert page.errors == []


def test_the_lobby_shows_older_tables_a_page_at_a_time(server: Any, page: Any) -> None:
    """Given 25 finished games (the server lists 20 at a time), the lobby shows the newest
    20 and a "Show more" button that brings the other 5."""
    for n in range(25):
        server.store.create_table(
            TableData(
                id=f"old{n:02d}",
                game="vault",
                players=2,
                seed=n,
                options={},
                settings={},
                status="finished",
                created_at=1_700_000_000.0 + n,
                finished_at=None,
                scores=[float(n), 0.0],
                seats=(
                    SeatData(0, None, f"Agent {n}", None, False),
                    SeatData(1, "easy", "easy", None, False),
                ),
            )
        )
    page.goto(server.http + "/")
    more = page.locator("#finished-more")
    more.wait_for()
    rows = page.locator("#finished-tables li")
    assert rows.count() == 20
    assert "Agent 24" in rows.first.inner_text()  # newest first
    assert more.inner_text() == "Show more (5 older)"
    more.click()
    page.wait_for_function("() => document.querySelectorAll('#finished-tables li').length === 25")
    assert "Agent 0" in rows.last.inner_text()
    assert more.is_hidden()
    assert page.errors == []


def test_the_briefcase_options_are_explained_in_a_players_words(server: Any, page: Any) -> None:
    """Given the briefcase in the lobby, then its options' help names no file path and none
    of the values the command line types ('mover', 'owner'): the lists show those in words."""
    page.goto(server.http + "/")
    page.select_option("#game-select", "briefcase")
    helps = page.locator("#option-rows .option-help").all_inner_texts()
    assert any("only a player who moves it into their own HQ wins" in text for text in helps)
    for text in helps:
        assert "TOML" not in text and "'mover'" not in text and "'owner'" not in text, text
        # Each help stands on its own line as a sentence.
        assert text.strip()[:1].isupper(), text
    page.select_option("#game-select", "vault")
    helps = page.locator("#option-rows .option-help").all_inner_texts()
    assert any(text.strip().startswith("Where a mole's loot lies") for text in helps), helps
    assert page.errors == []


def test_a_table_just_created_starts_the_keyboard_at_its_name(server: Any, page: Any) -> None:
    """Given Ann creating a vault table from the lobby, when its page opens, then the focus
    is on the table's name (what a screen reader reads first), not on the page itself."""
    create_in_lobby(page, server, "vault", ["random"])
    page.wait_for_selector("#hand")
    page.wait_for_function("document.activeElement?.id === 'table-title'")
    assert "vault" in page.locator("#table-title").inner_text().lower()
    assert page.errors == []
