"""The ``topsecret`` command: list games, play in the terminal, simulate, replay, benchmark."""

from __future__ import annotations

import errno
import json
import os
import shlex
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from .arena.bench import (
    PEER_GAME,
    bench_game,
    bench_peer,
    bench_realtime_search,
    bench_search,
)
from .arena.distributed import LOCAL as LOCAL_RAY
from .arena.distributed import require_ray
from .arena.report import write_csv, write_report
from .arena.simulate import SimulationReport, simulate
from .arena.tournament import TournamentResult, require_analysis, tournament
from .bots import bot_names, check_bot_name
from .cli_serve import BACKUP_HELP, SERVE_HELP, backup, serve
from .cli_spyworld import app as spyworld_app
from .core import Game, ReplayLog, TopSecretError, replay
from .core.actions import ActionFormatError
from .games import all_games, game_ids, get_game
from .i18n import N_, Translator, locale_translator, message_text


def _locale_language() -> Translator:
    return locale_translator()


def _(message: str) -> str:
    """A help text or message in the locale's language (``LANG``, ``LC_ALL``...): ``--help``
    is written before any ``--lang`` is read, so help and the commands other than ``play``
    follow the locale."""
    return _locale_language().gettext(message)


app = typer.Typer(
    name="topsecret",
    help=_("Play, simulate and benchmark the four TOP SECRET spy games."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(asked: bool) -> None:
    if asked:
        from importlib.metadata import version

        print(f"topsecret {version('topsecret')}")
        raise typer.Exit()


@app.callback()
def _main_options(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help=_("Print the installed version and exit."),
        ),
    ] = False,
) -> None:
    """Options of ``topsecret`` itself, before any command."""


GameArg = Annotated[
    str, typer.Argument(help=_("Game id: {ids}.").format(ids=", ".join(game_ids())))
]
OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help=_("A game option as name=value (repeatable).")),
]


def _table_options(game: Game, texts: list[str] | None) -> dict[str, Any]:
    """A new table's options from ``-o name=value`` texts, checked as the server checks a new
    table's (``-o rules=N`` takes only the current version)."""
    return game.new_table_options(game.parse_option_texts(texts or []))


def _checked_table_options(
    game: Game, players: int, texts: list[str] | None, seed: int = 0
) -> dict[str, Any]:
    """:func:`_table_options`, and a table set up with them once: an option whose value is
    read only at set-up (a map or lair file, SpyWorld's gadget sides) is refused before a
    game is played, with the message ``play`` gives, instead of failing every game."""
    options = _table_options(game, texts)
    game.new_state(players, options, seed)
    return options


def _reason(exc: OSError) -> str:
    return str(exc.strerror or exc)


