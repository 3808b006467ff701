"""SpyWorld components read from the TOML files in ``data/``, validated on load.

Every item keeps its ``source``: ``rulebook`` when printed in the rules or on the printed
material, ``project`` when designed here. Players can load their own lair board with
:func:`load_lair_file`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ...core import DataFileError
from ...core.data import field, load_package_toml, load_toml, optional, source, table_list
from ...core.errors import N_
from .grid import Grid

PACKAGE = "topsecret.games.spyworld.data"

TRAPS = ("lasers", "giant_saw", "shark_pool")
SENTRIES = ("guard_dog", "guard", "robot")
SECRETS = ("secret1", "secret2", "secret3")
UPGRADES = TRAPS + SENTRIES + SECRETS
STATS = ("movement", "stealth", "combat")
TRAINING = STATS
CARD_FRONTS = ("wall", *UPGRADES, *TRAINING, "gadget")
EFFECTS = ("free_pass", "boost", "teleport", "secret_bonus", "drill")
MISSION_CONDITIONS = (
    "sentries",
    "traps",
    "walls",
    "secret_value",
    "any_stat",
    "every_stat",
    "gadgets",
    "full_line",
    "budget",
)
#: Largest Shark Pool damage a lair board may have (the action space holds every split).
MAX_SHARK_DAMAGE = 12

NAMES = {
    "wall": "Wall",
    "lasers": "Lasers",
    "giant_saw": "Giant Saw",
    "shark_pool": "Shark Pool",
    "guard_dog": "Guard Dog",
    "guard": "Guard",
    "robot": "Robot",
    "secret1": "Secret I",
    "secret2": "Secret II",
    "secret3": "Secret III",
    "movement": "Movement",
    "stealth": "Stealth",
    "combat": "Combat",
    "gadget": "Gadget",
}


@dataclass(frozen=True, slots=True)
class Card:
    """One planning card. ``colour`` R (a row) or B (a column); ``number`` 1-5."""

    index: int
    front: str
    colour: str
    number: int
    points: int = 0

    @property
    def back(self) -> str:
        return f"{self.colour}{self.number}"


@dataclass(frozen=True, slots=True)
class Cost:
    """What entering a room with this upgrade costs the first time (besides 1 Movement)."""

    movement: int = 0
    stealth: int = 0
    combat: int = 0
    any: int = 0  # payable from Stealth or Movement in any mix (the Shark Pool)
    source: str = "project"

    @property
    def total(self) -> int:
        return self.movement + self.stealth + self.combat + self.any


@dataclass(frozen=True, slots=True)
class SecretValue:
    now: int
    end: int
    source: str


@dataclass(frozen=True, slots=True)
class LairBoard:
    id: str
    name: str
    number: int
    agents: bool
    upgrade_move: str  # "shift": pay per row/column shifted; "switch": row <-> column
    upgrade_move_cost: int
    gadget_change: str  # "step": pay per step of the number; "any": flat cost for any other
    gadget_change_cost: int
    blocked: frozenset[int]
    special: str
    costs: Mapping[str, Cost]
    secrets: Mapping[str, SecretValue]
    source: str


@dataclass(frozen=True, slots=True)
class Effect:
    """An agent power or a gadget side, in the vocabulary the explorer understands."""

    kind: str
    targets: frozenset[str] = frozenset()
    waive: tuple[str, ...] = ()
    stats: tuple[str, ...] = ()
    amount: int = 0
    double: bool = False
    untriggered: bool = False


@dataclass(frozen=True, slots=True)
class Agent:
    id: str
    name: str
    bonus: tuple[int, int, int]
    power: Effect
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class GadgetSide:
    effect: Effect
    counts: int
    text: str


@dataclass(frozen=True, slots=True)
class Gadget:
    number: int
    id: str
    name: str
    normal: GadgetSide
    expert: GadgetSide
    source: str


@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    name: str
    condition: str
    amount: int
    money: int
    points: int
    source: str


@dataclass(frozen=True, slots=True)
class Sheet:
    grid: Grid
    start: int
    entryway: frozenset[int]
    entry_forbidden: frozenset[str]
    no_wall_edges: frozenset[int]
    start_budget: int
    beginner_bonus: int
    earn_cap: int
    pass_reward: int
    bonus_costs: tuple[int, ...]
    stat_cap: int
    decks: int
    deck_size: int
    max_rounds: int
    missions_in_play: int
    rewards: Mapping[str, int]  # trapper, gadget_lover, explorer, brutal
    ranks: tuple[tuple[int, str], ...]  # (least score, title), highest first
    rank_below_table: str
    planning_takebacks: int  # lenient: placements a seat may take back in a game


REWARDS = ("trapper", "gadget_lover", "explorer", "brutal")


# -- readers ---------------------------------------------------------------------------


def _room(grid: Grid, value: Any, where: str) -> int:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise DataFileError(f"{where}: a room is [row, col], not {value!r}")
    row, col = value
    if not grid.contains(row, col):
        raise DataFileError(f"{where}: room {value} is outside the {grid.rows}x{grid.cols} grid")
    return grid.room(row, col)


def _int(table: Mapping[str, Any], key: str, where: str, low: int = 0, default: int = 0) -> int:
    value = optional(table, key, int, default, where)
    if value < low:
        raise DataFileError(f"{where}: '{key}' must be at least {low}, not {value}")
    return value


def _names(table: Mapping[str, Any], key: str, allowed: tuple[str, ...], where: str) -> list[str]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DataFileError(f"{where}: '{key}' must be a list of names")
    for name in value:
        if name not in allowed:
            raise DataFileError(f"{where}: unknown name {name!r} in '{key}'; use {allowed}")
    return value


def parse_effect(table: Mapping[str, Any], kind_key: str, where: str) -> Effect:
    kind = field(table, kind_key, str, where)
    if kind not in EFFECTS:
        raise DataFileError(f"{where}: '{kind_key}' must be one of {EFFECTS}, not {kind!r}")
    targets = frozenset(_names(table, "targets", TRAPS + SENTRIES, where))
    waive = tuple(_names(table, "waive", ("all", *STATS), where))
    stats = tuple(_names(table, "stats", STATS, where))
    if kind == "free_pass" and (not targets or not waive):
        raise DataFileError(f"{where}: a free_pass needs 'targets' and 'waive'")
    if kind == "boost" and (not stats or _int(table, "amount", where) <= 0):
        raise DataFileError(f"{where}: a boost needs 'stats' and a positive 'amount'")
    return Effect(
        kind=kind,
        targets=targets,
        waive=waive,
        stats=stats,
        amount=_int(table, "amount", where),
        double=optional(table, "double", bool, False, where),
        untriggered=optional(table, "untriggered", bool, False, where),
    )


@cache
def sheet() -> Sheet:
    data = load_package_toml(PACKAGE, "sheet.toml")
    where = "sheet.toml"
    tables = {}
    for key in (
        "grid",
        "start",
        "entryway",
        "no_walls",
        "budget",
        "bonus_actions",
        "bonus_action_costs",
        "training",
        "rounds",
        "rewards",
        "ranks",
        "rank_below_table",
        "lenient",
    ):
        table = data.get(key)
        if not isinstance(table, dict):
            raise DataFileError(f"{where}: missing [{key}]")
        source(table, f"{where} [{key}]")
        tables[key] = table
    grid = Grid(_int(tables["grid"], "rows", where, 2), _int(tables["grid"], "cols", where, 2))
    start = _room(grid, tables["start"].get("room"), f"{where} [start]")
    entry_rooms = tables["entryway"].get("rooms")
    if not isinstance(entry_rooms, list):
        raise DataFileError(f"{where} [entryway]: 'rooms' must be a list of rooms")
    entryway = frozenset(_room(grid, r, f"{where} [entryway]") for r in entry_rooms)
    no_walls: set[int] = set()
    edges = tables["no_walls"].get("edges")
    if not isinstance(edges, list):
        raise DataFileError(f"{where} [no_walls]: 'edges' must be a list of room pairs")
    for pair in edges:
        if not isinstance(pair, list) or len(pair) != 2:
            raise DataFileError(f"{where} [no_walls]: an edge is [[row, col], [row, col]]")
        a, b = (_room(grid, r, f"{where} [no_walls]") for r in pair)
        if b not in grid.neighbours(a):
            raise DataFileError(f"{where} [no_walls]: rooms {pair} are not neighbours")
        no_walls.add(grid.edge_between(a, b))
    costs = tables["bonus_action_costs"].get("costs")
    count = _int(tables["bonus_actions"], "count", where, 0)
    if (
        not isinstance(costs, list)
        or len(costs) != count
        or not all(isinstance(c, int) and c >= 0 for c in costs)
    ):
        raise DataFileError(f"{where}: [bonus_action_costs] needs {count} whole costs")
    budget = tables["budget"]
    rounds = tables["rounds"]
    rewards = {name: _signed(tables["rewards"], name, f"{where} [rewards]") for name in REWARDS}
    return Sheet(
        grid=grid,
        start=start,
        entryway=entryway,
        entry_forbidden=frozenset(
            _names(tables["entryway"], "forbidden", UPGRADES, f"{where} [entryway]")
        ),
        no_wall_edges=frozenset(no_walls),
        start_budget=_int(budget, "start", where),
        beginner_bonus=_int(budget, "beginner_bonus", where),
        earn_cap=_int(budget, "earn_cap", where),
        pass_reward=_int(budget, "pass_reward", where),
        bonus_costs=tuple(costs),
        stat_cap=_int(tables["training"], "stat_cap", where, 1),
        decks=_int(rounds, "decks", where, 1),
        deck_size=_int(rounds, "deck_size", where, 2),
        max_rounds=_int(rounds, "max_rounds", where, 1),
        missions_in_play=_int(rounds, "missions_in_play", where, 0),
        rewards=MappingProxyType(rewards),
        ranks=_ranks(tables["ranks"].get("titles"), f"{where} [ranks]"),
        rank_below_table=field(tables["rank_below_table"], "title", str, where),
        planning_takebacks=_int(tables["lenient"], "planning_takebacks", where, 0),
    )


def _signed(table: Mapping[str, Any], key: str, where: str) -> int:
    value = table.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataFileError(f"{where}: '{key}' must be a whole number, not {value!r}")
    return value


def _ranks(value: Any, where: str) -> tuple[tuple[int, str], ...]:
    """The rank table: [least score, title] pairs, highest first."""
    if not isinstance(value, list) or not value:
        raise DataFileError(f"{where}: 'titles' must be a list of [score, title]")
    out = []
    for entry in value:
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not isinstance(entry[0], int)
            or not isinstance(entry[1], str)
        ):
            raise DataFileError(f"{where}: a rank is [least score, title], not {entry!r}")
        out.append((entry[0], entry[1]))
    if [score for score, _ in out] != sorted((score for score, _ in out), reverse=True):
        raise DataFileError(f"{where}: list the ranks from the highest score down")
    return tuple(out)


@cache
def cards() -> tuple[Card, ...]:
    data = load_package_toml(PACKAGE, "cards.toml")
    out: list[Card] = []
    for number, group in enumerate(table_list(data, "group", "cards.toml"), 1):
        where = f"cards.toml group #{number}"
        source(group, where)
        front = field(group, "front", str, where)
        if front not in CARD_FRONTS:
            raise DataFileError(f"{where}: unknown front {front!r}; use {CARD_FRONTS}")
        backs = group.get("backs")
        if not isinstance(backs, list) or not backs:
            raise DataFileError(f"{where}: 'backs' must list one back per card")
        points = group.get("points", [])
        if front in TRAINING and (not isinstance(points, list) or len(points) != len(backs)):
            raise DataFileError(f"{where}: training cards need one 'points' value per card")
        for k, back in enumerate(backs):
            if (
                not isinstance(back, str)
                or len(back) != 2
                or back[0] not in "RB"
                or back[1] not in "12345"
            ):
                raise DataFileError(f"{where}: a back is R1-R5 or B1-B5, not {back!r}")
            value = points[k] if front in TRAINING else 0
            if not isinstance(value, int) or value < 0:
                raise DataFileError(f"{where}: training points must be whole numbers")
            out.append(Card(len(out), front, back[0], int(back[1]), value))
    expected = sheet().decks * sheet().deck_size
    if len(out) != expected:
        raise DataFileError(f"cards.toml: {len(out)} cards, expected {expected}")
    return tuple(out)


def parse_lair(data: Mapping[str, Any], where: str, grid: Grid | None = None) -> LairBoard:
    """A lair board from parsed TOML (a ``[lair]`` table plus its cost tables)."""
    grid = grid or sheet().grid
    lair = data.get("lair")
    if not isinstance(lair, dict):
        raise DataFileError(f"{where}: missing the [lair] table")
    src = source(lair, f"{where} [lair]")
    upgrade_move = field(lair, "upgrade_move", str, where)
    if upgrade_move not in ("shift", "switch"):
        raise DataFileError(f"{where}: 'upgrade_move' must be 'shift' or 'switch'")
    gadget_change = field(lair, "gadget_change", str, where)
    if gadget_change not in ("step", "any"):
        raise DataFileError(f"{where}: 'gadget_change' must be 'step' or 'any'")
    blocked_raw = lair.get("blocked_rooms", [])
    if not isinstance(blocked_raw, list):
        raise DataFileError(f"{where}: 'blocked_rooms' must be a list of rooms")
    blocked = frozenset(_room(grid, r, f"{where} blocked_rooms") for r in blocked_raw)
    costs: dict[str, Cost] = {}
    for group, kinds, stats in (
        ("traps", TRAPS, ("stealth", "movement", "any")),
        ("sentries", SENTRIES, ("stealth", "combat")),
    ):
        table = data.get(group)
        if not isinstance(table, dict):
            raise DataFileError(f"{where}: missing the [{group}.*] tables")
        for kind in kinds:
            entry = table.get(kind)
            if not isinstance(entry, dict):
                raise DataFileError(f"{where}: missing [{group}.{kind}]")
            here = f"{where} [{group}.{kind}]"
            extra = set(entry) - {*stats, "source", "note"}
            if extra:
                raise DataFileError(f"{here}: {sorted(extra)} cannot apply to {group}")
            cost = Cost(
                movement=_int(entry, "movement", here),
                stealth=_int(entry, "stealth", here),
                combat=_int(entry, "combat", here),
                any=_int(entry, "any", here),
                source=source(entry, here),
            )
            if cost.any > MAX_SHARK_DAMAGE:
                raise DataFileError(f"{here}: 'any' is at most {MAX_SHARK_DAMAGE}")
            costs[kind] = cost
    secrets: dict[str, SecretValue] = {}
    table = data.get("secrets")
    if not isinstance(table, dict):
        raise DataFileError(f"{where}: missing the [secrets.*] tables")
    for kind in SECRETS:
        entry = table.get(kind)
        if not isinstance(entry, dict):
            raise DataFileError(f"{where}: missing [secrets.{kind}]")
        here = f"{where} [secrets.{kind}]"
        secrets[kind] = SecretValue(
            _int(entry, "now", here), _int(entry, "end", here), source(entry, here)
        )
    number = _int(lair, "number", where, 1)
    return LairBoard(
        id=field(lair, "id", str, where),
        name=field(lair, "name", str, where),
        number=number,
        agents=field(lair, "agents", bool, where),
        upgrade_move=upgrade_move,
        upgrade_move_cost=_int(lair, "upgrade_move_cost", where),
        gadget_change=gadget_change,
        gadget_change_cost=_int(lair, "gadget_change_cost", where),
        blocked=blocked,
        special=optional(lair, "special", str, "", where),
        costs=costs,
        secrets=secrets,
        source=src,
    )


LAIR_FILES = ("superyacht", "polar_base", "jungle_temple", "moon_base")


@cache
def lairs() -> dict[str, LairBoard]:
    """The four lair boards in the box, by id, in order of difficulty."""
    out = {}
    for name in LAIR_FILES:
        board = parse_lair(load_package_toml(PACKAGE, f"lairs/{name}.toml"), f"{name}.toml")
        if board.id != name:
            raise DataFileError(f"lairs/{name}.toml: id must be {name!r}")
        out[name] = board
    return out


def load_lair_file(path: str | Path) -> LairBoard:
    """A lair board of the player's own, from a TOML file laid out like ``data/lairs/``."""
    board = parse_lair(load_toml(path), str(path))
    if sheet().start in board.blocked:
        raise DataFileError(f"{path}: the starting square cannot be blocked")
    return board


