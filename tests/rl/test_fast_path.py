"""The adapters' fast path (fast encoders, legal ids kept per decision, masks from an id map)
must hand out exactly what the documented path gives: the tensor of each seat's observation
dict, and a mask built from the engine's legal actions through the action codec. Checked for
every agent, asked or not, at every step of whole seeded games of every game."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="pip install -e '.[rl]'")

import numpy as np

from tests.rl.small_tables import small
from topsecret.core import State
from topsecret.games import game_ids
from topsecret.rl import pettingzoo as adapter
from topsecret.rl.pettingzoo import Observation, TopSecretAECEnv, TopSecretParallelEnv

GAME_IDS = game_ids()
SEEDS = (1, 2)


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def documented_tensor(env: TopSecretAECEnv | TopSecretParallelEnv, seat: int) -> np.ndarray:
    """The tensor the game documents: its encoding of ``observation(seat)``."""
    state = env.table.state
    values = env.game.observation_tensor(state.observation(seat), env.players)
    return np.asarray(values, dtype=np.float32)


def documented_mask(
    env: TopSecretAECEnv | TopSecretParallelEnv, seat: int, asked: bool
) -> np.ndarray:
    """1 for the codec id of each legal action of an asked seat (and "wait" in real time while
    it may act); all zero for a seat not asked or once the game is over."""
    state: State = env.table.state
    size = env.codec.size
    realtime = env.game.play_style == "realtime"
    mask = np.zeros(size + (1 if realtime else 0), dtype=np.int8)
    if asked and not state.is_over():
        for action in state.legal_actions(seat):
            mask[env.codec.to_id(action)] = 1
        if realtime and seat in state.acting_players():
            mask[size] = 1
    return mask


def assert_documented(
    env: TopSecretAECEnv | TopSecretParallelEnv,
    agent: str,
    observation: Observation,
    asked: bool,
) -> None:
    seat = env.seats[agent]
    tensor, mask = observation["observation"], observation["action_mask"]
    assert tensor.dtype == np.float32 and mask.dtype == np.int8
    assert np.array_equal(tensor, documented_tensor(env, seat)), f"{agent}'s tensor"
    assert np.array_equal(mask, documented_mask(env, seat, asked)), f"{agent}'s mask"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_aec_observation_of_a_whole_game_is_the_documented_one(
    game_id: str, seed: int
) -> None:
    """Given a seeded random game through the AEC env, when every agent observes at every
    step (the selected one and the others), then each tensor is the game's tensor of that
    seat's observation dict and each mask is the codec's ids of the engine's legal actions
    for the selected agent, all zero for the others; handing out an array twice gives two
    arrays, so a caller may write into what it got."""
    aec = adapter.raw_env(game_id, **small(game_id))
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    for agent in aec.agent_iter():
        _, _, termination, truncation, _ = aec.last(observe=False)
        for other in aec.agents:
            asked = other == agent and not (termination or truncation)
            assert_documented(aec, other, aec.observe(other), asked)
        observation = aec.observe(agent)
        if termination or truncation:
            aec.step(None)
            continue
        ids = observation["action_mask"].nonzero()[0]
        observation["observation"][:] = -1.0
        observation["action_mask"][:] = 0
        assert_documented(aec, agent, aec.observe(agent), True)
        aec.step(int(rng.choice(ids)))
        steps += 1
    assert aec.table.state.is_over()
    assert steps > 10


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_parallel_observation_of_a_whole_game_is_the_documented_one(
    game_id: str,
) -> None:
    """Given a seeded random game through the parallel env, when every step's observations
    come back, then each agent's tensor is the documented one and its mask holds the legal
    ids exactly when it owes a decision in the coming step."""
    par = adapter.parallel_env(game_id, **small(game_id))
    observations, _ = par.reset(seed=4)
    rng = np.random.default_rng(4)
    steps = 0
    while par.agents:
        acting = set(par.table.queue)
        for agent, observation in observations.items():
            assert_documented(par, agent, observation, par.seats[agent] in acting)
        actions = {}
        for agent, observation in observations.items():
            ids = observation["action_mask"].nonzero()[0]
            actions[agent] = int(rng.choice(ids)) if ids.size else 0
        observations, _, terminations, truncations, _ = par.step(actions)
        steps += 1
        if any(terminations.values()) or any(truncations.values()):
            for agent, observation in observations.items():
                assert_documented(par, agent, observation, False)
    assert par.table.state.is_over()
    assert steps > 5