def _ready_directory(path: Path) -> None:
    """Create the directory files will be written to after the games, so that one that cannot
    be made or written to is refused before anything is played."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TopSecretError.of(
            N_("cannot create {path}: {reason}"), path=str(path), reason=_reason(exc)
        ) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise TopSecretError.of(
            N_("cannot write {path}: {reason}"), path=str(path), reason=os.strerror(errno.EACCES)
        )


def _ready_file(path: Path) -> None:
    """Check, before anything is played, that ``path`` can be written after the games: it is
    not a directory, and its folder exists (it is created if missing) and is writable."""
    reason = None
    if path.is_dir():
        reason = os.strerror(errno.EISDIR)
    else:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError:  # the folder's name is a file's
            reason = os.strerror(errno.ENOTDIR)
        except OSError as exc:
            reason = _reason(exc)
        else:
            if not os.access(path.parent, os.W_OK | os.X_OK):
                reason = os.strerror(errno.EACCES)
    if reason is not None:
        raise TopSecretError.of(N_("cannot write {path}: {reason}"), path=str(path), reason=reason)


def _out() -> Console:
    return Console(highlight=False)


def _err() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


def _fail(message: str, code: int = 2) -> typer.Exit:
    error = escape(_("error:"))
    _err().print(f"[bold red]{error}[/] {escape(message)}")
    return typer.Exit(code)


def _players_or_default(game_id: str, players: int | None) -> int:
    game = get_game(game_id)
    if players is None:
        return game.default_players()
    game.check_players(players)
    return players


def _bot_names(spec: str) -> list[str]:
    """``--bots``' names in order; an empty one (``random,,heuristic``) is refused rather than
    dropped, since the names may stand for seats."""
    names = [name.strip() for name in spec.split(",")]
    if not any(names):
        raise TopSecretError.of(N_("--bots needs at least one bot name"))
    if "" in names:
        raise TopSecretError.of(
            N_("--bots has an empty name (name {position}): remove the extra comma"),
            position=names.index("") + 1,
        )
    return names


def _bot_lineup(game_id: str, spec: str, seats: int) -> list[str]:
    """``random,heuristic`` -> one name per seat, the list repeating as needed."""
    names = _bot_names(spec)
    if len(names) > seats:
        raise TopSecretError.of(
            N_("--bots names more bots than there are seats ({count} > {seats})"),
            count=len(names),
            seats=seats,
        )
    game = get_game(game_id)
    for name in names:
        check_bot_name(game, name)
    return [names[i % len(names)] for i in range(seats)]


#: How a game's turns go, in ``games``' table.
PLAY_STYLES = {
    "sequential": N_("in turns"),
    "simultaneous": N_("simultaneous"),
    "realtime": N_("real time"),
}


#: Terminal columns from which ``games`` shows the options inside its table.
GAMES_TABLE_WITH_OPTIONS = 110


@app.command("games", help=_("List the games with their player ranges, options and bots."))
def games_command(
    as_json: Annotated[
        bool, typer.Option("--json", help=_("Print JSON instead of a table."))
    ] = False,
) -> None:
    """List the games with their player ranges, options and bots."""
    described = []
    for game in all_games():
        info = game.describe()
        info["bots"] = bot_names(game)
        described.append(info)
    if as_json:
        print(json.dumps(described, indent=2, sort_keys=True))
        return
    from rich.table import Table

    console = _out()
    # The options need about 20 columns of their own: on a narrower terminal they follow the
    # table, a game a line, instead of being cut ("single_dea…") or broken inside a name.
    beside = console.width >= GAMES_TABLE_WITH_OPTIONS
    table = Table(title=_("TOP SECRET games"))
    tr = _locale_language()
    options_heading = tr.pgettext("games table", "options")
    for heading in (
        tr.pgettext("games table", "id"),
        tr.pgettext("games table", "title"),
        tr.pgettext("games table", "players"),
        tr.pgettext("games table", "play"),
        tr.pgettext("games table", "bots"),
        *([options_heading] if beside else []),
    ):
        table.add_column(heading, overflow="fold")
    options = {
        info["id"]: [f"{o['name']}={o['default']}" for o in info["options"]] for info in described
    }
    for info in described:
        title, style = str(info["title"]), str(info["play_style"])
        table.add_row(
            info["id"],
            _(title),
            f"{info['min_players']}-{info['max_players']}",
            _(PLAY_STYLES[style]) if style in PLAY_STYLES else style,
            ", ".join(info["bots"]),
            *(["\n".join(options[info["id"]]) or "-"] if beside else []),
        )
    console.print(table)
    if not beside:
        for game_id, listed in options.items():
            line = f"{escape(options_heading)}: {escape(', '.join(listed) or '-')}"
            console.print(f"[bold]{escape(game_id)}[/] {line}")


@app.command("play", help=_("Play a whole game in the terminal against bots."))
def play_command(
    game_id: GameArg,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help=_("Number of seats (default 4)."))
    ] = None,
    bots: Annotated[
        str, typer.Option("--bots", "-b", help=_("Bots for the other seats, comma-separated."))
    ] = "heuristic",
    seat: Annotated[int, typer.Option("--seat", help=_("Your seat number, from 1."))] = 1,
    seed: Annotated[
        int | None, typer.Option("--seed", help=_("Seed for a reproducible deal (default random)."))
    ] = None,
    option: OptionArg = None,
    save_log: Annotated[
        Path | None, typer.Option("--save-log", help=_("Write the game's replay log here."))
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=_("Language: en, fr, de or it (default: the locale, LANG or LC_ALL; else en)."),
        ),
    ] = None,
) -> None:
    """Play a whole game in the terminal against bots."""
    from .i18n import language_from_environment, translator

    tr = translator(lang if lang is not None else language_from_environment())
    try:
        _play(game_id, players, bots, seat, seed, option, save_log, tr)
    except (TopSecretError, ActionFormatError) as exc:
        # The player chose a language: errors follow it, not the locale main() would use.
        raise _fail_in(tr, exc) from None


def _fail_in(tr: Translator, exc: TopSecretError) -> typer.Exit:
    """``exc`` printed as ``main()`` prints an error, in ``tr``'s language."""
    error = escape(tr.gettext("error:"))
    _err().print(f"[bold red]{error}[/] {escape(message_text(exc, tr))}")
    return typer.Exit(2)


