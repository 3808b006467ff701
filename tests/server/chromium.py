"""Debian's Chromium driven by Playwright, and a live server on SQLite: what every browser
test (tests/web, tests/i18n) starts from."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from liveserver import LiveServer

CHROMIUM = Path("/usr/bin/chromium")


@contextmanager
def chromium() -> Iterator[Any]:
    """A launched Chromium; a clear failure, not a skip, where it is missing."""
    if not CHROMIUM.exists():
        pytest.fail(
            "browser tests need Debian's Chromium at /usr/bin/chromium: "
            "run `apt-get install -y chromium` (CI does this in .ci/run)",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
        )
        yield browser
        browser.close()


@contextmanager
def sqlite_live_server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite:///{tmp_path / 'web.sqlite3'}").start()
    try:
        yield live
    finally:
        live.stop()
