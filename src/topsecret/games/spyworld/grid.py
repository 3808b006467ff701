"""Geometry of a lair grid: rooms, the edges between them, and bit masks for fast search.

Rooms are numbered ``row * cols + col`` from 0 (row 0 at the top); people and data files use
1-based rows and columns, like the planning cards. Every interior edge has a canonical id:
first the vertical edges (between a room and the room east of it), then the horizontal ones
(between a room and the room south of it). Outer edges are the lair's hull and never open.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

DIRECTIONS = ("north", "east", "south", "west")


@dataclass(frozen=True, slots=True)
class Grid:
    rows: int
    cols: int

    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def edge_count(self) -> int:
        return self.rows * (self.cols - 1) + (self.rows - 1) * self.cols

    def room(self, row: int, col: int) -> int:
        """Room index of a 1-based (row, col)."""
        return (row - 1) * self.cols + (col - 1)

    def row_col(self, room: int) -> tuple[int, int]:
        """1-based (row, col) of a room index."""
        return room // self.cols + 1, room % self.cols + 1

    def contains(self, row: int, col: int) -> bool:
        return 1 <= row <= self.rows and 1 <= col <= self.cols

    def step(self, room: int, direction: str) -> int | None:
        """The room next to ``room`` in a direction, or None at the hull."""
        r, c = divmod(room, self.cols)
        if direction == "north":
            return room - self.cols if r > 0 else None
        if direction == "south":
            return room + self.cols if r < self.rows - 1 else None
        if direction == "east":
            return room + 1 if c < self.cols - 1 else None
        if direction == "west":
            return room - 1 if c > 0 else None
        raise ValueError(f"unknown direction {direction!r}")

    def neighbours(self, room: int) -> list[int]:
        return [n for d in DIRECTIONS if (n := self.step(room, d)) is not None]

    def edge_between(self, a: int, b: int) -> int:
        """Canonical id of the edge between two neighbouring rooms."""
        a, b = min(a, b), max(a, b)
        if b == a + 1 and a % self.cols != self.cols - 1:
            r, c = divmod(a, self.cols)
            return r * (self.cols - 1) + c
        if b == a + self.cols:
            return self.rows * (self.cols - 1) + a
        raise ValueError(f"rooms {a} and {b} are not neighbours")

    def edge_rooms(self, edge: int) -> tuple[int, int]:
        """The two rooms an edge separates (west/north one first)."""
        vertical = self.rows * (self.cols - 1)
        if not 0 <= edge < self.edge_count:
            raise ValueError(f"no edge {edge}")
        if edge < vertical:
            r, c = divmod(edge, self.cols - 1)
            a = r * self.cols + c
            return a, a + 1
        a = edge - vertical
        return a, a + self.cols

    def edge_of_side(self, room: int, side: str) -> int | None:
        """Edge on one side of a room, or None for the hull."""
        other = self.step(room, side)
        return None if other is None else self.edge_between(room, other)

    def edge_name(self, edge: int) -> tuple[int, int, str]:
        """1-based (row, col, side) naming an edge by its west/north room: side east or south."""
        a, b = self.edge_rooms(edge)
        row, col = self.row_col(a)
        return row, col, "east" if b == a + 1 else "south"

    def direction_masks(self, walls: int) -> tuple[int, int, int, int]:
        """Bit masks of rooms that may move north, east, south, west given a wall mask."""
        return _direction_masks(self, walls)


@cache
def _base_masks(grid: Grid) -> tuple[tuple[int, ...], ...]:
    """For each direction, (room bit -> edge bit) pairs for every interior edge."""
    out: list[tuple[int, ...]] = []
    for direction in DIRECTIONS:
        pairs: list[int] = []
        for room in range(grid.size):
            edge = grid.edge_of_side(room, direction)
            pairs.append(-1 if edge is None else edge)
        out.append(tuple(pairs))
    return tuple(out)


@cache
def _open_masks(grid: Grid) -> tuple[int, int, int, int]:
    """Rooms that may move north, east, south, west when no wall stands anywhere."""
    masks = [0, 0, 0, 0]
    for index, edges in enumerate(_base_masks(grid)):
        for room, edge in enumerate(edges):
            if edge >= 0:
                masks[index] |= 1 << room
    return masks[0], masks[1], masks[2], masks[3]


def _direction_masks(grid: Grid, walls: int) -> tuple[int, int, int, int]:
    # A lair has a handful of walls, so each closes its two sides of the open masks rather
    # than every room's four sides being checked against the wall mask (scoring does this
    # for every lair).
    north, east, south, west = _open_masks(grid)
    vertical = grid.rows * (grid.cols - 1)
    walls &= (1 << grid.edge_count) - 1
    while walls:
        low = walls & -walls
        walls ^= low
        edge = low.bit_length() - 1
        a, b = grid.edge_rooms(edge)
        if edge < vertical:
            east &= ~(1 << a)
            west &= ~(1 << b)
        else:
            south &= ~(1 << a)
            north &= ~(1 << b)
    return north, east, south, west


def expand(grid: Grid, rooms: int, masks: tuple[int, int, int, int]) -> int:
    """Rooms one step away from ``rooms`` through open edges (bit-parallel)."""
    north, east, south, west = masks
    cols = grid.cols
    return (
        ((rooms & north) >> cols)
        | ((rooms & south) << cols)
        | ((rooms & east) << 1)
        | ((rooms & west) >> 1)
    )


def bits(mask: int) -> list[int]:
    """Indices of the set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


STANDARD = Grid(5, 5)
