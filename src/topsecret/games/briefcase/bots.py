"""Bots written for the briefcase game."""

from __future__ import annotations

from .heuristic import HeuristicBot
from .rollout import RolloutBot

__all__ = ["HeuristicBot", "RolloutBot"]
