"""What the PettingZoo adapter costs: random legal steps per second through the AEC env,
with the observation tensor and the action mask computed on every step, as a ratio to the
engine's own random playouts (``topsecret.arena.bench.bench_game``) in the same run.

    .venv/bin/python benchmarks/rl_overhead.py [--seconds 3] [--players N]

Both sides use each game's fewest seats (or ``--players``) and default options. A "step" is
one decision: in wink the adapter's steps include "wait", which the engine's playouts never
take, so wink's ratio compares decisions, not game progress.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from topsecret.arena.bench import bench_game
from topsecret.games import all_games
from topsecret.rl.pettingzoo import raw_env


def bench_aec(
    game_id: str, players: int, seconds: float, seed: int = 0, tensor: bool = True
) -> float:
    """Random legal steps per second through ``raw_env`` (``last()`` then ``step()``);
    ``tensor=False`` reads only the mask, to tell the adapter's cost from the tensor's."""
    aec = raw_env(game_id, players=players)
    rng = np.random.default_rng(seed)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while games == 0 or time.perf_counter() < deadline:
        aec.reset(seed=int(rng.integers(1 << 62)))
        for _ in aec.agent_iter():
            agent = aec.agent_selection
            if aec.terminations[agent] or aec.truncations[agent]:
                aec.step(None)
                continue
            seat = aec.seats[agent]
            mask = aec.last()[0]["action_mask"] if tensor else aec.table.mask(seat)
            aec.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args()
    print(
        f"{'game':<10} {'seats':>5} {'engine steps/s':>15} {'AEC steps/s':>12} {'ratio':>6}"
        f" {'mask only':>10} {'ratio':>6}"
    )
    for game in all_games():
        players = args.players or game.min_players
        if game.tensor_layout(players) is None:
            print(f"{game.id:<10} {players:>5}  (no observation tensor yet)")
            continue
        engine = bench_game(game, players, args.seconds).steps_per_second
        adapter = bench_aec(game.id, players, args.seconds)
        bare = bench_aec(game.id, players, args.seconds, tensor=False)
        print(
            f"{game.id:<10} {players:>5} {engine:>15.0f} {adapter:>12.0f} {adapter / engine:>6.2f}"
            f" {bare:>10.0f} {bare / engine:>6.2f}"
        )


if __name__ == "__main__":
    main()
