"""A real uvicorn server on a free loopback port, in a background thread (for tests)."""

from __future__ import annotations

import socket
import threading
import time

import uvicorn

from topsecret.server import Limits, create_app
from topsecret.server.cluster import Cluster
from topsecret.server.db import Store
from topsecret.server.limits import uvicorn_settings


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """A real uvicorn server on a free loopback port, in a background thread."""

    def __init__(
        self, database_url: str, limits: Limits | None = None, cluster: Cluster | None = None
    ) -> None:
        self.limits = limits or Limits()
        self.store = Store(database_url)
        self.app = create_app(self.store, self.limits, cluster)
        self.port = free_port()
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            **uvicorn_settings(self.limits),
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
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.store.close()
