"""Text for people: action descriptions and a terminal view of one seat's observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import Action
from .actions import (
    BlowAgents,
    BurnAgent,
    CallAgent,
    CarryBriefcase,
    Challenge,
    Concede,
    LookAtPayoff,
    MoveAgent,
    Pass,
    PayAgent,
    PayNobody,
    PaySolomon,
    Raise,
    SetupPayoff,
    SkipPower,
    SpinAgent,
    VanishBriefcase,
    Wander,
)
from .board import Board

CELL = 10


def describe_action(action: Action) -> str:
    """One short sentence per action, as a player would say it at the table."""
    match action:
        case SetupPayoff(first, second):
            return f"Setup: 1 sovereign each on {first} and {second}"
        case PayAgent(agent, amount):
            return f"Pay off {agent} with {amount} sovereign{'s' if amount != 1 else ''}"
        case PaySolomon():
            return "Pay off Dr. Solomon with 1 sovereign"
        case PayNobody():
            return "Make a payoff to no one"
        case MoveAgent(agent, city):
            return f"{agent} to {city}"
        case BurnAgent(agent, target):
            return f"{agent} is going to burn {target}"
        case Challenge(amount):
            return f"Challenge with {amount}"
        case Pass():
            return "Pass"
        case Raise(amount):
            return f"Announce {amount}"
        case Concede():
            return "Announce no higher number"
        case CarryBriefcase(carry):
            return "Take the briefcase along" if carry else "Leave the briefcase"
        case CallAgent(agent):
            return f"Beacon calls {agent}"
        case VanishBriefcase(city):
            return f"Magician makes the briefcase reappear in {city}"
        case SpinAgent(agent):
            return f"Roulette spins {agent} away"
        case LookAtPayoff(seat, agent):
            return f"Spyglass looks at seat {seat}'s payoff on {agent}"
        case BlowAgents(city):
            return f"Tempest blows the others to {city}"
        case Wander(city):
            return f"Vagabond wanders on to {city}"
        case SkipPower():
            return "Do not use the power"
    return repr(action)


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
    for city, (col, row) in zip(board.names, board.at, strict=True):
        index = board.index(city)
        label = city[: CELL - 1]
        if city in hqs:
            label = label.upper()
        if index in board.stations:
            label += "*"
        grid[row * 2][col] = label.ljust(CELL)
        grid[row * 2 + 1][col] = (" " + "".join(marks.get(city, []))).ljust(CELL)
    return "\n".join("".join(line).rstrip() for line in grid)


def render_observation(obs: Mapping[str, Any], board: Board | None = None) -> str:
    """A readable table for one seat: map, track, agents, your secrets and the challenge."""
    lines: list[str] = []
    if board is not None and board.name == obs["map"]:
        lines.append(draw_map(obs, board))
        lines.append("  * station   CAPITALS: HQ   # briefcase   letters: agents' initials")
        lines.append("")
    else:
        lines.append(f"Map: {obs['map']}")
    track = "end of the track" if obs["track"] == 0 else f"space {obs['track']}"
    roll = f" (last roll: {obs['last_roll']})" if obs.get("last_roll") else ""
    lines.append(f"Round {obs['round']}; Dr. Solomon's die on {track}{roll}")
    lines.append(f"Briefcase in {obs['briefcase']}")
    for agent, city in obs["agents"].items():
        lines.append(f"  {agent:<9} {city if city is not None else 'burnt'}")
    for seat, hq in enumerate(obs["hqs"]):
        tags = []
        if seat == obs["current"]:
            tags.append("to play")
        if obs["restricted"][seat]:
            tags.append("RESTRICTED")
        known = {a: n for a, n in obs["known_at_least"][seat].items() if n}
        if known:
            tags.append("revealed at least " + ", ".join(f"{a} {n}" for a, n in known.items()))
        you = " (you)" if obs.get("seat") == seat else ""
        lines.append(
            f"Seat {seat}{you}: HQ {hq}; {obs['payoffs_made'][seat]} payoffs; " + "; ".join(tags)
        )
    you_view = obs.get("you")
    if you_view is not None:
        paid = ", ".join(f"{a} {n}" for a, n in you_view["payoffs"].items() if n) or "nothing"
        lines.append(
            f"Behind your shield: reserve {you_view['reserve']}; paid {paid}; "
            f"starting token {you_view['starting_token']}"
        )
        for note in you_view["spied"]:
            lines.append(
                f"  Spyglass saw seat {note['seat']} with {note['amount']} on {note['agent']}"
                f" (round {note['round']})"
            )
    pending = obs.get("pending")
    if pending is not None:
        what = (
            f"{pending['agent']} to {pending['to']}"
            if pending["kind"] == "move"
            else f"{pending['agent']} burns {pending['target']}"
        )
        lines.append(f"Seat {pending['seat']} announced: {what}")
        if pending["challenger"] is not None:
            lines.append(
                f"  Seat {pending['challenger']} challenges; numbers so far: "
                + ", ".join(str(b) for b in pending["bids"])
            )
    if obs["phase"] == "over":
        reason = "the briefcase reached an HQ" if obs["end_reason"] == "hq" else "Dr. Solomon"
        lines.append(f"Game over ({reason}); winners: {obs['winners']}")
    return "\n".join(lines)
