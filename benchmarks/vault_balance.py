"""Balance report for the vault card game: wins by seat, how games end, deals per game.

Plays seeded games between identical bots for each player count and prints, per count: each
seat's share of the wins (a shared win counts as a fraction for each winner), how many games
had one winner and how many a shared win, the winner's lead over the runner-up, and, with
``-o single_deal=false``, how many deals a game took. Same arguments, same figures.

    python benchmarks/vault_balance.py --bot ismcts:iterations=100 --games 60 --players 4
    python benchmarks/vault_balance.py --bot heuristic --games 400 -o single_deal=false
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections import Counter
from typing import Any

from topsecret.arena import play_match
from topsecret.arena.match import bot_seeds
from topsecret.bots import make_bot
from topsecret.core import SeatView, visible_events
from topsecret.games.vault import GAME, VaultState


def play_last_seat_first(
    players: int, bot: str, seed: int, options: dict[str, Any]
) -> tuple[VaultState, list[int]]:
    """One game as ``play_match`` plays it (same deal, same bot seeds), but in every step the
    seats are asked for their choice from the last to the first, not from the first."""
    seeds = bot_seeds(seed, players)
    bots = [make_bot(GAME, bot, seeds[seat]) for seat in range(players)]
    state = GAME.new_state(players, GAME.resolve_options(options), seed)
    assert isinstance(state, VaultState)
    views = [SeatView(state, seat) for seat in range(players)]
    while not state.is_over():
        for seat in reversed(state.acting_players()):
            if state.is_over() or seat not in state.acting_players():
                continue
            events = state.apply(seat, bots[seat].choose(views[seat]))
            for other, other_bot in enumerate(bots):
                seen = visible_events(events, other)
                if seen:
                    other_bot.observe(other, seen)
    return state, state.winners()


def balance(
    players: int,
    games: int,
    bot: str,
    options: dict[str, Any],
    first_seed: int = 0,
    scores: bool = False,
    last_seat_first: bool = False,
) -> dict[str, Any]:
    """Figures over ``games`` seeded games of ``players`` copies of ``bot``; with ``scores``,
    every game's scores deal by deal too."""
    every_deal: list[list[list[int]]] = []
    by_seat: dict[int, float] = dict.fromkeys(range(players), 0.0)
    deals: Counter[int] = Counter()
    leads: list[float] = []
    winner_totals: list[float] = []
    shared = 0
    for seed in range(first_seed, first_seed + games):
        if last_seat_first:
            state, winners = play_last_seat_first(players, bot, seed, options)
        else:
            result = play_match(GAME, players, [bot] * players, seed=seed, options=options)
            assert isinstance(result.state, VaultState)
            state, winners = result.state, result.winners
        share = 1 / len(winners)
        for seat in winners:
            by_seat[seat] += share
        shared += len(winners) > 1
        deals[len(state.deal_scores)] += 1
        every_deal.append(state.deal_scores)
        ranked = sorted(state.totals, reverse=True)
        leads.append(ranked[0] - ranked[1])
        winner_totals.append(ranked[0])
    fair = 1 / players
    per_game = sorted(deals.elements())
    figures = {
        "players": players,
        "bot": bot,
        "asked": "last seat first" if last_seat_first else "first seat first",
        "options": GAME.resolve_options(options),
        "games": games,
        "seeds": [first_seed, first_seed + games - 1],
        "fair_share": round(fair, 3),
        # Two standard errors of a win rate at the fair share, for this many games.
        "two_standard_errors": round(2 * math.sqrt(fair * (1 - fair) / games), 3),
        "win_rate_by_seat": {s: round(by_seat[s] / games, 3) for s in range(players)},
        "one_winner": games - shared,
        "shared_win": shared,
        "lead_mean": round(statistics.fmean(leads), 1),
        "lead_median": statistics.median(leads),
        "winner_total_mean": round(statistics.fmean(winner_totals), 1),
        "deals_per_game": dict(sorted(deals.items())),
        "deals_mean": round(statistics.fmean(per_game), 2),
        "deals_median": statistics.median(per_game),
    }
    if scores:
        figures["deal_scores"] = every_deal
    return figures


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``name=value`` pairs read as the game's options read them on a command line."""
    specs = {spec.name: spec for spec in GAME.option_specs}
    options: dict[str, Any] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        if name not in specs:
            raise SystemExit(f"vault has no option {name!r}: {', '.join(specs)}")
        options[name] = specs[name].parse_text(text)
    return options


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    parser.add_argument("--bot", default="heuristic", help="the bot on every seat")
    parser.add_argument("-o", "--option", action="append", default=[], help="name=value")
    parser.add_argument("--scores", action="store_true", help="every game's deal scores too")
    parser.add_argument(
        "--last-seat-first",
        action="store_true",
        help="ask the seats for their choices from the last to the first",
    )
    args = parser.parse_args()
    options = parse_options(args.option)
    for players in args.players:
        figures = balance(
            players, args.games, args.bot, options, args.seed, args.scores, args.last_seat_first
        )
        print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
