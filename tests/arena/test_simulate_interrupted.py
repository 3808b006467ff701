"""A simulation stopped with Ctrl-C reports the games that finished, not nothing."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from topsecret.arena import simulate as simulation
from topsecret.arena import tournament as rounds
from topsecret.games import get_game


def test_given_ctrl_c_during_the_third_game_then_the_report_covers_the_first_two(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played = simulation._play
    calls = []

    def interrupted_at_the_third(job: object, game: object = None) -> object:
        calls.append(job)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return played(job, game)  # type: ignore[arg-type]

    monkeypatch.setattr(simulation, "_play", interrupted_at_the_third)
    args = (get_game("vault"), 3, ["heuristic", "random", "random"], 5, 4, {"single_deal": True})
    report = simulation.simulate(*args, rotate=True)
    assert (report.games, report.planned, report.interrupted) == (2, 5, True)
    assert sum(report.wins) == pytest.approx(2)
    assert sum(report.bot_games.values()) == 2 * 3
    answer = report.to_json()
    assert answer["games"] == 2 and answer["planned_games"] == 5 and answer["interrupted"]
    # The two games are the first two of the whole run, as they would be reported alone.
    monkeypatch.setattr(simulation, "_play", played)
    first_two = simulation.simulate(*args[:3], 2, *args[4:], rotate=True)
    assert (first_two.wins, first_two.mean_scores) == (report.wins, report.mean_scores)


def test_given_ctrl_c_at_a_run_on_two_processes_then_it_stops_at_once_and_reports(
    tmp_path: Path,
) -> None:
    """As a terminal does, the interrupt reaches the run and both its workers: the run
    stops them, prints the table of the games that had finished, says it was interrupted and
    exits with 130, the status of a command stopped by Ctrl-C."""
    logs = tmp_path / "logs"
    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "topsecret.cli",
            "simulate",
            "vault",
            "-p",
            "2",
            # Far more than a loaded machine plays before the interrupt (random vault games
            # took 4 ms each: 5,000 of them once ended before it).
            "-n",
            "100000",
            "--bots",
            "heuristic",
            "-j",
            "2",
            "--save-logs",
            str(logs),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # A shell ignores Ctrl-C for what it runs in the background, and Python then keeps
        # ignoring it: the run gets the terminal's default, whoever started the tests.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 120
        while len(list(logs.glob("*.json"))) < 3:
            assert run.poll() is None, run.communicate()
            assert time.monotonic() < deadline, "no game finished in two minutes"
            time.sleep(0.05)
        time.sleep(0.5)  # the results of those three games reach the run
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130, (out, err)
    assert "Traceback" not in err
    # Each game a worker finished wrote its log; the report has those whose result was in
    # when the run stopped, at least the three seen half a second before.
    said = re.search(r"interrupted after (\d+) of 100000 games", err)
    assert said is not None, err
    reported = int(said.group(1))
    assert 3 <= reported <= len(list(logs.glob("*.json")))
    assert f"vault: {reported} games, seed 0" in out


def test_given_ctrl_c_during_a_tournament_then_its_ratings_cover_the_finished_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played = rounds.play_scheduled
    calls = []

    def interrupted_at_the_fifth(job: rounds._Job) -> rounds.GameRecord:
        calls.append(job)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return played(job)

    monkeypatch.setattr(rounds, "play_scheduled", interrupted_at_the_fifth)
    game = get_game("vault")
    result = rounds.tournament(game, 2, ["random", "heuristic"], 8, 3, {"single_deal": True})
    assert len(result.records) == 4 and len(result.schedule.games) >= 8
    assert result.interrupted
    assert sum(tally.seat_games for tally in result.by_bot.values()) == 4 * 2
    answer = result.to_json()
    assert answer["interrupted"] and answer["games"] == 4
    assert answer["games_scheduled"] == len(result.schedule.games)
