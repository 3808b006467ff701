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
from collections.abc import Callable

from topsecret.games.spyworld import search
from topsecret.games.spyworld.components import UPGRADES, agents, cards, gadgets, lairs, sheet
from topsecret.games.spyworld.explorer import explorer_kit
from topsecret.games.spyworld.lair import Lair
from topsecret.games.spyworld.plan import Plan
from topsecret.games.spyworld.solver import native_search, solve


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


def report(label: str, times: list[float], states: list[int]) -> None:
    ordered = sorted(times)
    worst = max(range(len(times)), key=times.__getitem__)
    print(f"{label}: cases {len(times)}")
    print(f"median {statistics.median(times) * 1000:.1f} ms")
    print(f"mean {statistics.fmean(times) * 1000:.1f} ms")
    print(f"p95 {ordered[int(len(ordered) * 0.95)] * 1000:.1f} ms")
    print(f"worst {times[worst] * 1000:.1f} ms (case {worst}, {states[worst]} states)")
    over_budget = sum(s > 20_000 for s in states)
    print(f"over 1 s: {sum(t > 1 for t in times)}; over 20,000 states: {over_budget}")


def main() -> None:
    flags = {a for a in sys.argv[1:] if a.startswith("--")}
    numbers = [a for a in sys.argv[1:] if not a.startswith("--")]
    cases = int(numbers[0]) if numbers else 1000
    rng = random.Random(int(numbers[1]) if len(numbers) > 1 else 2026)
    engines: list[tuple[str, Callable[..., Plan]]] = []
    if "--python" not in flags:
        name = "compiled" if native_search() is not None else "Python (no compiled build)"
        engines.append((name, solve))
    if "--python" in flags or "--both" in flags:
        engines.append(("Python", search.solve))
    times: list[list[float]] = [[] for _ in engines]
    states: list[list[int]] = [[] for _ in engines]
    for _case in range(cases):
        lair = random_full_lair(rng)
        held = [(g, rng.random() < 0.5) for g in gadgets() if rng.random() < 0.3]
        agent = rng.choice(agents()) if lair.board.agents else None
        stats = (rng.randint(0, 20), rng.randint(0, 20), rng.randint(0, 20))
        explorer = explorer_kit(stats, held, agent)
        keys = set()
        for index, (_name, run) in enumerate(engines):
            start = time.perf_counter()
            plan = run(lair, explorer)
            times[index].append(time.perf_counter() - start)
            states[index].append(plan.states)
            keys.add(plan.key)
        assert len(keys) == 1, "the engines disagree"
    for (name, _run), engine_times, engine_states in zip(engines, times, states, strict=True):
        report(name, engine_times, engine_states)
    if len(engines) == 2:
        ratio = sum(times[1]) / sum(times[0])
        print(f"Python / {engines[0][0]} total time: {ratio:.2f}x")


if __name__ == "__main__":
    main()
