"""How hard each SpyWorld lair board is: whole games, and everything else fixed.

Rulebook 003 §Lair Boards: "The lair boards are numbered from 1 to 4, in order of increasing
difficulty." Two measurements:

**Whole games** (``--games N``, default 200): N seeded games (seeds 0..N-1) per board between
``heuristic`` bots, SpyWorld's strongest fast bot (docs/bots.md), the same seeds on every
board. Per board: the mean final score with its 95% interval (over games, a game counting its
seats' mean), the share of the explored lairs' Secret value stolen and the rooms explored;
then the difference of mean score between each board and the next, game by game on the same
seed, with its 95% interval. A harder board has a lower mean score.

**Everything else fixed** (``--layouts N``, default 100; 0 skips it): N seeded random full
layouts drawn once, blocked rooms of a board emptied, the same explorer (Movement 14, Stealth
10, Combat 10, no items); the exact solver finds the best exploration under each board's costs;
we report the mean share of Secret value it can steal, rooms explored and Sentries neutralised.

    python benchmarks/spyworld_difficulty.py --games 200 --players 3 --layouts 100
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics

from topsecret.arena.match import play_match
from topsecret.games.spyworld import GAME
from topsecret.games.spyworld.components import LAIR_FILES, UPGRADES, cards, lairs, sheet
from topsecret.games.spyworld.explorer import explorer_kit
from topsecret.games.spyworld.lair import Lair
from topsecret.games.spyworld.solver import solve

#: z for a two-sided 95% interval.
Z95 = 1.96


def interval(values: list[float]) -> str:
    """Mean and half-width of its 95% interval (normal approximation over games)."""
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{statistics.fmean(values):.1f} ± {half:.1f}"


def whole_games(games: int, players: int) -> None:
    print(f"Whole games: {games} seeded games x {players} heuristic bots per board\n")
    print("| lair | Secret money | mean score (95%) | stolen share | rooms |")
    print("|---|---|---|---|---|")
    means: dict[str, list[float]] = {}
    for name in LAIR_FILES:
        board = lairs()[name]
        per_game: list[float] = []
        stolen = total = 0
        rooms: list[int] = []
        for seed in range(games):
            result = play_match(GAME, players, ["heuristic"] * players, seed, {"lair": name})
            res = result.state.results  # type: ignore[attr-defined]
            per_game.append(statistics.fmean(result.scores))
            stolen += sum(res["stolen"])
            total += sum(res["stolen"]) + sum(res["remaining"]) + sum(res["walled_off"])
            rooms += res["rooms"]
        means[name] = per_game
        money = "/".join(str(board.secrets[k].now) for k in board.secrets)
        print(
            f"| {board.number}. {board.name} | {money} | {interval(per_game)} | "
            f"{100 * stolen / max(total, 1):.0f}% | {statistics.fmean(rooms):.1f} |",
            flush=True,
        )
    print("\n| boards | mean score difference, same seeds (95%) |")
    print("|---|---|")
    for easier, harder in itertools.pairwise(LAIR_FILES):
        diff = [a - b for a, b in zip(means[easier], means[harder], strict=True)]
        a, b = lairs()[easier], lairs()[harder]
        print(f"| {a.number}. {a.name} - {b.number}. {b.name} | {interval(diff)} |")
    print()


def fixed_explorer(cases: int) -> None:
    rng = random.Random(17)
    s = sheet()
    deck = [c.front for c in cards() if c.front in UPGRADES]
    layouts = []
    for _ in range(cases):
        rooms = ["" if r == s.start else rng.choice(deck) for r in range(s.grid.size)]
        walls = 0
        for _ in range(rng.randint(0, 8)):
            edge = rng.randrange(s.grid.edge_count)
            if s.start not in s.grid.edge_rooms(edge) and edge not in s.no_wall_edges:
                walls |= 1 << edge
        layouts.append((rooms, walls))
    explorer = explorer_kit((14, 10, 10), [], None)
    print(f"Everything else fixed: {cases} layouts, explorer M/S/C 14/10/10, no items\n")
    print("| lair | stolen share | rooms | sentries | exact |")
    print("|---|---|---|---|---|")
    for name in LAIR_FILES:
        board = lairs()[name]
        shares, rooms_seen, sentries, exact = [], [], [], 0
        for rooms, walls in layouts:
            cells = tuple("" if r in board.blocked else k for r, k in enumerate(rooms))
            lair = Lair(board, cells, walls, s.grid, s.start)
            total = sum(lair.secret_value(r) for r in lair.secret_rooms())
            plan = solve(lair, explorer, max_states=200_000)
            exact += plan.exact
            shares.append(plan.value / total if total else 1.0)
            rooms_seen.append(plan.rooms)
            sentries.append(plan.sentries)
        print(
            f"| {board.number}. {board.name} | {100 * statistics.fmean(shares):.0f}% | "
            f"{statistics.fmean(rooms_seen):.1f} | {statistics.fmean(sentries):.2f} | "
            f"{exact}/{cases} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="whole games per board (0: none)")
    parser.add_argument("--players", type=int, default=3, help="seats in the whole games")
    parser.add_argument("--layouts", type=int, default=100, help="fixed layouts (0: none)")
    args = parser.parse_args()
    if args.games < 0 or args.layouts < 0 or not 2 <= args.players <= 12:
        parser.error("--games and --layouts take 0 or more, --players 2 to 12")
    if args.games:
        whole_games(args.games, args.players)
    if args.layouts:
        fixed_explorer(args.layouts)


if __name__ == "__main__":
    main()
