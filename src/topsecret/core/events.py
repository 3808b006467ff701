"""Events: what happened, and who may know it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a game.

    ``audience`` is ``None`` when everyone (spectators included) may see the event, or the
    set of seats that may. Logs shown to a seat keep only the events it may see.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        if self.audience is None:
            return True
        return seat is not None and seat in self.audience

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.audience is not None:
            out["audience"] = sorted(self.audience)
        return out


def public(kind: str, **data: Any) -> Event:
    """An event everyone may see."""
    return Event(kind, data, None)


def private(seats: Iterable[int], kind: str, **data: Any) -> Event:
    """An event only the given seats may see."""
    return Event(kind, data, frozenset(seats))


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events one seat (or a spectator, ``None``) may see, in order."""
    return [event for event in events if event.visible_to(seat)]
