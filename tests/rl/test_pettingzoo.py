"""The PettingZoo adapter: PettingZoo's own conformance tests, and the contract's promises."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="pip install -e '.[rl]'")

import numpy as np
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test
from pettingzoo.utils.conversions import aec_to_parallel

from tests.rl.small_tables import small
from topsecret.core import IllegalAction, InvalidOptions
from topsecret.games import game_ids, get_game
from topsecret.rl import pettingzoo as adapter

GAME_IDS = game_ids()


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # The conformance tests warn about things this adapter does on purpose (a Dict
    # observation, all-zero masks for agents not asked, an unbounded tensor box).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_api(game_id: str) -> None:
    api_test(adapter.env(game_id, **small(game_id)), num_cycles=100)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_parallel_api(game_id: str) -> None:
    parallel_api_test(adapter.parallel_env(game_id, **small(game_id)), num_cycles=100)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seed(game_id: str) -> None:
    params = small(game_id)
    seed_test(lambda: adapter.env(game_id, **params), num_cycles=10)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_parallel_seed_with_illegal_actions_ending_the_episode(game_id: str) -> None:
    """PettingZoo's parallel_seed_test samples actions without the mask: with
    illegal="terminate" the first illegal one ends the episode, the same way in both envs."""
    params = small(game_id)
    parallel_seed_test(
        lambda: adapter.parallel_env(game_id, illegal="terminate", **params), num_cycles=10
    )


def test_an_illegal_parallel_action_ends_the_episode_with_minus_one_for_its_agent() -> None:
    env = adapter.parallel_env("vault", players=2, illegal="terminate", single_deal=True)
    observations, _ = env.reset(seed=3)
    acting = [a for a in env.agents if observations[a]["action_mask"].any()]
    offender = acting[0]
    illegal = int(np.flatnonzero(observations[offender]["action_mask"] == 0)[0])
    actions = {agent: 0 for agent in env.agents}
    actions[offender] = illegal
    _, rewards, terminations, truncations, infos = env.step(actions)
    assert rewards == {a: (-1.0 if a == offender else 0.0) for a in rewards}
    assert all(terminations.values()) and not any(truncations.values())
    assert infos[offender] == {"illegal_action": True}
    assert env.agents == [] and env.final_rewards == rewards


def test_the_parallel_env_raises_at_an_illegal_action_by_default() -> None:
    env = adapter.parallel_env("vault", players=2, single_deal=True)
    observations, _ = env.reset(seed=3)
    offender = next(a for a in env.agents if observations[a]["action_mask"].any())
    illegal = int(np.flatnonzero(observations[offender]["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        env.step({agent: illegal for agent in env.agents})
    with pytest.raises(InvalidOptions, match="illegal must be one of raise, terminate"):
        adapter.parallel_env("vault", illegal="skip")


def test_the_aec_env_says_it_cannot_be_converted_to_parallel() -> None:
    """Seats do not act in a cycle, so PettingZoo's aec_to_parallel would go wrong: the
    metadata says so and the conversion refuses; parallel_env() is the Parallel API."""
    aec = adapter.env("vault", players=3)
    assert aec.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(aec)


def random_aec_game(game_id: str, seed: int) -> Any:
    aec = adapter.raw_env(game_id, **small(game_id))
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in aec.agent_iter():
        observation, _, termination, truncation, _ = aec.last()
        if termination or truncation:
            aec.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.any(), f"{agent} is asked but has no legal id"
        aec.step(int(rng.choice(mask.nonzero()[0])))
    return aec


def test_a_step_after_the_game_is_over_says_to_reset() -> None:
    """Given a finished game whose agents have all left, when a program steps again, then it
    is told to reset, in the AEC and the parallel API alike, and a reset plays on."""
    aec = random_aec_game("vault", 5)
    with pytest.raises(RuntimeError, match=r"the game is over .*call reset\(\)"):
        aec.step(0)
    aec.reset(seed=6)
    assert aec.agents
    par = adapter.parallel_env("vault", **small("vault"))
    observations, _ = par.reset(seed=5)
    while par.agents:
        masks = {agent: seen["action_mask"] for agent, seen in observations.items()}
        actions = {a: int(m.nonzero()[0][0]) if m.any() else 0 for a, m in masks.items()}
        observations, *_ = par.step(actions)
    with pytest.raises(RuntimeError, match=r"the game is over: call reset\(\)"):
        par.step({})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_whole_game_ends_with_win_shares(game_id: str) -> None:
    aec = random_aec_game(game_id, 3)
    assert aec.agents == []
    assert sum(aec.final_rewards.values()) == pytest.approx(1.0)
    best = max(aec.final_scores)
    for agent, share in aec.final_rewards.items():
        seat = int(agent.removeprefix("player_"))
        assert (share > 0) == (aec.final_scores[seat] == best)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_only_the_selected_agent_has_a_mask(game_id: str) -> None:
    aec = adapter.raw_env(game_id, **small(game_id))
    aec.reset(seed=5)
    for agent in aec.agents:
        mask = aec.observe(agent)["action_mask"]
        assert mask.any() == (agent == aec.agent_selection)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_raw_env_refuses_an_illegal_id_naming_the_rule(game_id: str) -> None:
    aec = adapter.raw_env(game_id, **small(game_id))
    aec.reset(seed=2)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    illegal = np.flatnonzero(mask == 0)
    assert illegal.size > 0  # the fixed action space holds far more than one turn's options
    with pytest.raises(IllegalAction):
        aec.step(int(illegal[0]))


def test_wink_offers_wait_to_every_seat_that_may_act() -> None:
    params = small("wink")
    codec = get_game("wink").codec(params["players"])
    par = adapter.parallel_env("wink", **params)
    observations, _ = par.reset(seed=1)
    assert par.action_space("player_0").n == codec.size + 1
    masks = [observations[agent]["action_mask"] for agent in par.agents]
    assert any(mask.any() for mask in masks)
    for mask in masks:
        assert mask[codec.size] == mask.any()
    # Everyone waiting only moves the clock.
    observations, rewards, *_ = par.step(dict.fromkeys(par.agents, codec.size))
    assert set(rewards.values()) == {0.0}


def test_same_seed_same_game() -> None:
    first = random_aec_game("briefcase", 11)
    again = random_aec_game("briefcase", 11)
    assert first.final_scores == again.final_scores
    assert first.table.state.snapshot() == again.table.state.snapshot()


def test_a_game_without_tensor_is_refused_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("vault")
    monkeypatch.setattr(game, "tensor_layout", lambda players: None)
    with pytest.raises(InvalidOptions, match="vault has no observation tensor yet"):
        adapter.env("vault", players=2)


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"game": None, "players": 3}, TypeError, "game must be a game id or a Game, not NoneType"),
        ({"game": "vault", "players": "3"}, InvalidOptions, "2-6 players, not '3'"),
        ({"game": "vault", "players": 3, "max_steps": 0}, InvalidOptions, "at least 1, not 0"),
        ({"game": "vault", "players": 3, "max_steps": -1}, InvalidOptions, "at least 1, not -1"),
        ({"game": "wink", "players": 4, "tick_seconds": 0}, InvalidOptions, "must be a positive"),
        ({"game": "wink", "players": 4, "tick_seconds": "fast"}, InvalidOptions, "not 'fast'"),
        ({"game": "wink", "players": 4, "tick_seconds": True}, InvalidOptions, "not True"),
        (
            {"game": "vault", "players": 3, "tick_seconds": 0.5},
            InvalidOptions,
            "vault is turn-based: tick_seconds applies to real-time games only",
        ),
        ({"game": "vault", "players": 3, "single_deal": "true"}, InvalidOptions, "not the text"),
    ],
)
def test_bad_arguments_are_refused_saying_what_is_wrong(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    """Given arguments a program got wrong, then each environment refuses them at once, saying
    what was given: never a game truncated before its first step, nor an error deep inside."""
    game = arguments.pop("game")
    with pytest.raises(error, match=message):
        adapter.raw_env(game, **arguments)
    with pytest.raises(error, match=message):
        adapter.parallel_env(game, **arguments)
    if "max_steps" in arguments or "tick_seconds" in arguments or game is None:
        from topsecret.rl import gymnasium

        with pytest.raises(error, match=message):
            gymnasium.env(game, **arguments)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_tensor_handed_out_is_the_documented_one(game_id: str) -> None:
    """Given a whole random game through the AEC env, each tensor the selected agent gets is
    the one the game documents, built from that seat's observation dict."""
    aec = adapter.raw_env(game_id, **small(game_id))
    aec.reset(seed=8)
    rng = np.random.default_rng(8)
    for agent in aec.agent_iter():
        observation, _, termination, truncation, _ = aec.last()
        if termination or truncation:
            aec.step(None)
            continue
        reference = aec.table.reference_tensor(aec.seats[agent])
        assert np.array_equal(observation["observation"], reference)
        aec.step(int(rng.choice(observation["action_mask"].nonzero()[0])))
