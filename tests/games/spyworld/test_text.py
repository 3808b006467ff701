"""SpyWorld in words: every log line readable, labels with the names on the cards, and the
costs a view shows taken from the engine (Rulebook 003 §If the chosen card is ...)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from tests.i18n.words import english_left
from topsecret.bots import make_bot
from topsecret.core import Event, IllegalAction, SeatView
from topsecret.games.spyworld import GAME, exploring
from topsecret.games.spyworld import state as spyworld_state
from topsecret.games.spyworld.actions import (
    Boost,
    ChooseAgent,
    ClaimMission,
    Move,
    Pass,
    PlaceUpgrade,
    PlaceWall,
    TakeCards,
    TakeGadget,
    Teleport,
)
from topsecret.games.spyworld.components import (
    NAMES,
    agents,
    cards,
    gadgets,
    lairs,
    missions,
    sheet,
)
from topsecret.games.spyworld.state import SpyWorldState
from topsecret.games.spyworld.text import (
    CARD_NAMES,
    DATA_TEXTS,
    RULE_CITATIONS,
    agent_summary,
    final_parts,
)
from topsecret.i18n import ENGLISH, error_text, filled_message, game_text, translator
from topsecret.i18n.catalogues import catalogue

from .helpers import table

#: Every kind of event a SpyWorld table emits, the engine's simultaneous steps included.
EVENT_KINDS = {
    "chosen",
    "my_choice",
    "agents_chosen",
    "agent",
    "passed",
    "took",
    "trained",
    "placed",
    "wall",
    "gadget",
    "last_round_next",
    "took_back",
    "confirmed",
    "mission",
    "round",
    "planning_over",
    "explored",
    "final_score",
}

#: Seeded bot games that between them emit every kind above (found by playing seeds).
GAMES = (
    (22, "polar_base", 3, "heuristic", False),
    (6, "polar_base", 3, "heuristic", False),
    (8, "polar_base", 3, "heuristic", False),  # a full lair: last_round_next
    (0, "polar_base", 3, "mixed", True),
    (1, "superyacht", 2, "mixed", False),
    (2, "jungle_temple", 4, "mixed", True),
    (4, "polar_base", 5, "mixed", True),
)


@cache
def played_events() -> tuple[tuple[int, Event], ...]:
    """(players, event) for every event of the seeded games, in order."""
    out: list[tuple[int, Event]] = []
    for seed, lair, players, bots, lenient in GAMES:
        state = GAME.new_state(players, {"lair": lair, "lenient": lenient}, seed)
        names = [
            bots if bots != "mixed" else ("heuristic", "random")[s % 2] for s in range(players)
        ]
        seated = [make_bot(GAME, name, seed * 10 + s) for s, name in enumerate(names)]
        views = [SeatView(state, s) for s in range(players)]
        while not state.is_over():
            for seat in state.acting_players():
                if state.is_over() or seat not in state.acting_players():
                    continue
                events = state.apply(seat, seated[seat].choose(views[seat]))
                out += [(players, e) for e in events]
    return tuple(out)


def readable(text: str) -> bool:
    return "=" not in text and "{" not in text and "'" + "type" not in text and "_" not in text


def test_every_event_kind_appears_in_the_seeded_games() -> None:
    assert {e.kind for _, e in played_events()} == EVENT_KINDS


def test_every_event_reads_as_a_sentence_for_each_seat_that_sees_it() -> None:
    """Given every event of the seeded games, when each seat and a spectator read the log,
    then every line they see is plain English: no key=value pairs, dicts or ids."""
    described: set[str] = set()
    for players, event in played_events():
        for viewer in [None, *range(players)]:
            if not event.visible_to(viewer):
                continue
            text = GAME.describe_event(event, viewer)
            if text is None:
                continue
            assert readable(text), (event, text)
            assert text[0].isupper(), text
            described.add(event.kind)
    assert described == EVENT_KINDS


def test_the_reader_is_you_and_the_others_are_seats_counted_from_one() -> None:
    took = next(e for _, e in played_events() if e.kind == "took" and e.data["seat"] == 1)
    assert str(GAME.describe_event(took, 1)).startswith("You take card")
    assert str(GAME.describe_event(took, 0)).startswith("Seat 2 takes card")
    assert str(GAME.describe_event(took, None)).startswith("Seat 2 takes card")


def test_private_events_are_described_only_for_the_seat_that_sees_them() -> None:
    """Rulebook 003 §Setup: each player secretly chooses an Agent; the hidden choice of a
    simultaneous step is only echoed to its own seat."""
    private = [(n, e) for n, e in played_events() if e.audience is not None]
    assert {e.kind for _, e in private} == {"agent", "my_choice"}
    for players, event in private:
        (owner,) = event.audience or ()
        assert GAME.describe_event(event, owner) is not None
        assert GAME.describe_event(event, None) is None
        for other in range(players):
            if other != owner:
                assert GAME.describe_event(event, other) is None
    agent = next(e for _, e in private if e.kind == "agent")
    name = next(a.name for a in agents() if a.id == agent.data["agent"])
    assert name in str(GAME.describe_event(agent, agent.data["seat"]))


def test_your_own_hidden_choice_is_echoed_and_the_others_only_have_chosen() -> None:
    state = table(["secret1", "wall", "movement"], ["R1", "R2", "R3"])
    events = state.apply(0, TakeCards((1,)))
    lines = [GAME.describe_event(e, 0) for e in events if e.visible_to(0)]
    assert [x for x in lines if x] == ["You chose: take card 2 (hidden until everyone has chosen)"]
    seen_by_other = [GAME.describe_event(e, 1) for e in events if e.visible_to(1)]
    assert seen_by_other == ["Seat 1 has made a choice for round 1"]


def test_exploration_lines_say_where_what_and_the_price() -> None:
    explored = [e for _, e in played_events() if e.kind == "explored" and "room" in e.data]
    secret = next(e for e in explored if e.data["new"] and "value" in e.data)
    text = str(GAME.describe_event(secret, secret.data["seat"]))
    assert text.startswith("You enter row") and "Secret worth" in text and "Movement" in text
    teleport = next(e for _, e in played_events() if e.kind == "explored" and "teleport" in e.data)
    assert "Swift's power" in str(GAME.describe_event(teleport, None))


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (TakeGadget(4), "Laser Drill"),
        (Move("north", use=2), "Stun Gun"),
        (Move("north", use=6), "Agent's power"),
        (Boost(3, "movement"), "Adrenaline Shot for Movement"),
        (Boost(6, "stealth"), "Agent's power for Stealth"),
        (Teleport(2, 3), "Agent's power"),
        (ChooseAgent(0), agents()[0].text),
        (ClaimMission(0, "points"), "points at the end"),
    ],
)
def test_labels_use_the_names_printed_on_the_cards(action: object, words: str) -> None:
    label = GAME.describe_action(action)  # type: ignore[arg-type]
    assert words in label and "item" not in label


def test_planning_costs_come_with_the_observation() -> None:
    """Rulebook 003 §If the chosen card is a Lair Upgrade: 2 per row moved (Polar Base);
    §Secrets and Budget: a Secret earns its 'now' value when drawn."""
    state = table(["secret2", "wall", "gadget"], ["R2", "B4", "R3"])
    state.apply(0, TakeCards((0, 1, 2)))
    state.apply(1, TakeCards((0,)))
    costs = {
        (c["action"]["row"], c["action"]["col"]): c
        for c in state.observation(0)["costs"]
        if c["action"]["type"] == "place_upgrade"
    }
    assert costs[(2, 1)] == {"action": PlaceUpgrade(2, 1).to_json(), "cost": 0, "earn": 3}
    assert costs[(4, 5)]["cost"] == 4
    assert state.observation(1)["costs"][0]["action"]["type"] == "place_upgrade"
    assert state.observation(None)["costs"] == []
    state.apply(0, PlaceUpgrade(2, 2))
    walls = [c for c in state.observation(0)["costs"] if c["action"]["type"] == "place_wall"]
    assert {"action": PlaceWall(1, 4, "south").to_json(), "cost": 0} in walls
    assert {"action": PlaceWall(1, 1, "east").to_json(), "cost": 4} in walls  # column 2 is nearer
    state.apply(0, PlaceWall(1, 4, "south"))
    gadget = [c for c in state.observation(0)["costs"] if c["action"]["type"] == "take_gadget"]
    assert {"action": TakeGadget(3).to_json(), "cost": 0} in gadget
    assert {"action": TakeGadget(2).to_json(), "cost": 2} in gadget


def test_a_card_on_offer_says_what_taking_it_does() -> None:
    state = table(["guard", "stealth", "gadget"], ["B3", "R4", "R2"])
    offers = [c["offer"] for c in state.observation(0)["faceup"]]
    assert offers[0] == "draw Guard in an empty room of column 3 (2 per row or column moved)"
    assert offers[1].startswith("pay 4 for +")
    assert offers[2].startswith(f"take gadget 2, {gadgets()[1].name}, for free")
    take = next(
        c for c in state.observation(0)["costs"] if c["action"] == TakeCards((1,)).to_json()
    )
    assert take["cost"] == take["training_cost"] == 4 and take["bonus_cost"] == 0


def test_exploration_moves_carry_the_room_and_the_price() -> None:
    """Rulebook 003 §Lair Exploration Phase: entering a room costs 1 Movement."""
    state = GAME.new_state(2, {"lair": "superyacht"}, 3)
    assert isinstance(state, SpyWorldState)
    state.sheets[0].stats = [5, 5, 5]
    state.start_exploration()
    moves = [c for c in state.observation(0)["costs"] if c["action"]["type"] == "move"]
    assert moves and all(c["pays"][0] >= 1 and len(c["to"]) == 2 for c in moves)
    north = next(c for c in moves if c["action"]["direction"] == "north")
    assert north["to"] == [4, 3]


def test_view_assets_explain_the_board_and_the_cards() -> None:
    assets = GAME.view_assets(2, {"lair": "polar_base", "gadgets": "NNENN"})
    assert assets["start"] == [5, 3] and [4, 3] in assets["entryway"]
    assert (
        assets["gadgets"][2]["side"] == "expert" and assets["gadgets"][3]["name"] == "Laser Drill"
    )
    some = missions()[0]
    assert assets["missions"][some.id]["requires"].startswith("at least")
    third = lairs()["polar_base"].secrets["secret3"]
    assert assets["secrets"]["secret3"] == {"now": third.now, "end": third.end}


def test_a_round_paid_secret_first_says_so() -> None:
    """Rulebook 003 §Secrets and Budget: the Secret's money pays the Training taken with it,
    so the log tells the order the cards are placed in."""
    state = table(["movement", "secret1", "wall"], ["R3", "R1", "R1"], budget=2)
    events = state.apply(0, TakeCards((0, 1)))
    events += state.apply(1, Pass())
    took = next(e for e in events if e.kind == "took" and e.data["seat"] == 0)
    text = str(GAME.describe_event(took, 1))
    assert readable(text)
    assert "in the order card 2 then card 1" in text


# -- in the players' languages (issue 16) ------------------------------------------------

LANGS = ("fr", "de", "it")
#: The Agents keep their printed names in every language ("Doc" is no English left over).
AGENT_NAMES = re.compile("|".join(rf"\b{re.escape(a.name)}\b" for a in agents()))


def english_in(text: str, lang: str) -> set[str]:
    return english_left(AGENT_NAMES.sub(" ", text), lang)


@cache
def seeded_tables() -> tuple[SpyWorldState, ...]:
    """A seeded three-seat game (lenient, so take-backs happen) with its table kept every
    few decisions, through planning, the missions, the exploration and the final score."""
    state = GAME.new_state(3, {"lair": "polar_base", "lenient": True}, 0)
    assert isinstance(state, SpyWorldState)
    seated = [make_bot(GAME, ("heuristic", "random")[s % 2], s) for s in range(3)]
    views = [SeatView(state, s) for s in range(3)]
    kept: list[SpyWorldState] = []
    decisions = 0
    while not state.is_over():
        for seat in state.acting_players():
            if state.is_over() or seat not in state.acting_players():
                continue
            state.apply(seat, seated[seat].choose(views[seat]))
            decisions += 1
            if decisions % 7 == 0:
                kept.append(state.clone())
    kept.append(state)
    return tuple(kept)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_reads_in_the_players_language(lang: str) -> None:
    """Given every event of the seeded games, when each seat and a spectator read the log in
    ``lang``, then every line is filled in and holds no English word of the catalogue."""
    words = game_text(GAME, translator(lang))
    described: set[str] = set()
    for players, event in played_events():
        for viewer in [None, *range(players)]:
            if not event.visible_to(viewer):
                continue
            line = words.event(event, viewer)
            if line is None:
                continue
            assert "{" not in line and line[0].isupper(), (event, line)
            assert english_in(line, lang) == set(), (event, line)
            described.add(event.kind)
    assert described == EVENT_KINDS


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_and_the_menus_read_in_the_players_language(lang: str) -> None:
    """Given a seeded table at every stage, when each seat and a spectator look at it and at
    their menus in ``lang``, then no English word of the catalogue is left."""
    words = game_text(GAME, translator(lang))
    phases = set()
    for state in seeded_tables():
        phases.add(state.phase)
        for viewer in (None, 0, 1, 2):
            view = str(words.view(state.observation(viewer)))
            assert "{" not in view and english_in(view, lang) == set(), view
        for seat in state.acting_players():
            for label, _ in words.action_groups(state.legal_actions(seat)):
                assert english_in(label, lang) == set(), label
            for action in state.legal_actions(seat):
                label = words.action(action)
                assert english_in(label, lang) == set(), label
    assert {"choose", "resolve", "explore", "over"} <= phases


def test_the_french_table_speaks_the_printed_scoring_sheet() -> None:
    """The scoring sheet of the printed material is French: Piégeur, Explorateur, Brutal,
    Fan de gadgets, Budget non dépensé, Secrets conservés; the Agent 42 card says Gardien."""
    fr = translator("fr")
    labels = [label for _, label, _ in final_parts(fr)]
    assert labels[:3] == ["Secrets conservés", "Secrets volés", "Budget non dépensé"]
    assert {"Piégeur", "Explorateur", "Brutal", "Fan de gadgets"} <= set(labels)
    agent_42 = next(a for a in agents() if a.id == "agent_42")
    assert "neutraliser un Gardien sans perdre de points de Combat" in agent_summary(agent_42, fr)
    final = seeded_tables()[-1]
    view = str(game_text(GAME, fr).view(final.observation(1)))
    assert "Votre repaire" in view and "Scores finaux" in view and "joueur 1 :" in view


def test_one_table_may_mix_languages() -> None:
    """Rulebook 003 §Planning Phase: the same round, told in German to one seat and in
    Italian to the other, each in its own person."""
    state = table(["secret1", "wall", "movement"], ["R1", "R2", "R3"])
    events = state.apply(0, TakeCards((1,)))
    events += state.apply(1, Pass())
    german = [game_text(GAME, translator("de")).event(e, 0) for e in events if e.visible_to(0)]
    italian = [game_text(GAME, translator("it")).event(e, 1) for e in events if e.visible_to(1)]
    assert "Du nimmst Karte 2 (Mauer)" in german
    assert "Giocatore 1 prende la carta 2 (Muro)" in italian
    assert "Passi e guadagni 1" in italian


@pytest.mark.parametrize("lang", LANGS)
def test_engine_errors_come_in_the_players_language_with_their_rule(lang: str) -> None:
    """Rulebook 003 §If the chosen card is a Wall, §If the chosen card is a Gadget, §Missions,
    §Lair Exploration Phase: each refusal is a catalogue message with its rule."""
    tr = translator(lang)
    planning = table(["secret1", "wall", "movement"], ["R1", "R2", "R3"])
    refusals = [
        planning.explain_illegal(0, action)
        for action in (PlaceWall(5, 3, "north"), TakeGadget(9), ClaimMission(0, "money"))
    ]
    exploring = GAME.new_state(2, {"lair": "superyacht"}, 3)
    assert isinstance(exploring, SpyWorldState)
    exploring.sheets[0].stats = [5, 5, 5]
    exploring.start_exploration()
    refusals += [
        exploring.explain_illegal(0, action) for action in (Move("south"), Boost(3, "combat"))
    ]
    for error in refusals:
        assert isinstance(error, IllegalAction) and error.template is not None
        text = error_text(error, tr)
        assert "§" in text and "{" not in text, text
        assert english_left(text, lang) == set(), text
    german = error_text(exploring.explain_illegal(0, Move("south")), translator("de"))
    assert german == (
        "in dieser Richtung gibt es keinen Raum "
        "(Spielregel 003 §Lair Exploration Phase (Erkundungsphase))"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_options_in_play_are_named_in_the_players_language(lang: str) -> None:
    words = game_text(GAME, translator(lang))
    options = GAME.resolve_options({"lenient": True, "gadgets": "expert"})
    lines = words.options({k: v for k, v in options.items() if k != "rules"})
    assert len(lines) == 5
    for line in lines:
        assert english_left(line, lang) == set(), line


def test_every_name_and_text_of_the_data_files_is_a_catalogue_message() -> None:
    """The cards, gadgets, missions, lairs, Agents' powers and ranks of ``data/`` are ours to
    translate (the Agents' names are printed proper names and stay)."""
    rules = sheet()
    names = {g.name for g in gadgets()} | {m.name for m in missions()}
    names |= {side.text for g in gadgets() for side in (g.normal, g.expert)}
    names |= {a.text for a in agents()}
    names |= {b.name for b in lairs().values()} | {b.special for b in lairs().values()}
    names |= {title for _, title in rules.ranks} | {rules.rank_below_table}
    assert names <= set(DATA_TEXTS)
    assert dict(CARD_NAMES) == dict(NAMES)
    french = {entry.id for entry in catalogue("fr") if entry.string}
    assert set(DATA_TEXTS) | set(CARD_NAMES.values()) <= french


def test_every_rule_citation_is_a_catalogue_message() -> None:
    citations = {
        value
        for module in (spyworld_state, exploring)
        for name, value in vars(module).items()
        if name.startswith("RULE_") and isinstance(value, str)
    }
    assert citations and citations <= set(RULE_CITATIONS)


def _from_json(message: Any) -> Any:
    """A message as the observation carries it ([template, params]) back to a tuple."""
    if not isinstance(message, list):
        return message
    template, params = message
    return (template, {k: _from_json(v) for k, v in params.items()})


@pytest.mark.parametrize("lang", LANGS)
def test_the_cards_on_offer_come_as_messages_each_reader_fills_in(lang: str) -> None:
    """Given the cards on offer at every stage of the seeded tables, then each carries its
    offer as a message (for the browser, which fills it in in the page's language): in
    English it is the offer's text, and in ``lang`` it is the terminal's words, with no
    English word of the catalogue."""
    tr = translator(lang)
    words = game_text(GAME, tr)
    seen = 0
    for state in seeded_tables():
        assert isinstance(state, SpyWorldState)
        for slot, card in enumerate(state.observation(0)["faceup"]):
            message = _from_json(card["offer_message"])
            assert filled_message(message, ENGLISH) == card["offer"]
            text = filled_message(message, tr)
            back = state.top_back(slot)
            assert text == words.offer(cards()[state.faceup[slot]], back, state.board)  # type: ignore[attr-defined]
            assert "{" not in text and english_in(text, lang) == set(), text
            seen += 1
    assert seen


@pytest.mark.parametrize("lang", LANGS)
def test_view_assets_speak_the_readers_language(lang: str) -> None:
    """Given the view's assets for a reader of ``lang``, then the missions' requirements, the
    score sheet's reasons and the rank table are sentences in that language."""
    tr = translator(lang)
    assets = GAME.view_assets(2, {"lair": "polar_base"}, tr)
    english = GAME.view_assets(2, {"lair": "polar_base"})
    texts = [m["requires"] for m in assets["missions"].values()]
    texts += [why for _, _, why in assets["final_parts"] if why]
    texts.append(assets["rank_table"])
    for text in texts:
        assert english_in(text, lang) == set(), text
    assert assets["rank_table"] != english["rank_table"]
    assert assets["grid"] == english["grid"] and assets["names"] == english["names"]


def test_the_terminal_menu_gives_each_moves_price_as_the_board_does() -> None:
    """Rulebook 003 (Planning: a card drawn off its deck's line costs money; Exploration:
    every room costs Movement, a Shark Pool Stealth too): each terminal menu entry carries
    the price the observation's ``costs`` give, as the browser shows it on the lair."""
    from topsecret.games.spyworld.actions import Move as MoveTo
    from topsecret.games.spyworld.actions import PlaceUpgrade as Place
    from topsecret.i18n import game_text, translator

    far, near = Place(1, 5), Place(1, 2)
    north = MoveTo("north")
    split = MoveTo("north", stealth=3)
    observation = {
        "costs": [
            {"action": far.to_json(), "cost": 6, "earn": 0},
            {"action": near.to_json(), "cost": 0, "earn": 10},
            {"action": north.to_json(), "to": [2, 1], "pays": [7, 0, 0]},
            {"action": split.to_json(), "to": [2, 1], "pays": [4, 3, 0]},
        ]
    }
    words = game_text(GAME, translator("en"))
    assert words.menu_note([far], observation) == "(costs 6)"
    assert words.menu_note([near], observation) == "(earns 10)"
    assert words.menu_note([far, near], observation) == "(from 0)"
    assert words.menu_note([north], observation) == "(costs 7 Movement)"
    assert words.menu_note([split], observation) == "(costs 4 Movement, 3 Stealth)"
    assert words.menu_note([MoveTo("south")], observation) is None
    french = game_text(GAME, translator("fr")).menu_note([split], observation)
    assert french is not None and french.startswith("(coûte 4 ")
