"""Balance report for the briefcase game: wins by seat, by HQ and by turn order.

Plays many seeded games between heuristic bots for each player count and prints how often
each seat, each HQ and each place in the turn order won. A shared victory counts as a
fraction for each winner. Same arguments, same figures.

    python benchmarks/briefcase_balance.py --games 1000
"""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter
from typing import Any

from topsecret.arena import play_match
from topsecret.games.briefcase import GAME
from topsecret.games.briefcase.state import BriefcaseState


def balance(
    players: int, games: int, first_seed: int = 0, bot: str = "heuristic"
) -> dict[str, Any]:
    """Win shares over ``games`` seeded games of ``players`` identical bots."""
    by_seat: Counter[int] = Counter()
    by_hq: Counter[str] = Counter()
    by_order: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    rounds = 0
    for seed in range(first_seed, first_seed + games):
        result = play_match(GAME, players, [bot] * players, seed=seed)
        state = result.state
        assert isinstance(state, BriefcaseState)
        share = 1 / len(result.winners)
        for seat in result.winners:
            by_seat[seat] += share
            by_hq[state.board.names[state.hqs[seat]]] += share
            by_order[(seat - state.first_player) % players] += share
        reasons[state.end_reason] += 1
        rounds += state.round
    fair = 1 / players
    # Two standard errors of a win rate at the fair share, for this many games.
    noise = 2 * math.sqrt(fair * (1 - fair) / games)
    hq_names = [GAME.board.names[c] for c in GAME.board.hq_cities(players)]
    return {
        "players": players,
        "games": games,
        "seeds": [first_seed, first_seed + games - 1],
        "fair_share": round(fair, 3),
        "two_standard_errors": round(noise, 3),
        "win_rate_by_seat": {s: round(by_seat[s] / games, 3) for s in range(players)},
        "win_rate_by_hq": {h: round(by_hq[h] / games, 3) for h in hq_names},
        "win_rate_by_turn_order": {p + 1: round(by_order[p] / games, 3) for p in range(players)},
        "ended_by": dict(sorted(reasons.items())),
        "mean_rounds": round(rounds / games, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    for players in args.players:
        print(json.dumps(balance(players, args.games, args.seed), indent=2))


if __name__ == "__main__":
    main()
