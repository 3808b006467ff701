"""Real servers for tests: uvicorn on a free loopback port in a background thread, or the
``serve`` command in a process of its own; and tables put straight into storage."""

from __future__ import annotations

import re
import secrets
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from topsecret.server import Limits, create_app
from topsecret.server.cluster import Cluster
from topsecret.server.db import LogRow, SeatData, Store, TableData
from topsecret.server.limits import uvicorn_settings
from topsecret.server.tables import hash_token

HERE = Path(__file__).parent
POSTGRES_HOST = ("127.0.0.1", 5432)
#: The database tests make their schemas in (trust auth, as on this machine kind and in CI).
POSTGRES_ADMIN = "postgresql://postgres@127.0.0.1:5432/test"
REDIS = ("127.0.0.1", 6379)
REDIS_URL = f"redis://{REDIS[0]}:{REDIS[1]}/0"
#: Limits that let this machine's own address make as many tables and seats as a test needs.
LOOPBACK_EXEMPT = Limits(exempt=frozenset({"127.0.0.1"}))
#: Seconds a server process may take to answer, and to stop: a start imports, migrates and
#: replays, and a stop closes every table, which takes seconds on a busy machine.
START_SECONDS = 120.0
STOP_SECONDS = 60.0


def postgres_reachable() -> bool:
    try:
        with socket.create_connection(POSTGRES_HOST, timeout=0.5):
            return True
    except OSError:
        return False


def redis_reachable() -> bool:
    try:
        with socket.create_connection(REDIS, timeout=0.5) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def redis_client_installed() -> bool:
    try:
        import redis  # noqa: F401
    except ImportError:
        return False
    return True


#: The mark of a test of PostgreSQL's own storage path: it skips, saying why, without it.
NEEDS_POSTGRES = pytest.mark.skipif(
    not postgres_reachable(), reason="needs PostgreSQL on 127.0.0.1:5432"
)

#: Marks for tests of several server processes: they skip, saying what is missing, unless
#: PostgreSQL, Redis and the redis client are all there.
NEEDS_SCALE_OUT = [
    pytest.mark.skipif(
        not postgres_reachable(), reason="scale-out needs PostgreSQL on 127.0.0.1:5432"
    ),
    pytest.mark.skipif(not redis_reachable(), reason="scale-out needs Redis on 127.0.0.1:6379"),
    pytest.mark.skipif(
        not redis_client_installed(), reason="scale-out needs the redis client (.[scale])"
    ),
]


@contextmanager
def postgres_schema(prefix: str) -> Iterator[str]:
    """A fresh PostgreSQL schema as a database URL, dropped with everything in it after."""
    import psycopg

    schema = f"{prefix}_{secrets.token_hex(6)}"
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def read_banner(popen: subprocess.Popen[str]) -> str:
    """The first line a ``serve`` process prints: its address, once its port is bound."""
    stdout = popen.stdout
    assert stdout is not None, "start the server with stdout=subprocess.PIPE"
    ready, _, _ = select.select([stdout], [], [], START_SECONDS)
    line = stdout.readline() if ready else ""
    if "http://" not in line:
        raise RuntimeError(f"the server did not start (it said {line!r})")
    return line


def port_of(banner: str) -> int:
    """The port a server's banner names (``... http://127.0.0.1:PORT/ ...``)."""
    found = re.search(r"http://[^/\s]+:(\d+)/", banner)
    if found is None:
        raise RuntimeError(f"no address in the server's banner {banner!r}")
    return int(found.group(1))


class OnLoopback:
    """A server answering on a loopback port: its HTTP and WebSocket bases."""

    port: int

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


class LiveServer(OnLoopback):
    """A real uvicorn server on a free loopback port, in a background thread."""

    def __init__(
        self, database_url: str, limits: Limits | None = None, cluster: Cluster | None = None
    ) -> None:
        self.limits = limits or Limits()
        self.store = Store(database_url)
        self.app = create_app(self.store, self.limits, cluster)
        # Bound here and handed to uvicorn: a port only looked up could be taken
        # by another test worker or an outgoing connection before the server binds it.
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.port = int(self.socket.getsockname()[1])
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            **uvicorn_settings(self.limits),
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
        self.socket.close()
        self.store.close()

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


def cluster_server(
    url: str, limits: Limits | None = None, lease_seconds: float = 5.0
) -> LiveServer:
    """One of several server processes sharing ``url`` and the local Redis (its app and
    Redis cluster under uvicorn in a thread of this test process), started."""
    return LiveServer(url, limits, Cluster(REDIS_URL, lease_seconds=lease_seconds)).start()


