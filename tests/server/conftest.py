"""Fixtures: storage on SQLite (always) and PostgreSQL (when reachable), live servers."""

from __future__ import annotations

import secrets
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from topsecret import games
from topsecret.server import create_app
from topsecret.server.db import Store

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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """A real uvicorn server on a free loopback port, in a background thread."""

    def __init__(self, database_url: str) -> None:
        self.store = Store(database_url)
        self.app = create_app(self.store)
        self.port = free_port()
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning", ws_max_size=65_536
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.store.close()


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
