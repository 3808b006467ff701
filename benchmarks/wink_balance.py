"""Figures for the winking game: how games end, seat balance, short decks and the sweep.

Plays seeded games between heuristic bots (the game's own bot, and the strongest that plays
it in real time: the search bots keep its plan, see docs/bots.md) on the arena's virtual
clock, 0.25 s a tick. Same arguments, same figures. docs/games/wink.md quotes the output.

    python benchmarks/wink_balance.py ends --games 30
    python benchmarks/wink_balance.py short --games 100
    python benchmarks/wink_balance.py sweep --games 60 --mode none
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
from collections import Counter
from typing import Any

from topsecret.arena.match import bot_seeds
from topsecret.core import SeatView
from topsecret.games.wink import GAME, WinkState
from topsecret.games.wink.actions import Look, LookAtCards, LookAtLocation
from topsecret.games.wink.components import Components, standard_components
from topsecret.games.wink.heuristic import HeuristicBot
from topsecret.games.wink.state import options_to_kwargs

TICK = 0.25


def play(
    players: int,
    seed: int,
    options: dict[str, Any],
    components: Components | None = None,
    sweeper: int | None = None,
    mode: str = "none",
) -> WinkState:
    """One game of heuristic bots on a 0.25 s virtual clock, as ``arena.play_match`` plays
    it (same bot seeds, same order of asking), with a components file of our choosing and
    optionally one seat that also sweeps its eyes over the table (see :func:`sweep`)."""
    kwargs = options_to_kwargs(GAME.resolve_options(options))
    state = WinkState.new(GAME, players, seed, components=components, **kwargs)
    seeds = bot_seeds(seed, players)
    bots = [HeuristicBot(seeds[s]) for s in range(players)]
    views = [SeatView(state, s) for s in range(players)]
    tick, cursor = 0, [0]
    while not state.is_over():
        now = tick * TICK
        state.advance_time(now)
        if sweeper is not None and mode != "none" and not state.is_over():
            _sweep(state, sweeper, mode, cursor)
        first = tick % players
        for seat in sorted(range(players), key=lambda s: (s - first) % players):
            if state.is_over():
                break
            action = bots[seat].act_at(views[seat], now)
            if action is not None:
                state.apply(seat, action)
        tick += 1
    return state


def ends(
    players: int, games: int, options: dict[str, Any], components: Components | None = None
) -> dict[str, Any]:
    """How heuristic tables end, and how points and wins fall by seat."""
    reasons: Counter[str] = Counter()
    in_opening = 0
    all_zero = 0
    wins: dict[int, float] = {}
    points: list[list[float]] = [[] for _ in range(players)]
    left, missions, catches, seconds, reshuffles = [], [], [], [], []
    for seed in range(games):
        state = play(players, seed, options, components)
        scores, winners = state.scores(), state.winners()
        reasons[state.end_reason or "not over"] += 1
        in_opening += state.in_opening
        all_zero += all(score == 0 for score in scores)
        for seat in winners:
            wins[seat] = wins.get(seat, 0.0) + 1 / len(winners)
        for seat, score in enumerate(scores):
            points[seat].append(score)
        left.append(len(state.agent_deck))
        missions.append(state.stats["missions"])
        catches.append(state.stats["catches"])
        seconds.append(state.now)
        reshuffles.append(sum(state.location_returned) > 0)
    return {
        "players": players,
        "games": games,
        "options": options,
        "ended_by": dict(sorted(reasons.items())),
        "ended_in_opening_round": in_opening,
        "every_score_zero": all_zero,
        "agent_cards_left": round(statistics.mean(left), 2),
        "games_with_scored_locations_reshuffled": sum(reshuffles),
        "missions": round(statistics.mean(missions), 2),
        "catches": round(statistics.mean(catches), 2),
        "virtual_seconds": round(statistics.mean(seconds), 1),
        "points_by_seat": [round(statistics.mean(p), 2) for p in points],
        "win_share_by_seat": [round(wins.get(s, 0.0) / games, 3) for s in range(players)],
        "fair_share": round(1 / players, 3),
    }


def _back(state: WinkState, where: tuple[str, int]) -> Any:
    kind, index = where
    if kind == "seat":
        return Look(index)
    if kind == "location":
        return LookAtLocation(state.components.location_ids[index])
    return LookAtCards()


def _sweep(state: WinkState, seat: int, mode: str, cursor: list[int]) -> None:
    players = state.num_players
    if mode == "instant":
        home = state.gaze[seat]
        for other in range(players):
            if other != seat and Look(other) in state.legal_actions(seat):
                state.apply(seat, Look(other))
        if _back(state, home) in state.legal_actions(seat):
            state.apply(seat, _back(state, home))
    elif mode == "settle" and state.gaze_from[seat] <= state.now - TICK:
        others = [s for s in range(players) if s != seat]
        target = others[cursor[0] % len(others)]
        cursor[0] += 1
        if Look(target) in state.legal_actions(seat):
            state.apply(seat, Look(target))


def sweep(players: int, games: int, mode: str, options: dict[str, Any]) -> dict[str, Any]:
    """One seat of a heuristic table also sweeps its eyes over the table.

    ``instant``: every tick it looks at each other seat in turn and back, at one instant.
    ``settle``: it looks at the next seat once its eyes have rested a tick on the last.
    ``none``: it does not sweep (the reference). The sweeping seat is ``seed % players``.
    """
    shares, points = [], []
    for seed in range(games):
        sweeper = seed % players
        state = play(players, seed, options, sweeper=sweeper, mode=mode)
        winks = sum(
            1
            for s in range(players)
            if s != sweeper
            for signal in state.seen[s]
            if signal["seat"] == s and signal["signal"] == "wink"
        )
        saw = sum(
            1
            for signal in state.seen[sweeper]
            if signal["signal"] == "wink" and signal["seat"] != sweeper
        )
        shares.append(saw / max(1, winks))
        points.append(state.scores()[sweeper])
    return {
        "players": players,
        "games": games,
        "mode": mode,
        "options": options,
        "share_of_others_winks_seen": round(statistics.mean(shares), 3),
        "sweeping_seat_points": round(statistics.mean(points), 2),
    }


def _pair(item: str) -> tuple[str, str]:
    name, _, text = item.partition("=")
    return name, text


def _value(text: str) -> Any:
    """A command-line option value: a whole number, true or false, or text."""
    if text.lstrip("-").isdigit():
        return int(text)
    return {"true": True, "false": False}.get(text.lower(), text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("ends", "short", "sweep"))
    parser.add_argument("--games", type=int, default=30, help="games per row (seeds 0 on)")
    parser.add_argument("--players", type=int, nargs="*", default=[4, 5, 6, 7, 8])
    parser.add_argument("--mode", choices=("none", "instant", "settle"), default="instant")
    parser.add_argument(
        "--per-player",
        type=int,
        nargs="*",
        default=[1, 2, 3, 4],
        help="short: agent cards per player to try",
    )
    parser.add_argument("--option", action="append", default=[], help="a game option name=value")
    args = parser.parse_args()
    options = GAME.resolve_options({name: _value(text) for name, text in map(_pair, args.option)})
    for players in args.players:
        if args.what == "ends":
            print(json.dumps(ends(players, args.games, options)))
        elif args.what == "short":
            # Measured below the shipped floor, so the floor itself can be chosen.
            floorless = dataclasses.replace(standard_components(), min_agent_cards_per_player=1)
            for per_player in args.per_player:
                short = {**options, "agent_cards": per_player * players}
                print(json.dumps(ends(players, args.games, short, floorless)))
        else:
            print(json.dumps(sweep(players, args.games, args.mode, options)))


if __name__ == "__main__":
    main()
