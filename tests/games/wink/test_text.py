"""The winking game in each player's language (issue 16): every sentence of a whole game,
the table view, the options and the engine's errors go through the catalogues, and the
game's words are the rulebook's (Rulebook 001 is printed in German, French and Italian)."""

from __future__ import annotations

import inspect
import re
from functools import cache

import pytest

from tests.i18n.words import english_left
from topsecret.arena import play_match
from topsecret.core import Event, IllegalAction
from topsecret.games.wink import GAME, WinkState
from topsecret.games.wink import state as wink_state
from topsecret.games.wink.actions import (
    Accuse,
    CompleteMission,
    Draw,
    Glance,
    Look,
    LookAtLocation,
    Pass,
    Wink,
    action_space,
)
from topsecret.games.wink.components import standard_components
from topsecret.games.wink.text import COLOURS, END_REASONS, LOCATION_NAMES, SIGNAL_NAMES
from topsecret.i18n import error_text, game_text, translator
from topsecret.i18n.catalogues import catalogue

from .tables import JAN, JULIA, MARIE, TOM, table

LANGS = ("fr", "de", "it")
LOCATIONS = standard_components().location_ids


@cache
def whole_game() -> tuple[list[Event], list[WinkState]]:
    """A seeded five-seat game with heuristic bots and one random one (missions, catches,
    winks, glances and timeouts all happen), replayed event by event."""
    result = play_match(
        GAME, 5, ["heuristic"] * 4 + ["random"], seed=4, options={"turn_seconds": 3}
    )
    state = GAME.new_state(5, {"turn_seconds": 3}, seed=4)
    assert isinstance(state, WinkState)
    codec = GAME.codec(5)
    events: list[Event] = []
    views: list[WinkState] = []
    for number, entry in enumerate(result.log.actions):
        assert entry.time is not None
        events += state.advance_time(entry.time)
        events += state.apply(entry.seat, codec.from_json(entry.action))
        if number % 50 == 0:
            views.append(state.clone())
    views.append(state)
    return events, views


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_of_a_whole_game_reads_in_the_players_language(lang: str) -> None:
    """Given a whole game, when each event is told to each seat that sees it (and to a
    spectator) in ``lang``, then it is a sentence with no English word of the catalogue."""
    events, _ = whole_game()
    words = game_text(GAME, translator(lang))
    kinds = set()
    for event in events:
        for seat in (None, *range(5)):
            if not event.visible_to(seat):
                continue
            line = words.event(event, seat)
            if line is None:
                continue
            kinds.add(event.kind)
            assert "{" not in line, (event, line)
            assert english_left(line, lang) == set(), (event, line)
    assert {"mission", "accusation", "saw_signal", "my_signal", "gaze", "game_over"} <= kinds


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_view_and_every_action_label_are_in_the_players_language(lang: str) -> None:
    _, states = whole_game()
    words = game_text(GAME, translator(lang))
    for state in states:
        for seat in (None, *range(5)):
            view = str(words.view(state.observation(seat)))
            assert english_left(view, lang) == set(), view
    for action in action_space(5, LOCATIONS):
        label = words.action(action)
        assert english_left(label, lang) == set(), label
    chosen = GAME.resolve_options({"signal": "nod", "first_game": True})
    # The rules version every table carries is shown by the terminal itself, not the game.
    options = words.options({k: v for k, v in chosen.items() if k != "rules"})
    assert english_left(" ".join(options), lang) == set(), options


def julia_and_jan_eye_to_eye() -> WinkState:
    """Rulebook 001 §Ertappt!, Beispiel: Julia and Jan look at each other (Jan is Julia's
    contact), at 3 s; Marie, looking at nobody, may still call a wink out."""
    return table(
        agents=[JAN, TOM, JULIA, JULIA],
        locations=["fountain", "kiosk", "kiosk", "kiosk"],
        gaze=[JAN, JULIA, None, None],
        now=3.0,
    )


