"""How hard each SpyWorld lair is, where heuristic play lands in the rank table, how games
end and how even the seats are.

Plays GAMES seeded games per lair board with PLAYERS heuristic bots (``arena.play_match``,
seeds 0..GAMES-1; the heuristic is SpyWorld's strongest bot, docs/bots.md) and reports, per
lair: mean final score, what Secrets I/II/III earn when placed and are worth at the end (read
from the board's data file, so the table names the values it was measured with), the share
of the explored lairs' Secret value that explorers stole, rooms explored, Sentries
neutralised, how often each rank title was reached; then each seat's share of the wins
(ties shared), how often the game ended in a tie, how planning ended (a full lair, or the
decks run down to one card after 35 rounds), planning rounds and bonus actions per player.

    python benchmarks/spyworld_lairs.py [GAMES] [PLAYERS]
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter

from topsecret.arena.match import play_match
from topsecret.core import win_shares
from topsecret.games.spyworld import GAME
from topsecret.games.spyworld.components import LAIR_FILES, SECRETS, LairBoard, lairs, sheet


def secret_values(board: LairBoard) -> str:
    """What Secrets I/II/III earn when placed, then what they are worth at the end."""
    values = [board.secrets[kind] for kind in SECRETS]
    now = "/".join(str(v.now) for v in values)
    end = "/".join(str(v.end) for v in values)
    return f"{now}, {end}"


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    ranks_table = sheet().ranks
    below = sheet().rank_below_table
    print(f"{games} games x {players} heuristic bots per lair\n")
    header = "| lair | mean score | Secret money / end value | stolen share | rooms | sentries | "
    header += " | ".join(title for _, title in ranks_table) + f" | {below} |"
    balance = "| lair | " + " | ".join(f"seat {s} wins" for s in range(players))
    balance += " | ties | full lair ends | rounds | bonus actions |"
    rows: list[str] = []
    rows2: list[str] = []
    for name in LAIR_FILES:
        scores: list[float] = []
        stolen = 0
        total = 0
        rooms: list[int] = []
        sentries: list[int] = []
        ranks: Counter[str] = Counter()
        seat_wins = [0.0] * players
        ties = 0
        full = 0
        rounds: list[int] = []
        bonus: list[int] = []
        for seed in range(games):
            result = play_match(GAME, players, ["heuristic"] * players, seed, {"lair": name})
            state = result.state
            res = state.results  # type: ignore[attr-defined]
            scores += result.scores
            stolen += sum(res["stolen"])
            total += sum(res["stolen"]) + sum(res["remaining"]) + sum(res["walled_off"])
            rooms += res["rooms"]
            sentries += res["sentries"]
            ranks.update(res["ranks"])
            for seat, share in enumerate(win_shares(result.scores)):
                seat_wins[seat] += share
            ties += len(res["play_again"]) > 1
            full += state.final_round >= 0  # type: ignore[attr-defined]
            rounds.append(state.round)  # type: ignore[attr-defined]
            sheets = state.sheets  # type: ignore[attr-defined]
            bonus += [sh.bonus_used for sh in sheets]
        n = len(scores)
        board = lairs()[name]
        rows.append(
            "| "
            + " | ".join(
                [
                    f"{board.number}. {board.name}",
                    f"{statistics.fmean(scores):.0f}",
                    secret_values(board),
                    f"{100 * stolen / max(total, 1):.0f}%",
                    f"{statistics.fmean(rooms):.1f}",
                    f"{statistics.fmean(sentries):.1f}",
                    *[f"{100 * ranks[title] / n:.0f}%" for _, title in ranks_table],
                    f"{100 * ranks[below] / n:.0f}%",
                ]
            )
            + " |"
        )
        rows2.append(
            "| "
            + " | ".join(
                [
                    f"{board.number}. {board.name}",
                    *[f"{100 * w / games:.0f}%" for w in seat_wins],
                    f"{100 * ties / games:.0f}%",
                    f"{100 * full / games:.0f}%",
                    f"{statistics.fmean(rounds):.1f}",
                    f"{statistics.fmean(bonus):.2f}",
                ]
            )
            + " |"
        )
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    print("\n".join(rows))
    print()
    print(balance)
    print("|" + "---|" * (balance.count("|") - 1))
    print("\n".join(rows2))


if __name__ == "__main__":
    main()
