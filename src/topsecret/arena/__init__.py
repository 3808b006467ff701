"""Matches, simulations, benchmarks and statistics over any game."""

from .match import MatchResult, play_match

__all__ = ["MatchResult", "play_match"]
