"""The briefcase game for people: map, table talk, menus and a whole game in the terminal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from topsecret.core import ReplayLog, Rng
from topsecret.games.briefcase import GAME
from topsecret.games.briefcase.actions import (
    Challenge,
    MoveAgent,
    PayAgent,
    PayNobody,
    PaySolomon,
)

from .helpers import act, act_all, table


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


def test_table_talk_never_tells_others_whom_you_paid() -> None:
    state = table(2, agents={"Tempest": "Vienna"})
    events = act(state, PayAgent("Tempest", 4))
    mine = [GAME.describe_event(e, 0) for e in events if e.visible_to(0)]
    theirs = [GAME.describe_event(e, 1) for e in events if e.visible_to(1)]
    assert 'You: "I am making a payoff"' in mine and "(you paid 4 to Tempest)" in mine
    assert 'Seat 0: "I am making a payoff"' in theirs
    assert not any("Tempest" in line for line in theirs if line)


def test_table_talk_of_a_challenge() -> None:
    state = table(2, payoffs={1: {"Tempest": 2}})
    events = act(state, MoveAgent("Tempest", "Milan"))
    events += act_all(state, [Challenge(2)])
    talk = [GAME.describe_event(e, 1) for e in events]
    assert talk == ['Seat 0: "Tempest to Milan"', "You challenge: 2"]


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