def _play(
    game_id: str,
    players: int | None,
    bots: str,
    seat: int,
    seed: int | None,
    option: list[str] | None,
    save_log: Path | None,
    tr: Translator,
) -> None:
    from .terminal import offer_rematch, play_in_terminal

    game = get_game(game_id)
    seats = _players_or_default(game_id, players)
    if not 1 <= seat <= seats:
        raise TopSecretError(tr.gettext("--seat must be between 1 and {last}").format(last=seats))
    seat -= 1  # players count seats from 1, the engine from 0
    chosen_seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
    options = _checked_table_options(game, seats, option, chosen_seed)
    lineup = _play_lineup(game_id, bots, seats, seat)
    if save_log is not None:
        _ready_file(save_log)
    log = play_in_terminal(game, seats, seat, lineup, chosen_seed, options, _out(), tr)
    if save_log is not None:
        try:
            log.save(save_log)
        except OSError as exc:
            raise TopSecretError.of(
                N_("cannot write {path}: {reason}"), path=str(save_log), reason=_reason(exc)
            ) from None
        saved = tr.gettext("Replay log saved to {path}").format(path=save_log)
        _out().print(escape(saved))
    # Games whose rules have tied players play again offer the tied seats a rematch.
    while (tied := offer_rematch(_out(), game, log, seat, tr)) is not None:
        seat, lineup, chosen_seed = tied.index(seat), [lineup[s] for s in tied], chosen_seed + 1
        log = play_in_terminal(game, len(tied), seat, lineup, chosen_seed, options, _out(), tr)


def _play_lineup(game_id: str, spec: str, seats: int, human: int) -> list[str]:
    """``--bots`` of ``play``: the bots of the seats other than the person's, in seat order,
    the list repeating as needed; one name per seat, the person's seat holding ``you``."""
    names = _bot_names(spec)
    if len(names) > seats - 1:
        raise TopSecretError.of(
            N_("--bots names more bots than there are other seats ({count} > {seats})"),
            count=len(names),
            seats=seats - 1,
        )
    others = _bot_lineup(game_id, spec, seats - 1)
    return [*others[:human], "you", *others[human:]]


@app.command(
    "simulate",
    help=_(
        "Play many seeded games between bots and report wins and scores per seat and per "
        "bot. Bot names take options after colons, e.g. --bots ismcts:ms=100,heuristic; "
        "the levels easy, medium and hard are names too."
    ),
)
def simulate_command(
    game_id: GameArg,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help=_("Seats (default 4 or nearest).")),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help=_("How many games."))] = 100,
    seed: Annotated[int, typer.Option("--seed", help=_("Seed of the whole run."))] = 0,
    bots: Annotated[
        str, typer.Option("--bots", "-b", help=_("Bots by seat, comma-separated; repeats."))
    ] = "random",
    option: OptionArg = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print one JSON object."))] = False,
    save_logs: Annotated[
        Path | None, typer.Option("--save-logs", help=_("Directory for every game's replay log."))
    ] = None,
    rotate: Annotated[
        bool,
        typer.Option(
            "--rotate",
            help=_("Turn the line-up one seat each game, so every bot plays every seat."),
        ),
    ] = False,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", min=1, help=_("Local worker processes; the report is the same for any.")
        ),
    ] = 1,
) -> None:
    """Play many seeded games between bots and report wins and scores per seat and per bot.

    Bot names take options after colons, e.g. --bots ismcts:ms=100,heuristic; the levels
    easy, medium and hard are names too.
    """
    seats = _players_or_default(game_id, players)
    game = get_game(game_id)
    options = _checked_table_options(game, seats, option, seed)
    lineup = _bot_lineup(game_id, bots, seats)
    if save_logs is not None:
        _ready_directory(save_logs)
    report = simulate(
        game,
        seats,
        lineup,
        games,
        seed,
        options,
        save_logs,
        progress=_err(),
        quiet=as_json,
        rotate=rotate,
        jobs=jobs,
    )
    if as_json:
        print(json.dumps(report.to_json(), sort_keys=True))
    elif report.games:
        _print_report(report)
    if report.interrupted:
        _stopped(report.games, report.planned)
    if report.errors:
        raise typer.Exit(1)


