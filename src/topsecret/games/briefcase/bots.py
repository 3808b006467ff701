"""Bots written for the briefcase game."""

from __future__ import annotations

from .heuristic import HeuristicBot

__all__ = ["HeuristicBot"]
