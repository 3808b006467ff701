"""``topsecret spyworld``: tools for SpyWorld players (mounted by the main command)."""

from __future__ import annotations

import json
import textwrap
import tomllib
from pathlib import Path
from typing import Annotated, Any

import typer

from .core import DataFileError
from .games.spyworld.components import agent_by_id, gadget_by_id, sheet
from .games.spyworld.explorer import explorer_kit
from .games.spyworld.lair import lair_fault_messages, load_lair_sheet, parse_lair_sheet
from .games.spyworld.render import draw_lair, legend
from .games.spyworld.solver import solve
from .games.spyworld.text import SpyWorldText
from .i18n import Translator, locale_translator, message_text


def _locale_language() -> Translator:
    return locale_translator()


def _(message: str) -> str:
    """A help text or message in the locale's language, as ``topsecret``'s own (help is
    written before any option is read)."""
    return _locale_language().gettext(message)


app = typer.Typer(
    help=_("SpyWorld tools: find the best exploration of a finished lair."),
    no_args_is_help=True,
)


def _stat(given: int | None, table: dict[str, Any], key: str, path: Path) -> int:
    value = given if given is not None else table.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise DataFileError(
            _("{path}: [explorer] '{key}' must be a whole number of points").format(
                path=path, key=key
            )
        )
    return value


