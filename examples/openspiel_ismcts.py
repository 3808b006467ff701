"""OpenSpiel's own IS-MCTS against its uniform random bot on Dr. Solomon's briefcase.

Shows that ``import topsecret.rl.openspiel`` makes the games ordinary ``pyspiel`` games:
``topsecret_briefcase`` is loaded by name and played by OpenSpiel's Python ``ISMCTSBot``
(which samples worlds through the adapter's ``resample_from_infostate``) against
``pyspiel.make_uniform_random_bot``, for one seeded game, then the returns are printed.

Run it (needs the ``rl`` extra: ``pip install -e '.[rl]'``)::

    python examples/openspiel_ismcts.py
    python examples/openspiel_ismcts.py --seed 3 --simulations 200
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import topsecret.rl.openspiel  # noqa: F401  (registers topsecret_<game> with pyspiel)


def play(seed: int, simulations: int, ismcts_seat: int) -> tuple[list[float], int]:
    """One game; returns OpenSpiel's returns per seat and the number of moves played."""
    game = pyspiel.load_game("topsecret_briefcase", {"players": 2, "seed": seed})
    rng = np.random.RandomState(seed)
    searcher = ismcts.ISMCTSBot(
        game=game,
        # Random rollouts need no trained network, which keeps the example self-contained.
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
    )
    bots: list[pyspiel.Bot] = [pyspiel.make_uniform_random_bot(1 - ismcts_seat, seed)] * 2
    bots[ismcts_seat] = searcher
    state = game.new_initial_state()
    moves = 0
    # The adapter has no chance nodes (chance is sampled inside the engine), so every
    # non-terminal state belongs to a player.
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
        moves += 1
    return list(state.returns()), moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7, help="seed of the deal and both bots")
    parser.add_argument("--simulations", type=int, default=50, help="IS-MCTS simulations per move")
    parser.add_argument("--seat", type=int, choices=(0, 1), default=0, help="IS-MCTS's seat")
    args = parser.parse_args(argv)

    returns, moves = play(args.seed, args.simulations, args.seat)
    names = ["ismcts" if seat == args.seat else "random" for seat in range(2)]
    print(f"topsecret_briefcase, seed {args.seed}, {moves} moves")
    for seat, (name, value) in enumerate(zip(names, returns, strict=True)):
        print(f"seat {seat} ({name}): return {value:g}")


if __name__ == "__main__":
    main()
