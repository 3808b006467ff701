"""Tournaments: the schedule, worker-independent results, ratings, the CSV and the report."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from topsecret.arena.tournament import (
    GameRecord,
    build_schedule,
    finishing_order,
    pairings,
    require_analysis,
    tournament,
)
from topsecret.core import TopSecretError
from topsecret.games import get_game

pytest.importorskip("openskill")

SMALL_BOTS = "random,heuristic,ismcts:iterations=3"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "topsecret.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_schedule_covers_every_pairing_with_every_bot_in_every_seat():
    bots = ["a", "b", "c", "d"]
    schedule = build_schedule(bots, 3, 20, seed=5)
    assert schedule.pairings == [("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d"), ("b", "c", "d")]
    # 20 games over 4 pairings of 3 rotations each: rounded up to two full rounds.
    assert schedule.rounds == 2 and len(schedule.games) == 24
    assert [g.index for g in schedule.games] == list(range(24))
    for table in schedule.pairings:
        played = [g.lineup for g in schedule.games if sorted(g.lineup) == list(table)]
        assert len(played) == 6
        for seat in range(3):
            assert Counter(lineup[seat] for lineup in played) == {name: 2 for name in table}


def test_seeds_depend_on_the_run_seed_and_the_place_in_the_schedule_only():
    short = build_schedule(["a", "b"], 2, 2, seed=9).games
    long = build_schedule(["a", "b"], 2, 10, seed=9).games
    assert [g.seed for g in short] == [g.seed for g in long[:2]]
    assert len({g.seed for g in long}) == 10
    assert [g.seed for g in build_schedule(["a", "b"], 2, 2, seed=10).games] != [
        g.seed for g in short
    ]


def test_fewer_bots_than_seats_repeat_bots_but_never_seat_one_bot_alone():
    assert pairings(["a", "b"], 3) == [("a", "a", "b"), ("a", "b", "b")]
    with pytest.raises(TopSecretError, match="only once"):
        pairings(["a", "a"], 2)
    with pytest.raises(TopSecretError, match="two bots"):
        pairings(["a"], 2)


def test_finishing_order_shares_ties_and_puts_a_tie_broken_winner_ahead():
    record = GameRecord(0, 1, ("a", "b", "c", "d"), (5.0, 9.0, 5.0, 1.0), (1,), 10)
    assert finishing_order(record) == [2, 1, 2, 4]
    broken = GameRecord(0, 1, ("a", "b"), (3.0, 3.0), (1,), 10)
    assert finishing_order(broken) == [2, 1]


def test_ratings_put_the_heuristic_above_random():
    result = tournament(
        get_game("vault"), 2, ["random", "heuristic"], 40, seed=3, options={"single_deal": True}
    )
    assert result.ranking() == ["heuristic", "random"]
    heuristic, randomly = result.ratings["heuristic"], result.ratings["random"]
    assert heuristic.mu > randomly.mu and heuristic.ordinal == heuristic.mu - 3 * heuristic.sigma
    ahead = result.pairwise["heuristic"]["random"]
    behind = result.pairwise["random"]["heuristic"]
    assert ahead.games == behind.games == 40
    assert ahead.wins + behind.wins == pytest.approx(40)
    assert ahead.to_json()["low95"] > 0.5


def test_jobs_do_not_change_the_result_and_the_report_holds_everything(tmp_path: Path):
    common = ("tournament", "vault", "--bots", SMALL_BOTS, "--games", "16", "--seed", "11")
    common += ("-o", "single_deal=true", "--json")
    report = tmp_path / "report"
    games_csv = tmp_path / "games.csv"
    one = run(*common, "--jobs", "1", "--csv", str(games_csv), "--report", str(report))
    two = run(*common, "--jobs", "2")
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    # 16 games over 3 pairings of 2 seats: rounded up to 3 full rounds of 6.
    assert data["games"] == 18 and data["games_requested"] == 16 and data["errors"] == 0
    assert set(data["ratings"]) == set(SMALL_BOTS.split(","))
    for name, row in data["pairwise"].items():
        for other, cell in row.items():
            assert cell["wins"] + data["pairwise"][other][name]["wins"] == cell["games"] == 6
    assert list(data) == sorted(data)

    with games_csv.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [int(row["index"]) for row in rows] == list(range(18))
    assert all(row["bot_0"] != row["bot_1"] and row["error"] == "" for row in rows)
    assert (report / "games.csv").read_text() == games_csv.read_text()

    page = (report / "index.html").read_text()
    images = re.findall(r'<img src="([^"]+)"', page)
    assert sorted(images) == ["lengths.png", "pairwise.png", "ratings.png", "scores.png"]
    for image in images:
        assert (report / image).read_bytes().startswith(b"\x89PNG")
    assert "--seed 11" in page and "topsecret tournament vault" in page
    # A pair's count is of meetings (pairs of seats), which equal games only heads-up.
    assert "<th>meetings</th>" in page and "a game where a bot held" in page
    # The page links every file the report wrote.
    assert re.findall(r'<a href="([^"]+)"', page) == ["games.csv"]
    # Options read as the command line takes them; counts in words, without "(s)".
    assert "single_deal=true" in page and "True" not in page
    assert "3 pairings, each played 3 times" in " ".join(page.split()) and "(s)" not in page


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "random,nosuchbot"), "nosuchbot"),
        (("--bots", "random,ismcts:iterations"), "key=value"),
        (("--players", "9"), "--players"),
        (("--jobs", "0"), "--jobs"),
        (("--bots", "random"), "two bots"),
    ],
)
def test_bad_input_gives_a_message_and_exit_code_2(args: tuple[str, ...], message: str):
    result = run("tournament", "vault", "--games", "2", *args)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr


def test_a_missing_library_says_how_to_install_it():
    with pytest.raises(TopSecretError, match=re.escape("pip install -e '.[analysis]'")):
        require_analysis("no_such_analysis_library")


def test_the_command_and_every_option_have_help():
    from typer.testing import CliRunner

    from topsecret.cli import app

    result = CliRunner().invoke(app, ["tournament", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for option in ("--bots", "--players", "--games", "--seed", "--jobs", "--csv", "--report"):
        assert option in result.output
    assert "OpenSkill" in result.output


def test_the_score_plot_counts_seats_from_one_as_the_tables_do(monkeypatch: pytest.MonkeyPatch):
    from topsecret.arena import report

    saved = []
    monkeypatch.setattr(report, "_save", lambda figure, path: saved.append(figure))
    result = tournament(get_game("vault"), 3, ["random", "heuristic"], 6, 1, {"single_deal": True})
    report.plot_scores(result, Path("unused.png"))
    labels = [tick.get_text() for tick in saved[0].axes[0].get_xticklabels()]
    assert labels == ["seat 1", "seat 2", "seat 3"]
