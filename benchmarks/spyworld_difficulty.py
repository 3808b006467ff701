"""Board difficulty with everything else fixed: the same random full lairs and the same
explorer, scored under each lair board's costs and blocked rooms.

CASES random full layouts (seeded) are drawn once; blocked rooms of a board are emptied.
The explorer has Movement 14, Stealth 10, Combat 10 and no items. For each board the exact
solver finds the best exploration; we report the mean share of Secret value it can steal,
rooms explored and Sentries neutralised.

    python benchmarks/spyworld_difficulty.py [CASES]
"""

from __future__ import annotations

import random
import statistics
import sys

from topsecret.games.spyworld.components import LAIR_FILES, UPGRADES, cards, lairs, sheet
from topsecret.games.spyworld.explorer import explorer_kit
from topsecret.games.spyworld.lair import Lair
from topsecret.games.spyworld.solver import solve


def main() -> None:
    cases = int(sys.argv[1]) if len(sys.argv) > 1 else 200
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
    print(f"{cases} layouts, explorer M/S/C 14/10/10, no items\n")
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
            f"{exact}/{cases} |"
        )


if __name__ == "__main__":
    main()
