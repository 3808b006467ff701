"""A small round-robin tournament from Python, written out as an HTML report.

Shows the arena's Python API behind ``topsecret tournament``:
``topsecret.arena.tournament.tournament`` schedules and plays every pairing of the bots in
all seat rotations, rates them with OpenSkill, and ``topsecret.arena.report.write_report``
writes ``index.html``, ``games.csv`` and the PNG plots into a directory.

Run it (needs the ``analysis`` extra: ``pip install -e '.[analysis]'``)::

    python examples/tournament_report.py out/
    python examples/tournament_report.py out/ --games 60 --bots heuristic,ismcts:iterations=20

then open ``out/index.html``.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from topsecret.arena.report import write_report
from topsecret.arena.tournament import tournament
from topsecret.core import TopSecretError
from topsecret.games import get_game


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path, help="where to write the report")
    parser.add_argument("--game", default="vault", help="game id (default: vault)")
    parser.add_argument(
        "--players", type=int, default=None, help="seats at each table (default: the game's fewest)"
    )
    parser.add_argument(
        "--bots",
        default="random,heuristic",
        help="comma-separated bot names, e.g. random,heuristic,ismcts:iterations=20",
    )
    parser.add_argument(
        "--games", type=int, default=20, help="games in all (rounded up to full rotations)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole schedule")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)

    bots = args.bots.split(",")
    # Single deals keep Vault games short enough for a quick example; other games have no
    # such option, and unknown options are refused.
    options = {"single_deal": True} if args.game == "vault" else {}
    try:
        game = get_game(args.game)
        result = tournament(
            game,
            players=game.min_players if args.players is None else args.players,
            bots=bots,
            games=args.games,
            seed=args.seed,
            options=options,
            jobs=args.jobs,
        )
    except TopSecretError as exc:  # an unknown game or bot, a wrong count: said, not traced
        parser.error(str(exc))
    # The report quotes the command that produced it, so a reader can run it again.
    command = shlex.join([sys.executable, *sys.argv])
    written = write_report(result, args.directory, command)

    print(f"{len(result.records)} games of {result.game}, {len(result.errors)} errors")
    for place, name in enumerate(result.ranking(), start=1):
        rating = result.ratings[name]
        record = result.by_bot[name]
        rate = record.wins / record.seat_games if record.seat_games else 0.0
        print(
            f"{place}. {name}: ordinal {rating.ordinal:.2f} "
            f"(mu {rating.mu:.2f}, sigma {rating.sigma:.2f}), win share {rate:.2f}"
        )
    print("report:", next(path for path in written if path.name == "index.html"))


if __name__ == "__main__":
    main()
