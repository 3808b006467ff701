"""The Gymnasium adapter: Gymnasium's own checker, masks, rewards and illegal actions."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="pip install -e '.[rl]'")

import numpy as np
from gymnasium.utils.env_checker import check_env

from tests.rl.small_tables import small
from topsecret.core import IllegalAction, InvalidOptions, win_shares
from topsecret.games import game_ids
from topsecret.rl import gymnasium as adapter

GAME_IDS = game_ids()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_check_env(game_id: str) -> None:
    env = adapter.env(game_id, opponents="random", **small(game_id))
    with warnings.catch_warnings():
        # The tensor box is unbounded on purpose: layouts state no ranges.
        warnings.filterwarnings("ignore", message=".*infinity.*")
        check_env(env, skip_render_check=True)


def play(env: adapter.TopSecretEnv, seed: int) -> tuple[float, dict[str, Any], int]:
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    steps = 0
    while True:
        mask = env.action_masks()
        assert (mask == info["action_mask"].astype(bool)).all()
        assert mask.any()
        action = int(rng.choice(np.flatnonzero(mask)))
        _, reward, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            return float(reward), info, steps


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_whole_game_against_heuristics(game_id: str) -> None:
    params = small(game_id)
    env = adapter.env(game_id, opponents="heuristic", seat=1, **params)
    reward, info, _ = play(env, 4)
    scores = info["scores"]
    assert reward == win_shares(scores)[1]
    assert not info["action_mask"].any()


def test_same_seed_same_game() -> None:
    params = small("vault")
    first = play(adapter.env("vault", opponents="heuristic", **params), 9)
    again = play(adapter.env("vault", opponents="heuristic", **params), 9)
    assert first[0] == again[0]
    assert first[1]["scores"] == again[1]["scores"]


def test_illegal_action_substituted_with_a_penalty_or_raised() -> None:
    params = small("briefcase")
    env = adapter.env("briefcase", opponents="random", **params)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, _, _, info = env.step(illegal)
    assert info["illegal_action"] is True
    if "scores" not in info:
        assert float(reward) == pytest.approx(-0.1)
    strict = adapter.env("briefcase", opponents="random", illegal="raise", **params)
    _, info = strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_opponents_listed_one_per_other_seat() -> None:
    small("vault")
    env = adapter.env("vault", opponents=["random", "heuristic"], players=3, single_deal=True)
    env.reset(seed=0)
    with pytest.raises(InvalidOptions, match="need 2 opponents"):
        adapter.env("vault", opponents=["random"], players=3)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"opponents": None}, "opponents must be a bot name or a list of bot names, not None"),
        ({"opponents": ["random", 3]}, "opponents must be a bot name or a list"),
        ({"seat": "1"}, "seat '1' is not at a table of 2"),
        ({"seat": 2}, "seat 2 is not at a table of 2"),
    ],
)
def test_a_learner_seat_or_opponents_of_the_wrong_kind_are_refused(
    arguments: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidOptions, match=message):
        adapter.env("vault", players=2, **arguments)
