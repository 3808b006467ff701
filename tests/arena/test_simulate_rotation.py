"""Simulations with the line-up rotated, and win rates with Wilson intervals."""

from __future__ import annotations

import pytest

from topsecret.arena.simulate import rotated, simulate
from topsecret.arena.stats import wilson_interval
from topsecret.core import TopSecretError
from topsecret.games import get_game


def test_rotation_gives_every_bot_every_seat_equally_often():
    lineup = ["a", "b", "c"]
    seen = [rotated(lineup, turn) for turn in range(6)]
    for seat in range(3):
        assert sorted(row[seat] for row in seen) == ["a", "a", "b", "b", "c", "c"]
    assert rotated(lineup, 0) == lineup


def test_a_rotated_simulation_counts_wins_per_bot_and_is_repeatable():
    game = get_game("vault")
    args = (game, 3, ["heuristic", "random", "random"], 6, 4, {"single_deal": True})
    report = simulate(*args, rotate=True)
    again = simulate(*args, rotate=True)
    assert report.to_json() == again.to_json()
    rates = report.bot_rates()
    assert rates["heuristic"]["seat_games"] == 6 and rates["random"]["seat_games"] == 12
    assert rates["heuristic"]["wins"] + rates["random"]["wins"] == pytest.approx(6)
    assert (
        rates["heuristic"]["low95"]
        <= rates["heuristic"]["win_rate"]
        <= rates["heuristic"]["high95"]
    )


def test_wilson_interval_matches_the_textbook_and_stays_in_bounds():
    low, high = wilson_interval(60, 100)
    assert (round(low, 3), round(high, 3)) == (0.502, 0.691)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_a_simulation_on_worker_processes_reports_exactly_what_one_process_does():
    game = get_game("briefcase")
    args = (game, 2, ["heuristic", "random"], 6, 9, {})
    alone = simulate(*args, rotate=True)
    shared = simulate(*args, rotate=True, jobs=2)
    assert shared.to_json() == alone.to_json()
    assert shared.bot_rates()["heuristic"]["seat_games"] == 6


def test_a_simulation_refuses_fewer_than_one_worker():
    with pytest.raises(TopSecretError, match="--jobs"):
        simulate(get_game("briefcase"), 2, ["random"], 1, 0, jobs=0)
