"""Tables for the rule tests: seats named after the rulebook's examples.

Agent card ``k`` is the card of the agent on seat ``k``'s board.
"""

from __future__ import annotations

from typing import Any

from topsecret.core import Action, Event
from topsecret.games.wink import GAME, WinkState

JULIA, JAN, TOM, MARIE = 0, 1, 2, 3


def table(**arranged: Any) -> WinkState:
    """An explicit four-player table unless ``players`` says otherwise."""
    players = arranged.pop("players", 4)
    return WinkState.arranged(GAME, players, **arranged)


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def seen_by(events: list[Event], seat: int) -> list[Event]:
    return [event for event in events if event.visible_to(seat)]


def apply_all(state: WinkState, moves: list[tuple[int, Action]]) -> list[Event]:
    events: list[Event] = []
    for seat, action in moves:
        events += state.apply(seat, action)
    return events


def eyes_on(state: WinkState, seat: int, where: tuple[str, int]) -> None:
    """Put ``seat``'s eyes on ``where`` at once, arrived and noticed (for tables taken from a
    random game, where a gaze may be still turning)."""
    state.gaze[seat] = where
    state.gaze_from[seat] = state.now
    state.arrived[seat] = True
    state.noticed[seat] = True
