"""Top Secret, the winking game (rulebook 001): agent and location cards, a suitcase that
marks whose turn it is, and winks and glances that work on a screen."""

from .game import WinkGame
from .state import WinkState

GAME = WinkGame()

__all__ = ["GAME", "WinkGame", "WinkState"]
