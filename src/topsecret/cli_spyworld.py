"""``topsecret spyworld``: tools for SpyWorld players (mounted by the main command)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from .core import DataFileError
from .games.spyworld.components import agent_by_id, gadget_by_id, sheet
from .games.spyworld.explorer import explorer_kit
from .games.spyworld.lair import lair_faults, load_lair_sheet
from .games.spyworld.render import LEGEND, draw_lair
from .games.spyworld.solver import solve

app = typer.Typer(
    help="SpyWorld tools: find the best exploration of a finished lair.", no_args_is_help=True
)


def _stat(given: int | None, table: dict[str, Any], key: str, path: Path) -> int:
    value = given if given is not None else table.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise DataFileError(f"{path}: [explorer] '{key}' must be a whole number of points")
    return value


@app.command("solve")
def solve_command(
    lair_file: Annotated[
        Path,
        typer.Argument(
            # Rich would read "[explorer]" as markup and drop it: the backslash keeps it.
            help="A finished lair sheet (TOML): board, rooms, walls and an optional "
            "\\[explorer] table."
        ),
    ],
    agent: Annotated[
        str | None,
        typer.Option("--agent", help="Agent id whose power the explorer uses (e.g. agent_42)."),
    ] = None,
    movement: Annotated[
        int | None, typer.Option("--movement", "-m", help="Movement points (overrides the file).")
    ] = None,
    stealth: Annotated[
        int | None, typer.Option("--stealth", "-s", help="Stealth points (overrides the file).")
    ] = None,
    combat: Annotated[
        int | None, typer.Option("--combat", "-c", help="Combat points (overrides the file).")
    ] = None,
    gadget: Annotated[
        list[str] | None,
        typer.Option(
            "--gadget",
            "-g",
            help="A gadget held, by id or number; add ':expert' for its Expert side. Repeatable.",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the best exploration as JSON.")
    ] = False,
    max_states: Annotated[
        int | None,
        typer.Option(
            "--max-states",
            min=1,
            help="Stop after this many search states and print the best found (not proven).",
        ),
    ] = None,
    allow_illegal: Annotated[
        bool,
        typer.Option(
            "--allow-illegal",
            help="Solve a lair the drawing rules forbid anyway (a warning says so).",
        ),
    ] = False,
) -> None:
    """The exact best exploration of a finished lair, with its path.

    Best means most value stolen, then most Sentries neutralised, then most rooms explored.
    A lair the rules forbid (a wall on an exit of the starting square or a No Walls Here
    edge, a Shark Pool or Robot in the entryway) is refused, naming the rule, unless
    --allow-illegal is given.
    """
    try:
        lair, table = load_lair_sheet(lair_file)
        stats = (
            _stat(movement, table, "movement", lair_file),
            _stat(stealth, table, "stealth", lair_file),
            _stat(combat, table, "combat", lair_file),
        )
        names = gadget if gadget is not None else table.get("gadgets", [])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise DataFileError(f"{lair_file}: [explorer] 'gadgets' must be a list of names")
        held = []
        for name in names:
            base, _, side = name.partition(":")
            if side not in ("", "normal", "expert"):
                raise DataFileError(f"gadget side must be normal or expert, not {side!r}")
            held.append((gadget_by_id(base), side == "expert"))
        agent_id = agent if agent is not None else table.get("agent")
        if agent_id is not None and not isinstance(agent_id, str):
            raise DataFileError(f"{lair_file}: [explorer] 'agent' must be an agent id")
        chosen = agent_by_id(agent_id) if agent_id else None
    except DataFileError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    faults = lair_faults(lair)
    if faults and not allow_illegal:
        typer.echo(f"error: {lair_file} is not a legal lair:", err=True)
        for fault in faults:
            typer.echo(f"  - {fault}", err=True)
        typer.echo("(--allow-illegal solves it anyway)", err=True)
        raise typer.Exit(2)
    for fault in faults:
        typer.echo(f"warning: illegal lair: {fault}", err=True)
    if chosen is not None and not lair.board.agents:
        typer.echo(f"note: {lair.board.name} uses no Agent cards; the power is ignored", err=True)
        chosen = None
    plan = solve(lair, explorer_kit(stats, held, chosen), max_states=max_states)
    if as_json:
        answer = plan.to_json(lair)
        if faults:
            answer["illegal_lair"] = faults
        typer.echo(json.dumps(answer, indent=2))
        return
    grid = sheet().grid
    typer.echo(
        f"{lair.board.name}: explorer M/S/C {stats[0]}/{stats[1]}/{stats[2]}"
        + (f", agent {chosen.name}" if chosen else "")
        + (f", gadgets {', '.join(g.name for g, _ in held)}" if held else "")
    )
    if faults:
        typer.echo("This answer is for an illegal lair (see the warnings above).")
    typer.echo(
        f"{'Best' if plan.exact else 'Best found (search cut short)'} exploration: "
        f"{plan.value} stolen, {plan.sentries} Sentries neutralised, {plan.rooms} rooms explored"
    )
    for item, stat in plan.boosts:
        typer.echo(f"  first use item {item} for {stat}")
    for number, step in enumerate(plan.steps, 1):
        row, col = grid.row_col(step.room)
        how = "teleport to" if step.teleport else f"{step.direction} to"
        extra = []
        if step.use:
            extra.append(f"using item {step.use}")
        if step.stealth:
            extra.append(f"{step.stealth} Stealth into the Shark Pool")
        if not step.new:
            extra.append("backtrack")
        suffix = f" ({', '.join(extra)})" if extra else ""
        typer.echo(f"  {number:2}. {how} row {row}, column {col}{suffix}")
    visited = {r for r in range(grid.size) if plan.explored >> r & 1}
    typer.echo(
        draw_lair(
            list(lair.rooms),
            lair.walls,
            blocked=lair.board.blocked,
            visited=visited,
            entryway=sheet().entryway,
        )
    )
    typer.echo(LEGEND)


@app.command("example")
def example_command(
    board: Annotated[str, typer.Option(help="Lair board id for the example sheet.")] = "superyacht",
) -> None:
    """Print an example lair sheet to start from (save it and edit it)."""
    text = f'''board = "{board}"
# Two-letter codes: .. empty, >> start, XX blocked, La Lasers, Sa Giant Saw, Sh Shark Pool,
# Do Guard Dog, Gu Guard, Ro Robot, $1 $2 $3 Secrets. Walls: "row,col,side".
rooms = [
  "$3 Gu .. Sa $1",
  "Do .. La .. Ro",
  "$2 Sh .. Gu $2",
  "La Do .. Sa ..",
  ".. .. >> .. $1",
]
walls = ["2,2,east", "3,4,south"]

[explorer]
movement = 12
stealth = 8
combat = 6
gadgets = ["laser_drill"]
'''
    typer.echo(text, nl=False)


def main() -> None:  # pragma: no cover - the lead mounts ``app`` under ``topsecret``
    app()
