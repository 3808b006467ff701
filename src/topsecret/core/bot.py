"""What a bot may see, and the interface every bot implements.

A bot never holds the state itself: it gets a :class:`SeatView`, which shows its seat's
observation, its legal actions and determinizations (sampled full states consistent with
what the seat knows). That keeps bots honest by construction.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from .actions import Action
from .events import Event
from .game import Game, State
from .rng import Rng


class SeatView:
    """One seat's window on a table."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def num_players(self) -> int:
        return self._state.num_players

    def observation(self) -> dict[str, Any]:
        return self._state.observation(self.seat)

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions(self.seat)

    def determinize(self, rng: Rng) -> State:
        return self._state.determinize(self.seat, rng)


class Bot(ABC):
    """A player program. ``choose`` is called whenever its seat owes a decision."""

    name: str = "bot"

    @abstractmethod
    def choose(self, view: SeatView) -> Action:
        """Pick one of ``view.legal_actions()``."""

    def act_at(self, view: SeatView, now: float) -> Action | None:
        """Real-time play: called on every tick of the clock (``now``, in seconds) while the
        seat may act; return an action, or ``None`` to do nothing this tick.

        The default acts on every tick with :meth:`choose`; real-time bots override it.
        """
        return self.choose(view)

    def observe(self, seat: int, events: Sequence[Event]) -> None:  # noqa: B027
        """Events this seat may see, after each action at the table (default: ignored)."""
