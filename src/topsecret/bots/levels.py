"""Strength levels a player understands: easy, medium and hard.

- *easy*: the game's heuristic, but one decision in four is a slip (a random legal action),
  so a newcomer can win and see why;
- *medium*: the game's heuristic as it is;
- *hard*: information-set search with about a second per decision on a small machine (in
  real-time games a shorter search, on top of the reaction time every bot there keeps).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Action, Bot, Event, Rng, SeatView

#: How often the easy level slips.
EASY_SLIP_RATE = 0.25
#: The hard level's time per decision, in milliseconds; the rest of a second is headroom
#: for determinizing and for a busy machine.
HARD_MS = 800.0
#: In real time a person is already waiting out the bot's reaction time.
HARD_REALTIME_MS = 150.0

LEVELS = ("easy", "medium", "hard")


class SlippingBot(Bot):
    """Plays like ``inner`` but now and then picks any legal action instead."""

    def __init__(self, inner: Bot, seed: int, slip_rate: float = EASY_SLIP_RATE) -> None:
        if not 0.0 <= slip_rate <= 1.0:
            raise ValueError("slip_rate must be between 0 and 1")
        self._inner = inner
        self._rng = Rng(seed)
        self.slip_rate = slip_rate
        self.name = f"{inner.name} with slips"

    def choose(self, view: SeatView) -> Action:
        if self._rng.random() < self.slip_rate:
            return self._rng.choice(view.legal_actions())
        return self._inner.choose(view)

    def act_at(self, view: SeatView, now: float) -> Action | None:
        # The inner bot decides when to act (a person's reaction time); the slip is in what.
        action = self._inner.act_at(view, now)
        if action is not None and self._rng.random() < self.slip_rate:
            return self._rng.choice(view.legal_actions())
        return action

    def observe(self, seat: int, events: Sequence[Event]) -> None:
        self._inner.observe(seat, events)
