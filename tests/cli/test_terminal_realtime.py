"""The winking game in the terminal (docs/games/wink.md, "Playing it"): a virtual clock that
waits for the person, ticks of 0.25 s, "wait" last on the menu, and a log that replays."""

from __future__ import annotations

import io
import itertools
import random
import re
import subprocess
from typing import Any

import pytest
from rich.console import Console

from topsecret import terminal
from topsecret.core import Action, State, replay
from topsecret.games import get_game

from .commands import run


def play(*args: str, input_text: str) -> subprocess.CompletedProcess[str]:
    return run("play", *args, input_text=input_text)


def shown_times(output: str) -> list[float]:
    return [float(t) for t in re.findall(r"the winking game - time ([\d.]+) s", output)]


def test_a_person_who_only_waits_sees_the_clock_run_a_second_at_most_each_time() -> None:
    # Seat 1 holds the suitcase first: draw (menu entry 4 there), then only empty lines.
    result = play("wink", "-p", "4", "--seed", "3", input_text="4\n" + "\n" * 30)
    assert result.returncode == 0, result.stderr
    assert "Wait (the clock runs until something happens, one second at most)" in result.stdout
    times = shown_times(result.stdout)
    assert len(times) == 32  # the table is shown again at every prompt
    steps = [later - earlier for earlier, later in itertools.pairwise(times)]
    # The draw takes one tick; each wait lets the clock run one second at most, and the
    # table comes back sooner when something the person can see happens.
    assert steps[0] == pytest.approx(terminal.TICK_SECONDS, abs=0.051)  # shown to 0.1 s
    assert all(0 < step <= 1.05 for step in steps)
    assert any(step < 1.0 for step in steps[1:]) and times[-1] > 10
    assert "You left the table" in result.stdout


def test_an_empty_line_at_a_turn_based_menu_asks_again() -> None:
    """Only a real-time menu has a "wait": at the vault an empty line is not a move."""
    result = play("vault", "-p", "2", "--seed", "1", input_text="\n1\nq\n")
    assert result.returncode == 0, result.stderr
    assert "Please type a number from 1 to" in result.stdout
    assert "Wait (the clock" not in result.stdout


@pytest.mark.parametrize("seed", [3, 11])
def test_a_person_who_acts_and_waits_plays_the_winking_game_to_its_end_and_the_log_replays(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    chooser = random.Random(seed)

    def person(console: Console, game: Any, state: State, seat: int, tr: Any) -> Action | None:
        return None if chooser.random() < 0.5 else chooser.choice(state.legal_actions(seat))

    monkeypatch.setattr(terminal, "ask_action_or_wait", person)
    wink = get_game("wink")
    screen = io.StringIO()
    log = terminal.play_in_terminal(
        wink, 4, 0, ["heuristic"] * 4, seed, {}, Console(file=screen, width=100)
    )
    assert log.scores is not None and len(log.scores) == 4
    times = [entry.time for entry in log.actions]
    assert all(time is not None for time in times)
    assert times == sorted(times)  # a clock that only moves on
    assert {entry.seat for entry in log.actions} == {0, 1, 2, 3}
    assert replay(wink, log).scores() == log.scores
