"""Run the real server in its own process with the fake game registered (crash tests)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from topsecret import games
from topsecret.server import main

games.GAME_MODULES["fakecards"] = "fakegame"

if __name__ == "__main__":
    main(sys.argv[1:])
