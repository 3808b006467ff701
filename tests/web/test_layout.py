"""Every page fits the screen it is shown on: a phone held upright (390x844) and a laptop
(1400x900) never scroll sideways, and at a four-player vault table the hand is in view."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_game_views import VIEW_ROOTS, open_as_first_seat

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1400, "height": 900}
SIZES = {"phone": PHONE, "laptop": LAPTOP}

#: Extra width a page has beyond its window (0 when nothing scrolls sideways).
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"
#: The briefcase map's scrolling box, as a script finds it.
MAP_BOX = 'document.querySelector(".briefcase .map-box")'


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page on a phone held upright, touch on."""
    context = browser.new_context(viewport=PHONE, has_touch=True)
    yield context.new_page()
    context.close()


@pytest.fixture(params=sorted(SIZES))
def sized_page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=SIZES[request.param], has_touch=request.param == "phone")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    yield page
    context.close()


def test_the_lobby_fits_the_screen(server: Any, sized_page: Any) -> None:
    sized_page.goto(server.http + "/")
    sized_page.wait_for_selector("#game-select option", state="attached")
    assert sized_page.evaluate(OVERFLOW) == 0
    assert sized_page.locator("#create-button").is_visible()
    assert sized_page.errors == []


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it"])
def test_the_lobby_fits_a_phone_for_every_game_in_every_language(
    server: Any, phone: Any, lang: str
) -> None:
    """Given a phone held upright, when the lobby is shown in a language whose bot names and
    option choices run long ("bot à règles simples (celui du niveau moyen)") and each game is
    picked in turn, then the form never scrolls sideways: each menu fits the screen's width."""
    phone.goto(server.http + "/")
    phone.evaluate("(lang) => localStorage.setItem('topsecret.lang', lang)", lang)
    phone.reload()
    phone.wait_for_selector("#game-select option", state="attached")
    assert phone.evaluate("document.documentElement.lang") == lang
    games = phone.eval_on_selector_all("#game-select option", "os => os.map((o) => o.value)")
    wide = {}
    for game in games:
        phone.select_option("#game-select", game)
        phone.wait_for_timeout(100)
        if phone.evaluate(OVERFLOW) > 0:
            wide[game] = phone.evaluate(OVERFLOW)
    assert wide == {}, wide


@pytest.mark.parametrize("game_id", sorted(VIEW_ROOTS))
def test_each_table_fits_the_screen(game_id: str, server: Any, sized_page: Any) -> None:
    open_as_first_seat(server, sized_page, game_id)
    sized_page.wait_for_selector(VIEW_ROOTS[game_id])
    sized_page.wait_for_selector(".seat-panel .seat.you")
    sized_page.wait_for_timeout(300)
    assert sized_page.evaluate(OVERFLOW) == 0
    # The board comes first: on a phone it starts in the first screenful.
    top = sized_page.locator("#board").bounding_box()["y"]
    assert top < 200
    assert sized_page.errors == []


def test_a_four_player_vault_hand_is_in_view_without_scrolling(server: Any, browser: Any) -> None:
    """Every trick asks for a card from the hand: it must not sit below the fold."""
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    try:
        open_as_first_seat(server, page, "vault", players=4)
        page.wait_for_selector("#hand button.playable")
        bottom = page.evaluate("document.getElementById('hand').getBoundingClientRect().bottom")
        assert 0 < bottom <= LAPTOP["height"]
        assert page.evaluate(OVERFLOW) == 0
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it"])
def test_every_vault_cards_name_fits_inside_it_in_every_language(
    server: Any, page: Any, lang: str
) -> None:
    """Given the vault's cards, small (a trick, a safe) and full size (a hand), when their
    names are printed in a language whose words run long ("ATTENTÄTER"), then each name
    stays inside its card."""
    page.goto(server.http + "/")
    page.wait_for_selector("#game-select option", state="attached")
    overflowing = page.evaluate(
        """async (lang) => {
            const { loadLanguage } = await import("/static/js/i18n.js");
            await loadLanguage(lang);
            const { cardFace } = await import("/static/js/views/vault.js");
            const kinds = ["document", "assassin", "mole", "special_agent", "safe"];
            const out = [];
            for (const small of [true, false]) {
              for (const kind of kinds) {
                const card = cardFace({ kind, colour: "crimson", value: 5 }, { small });
                document.body.append(card);
                const name = card.querySelector(".name");
                if (name.scrollWidth > card.clientWidth) {
                  out.push(`${name.textContent}: ${name.scrollWidth} > ${card.clientWidth}`);
                }
                card.remove();
              }
            }
            return out;
        }""",
        lang,
    )
    assert overflowing == []
    assert page.errors == []


def test_a_briefcase_city_is_a_fingers_width_on_a_phone(server: Any, phone: Any) -> None:
    """Given the briefcase on a phone, where the map is drawn at about a third of its size,
    then each city answers a touch over at least 24 px, not only its 11-px dot."""
    open_as_first_seat(server, phone, "briefcase")
    phone.wait_for_selector(".briefcase-map .city")
    reach = phone.eval_on_selector_all(
        ".briefcase-map .city circle.hit",
        "cs => cs.map((c) => c.getBoundingClientRect().width)",
    )
    assert reach and min(reach) >= 24, reach