def lair_board(name: str) -> LairBoard:
    """A boxed lair by id, or a lair file by path."""
    boxed = lairs()
    if name in boxed:
        return boxed[name]
    if name.endswith(".toml"):
        return load_lair_file(name)
    raise DataFileError.of(
        N_("unknown lair {name}; choose {choices} or a .toml file"),
        name=repr(name),
        choices=", ".join(boxed),
    )


@cache
def agents() -> tuple[Agent, ...]:
    data = load_package_toml(PACKAGE, "agents.toml")
    out = []
    for number, entry in enumerate(table_list(data, "agent", "agents.toml"), 1):
        where = f"agents.toml agent #{number}"
        out.append(
            Agent(
                id=field(entry, "id", str, where),
                name=field(entry, "name", str, where),
                bonus=(
                    _int(entry, "movement", where),
                    _int(entry, "stealth", where),
                    _int(entry, "combat", where),
                ),
                power=parse_effect(entry, "power", where),
                text=field(entry, "text", str, where),
                source=source(entry, where),
            )
        )
    if len({a.id for a in out}) != len(out):
        raise DataFileError("agents.toml: two agents share an id")
    return tuple(out)


@cache
def gadgets() -> tuple[Gadget, ...]:
    data = load_package_toml(PACKAGE, "gadgets.toml")
    out = []
    for number, entry in enumerate(table_list(data, "gadget", "gadgets.toml"), 1):
        where = f"gadgets.toml gadget #{number}"
        sides = []
        for side in ("normal", "expert"):
            table = entry.get(side)
            if not isinstance(table, dict):
                raise DataFileError(f"{where}: missing its [{side}] side")
            here = f"{where} {side}"
            sides.append(
                GadgetSide(
                    parse_effect(table, "effect", here),
                    _int(table, "counts", here),
                    field(table, "text", str, here),
                )
            )
        gadget = Gadget(
            number=_int(entry, "number", where, 1),
            id=field(entry, "id", str, where),
            name=field(entry, "name", str, where),
            normal=sides[0],
            expert=sides[1],
            source=source(entry, where),
        )
        if gadget.number != number:
            raise DataFileError(f"{where}: gadgets must be numbered 1, 2, 3... in order")
        out.append(gadget)
    if len(out) != 5:
        raise DataFileError("gadgets.toml: the game has exactly 5 gadgets (numbers 1-5)")
    return tuple(out)