def test_catching_a_wink_is_called_with_the_rulebooks_words() -> None:
    """Rulebook 001 §Ertappt!: "Ertappt!", in French "Surpris !", in Italian "Scoperto!"
    (the observation chips are "Beobachtungschips", "jetons observation", "binocoli")."""
    state = julia_and_jan_eye_to_eye()
    events = state.apply(MARIE, Accuse(JULIA, JAN))
    caught = next(e for e in events if e.kind == "accusation")
    calls = {"de": "„Ertappt! ", "fr": "« Surpris ! ", "it": "«Scoperto! "}
    for lang, call in calls.items():
        line = game_text(GAME, translator(lang)).event(caught, TOM)
        # The accuser's call, quoted: a wrong accusation must not read as a catch.
        assert line is not None and call in line, line
        assert not line.startswith(("Ertappt", "Surpris", "Scoperto")), line
    assert game_text(GAME, translator("de")).action(Accuse(JULIA, JAN)) == (
        "Ertappt! Spieler 1 hat Spieler 2 zugezwinkert"
    )
    chips = {"de": "Beobachtungschips", "fr": "jetons observation", "it": "binocoli"}
    for lang, word in chips.items():
        assert word in str(game_text(GAME, translator(lang)).view(state.observation(MARIE)))


def test_a_wrong_accusation_reads_as_a_call_the_card_proved_wrong() -> None:
    """Rulebook 001 §Ertappt!: the accuser calls "Caught!"; the revealed card decides. The
    log quotes the call and gives the verdict, so a wrong one is not logged as a catch."""
    state = julia_and_jan_eye_to_eye()
    events = state.apply(MARIE, Accuse(JULIA, TOM))
    called = next(e for e in events if e.kind == "accusation")
    line = game_text(GAME, translator("en")).event(called, TOM)
    assert line is not None
    assert line.startswith("seat 4 called “Caught! seat 1 winked at seat 3 (you)”. Revealed: ")
    assert line.endswith("; the accusation was wrong")


def test_the_cards_and_places_carry_the_rulebooks_names() -> None:
    """Rulebook 001 §Übersicht: an agent card and a location card; the fountain is the
    rulebook's own location (Springbrunnen, fontaine, fontana)."""
    state = julia_and_jan_eye_to_eye()
    de = str(game_text(GAME, translator("de")).view(state.observation(JULIA)))
    assert "Deine Agentenkarte: Absinthe (grün); deine Ortskarte: Springbrunnen" in de
    fr = game_text(GAME, translator("fr"))
    assert (
        fr.action(CompleteMission("fountain")) == "terminer la mission, rendez-vous : la fontaine"
    )
    it = game_text(GAME, translator("it"))
    assert it.action(LookAtLocation("fountain")) == "guardare verso la fontana"
    assert it.action(Draw()) == "pescare una carta agente e una carta luogo"


def test_seats_are_counted_from_one_and_the_viewer_is_marked() -> None:
    state = julia_and_jan_eye_to_eye()
    state.apply(JULIA, Wink())
    fr = str(game_text(GAME, translator("fr")).view(state.observation(JAN)))
    assert "3.0 s : joueur 1 a fait un clin d'œil en regardant joueur 2 (vous)" in fr
    assert GAME.describe_action(Look(0)) == "look at seat 1"


