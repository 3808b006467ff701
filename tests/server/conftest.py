"""Fixtures: storage on SQLite (always) and PostgreSQL (when reachable), live servers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from liveserver import LiveServer, postgres_reachable, postgres_schema

from topsecret import games

BACKENDS = ["sqlite", *(["postgresql"] if postgres_reachable() else [])]


@pytest.fixture(autouse=True)
def fake_game_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the fake card game next to the real ones for the duration of a test."""
    monkeypatch.setitem(games.GAME_MODULES, "fakecards", "fakegame")
    monkeypatch.setitem(games.GAME_MODULES, "fakeclock", "fakeclock")
    games.get_game.cache_clear()
    yield
    games.get_game.cache_clear()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file, or a PostgreSQL schema dropped afterwards."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'server.sqlite3'}"
        return
    with postgres_schema("ts_test") as url:
        yield url


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL schema, for tests of several processes (marked NEEDS_SCALE_OUT)."""
    with postgres_schema("ts_scale") as url:
        yield url


@pytest.fixture
def live_server(database_url: str) -> Iterator[LiveServer]:
    with LiveServer(database_url) as server:
        yield server


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture
def sqlite_server(sqlite_url: str) -> Iterator[LiveServer]:
    """A live server on SQLite only, for behaviour that does not depend on the database."""
    with LiveServer(sqlite_url) as server:
        yield server
