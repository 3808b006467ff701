"""Text for people: action descriptions and a terminal view of one seat's observation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core import Action, Event
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


def red_lines(obs: Mapping[str, Any], board: Board) -> list[str]:
    """Where agents can go: the red lines from every city with an agent or the briefcase."""
    busy = {c for c in obs["agents"].values() if c is not None} | {obs["briefcase"]}
    lines = ["Red lines (and * stations, one move apart from each other):"]
    for city in sorted(busy, key=board.index):
        index = board.index(city)
        ends = ", ".join(sorted(board.names[c] for c in board.red_neighbours(index)))
        star = "*" if index in board.stations else ""
        lines.append(f"  {city}{star}: {ends}")
    return lines


def render_observation(obs: Mapping[str, Any], board: Board | None = None) -> str:
    """A readable table for one seat: map, track, agents, your secrets and the challenge."""
    lines: list[str] = []
    if board is not None and board.name == obs["map"]:
        lines.append(draw_map(obs, board))
        lines.append("  * station   CAPITALS: HQ   # briefcase   letters: agents' initials")
        lines.extend(red_lines(obs, board))
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


def action_groups(actions: Sequence[Action]) -> list[tuple[str, list[Action]]]:
    """Menu headings: payoffs per agent, challenge numbers and Spyglass looks per seat are
    gathered; everything else is a heading of its own."""
    groups: dict[str, list[Action]] = {}
    for action in actions:
        match action:
            case PayAgent(agent, _):
                key = f"Pay off {agent}"
            case Challenge(_):
                key = "Challenge"
            case Raise(_):
                key = "Announce a higher number"
            case LookAtPayoff(seat, _):
                key = f"Spyglass looks at seat {seat}'s payoffs"
            case _:
                key = describe_action(action)
        groups.setdefault(key, []).append(action)
    out: list[tuple[str, list[Action]]] = []
    for key, members in groups.items():
        amounts = [getattr(a, "amount", None) for a in members]
        if len(members) == 1:
            key = describe_action(members[0])
        elif all(isinstance(x, int) for x in amounts):
            key = f"{key} ({amounts[0]}-{amounts[-1]})"
        out.append((key, members))
    return out


def _who(seat: Any, viewer: int | None) -> str:
    return "You" if seat == viewer else f"Seat {seat}"


def _says(seat: Any, viewer: int | None, verb: str) -> str:
    """``"You pass"`` or ``"Seat 2 passes"``."""
    if seat == viewer:
        return f"You {verb}"
    ending = "es" if verb.endswith(("s", "sh", "ch")) else "s"
    head, _, rest = verb.partition(" ")
    return f"Seat {seat} {head}{ending}{' ' + rest if rest else ''}"


def describe_event(event: Event, viewer: int | None) -> str | None:
    """One line of table talk per event, as the person at ``viewer`` would hear it."""
    d = event.data
    who = _who(d.get("seat"), viewer)
    match event.kind:
        case "chosen":
            return f"{who} placed the setup coins"
        case "my_choice":
            return None
        case "setup_done":
            return "Setup done. " + _says(d["first_player"], viewer, "play first")
        case "turn":
            whose = "your" if d["seat"] == viewer else f"seat {d['seat']}'s"
            return f"Round {d['round']}: {whose} turn"
        case "payoff":
            return f'{who}: "I am making a payoff"'
        case "paid":
            if d["agent"] is None:
                return "(you paid no one)"
            return f"(you paid {d['amount']} to {d['agent']})"
        case "announce":
            if d["action"] == "move":
                return f'{who}: "{d["agent"]} to {d["to"]}"'
            return f'{who}: "{d["agent"]} is going to burn {d["target"]}"'
        case "pass":
            return _says(d["seat"], viewer, "pass")
        case "challenge":
            return _says(d["seat"], viewer, "challenge") + f": {d['amount']}"
        case "raise":
            return f"{who}: {d['amount']}"
        case "concede":
            return _says(d["seat"], viewer, "go no higher")
        case "challenge_won":
            return f"{who} won the challenge: the action does not happen"
        case "challenge_lost":
            return f"{who} lost the challenge"
        case "restricted":
            return _says(d["seat"], viewer, "hang the RESTRICTED marker")
        case "unrestricted":
            return _says(d["seat"], viewer, "take the RESTRICTED marker down")
        case "moved":
            return f"{d['agent']} moves from {d['origin']} to {d['city']}"
        case "briefcase":
            return f"The briefcase goes with {d['by']} to {d['city']}"
        case "briefcase_left":
            return f"The briefcase stays in {d['city']}"
        case "power":
            return _describe_power(d, viewer)
        case "power_skipped":
            return f"{d['agent']}'s power is not used"
        case "spied":
            return f"(Spyglass shows you: seat {d['seat']} paid {d['amount']} on {d['agent']})"
        case "burnt":
            removes = _says(d["seat"], viewer, f"remove {d['removed']} sovereigns from {d['by']}")
            return f"{d['agent']} is burnt by {d['by']}. {removes}"
        case "solomon_advances":
            where = "the end of the track" if d["space"] == 0 else f"space {d['space']}"
            return f"Dr. Solomon advances his die to {where}"
        case "solomon_rolls":
            shown = "Dr. Solomon!" if d["face"] == "solomon" else "a blank face"
            return f"Dr. Solomon rolls his die: {shown}"
        case "game_over":
            names = ", ".join(_who(s, viewer) for s in d["winners"])
            why = "the briefcase reached an HQ" if d["reason"] == "hq" else "Dr. Solomon's roll"
            return f"Game over ({why}). Winner{'s' if len(d['winners']) > 1 else ''}: {names}"
    return None


def _describe_power(d: Mapping[str, Any], viewer: int | None) -> str:
    agent = d["agent"]
    if "briefcase" in d:
        return f"{agent} makes the briefcase reappear in {d['briefcase']}"
    if "looked_at" in d:
        target = "your" if d["looked_at"] == viewer else f"seat {d['looked_at']}'s"
        return f"{agent} looks at {target} payoff on {d['payee']}"
    moved = d["moved"]
    if isinstance(moved, list):
        if not moved:
            return f"{agent} blows no one away"
        return f"{agent} blows {', '.join(moved)} to {d['city']}"
    if moved == agent:
        return f"{agent} wanders on to {d['city']}"
    return f"{agent}: {moved} goes from {d['origin']} to {d['city']}"
