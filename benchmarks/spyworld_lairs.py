"""How hard each SpyWorld lair is, and where heuristic play lands in the rank table.

Plays GAMES seeded games per lair board with PLAYERS heuristic bots (``arena.play_match``,
seeds 0..GAMES-1) and reports, per lair: mean final score, the share of the explored lairs'
Secret value that explorers stole, rooms explored, Sentries neutralised, and how often each
rank title was reached.

    python benchmarks/spyworld_lairs.py [GAMES] [PLAYERS]
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter

from topsecret.arena.match import play_match
from topsecret.games.spyworld import GAME
from topsecret.games.spyworld.components import LAIR_FILES, lairs
from topsecret.games.spyworld.state import RANKS


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"{games} games x {players} heuristic bots per lair\n")
    header = "| lair | mean score | stolen share | rooms | sentries | "
    header += " | ".join(title for _, title in RANKS) + " | below 70 |"
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    for name in LAIR_FILES:
        scores: list[float] = []
        stolen = 0
        total = 0
        rooms: list[int] = []
        sentries: list[int] = []
        ranks: Counter[str] = Counter()
        for seed in range(games):
            result = play_match(GAME, players, ["heuristic"] * players, seed, {"lair": name})
            res = result.state.results  # type: ignore[attr-defined]
            scores += result.scores
            stolen += sum(res["stolen"])
            total += sum(res["stolen"]) + sum(res["remaining"]) + sum(res["walled_off"])
            rooms += res["rooms"]
            sentries += res["sentries"]
            ranks.update(res["ranks"])
        n = len(scores)
        cells = [
            f"{lairs()[name].number}. {lairs()[name].name}",
            f"{statistics.fmean(scores):.0f}",
            f"{100 * stolen / max(total, 1):.0f}%",
            f"{statistics.fmean(rooms):.1f}",
            f"{statistics.fmean(sentries):.1f}",
            *[f"{100 * ranks[title] / n:.0f}%" for _, title in RANKS],
            f"{100 * ranks['Henchman'] / n:.0f}%",
        ]
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