def test_a_briefcase_agent_is_a_fingers_width_on_a_phone(server: Any, phone: Any) -> None:
    """Given the briefcase on a phone held upright, then the map is drawn large enough that
    every agent answers a touch over at least 24 px and every city's name is 9 px high or
    more; the map scrolls sideways in its own box while the page does not, and a new frame
    keeps it where the player scrolled it. "Whole map" shows all of it at once, and the
    choice outlives a reload."""
    open_as_first_seat(server, phone, "briefcase")
    # Right after loading, a redraw can leave the map unlaid for a moment (every agent read
    # as 0 px, about one run in ten): the widths are read until the map is drawn, for 5 s.
    reach = phone.wait_for_function(
        """() => { const hits = [...document.querySelectorAll(".briefcase-map .agent circle.hit")]
          .map((c) => c.getBoundingClientRect().width);
        return hits.length > 0 && Math.min(...hits) > 0 && hits; }""",
        timeout=5_000,
    ).json_value()
    assert min(reach) >= 24, reach
    names = phone.wait_for_function(
        """() => { const names = [...document.querySelectorAll(".briefcase-map .city text")]
          .map((t) => t.getBoundingClientRect().height);
        return names.length > 0 && Math.min(...names) > 0 && names; }""",
        timeout=5_000,
    ).json_value()
    assert min(names) >= 9, names
    assert phone.evaluate(OVERFLOW) == 0
    # The bots' moves redraw the board at any time: each look at the map's box finds it and
    # reads it in one step of the page.
    assert phone.evaluate(f"{MAP_BOX}.scrollWidth > {MAP_BOX}.clientWidth")
    assert phone.evaluate(f"{MAP_BOX}.scrollLeft = 37") == 37
    # Placing the opening payoffs brings a new frame, and the view is drawn again.
    phone.locator(".setup-form button.primary").click()
    phone.wait_for_selector(".setup-form", state="detached")
    assert phone.evaluate(f"{MAP_BOX}.scrollLeft") == 37

    phone.get_by_role("button", name="Whole map").click()
    assert phone.get_by_role("button", name="Whole map").get_attribute("aria-pressed") == "true"
    assert phone.evaluate(f"{MAP_BOX}.scrollWidth <= {MAP_BOX}.clientWidth")
    phone.reload()
    phone.wait_for_selector(".briefcase-map .agent")
    assert phone.evaluate(f"{MAP_BOX}.scrollWidth <= {MAP_BOX}.clientWidth")
    assert phone.locator(".map-zoom").get_attribute("aria-pressed") == "true"
    # Back to the larger map: it opens on the briefcase (in Vienna, east of the middle).
    phone.get_by_role("button", name="Whole map").click()
    assert phone.evaluate(f"{MAP_BOX}.scrollLeft") > 0


def test_a_small_assassin_card_says_assassin_as_the_hand_and_the_log_do(
    server: Any, page: Any
) -> None:
    """Rulebook 002 names the card "assassin" (Attentäter in German): the small cards of a
    trick and a safe say so too, not another word for it."""
    page.goto(server.http + "/")
    page.wait_for_selector("#game-select option", state="attached")
    names = page.evaluate(
        """async () => {
            const { loadLanguage } = await import("/static/js/i18n.js");
            const { cardFace } = await import("/static/js/views/vault.js");
            const out = {};
            for (const lang of ["en", "de"]) {
              await loadLanguage(lang);
              out[lang] = [true, false].map((small) => cardFace(
                { kind: "assassin", colour: "crimson", value: 0 }, { small }
              ).querySelector(".name").textContent.toLowerCase());
            }
            return out;
        }"""
    )
    assert names == {"en": ["assassin", "assassin"], "de": ["attentäter", "attentäter"]}
    assert page.errors == []


def test_a_spyworld_card_name_is_never_cut_inside_a_word_on_a_phone(
    server: Any, phone: Any
) -> None:
    """On a phone the three offered cards share the width: a name too long to stand beside
    its icon goes under it, whole ("Gadget", "Wachhund"), instead of "Gadge t"."""
    open_as_first_seat(server, phone, "spyworld")
    phone.wait_for_selector(".offer-col .offer-name")
    cut = phone.evaluate(
        """() => {
          const out = [];
          const name = document.querySelector(".offer-col .offer-name");
          for (const word of ["Gadget", "Wachhund", "Sentinelle"]) {
            name.textContent = word;
            const range = document.createRange();
            range.selectNodeContents(name);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size !== 1) out.push(word);
          }
          return out;
        }"""
    )
    assert cut == []


#: The smallest label in each lair's drawing, in pixels, by owner (read in one step of the
#: page, which a bot's move may redraw at any time).
SMALLEST_LAIR_LABELS = """() => Object.fromEntries([...document.querySelectorAll(".lair-box")].map(
  (box) => [box.dataset.owner, Math.min(...[...box.querySelectorAll("svg text")].map(
    (t) => t.getBoundingClientRect().height))]))"""


