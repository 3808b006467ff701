"""A live table's history, held compactly: its committed log rows and the events they caused.

A server keeps the whole history of every live table in memory (a seat that reconnects gets
its visible log from it, and a failed write is undone by replaying it), and that history is
most of the objects on the heap. Python's cycle collector walks every object it tracks on each
full collection, with the event loop stopped: at 250 vault tables that was about 600,000
objects and pauses of a quarter to half a second, the slowest moments of the whole server.

So each row and event is stored as a tuple of plain values: numbers and the ``marshal`` bytes
of its contents (in this process only, so the format's changes between Python versions never
matter). The collector stops tracking such tuples, and they are turned back into objects only
when read: for a full frame, a rebuild, a test. An event whose data ``marshal`` cannot write
(none of the four games makes one) is kept as it is.
"""

from __future__ import annotations

import marshal
from collections.abc import Iterable
from typing import Any

from ..core import Event
from .db import LogRow

#: The audience of an event every seat and spectator may see.
EVERYONE = -1


def audience_mask(audience: frozenset[int] | None) -> int:
    """An event's audience as bits by seat; :data:`EVERYONE` when it is public."""
    if audience is None:
        return EVERYONE
    mask = 0
    for seat in audience:
        mask |= 1 << seat
    return mask


def _pack_event(event: Event) -> bytes | Event:
    try:
        return marshal.dumps((event.kind, event.data, event.audience))
    except ValueError:
        return event


def _unpack_event(packed: bytes | Event) -> Event:
    if isinstance(packed, Event):
        return packed
    kind, data, audience = marshal.loads(packed)
    return Event(kind, data, audience)


def _pack_action(action: dict[str, Any] | None) -> bytes | None:
    return None if action is None else marshal.dumps(action)


class TableHistory:
    """The committed rows of one table, in order, and every event with the row that caused
    it (hidden ones included)."""

    __slots__ = ("_events", "_rows")

    def __init__(self) -> None:
        self._rows: list[tuple[int, int, bytes | None, float | None]] = []
        self._events: list[tuple[int, int, bytes | Event]] = []

    def __len__(self) -> int:
        """How many rows are committed: the table's ``seq``."""
        return len(self._rows)

    def append(self, row: LogRow) -> None:
        self._rows.append((row.seq, row.seat, _pack_action(row.action), row.time))

    def last_time(self) -> float | None:
        """The game time of the last row, if it carried one."""
        return self._rows[-1][3] if self._rows else None

    def rows(self) -> list[LogRow]:
        return [
            LogRow(seq, seat, None if action is None else marshal.loads(action), time)
            for seq, seat, action, time in self._rows
        ]

    def record(self, seq: int, events: Iterable[Event]) -> None:
        self._events.extend(
            (seq, audience_mask(event.audience), _pack_event(event)) for event in events
        )

    def events(self) -> list[tuple[int, Event]]:
        """Every event with its row, hidden ones included."""
        return [(seq, _unpack_event(packed)) for seq, _, packed in self._events]

    def visible_to(self, seat: int | None) -> list[tuple[int, Event]]:
        """The events a seat (or a spectator, ``None``) may see, with their rows."""
        bit = 0 if seat is None else 1 << seat
        return [
            (seq, _unpack_event(packed))
            for seq, mask, packed in self._events
            if mask == EVERYONE or mask & bit
        ]


__all__ = ["EVERYONE", "TableHistory", "audience_mask"]
