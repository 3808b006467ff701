"""Our IS-MCTS against OpenSpiel's, heads-up, at the same time per decision.

Our :class:`~topsecret.bots.ismcts.IsmctsBot` searches for ``--ms`` milliseconds. OpenSpiel's
``ISMCTSBot`` (random-rollout evaluator, driven through :mod:`topsecret.rl.openspiel`) takes a
number of simulations instead, so it is calibrated first: its mean seconds per decision are
measured at a few simulation counts on the same positions (decisions with a real choice, from
seeded random games), and the count whose mean is nearest our budget is used.

Both bots see only their seat: ours through a :class:`~topsecret.core.SeatView` and the
events its seat is shown (as at any table), OpenSpiel's through the adapter state, whose
``resample_from_infostate`` is the engine's ``determinize`` for that seat. Each deal is
played twice with the seats swapped; a seat's result is its share of the win (1/k for k tied
best scores), the adapter's return.

Games of more than two seats (the winking game has four at least) are played by two teams:
ours in every other seat, OpenSpiel's in the rest, swapped on the deal's second game, so at
an even table a fair share of the wins is 50% as heads-up. In real time (wink) the adapter
offers a "wait" id every round of its virtual clock: OpenSpiel's bot searches every round it
is asked (waiting is one of its moves), ours acts when its game's reaction times say the seat
acts (``act_at``, as at a real table) and waits otherwise. "Per decision" times then count
our searched decisions and every one of OpenSpiel's.

    python benchmarks/ismcts_vs_openspiel.py --games vault,briefcase --games-per-game 20 --ms 100
    python benchmarks/ismcts_vs_openspiel.py --games wink --players 4 --games-per-game 40
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from topsecret.arena.stats import wilson_interval
from topsecret.bots import make_bot
from topsecret.core import Bot, Event, Rng, SeatView, visible_events
from topsecret.games import get_game
from topsecret.rl import openspiel as adapter


def load(game_id: str, players: int, whole_vault: bool) -> Any:
    params: dict[str, Any] = {"players": players}
    if game_id == "vault" and not whole_vault:
        params["single_deal"] = True
    return pyspiel.load_game(f"{adapter.PREFIX}{game_id}", params)


def openspiel_bot(
    game: Any, simulations: int, seed: int, uct_c: float, rollout_max: int | None
) -> Any:
    """OpenSpiel's IS-MCTS with a seeded world sampler (its default one reads the clock)."""
    evaluator = mcts.RandomRolloutEvaluator(
        1, np.random.RandomState(seed ^ 0x5A), max_length=rollout_max
    )
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c, simulations, random_state=np.random.RandomState(seed)
    )
    sampler = pyspiel.UniformProbabilitySampler(seed & 0x7FFFFFFF, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


def positions(game: Any, count: int, seed: int) -> list[Any]:
    """Decisions with a real choice, picked from seeded random games."""
    rng = Rng(seed)
    found: list[Any] = []
    game_seed = seed
    while len(found) < count:
        state = game.new_initial_state_from_seed(game_seed)
        game_seed += 1
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) > 1 and rng.below(8) == 0:
                found.append(state.clone())
            state.apply_action(rng.choice(legal))
    return found[:count]


def calibrate(
    game: Any,
    ms: float,
    counts: Sequence[int],
    n_positions: int,
    seed: int,
    uct_c: float,
    rollout_max: int | None,
) -> int:
    """The simulation count whose mean time per decision is nearest ``ms``; prints the table."""
    spots = positions(game, n_positions, seed)
    print(f"  calibration on {len(spots)} positions (target {ms:g} ms per decision):")
    best, best_gap = counts[0], float("inf")
    for simulations in counts:
        bot = openspiel_bot(game, simulations, seed, uct_c, rollout_max)
        times = []
        for spot in spots:
            start = time.perf_counter()
            bot.step(spot)
            times.append(time.perf_counter() - start)
        mean_ms = 1000 * statistics.fmean(times)
        print(f"    {simulations:5d} simulations: {mean_ms:8.1f} ms per decision", flush=True)
        gap = abs(mean_ms - ms)
        if gap < best_gap:
            best, best_gap = simulations, gap
        if mean_ms > 3 * ms:
            break
    print(f"  -> OpenSpiel's ISMCTSBot plays with {best} simulations", flush=True)
    return best


@dataclass
class Tally:
    games: int = 0
    share: float = 0.0
    our_seconds: list[float] = field(default_factory=list)
    their_seconds: list[float] = field(default_factory=list)


