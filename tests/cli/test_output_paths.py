"""Files written after the games (a replay log, a tournament's CSV and report) are checked
before the first game: a path that cannot be written is one error line, and nothing is
played."""

from __future__ import annotations

from pathlib import Path

from topsecret.core import ReplayLog

from .commands import refused, run


def test_a_replay_log_inside_a_regular_file_is_refused_before_the_game(tmp_path: Path) -> None:
    """Given a regular file, when the user runs `play vault --save-log FILE/x.json`, then
    the command says the path cannot be written and exits 2 before dealing."""
    afile = tmp_path / "afile"
    afile.write_text("not a folder")
    target = afile / "x.json"
    result = run("play", "vault", "--seed", "1", "--save-log", str(target), input_text="1\n" * 50)
    refused(result, f"cannot write {target}: Not a directory")
    assert afile.read_text() == "not a folder"


def test_a_replay_log_deeper_under_a_regular_file_is_refused_before_the_game(
    tmp_path: Path,
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("")
    target = afile / "sub" / "x.json"
    result = run("play", "vault", "--seed", "1", "--save-log", str(target), input_text="q\n")
    refused(result, f"cannot write {target}: Not a directory")


def test_a_replay_log_that_names_a_directory_is_refused_before_the_game(tmp_path: Path) -> None:
    """Given a directory, when the user gives it as `--save-log`, then it is refused."""
    result = run("play", "vault", "--seed", "1", "--save-log", str(tmp_path), input_text="q\n")
    refused(result, f"cannot write {tmp_path}: Is a directory")
    assert list(tmp_path.iterdir()) == []


def test_a_replay_log_in_a_folder_not_made_yet_is_written_there(tmp_path: Path) -> None:
    """Given a folder that does not exist, when the user saves a game's log in it, then the
    folder is made and the log is written, as `simulate --save-logs` makes its folder."""
    target = tmp_path / "new" / "folder" / "mine.json"
    result = run("play", "vault", "--seed", "1", "--save-log", str(target), input_text="q\n")
    assert result.returncode == 0, result.stderr
    assert ReplayLog.load(target).game == "vault"


def test_a_tournament_csv_inside_a_regular_file_is_refused_before_the_games(
    tmp_path: Path,
) -> None:
    """Given a regular file, when the user runs `tournament vault --csv FILE/games.csv`, then
    the error comes before the first game, not after the last."""
    afile = tmp_path / "afile"
    afile.write_text("")
    target = afile / "games.csv"
    refused(
        run("tournament", "vault", "-n", "2", "--csv", str(target)),
        f"cannot write {target}: Not a directory",
    )


def test_a_tournament_csv_that_names_a_directory_is_refused_before_the_games(
    tmp_path: Path,
) -> None:
    result = run("tournament", "vault", "-n", "2", "--csv", str(tmp_path))
    refused(result, f"cannot write {tmp_path}: Is a directory")


def test_a_tournament_report_where_a_file_is_is_refused_before_the_games(tmp_path: Path) -> None:
    """Given a regular file, when it is given as `--report`, then the report folder cannot be
    made, and that is said before any game is played."""
    afile = tmp_path / "afile"
    afile.write_text("")
    result = run("tournament", "vault", "-n", "2", "--report", str(afile))
    refused(result, f"cannot create {afile}: File exists")
    assert afile.read_text() == ""


def test_simulate_logs_where_a_file_is_are_refused_before_the_games(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("")
    result = run("simulate", "vault", "-n", "2", "--save-logs", str(afile))
    refused(result, f"cannot create {afile}: File exists")