@app.command(
    "solve",
    help=_(
        "The exact best exploration of a finished lair, with its path.\n\n"
        "Best means most value stolen, then most Sentries neutralised, then most rooms "
        "explored. A lair the rules forbid (a wall on an exit of the starting square or a No "
        "Walls Here edge, a Shark Pool or Robot in the entryway) is refused, naming the rule, "
        "unless --allow-illegal is given."
    ),
)
def solve_command(
    lair_file: Annotated[
        Path,
        typer.Argument(
            # Rich would read "[explorer]" as markup and drop it: the backslash keeps it.
            help=_(
                "A finished lair sheet (TOML): board, rooms, walls and an optional "
                "\\[explorer] table."
            )
        ),
    ],
    agent: Annotated[
        str | None,
        typer.Option("--agent", help=_("Agent id whose power the explorer uses (e.g. agent_42).")),
    ] = None,
    movement: Annotated[
        int | None,
        typer.Option("--movement", "-m", help=_("Movement points (overrides the file).")),
    ] = None,
    stealth: Annotated[
        int | None, typer.Option("--stealth", "-s", help=_("Stealth points (overrides the file)."))
    ] = None,
    combat: Annotated[
        int | None, typer.Option("--combat", "-c", help=_("Combat points (overrides the file)."))
    ] = None,
    gadget: Annotated[
        list[str] | None,
        typer.Option(
            "--gadget",
            "-g",
            help=_(
                "A gadget held, by id or number; add ':expert' for its Expert side. Repeatable."
            ),
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help=_("Print the best exploration as JSON."))
    ] = False,
    max_states: Annotated[
        int | None,
        typer.Option(
            "--max-states",
            min=1,
            help=_("Stop after this many search states and print the best found (not proven)."),
        ),
    ] = None,
    allow_illegal: Annotated[
        bool,
        typer.Option(
            "--allow-illegal",
            help=_("Solve a lair the drawing rules forbid anyway (a warning says so)."),
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
            raise DataFileError(
                _("{path}: [explorer] 'gadgets' must be a list of names").format(path=lair_file)
            )
        held = []
        for name in names:
            base, _sep, side = name.partition(":")
            if side not in ("", "normal", "expert"):
                raise DataFileError(
                    _("gadget side must be normal or expert, not {side}").format(side=repr(side))
                )
            held.append((gadget_by_id(base), side == "expert"))
        agent_id = agent if agent is not None else table.get("agent")
        if agent_id is not None and not isinstance(agent_id, str):
            raise DataFileError(
                _("{path}: [explorer] 'agent' must be an agent id").format(path=lair_file)
            )
        chosen = agent_by_id(agent_id) if agent_id else None
    except DataFileError as exc:
        typer.echo(_("error: {message}").format(message=exc), err=True)
        raise typer.Exit(2) from None
    words = SpyWorldText(_locale_language())
    messages = lair_fault_messages(lair)
    # JSON keeps the faults in English, like the rest of the machine-readable answer.
    english = [template.format(**params) for template, params in messages]
    faults = [
        _(template).format(**{key: _(value) for key, value in params.items()})
        for template, params in messages
    ]
    if faults and not allow_illegal:
        typer.echo(_("error: {path} is not a legal lair:").format(path=lair_file), err=True)
        for fault in faults:
            typer.echo(f"  - {fault}", err=True)
        typer.echo(_("(--allow-illegal solves it anyway)"), err=True)
        raise typer.Exit(2)
    for fault in faults:
        typer.echo(_("warning: illegal lair: {fault}").format(fault=fault), err=True)
    if chosen is not None and not lair.board.agents:
        typer.echo(
            _("note: {lair} uses no Agent cards; the power is ignored").format(
                lair=words.data(lair.board.name)
            ),
            err=True,
        )
        chosen = None
    plan = solve(lair, explorer_kit(stats, held, chosen), max_states=max_states)
    if as_json:
        answer = plan.to_json(lair)
        if faults:
            answer["illegal_lair"] = english
        typer.echo(json.dumps(answer, indent=2))
        return
    grid = sheet().grid
    header = _("{lair}: explorer M/S/C {stats}").format(
        lair=words.data(lair.board.name), stats="/".join(map(str, stats))
    )
    if chosen:
        header += _(", agent {agent}").format(agent=chosen.name)
    if held:
        header += _(", gadgets {gadgets}").format(
            gadgets=", ".join(words.data(g.name) for g, _side in held)
        )
    typer.echo(header)
    if faults:
        typer.echo(_("This answer is for an illegal lair (see the warnings above)."))
    if plan.exact:
        found = _(
            "Best exploration: {value} stolen, {sentries} Sentries neutralised, {rooms} rooms "
            "explored"
        )
    else:
        found = _(
            "Best found (search cut short) exploration: {value} stolen, {sentries} Sentries "
            "neutralised, {rooms} rooms explored"
        )
    typer.echo(found.format(value=plan.value, sentries=plan.sentries, rooms=plan.rooms))
    for item, stat in plan.boosts:
        typer.echo(
            "  " + _("first use item {item} for {stat}").format(item=item, stat=words.card(stat))
        )
    for number, step in enumerate(plan.steps, 1):
        row, col = grid.row_col(step.room)
        room = words.room(row, col)
        if step.teleport:
            how = _("teleport to {room}").format(room=room)
        else:
            how = _("{move} to {room}").format(move=words.direction(step.direction), room=room)
        extra = []
        if step.use:
            extra.append(_("using item {item}").format(item=step.use))
        if step.stealth:
            extra.append(_("{stealth} Stealth into the Shark Pool").format(stealth=step.stealth))
        if not step.new:
            extra.append(_("backtrack"))
        suffix = f" ({', '.join(extra)})" if extra else ""
        typer.echo(f"  {number:2}. {how}{suffix}")
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
    typer.echo(legend(_locale_language()))


@app.command("example", help=_("Print an example lair sheet to start from (save it and edit it)."))
def example_command(
    board: Annotated[
        str, typer.Option(help=_("Lair board id for the example sheet."))
    ] = "superyacht",
) -> None:
    # The sheet is TOML: its keys and codes are the file format; only the comment is prose.
    codes = _(
        "Two-letter codes: .. empty, >> start, XX blocked, La Lasers, Sa Giant Saw, Sh Shark "
        'Pool, Do Guard Dog, Gu Guard, Ro Robot, $1 $2 $3 Secrets. Walls: "row,col,side".'
    )
    comment = "".join(f"# {line}\n" for line in textwrap.wrap(codes, 88))
    text = f"""board = {json.dumps(board)}
{comment}rooms = [
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
"""
    try:
        # The sheet is one `solve` reads: an unknown board is refused here, not there.
        parse_lair_sheet(tomllib.loads(text), "example")
    except DataFileError as exc:
        message = message_text(exc, _locale_language())
        typer.echo(_("error: {message}").format(message=message), err=True)
        raise typer.Exit(2) from None
    typer.echo(text, nl=False)


def main() -> None:  # pragma: no cover - the lead mounts ``app`` under ``topsecret``
    app()
