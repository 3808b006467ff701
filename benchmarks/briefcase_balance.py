"""Balance report for the briefcase game: wins by place in the turn order, seat, HQ and bot.

Plays many seeded games for each player count and prints how often the start player (and
each later place in the turn order), each seat, each HQ and each bot won, with 95% Wilson
intervals, how the games ended and how many rounds they lasted. A shared victory counts as a
fraction for each winner. The line-up of bots turns one seat each game (``--bots a,b``), so
every bot plays every seat and every HQ. Same arguments, same figures.

    python benchmarks/briefcase_balance.py --games 1000
    python benchmarks/briefcase_balance.py --games 1000 --option hq_win=owner
    python benchmarks/briefcase_balance.py --players 2 --games 40 \\
        --bots ismcts:iterations=100:trust=0.5,heuristic
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from topsecret.arena import play_match
from topsecret.arena.stats import wilson_interval
from topsecret.games.briefcase import GAME
from topsecret.games.briefcase.state import BriefcaseState


def rate(wins: float, games: int) -> dict[str, float]:
    """A win rate with its 95% Wilson interval."""
    low, high = wilson_interval(wins, games)
    return {"rate": round(wins / games, 3), "low": round(low, 3), "high": round(high, 3)}


def balance(
    players: int,
    games: int,
    first_seed: int = 0,
    bots: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Win shares over ``games`` seeded games; the bots' line-up turns one seat a game."""
    lineup = list(bots or ["heuristic"])
    by_seat: Counter[int] = Counter()
    by_hq: Counter[str] = Counter()
    by_order: Counter[int] = Counter()
    by_bot: Counter[str] = Counter()
    seats_of_bot: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    rounds = 0
    hq_names: list[str] = []
    for number, seed in enumerate(range(first_seed, first_seed + games)):
        seated = [lineup[(seat + number) % len(lineup)] for seat in range(players)]
        result = play_match(GAME, players, seated, seed=seed, options=options)
        state = result.state
        assert isinstance(state, BriefcaseState)
        hq_names = [state.board.names[c] for c in state.hqs]
        share = 1 / len(result.winners)
        for seat in result.winners:
            by_seat[seat] += share
            by_hq[hq_names[seat]] += share
            by_order[(seat - state.first_player) % players] += share
            by_bot[seated[seat]] += share
        for bot in seated:
            seats_of_bot[bot] += 1
        reasons[state.end_reason] += 1
        rounds += state.round
    return {
        "players": players,
        "games": games,
        "seeds": [first_seed, first_seed + games - 1],
        "bots": lineup,
        "options": options or {},
        "fair_share": round(1 / players, 3),
        "win_rate_by_turn_order": {p + 1: rate(by_order[p], games) for p in range(players)},
        "win_rate_by_seat": {s: rate(by_seat[s], games) for s in range(players)},
        "win_rate_by_hq": {h: rate(by_hq[h], games) for h in hq_names},
        # A bot's share of the games it sat in (several seats of one bot count separately).
        "win_rate_by_bot": {b: rate(by_bot[b], seats_of_bot[b]) for b in sorted(seats_of_bot)},
        "ended_by": dict(sorted(reasons.items())),
        "mean_rounds": round(rounds / games, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument(
        "--bots", default="heuristic", help="line-up, comma-separated; turns a seat a game"
    )
    parser.add_argument("--option", action="append", default=[], help="a game option as name=value")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    for players in args.players:
        report = balance(players, args.games, args.seed, args.bots.split(","), options)
        print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