@cache
def missions() -> tuple[Mission, ...]:
    data = load_package_toml(PACKAGE, "missions.toml")
    out = []
    for number, entry in enumerate(table_list(data, "mission", "missions.toml"), 1):
        where = f"missions.toml mission #{number}"
        condition = field(entry, "condition", str, where)
        if condition not in MISSION_CONDITIONS:
            raise DataFileError(f"{where}: unknown condition {condition!r}")
        out.append(
            Mission(
                id=field(entry, "id", str, where),
                name=field(entry, "name", str, where),
                condition=condition,
                amount=_int(entry, "amount", where),
                money=_int(entry, "money", where),
                points=_int(entry, "points", where),
                source=source(entry, where),
            )
        )
    return tuple(out)


def agent_by_id(agent_id: str) -> Agent:
    for agent in agents():
        if agent.id == agent_id:
            return agent
    known = ", ".join(a.id for a in agents())
    raise DataFileError(f"unknown agent {agent_id!r}; the agents are: {known}")


def gadget_by_id(gadget_id: str) -> Gadget:
    for gadget in gadgets():
        if gadget.id == gadget_id or str(gadget.number) == gadget_id:
            return gadget
    known = ", ".join(g.id for g in gadgets())
    raise DataFileError(f"unknown gadget {gadget_id!r}; the gadgets are: {known}")