def _stopped(done: int, planned: int) -> None:
    """A run stopped by Ctrl-C: what its report covers, and an interrupt's exit status."""
    said = _locale_language().gettext(
        "interrupted after {done} of {planned} games: the report covers the games that finished"
    )
    _err().print(escape(said.format(done=done, planned=planned)))
    raise typer.Exit(130)


def _print_report(report: SimulationReport) -> None:
    from rich.table import Table

    tr = _locale_language()
    title = tr.ngettext(
        "{game}: {count} game, seed {seed}", "{game}: {count} games, seed {seed}", report.games
    )
    table = Table(title=title.format(game=report.game, count=report.games, seed=report.seed))
    for column in (
        tr.pgettext("report", "seat"),
        tr.pgettext("report", "bot"),
        tr.pgettext("report", "wins"),
        tr.pgettext("report", "win %"),
        tr.pgettext("report", "mean score"),
        tr.pgettext("report", "spread (sd)"),
    ):
        table.add_column(column, justify="right")
    for seat in range(report.players):
        table.add_row(
            str(seat + 1),  # players count seats from 1 (the JSON report from 0, as logs do)
            tr.gettext("(rotating)") if report.rotate else report.bots[seat],
            f"{report.wins[seat]:g}",
            f"{100 * report.wins[seat] / report.games:.1f}",
            f"{report.mean_scores[seat]:.1f}",
            f"{report.score_spread[seat]:.1f}",
        )
    console = _out()
    console.print(table)
    if report.rotate or len(set(report.bots)) < len(report.bots):
        by_bot = Table(title=tr.gettext("per bot (wins per seat held, Wilson 95% interval)"))
        for column in (
            tr.pgettext("report", "bot"),
            tr.pgettext("report", "seat-games"),
            tr.pgettext("report", "wins"),
            tr.pgettext("report", "win %"),
            tr.pgettext("report", "95% interval"),
            tr.pgettext("report", "fair share %"),
        ):
            by_bot.add_column(column, justify="right")
        for name, rate in report.bot_rates().items():
            by_bot.add_row(
                name,
                str(int(rate["seat_games"])),
                f"{rate['wins']:g}",
                f"{100 * rate['win_rate']:.1f}",
                f"{100 * rate['low95']:.1f}-{100 * rate['high95']:.1f}",
                f"{100 * rate['fair_share']:.1f}",
            )
        console.print(by_bot)
    _print_decisions_and_failures(report.mean_decisions, report.errors, report.first_error)


def _print_decisions_and_failures(decisions: float, errors: int, first: str | None) -> None:
    """The end of a simulation's or a tournament's report, in the locale's language."""
    tr = _locale_language()
    console = _out()
    mean = tr.gettext("mean decisions per game: {mean}").format(mean=f"{decisions:.1f}")
    console.print(escape(mean))
    if errors:
        failed = tr.ngettext("{count} game failed", "{count} games failed", errors)
        rest = tr.gettext("; first: {error}").format(error=first or "")
        console.print(f"[bold red]{escape(failed.format(count=errors))}[/]{escape(rest)}")


