"""Small builders for SpyWorld test tables."""

from __future__ import annotations

from topsecret.games.spyworld import GAME
from topsecret.games.spyworld.components import Card, LairBoard, cards, lairs, sheet
from topsecret.games.spyworld.explorer import Explorer, explorer_kit
from topsecret.games.spyworld.lair import Lair
from topsecret.games.spyworld.state import SpyWorldState, blank_sheet


def card_of(front: str, back: str | None = None, exclude: tuple[int, ...] = ()) -> int:
    """Index of a card with this front (and back, like "R3"), not among ``exclude``."""
    for card in cards():
        if (
            card.front == front
            and card.index not in exclude
            and (back is None or card.back == back)
        ):
            return card.index
    raise LookupError(f"no {front} card with back {back}")


def any_back(back: str, exclude: tuple[int, ...] = ()) -> int:
    for card in cards():
        if card.back == back and card.index not in exclude:
            return card.index
    raise LookupError(back)


def table(
    fronts: list[str],
    backs: list[str],
    *,
    players: int = 2,
    board: str = "polar_base",
    budget: int = 10,
    lenient: bool = False,
) -> SpyWorldState:
    """A round where the three face-up cards have these fronts and the decks these top backs."""
    face: list[int] = []
    for front in fronts:
        face.append(card_of(front, exclude=tuple(face)))
    tops: list[int] = []
    for back in backs:
        tops.append(any_back(back, exclude=tuple(face + tops)))
    return SpyWorldState.arranged(
        GAME,
        players,
        lairs()[board],
        faceup=face,
        tops=tops,
        sheets=[blank_sheet(budget) for _ in range(players)],
        lenient=lenient,
    )


def card(index: int) -> Card:
    return cards()[index]


def lair_from(board: str, picture: dict[tuple[int, int], str], walls: int = 0) -> Lair:
    """A lair with the given contents at 1-based (row, col)."""
    s = sheet()
    rooms = [""] * s.grid.size
    for (row, col), kind in picture.items():
        rooms[s.grid.room(row, col)] = kind
    return Lair(lairs()[board], tuple(rooms), walls, s.grid, s.start)


def board_of(name: str) -> LairBoard:
    return lairs()[name]


def plain(m: int, s: int, c: int) -> Explorer:
    return explorer_kit((m, s, c), [], None)
