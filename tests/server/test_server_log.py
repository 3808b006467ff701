"""What ``topsecret serve`` tells its organiser on standard error: each table set up and
finished, at the level asked for, each line with its time."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
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


@pytest.fixture
def fresh_logger() -> Iterator[logging.Logger]:
    """The ``topsecret`` logger as this test leaves it, put back afterwards."""
    logger = logging.getLogger("topsecret")
    handlers, level = list(logger.handlers), logger.level
    logger.handlers.clear()
    yield logger
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
