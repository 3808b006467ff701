"""`topsecret spyworld example` prints a sheet `spyworld solve` reads, for a board it knows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from topsecret.games.spyworld.components import lairs

from .commands import refused, run


def test_an_unknown_board_is_refused_with_the_known_ones() -> None:
    """Given no board called nosuch, when the user runs `spyworld example --board nosuch`,
    then the command names the boards there are and exits 2, printing no sheet."""
    refused(
        run("spyworld", "example", "--board", "nosuch"),
        "unknown lair 'nosuch'; choose superyacht, polar_base, jungle_temple, moon_base or a "
        ".toml file",
    )


def test_a_board_name_with_a_quote_is_refused_not_written_into_the_sheet() -> None:
    refused(
        run("spyworld", "example", "--board", 'a"b'),
        "unknown lair 'a\"b'; choose superyacht, polar_base, jungle_temple, moon_base or a "
        ".toml file",
    )


@pytest.mark.parametrize("board", list(lairs()))
def test_the_example_of_every_boxed_board_is_solved(board: str, tmp_path: Path) -> None:
    """Given a boxed board, when its example sheet is saved, then `spyworld solve` reads it."""
    example = run("spyworld", "example", "--board", board)
    assert example.returncode == 0, example.stderr
    assert example.stdout.startswith(f'board = "{board}"\n')
    sheet = tmp_path / "lair.toml"
    sheet.write_text(example.stdout)
    solved = run("spyworld", "solve", str(sheet), "--json")
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout)
