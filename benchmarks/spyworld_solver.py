"""Benchmark the SpyWorld exploration solver on random full lairs.

Each case: a lair board drawn among the four, every room but the start (and blocked rooms)
holding a random upgrade drawn with the planning deck's proportions, 0-10 random walls (never
on the start's exits), and an explorer with stats drawn uniformly from 0-20 each (the cap),
each gadget held with probability 0.3 (random side) and a random Agent where the board uses
them. Prints the median, mean, 95th percentile and worst solve times, how many lairs took
over a second, and how many needed more states than the bots' budget (20,000).

    python benchmarks/spyworld_solver.py [CASES] [SEED]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from topsecret.games.spyworld.components import UPGRADES, agents, cards, gadgets, lairs, sheet
from topsecret.games.spyworld.explorer import explorer_kit
from topsecret.games.spyworld.lair import Lair
from topsecret.games.spyworld.solver import solve


def random_full_lair(rng: random.Random) -> Lair:
    s = sheet()
    board = rng.choice(list(lairs().values()))
    deck = [c.front for c in cards() if c.front in UPGRADES]
    rooms = [
        "" if r == s.start or r in board.blocked else rng.choice(deck) for r in range(s.grid.size)
    ]
    walls = 0
    for _ in range(rng.randint(0, 10)):
        edge = rng.randrange(s.grid.edge_count)
        if s.start not in s.grid.edge_rooms(edge) and edge not in s.no_wall_edges:
            walls |= 1 << edge
    return Lair(board, tuple(rooms), walls, s.grid, s.start)


def main() -> None:
    cases = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 2026)
    times = []
    over_budget = 0
    worst = (0.0, -1, 0)
    for case in range(cases):
        lair = random_full_lair(rng)
        held = [(g, rng.random() < 0.5) for g in gadgets() if rng.random() < 0.3]
        agent = rng.choice(agents()) if lair.board.agents else None
        stats = (rng.randint(0, 20), rng.randint(0, 20), rng.randint(0, 20))
        start = time.perf_counter()
        plan = solve(lair, explorer_kit(stats, held, agent))
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        over_budget += plan.states > 20_000
        if elapsed > worst[0]:
            worst = (elapsed, case, plan.states)
    times.sort()
    p95 = times[int(len(times) * 0.95)]
    print(f"cases {cases}")
    print(f"median {statistics.median(times) * 1000:.1f} ms")
    print(f"mean {statistics.fmean(times) * 1000:.1f} ms")
    print(f"p95 {p95 * 1000:.1f} ms")
    print(f"worst {worst[0] * 1000:.1f} ms (case {worst[1]}, {worst[2]} states)")
    print(f"over 1 s: {sum(t > 1 for t in times)}; over 20,000 states: {over_budget}")


if __name__ == "__main__":
    main()