@contextmanager
def cluster_servers(
    url: str, count: int, limits: Limits | None = None
) -> Iterator[list[LiveServer]]:
    """``count`` server processes on one database and the local Redis (see cluster_server),
    stopped afterwards."""
    servers: list[LiveServer] = []
    try:
        for _ in range(count):
            servers.append(cluster_server(url, limits))
        yield servers
    finally:
        for server in reversed(servers):
            server.stop()


def wait_until_serving(popen: subprocess.Popen[str], port: int) -> None:
    """Wait until a server process answers HTTP on ``port``: a start imports and migrates,
    seconds on a busy machine (it failed if it exits first)."""
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return
        except httpx.TransportError:
            if popen.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server on port {port} did not start") from None
            time.sleep(0.05)


class ServerProcess(OnLoopback):
    """The real server with the fake games registered (``serve_fake.py``), in a process of
    its own, so it can be killed or share a database with others. ``args`` are extra
    ``serve`` options; ``capture`` keeps its output and errors readable in ``popen.stdout``
    after its banner (``banner``).

    The server binds a port the system picks (``serve --port 0``) and names it in its
    banner: a port looked up here and bound there could be taken in between by another
    test worker or an outgoing connection."""

    def __init__(self, database_url: str, *args: str, capture: bool = False) -> None:
        self.capture = capture
        self._banner: str | None = None
        self.popen = subprocess.Popen(
            [
                sys.executable,
                str(HERE / "serve_fake.py"),
                "--port",
                "0",
                "--database",
                database_url,
                *args,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if capture else None,
            text=True,
        )

    @property
    def banner(self) -> str:
        """The line the server printed once its port was bound, naming its address (waited
        for up to ``START_SECONDS``; the server failed if it exits or says something else)."""
        if self._banner is None:
            self._banner = read_banner(self.popen)
            if not self.capture:
                # Nobody reads the rest: drain it so a chatty server never blocks on a pipe.
                threading.Thread(target=self.popen.stdout.read, daemon=True).start()  # type: ignore[union-attr]
        return self._banner

    @property
    def port(self) -> int:  # type: ignore[override]
        return port_of(self.banner)

    def wait_ready(self) -> ServerProcess:
        """Wait until it answers HTTP (it failed if it exits first)."""
        wait_until_serving(self.popen, self.port)
        return self

    def kill(self) -> None:
        """SIGKILL: no chance to clean up."""
        self.popen.send_signal(signal.SIGKILL)
        self.popen.wait(timeout=STOP_SECONDS)

    def interrupt(self) -> None:
        """Ask for a clean stop (SIGINT, as Ctrl-C), without waiting for it."""
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGINT)

    def stop(self) -> int:
        """A clean stop; its exit status."""
        self.interrupt()
        return self.popen.wait(timeout=STOP_SECONDS)


def stop_all(processes: Sequence[ServerProcess]) -> None:
    """Stop several server processes at once (each takes a moment to close its tables)."""
    for process in processes:
        process.interrupt()
    for process in processes:
        process.popen.wait(timeout=STOP_SECONDS)


def person(seat: int, name: str, token: str) -> SeatData:
    """A stored seat taken by a person holding ``token``."""
    return SeatData(seat, None, name, hash_token(token), False)


def bot(seat: int, name: str) -> SeatData:
    """A stored seat played by the bot ``name``."""
    return SeatData(seat, name, name, None, False)


def store_table(
    store: Store,
    table_id: str,
    game: str,
    seats: Sequence[SeatData],
    *,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    actions: Sequence[tuple[int, dict[str, Any] | None, float | None]] = (),
    scores: list[float] | None = None,
) -> None:
    """A table put straight into storage as a server stores it: its row, then its log of
    ``(seat, action, time)``; with ``scores`` the last action ends the game with them."""
    store.create_table(
        TableData(
            id=table_id,
            game=game,
            players=len(seats),
            seed=seed,
            options=dict(options or {}),
            settings=dict(settings or {}),
            status="playing",
            created_at=time.time(),
            finished_at=None,
            scores=None,
            seats=tuple(seats),
        )
    )
    for seq, (seat, action, at) in enumerate(actions, 1):
        store.append_action(
            table_id, LogRow(seq, seat, action, at), scores if seq == len(actions) else None
        )
