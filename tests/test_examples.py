"""The scripts in examples/ run as a researcher would run them, with small arguments."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

#: Each script and the optional library it cannot run without.
NEEDS = {
    "pettingzoo_loop.py": "pettingzoo",
    "openspiel_ismcts.py": "pyspiel",
    "tournament_report.py": "openskill",
    "gymnasium_masked_random.py": "gymnasium",
    # PyTorch and Stable-Baselines3: the train extra, which CI does not install.
    "train_maskable_ppo.py": "sb3_contrib",
}


def started(script: str, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """An example run in a fresh interpreter, as `python examples/<script>` would run it."""
    return subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
    )


def run(script: str, *args: str) -> str:
    """An example's output; it must succeed."""
    completed = started(script, *args)
    assert completed.returncode == 0, completed.stderr
    return completed.stdout


def test_every_example_is_tested() -> None:
    # A new script without a test here would go stale unnoticed.
    assert {path.name for path in EXAMPLES.glob("*.py")} == set(NEEDS)


def test_pettingzoo_loop() -> None:
    pytest.importorskip("pettingzoo", reason="pettingzoo_loop.py needs the rl extra")
    out = run("pettingzoo_loop.py", "--players", "3", "--seed", "2")
    assert "AEC rewards: {'player_0'" in out
    assert "parallel rewards after" in out


def test_openspiel_ismcts() -> None:
    pytest.importorskip("pyspiel", reason="openspiel_ismcts.py needs open_spiel (the rl extra)")
    out = run("openspiel_ismcts.py", "--seed", "1", "--simulations", "5")
    assert "topsecret_briefcase, seed 1" in out
    assert "seat 0 (ismcts): return" in out
    assert "seat 1 (random): return" in out


def test_tournament_report(tmp_path: Path) -> None:
    pytest.importorskip("openskill", reason="tournament_report.py needs the analysis extra")
    pytest.importorskip("matplotlib", reason="tournament_report.py needs the analysis extra")
    out = run("tournament_report.py", str(tmp_path / "report"), "--games", "4")
    assert "games of vault, 0 errors" in out
    assert "1. " in out
    page = tmp_path / "report" / "index.html"
    assert page.is_file()
    assert "heuristic" in page.read_text(encoding="utf-8")


def test_gymnasium_masked_random() -> None:
    pytest.importorskip("gymnasium", reason="gymnasium_masked_random.py needs the rl extra")
    out = run("gymnasium_masked_random.py", "--episodes", "3")
    assert "win rate" in out
    assert "over 3 episodes" in out


def test_train_maskable_ppo_shows_its_arguments_or_says_which_extra_it_needs() -> None:
    """Training takes minutes, so only the arguments are checked here (examples/README.md
    records a measured run). ``--help`` works with or without the train extra, as every
    example's does; without it, which CI does not install, a run says in one line what to
    install instead of a traceback."""
    completed = started("train_maskable_ppo.py", "--help")
    assert completed.returncode == 0, completed.stderr
    for option in ("--game", "--opponents", "--timesteps", "--eval-episodes", "--save"):
        assert option in completed.stdout
    try:
        import sb3_contrib  # noqa: F401
    except ImportError:
        run = started("train_maskable_ppo.py", "--timesteps", "10")
        assert run.returncode == 1
        assert "needs the train extra" in run.stderr
        assert "pip install -e '.[train]'" in run.stderr
        assert "Traceback" not in run.stderr


@pytest.mark.parametrize("script", sorted(set(NEEDS) - {"train_maskable_ppo.py"}))
def test_example_help(script: str) -> None:
    # --help runs nothing, but the script still imports its optional library first.
    pytest.importorskip(NEEDS[script], reason=f"{script} needs {NEEDS[script]}")
    assert "usage:" in run(script, "--help")


@pytest.mark.parametrize(
    ("script", "args", "message"),
    [
        ("pettingzoo_loop.py", ("--players", "7"), "is for 2-6 players, not 7"),
        ("gymnasium_masked_random.py", ("--players", "5"), "is for 2-4 players, not 5"),
        ("tournament_report.py", ("out", "--bots", "random,nope"), "no bot 'nope' for vault"),
    ],
)
def test_an_example_refuses_bad_arguments_in_one_line(
    script: str, args: tuple[str, ...], message: str, tmp_path: Path
) -> None:
    pytest.importorskip(NEEDS[script], reason=f"{script} needs {NEEDS[script]}")
    completed = started(script, *args, cwd=tmp_path)
    assert completed.returncode == 2
    assert message in completed.stderr and "Traceback" not in completed.stderr


def test_the_tournament_example_seats_the_games_fewest_players_by_default(tmp_path: Path) -> None:
    """Given the winking game, for 4 to 8 players, when no --players is given, then four sit."""
    pytest.importorskip("openskill", reason="tournament_report.py needs the analysis extra")
    out = run("tournament_report.py", str(tmp_path / "wink"), "--game", "wink", "--games", "4")
    assert "games of wink, 0 errors" in out
    header = (tmp_path / "wink" / "games.csv").read_text().splitlines()[0].split(",")
    assert [column for column in header if column.startswith("bot_")] == [
        "bot_0",
        "bot_1",
        "bot_2",
        "bot_3",
    ]
