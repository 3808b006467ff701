"""How long an episode may last, the same in every adapter: PettingZoo and Gymnasium truncate
there, and OpenSpiel declares it as ``max_game_length`` and ends a game that reaches it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import TICK_SECONDS, Game


def default_max_steps(
    game: Game, players: int, options: Mapping[str, Any], tick_seconds: float
) -> int:
    """Decisions after which an episode is cut: the game's own bound
    (:meth:`Game.max_decisions`); in real time scaled up for ticks shorter than 0.25 s, since
    the game lasts the same virtual time."""
    bound = game.max_decisions(players, options)
    if game.play_style == "realtime" and 0 < tick_seconds < TICK_SECONDS:
        bound = int(bound * TICK_SECONDS / tick_seconds)
    return bound


__all__ = ["default_max_steps"]