@app.command(
    "tournament",
    help=_(
        "Round robin between bots, with seats rotated, OpenSkill ratings and pairwise win"
        " rates. Every game's seed comes from --seed and the game's place in the "
        "schedule, so the result is the same whatever --jobs is, and on a Ray cluster "
        "(--ray). Needs the analysis extra: pip install -e '.\\[analysis]' (and "
        "'.\\[distributed]' for --ray)."
    ),
)
def tournament_command(
    game_id: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help=_("The bots to rate, comma-separated, each once (options after colons)."),
        ),
    ] = "random,heuristic",
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help=_(
                "Seats per game (default 2, heads-up, or the game's minimum); every "
                "pairing of that many bots plays."
            ),
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            min=1,
            help=_("Total games, spread over the pairings and rounded up to full seat rotations."),
        ),
    ] = 100,
    seed: Annotated[
        int, typer.Option("--seed", help=_("Seed of the whole run; each game's comes from it."))
    ] = 0,
    option: OptionArg = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            help=_(
                "Local worker processes (default 1); with --ray local, the CPUs of the local "
                "Ray instance (default all). Results do not depend on it."
            ),
        ),
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            metavar="ADDRESS",
            help=_(
                "Play the games on Ray: 'local' starts a Ray instance on this machine, "
                "'auto' joins the cluster this node belongs to, HOST:PORT the cluster of that head "
                "node. Same results as local runs. Needs the distributed extra."
            ),
        ),
    ] = None,
    csv_file: Annotated[
        Path | None, typer.Option("--csv", help=_("Write one row per game to this CSV file."))
    ] = None,
    report: Annotated[
        Path | None,
        typer.Option(
            "--report",
            help=_("Directory for games.csv, PNG plots and an index.html page that shows them."),
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help=_("Print the whole result as one JSON object."))
    ] = False,
) -> None:
    """Round robin between bots, with seats rotated, OpenSkill ratings and pairwise win rates.

    Every game's seed comes from --seed and the game's place in the schedule, so the result
    is the same whatever --jobs is, and on a Ray cluster (--ray). Needs the analysis extra:
    pip install -e '.\\[analysis]' (and '.\\[distributed]' for --ray).
    """
    game = get_game(game_id)
    if players is None:
        players = max(2, game.min_players)
    if not game.min_players <= players <= game.max_players:
        raise TopSecretError.of(
            N_("--players: {game} is for {low}-{high} players, not {count}"),
            game=(game.title, {}),
            low=game.min_players,
            high=game.max_players,
            count=players,
        )
    if ray is not None and jobs is not None and ray != LOCAL_RAY:
        raise TopSecretError.of(
            N_(
                "--jobs sets the size of a local Ray instance only; a cluster's workers are "
                "set by `ray start` on its nodes"
            )
        )
    names = _bot_names(bots)
    for name in names:
        check_bot_name(game, name)
    options = _checked_table_options(game, players, option, seed)
    require_analysis("openskill")
    if report is not None:
        require_analysis("matplotlib")
    if ray is not None:
        require_ray()
    if csv_file is not None:
        _ready_file(csv_file)
    if report is not None:
        _ready_directory(report)
    result = tournament(
        game,
        players,
        names,
        games,
        seed,
        options,
        jobs or 1,
        progress=None if as_json else _err(),
        ray=ray,
    )
    scheduled = len(result.schedule.games)
    if result.interrupted and not result.records:
        _stopped(0, scheduled)  # no game finished: nothing to rate, write or print
    if csv_file is not None:
        write_csv(result, csv_file)
    if report is not None:
        command = " ".join(["topsecret", *(shlex.quote(arg) for arg in sys.argv[1:])])
        write_report(result, report, command)
    if as_json:
        print(json.dumps(result.to_json(), sort_keys=True))
    else:
        _print_tournament(result)
        if report is not None:
            written = _("report written to {path}").format(path=report / "index.html")
            _out().print(escape(written))
    if result.interrupted:
        _stopped(len(result.records), scheduled)
    if result.errors:
        raise typer.Exit(1)


