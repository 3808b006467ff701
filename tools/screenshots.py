"""Screenshots of each game's table, end screen and phone layout, for anyone to look at.

    python tools/screenshots.py [--out DIR]

Plays a whole game of each of the four games in Debian's Chromium (/usr/bin/chromium) by
clicking the board, at 1400x900 and at 390x844, through the browser tests that prove it
(tests/web/test_whole_games.py), and keeps what the player saw:
``<game>-laptop-table.png``, ``<game>-laptop-end.png``, ``<game>-phone-table.png`` and
``<game>-phone-end.png`` in ``build/screenshots`` unless ``--out`` says otherwise. Needs the
development install (``pip install -e '.[dev]'``) for Playwright and the server.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "screenshots")
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    os.environ["TOPSECRET_SCREENSHOTS"] = str(out)

    import pytest

    test = ROOT / "tests" / "web" / "test_whole_games.py"
    code = int(pytest.main([str(test), "-p", "no:xdist", "-q", "-p", "no:cacheprovider"]))
    shots = sorted(out.glob("*-*-*.png"))
    for shot in shots:
        print(shot)
    if code != 0:
        print("some games did not play through: see the test report above", file=sys.stderr)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
