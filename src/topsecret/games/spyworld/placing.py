"""Price tables behind the planning rules' lists of placements.

Every planning decision lists where a card could go, and the round's choice asks whether each
offered card is usable at several budgets. Pricing each room and edge from the card's back
on every call was most of a random playout's time, yet those prices depend only on the
board's movement rule and the back: they are tabulated here once per combination, and a
listing becomes a filter of a table by the sheet's free rooms, its walls and the budget.

The rules themselves stay in :func:`~.sheets.line_cost` and :func:`~.sheets.gadget_cost`;
the tables are filled by calling them, keyed on exactly the board fields those read.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import cache

from ...core import Action
from .actions import PlaceUpgrade, PlaceWall, TakeGadget
from .components import Card, LairBoard, gadgets, sheet
from .sheets import INF, gadget_cost, line_cost


@dataclass(frozen=True, slots=True)
class BackPrices:
    """What drawing with one card back costs on one kind of board.

    ``rooms`` prices an upgrade in each room; ``walls`` a wall on each edge (the cheaper of
    its two rooms, INF where the sheet never allows a wall).
    """

    rooms: tuple[int, ...]
    walls: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PriceLevels:
    """Placements grouped by what they cost, to list those a budget affords in one step.

    ``upto[i]`` holds, in listing order, every (tag, action) priced at most ``prices[i]``
    (the distinct prices, ascending); the tag tells the sheet check which room (its index)
    or edge (its bit) it is. ``cheapest`` lists (tag, price) cheapest first, so the least
    price still open on a sheet is usually found in a step or two.
    """

    prices: tuple[int, ...]
    upto: tuple[tuple[tuple[int, Action], ...], ...]
    cheapest: tuple[tuple[int, int], ...]

    @classmethod
    def build(cls, priced: list[tuple[int, int, Action]]) -> PriceLevels:
        """From (tag, price, action) in listing order."""
        prices = sorted({price for _, price, _ in priced})
        return cls(
            tuple(prices),
            tuple(tuple((tag, a) for tag, price, a in priced if price <= p) for p in prices),
            tuple(sorted(((tag, price) for tag, price, _ in priced), key=lambda tp: tp[1])),
        )

    def affordable(self, money: int) -> tuple[tuple[int, Action], ...]:
        level = bisect_right(self.prices, money)
        return self.upto[level - 1] if level else ()

    def least_free_room(self, taken: list[str]) -> int:
        """The cheapest room still empty on a sheet, or INF if none is."""
        for room, price in self.cheapest:
            if not taken[room]:
                return price
        return INF

    def least_free_edge(self, walls: int) -> int:
        """The cheapest edge still without a wall on a sheet, or INF if none is."""
        for bit, price in self.cheapest:
            if not walls & bit:
                return price
        return INF


_BACK_PRICES: dict[tuple[str, int, str, int], BackPrices] = {}
_UPGRADE_LEVELS: dict[tuple[str, int, str, int, frozenset[int], bool], PriceLevels] = {}
_WALL_LEVELS: dict[tuple[str, int, str, int], PriceLevels] = {}
_GADGET_PRICES: dict[tuple[str, int, int], tuple[int, ...]] = {}


def back_prices(board: LairBoard, back: Card) -> BackPrices:
    """Price tables for a card back on a board (shared by every board with the same rule)."""
    key = (board.upgrade_move, board.upgrade_move_cost, back.colour, back.number)
    found = _BACK_PRICES.get(key)
    if found is None:
        found = _BACK_PRICES[key] = _price_back(board, back)
    return found


def _price_back(board: LairBoard, back: Card) -> BackPrices:
    rules = sheet()
    grid = rules.grid
    rooms = tuple(line_cost(board, back, *grid.row_col(room)) for room in range(grid.size))
    walls = []
    for edge in range(grid.edge_count):
        a, b = grid.edge_rooms(edge)
        if edge in rules.no_wall_edges or rules.start in (a, b):
            walls.append(INF)
        else:
            walls.append(min(rooms[a], rooms[b]))
    return BackPrices(rooms, tuple(walls))


def upgrade_levels(board: LairBoard, back: Card, entry_banned: bool) -> PriceLevels:
    """Upgrades by price, tagged with their room, for a kind banned or not from the entryway."""
    key = (
        board.upgrade_move,
        board.upgrade_move_cost,
        back.colour,
        back.number,
        board.blocked,
        entry_banned,
    )
    found = _UPGRADE_LEVELS.get(key)
    if found is None:
        costs = back_prices(board, back).rooms
        allowed = upgrade_rooms(board.blocked, entry_banned)
        place = upgrade_actions()
        found = _UPGRADE_LEVELS[key] = PriceLevels.build(
            [(room, cost, place[room]) for room, cost in enumerate(costs) if allowed >> room & 1]
        )
    return found


def wall_levels(board: LairBoard, back: Card) -> PriceLevels:
    """Walls by price, tagged with their edge's bit."""
    key = (board.upgrade_move, board.upgrade_move_cost, back.colour, back.number)
    found = _WALL_LEVELS.get(key)
    if found is None:
        build = wall_actions()
        found = _WALL_LEVELS[key] = PriceLevels.build(
            [
                (1 << edge, cost, build[edge])
                for edge, cost in enumerate(back_prices(board, back).walls)
            ]
        )
    return found


def gadget_prices(board: LairBoard, number: int) -> tuple[int, ...]:
    """Cost of taking each gadget (1 first) with a card back showing ``number``."""
    key = (board.gadget_change, board.gadget_change_cost, number)
    found = _GADGET_PRICES.get(key)
    if found is None:
        found = _GADGET_PRICES[key] = tuple(
            gadget_cost(board, number, wanted) for wanted in range(1, len(gadgets()) + 1)
        )
    return found


@cache
def upgrade_rooms(blocked: frozenset[int], entry_banned: bool) -> int:
    """Bit mask of the rooms an upgrade may ever go in (its own room being still empty).

    Never the starting square or a blocked room; ``entry_banned`` kinds never in the entryway.
    """
    rules = sheet()
    mask = 0
    for room in range(rules.grid.size):
        if room == rules.start or room in blocked:
            continue
        if entry_banned and room in rules.entryway:
            continue
        mask |= 1 << room
    return mask


@cache
def drawable_rooms(blocked: frozenset[int]) -> tuple[int, ...]:
    """The rooms a lair has to fill to be full: all but the start and the blocked ones."""
    mask = upgrade_rooms(blocked, False)
    return tuple(room for room in range(sheet().grid.size) if mask >> room & 1)


# The action tables take no grid argument: hashing a Grid to look one up would cost more
# than the lookup saves. The sheet's grid is loaded once and never changes.


@cache
def upgrade_actions() -> tuple[PlaceUpgrade, ...]:
    """Placing an upgrade in each room, by room index."""
    grid = sheet().grid
    return tuple(PlaceUpgrade(*grid.row_col(room)) for room in range(grid.size))


@cache
def wall_actions() -> tuple[PlaceWall, ...]:
    """Building a wall on each edge, by edge id."""
    grid = sheet().grid
    return tuple(PlaceWall(*grid.edge_name(edge)) for edge in range(grid.edge_count))


@cache
def gadget_actions() -> tuple[TakeGadget, ...]:
    return tuple(TakeGadget(number) for number in range(1, len(gadgets()) + 1))


__all__ = [
    "BackPrices",
    "PriceLevels",
    "back_prices",
    "drawable_rooms",
    "gadget_actions",
    "gadget_prices",
    "upgrade_actions",
    "upgrade_levels",
    "upgrade_rooms",
    "wall_actions",
    "wall_levels",
]
