"""What the PettingZoo adapter costs: random legal steps per second through the AEC env,
with the observation tensor and the action mask computed on every step, as a ratio to the
engine's own random playouts in the same run.

    .venv/bin/python benchmarks/rl_overhead.py [--seconds 2] [--repeat 3] [--players N] [--parts]
        [--games vault,wink] [--instructions [--decisions 2000]]

Speeds are per second of this process's CPU time (``time.process_time``), which a busy
shared machine disturbs far less than the wall clock. The engine's playouts ("raw engine",
the loop of ``topsecret.arena.bench.bench_game``) take, for every acting seat,
``legal_actions``, a uniform pick with the engine's generator and the trusted
``apply_unchecked(seat, action, record=False)``. The adapter's loop is what an agent does:
``last()`` (the tensor and the mask of the selected agent), a uniform pick among the mask's
ids with the same generator, then ``step(id)``, which checks the id against the legal ids.
"reference" is the same loop with the tensor built from the observation dict (the documented
path the fast encoders are held equal to); "mask only" reads the mask alone, to tell the
adapter's cost from the tensor's. ``--parts`` reports microseconds per step instead, part by
part: the engine's step; what the legal ids, the mask and the pick add and what the fast
tensor adds (both in a bare loop over the state, without PettingZoo's API); what the API
adds; the whole AEC step; and twice the engine's step, the most a 0.5x step may take. With
``--repeat`` the engine and the adapter alternate that many times and each figure is the
median, so a burst of load on a shared machine touches both sides alike.

``--instructions`` counts instead of timing: each loop runs under Valgrind's cachegrind (which
must be installed: ``apt-get install valgrind``) for a fixed number of decisions and for
three times as many, with ``PYTHONHASHSEED=0``, and the difference of the two counts divided
by the difference of the decisions is the loop's instructions per decision, start-up
excluded. The counts do not move with the machine's load, so a change can be judged on a
busy machine; but an instruction is not a unit of time (the adapter's loop retires fewer
instructions per cycle than the engine's), so the timed ratio stays the target.

Both sides use each game's fewest seats (or ``--players``) and default options. A "step" is
one decision: in wink the adapter's steps include "wait", which the engine's playouts never
take, so wink's ratio compares decisions, not game progress.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np

from topsecret.core import Game, Rng, run_random_game
from topsecret.core.tensors import state_encoder
from topsecret.games import all_games
from topsecret.rl.gymnasium import ActionIds
from topsecret.rl.pettingzoo import TopSecretAECEnv, raw_env

#: CPU time of this process: other work on a shared machine slows both sides less unevenly
#: than it slows the wall clock.
clock = time.process_time


def engine_game(game: Game, players: int, rng: Rng) -> int:
    """One random playout of the raw engine (``arena.bench.bench_game``'s loop); returns its
    decisions."""
    state = game.new_state(players, None, rng.next_u64() >> 1)
    return run_random_game(state, rng)


def adapter(game_id: str, players: int, fast: bool = True) -> TopSecretAECEnv:
    """The AEC env the loops drive; ``fast=False`` builds the tensor from the observation dict
    (the documented reference path) instead of the game's fast encoder."""
    aec = raw_env(game_id, players=players)
    if not fast:
        aec.encoder = None
    return aec


def aec_game(aec: TopSecretAECEnv, rng: Rng, tensor: bool = True) -> int:
    """One game of random legal steps through the AEC env (``last()`` then ``step()``);
    ``tensor=False`` reads only the mask, to tell the adapter's cost from the tensor's.
    Returns its decisions."""
    steps = 0
    aec.reset(seed=rng.next_u64() >> 2)
    for agent in aec.agent_iter():
        if tensor:
            observation, _, termination, truncation, _ = aec.last()
            if termination or truncation:
                aec.step(None)
                continue
            if observation["observation"].shape[0] == 0:
                raise RuntimeError("an empty tensor")
            mask = observation["action_mask"]
        else:
            if aec.terminations[agent] or aec.truncations[agent]:
                aec.step(None)
                continue
            mask = aec.table.mask(aec.seats[agent])
        ids = mask.nonzero()[0]
        aec.step(int(ids[rng.below(len(ids))]))
        steps += 1
    return steps


def bench_engine(game: Game, players: int, seconds: float, seed: int = 0) -> float:
    """The raw engine's random playouts, decisions per second of ``clock``."""
    rng = Rng(seed)
    games = steps = 0
    start = clock()
    while games == 0 or clock() < start + seconds:
        steps += engine_game(game, players, rng)
        games += 1
    return steps / (clock() - start)


def bench_aec(
    game_id: str,
    players: int,
    seconds: float,
    seed: int = 0,
    tensor: bool = True,
    fast: bool = True,
) -> float:
    """Random legal steps per second of ``clock`` through ``raw_env`` (see :func:`aec_game`
    and :func:`adapter`)."""
    aec = adapter(game_id, players, fast)
    rng = Rng(seed)
    games = steps = 0
    start = clock()
    while games == 0 or clock() < start + seconds:
        steps += aec_game(aec, rng, tensor)
        games += 1
    return steps / (clock() - start)


#: The loops ``--instructions`` counts, by name.
SIDES = ("engine", "aec", "mask")


def play_decisions(side: str, game: Game, players: int, decisions: int) -> int:
    """Whole games of one loop until at least ``decisions`` decisions; returns how many."""
    rng = Rng(0)
    steps = 0
    aec = adapter(game.id, players) if side != "engine" else None
    while steps < decisions:
        if aec is None:
            steps += engine_game(game, players, rng)
        else:
            steps += aec_game(aec, rng, tensor=side == "aec")
    return steps


def counted(side: str, game_id: str, players: int, decisions: int) -> tuple[int, int]:
    """Instructions and decisions of one loop run under cachegrind, start-up included."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--count",
        side,
        "--games",
        game_id,
        "--players",
        str(players),
        "--decisions",
        str(decisions),
    ]
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
    return instruction_count(done.stderr), int(done.stdout.split()[-1])


def instruction_count(report: str) -> int:
    """The instructions cachegrind's summary reports (its "I refs" line)."""
    found = re.search(r"I\s+refs:\s+([\d,]+)", report)
    if found is None:
        raise RuntimeError(f"cachegrind printed no instruction count:\n{report[-2000:]}")
    return int(found.group(1).replace(",", ""))


def instructions_per_decision(side: str, game_id: str, players: int, decisions: int) -> float:
    """One loop's instructions per decision, start-up excluded: the difference between a run
    of ``decisions`` and one of three times as many."""
    few, few_steps = counted(side, game_id, players, decisions)
    many, many_steps = counted(side, game_id, players, 3 * decisions)
    return (many - few) / (many_steps - few_steps)


def instructions(games: list[Game], players: int | None, decisions: int) -> None:
    """The ratios in instructions, one line a game as each is counted."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs Valgrind's cachegrind: apt-get install valgrind")
    print(
        f"{'game':<10} {'seats':>5} {'engine':>9} {'AEC':>9} {'ratio':>6}"
        f" {'mask only':>10} {'ratio':>6}   (instructions per decision)"
    )
    for game in games:
        seats = players or game.min_players
        engine, aec, mask = (
            instructions_per_decision(side, game.id, seats, decisions) for side in SIDES
        )
        print(
            f"{game.id:<10} {seats:>5} {engine:>9.0f} {aec:>9.0f} {engine / aec:>6.2f}"
            f" {mask:>10.0f} {engine / mask:>6.2f}",
            flush=True,
        )


def bench_bare(
    game: Game, players: int, seconds: float, seed: int = 0, tensor: bool = True
) -> float:
    """The engine's playout loop plus what an agent needs, without PettingZoo's API: the legal
    ids, the mask, a pick among its ids, and (``tensor``) the fast tensor of the seat."""
    encoder = state_encoder(game, players)
    codec = game.codec(players)
    ids_of = ActionIds(codec).of
    size = codec.size + 1
    space = [codec.from_id(i) for i in range(codec.size)]
    rng = Rng(seed)
    steps = games = 0
    start = clock()
    while games == 0 or clock() < start + seconds:
        state = game.new_state(players, None, rng.next_u64() >> 1)
        while not state.is_over():
            for seat in state.acting_players():
                if state.is_over() or seat not in state.acting_players():
                    continue
                flags = bytearray(size)
                for number in ids_of(state.legal_actions(seat)):
                    flags[number] = 1
                mask = np.frombuffer(flags, dtype=np.int8)
                if tensor and encoder is not None:
                    np.frombuffer(encoder.encode(state, seat), dtype=np.float32)
                ids = mask.nonzero()[0]
                state.apply_unchecked(seat, space[int(ids[rng.below(len(ids))])], record=False)
                steps += 1
        games += 1
    return steps / (clock() - start)


def parts(game: Game, players: int, seconds: float) -> None:
    """Microseconds of CPU per step: the engine's, then what the legal ids, the mask and the
    pick add, what the fast tensor adds, and what PettingZoo's API adds."""
    engine = 1e6 / bench_engine(game, players, seconds)
    masked = 1e6 / bench_bare(game, players, seconds, tensor=False)
    tensor = 1e6 / bench_bare(game, players, seconds)
    aec = 1e6 / bench_aec(game.id, players, seconds)
    print(
        f"{game.id:<10} {players:>5} {engine:>7.1f} {masked - engine:>11.1f}"
        f" {tensor - masked:>7.1f} {aec - tensor:>7.1f} {aec:>9.1f} {2 * engine:>11.1f}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", default=None, help="comma-separated game ids (default all)")
    parser.add_argument(
        "--parts", action="store_true", help="microseconds per step, part by part, instead"
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="instructions per decision under cachegrind instead of time (needs valgrind)",
    )
    parser.add_argument(
        "--decisions",
        type=int,
        default=2000,
        help="decisions of the shorter counted run (--instructions; the longer has 3x)",
    )
    parser.add_argument("--count", choices=SIDES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    wanted = args.games.split(",") if args.games else None
    chosen = [game for game in all_games() if wanted is None or game.id in wanted]
    if args.count:
        # One counted run, started by ``counted`` under cachegrind.
        game = chosen[0]
        print(play_decisions(args.count, game, args.players or game.min_players, args.decisions))
        return
    if args.instructions:
        instructions(chosen, args.players, args.decisions)
        return
    if args.parts:
        print(
            f"{'game':<10} {'seats':>5} {'engine':>7} {'+ids, mask':>11} {'+tensor':>7}"
            f" {'+AEC API':>7} {'AEC step':>9} {'0.5x needs':>11}"
        )
        for game in all_games():
            if wanted is None or game.id in wanted:
                parts(game, args.players or game.min_players, args.seconds)
        return
    print(
        f"{'game':<10} {'seats':>5} {'engine steps/s':>15} {'AEC steps/s':>12} {'ratio':>6}"
        f" {'reference':>10} {'ratio':>6} {'mask only':>10} {'ratio':>6}"
    )
    for game in all_games():
        if wanted is not None and game.id not in wanted:
            continue
        players = args.players or game.min_players
        if game.tensor_layout(players) is None:
            print(f"{game.id:<10} {players:>5}  (no observation tensor yet)")
            continue
        runs: list[tuple[float, float, float, float]] = []
        for run in range(args.repeat):
            runs.append(
                (
                    bench_engine(game, players, args.seconds, seed=run),
                    bench_aec(game.id, players, args.seconds, seed=run),
                    bench_aec(game.id, players, args.seconds, seed=run, fast=False),
                    bench_aec(game.id, players, args.seconds, seed=run, tensor=False),
                )
            )
        median = statistics.median
        engine = median(r[0] for r in runs)
        cells = []
        for column in (1, 2, 3):
            speed = median(r[column] for r in runs)
            ratio = median(r[column] / r[0] for r in runs)
            cells.append(f"{speed:>{12 if column == 1 else 10}.0f} {ratio:>6.2f}")
        print(f"{game.id:<10} {players:>5} {engine:>15.0f} " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
