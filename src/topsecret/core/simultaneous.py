"""Commit-then-reveal for simultaneous steps.

Every seat in the step commits one action. Until the last seat commits, the others learn only
that a seat "has chosen"; the chosen action is kept hidden, visible to its own seat alone.
When the step is complete the game reveals and resolves all choices at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .actions import Action
from .events import Event, private, public


class SimultaneousStep:
    """The hidden commitments of one simultaneous step."""

    __slots__ = ("_choices", "_waiting", "name", "seats")

    def __init__(self, name: str, seats: Iterable[int]) -> None:
        self.name = name
        self.seats: tuple[int, ...] = tuple(sorted(seats))
        self._choices: dict[int, Action] = {}
        self._waiting = self.seats

    def waiting(self) -> tuple[int, ...]:
        """Seats that still owe a choice, in seat order."""
        return self._waiting

    def has_chosen(self, seat: int) -> bool:
        return seat in self._choices

    def choice_of(self, seat: int) -> Action | None:
        """The hidden choice of a seat: only for that seat, or for the engine itself."""
        return self._choices.get(seat)

    def commit(self, seat: int, action: Action) -> list[Event]:
        """Store a hidden choice; returns a public "has chosen" and a private echo."""
        self.commit_quietly(seat, action)
        return [
            public("chosen", step=self.name, seat=seat),
            private((seat,), "my_choice", step=self.name, seat=seat, action=action.to_json()),
        ]

    def commit_quietly(self, seat: int, action: Action) -> list[Event]:
        """:meth:`commit` without its events, for rollouts that read none."""
        if seat not in self.seats or seat in self._choices:
            raise ValueError(f"seat {seat} has no open choice in step {self.name!r}")
        self._choices[seat] = action
        self._waiting = tuple(s for s in self._waiting if s != seat)
        return []

    def replace_hidden(self, seat: int, action: Action) -> None:
        """Swap a committed choice (used by determinization, never by players)."""
        if seat not in self._choices:
            raise ValueError(f"seat {seat} has not committed in step {self.name!r}")
        self._choices[seat] = action

    def withdraw(self, seat: int) -> None:
        """Take a committed choice back, so the seat chooses again (used by search on sampled
        worlds, never by players): a search that treated an earlier seat's hidden choice as
        settled chance would favour whichever seat is asked first."""
        if seat not in self._choices:
            raise ValueError(f"seat {seat} has not committed in step {self.name!r}")
        del self._choices[seat]
        self._waiting = tuple(s for s in self.seats if s not in self._choices)

    def is_complete(self) -> bool:
        return len(self._choices) == len(self.seats)

    def reveal(self) -> dict[int, Action]:
        """All choices in seat order; only once the step is complete."""
        if not self.is_complete():
            raise ValueError(f"step {self.name!r} is not complete: waiting for {self.waiting()}")
        return {seat: self._choices[seat] for seat in self.seats}

    def view_for(self, seat: int | None) -> dict[str, Any]:
        """What one seat may know of this step: who chose, and its own choice only."""
        return self.views_for([seat])[0]

    def views_for(self, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """``view_for(seat)`` for each of ``seats``, sharing the lists that every seat sees
        alike (a server keeps each seat's last view: fewer objects to keep), so the views are
        for reading."""
        step_seats = list(self.seats)
        chosen = [s for s in self.seats if s in self._choices]
        waiting = list(self.waiting())
        views = []
        for seat in seats:
            own = self._choices.get(seat) if seat is not None else None
            views.append(
                {
                    "step": self.name,
                    "seats": step_seats,
                    "chosen": chosen,
                    "waiting": waiting,
                    "my_choice": own.to_json() if own is not None else None,
                }
            )
        return views

    def clone(self) -> SimultaneousStep:
        copy = SimultaneousStep.__new__(SimultaneousStep)
        copy.name = self.name
        copy.seats = self.seats
        copy._choices = dict(self._choices)
        copy._waiting = self._waiting
        return copy

    def snapshot(self) -> dict[str, Any]:
        return {
            "step": self.name,
            "seats": list(self.seats),
            "choices": {str(s): a.to_json() for s, a in sorted(self._choices.items())},
        }
