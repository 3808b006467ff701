"""Random-playout speed of our games beside OpenSpiel's pure-Python games, in one run.

OpenSpiel is not a dependency of this project; install it into the same environment to run
this comparison (``pip install open_spiel``). A "step" is one decision applied by one player
(chance outcomes in OpenSpiel count as steps too, as they do in its own benchmarks).

    python benchmarks/openspiel_compare.py --seconds 5
"""

from __future__ import annotations

import argparse
import random
import time

from topsecret.arena.bench import bench_game
from topsecret.games import get_game

OPENSPIEL_GAMES = (
    "python_tic_tac_toe",
    "python_kuhn_poker",
    "python_liars_poker",
    "python_block_dominoes",
)


def openspiel_steps_per_second(name: str, seconds: float) -> float:
    import pyspiel
    from open_spiel.python import games  # noqa: F401 - registers the Python games

    game = pyspiel.load_game(name)
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    parser.add_argument("--players", type=int, default=4, help="seats in our games")
    args = parser.parse_args()
    ours = {}
    for game_id in ("vault",):
        result = bench_game(get_game(game_id), args.players, args.seconds)
        ours[game_id] = result.steps_per_second
        print(f"topsecret {game_id:<22} {result.steps_per_second:>10,.0f} steps/s")
    try:
        theirs = {name: openspiel_steps_per_second(name, args.seconds) for name in OPENSPIEL_GAMES}
    except ImportError:
        print("OpenSpiel is not installed here: pip install open_spiel")
        return
    for name, rate in theirs.items():
        print(f"openspiel {name:<22} {rate:>10,.0f} steps/s")
    for game_id, rate in ours.items():
        ratios = ", ".join(f"{name}: {rate / other:.2f}x" for name, other in theirs.items())
        print(f"{game_id} relative to OpenSpiel's pure-Python games: {ratios}")


if __name__ == "__main__":
    main()
