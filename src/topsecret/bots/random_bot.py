"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

from ..core import Action, Bot, Rng, SeatView


class RandomBot(Bot):
    """Picks uniformly among the legal actions with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def choose(self, view: SeatView) -> Action:
        return self._rng.choice(view.legal_actions())
