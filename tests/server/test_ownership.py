"""One database, one owner: a second server process on the same SQLite file refuses to start
and says which process holds it; the lock goes with its holder, even after SIGKILL."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from liveserver import free_port

HERE = Path(__file__).parent


def start(url: str) -> tuple[subprocess.Popen[str], str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(HERE / "serve_fake.py"), "--port", str(port), "--database", url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return process, f"http://127.0.0.1:{port}"


def wait_ready(process: subprocess.Popen[str], base: str) -> None:
    # A start imports, migrates and resumes: seconds on a busy machine.
    deadline = time.monotonic() + 120
    while True:
        try:
            httpx.get(f"{base}/api/games", timeout=1)
            return
        except httpx.TransportError:
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)


def test_a_second_process_on_the_same_sqlite_file_refuses_to_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    first, first_base = start(url)
    try:
        wait_ready(first, first_base)
        second, _ = start(url)
        _, err = second.communicate(timeout=120)
        assert second.returncode == 2
        assert f"another server (pid {first.pid} on " in err
        assert f"is already using {tmp_path / 'shared.sqlite3'}: stop it first" in err
        # The first one never noticed.
        created = httpx.post(
            f"{first_base}/api/tables", json={"game": "fakecards", "players": 2, "name": "Ann"}
        )
        assert created.status_code == 200
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    # Killed without a chance to clean up, the holder still released the file.
    third, third_base = start(url)
    try:
        wait_ready(third, third_base)
        listing = httpx.get(f"{third_base}/api/tables").json()
        assert listing["total"]["open"] == 1
    finally:
        third.send_signal(signal.SIGINT)
        assert third.wait(timeout=60) == 0
