"""Train a small agent with sb3-contrib's MaskablePPO on a Top Secret game; it beats ``random``.

The learner is one seat of ``topsecret.rl.gymnasium.env`` (default: the vault card game,
heads-up, against the ``random`` bot). MaskablePPO reads the env's ``action_masks()``, so it
only ever picks legal ids. Training runs on one vectorised env per seat, so the agent learns
every seat, not only the first.

Before and after training, the policy plays ``--eval-episodes`` games on seeds kept apart
from training's (half in each seat of a heads-up table) and the script prints its win rate
(a tie counts as a shared win) with a Wilson 95% interval; the fair share is ``1 / players``.

Run it (needs the ``train`` extra, which pins PyTorch 2.13.0: ``pip install -e '.[train]'``;
on a machine without a GPU, install that version's CPU build first, or pip brings CUDA)::

    python examples/train_maskable_ppo.py
    python examples/train_maskable_ppo.py --timesteps 300000 --save vault_ppo.zip
    python examples/train_maskable_ppo.py --game briefcase --opponents heuristic
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from topsecret.arena.stats import wilson_interval
from topsecret.rl.gymnasium import env as make_env

#: Why the train extra cannot be used, said in one line once the arguments are read (so
#: ``--help`` works without it); ``None`` when it is installed.
MISSING: str | None = None
try:
    import gymnasium
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv
except ImportError as missing:
    MISSING = (
        "train_maskable_ppo.py needs the train extra (PyTorch, Stable-Baselines3): "
        f"pip install -e '.[train]' ({missing})"
    )

#: Evaluation games are seeded from here up, far from the seeds training draws.
EVAL_SEED_BASE = 1_000_000_000


def seat_env(args: argparse.Namespace, seat: int) -> Callable[[], gymnasium.Env[Any, Any]]:
    """A factory for the learner's env at ``seat`` (what SB3's vectorised envs take)."""

    def build() -> gymnasium.Env[Any, Any]:
        return make_env(args.game, players=args.players, opponents=args.opponents, seat=seat)

    return build


def evaluate(model: MaskablePPO, args: argparse.Namespace) -> tuple[float, float, float]:
    """The policy's win share over ``--eval-episodes`` seeded games, seats taken in turn,
    with its Wilson 95% interval."""
    envs = [seat_env(args, seat)() for seat in range(args.players)]
    wins = 0.0
    for episode in range(args.eval_episodes):
        env = envs[episode % args.players]
        observation, _info = env.reset(seed=EVAL_SEED_BASE + episode)
        done = False
        reward = 0.0
        while not done:
            mask = env.action_masks()  # type: ignore[attr-defined]
            action, _state = model.predict(observation, action_masks=mask, deterministic=True)
            observation, step_reward, terminated, truncated, _info = env.step(int(action))
            reward = float(step_reward)
            done = terminated or truncated
        wins += reward
    for env in envs:
        env.close()
    low, high = wilson_interval(wins, args.eval_episodes)
    return wins / args.eval_episodes, low, high


def describe(label: str, result: tuple[float, float, float], episodes: int) -> str:
    rate, low, high = result
    return f"{label}: win rate {rate:.3f} (95% {low:.3f}-{high:.3f}) over {episodes} games"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="vault", help="game id (default: vault)")
    parser.add_argument("--players", type=int, default=2, help="seats at the table (default 2)")
    parser.add_argument(
        "--opponents", default="random", help="bot name for every other seat (default: random)"
    )
    parser.add_argument(
        "--timesteps", type=int, default=100_000, help="learner decisions to train on"
    )
    parser.add_argument(
        "--eval-episodes", type=int, default=1000, help="games before and after training"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of training and of the policy")
    parser.add_argument(
        "--threads", type=int, default=1, help="PyTorch CPU threads (default 1; small nets)"
    )
    parser.add_argument("--save", help="write the trained model to this .zip file")
    args = parser.parse_args(argv)
    if MISSING is not None:
        raise SystemExit(MISSING)

    torch.set_num_threads(args.threads)
    # One env per seat, two of each: every update sees every seat.
    train_env = DummyVecEnv(
        [seat_env(args, seat % args.players) for seat in range(2 * args.players)]
    )
    model = MaskablePPO(
        "MlpPolicy",
        train_env,
        n_steps=512,
        batch_size=256,
        learning_rate=3e-4,
        ent_coef=0.01,
        gamma=1.0,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    table = f"{args.game}, {args.players} seats, learner vs {args.opponents}"
    print(table, flush=True)
    print(describe("before training", evaluate(model, args), args.eval_episodes), flush=True)

    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    seconds = time.perf_counter() - start
    print(
        f"trained {args.timesteps} steps in {seconds:.0f} s "
        f"({args.timesteps / seconds:.0f} steps/s)",
        flush=True,
    )
    print(describe("after training", evaluate(model, args), args.eval_episodes), flush=True)
    if args.save:
        model.save(args.save)
        print(f"model saved to {args.save}")
    train_env.close()


if __name__ == "__main__":
    main()
