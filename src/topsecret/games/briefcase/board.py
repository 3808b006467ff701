"""The map: cities, red lines, stations, HQs and start cities, loaded from TOML.

Two kinds of adjacency matter. A *move* may follow a red line or hop from one station to any
other station. An agent's *power* only ever follows red lines.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...core import DataFileError
from ...core.data import field, load_package_toml, load_toml, optional, source, table_list

PACKAGE = "topsecret.games.briefcase"
DEFAULT_MAP = "europe.toml"
AGENT_STARTS = 6


@dataclass(frozen=True, slots=True)
class Hq:
    city: int
    icon: str
    corner: str


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable map. Cities are referred to by index; ``names`` gives their names."""

    name: str
    names: tuple[str, ...]
    at: tuple[tuple[int, int], ...]
    size: tuple[int, int]
    links: tuple[frozenset[int], ...]
    stations: frozenset[int]
    hqs: tuple[Hq, ...]
    seating: tuple[tuple[int, tuple[int, ...]], ...]
    briefcase_start: int
    agent_starts: tuple[int, ...]
    #: A short fingerprint of everything above: two maps share it only if they play and draw
    #: alike, whatever their names. Observations carry it so a view can find the map in play.
    key: str = ""

    def index(self, city: str) -> int:
        """The index of a city by name; ``-1`` if the map has no such city."""
        try:
            return self.names.index(city)
        except ValueError:
            return -1

    def red_neighbours(self, city: int) -> frozenset[int]:
        """Cities one red line away (what a power may use)."""
        return self.links[city]

    def move_targets(self, city: int) -> frozenset[int]:
        """Cities a move may reach: red lines, plus every other station from a station."""
        if city in self.stations:
            return self.links[city] | (self.stations - {city})
        return self.links[city]

    def distances_from(self, city: int) -> list[int]:
        """Fewest moves from ``city`` to each city, a station hop counting as one move."""
        far = len(self.names) + 1
        dist = [far] * len(self.names)
        dist[city] = 0
        queue = deque([city])
        while queue:
            here = queue.popleft()
            for there in self.move_targets(here):
                if dist[there] == far:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist

    def hq_cities(self, players: int) -> tuple[int, ...]:
        """The HQ city of each seat at a table of ``players``."""
        return tuple(self.hqs[i].city for i in dict(self.seating)[players])

    def hq_distances(self) -> dict[str, int]:
        """Moves from the briefcase start to each HQ (all equal on a fair map)."""
        dist = self.distances_from(self.briefcase_start)
        return {self.names[hq.city]: dist[hq.city] for hq in self.hqs}


def _city(names: list[str], name: Any, where: str) -> int:
    if not isinstance(name, str) or name not in names:
        raise DataFileError(f"{where}: {name!r} is not a city of this map")
    return names.index(name)


