"""Terminal views: a lair drawn with its walls and contents, and a seat's whole table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .components import NAMES, agents, gadgets, lair_board, missions, sheet
from .grid import Grid
from .lair import BLOCKED_CODE, CODES, START_CODE
from .text import mission_requirement

LEGEND = (
    "La Lasers  Sa Giant Saw  Sh Shark Pool | Do Guard Dog  Gu Guard  Ro Robot | "
    "$1 $2 $3 Secrets | >> start  XX blocked  ## wall  * explored  @ agent"
)


def draw_lair(
    rooms: list[str],
    walls: int,
    *,
    grid: Grid | None = None,
    start: int | None = None,
    blocked: frozenset[int] = frozenset(),
    visited: set[int] | None = None,
    pos: int | None = None,
    entryway: frozenset[int] = frozenset(),
) -> str:
    """An ASCII lair: rooms 4 characters wide, walls drawn as ## and | on the edges."""
    rules = sheet()
    grid = grid or rules.grid
    start = rules.start if start is None else start
    visited = visited or set()
    cols = grid.cols
    header = "     " + "".join(f"  {c}  " for c in range(1, cols + 1))
    lines = [header, "    +" + "----+" * cols]
    for r in range(grid.rows):
        cells = []
        for c in range(cols):
            room = r * cols + c
            if room == start:
                code = START_CODE
            elif room in blocked:
                code = BLOCKED_CODE
            else:
                code = CODES[rooms[room]]
            mark = "@" if room == pos else ("*" if room in visited else " ")
            if room in entryway and mark == " " and room != start:
                mark = "."
            cells.append(f"{mark}{code} ")
        row_text = f"  {r + 1} |"
        for c in range(cols):
            row_text += cells[c]
            if c < cols - 1:
                edge = grid.edge_between(r * cols + c, r * cols + c + 1)
                row_text += "#" if walls >> edge & 1 else " "
            else:
                row_text += "|"
        lines.append(row_text)
        if r < grid.rows - 1:
            sep = "    +"
            for c in range(cols):
                edge = grid.edge_between(r * cols + c, (r + 1) * cols + c)
                sep += ("####" if walls >> edge & 1 else "    ") + "+"
            lines.append(sep)
    lines.append("    +" + "----+" * cols)
    return "\n".join(lines)


def render_observation(obs: Mapping[str, Any]) -> str:
    rules = sheet()
    grid = rules.grid
    try:
        board = lair_board(obs["board_name"])
        blocked = board.blocked
        board_text = f"{board.name} (lair {board.number})"
    except Exception:
        blocked = frozenset()
        board_text = obs["board"]
    seat = obs["seat"]
    out = [f"SpyWorld - {board_text} - phase {obs['phase']}, round {obs['round']}"]
    if obs["phase"] in ("choose", "resolve", "missions", "agents"):
        cards = []
        for slot, card in enumerate(obs["faceup"]):
            label = NAMES[card["front"]] + (f" +{card['points']}" if card["points"] else "")
            cards.append(
                f"[{slot + 1}] {label} (deck back {obs['top_backs'][slot]}): {card['offer']}"
            )
        out.append("Cards: " + "\n       ".join(cards))
        ms = []
        for slot, m in enumerate(obs["missions"]):
            mission = next(x for x in missions() if x.id == m["id"])
            state = "claimed" if m["claimed"] else f"{mission.money}$ or {mission.points} pts"
            ms.append(f"({slot + 1}) {mission.name}: {mission_requirement(mission)} - {state}")
        out.append("Missions: " + "; ".join(ms))
        if obs["last_choices"]:
            choices = []
            for who, choice in obs["last_choices"].items():
                taken = ", ".join(str(s + 1) for s in choice) if choice != "pass" else ""
                choices.append(f"seat {who} {'took ' + taken if taken else 'passed'}")
            out.append("Last round: " + "; ".join(choices))
    runs = obs.get("runs") or [None] * obs["players"]
    explorer_of = obs.get("explorer_of")
    for owner, sh in enumerate(obs["sheets"]):
        who = "you" if owner == seat else f"seat {owner}"
        visited: set[int] = set()
        pos = None
        if explorer_of is not None:
            run = runs[explorer_of[owner]]
            if run:
                visited = {grid.room(r, c) for r, c in run["visited"]}
                pos = grid.room(*run["pos"])
        stats = "/".join(str(v) for v in sh["stats"])
        gadget_names = ", ".join(gadgets()[g - 1].name for g in sh["gadgets"]) or "none"
        agent = sh["agent"]
        agent_text = next((a.name for a in agents() if a.id == agent), "hidden") if agent else "-"
        out.append(
            f"\nLair of {who}: budget {sh['budget']} (earned {sh['earned']}/40), "
            f"M/S/C {stats}, gadgets: {gadget_names}, agent: {agent_text}, "
            f"bonus actions used {sh['bonus_used']}/5"
        )
        out.append(
            draw_lair(
                sh["rooms"],
                sh["walls"],
                blocked=blocked,
                visited=visited,
                pos=pos,
                entryway=rules.entryway,
            )
        )
    if obs.get("runs"):
        for s, run in enumerate(obs["runs"]):
            if run:
                out.append(
                    f"Seat {s} explores: rooms {run['rooms']}, sentries {run['sentries']}, "
                    f"stolen {run['stolen']}, left M/S/C {'/'.join(map(str, run['stats']))}"
                    f"{' (done)' if run['done'] else ''}"
                )
    if obs.get("results"):
        res = obs["results"]
        out.append("\nFinal scores:")
        for s in range(obs["players"]):
            out.append(
                f"  seat {s}: {res['total'][s]} ({res['ranks'][s]}) = kept {res['remaining'][s]}"
                f" + stolen {res['stolen'][s]} + budget {res['budget'][s]}"
                f" + rewards {res['trapper'][s] + res['explorer'][s] + res['brutal'][s]}"
                f" {res['gadget_lover'][s]:+d} gadgets + missions {res['missions'][s]}"
            )
        if res.get("play_again"):
            tied = " and ".join(f"seat {s}" for s in res["play_again"])
            out.append(f"  {tied} tie for the win: tied players play again (Rulebook 003).")
    out.append(LEGEND)
    return "\n".join(out)
