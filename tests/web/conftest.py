"""Browser tests: Playwright driving Debian's Chromium against a live server."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "server"))

from chromium import chromium, sqlite_live_server
from liveserver import LiveServer

#: Where browser tests save what they saw (tools/screenshots.py may point it elsewhere).
SCREENSHOTS = Path(
    os.environ.get(
        "TOPSECRET_SCREENSHOTS", Path(__file__).resolve().parents[2] / "build" / "screenshots"
    )
)


# Module scope: Playwright's sync API keeps an event loop running while it is open, which
# would break asyncio.run() in any non-browser test that the same worker runs next.
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with sqlite_live_server(tmp_path) as live:
        yield live


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    yield page
    context.close()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


#: Where the test fixture installs the npm packages of tests/web/package.json (axe-core).
NPM_DIR = Path(__file__).resolve().parents[2] / "build" / "web-npm"


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's script, from the npm package pinned in tests/web/package-lock.json, installed
    by ``npm ci`` into build/web-npm on first use (CI needs Node.js and npm, nothing else)."""
    script = NPM_DIR / "node_modules" / "axe-core" / "axe.min.js"
    NPM_DIR.mkdir(parents=True, exist_ok=True)
    # One installer at a time: parallel test workers wait for the first one's npm ci.
    with open(NPM_DIR / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not script.exists():
            npm = shutil.which("npm")
            if npm is None:
                pytest.fail(
                    "the accessibility tests need npm to install axe-core: "
                    "run `apt-get install -y npm`",
                    pytrace=False,
                )
            here = Path(__file__).parent
            for name in ("package.json", "package-lock.json"):
                shutil.copy(here / name, NPM_DIR / name)
            subprocess.run(
                [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=NPM_DIR,
                check=True,
                timeout=300,
            )
    return script.read_text(encoding="utf-8")
