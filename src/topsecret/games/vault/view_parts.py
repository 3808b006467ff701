"""The parts of a vault table's views, kept from one view to the next.

A server sends each seat only the parts of its view that changed since the last one it sent,
and tells which by identity first: a part whose contents did not change is the very same
object as before. Keeping them also spares building them again (a view is mostly the
table's safes and discard, which change a little at a time).

Every part is keyed by its contents (tuples of card ids, totals, the trick's record), never
by the identity of the engine's lists, which change in place; and no part is changed once
made, so a view given out stays a snapshot as play goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


class ViewParts:
    """One state's kept view parts (a copy of the state borrows them, see :meth:`copy`)."""

    __slots__ = (
        "_card_json",
        "_deals",
        "_discard",
        "_hands",
        "_head",
        "_seat_list",
        "_seats",
        "_totals",
        "_trick",
    )

    def __init__(self, card_json: Sequence[dict[str, Any]]) -> None:
        #: Each card's JSON by id, made once for the deck and shared by every view.
        self._card_json = card_json
        #: Each seat's part with what it shows: seat -> (contents, part).
        self._seats: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        self._seat_list: list[dict[str, Any]] = []
        self._hands: dict[int, tuple[tuple[int, ...], list[dict[str, Any]]]] = {}
        self._head: tuple[tuple[int, int, str], dict[str, Any]] | None = None
        self._discard: tuple[tuple[int, ...], list[dict[str, Any]]] | None = None
        self._deals: tuple[Any, list[list[int]], list[list[dict[str, int]]]] | None = None
        self._totals: tuple[tuple[tuple[int, ...], bool], list[int], list[int]] | None = None
        self._trick: dict[str, Any] | None = None

    def copy(self) -> ViewParts:
        """The same parts, kept apart from now on: a copy of the state starts from its
        original's parts (most of them still hold), and what either keeps next is its own."""
        other = ViewParts(self._card_json)
        other._seats = dict(self._seats)
        other._seat_list = self._seat_list
        other._hands = dict(self._hands)
        other._head = self._head
        other._discard = self._discard
        other._deals = self._deals
        other._totals = self._totals
        other._trick = self._trick
        return other

    def cards(self, ids: Sequence[int]) -> list[dict[str, Any]]:
        card_json = self._card_json
        return [card_json[cid] for cid in ids]

    def seat(
        self, seat: int, shows: tuple[Any, ...], build: Callable[[int], dict[str, Any]]
    ) -> dict[str, Any]:
        """One seat's public part, built again only when what it ``shows`` (the state says
        what: its safe, hand, face-up cards, safe sides and total) changed."""
        held = self._seats.get(seat)
        if held is None or held[0] != shows:
            held = self._seats[seat] = (shows, build(seat))
        return held[1]

    def seat_list(self, seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The seats' parts as a list: the same list while every seat's part is the same."""
        held = self._seat_list
        if len(held) == len(seats) and all(a is b for a, b in zip(held, seats, strict=True)):
            return held
        self._seat_list = seats
        return seats

    def hand(self, seat: int, hand: Sequence[int]) -> list[dict[str, Any]]:
        key = tuple(hand)
        held = self._hands.get(seat)
        if held is not None and held[0] == key:
            return held[1]
        view = self.cards(key)
        self._hands[seat] = (key, view)
        return view

    def head(
        self, deal: int, trick: int, phase: str, build: Callable[[], dict[str, Any]]
    ) -> dict[str, Any]:
        """The scalars at the head of a view (deal, trick, phase and the table's options)."""
        key = (deal, trick, phase)
        if self._head is not None and self._head[0] == key:
            return self._head[1]
        view = build()
        self._head = (key, view)
        return view

    def discard(self, discard: Sequence[int]) -> list[dict[str, Any]]:
        key = tuple(discard)
        if self._discard is not None and self._discard[0] == key:
            return self._discard[1]
        view = self.cards(key)
        self._discard = (key, view)
        return view

    def deals(
        self,
        deal_scores: Sequence[Sequence[int]],
        deal_sides: Sequence[Sequence[tuple[int, int, int]]],
    ) -> tuple[list[list[int]], list[list[dict[str, int]]]]:
        """Each finished deal's scores, and their split between the sides of each safe."""
        key = (tuple(map(tuple, deal_scores)), tuple(map(tuple, deal_sides)))
        if self._deals is not None and self._deals[0] == key:
            return self._deals[1], self._deals[2]
        scores = [list(s) for s in deal_scores]
        sides = [
            [{"x1": x1, "x2": x2, "pairs": pairs} for x1, x2, pairs in deal] for deal in deal_sides
        ]
        self._deals = (key, scores, sides)
        return scores, sides

    def totals(
        self, totals: Sequence[int], over: bool, winners: Callable[[], list[int]]
    ) -> tuple[list[int], list[int]]:
        """The running totals, and the winners they make once the game is over."""
        key = (tuple(totals), over)
        if self._totals is not None and self._totals[0] == key:
            return self._totals[1], self._totals[2]
        held = (key, list(totals), winners())
        self._totals = held
        return held[1], held[2]

    def last_trick(self, record: dict[str, Any] | None) -> dict[str, Any] | None:
        """The last trick's record: the engine adds to its lists in place, so it is compared
        by value (its entries are shared, so mostly by identity) and copied when it changed."""
        if record is None:
            return None
        held = self._trick
        if held is not None and held == record:
            return held
        self._trick = copy_record(record)
        return self._trick


def copy_record(record: dict[str, Any] | None) -> dict[str, Any] | None:
    """A trick record whose lists and dicts the caller may change (its entries are never
    changed in place, so they are shared)."""
    if record is None:
        return None
    return {
        "trick": record["trick"],
        "played": dict(record["played"]),
        "boom": record["boom"],
        "destroyed": list(record["destroyed"]),
        "steals": list(record["steals"]),
        "banked": list(record["banked"]),
        "pairs": list(record["pairs"]),
    }
