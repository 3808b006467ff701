"""SpyWorld: build a lair, train an agent, break into a neighbour's lair (rulebook 003)."""

from .game import GAME, SpyWorldGame
from .solver import Plan, solve

__all__ = ["GAME", "Plan", "SpyWorldGame", "solve"]