def test_another_players_lair_can_be_drawn_large_enough_to_read_on_a_phone(
    server: Any, phone: Any
) -> None:
    """Given a four-player SpyWorld table on a phone, the other players' lairs are drawn
    small (their labels 6 or 7 px high); when the player presses "Larger" under one, then
    that lair is drawn as large as their own, labels 9 px or more, and stays so as play goes
    on; "Smaller" draws it small again. The page never scrolls sideways."""
    open_as_first_seat(server, phone, "spyworld", players=4)
    phone.wait_for_selector(".lair-box .lair-zoom")
    smallest = phone.evaluate(SMALLEST_LAIR_LABELS)
    others = [owner for owner in smallest if owner != "0"]
    assert len(others) == 3 and all(smallest[owner] < 8 for owner in others), smallest
    owner = others[0]
    phone.get_by_role("button", name=f"Larger: Heuristic bot {int(owner) + 1}'s lair").click()
    assert phone.evaluate(SMALLEST_LAIR_LABELS)[owner] >= 9
    assert phone.evaluate(OVERFLOW) == 0
    # The player's choice of an Agent brings a new frame: the lair stays large.
    phone.locator(".spy-prompt button.agent-choice").first.click()
    phone.wait_for_selector(".spy-prompt button.agent-choice", state="detached")
    assert phone.evaluate(SMALLEST_LAIR_LABELS)[owner] >= 9
    phone.get_by_role("button", name=f"Smaller: Heuristic bot {int(owner) + 1}'s lair").click()
    assert phone.evaluate(SMALLEST_LAIR_LABELS)[owner] < 8


def test_a_four_player_vault_score_sheet_fits_a_phone(server: Any, phone: Any) -> None:
    """The end screen's points deal by deal has a column per player: on a phone the players'
    names and each deal's split wrap, so a four-player sheet fits the screen instead of
    running off its right edge (a wider one scrolls, with a shadow at the edge)."""
    phone.goto(server.http + "/t/none")
    overflow = phone.evaluate(
        """async () => {
          const view = await import("/static/js/views/vault.js");
          const seats = [0, 1, 2, 3];
          const frame = { observation: {
            seats: seats.map((seat) => ({ seat, total: 55 })),
            deal_scores: [seats.map(() => 55), seats.map(() => 40)],
            deal_sides: [0, 1].map(() => seats.map(() => ({ x1: 40, x2: 15, pairs: 1 }))),
            totals: seats.map(() => 95),
          } };
          const card = document.createElement("div");
          card.className = "end-card";
          card.append(view.endSummary(frame, { name: (s) => `Medium bot ${s + 1}` }));
          document.body.append(card);
          const sheet = card.querySelector(".table-wrap");
          return [sheet.scrollWidth, sheet.clientWidth];
        }"""
    )
    assert overflow[0] <= overflow[1], overflow


@pytest.mark.parametrize(
    ("game_id", "drawing"), [("wink", ".wink-svg"), ("briefcase", ".briefcase-map")]
)
def test_a_phone_on_its_side_sees_the_whole_drawing(
    server: Any, browser: Any, game_id: str, drawing: str
) -> None:
    """Given a phone held on its side (844x390), when a wink table or the briefcase map is
    shown, then the drawing is never taller than the screen: it scales down to fit."""
    context = browser.new_context(viewport={"width": 844, "height": 390}, has_touch=True)
    page = context.new_page()
    open_as_first_seat(server, page, game_id)
    page.wait_for_selector(drawing)
    # Read in one step of the page: a bot's move may redraw the board at any time.
    height = page.eval_on_selector(drawing, "d => d.getBoundingClientRect().height")
    assert height <= 390, height
    context.close()


def test_whose_move_it_is_stays_in_sight_as_a_phone_scrolls(server: Any, phone: Any) -> None:
    """Given a vault table on a phone, when the player scrolls down to the seats, then the
    status bar (whose move it is) is still at the top of the screen."""
    open_as_first_seat(server, phone, "vault", players=4)
    phone.wait_for_selector(".vault-seats")
    status = phone.locator("#status")
    status.wait_for()
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    phone.wait_for_timeout(100)
    assert phone.evaluate("window.scrollY") > 300
    box = status.bounding_box()
    assert box is not None and 0 <= box["y"] < 10, box
    assert status.inner_text() != ""


def test_the_end_screens_links_are_a_fingers_height(server: Any, phone: Any) -> None:
    """Given the results on a phone, the links to the replay and the lobby answer a touch over
    at least 24 px of height, not only their line of text."""
    phone.goto(server.http + "/t/none")
    heights = phone.evaluate(
        """() => {
          const card = document.createElement("div");
          card.className = "end-card";
          card.innerHTML = '<p class="end-actions"><a href="/replay/x">Step through the'
            + ' replay</a> · <a href="/">Back to the lobby</a></p>';
          document.body.append(card);
          return [...card.querySelectorAll("a")].map((a) => a.getBoundingClientRect().height);
        }"""
    )
    assert heights and min(heights) >= 24, heights
