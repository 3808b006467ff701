"""Browser fixtures for the language tests: Debian's Chromium and a live server on SQLite."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from chromium import chromium, sqlite_live_server
from liveserver import LiveServer  # found through the path set just above


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with sqlite_live_server(tmp_path) as live:
        yield live
