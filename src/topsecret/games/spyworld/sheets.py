"""A player's game sheet during planning, and the small pure rules about it."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .components import (
    NAMES,
    SECRETS,
    SENTRIES,
    TRAPS,
    Card,
    LairBoard,
    Mission,
    Sheet,
    agents,
    gadgets,
)
from .grid import Grid
from .lair import Lair

INF = 1 << 30


@dataclass(slots=True)
class PlayerSheet:
    rooms: list[str]
    walls: int = 0
    budget: int = 10
    earned: int = 0
    stats: list[int] = field(default_factory=lambda: [0, 0, 0])
    gadgets: list[int] = field(default_factory=list)
    bonus_used: int = 0
    mission_points: int = 0
    missions: list[tuple[str, str]] = field(default_factory=list)  # (mission id, reward)
    dealt: list[int] = field(default_factory=list)
    agent: int = -1
    passes: int = 0

    def clone(self) -> PlayerSheet:
        return PlayerSheet(
            list(self.rooms),
            self.walls,
            self.budget,
            self.earned,
            list(self.stats),
            list(self.gadgets),
            self.bonus_used,
            self.mission_points,
            list(self.missions),
            list(self.dealt),
            self.agent,
            self.passes,
        )

    def lair(self, board: LairBoard, grid: Grid, start: int) -> Lair:
        return Lair(board, tuple(self.rooms), self.walls, grid, start)

    def to_json(self, show_agent: bool) -> dict[str, Any]:
        return {
            "rooms": list(self.rooms),
            "walls": self.walls,
            "budget": self.budget,
            "earned": self.earned,
            "stats": list(self.stats),
            "gadgets": list(self.gadgets),
            "bonus_used": self.bonus_used,
            "mission_points": self.mission_points,
            "missions": [list(m) for m in self.missions],
            "agent": agents()[self.agent].id if show_agent and self.agent >= 0 else None,
            "dealt": [agents()[a].id for a in self.dealt] if show_agent else None,
            "passes": self.passes,
        }


def earn(sheet: PlayerSheet, amount: int, cap: int) -> int:
    """Rulebook 003 §Secrets and Budget: at most ``cap`` earned in a game; excess is lost."""
    gain = max(0, min(amount, cap - sheet.earned))
    sheet.earned += gain
    sheet.budget += gain
    return gain


def line_cost(board: LairBoard, card: Card, row: int, col: int) -> int:
    """Cost of drawing in room (row, col) for a card whose back points at a row or column.

    Rulebook 003 §If the chosen card is a Lair Upgrade: 2 per number shifted; on the
    Superyacht (board "switch" rule) 2 to turn a row number into a column number or back.
    """
    wanted, other = (row, col) if card.colour == "R" else (col, row)
    if board.upgrade_move == "shift":
        return board.upgrade_move_cost * abs(wanted - card.number)
    if wanted == card.number:
        return 0
    if other == card.number:
        return board.upgrade_move_cost
    return INF


def gadget_cost(board: LairBoard, number: int, wanted: int) -> int:
    """Rulebook 003 §If the chosen card is a Gadget: 2 per step (Superyacht: 3 for any other)."""
    if wanted == number:
        return 0
    if board.gadget_change == "step":
        return board.gadget_change_cost * abs(wanted - number)
    return board.gadget_change_cost


def gadget_count(sheet: PlayerSheet, expert: str) -> int:
    """Gadgets for the Gadget Lover penalty (the Laser Drill counts as 2)."""
    total = 0
    for number in sheet.gadgets:
        gadget = gadgets()[number - 1]
        side = gadget.expert if expert[number - 1] == "E" else gadget.normal
        total += side.counts
    return total


def secret_value(board: LairBoard, rooms: list[str]) -> int:
    return sum(board.secrets[k].end * n for k in SECRETS if (n := rooms.count(k)))


def count_kinds(rooms: list[str], kinds: tuple[str, ...]) -> int:
    """Rooms holding any of these kinds (missions ask it of every seat after every round)."""
    return sum(map(rooms.count, kinds))


def mission_met(
    mission: Mission, sheet: PlayerSheet, board: LairBoard, rules: Sheet, expert: str
) -> bool:
    cond, amount = mission.condition, mission.amount
    if cond == "sentries":
        return count_kinds(sheet.rooms, SENTRIES) >= amount
    if cond == "traps":
        return count_kinds(sheet.rooms, TRAPS) >= amount
    if cond == "walls":
        return bin(sheet.walls).count("1") >= amount
    if cond == "secret_value":
        return secret_value(board, sheet.rooms) >= amount
    if cond == "any_stat":
        return max(sheet.stats) >= amount
    if cond == "every_stat":
        return min(sheet.stats) >= amount
    if cond == "gadgets":
        return gadget_count(sheet, expert) >= amount
    if cond == "budget":
        return sheet.budget >= amount
    if cond == "full_line":
        drawn = sheet.rooms.__getitem__
        return any(
            all(map(drawn, line))
            for line in drawable_lines(rules.grid.rows, rules.grid.cols, rules.start, board.blocked)
        )
    raise ValueError(f"unknown mission condition {cond!r}")


@cache
def drawable_lines(
    rows: int, cols: int, start: int, blocked: frozenset[int]
) -> tuple[tuple[int, ...], ...]:
    """Each row, then each column, as the rooms one may draw in (lines with none left out).

    Missions are checked for every seat after every round, so the lines are worked out once
    (keyed on plain numbers: hashing the Grid dataclass would cost as much as the check).
    """
    grid = Grid(rows, cols)
    out = []
    for line in range(grid.rows + grid.cols):
        if line < grid.rows:
            rooms = [line * grid.cols + c for c in range(grid.cols)]
        else:
            rooms = [r * grid.cols + line - grid.rows for r in range(grid.rows)]
        usable = tuple(r for r in rooms if r != start and r not in blocked)
        if usable:
            out.append(usable)
    return tuple(out)


def card_label(card: Card) -> str:
    label = NAMES[card.front]
    if card.points:
        label += f" +{card.points}"
    return label
