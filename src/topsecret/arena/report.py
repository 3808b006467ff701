"""A tournament written out: one CSV row per game, plots as PNG, and an HTML page.

The page links its images by relative paths, so the report directory can be moved, zipped
or served as it is. Plots use Matplotlib's Agg canvas directly (no pyplot, no display), and
Matplotlib is imported only here, inside the functions that draw: it is the optional
``analysis`` extra.
"""

from __future__ import annotations

import csv
import html
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core import TopSecretError
from ..core.errors import N_
from .tournament import TournamentResult, require_analysis

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: The plots of a report, in the order the page shows them.
PLOTS = {
    "ratings.png": "Ratings: mu with mu ± 2 sigma",
    "pairwise.png": "Pairwise win rates (row bot finishing ahead of column bot)",
    "scores.png": "Score distributions per seat",
    "lengths.png": "Game lengths (decisions per game)",
}


def counted(count: int, noun: str) -> str:
    """The count with its noun ("1 pairing", "3 pairings"): English without "(s)"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def command_value(value: object) -> str:
    """An option's value as the command line takes it (``single_deal=true``, not True)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _number(value: float) -> str:
    """Scores as written in the CSV: whole numbers without a decimal point."""
    return str(int(value)) if float(value).is_integer() else repr(value)


def write_csv(result: TournamentResult, path: Path) -> None:
    """One row per scheduled game, in schedule order, failed games included with their error."""
    header = ["index", "seed"]
    header += [f"bot_{seat}" for seat in range(result.players)]
    header += [f"score_{seat}" for seat in range(result.players)]
    header += ["winners", "decisions", "error"]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(header)
            for record in result.records:
                scores = [_number(s) for s in record.scores] or [""] * result.players
                winners = " ".join(str(w) for w in record.winners)
                row = [record.index, record.seed, *record.lineup, *scores, winners]
                writer.writerow([*row, record.decisions, record.error or ""])
    except OSError as exc:
        raise TopSecretError.of(
            N_("cannot write {path}: {reason}"), path=str(path), reason=str(exc.strerror or exc)
        ) from None


def _figure(width: float, height: float) -> Figure:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _save(figure: Figure, path: Path) -> None:
    # No software version in the file, so the same tournament gives the same bytes.
    figure.savefig(path, format="png", metadata={"Software": None})


def plot_ratings(result: TournamentResult, path: Path) -> None:
    names = result.ranking()
    figure = _figure(7, 1.2 + 0.5 * len(names))
    axes = figure.add_subplot()
    mus = [result.ratings[n].mu for n in names]
    spreads = [2 * result.ratings[n].sigma for n in names]
    rows = list(range(len(names)))
    axes.errorbar(mus, rows, xerr=spreads, fmt="o", capsize=4)
    axes.set_yticks(rows, names)
    axes.invert_yaxis()
    axes.set_xlabel("OpenSkill mu (bars: mu ± 2 sigma)")
    axes.grid(axis="x", alpha=0.3)
    _save(figure, path)


def plot_pairwise(result: TournamentResult, path: Path) -> None:
    names = result.ranking()
    size = len(names)
    grid: list[list[float]] = [[float("nan")] * size for _ in range(size)]
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            tally = result.pairwise.get(a, {}).get(b)
            if tally is not None and tally.games:
                grid[i][j] = tally.wins / tally.games
    # Room for the longest bot name beside the rows and under the columns.
    longest = max((len(name) for name in names), default=0)
    figure = _figure(2.5 + 1.1 * size + 0.08 * longest, 1.8 + 0.9 * size + 0.05 * longest)
    axes = figure.add_subplot()
    image = axes.imshow(grid, cmap="RdBu", vmin=0.0, vmax=1.0)
    for i in range(size):
        for j in range(size):
            share = grid[i][j]
            if share == share:
                # RdBu is dark at both ends: light text there keeps the figure readable.
                colour = "white" if abs(share - 0.5) > 0.3 else "black"
                axes.text(j, i, f"{share:.2f}", ha="center", va="center", fontsize=9, color=colour)
    axes.set_xticks(range(size), names, rotation=30, ha="right")
    axes.set_yticks(range(size), names)
    axes.set_xlabel("opponent")
    axes.set_ylabel("bot")
    figure.colorbar(image, ax=axes, label="share finishing ahead")
    _save(figure, path)


def plot_scores(result: TournamentResult, path: Path) -> None:
    finished = [r for r in result.records if r.error is None]
    per_seat = [[r.scores[seat] for r in finished] for seat in range(result.players)]
    figure = _figure(2.5 + 1.2 * result.players, 4)
    axes = figure.add_subplot()
    if finished:
        axes.boxplot(per_seat)
        # Labels set apart from boxplot(): its keyword for them changed name in Matplotlib 3.9.
        # Seats counted from 1, as the command's tables and the players count them.
        seats = range(1, result.players + 1)
        axes.set_xticks(seats, [f"seat {seat}" for seat in seats])
    axes.set_ylabel("final score")
    axes.grid(axis="y", alpha=0.3)
    _save(figure, path)


