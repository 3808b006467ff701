"""What ``topsecret serve`` tells its organiser on standard error: each table set up and
finished, at the level asked for, each line with its time."""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from liveserver import LiveServer, port_of, read_banner, wait_until_serving
from wsclient import set_up_table, wait_for_status

from topsecret.core import TopSecretError
from topsecret.server import log_to_stderr


def test_the_log_names_each_table_set_up_and_finished(
    sqlite_server: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Given a server logging at info, when a table of two bots is set up and plays to its
    end, then the log has one line for each, naming the table, its game and its seats."""
    caplog.set_level(logging.INFO, logger="topsecret.server")
    table = set_up_table(sqlite_server.http, bots=["random", "random"], settings={"bot_delay": 0})
    wait_for_status(sqlite_server.http, table.id, "finished")
    lines = [r.getMessage() for r in caplog.records if table.id in r.getMessage()]
    assert lines[0] == f"table {table.id} set up: fakecards, 2 seats (2 bots)", lines
    assert lines[-1].startswith(f"table {table.id} finished at action "), lines
    assert "scores [" in lines[-1]


def test_the_log_names_a_table_its_host_closed(
    sqlite_server: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="topsecret.server")
    created = httpx.post(
        f"{sqlite_server.http}/api/tables",
        json={"game": "fakecards", "players": 2, "name": "Ann"},
    ).json()
    table_id = created["table"]["id"]
    closed = httpx.post(
        f"{sqlite_server.http}/api/tables/{table_id}/close", json={"token": created["host_token"]}
    )
    assert closed.status_code == 200
    assert f"table {table_id} closed: closed by its host" in [
        r.getMessage() for r in caplog.records
    ]


def test_at_debug_every_request_is_logged_to_stderr_with_its_time(tmp_path: Path) -> None:
    """Given `serve --log-level debug`, uvicorn's lines (its start, each request) go to
    standard error with their date and time like the server's own, not to standard output."""
    process = subprocess.Popen(
        [sys.executable, "-m", "topsecret.cli", "serve", "--port", "0", "--log-level", "debug"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_until_serving(process, port_of(read_banner(process)))
    finally:
        process.terminate()
        out, err = process.communicate(timeout=60)
    requests = [line for line in err.splitlines() if "GET /api/games" in line]
    assert requests and requests[0][:4].isdigit(), err
    assert "GET /api/games" not in out


@pytest.fixture
def fresh_logger() -> Iterator[logging.Logger]:
    """The ``topsecret`` logger (and uvicorn's, which the server's log takes too) as this test
    leaves them, put back afterwards."""
    loggers = [logging.getLogger("topsecret"), logging.getLogger("uvicorn")]
    kept = [(list(logger.handlers), logger.level) for logger in loggers]
    for logger in loggers:
        logger.handlers.clear()
    yield loggers[0]
    for logger, (handlers, level) in zip(loggers, kept, strict=True):
        logger.handlers[:] = handlers
        logger.setLevel(level)


def test_serve_logs_to_stderr_with_the_time_at_the_level_asked(
    fresh_logger: logging.Logger, capsys: pytest.CaptureFixture[str]
) -> None:
    assert log_to_stderr("warning") == logging.WARNING
    server = logging.getLogger("topsecret.server")
    server.info("not shown at warning")
    server.warning("table x closed: idle")
    written = capsys.readouterr().err
    assert "not shown" not in written
    assert written.rstrip().endswith("WARNING table x closed: idle")
    assert written[:4].isdigit()  # the line starts with its date
    # Asked again (a second server in one program), it adds no second handler.
    log_to_stderr("info")
    assert len(fresh_logger.handlers) == 1 and fresh_logger.level == logging.INFO


def test_an_unknown_log_level_is_refused_by_name(fresh_logger: logging.Logger) -> None:
    with pytest.raises(TopSecretError, match="unknown log level 'loud'"):
        log_to_stderr("loud")


def test_a_load_balancer_asks_each_process_whether_it_serves(sqlite_server: Any) -> None:
    """`GET /api/health`: 200 with the live tables this process holds (a process of a
    --redis group answers 503 while it cannot tell whether its leases are its own)."""
    set_up_table(sqlite_server.http, bots=["random", "random"], settings={"bot_delay": 5})
    answer = httpx.get(f"{sqlite_server.http}/api/health")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "tables": 1}


def test_a_redis_that_does_not_answer_is_a_503_not_a_500() -> None:
    """Given a process of a --redis group whose Redis stops answering, when a request asks
    where a table is served, then it is refused as "try again in a few seconds" (503)."""
    import asyncio
    import socket

    from topsecret.server.cluster import Cluster
    from topsecret.server.tables import StorageError

    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        cluster = Cluster(f"redis://127.0.0.1:{port}/0", lease_seconds=2)

        async def ask() -> None:
            try:
                await cluster.owner("some-table")
            finally:
                await cluster.redis.aclose()

        with pytest.raises(StorageError, match="out of touch with the others"):
            asyncio.run(ask())


def test_a_clean_stop_says_what_becomes_of_the_tables_in_play(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Given a server with a table of bots in play, when it stops cleanly (SIGTERM, Ctrl-C),
    then its last line says how many tables were in play and that they resume at the next
    start (with --redis: that they were handed over to the other processes)."""
    caplog.set_level(logging.INFO, logger="topsecret.server")
    server = LiveServer(sqlite_url).start()
    try:
        set_up_table(server.http, bots=["random", "random"], settings={"bot_delay": 5})
    finally:
        server.stop()
    said = [r.getMessage() for r in caplog.records]
    assert "stopped: 1 table(s) in play, all stored, resume at the next start" in said