def test_one_table_may_mix_languages() -> None:
    """One event, told to a French seat and an Italian seat, reads in each one's language."""
    state = julia_and_jan_eye_to_eye()
    events = state.apply(JULIA, Wink())
    seen = next(e for e in events if e.kind == "saw_signal" and e.visible_to(JAN))
    assert game_text(GAME, translator("fr")).event(seen, JAN) == (
        "joueur 1 a fait un clin d'œil en regardant joueur 2 (vous)"
    )
    assert game_text(GAME, translator("it")).event(seen, JAN) == (
        "giocatore 1 ha fatto l'occhiolino guardando giocatore 2 (tu)"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_engine_errors_come_in_the_players_language_with_their_rule(lang: str) -> None:
    """Every refusal the engine gives at a table (Rulebook 001 §Mission abschließen, §Ertappt!,
    §Ehrenkodex and the project's screen rules) is a catalogue message, with its rule."""
    state = julia_and_jan_eye_to_eye()
    tr = translator(lang)
    tries = [
        (TOM, Pass()),  # not the suitcase holder
        (JULIA, Look(JULIA)),
        (JULIA, LookAtLocation("kiosk")),  # not her own location
        (TOM, Wink()),  # not looking at the agent on his card
        (JULIA, Accuse(JULIA, JAN)),  # one's own wink
        (JULIA, Glance()),
        (JULIA, CompleteMission("nowhere")),
    ]
    for seat, action in tries:
        error = state.explain_illegal(seat, action)
        assert isinstance(error, IllegalAction)
        assert error.template is not None, error
        text = error_text(error, tr)
        assert text != str(error)
        assert "§" in text and "{" not in text, text
        assert english_left(text, lang) == set(), text


def test_an_engine_error_in_german_names_the_observation_chips() -> None:
    state = julia_and_jan_eye_to_eye()
    state.chips[MARIE] = 0
    error = state.explain_illegal(MARIE, Accuse(JULIA, JAN))
    assert error_text(error, translator("de")) == (
        "du hast keine Beobachtungschips mehr (Spielregel 001 §Ertappt! (beim Zwinkern ertappen))"
    )


def test_every_name_in_the_components_file_is_a_catalogue_message() -> None:
    """The data file's names (locations, colours, signals) are marked in text.py, and every
    language translates them."""
    comps = standard_components()
    assert {loc.name for loc in comps.locations} <= set(LOCATION_NAMES)
    assert {agent.colour for agent in comps.agents} <= set(COLOURS)
    assert {signal.name for signal in comps.signals} <= set(SIGNAL_NAMES)
    for lang in LANGS:
        ours = catalogue(lang)
        for name in (*LOCATION_NAMES, *COLOURS, *SIGNAL_NAMES):
            found = ours.get(name)
            assert found is not None and found.string, (lang, name)


def test_every_way_a_game_ends_has_a_sentence() -> None:
    """Rulebook 001 §Spielende: the reasons the engine gives are catalogue messages."""
    reasons = re.findall(r'self\._end\(\s*"([^"]+)"', inspect.getsource(wink_state))
    assert reasons and set(reasons) <= set(END_REASONS)
    _, states = whole_game()
    assert states[-1].end_reason in END_REASONS


def test_german_glances_go_auf_the_place_as_its_names_are_declined() -> None:
    """The places' German names are written in the accusative ("den Springbrunnen"), so a
    glance goes "auf" the place: "zu den Springbrunnen" was wrong (zu takes the dative)."""
    de = translator("de")
    place = de.gettext("the fountain")
    for message in (
        "{when}: you glanced toward {place} (looking at {target})",
        "{when}: {player} glanced toward {place} (looking at {target})",
    ):
        line = de.gettext(message).format(when="3 s", player="Jan", place=place, target="Tom")
        assert "auf den Springbrunnen geblickt" in line, line


def test_the_end_of_the_game_gives_whole_points() -> None:
    """Rulebook 001 §Spielende: points are whole cards; the closing line says 2, not 2.0."""
    line = game_text(GAME, translator("en")).event(
        Event("game_over", {"reason": "no agent card left", "scores": [2.0, 0.0, 1.0, 3.0]}),
        JULIA,
    )
    assert line is not None
    assert line.endswith("Points: seat 1 (you): 2, seat 2: 0, seat 3: 1, seat 4: 3"), line


@pytest.mark.parametrize(
    ("winners", "ending"), [([3], ". Winner: seat 4"), ([0, 3], ". Winners: seat 1 (you), seat 4")]
)
def test_the_end_of_the_game_names_the_winners(winners: list[int], ending: str) -> None:
    """Rulebook 001 §Spielende: the most points wins. The closing line names the winner (or
    the winners sharing the win) after the points, as the other games' closing lines do."""
    line = game_text(GAME, translator("en")).event(
        Event(
            "game_over",
            {"reason": "no agent card left", "scores": [3.0, 0.0, 1.0, 3.0], "winners": winners},
        ),
        JULIA,
    )
    assert line is not None and line.endswith(ending), line
