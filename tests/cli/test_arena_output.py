"""What `simulate` and `tournament` print when their output goes to a file or a pipe."""

from __future__ import annotations

from .commands import run


def test_a_tournament_report_starts_with_its_table_and_prints_nothing_else() -> None:
    """Given output that is not a terminal, when the user runs `tournament`, then the first
    line is the table's title (the progress bar, drawn only on a terminal, leaves no blank
    line behind)."""
    result = run("tournament", "vault", "-n", "2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].strip() == "vault: 2 games, seed 0 (OpenSkill)"
    assert result.stderr == ""


def test_a_tournament_gives_the_fair_share_a_bot_wins_by_chance() -> None:
    """Given four seats, a bot winning 26% of its games does no better than chance: the
    table says the fair share (25.0) beside each win rate, as `simulate` does; and a single
    pairing is "the only pairing"."""
    result = run("tournament", "wink", "--bots", "random,heuristic", "-n", "1")
    assert result.returncode == 0, result.stderr
    assert "fair share" in result.stdout
    rows = [line for line in result.stdout.splitlines() if "random" in line and "│" in line]
    assert rows and rows[0].rstrip(" │").endswith("25.0"), rows
    heads_up = run("tournament", "vault", "--bots", "random,heuristic", "-n", "1")
    assert "rounded up so the only pairing plays 1 full seat rotation" in heads_up.stdout


def test_a_simulation_report_prints_nothing_on_standard_error() -> None:
    result = run("simulate", "vault", "-n", "2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].strip() == "vault: 2 games, seed 0"
    assert result.stderr == ""


def test_the_progress_bar_is_drawn_on_a_terminal_only() -> None:
    from io import StringIO

    from rich.console import Console

    from topsecret.arena.progress import progress_bar

    terminal = Console(file=StringIO(), force_terminal=True)
    assert not progress_bar("games", terminal).disable
    assert progress_bar("games", Console(file=StringIO(), force_terminal=False)).disable
    assert progress_bar("games", None).disable
