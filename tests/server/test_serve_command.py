"""`topsecret serve` on a fresh machine: one command, an SQLite file here, the address printed."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import httpx
from liveserver import port_of, read_banner, wait_until_serving


def test_serve_starts_on_a_fresh_directory_and_prints_its_address(tmp_path: Path) -> None:
    """Given --port 0 the system picks a free port, bound before the banner names it."""
    process = subprocess.Popen(
        [sys.executable, "-m", "topsecret.cli", "serve", "--port", "0"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        banner = read_banner(process)
        port = port_of(banner)
        assert f"http://127.0.0.1:{port}/" in banner and port > 0
        wait_until_serving(process, port)
        page = httpx.get(f"http://127.0.0.1:{port}/", timeout=10)
        assert page.status_code == 200 and "Set up a table" in page.text
        games = httpx.get(f"http://127.0.0.1:{port}/api/games").json()
        assert {"vault", "wink"} <= {g["id"] for g in games}
        assert (tmp_path / "topsecret.sqlite3").exists()  # migrations ran at start
    finally:
        process.terminate()
        process.wait(timeout=60)


def test_serve_help_names_its_options() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "topsecret.server", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0
    for option in ("--host", "--port", "--database"):
        assert option in result.stdout


def test_serve_refuses_a_port_that_is_taken_before_printing_an_address(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "topsecret.server", "--port", str(port)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert result.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr
    assert "choose another --port" in result.stderr
    assert "ready at" not in result.stdout
    assert not (tmp_path / "topsecret.sqlite3").exists()  # refused before touching storage


def serve_refusal(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "topsecret.cli", "serve", "--port", "0", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )


#: A PostgreSQL address nothing is asked of: the refusals below come before storage.
UNUSED_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:1/none"


def test_serve_refuses_a_redis_that_does_not_answer_before_saying_it_is_ready(
    tmp_path: Path,
) -> None:
    """Given --redis naming a port where no Redis listens, when the operator starts a
    server, then it says in one line that Redis cannot be reached, before any address."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, never listening: connections are refused
        result = serve_refusal(
            tmp_path, "--database", UNUSED_POSTGRES, "--redis", f"redis://127.0.0.1:{port}/0"
        )
    assert result.returncode == 2, result.stderr
    assert f"cannot reach Redis at redis://127.0.0.1:{port}/0 (" in result.stderr
    assert "Traceback" not in result.stderr and "ready at" not in result.stdout


def test_serve_refuses_an_address_that_is_not_redis_in_one_line(tmp_path: Path) -> None:
    result = serve_refusal(
        tmp_path, "--database", UNUSED_POSTGRES, "--redis", "http://127.0.0.1:6379"
    )
    assert result.returncode == 2, result.stderr
    assert "--redis http://127.0.0.1:6379 is not a Redis address: " in result.stderr
    assert "internal error" not in result.stderr


def test_serve_names_the_postgresql_driver_to_write(tmp_path: Path) -> None:
    result = serve_refusal(tmp_path, "--database", "postgres://ann:secret@db.example/games")
    assert result.returncode == 2, result.stderr
    assert (
        "write the PostgreSQL address as postgresql+psycopg://ann:***@db.example/games"
    ) in result.stderr
    assert "secret" not in result.stderr


def test_serve_refuses_a_lease_without_redis(tmp_path: Path) -> None:
    """A lease is how processes of a --redis group share tables: alone it would be ignored."""
    result = serve_refusal(tmp_path, "--lease-seconds", "5")
    assert result.returncode == 2, result.stderr
    assert "--lease-seconds applies only with --redis" in result.stderr
