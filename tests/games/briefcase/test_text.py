"""The briefcase game for people: map, table talk, menus and a whole game in the terminal, in
each player's language (issue 16). Seats are shown counted from 1."""

from __future__ import annotations

import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from tests.i18n.words import english_left
from topsecret.core import Event, IllegalAction, ReplayLog, Rng
from topsecret.games.briefcase import GAME, rules
from topsecret.games.briefcase.actions import (
    BurnAgent,
    Challenge,
    MoveAgent,
    PayAgent,
    PayNobody,
    PaySolomon,
)
from topsecret.games.briefcase.state import BriefcaseState
from topsecret.games.briefcase.text import RULE_CITATIONS
from topsecret.i18n import error_text, game_text, translator

from .helpers import act, act_all, seed_rolling, table


def test_the_map_fits_in_eighty_columns_and_shows_what_is_where() -> None:
    state = table(3, agents={"Tempest": "Vienna"})
    text = GAME.render_text(state.observation(1))
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert "LONDON" in text and "STOCKHOLM" in text and "Vienna*" in text
    vienna_row = next(i for i, line in enumerate(lines) if "Vienna*" in line)
    assert "T#" in lines[vienna_row + 1]
    assert "  Vienna*: Milan, Munich, Prague, Zagreb" in lines
    assert "Behind your shield: reserve 30" in text


@pytest.mark.parametrize(
    ("lang", "face", "shown"),
    [
        ("en", "solomon", "(last roll: Dr. Solomon)"),
        ("en", "blank", "(last roll: blank)"),
        ("de", "blank", "(letzter Wurf: leere Seite)"),
        ("fr", "solomon", "Dr. Solomon"),
    ],
)
def test_the_terminal_names_the_dies_last_face_as_the_web_table_does(
    lang: str, face: str, shown: str
) -> None:
    """Rulebook 004 §Dr. Solomon: the die shows Dr. Solomon or a blank side; the table's
    header names the face in the reader's words, never its identifier ('solomon')."""
    state = table(3)
    state.last_roll = face
    view = game_text(GAME, translator(lang)).view(state.observation(1))
    assert shown in view and "solomon)" not in view


def test_table_talk_never_tells_others_whom_you_paid() -> None:
    state = table(2, agents={"Tempest": "Vienna"})
    events = act(state, PayAgent("Tempest", 4))
    mine = [GAME.describe_event(e, 0) for e in events if e.visible_to(0)]
    theirs = [GAME.describe_event(e, 1) for e in events if e.visible_to(1)]
    assert 'You: "I am making a payoff"' in mine and "(you paid 4 to Tempest)" in mine
    assert 'seat 1: "I am making a payoff"' in theirs
    assert not any("Tempest" in line for line in theirs if line)


def test_table_talk_of_a_challenge() -> None:
    state = table(2, payoffs={1: {"Tempest": 2}})
    events = act(state, MoveAgent("Tempest", "Milan"))
    events += act_all(state, [Challenge(2)])
    talk = [GAME.describe_event(e, 1) for e in events]
    assert talk == ['seat 1: "Tempest to Milan"', "You challenge: 2"]


def test_menus_gather_amounts_under_one_heading() -> None:
    state = table(2, payoffs={0: {"Tempest": 5}}, agents={"Tempest": "Vienna"})
    groups = dict(GAME.action_groups(state.legal_actions(0)))
    assert len(groups["Pay off Tempest (1-25)"]) == 25
    assert groups["Pay off Dr. Solomon with 1 sovereign"] == [PaySolomon()]
    assert groups["Make a payoff to no one"] == [PayNobody()]
    assert groups["Tempest to Prague"] == [MoveAgent("Tempest", "Prague")]
    assert sum(len(actions) for actions in groups.values()) == len(state.legal_actions(0))


def test_every_event_of_a_game_reads_as_a_sentence() -> None:
    state = GAME.new_state(3, seed=4)
    rng = Rng(4)
    while not state.is_over():
        seat = state.acting_players()[0]
        for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
            for viewer in (None, 0, 1, 2):
                if event.visible_to(viewer):
                    line = GAME.describe_event(event, viewer)
                    assert line is None or (line and "{" not in line and "=" not in line)


