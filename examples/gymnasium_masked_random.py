"""One learner seat in Dr. Solomon's briefcase through Gymnasium, playing masked random moves.

Shows the single-agent view: ``topsecret.rl.gymnasium.env`` seats the learner at seat 0 and
bots from the registry at the others, so an ordinary ``reset``/``step`` loop plays whole
games. The learner picks uniformly among the ids ``action_masks()`` allows (the method
sb3-contrib's MaskablePPO calls), and its win rate against the bots is printed: a baseline a
trained agent should beat.

Run it (needs the ``rl`` extra: ``pip install -e '.[rl]'``)::

    python examples/gymnasium_masked_random.py
    python examples/gymnasium_masked_random.py --episodes 20 --opponents random
"""

from __future__ import annotations

import argparse

import numpy as np

from topsecret.core import TopSecretError
from topsecret.rl.gymnasium import env as make_env


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100, help="games to play")
    parser.add_argument("--players", type=int, default=3, help="seats at the table (2-4)")
    parser.add_argument("--opponents", default="heuristic", help="bot name for every other seat")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first episode")
    args = parser.parse_args(argv)

    try:
        env = make_env("briefcase", players=args.players, opponents=args.opponents)
    except TopSecretError as exc:  # a player count or a bot the game does not take
        parser.error(str(exc))
    rng = np.random.default_rng(args.seed)
    # The reward is the learner's share of the win (1/k when k seats tie for best), so the
    # sum of final rewards over episodes counts wins with ties split.
    wins = 0.0
    truncated_episodes = 0
    for episode in range(args.episodes):
        # Seeding every reset makes each episode's deal and bots reproducible on its own.
        env.reset(seed=args.seed + episode)
        terminated = truncated = False
        reward = 0.0
        while not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            _observation, step_reward, terminated, truncated, _info = env.step(action)
            reward = float(step_reward)
        wins += reward
        truncated_episodes += int(truncated)
    env.close()

    rate = wins / args.episodes if args.episodes else 0.0
    print(
        f"masked random vs {args.players - 1} x {args.opponents} in briefcase: "
        f"win rate {rate:.2f} over {args.episodes} episodes "
        f"(fair share {1 / args.players:.2f}; {truncated_episodes} truncated)"
    )


if __name__ == "__main__":
    main()
