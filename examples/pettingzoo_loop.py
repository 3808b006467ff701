"""Play Vault through PettingZoo with masked random actions, AEC and parallel.

Shows the standard PettingZoo agent loop (``agent_iter`` / ``last`` / ``step``) over
``topsecret.rl.pettingzoo.env`` and the equivalent loop over ``parallel_env``, both picking
uniformly among the legal ids of each agent's ``action_mask``.

Run it (needs the ``rl`` extra: ``pip install -e '.[rl]'``)::

    python examples/pettingzoo_loop.py
    python examples/pettingzoo_loop.py --players 4 --seed 3
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from topsecret.core import TopSecretError
from topsecret.rl.pettingzoo import env as make_env
from topsecret.rl.pettingzoo import parallel_env as make_parallel_env


def masked_random(mask: np.ndarray[Any, Any], rng: np.random.Generator) -> int:
    """A uniformly random id among those the mask allows."""
    return int(rng.choice(np.flatnonzero(mask)))


def aec_loop(players: int, seed: int) -> dict[str, float]:
    """One single-deal game through the AEC API; returns each agent's total reward."""
    rng = np.random.default_rng(seed)
    aec = make_env("vault", players=players, single_deal=True)
    aec.reset(seed=seed)
    totals = {agent: 0.0 for agent in aec.agents}
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, _info = aec.last()
        # Rewards arrive through last() as each agent is visited after the end, so they
        # must be summed here rather than read once.
        totals[agent] += float(reward)
        if termination or truncation:
            action = None  # PettingZoo requires None for an agent that is done
        else:
            action = masked_random(observation["action_mask"], rng)
        aec.step(action)
    aec.close()
    return totals


def parallel_loop(players: int, seed: int) -> tuple[dict[str, float], int]:
    """One single-deal game through the parallel API; returns total rewards and steps."""
    rng = np.random.default_rng(seed)
    par = make_parallel_env("vault", players=players, single_deal=True)
    observations, _infos = par.reset(seed=seed)
    totals = {agent: 0.0 for agent in par.agents}
    steps = 0
    while par.agents:
        # Agents that owe no decision this step get an all-zero mask; their action is
        # ignored, but the parallel API still wants one per live agent.
        actions = {
            agent: masked_random(obs["action_mask"], rng) if obs["action_mask"].any() else 0
            for agent, obs in observations.items()
        }
        observations, rewards, _terms, _truncs, _infos = par.step(actions)
        for agent, reward in rewards.items():
            totals[agent] += float(reward)
        steps += 1
    par.close()
    return totals, steps


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3, help="seats at the table (2-6)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the deal and the actions")
    args = parser.parse_args(argv)

    try:
        aec_rewards = aec_loop(args.players, args.seed)
    except TopSecretError as exc:  # a player count the game does not take: said, not traced
        parser.error(str(exc))
    print("AEC rewards:", {agent: round(r, 3) for agent, r in aec_rewards.items()})
    parallel_rewards, steps = parallel_loop(args.players, args.seed)
    print(
        f"parallel rewards after {steps} steps:",
        {agent: round(r, 3) for agent, r in parallel_rewards.items()},
    )


if __name__ == "__main__":
    main()