def test_a_person_can_play_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    log_path = tmp_path / "game.json"
    typed = "nonsense\n0\n" + "1\n" * 800
    command = ["play", "briefcase", "-p", "2", "--seed", "5", "--save-log", str(log_path)]
    result = subprocess.run(
        [sys.executable, "-m", "topsecret.cli", *command],
        capture_output=True,
        text=True,
        input=typed,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "Please type a number" in result.stdout
    assert "Game over" in result.stdout
    log = ReplayLog.load(log_path)
    assert log.scores is not None and log.bots == ["you", "heuristic"]


def test_a_seat_that_stops_raising_goes_no_higher_in_plain_english() -> None:
    """Rulebook 004 §Challenges: a player may stop raising; the table hears it said so."""
    concede = Event("concede", {"seat": 1})
    assert GAME.describe_event(concede, 0) == "seat 2 goes no higher"
    assert GAME.describe_event(concede, 1) == "You go no higher"
    passing = Event("pass", {"seat": 1})
    assert GAME.describe_event(passing, 0) == "seat 2 passes"


LANGS = ("fr", "de", "it")


@cache
def random_game() -> tuple[list[Event], list[BriefcaseState]]:
    """A seeded three-seat game of random moves (challenges, burns and powers happen), with
    the table kept every 20 moves."""
    state = GAME.new_state(3, seed=4)
    assert isinstance(state, BriefcaseState)
    rng = Rng(4)
    events: list[Event] = []
    kept: list[BriefcaseState] = []
    while not state.is_over():
        seat = state.acting_players()[0]
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
        if len(events) % 20 == 0:
            kept.append(state.clone())
    kept.append(state)
    return events, kept


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_and_view_of_a_game_reads_in_the_players_language(lang: str) -> None:
    """Given a whole game, when each event is told to each seat that sees it in ``lang`` and
    each seat looks at the table, then no English word of the catalogue is left."""
    words = game_text(GAME, translator(lang))
    events, states = random_game()
    for event in events:
        for viewer in (None, 0, 1, 2):
            if event.visible_to(viewer):
                line = words.event(event, viewer)
                if line is not None:
                    assert "{" not in line and english_left(line, lang) == set(), (event, line)
    for state in states:
        for viewer in (None, 0, 1, 2):
            view = str(words.view(state.observation(viewer)))
            assert english_left(view, lang) == set(), view
            for label, _ in words.action_groups(state.legal_actions(viewer or 0)):
                assert english_left(label, lang) == set(), label


def test_the_map_view_in_french_keeps_the_cities_and_translates_the_legend() -> None:
    state = table(3, agents={"Tempest": "Vienna"})
    text = str(game_text(GAME, translator("fr")).view(state.observation(1)))
    assert "Vienna*" in text and "LONDON" in text
    assert "# mallette" in text and "Derrière votre paravent : réserve 30" in text


def test_a_challenge_is_told_in_german_to_one_seat_and_in_italian_to_another() -> None:
    """Rulebook 004 §Challenges, one table mixing languages."""
    state = table(2, payoffs={1: {"Tempest": 2}})
    events = act(state, MoveAgent("Tempest", "Milan"))
    events += act_all(state, [Challenge(2)])
    de = [game_text(GAME, translator("de")).event(e, 1) for e in events]
    it = [game_text(GAME, translator("it")).event(e, 0) for e in events if e.visible_to(0)]
    assert de == ["Spieler 1: „Tempest nach Milan“", "Du fichst an: 2"]
    assert it[-1] == "giocatore 2 sfida: 2"


@pytest.mark.parametrize("lang", LANGS)
def test_engine_errors_come_in_the_players_language_with_their_rule(lang: str) -> None:
    """Rulebook 004 §Move An Agent, §Make a Payoff, §Burn an agent: each refusal is a
    catalogue message with its rule."""
    state = table(2, agents={"Tempest": "Vienna"})
    tr = translator(lang)
    for action in (
        MoveAgent("Tempest", "London"),
        PayAgent("Tempest", 99),
        PayAgent("Zorro", 1),
        BurnAgent("Tempest", "Spyglass"),
        Challenge(3),
    ):
        error = state.explain_illegal(0, action)
        assert isinstance(error, IllegalAction) and error.template is not None
        text = error_text(error, tr)
        assert "§" in text and "{" not in text, text
        assert english_left(text, lang) == set(), text
    german = error_text(state.explain_illegal(0, PayAgent("Tempest", 99)), translator("de"))
    assert german == (
        "zahle zwischen 1 und deinem Vorrat von 30 (Spielregel 004 §Make a Payoff (bestechen))"
    )


def test_every_rule_citation_is_a_catalogue_message() -> None:
    citations = {
        value
        for name, value in vars(rules).items()
        if name.isupper()
        and name != "RULEBOOK"
        and isinstance(value, str)
        and value.startswith(("Rulebook", "project"))
    }
    citations.add(f"{rules.DESIGN} §Powers")
    assert citations <= set(RULE_CITATIONS)


def finished_by_solomon() -> BriefcaseState:
    """A three-seat game that Dr. Solomon's roll ends: seat 2 paid him most."""
    state = table(
        3,
        track=0,
        seed=seed_rolling("solomon"),
        payoffs={
            0: {"Dr. Solomon": 2, "Tempest": 4, "Beacon": 1},
            1: {"Dr. Solomon": 3},
            2: {"Dr. Solomon": 1},
        },
    )
    act_all(state, [PayNobody(), PayNobody(), PayNobody()])
    assert state.is_over()
    return state


def test_the_finished_view_lifts_every_shield_as_the_rulebook_does() -> None:
    """Rulebook 004 §End of the Game: when Dr. Solomon is rolled every player lifts the
    shield. Given a game his roll ended, when seat 2 looks at the table, then below the
    winners it shows each seat's payoff to Dr. Solomon, reserve, starting token and payoffs
    to the agents."""
    lines = GAME.render_text(finished_by_solomon().observation(1)).splitlines()
    end = lines.index("Game over (Dr. Solomon); winners: seat 2 (you)")
    assert lines[end + 1 :] == [
        "Behind every shield",
        "  seat 1: Dr. Solomon 2; reserve 23; starting token Magician",
        "    paid to the agents: Beacon 1, Tempest 4",
        "  seat 2 (you): Dr. Solomon 3; reserve 27; starting token Tempest",
        "    paid to the agents: nothing",
        "  seat 3: Dr. Solomon 1; reserve 29; starting token Spyglass",
        "    paid to the agents: nothing",
    ]


def test_a_spectator_sees_the_lifted_shields_too_in_the_readers_language() -> None:
    """Given the same finished game, when a spectator reads it in French, then every seat's
    shield is shown there as well."""
    view = str(game_text(GAME, translator("fr")).view(finished_by_solomon().observation(None)))
    assert "Derrière chaque paravent" in view.splitlines()
    assert "  joueur 2 : Dr. Solomon 3 ; réserve 27 ; jeton de départ Tempest" in view.splitlines()
    assert "    versé aux agents : Beacon 1, Tempest 4" in view.splitlines()


def test_no_shield_is_lifted_before_the_end() -> None:
    """Given a game under way, when seat 1 looks at the table, then only its own shield is
    described and no other seat's payoffs are shown."""
    text = GAME.render_text(table(3, payoffs={1: {"Tempest": 4}}).observation(0))
    assert "Behind every shield" not in text and "paid to the agents" not in text
    assert "Tempest 4" not in text


def test_nobody_is_to_play_once_the_game_is_over() -> None:
    """Given a finished game, when any seat or a spectator looks at the table, then no seat
    is marked "to play"."""
    state = finished_by_solomon()
    for viewer in (None, 0, 1, 2):
        assert "to play" not in GAME.render_text(state.observation(viewer))


def test_the_seat_to_play_is_marked_while_the_game_goes_on() -> None:
    """Given a game under way with seat 1 to play, when seat 2 looks, then seat 1's line
    says so."""
    lines = GAME.render_text(table(3).observation(1)).splitlines()
    assert "seat 1: HQ London; 0 payoffs; to play" in lines


def test_at_setup_the_seats_still_choosing_are_the_ones_to_play() -> None:
    """Rulebook 004 §Setup: everyone secretly puts two sovereigns down at once, so the table
    marks "to play" on the seats that have not chosen yet, not on the first player."""
    state = GAME.new_state(3, None, seed=2)
    chooser = state.acting_players()[0]
    state.apply(chooser, state.legal_actions(chooser)[0])
    view = game_text(GAME, translator("en")).view(state.observation(chooser))
    rows = {
        seat: line
        for seat in range(3)
        for line in view.splitlines()
        if f"seat {seat + 1}" in line and "HQ" in line
    }
    assert "to play" not in rows[chooser]
    assert all("to play" in rows[seat] for seat in range(3) if seat != chooser), rows
