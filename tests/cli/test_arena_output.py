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
    from rich.progress import Progress

    from topsecret.arena.progress import LineProgress, progress_bar

    terminal = Console(file=StringIO(), force_terminal=True)
    bar = progress_bar("games", terminal)
    assert isinstance(bar, Progress) and not bar.disable
    assert isinstance(progress_bar("games", Console(file=StringIO())), LineProgress)
    silent = progress_bar("games", None)
    assert isinstance(silent, Progress) and silent.disable


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_long_run_in_a_log_says_now_and_then_how_far_it_is() -> None:
    """Given output that is not a terminal (a run under nohup, in CI), when a run of 300 games
    lasts minutes, then a line now and then says how many games are done and about how long is
    left, and a last line gives the whole run's time; a short run writes nothing."""
    from io import StringIO

    from rich.console import Console

    from topsecret.arena.progress import LineProgress

    log = StringIO()
    clock = FakeClock()
    with LineProgress("tournament vault", Console(file=log, width=200), clock) as progress:
        task = progress.add_task("games", total=300)
        for _ in range(300):
            clock.now += 0.5  # a game every half second: 150 s in all
            progress.advance(task)
    lines = log.getvalue().splitlines()
    # The first line after 10 s (20 games), then every 30 s (60 games).
    assert lines[0] == "tournament vault: 20/300 games, about 2 min 20 s left", lines
    assert lines[1] == "tournament vault: 80/300 games, about 1 min 50 s left", lines
    assert lines[-1] == "tournament vault: 300 games in 2 min 30 s", lines
    assert len(lines) == 6, lines

    quiet = StringIO()
    clock = FakeClock()
    with LineProgress("simulating vault", Console(file=quiet), clock) as progress:
        task = progress.add_task("games", total=10)
        for _ in range(10):
            clock.now += 0.5
            progress.advance(task)
    assert quiet.getvalue() == ""


def test_durations_read_as_a_person_writes_them() -> None:
    from topsecret.arena.progress import duration

    assert [duration(s) for s in (0.4, 45, 185, 7800)] == [
        "0 s",
        "45 s",
        "3 min 05 s",
        "2 h 10 min",
    ]