def parse_board(data: Mapping[str, Any], where: str) -> Board:
    """Build and validate a map from parsed TOML."""
    name = field(data, "name", str, where)
    source(data, where)
    cities = table_list(data, "city", where)
    names: list[str] = []
    at: list[tuple[int, int]] = []
    columns = field(data, "columns", int, where)
    rows = field(data, "rows", int, where)
    for i, entry in enumerate(cities):
        spot = f"{where} [[city]] #{i + 1}"
        city_name = field(entry, "name", str, spot)
        source(entry, spot)
        if city_name in names:
            raise DataFileError(f"{spot}: city {city_name!r} is listed twice")
        pos = field(entry, "at", list, spot)
        if (
            len(pos) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in pos)
            or not (0 <= pos[0] < columns and 0 <= pos[1] < rows)
        ):
            raise DataFileError(
                f"{spot}: 'at' must be [column, row] inside the {columns}x{rows} grid"
            )
        if (pos[0], pos[1]) in at:
            raise DataFileError(f"{spot}: another city already sits at {pos}")
        names.append(city_name)
        at.append((pos[0], pos[1]))
    links_table = data.get("links")
    if not isinstance(links_table, dict):
        raise DataFileError(f"{where}: missing the [links] table")
    source(links_table, f"{where} [links]")
    lines = field(links_table, "lines", list, f"{where} [links]")
    neighbours: list[set[int]] = [set() for _ in names]
    for line in lines:
        if not isinstance(line, list) or len(line) != 2:
            raise DataFileError(
                f"{where} [links]: each line must be a pair of cities, not {line!r}"
            )
        a = _city(names, line[0], f"{where} [links]")
        b = _city(names, line[1], f"{where} [links]")
        if a == b:
            raise DataFileError(f"{where} [links]: {line[0]!r} cannot be linked to itself")
        neighbours[a].add(b)
        neighbours[b].add(a)
    stations_table = data.get("stations")
    if not isinstance(stations_table, dict):
        raise DataFileError(f"{where}: missing the [stations] table")
    source(stations_table, f"{where} [stations]")
    station_list = field(stations_table, "cities", list, f"{where} [stations]")
    stations = frozenset(_city(names, s, f"{where} [stations]") for s in station_list)
    hqs: list[Hq] = []
    for i, entry in enumerate(table_list(data, "hq", where)):
        spot = f"{where} [[hq]] #{i + 1}"
        source(entry, spot)
        hqs.append(
            Hq(
                _city(names, field(entry, "city", str, spot), spot),
                field(entry, "icon", str, spot),
                field(entry, "corner", str, spot),
            )
        )
    if len(hqs) != 4 or len({hq.city for hq in hqs}) != 4:
        raise DataFileError(f"{where}: the board needs four HQs in four different cities")
    seating_table = data.get("seating")
    if not isinstance(seating_table, dict):
        raise DataFileError(f"{where}: missing the [seating] table")
    source(seating_table, f"{where} [seating]")
    seating: dict[int, tuple[int, ...]] = {}
    for players in (2, 3, 4):
        chosen = seating_table.get(str(players))
        if (
            not isinstance(chosen, list)
            or len(chosen) != players
            or len(set(chosen)) != players
            or not all(isinstance(i, int) and 0 <= i < 4 for i in chosen)
        ):
            raise DataFileError(
                f"{where} [seating]: '{players}' must list {players} different HQ numbers 0-3"
            )
        seating[players] = tuple(chosen)
    start = _city(names, field(data, "briefcase_start", str, where), f"{where} briefcase_start")
    starts = tuple(
        _city(names, s, f"{where} agent_starts") for s in field(data, "agent_starts", list, where)
    )
    if len(starts) != AGENT_STARTS or len(set(starts)) != AGENT_STARTS:
        raise DataFileError(f"{where}: agent_starts must name {AGENT_STARTS} different cities")
    board = fingerprinted(
        name=name,
        names=tuple(names),
        at=tuple(at),
        size=(columns, rows),
        links=tuple(frozenset(n) for n in neighbours),
        stations=stations,
        hqs=tuple(hqs),
        seating=tuple(sorted(seating.items())),
        briefcase_start=start,
        agent_starts=starts,
    )
    _check_fair(board, optional(data, "allow_unequal_hqs", bool, False, where), where)
    _LOADED[board.key] = board
    return board


#: Every map parsed in this process, by fingerprint, so a view given only an observation can
#: draw the map that table is played on.
_LOADED: dict[str, Board] = {}


def fingerprinted(**fields: Any) -> Board:
    """A board with its ``key``: a hash of its content, name included."""

    def canonical(value: Any) -> Any:
        if isinstance(value, frozenset):
            return sorted(value)
        if isinstance(value, tuple):
            return [canonical(v) for v in value]
        if isinstance(value, Hq):
            return [value.city, value.icon, value.corner]
        return value

    content = json.dumps({k: canonical(v) for k, v in fields.items()}, sort_keys=True)
    key = hashlib.sha256(content.encode()).hexdigest()[:16]
    return Board(**fields, key=key)


def loaded_board(key: str) -> Board | None:
    """The map with this fingerprint, if this process has loaded it."""
    return _LOADED.get(key)


def _check_fair(board: Board, allow_unequal: bool, where: str) -> None:
    unreachable = [
        board.names[c] for c, d in enumerate(board.distances_from(0)) if d > len(board.names)
    ]
    if unreachable:
        raise DataFileError(f"{where}: cities cut off from the rest: {', '.join(unreachable)}")
    distances = board.hq_distances()
    if len(set(distances.values())) != 1 and not allow_unequal:
        shown = ", ".join(f"{city} {d}" for city, d in distances.items())
        raise DataFileError(
            f"{where}: every HQ must be equally far from {board.names[board.briefcase_start]} "
            f"(moves: {shown}); set allow_unequal_hqs = true to play it anyway"
        )


@cache
def default_board() -> Board:
    """The built-in map of Europe."""
    return parse_board(load_package_toml(PACKAGE, DEFAULT_MAP), DEFAULT_MAP)


@cache
def _board_from_file(path: str) -> Board:
    return parse_board(load_toml(path), path)


def load_board(path: str | Path | None = None) -> Board:
    """The map in a TOML file, or the built-in map when ``path`` is empty."""
    if not path:
        return default_board()
    return _board_from_file(str(Path(path).resolve()))


def city_names(board: Board, cities: Iterable[int]) -> list[str]:
    return [board.names[c] for c in cities]
