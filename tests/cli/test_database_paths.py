"""`--database` of `serve` and `backup` takes the path of an SQLite file as well as a URL,
and a backup that cannot be written is one error line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from topsecret.cli_serve import database_url

from .commands import refused, run


def _database(path: Path) -> Path:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE tables_kept (name TEXT)")
        connection.execute("INSERT INTO tables_kept VALUES ('vault of seven')")
    return path


def _kept(path: Path) -> list[tuple[str]]:
    with sqlite3.connect(path) as connection:
        return connection.execute("SELECT name FROM tables_kept").fetchall()


def test_a_plain_path_is_an_sqlite_file_and_a_url_is_kept() -> None:
    assert database_url("/srv/ts.sqlite3") == "sqlite:////srv/ts.sqlite3"
    assert database_url("sqlite:////srv/ts.sqlite3") == "sqlite:////srv/ts.sqlite3"
    assert database_url("postgresql+psycopg://app@db/ts") == "postgresql+psycopg://app@db/ts"
    assert database_url(None) is None


def test_a_relative_path_is_the_file_in_this_directory() -> None:
    assert database_url("ts.sqlite3") == f"sqlite:///{Path.cwd() / 'ts.sqlite3'}"


def test_backup_takes_the_path_of_the_database_file(tmp_path: Path) -> None:
    """Given a server's SQLite file, when the user runs `backup OUT --database FILE`, then
    the copy is written, as with the file's sqlite:/// URL."""
    source = _database(tmp_path / "ts.sqlite3")
    result = run("backup", str(tmp_path / "bk.sqlite3"), "--database", str(source))
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"backed up {source} to {tmp_path / 'bk.sqlite3'}\n"
    assert _kept(tmp_path / "bk.sqlite3") == [("vault of seven",)]


def test_backup_takes_a_path_relative_to_the_current_directory(tmp_path: Path) -> None:
    _database(tmp_path / "ts.sqlite3")
    result = run("backup", "bk.sqlite3", "--database", "ts.sqlite3", cwd=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert _kept(tmp_path / "bk.sqlite3") == [("vault of seven",)]


def test_backup_still_takes_a_url(tmp_path: Path) -> None:
    source = _database(tmp_path / "ts.sqlite3")
    result = run("backup", str(tmp_path / "bk.sqlite3"), "--database", f"sqlite:///{source}")
    assert result.returncode == 0, result.stderr
    assert _kept(tmp_path / "bk.sqlite3") == [("vault of seven",)]


def test_a_backup_into_a_missing_folder_is_one_error_line(tmp_path: Path) -> None:
    """Given no folder `missing`, when the user backs up to missing/dir/bk.sqlite3, then the
    command says the copy cannot be written there and exits 2, writing nothing."""
    source = _database(tmp_path / "ts.sqlite3")
    target = tmp_path / "missing" / "dir" / "bk.sqlite3"
    result = run("backup", str(target), "--database", f"sqlite:///{source}")
    refused(result, f"cannot write {target}: No such file or directory")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ts.sqlite3"]


def test_a_backup_inside_a_regular_file_is_one_error_line(tmp_path: Path) -> None:
    source = _database(tmp_path / "ts.sqlite3")
    target = source / "bk.sqlite3"
    result = run("backup", str(target), "--database", str(source))
    refused(result, f"cannot write {target}: Not a directory")
    assert _kept(source) == [("vault of seven",)]


def test_a_backup_of_a_file_that_is_no_database_leaves_no_file_behind(tmp_path: Path) -> None:
    """Given a script passed by mistake as the database, when the backup fails, then no
    empty copy is left to block the next try ("exists already"): nothing is written."""
    script = tmp_path / "ws.py"
    script.write_text("print(1)\n")
    target = tmp_path / "bk.sqlite3"
    result = run("backup", str(target), "--database", str(script))
    refused(result, "file is not a database")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ws.py"]
    assert script.read_text() == "print(1)\n"


def test_a_backup_of_a_database_url_that_cannot_be_read_is_one_error_line(
    tmp_path: Path,
) -> None:
    target = tmp_path / "bk.sqlite3"
    result = run("backup", str(target), "--database", "nonsense://x")
    refused(
        result,
        "cannot use the database nonsense://x: Can't load plugin: sqlalchemy.dialects:nonsense",
    )
    assert not target.exists()


def test_serve_takes_the_path_of_an_sqlite_file() -> None:
    """Given a path in a folder that does not exist, when the user runs `serve --database
    PATH`, then it is tried as an SQLite file (not refused as a URL SQLAlchemy cannot
    parse), and the file's folder is what is missing."""
    result = run("serve", "--database", "/no/such/dir/x.sqlite3")
    refused(
        result,
        "cannot use the database sqlite:////no/such/dir/x.sqlite3: unable to open database "
        "file (No such file or directory)",
    )


def test_the_help_of_database_says_a_path_is_taken() -> None:
    for command in ("serve", "backup"):
        result = run(command, "--help")
        assert result.returncode == 0, result.stderr
        assert "the path of" in result.stdout and "SQLAlchemy URL" in result.stdout
