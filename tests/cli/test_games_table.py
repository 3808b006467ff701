"""`topsecret games` in a terminal of any width: every option of every game is shown whole,
beside the table on a wide terminal and after it, a game a line, on a narrow one."""

from __future__ import annotations

import pytest

from topsecret.games import all_games

from .commands import run


def every_option() -> list[str]:
    return [f"{spec.name}=" for game in all_games() for spec in game.option_specs]


@pytest.mark.parametrize("columns", [80, 130])
def test_every_option_name_is_shown_whole_at_any_width(columns: int) -> None:
    result = run("games", columns=columns)
    assert result.returncode == 0, result.stderr
    assert "…" not in result.stdout
    lines = result.stdout.splitlines()
    assert all(len(line.rstrip()) <= columns for line in lines)
    for option in every_option():
        assert option in result.stdout, (columns, option)


def test_a_narrow_terminal_lists_each_games_options_after_the_table() -> None:
    out = run("games", columns=80).stdout
    assert "vault options: target=0, single_deal=True, stolen=hidden" in out