def _print_tournament(result: TournamentResult) -> None:
    from rich.table import Table

    tr = _locale_language()
    console = _out()
    played = len(result.records)
    if played != result.schedule.requested:
        pairings = len(result.schedule.pairings)
        who = tr.ngettext("the only pairing", "each of the {count} pairings", pairings).format(
            count=pairings
        )
        rounded = tr.ngettext(
            "{asked} games asked, {played} played: rounded up so {who} plays {rounds} full "
            "seat rotation",
            "{asked} games asked, {played} played: rounded up so {who} plays {rounds} full "
            "seat rotations",
            result.schedule.rounds,
        )
        console.print(
            escape(
                rounded.format(
                    asked=result.schedule.requested,
                    played=played,
                    who=who,
                    rounds=result.schedule.rounds,
                )
            )
        )
    data = result.to_json()
    title = tr.ngettext(
        "{game}: {count} game, seed {seed} (OpenSkill)",
        "{game}: {count} games, seed {seed} (OpenSkill)",
        played,
    )
    table = Table(title=title.format(game=result.game, count=played, seed=result.seed))
    for column in (
        tr.pgettext("report", "rank"),
        tr.pgettext("report", "bot"),
        "mu",
        "sigma",
        "ordinal",
        tr.pgettext("report", "win %"),
        tr.pgettext("report", "95% interval"),
        # What a bot wins by chance at this table: 25% with four seats, not 50%.
        tr.pgettext("report", "fair share %"),
    ):
        table.add_column(column, justify="right")
    fair = f"{100 / result.players:.1f}"
    for place, name in enumerate(result.ranking(), start=1):
        rating = result.ratings[name]
        entry = data["by_bot"][name]
        table.add_row(
            str(place),
            escape(name),
            f"{rating.mu:.2f}",
            f"{rating.sigma:.2f}",
            f"{rating.ordinal:.2f}",
            f"{100 * entry['win_rate']:.1f}",
            f"{100 * entry['low95']:.1f}-{100 * entry['high95']:.1f}",
            fair,
        )
    console.print(table)
    pairs = Table(title=tr.gettext("pairwise: row bot finishes ahead of column bot (Wilson 95%)"))
    names = result.ranking()
    pairs.add_column(tr.pgettext("report", "bot"))
    for name in names:
        pairs.add_column(escape(name), justify="right")
    for a in names:
        cells = []
        for b in names:
            if a == b:
                cells.append("-")
                continue
            cell = result.pairwise[a][b].to_json()
            cells.append(
                f"{100 * cell['win_rate']:.0f}% "
                f"({100 * cell['low95']:.0f}-{100 * cell['high95']:.0f})"
            )
        pairs.add_row(escape(a), *cells)
    console.print(pairs)
    _print_decisions_and_failures(data["mean_decisions"], data["errors"], data["first_error"])


@app.command(
    "replay", help=_("Replay a saved game, check its recorded scores and print the final scores.")
)
def replay_command(
    log_file: Annotated[Path, typer.Argument(help=_("A replay log written by play or simulate."))],
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the result as JSON."))] = False,
) -> None:
    """Replay a saved game, check its recorded scores and print the final scores."""
    log = ReplayLog.load(log_file)
    game = get_game(log.game)
    state = replay(game, log)
    result: dict[str, Any] = {
        "game": log.game,
        "players": log.players,
        "seed": log.seed,
        "actions": len(log.actions),
        "over": state.is_over(),
        "scores": state.scores(),
        "winners": state.winners(),
        "matches_log": log.scores is not None,
    }
    if as_json:
        print(json.dumps(result, sort_keys=True))
        return
    console = _out()
    if state.is_over():
        summary = _("{game}: finished game of {players} players, {actions} actions")
    else:
        summary = _("{game}: unfinished game of {players} players, {actions} actions")
    console.print(
        escape(summary.format(game=log.game, players=log.players, actions=len(log.actions)))
    )
    winner = _("(winner)")
    for seat, score in enumerate(state.scores()):
        line = _("seat {seat}: {score}").format(seat=seat + 1, score=f"{score:g}")
        mark = f"  {winner}" if seat in state.winners() else ""
        console.print(escape(f"  {line}{mark}"))
    if log.scores is not None:
        match = escape(_("scores match the log"))
        console.print(f"[green]{match}[/]")


