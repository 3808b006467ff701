"""Text for people: action descriptions and a terminal view of one seat's observation, in
the seat's language (English unless a translator is given). The words live in :mod:`.text`;
the map keeps the cities' names as printed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core import Action, Event
from ...i18n import ENGLISH, Translator
from .board import Board
from .text import BriefcaseText

CELL = 10


def describe_action(action: Action, tr: Translator = ENGLISH) -> str:
    """One short sentence per action, as a player would say it at the table."""
    return BriefcaseText(tr).action(action)


def _initials(obs: Mapping[str, Any]) -> dict[str, list[str]]:
    """Agent initials per city, plus ``#`` for the briefcase."""
    here: dict[str, list[str]] = {}
    for agent, city in obs["agents"].items():
        if city is not None:
            here.setdefault(city, []).append(agent[0])
    here.setdefault(obs["briefcase"], []).append("#")
    return here


def draw_map(obs: Mapping[str, Any], board: Board) -> str:
    """The board on a grid: names, ``*`` for stations, HQs in capitals, agents and ``#``."""
    columns, rows = board.size
    grid = [[" " * CELL for _ in range(columns)] for _ in range(rows * 2)]
    marks = _initials(obs)
    hqs = set(obs["hqs"])
    taken = set(board.at)
    for index, (city, (col, row)) in enumerate(zip(board.names, board.at, strict=True)):
        label = city.upper() if city in hqs else city
        if index in board.stations:
            label += "*"
        # A long name may run into the next cell only when that cell is empty.
        room = CELL * 2 if (col + 1, row) not in taken and col + 1 < columns else CELL - 1
        grid[row * 2][col] = label[:room].ljust(CELL)
        grid[row * 2 + 1][col] = (" " + "".join(marks.get(city, []))).ljust(CELL)
    return "\n".join("".join(line).rstrip() for line in grid)


def red_lines(obs: Mapping[str, Any], board: Board, tr: Translator = ENGLISH) -> list[str]:
    """Where agents can go: the red lines from every city with an agent or the briefcase."""
    busy = {c for c in obs["agents"].values() if c is not None} | {obs["briefcase"]}
    lines = [tr.gettext("Red lines (and * stations, one move apart from each other):")]
    for city in sorted(busy, key=board.index):
        index = board.index(city)
        ends = ", ".join(sorted(board.names[c] for c in board.red_neighbours(index)))
        star = "*" if index in board.stations else ""
        lines.append(f"  {city}{star}: {ends}")
    return lines


def render_observation(
    obs: Mapping[str, Any], board: Board | None = None, tr: Translator = ENGLISH
) -> str:
    """A readable table for one seat: map, track, agents, your secrets and the challenge."""
    lines: list[str] = []
    if board is not None and board.key == obs.get("map_key", board.key):
        lines.append(draw_map(obs, board))
        lines.append(
            "  " + tr.gettext("* station   CAPITALS: HQ   # briefcase   letters: agents' initials")
        )
        lines.extend(red_lines(obs, board, tr))
        lines.append("")
    else:
        lines.append(tr.gettext("Map: {map}").format(map=obs["map"]))
    lines.extend(BriefcaseText(tr).status(obs))
    return "\n".join(lines)


def action_groups(
    actions: Sequence[Action], tr: Translator = ENGLISH
) -> list[tuple[str, list[Action]]]:
    """Menu headings: payoffs per agent, challenge numbers and Spyglass looks per seat are
    gathered; everything else is a heading of its own."""
    return BriefcaseText(tr).action_groups(actions)


def describe_event(event: Event, viewer: int | None, tr: Translator = ENGLISH) -> str | None:
    """One line of table talk per event, as the person at ``viewer`` would hear it."""
    return BriefcaseText(tr).event(event, viewer)
