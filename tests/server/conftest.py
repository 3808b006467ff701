"""Fixtures: storage on SQLite (always) and PostgreSQL (when reachable), live servers."""

from __future__ import annotations

import secrets
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from liveserver import LiveServer

from topsecret import games

POSTGRES_HOST = ("127.0.0.1", 5432)
POSTGRES_BASE = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def postgres_reachable() -> bool:
    try:
        with socket.create_connection(POSTGRES_HOST, timeout=0.5):
            return True
    except OSError:
        return False


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
    import psycopg

    schema = f"ts_test_{secrets.token_hex(6)}"
    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/test", autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{POSTGRES_BASE}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect("postgresql://postgres@127.0.0.1:5432/test", autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def live_server(database_url: str) -> Iterator[LiveServer]:
    server = LiveServer(database_url).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture
def sqlite_server(sqlite_url: str) -> Iterator[LiveServer]:
    """A live server on SQLite only, for behaviour that does not depend on the database."""
    server = LiveServer(sqlite_url).start()
    try:
        yield server
    finally:
        server.stop()
