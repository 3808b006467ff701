"""What the exploration solver returns: the best exploration's score and how to walk it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .grid import bits
from .lair import Lair


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a planned walk."""

    room: int  # room entered
    direction: str  # "" for a teleport
    new: bool  # first time in this room
    use: int = 0  # item used on entering (gadget number, 6 = power, 0 = none)
    stealth: int = 0  # Stealth paid into a Shark Pool (the rest of it from Movement)
    teleport: bool = False


@dataclass(slots=True)
class Plan:
    """The best exploration found: its score and how to walk it."""

    value: int
    sentries: int
    rooms: int
    explored: int  # bit mask of rooms explored
    steps: list[Step] = field(default_factory=list)
    boosts: list[tuple[int, str]] = field(default_factory=list)  # (item, stat) used at start
    states: int = 0  # search states visited
    exact: bool = True  # False when a state budget cut the search short

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.value, self.sentries, self.rooms)

    def to_json(self, lair: Lair) -> dict[str, Any]:
        grid = lair.grid
        return {
            "value": self.value,
            "sentries": self.sentries,
            "rooms": self.rooms,
            "explored": [list(grid.row_col(r)) for r in bits(self.explored)],
            "boosts": [{"item": i, "stat": s} for i, s in self.boosts],
            "path": [
                {
                    "room": list(grid.row_col(s.room)),
                    "direction": s.direction,
                    "new": s.new,
                    "use": s.use,
                    "shark_stealth": s.stealth,
                    "teleport": s.teleport,
                }
                for s in self.steps
            ],
            "states": self.states,
            "exact": self.exact,
        }
