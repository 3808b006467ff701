"""A briefcase table on a map of the players' own (``map=FILE``) in all three adapters: the
action ids and the tensor follow the map in play, not the built-in one (as
``tests/games/briefcase/test_house_maps.py`` checks for the engine).

Rulebook 004 §Move An Agent lets an agent move to any adjacent city, so every city of the map
in play needs a move with an id, and the tensor a place for every city.
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="pip install -e '.[rl]'")

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

from topsecret.core import Game
from topsecret.games.briefcase import GAME
from topsecret.games.briefcase.actions import MoveAgent
from topsecret.rl import gymnasium as gym_adapter
from topsecret.rl import pettingzoo as pz_adapter

EUROPE = Path(__file__).parents[2] / "src/topsecret/games/briefcase/europe.toml"
#: Moving to Nice: an action only the house map has.
TO_NICE = MoveAgent("Tempest", "Nice")


@pytest.fixture
def house_map(tmp_path: Path) -> Path:
    """Europe plus Nice, a city the built-in map lacks, between Marseille and Genoa."""
    text = EUROPE.read_text().replace('name = "Europe"', 'name = "House map"')
    text = text.replace(
        '["Rome", "Milan"], ["Rome", "Zagreb"],\n]',
        '["Rome", "Milan"], ["Rome", "Zagreb"],\n  ["Nice", "Marseille"], ["Nice", "Genoa"],\n]',
    )
    assert "Nice" in text
    text += '\n[[city]]\nname = "Nice"\nat = [2, 7]\nsource = "project"\n'
    path = tmp_path / "house.toml"
    path.write_text(text)
    return path


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # The conformance checks warn about the Dict observation and the unbounded box.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def on_map(path: Path) -> Game:
    """The game of a two-seat table on the map (what its states answer as ``state.game``)."""
    game = GAME.for_options({"map": str(path)})
    assert game is not GAME
    return game


def reference(game: Game, state: Any, seat: int) -> Any:
    """The documented tensor of the seat's observation dict."""
    return np.asarray(game.observation_tensor(state.observation(seat), 2), dtype=np.float32)


def test_the_house_map_has_more_ids_and_a_longer_tensor(house_map: Path) -> None:
    """The premise: one city more gives more action ids and more floats than Europe."""
    game = on_map(house_map)
    assert game.codec(2).size > GAME.codec(2).size
    assert game.tensor_layout(2).size > GAME.tensor_layout(2).size
    with pytest.raises(Exception, match="Nice"):
        GAME.codec(2).to_id(TO_NICE)
    assert game.codec(2).from_id(game.codec(2).to_id(TO_NICE)) == TO_NICE


def test_pettingzoo_spaces_and_play_follow_the_house_map(house_map: Path) -> None:
    """Given the AEC env on the house map, its spaces are the house map's codec and tensor;
    through a whole random game every asked agent's tensor is the documented tensor of its
    observation on that map; and PettingZoo's api_test and parallel_api_test pass."""
    game = on_map(house_map)
    aec = pz_adapter.raw_env("briefcase", players=2, map=str(house_map))
    space = aec.observation_space("player_0")
    assert aec.action_space("player_0").n == game.codec(2).size
    assert space["observation"].shape == (game.tensor_layout(2).size,)
    assert space["action_mask"].shape == (game.codec(2).size,)
    assert aec.codec.to_id(TO_NICE) == game.codec(2).to_id(TO_NICE)
    aec.reset(seed=3)
    rng = np.random.default_rng(3)
    steps = 0
    for agent in aec.agent_iter():
        observation, _, termination, truncation, _ = aec.last()
        if termination or truncation:
            aec.step(None)
            continue
        seat = aec.seats[agent]
        np.testing.assert_array_equal(
            observation["observation"], reference(game, aec.table.state, seat)
        )
        aec.step(int(rng.choice(observation["action_mask"].nonzero()[0])))
        steps += 1
    assert steps > 0
    assert sum(aec.final_rewards.values()) == pytest.approx(1.0)
    api_test(pz_adapter.env("briefcase", players=2, map=str(house_map)), num_cycles=50)
    parallel_api_test(
        pz_adapter.parallel_env("briefcase", players=2, map=str(house_map)), num_cycles=50
    )


def test_gymnasium_spaces_follow_the_house_map(house_map: Path) -> None:
    """Given the Gymnasium env on the house map against the heuristic, its spaces are the
    house map's, its first tensor is the documented one, and check_env passes."""
    game = on_map(house_map)
    env = gym_adapter.env("briefcase", players=2, opponents="heuristic", map=str(house_map))
    assert env.action_space.n == game.codec(2).size
    assert env.observation_space.shape == (game.tensor_layout(2).size,)
    observation, info = env.reset(seed=4)
    np.testing.assert_array_equal(observation, reference(game, env.table.state, 0))
    assert info["action_mask"].shape == (game.codec(2).size,)
    check_env(env, skip_render_check=True)


def test_openspiel_loads_the_house_map_with_its_ids_and_tensor(house_map: Path) -> None:
    """Given ``topsecret_briefcase`` loaded with ``map``, its action count and tensor shape
    are the house map's, and through a random game every seat's observation tensor is the
    documented tensor of its observation on that map."""
    pyspiel = pytest.importorskip("pyspiel", reason="pip install -e '.[rl]'")
    import topsecret.rl.openspiel  # noqa: F401  (registers the games)

    game = on_map(house_map)
    loaded = pyspiel.load_game("topsecret_briefcase", {"players": 2, "map": str(house_map)})
    assert loaded.num_distinct_actions() == game.codec(2).size
    assert loaded.observation_tensor_shape() == [game.tensor_layout(2).size]
    assert loaded.topsecret_game.codec(2).to_id(TO_NICE) == game.codec(2).to_id(TO_NICE)
    state = loaded.new_initial_state_from_seed(6)
    rng = random.Random(6)
    while not state.is_terminal():
        for seat in range(2):
            np.testing.assert_array_equal(
                np.asarray(state.observation_tensor(seat), dtype=np.float32),
                reference(game, state.topsecret_state, seat),
            )
        state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == pytest.approx(1.0)
