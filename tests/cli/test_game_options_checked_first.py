"""`simulate` and `tournament` check a game's options as `play` does, by setting a table up
once: an option read only at set-up (a map or lair file, SpyWorld's gadget sides) that
cannot be used is one error line, the one `play` gives, before any game is played or any
file written."""

from __future__ import annotations

from pathlib import Path

import pytest

from .commands import refused, run

BAD_OPTIONS = [
    (
        ("briefcase", "-o", "map=/nonexistent/house.toml"),
        "data file not found: /nonexistent/house.toml",
    ),
    (
        ("spyworld", "-p", "3", "-o", "gadgets=zzz"),
        "option 'gadgets' takes normal, expert or five letters N/E (like NNENE), not 'zzz'",
    ),
    (
        ("spyworld", "-p", "3", "-o", "lair=/nonexistent/lair.toml"),
        "option 'lair': data file not found: /nonexistent/lair.toml",
    ),
]


@pytest.mark.parametrize(("game", "message"), BAD_OPTIONS)
def test_play_refuses_an_option_the_table_cannot_be_set_up_with(
    game: tuple[str, ...], message: str
) -> None:
    """The rule the other commands follow: `play` refuses before dealing."""
    refused(run("play", *game, input_text="q\n"), message)


@pytest.mark.parametrize(("game", "message"), BAD_OPTIONS)
def test_simulate_refuses_it_before_playing_with_the_same_error(
    game: tuple[str, ...], message: str, tmp_path: Path
) -> None:
    """Given an option no table can be set up with, when the user runs `simulate` with it,
    then the command says what `play` says and exits 2; no game failed, no log is written."""
    logs = tmp_path / "logs"
    refused(run("simulate", *game, "-n", "2", "--save-logs", str(logs)), message)
    assert not logs.exists()


@pytest.mark.parametrize(("game", "message"), BAD_OPTIONS)
def test_tournament_refuses_it_before_playing_or_writing_a_report(
    game: tuple[str, ...], message: str, tmp_path: Path
) -> None:
    """Given the same option, when the user runs `tournament --csv --report` with it, then
    the same error comes first, and neither the CSV nor the report of failed games exists."""
    report, csv_file = tmp_path / "report", tmp_path / "games.csv"
    result = run("tournament", *game, "-n", "4", "--csv", str(csv_file), "--report", str(report))
    refused(result, message)
    assert list(tmp_path.iterdir()) == []


def test_options_a_table_can_be_set_up_with_still_play() -> None:
    """The check sets a table up and plays nothing: good options play as before."""
    result = run("simulate", "spyworld", "-p", "3", "-n", "1", "-o", "gadgets=NNENE", "--json")
    assert result.returncode == 0, result.stderr
    assert '"errors": 0' in result.stdout