def plot_lengths(result: TournamentResult, path: Path) -> None:
    lengths = [r.decisions for r in result.records if r.error is None]
    figure = _figure(6, 3.5)
    axes = figure.add_subplot()
    if lengths:
        axes.hist(lengths, bins=min(30, max(1, len(set(lengths)))))
    axes.set_xlabel("decisions per game")
    axes.set_ylabel("games")
    _save(figure, path)


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def render_html(result: TournamentResult, command: str) -> str:
    data = result.to_json()
    names = result.ranking()
    ratings = _table(
        ["rank", "bot", "mu", "sigma", "ordinal (mu - 3 sigma)"],
        [
            [
                place,
                name,
                f"{result.ratings[name].mu:.2f}",
                f"{result.ratings[name].sigma:.2f}",
                f"{result.ratings[name].ordinal:.2f}",
            ]
            for place, name in enumerate(names, start=1)
        ],
    )
    wins = _table(
        ["bot", "seat-games", "wins", "win %", "95% interval", "mean score"],
        [
            [
                name,
                entry["seat_games"],
                f"{entry['wins']:g}",
                f"{100 * entry['win_rate']:.1f}",
                f"{100 * entry['low95']:.1f}-{100 * entry['high95']:.1f}",
                f"{entry['mean_score']:.1f}",
            ]
            for name in names
            for entry in [data["by_bot"][name]]
        ],
    )
    pairs = _table(
        ["bot", "opponent", "meetings", "ahead", "rate %", "95% interval"],
        [
            [
                a,
                b,
                tally.games,
                f"{tally.wins:g}",
                f"{100 * tally.wins / tally.games:.1f}" if tally.games else "-",
                f"{100 * entry['low95']:.1f}-{100 * entry['high95']:.1f}",
            ]
            for a in names
            for b in names
            if b != a
            for tally in [result.pairwise[a][b]]
            for entry in [tally.to_json()]
        ],
    )
    figures = "".join(
        f'<figure><img src="{html.escape(name)}" alt="{html.escape(caption)}">'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>"
        for name, caption in PLOTS.items()
    )
    options = (
        ", ".join(f"{k}={command_value(v)}" for k, v in sorted(result.options.items())) or "none"
    )
    games = len(result.records)
    pairings = len(result.schedule.pairings)
    rounded = (
        f" ({result.schedule.requested} asked, rounded up to full seat rotations)"
        if games != result.schedule.requested
        else ""
    )
    errors = (
        f"<p class=error>{counted(data['errors'], 'game')} failed; first: "
        f"{html.escape(str(data['first_error']))}</p>"
        if data["errors"]
        else ""
    )
    title = f"Tournament: {result.game}, {len(result.bots)} bots"
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }}
th:first-child, td:first-child, td:nth-child(2) {{ text-align: left; }}
code {{ background: #f4f4f4; padding: 0.1em 0.3em; }}
figure {{ margin: 1.5em 0; }}
img {{ max-width: 100%; }}
.error {{ color: #b00; }}
</style>
</head>
<body>
<h1>{html.escape(title)}</h1>
<p>Produced by <code>{html.escape(command)}</code> with seed {result.seed}.</p>
<p>Game <b>{html.escape(result.game)}</b> with {result.players} seats, options
{html.escape(options)}; {games} games{html.escape(rounded)}: {counted(pairings, "pairing")},
each played {counted(result.schedule.rounds, "time")} in every seat rotation.
Mean game length {data["mean_decisions"]:.1f} decisions.</p>
{errors}
<h2>Ratings</h2>
<p>OpenSkill Plackett-Luce, games fed in schedule order; ranked by ordinal.</p>
{ratings}
<h2>Wins per bot</h2>
<p>Wins per seat held (shared wins as fractions), Wilson 95% intervals.</p>
{wins}
<h2>Pairwise</h2>
<p>Each pair of seats the two bots held at one table is a meeting (a game where a bot held
two seats counts twice against the other): finishing ahead counts 1, a tie 0.5.</p>
{pairs}
<h2>Plots</h2>
{figures}
<h2>Every game</h2>
<p><a href="games.csv">games.csv</a>: one row per game, with its seed, its bots by seat, their
scores and its length, to load into a notebook or a spreadsheet.</p>
</body>
</html>
"""


def write_report(result: TournamentResult, directory: Path, command: str) -> list[Path]:
    """Write ``games.csv``, the PNG plots and ``index.html`` into ``directory``."""
    require_analysis("matplotlib")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TopSecretError.of(
            N_("cannot create {path}: {reason}"),
            path=str(directory),
            reason=str(exc.strerror or exc),
        ) from None
    written = [directory / "games.csv"]
    write_csv(result, written[0])
    painters = {
        "ratings.png": plot_ratings,
        "pairwise.png": plot_pairwise,
        "scores.png": plot_scores,
        "lengths.png": plot_lengths,
    }
    for name in PLOTS:
        painters[name](result, directory / name)
        written.append(directory / name)
    page = directory / "index.html"
    page.write_text(render_html(result, command), encoding="utf-8")
    written.append(page)
    return written