@app.command(
    "bench",
    help=_(
        "Random playouts (games/s, steps/s), search iterations/s, and steps/s as a ratio "
        "to OpenSpiel's Python tic-tac-toe measured in the same run."
    ),
)
def bench_command(
    games: Annotated[
        list[str] | None, typer.Argument(help=_("Games to measure (default: all)."))
    ] = None,
    seconds: Annotated[
        float, typer.Option("--seconds", "-t", min=0.1, help=_("Time per game and per measure."))
    ] = 3.0,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help=_("Seats (default 4 or nearest)."))
    ] = None,
    search: Annotated[
        bool, typer.Option("--search/--no-search", help=_("Also measure search iterations/s."))
    ] = True,
    peer: Annotated[
        bool,
        typer.Option(
            "--peer/--no-peer",
            help=_("Also measure OpenSpiel's Python tic-tac-toe and report ratios to it."),
        ),
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
) -> None:
    """Random playouts (games/s, steps/s), search iterations/s, and steps/s as a ratio to
    OpenSpiel's Python tic-tac-toe measured in the same run."""
    ids = games or game_ids()
    # Every game's seats are checked before any is measured: a count one game cannot seat
    # is refused at once, not after minutes of measuring the others.
    seat_counts = {game_id: _players_or_default(game_id, players) for game_id in ids}
    results = []
    searches = []
    realtime = []
    for game_id in ids:
        seats = seat_counts[game_id]
        game = get_game(game_id)
        if not as_json:
            measuring = _("measuring {game} with {players} players for {seconds} s…")
            _err().print(
                escape(measuring.format(game=game_id, players=seats, seconds=f"{seconds:g}"))
            )
        results.append(bench_game(game, seats, seconds))
        if search:
            searches.append(bench_search(game, seats, seconds))
            if game.play_style == "realtime":
                # The search the ismcts bot plays at this table: flat, on the clock.
                realtime.append(bench_realtime_search(game, seats, seconds))
    peer_rate = None
    if peer:
        if not as_json:
            measuring = _("measuring OpenSpiel's {game} for {seconds} s…")
            _err().print(escape(measuring.format(game=PEER_GAME, seconds=f"{seconds:g}")))
        peer_rate = bench_peer(seconds)
    if as_json:
        out: dict[str, Any] = {
            "playouts": [r.to_json() for r in results],
            "search": [r.to_json() for r in searches],
            "realtime_search": [r.to_json() for r in realtime],
            "peer": None
            if peer_rate is None
            else {"game": PEER_GAME, "steps_per_second": round(peer_rate, 1)},
        }
        for entry, r in zip(out["playouts"], results, strict=True):
            entry["ratio_to_peer"] = round(r.steps_per_second / peer_rate, 3) if peer_rate else None
        print(json.dumps(out, sort_keys=True))
        return
    from rich.table import Table

    tr = _locale_language()
    table = Table(title=tr.gettext("Random-policy playouts"))
    columns = [
        tr.pgettext("report", "game"),
        tr.pgettext("report", "players"),
        tr.pgettext("report", "games"),
        tr.pgettext("report", "games/s"),
        tr.pgettext("report", "steps/s"),
    ]
    if peer_rate:
        columns.append(tr.pgettext("report", "× peer"))
    if searches:
        columns.append(tr.pgettext("report", "search iterations/s"))
    for column in columns:
        table.add_column(column, justify="right")
    by_game = {r.game: r for r in searches}
    for r in results:
        row = [
            r.game,
            str(r.players),
            str(r.games),
            f"{r.games_per_second:,.1f}",
            f"{r.steps_per_second:,.0f}",
        ]
        if peer_rate:
            row.append(f"{r.steps_per_second / peer_rate:.2f}x")
        if searches:
            row.append(f"{by_game[r.game].iterations_per_second:,.0f}")
        table.add_row(*row)
    _out().print(table)
    if searches:
        searched = tr.gettext(
            "search iterations/s: the tree search with random rollouts, in every game"
        )
        _out().print(escape(searched))
    for flat in realtime:
        line = tr.gettext(
            "{game}: the ismcts bot's real-time search, {rate} iterations/s (each plays a "
            "sampled world on twice, on the clock, with the heuristic at every seat)"
        )
        _out().print(escape(line.format(game=flat.game, rate=f"{flat.iterations_per_second:,.1f}")))
    if peer_rate:
        line = tr.gettext("peer: OpenSpiel's {game}, {rate} steps/s in this run")
        _out().print(escape(line.format(game=PEER_GAME, rate=f"{peer_rate:,.0f}")))
    elif peer:
        missing = tr.gettext("OpenSpiel is not installed, so no ratios: pip install -e '.[rl]'")
        _out().print(escape(missing))


app.command("serve", help=SERVE_HELP)(serve)
app.command("backup", help=BACKUP_HELP)(backup)
app.add_typer(spyworld_app, name="spyworld", help=_("SpyWorld tools: the exploration solver."))


def main() -> None:
    """Entry point: every expected error becomes a message and a non-zero exit."""
    try:
        app()  # standalone: usage errors and --help end the process themselves
    except KeyboardInterrupt:
        _err().print(escape(_("interrupted")))
        sys.exit(130)
    except (TopSecretError, ActionFormatError) as exc:
        _fail_in(_locale_language(), exc)
        sys.exit(2)
    except Exception as exc:
        if os.environ.get("TOPSECRET_DEBUG"):
            raise
        internal = escape(_("internal error:"))
        advice = escape(_("Set TOPSECRET_DEBUG=1 to see the traceback, and please report it."))
        _err().print(f"[bold red]{internal}[/] {type(exc).__name__}: {escape(str(exc))}\n{advice}")
        sys.exit(1)


if __name__ == "__main__":
    main()
