"""A lair as drawn on a game sheet: what each room holds and where the walls are.

:class:`Lair` is an immutable picture used by exploration, scoring and the solver. It can be
read from and written to a small TOML "lair sheet" format so a finished lair can be solved
outside a game (``topsecret spyworld solve``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core import DataFileError
from ...core.data import load_toml
from ...i18n import N_
from .components import (
    NAMES,
    SECRETS,
    SENTRIES,
    TRAPS,
    UPGRADES,
    LairBoard,
    lair_board,
    parse_lair,
    sheet,
)
from .grid import Grid, bits, expand

#: Two-letter codes used in lair sheets and terminal views.
CODES = {
    "": "..",
    "lasers": "La",
    "giant_saw": "Sa",
    "shark_pool": "Sh",
    "guard_dog": "Do",
    "guard": "Gu",
    "robot": "Ro",
    "secret1": "$1",
    "secret2": "$2",
    "secret3": "$3",
}
KINDS_BY_CODE = {code: kind for kind, code in CODES.items()}
START_CODE = ">>"
BLOCKED_CODE = "XX"


@dataclass(frozen=True, slots=True)
class Lair:
    """Rooms (upgrade kind or "" per room), a wall bit mask over edge ids, and the board."""

    board: LairBoard
    rooms: tuple[str, ...]
    walls: int
    grid: Grid
    start: int

    @classmethod
    def empty(cls, board: LairBoard) -> Lair:
        s = sheet()
        return cls(board, ("",) * s.grid.size, 0, s.grid, s.start)

    def open_masks(self, extra_open: int = -1) -> tuple[int, int, int, int]:
        walls = self.walls if extra_open < 0 else self.walls & ~(1 << extra_open)
        return self.grid.direction_masks(walls)

    @property
    def allowed(self) -> int:
        """Rooms an explorer may ever stand in (blocked rooms excluded)."""
        mask = (1 << self.grid.size) - 1
        for room in self.board.blocked:
            mask &= ~(1 << room)
        return mask

    def reachable(self) -> int:
        """Rooms reachable from the start without crossing a wall (costs ignored)."""
        masks = self.open_masks()
        allowed = self.allowed
        seen = 1 << self.start
        layer = seen
        while layer:
            layer = expand(self.grid, layer, masks) & allowed & ~seen
            seen |= layer
        return seen

    def secret_rooms(self) -> list[int]:
        return [i for i, kind in enumerate(self.rooms) if kind in SECRETS]

    def walled_off_secrets(self) -> list[int]:
        """Rulebook 003 §Walled Off Secrets: Secrets no path from the start can reach."""
        reach = self.reachable()
        return [room for room in self.secret_rooms() if not reach >> room & 1]

    def secret_value(self, room: int) -> int:
        kind = self.rooms[room]
        return self.board.secrets[kind].end if kind in SECRETS else 0

    def count(self, kinds: tuple[str, ...]) -> int:
        return sum(1 for kind in self.rooms if kind in kinds)

    def wall_count(self) -> int:
        return bin(self.walls).count("1")

    # -- lair sheets (TOML) ------------------------------------------------------------

    def to_toml(self, explorer: Mapping[str, Any] | None = None) -> str:
        """This lair as a lair sheet; ``explorer`` adds an [explorer] table."""
        lines = [f'board = "{self.board.id}"', "rooms = ["]
        for r in range(self.grid.rows):
            cells = []
            for c in range(self.grid.cols):
                room = r * self.grid.cols + c
                if room == self.start:
                    cells.append(START_CODE)
                elif room in self.board.blocked:
                    cells.append(BLOCKED_CODE)
                else:
                    cells.append(CODES[self.rooms[room]])
            lines.append(f'  "{" ".join(cells)}",')
        lines.append("]")
        names = []
        for edge in bits(self.walls):
            row, col, side = self.grid.edge_name(edge)
            names.append(f'"{row},{col},{side}"')
        lines.append(f"walls = [{', '.join(names)}]")
        if explorer:
            lines.append("")
            lines.append("[explorer]")
            for key, value in explorer.items():
                if isinstance(value, str):
                    lines.append(f'{key} = "{value}"')
                elif isinstance(value, list):
                    lines.append(f"{key} = [{', '.join(repr(v) for v in value)}]".replace("'", '"'))
                else:
                    lines.append(f"{key} = {value}")
        return "\n".join(lines) + "\n"


def parse_lair_sheet(data: Mapping[str, Any], where: str) -> Lair:
    """A finished lair from a parsed lair sheet (see :meth:`Lair.to_toml`)."""
    s = sheet()
    grid = s.grid
    if "board_file" in data:
        path = data["board_file"]
        if not isinstance(path, str):
            raise DataFileError(f"{where}: 'board_file' must be a path")
        board = parse_lair(load_toml(path), path)
    else:
        name = data.get("board", "polar_base")
        if not isinstance(name, str):
            raise DataFileError(f"{where}: 'board' must be a lair id")
        board = lair_board(name)
    raw = data.get("rooms")
    if not isinstance(raw, list) or len(raw) != grid.rows:
        raise DataFileError(f"{where}: 'rooms' must be {grid.rows} lines of {grid.cols} codes")
    rooms: list[str] = []
    for r, line in enumerate(raw, 1):
        if not isinstance(line, str):
            raise DataFileError(f"{where}: rooms line {r} must be text")
        codes = line.split()
        if len(codes) != grid.cols:
            raise DataFileError(f"{where}: rooms line {r} has {len(codes)} codes, not {grid.cols}")
        for c, code in enumerate(codes, 1):
            room = grid.room(r, c)
            if code == START_CODE:
                if room != s.start:
                    raise DataFileError(f"{where}: the start is at {grid.row_col(s.start)}")
                rooms.append("")
            elif code == BLOCKED_CODE:
                if room not in board.blocked:
                    raise DataFileError(f"{where}: room ({r},{c}) is not blocked on this board")
                rooms.append("")
            elif code in KINDS_BY_CODE:
                if room == s.start and code != "..":
                    raise DataFileError(f"{where}: the starting square cannot be upgraded")
                if room in board.blocked and code != "..":
                    raise DataFileError(f"{where}: room ({r},{c}) is blocked on this board")
                rooms.append(KINDS_BY_CODE[code])
            else:
                known = ", ".join(sorted({*KINDS_BY_CODE, START_CODE, BLOCKED_CODE}))
                raise DataFileError(f"{where}: unknown code {code!r} at ({r},{c}); use {known}")
    walls = 0
    raw_walls = data.get("walls", [])
    if not isinstance(raw_walls, list):
        raise DataFileError(f"{where}: 'walls' must be a list like [\"2,3,east\"]")
    for text in raw_walls:
        parts = text.split(",") if isinstance(text, str) else []
        if len(parts) != 3 or not parts[0].strip().isdigit() or not parts[1].strip().isdigit():
            raise DataFileError(f'{where}: a wall is written "row,col,side", not {text!r}')
        row, col, side = int(parts[0]), int(parts[1]), parts[2].strip()
        if not grid.contains(row, col) or side not in ("north", "east", "south", "west"):
            raise DataFileError(f"{where}: wall {text!r} is not on the grid")
        edge = grid.edge_of_side(grid.room(row, col), side)
        if edge is None:
            raise DataFileError(f"{where}: wall {text!r} is on the lair's outer hull")
        walls |= 1 << edge
    assert all(kind in ("", *UPGRADES) for kind in rooms)
    return Lair(board, tuple(rooms), walls, grid, s.start)


def lair_faults(lair: Lair) -> list[str]:
    """What a lair breaks of the drawing rules, each with its rule (empty: a legal lair).

    Rulebook 003 §Starting Square and Entryway: "Shark Pools and Robots cannot be placed on
    the squares of the entryway"; §If the chosen card is a Wall: "You cannot place a wall on
    the starting square; all its exits must remain open"; the sheet's "No Walls Here" marks.
    Whether the start's room is upgraded or a blocked room used is refused while reading.
    """
    return [template.format(**params) for template, params in lair_fault_messages(lair)]


def lair_fault_messages(lair: Lair) -> list[tuple[str, dict[str, str]]]:
    """:func:`lair_faults` as catalogue messages and their parameters, for a reader's
    language: the room's name and the rule are catalogue messages too."""
    s = sheet()
    grid = lair.grid
    faults: list[tuple[str, dict[str, str]]] = []
    for room in sorted(s.entryway):
        if lair.rooms[room] in s.entry_forbidden:
            row, col = grid.row_col(room)
            faults.append(
                (
                    N_(
                        "a {room} in the entryway at ({row},{col}): Shark Pools and Robots "
                        "cannot be placed on the squares of the entryway ({rule})"
                    ),
                    {
                        "room": NAMES[lair.rooms[room]],
                        "row": str(row),
                        "col": str(col),
                        "rule": N_("Rulebook 003 §Starting Square and Entryway"),
                    },
                )
            )
    for edge in bits(lair.walls):
        row, col, side = grid.edge_name(edge)
        wall = {
            "wall": f"{row},{col},{side}",
            "rule": N_("Rulebook 003 §If the chosen card is a Wall"),
        }
        if lair.start in grid.edge_rooms(edge):
            faults.append(
                (
                    N_(
                        'a wall "{wall}" on an exit of the starting square: all its exits '
                        "must remain open ({rule})"
                    ),
                    wall,
                )
            )
        elif edge in s.no_wall_edges:
            faults.append(
                (
                    N_('a wall "{wall}" on an edge marked No Walls Here ({rule}, the game sheet)'),
                    wall,
                )
            )
    return faults


def load_lair_sheet(path: str | Path) -> tuple[Lair, dict[str, Any]]:
    """A finished lair and its optional [explorer] table from a lair sheet file."""
    data = load_toml(path)
    explorer = data.get("explorer", {})
    if not isinstance(explorer, dict):
        raise DataFileError(f"{path}: [explorer] must be a table")
    return parse_lair_sheet(data, str(path)), explorer


__all__ = [
    "CODES",
    "SENTRIES",
    "TRAPS",
    "Lair",
    "lair_fault_messages",
    "lair_faults",
    "load_lair_sheet",
    "parse_lair_sheet",
]