def play(
    game: Any,
    game_id: str,
    seed: int,
    our_seats: Sequence[int],
    ms: float,
    simulations: int,
    uct_c: float,
    rollout_max: int | None,
    tally: Tally,
) -> float:
    """One game; returns our seats' share of the win."""
    engine = game.topsecret_game
    codec = engine.codec(game.num_players())
    realtime = engine.play_style == "realtime"
    ours: dict[int, Bot] = {
        seat: make_bot(engine, f"ismcts:ms={ms:g}", (seed ^ 0x0C0FFEE) + seat) for seat in our_seats
    }
    theirs = openspiel_bot(game, simulations, seed ^ 0x0DDBA11, uct_c, rollout_max)
    state = game.new_initial_state_from_seed(seed)

    def tell(events: Sequence[Event]) -> None:
        for seat, bot in ours.items():
            seen = visible_events(events, seat)
            if seen:
                bot.observe(seat, seen)

    state.listen(tell)
    wait = codec.size
    while not state.is_terminal():
        player = state.current_player()
        choice = len(state.legal_actions()) > 1
        start = time.perf_counter()
        if player in ours:
            view = SeatView(state.topsecret_state, player)
            if realtime:
                move = ours[player].act_at(view, state.virtual_time())
                choice = choice and move is not None
                action = wait if move is None else codec.to_id(move)
            else:
                action = codec.to_id(ours[player].choose(view))
        else:
            action = theirs.step(state)
        if choice:
            spent = time.perf_counter() - start
            (tally.our_seconds if player in ours else tally.their_seconds).append(spent)
        state.apply_action(action)
    share = float(sum(state.returns()[seat] for seat in our_seats))
    tally.games += 1
    tally.share += share
    return share


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="vault,briefcase", help="game ids, comma separated")
    parser.add_argument("--games-per-game", type=int, default=20, help="games per game id")
    parser.add_argument("--ms", type=float, default=100.0, help="search time per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        help="seats (raised to a game's fewest); beyond 2, ours hold every other seat",
    )
    parser.add_argument(
        "--whole-vault", action="store_true", help="play whole vault games, not one deal"
    )
    parser.add_argument(
        "--sims",
        default="5,10,20,40,80,160,320",
        help="simulation counts tried in the calibration, ascending",
    )
    parser.add_argument("--positions", type=int, default=20, help="calibration positions")
    parser.add_argument(
        "--uct-c", type=float, default=0.7, help="OpenSpiel's UCT constant (ours uses 0.7)"
    )
    parser.add_argument(
        "--rollout-max",
        type=int,
        default=None,
        help="cut OpenSpiel's random rollouts after this many moves (default: play to the end)",
    )
    args = parser.parse_args(argv)
    counts = [int(x) for x in args.sims.split(",")]
    print(f"IS-MCTS: ours at {args.ms:g} ms vs OpenSpiel's, seed {args.seed}")
    for game_id in [g.strip() for g in args.games.split(",") if g.strip()]:
        engine = get_game(game_id)
        players = max(args.players, engine.min_players)
        if players > engine.max_players:
            print(f"{game_id}: not playable at {players} seats, skipped")
            continue
        game = load(game_id, players, args.whole_vault)
        label = f"{game_id}, {players} seats" + (
            " (one deal)" if game_id == "vault" and not args.whole_vault else ""
        )
        print(f"{label}:", flush=True)
        simulations = calibrate(
            game, args.ms, counts, args.positions, args.seed, args.uct_c, args.rollout_max
        )
        tally = Tally()
        started = time.perf_counter()
        for index in range(args.games_per_game):
            # Each deal twice, seats swapped, so neither bot keeps the better seat.
            deal_seed = args.seed * 100_003 + index // 2
            our_seats = [seat for seat in range(players) if seat % 2 == index % 2]
            share = play(
                game,
                game_id,
                deal_seed,
                our_seats,
                args.ms,
                simulations,
                args.uct_c,
                args.rollout_max,
                tally,
            )
            print(
                f"  game {index + 1}/{args.games_per_game}: deal {deal_seed}, ours in seats "
                f"{our_seats}, our share {share:.2f}; running {tally.share:.1f}/{tally.games} "
                f"({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
        low, high = wilson_interval(tally.share, tally.games)
        ours_ms = 1000 * statistics.fmean(tally.our_seconds) if tally.our_seconds else 0.0
        theirs_ms = 1000 * statistics.fmean(tally.their_seconds) if tally.their_seconds else 0.0
        print(
            f"  RESULT {label}: our win share {tally.share / tally.games:.3f} "
            f"(95% {low:.3f}-{high:.3f}) over {tally.games} games; mean time per decision "
            f"ours {ours_ms:.0f} ms, OpenSpiel's ({simulations} simulations) {theirs_ms:.0f} ms",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
