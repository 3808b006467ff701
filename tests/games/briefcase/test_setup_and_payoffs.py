"""Rulebook 004 §Setup and §Make a Payoff."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction
from topsecret.games.briefcase import GAME
from topsecret.games.briefcase.actions import (
    MoveAgent,
    PayAgent,
    PayNobody,
    PaySolomon,
    SetupPayoff,
)

from .helpers import act, table


def test_setup_places_briefcase_agents_die_and_reserves() -> None:
    """Setup 2-9: briefcase in Vienna, agents on the six start cities, 30 in reserve less 3."""
    state = GAME.new_state(4, seed=3)
    obs = state.observation(None)
    assert obs["briefcase"] == "Vienna"
    assert sorted(c for c in obs["agents"].values() if c) == [
        "Belgrade",
        "Berlin",
        "Marseille",
        "Paris",
        "Rome",
        "Warsaw",
    ]
    assert obs["track"] == 20
    assert GAME.new_state(3, seed=3).observation(None)["track"] == 15
    assert GAME.new_state(2, seed=3).observation(None)["track"] == 15
    for seat in range(4):
        you = state.observation(seat)["you"]
        assert you["payoffs"][you["starting_token"]] == 3
        assert you["reserve"] == 27
        assert you["payoffs"]["Dr. Solomon"] == 0


def test_agent_placement_boards_tokens_and_first_player_are_random() -> None:
    """Setup 3, 7, 8 and 10: random placement, payoff boards, tokens and start player."""
    seen = {
        "agents": set(),
        "boards": set(),
        "first": set(),
        "tokens": set(),
    }
    for seed in range(30):
        obs = GAME.new_state(4, seed=seed).observation(0)
        seen["agents"].add(tuple(obs["agents"].values()))
        seen["boards"].add(tuple(obs["payoff_boards"]))
        seen["first"].add(obs["first_player"])
        seen["tokens"].add(obs["you"]["starting_token"])
    assert len(seen["agents"]) > 20
    assert len(seen["boards"]) > 10
    assert seen["first"] == {0, 1, 2, 3}
    assert len(seen["tokens"]) == 6


def test_starting_tokens_are_all_different() -> None:
    """Setup 8: the six tokens are shuffled and one dealt to each player."""
    for seed in range(20):
        state = GAME.new_state(4, seed=seed)
        tokens = [state.observation(s)["you"]["starting_token"] for s in range(4)]
        assert len(set(tokens)) == 4


def test_setup_places_one_coin_on_two_other_agents_in_secret() -> None:
    """Setup 9: 1 coin on two other agents of the player's choice; never on Dr. Solomon."""
    state = GAME.new_state(2, seed=5)
    assert state.acting_players() == (0, 1)
    token = state.observation(0)["you"]["starting_token"]
    choices = state.legal_actions(0)
    assert len(choices) == 10  # pairs of the five other agents
    assert all(token not in (c.first, c.second) for c in choices if isinstance(c, SetupPayoff))
    with pytest.raises(IllegalAction, match="Setup"):
        state.apply(0, SetupPayoff(token, choices[0].second))  # type: ignore[union-attr]
    first = choices[0]
    assert isinstance(first, SetupPayoff)
    state.apply(0, first)
    assert state.observation(1)["setup"]["my_choice"] is None
    assert state.observation(1)["setup"]["chosen"] == [0]
    state.apply(1, state.legal_actions(1)[-1])
    you = state.observation(0)["you"]
    assert you["reserve"] == 25
    assert you["payoffs"][first.first] == 1 and you["payoffs"][first.second] == 1
    assert state.phase == "turn" and state.acting_players() == (state.first_player,)


def test_pay_any_amount_to_one_agent() -> None:
    """§Make a Payoff: any number of sovereigns from the reserve onto one agent."""
    state = table(2)
    act(state, PayAgent("Tempest", 17))
    you = state.observation(0)["you"]
    assert you["payoffs"]["Tempest"] == 17 and you["reserve"] == 13


def test_pay_dr_solomon_only_one_coin() -> None:
    """§Make a Payoff: only one coin may go to Dr. Solomon."""
    state = table(2)
    assert PaySolomon() in state.legal_actions(0)
    act(state, PaySolomon())
    assert state.observation(0)["you"]["payoffs"]["Dr. Solomon"] == 1
    assert state.observation(0)["you"]["reserve"] == 29


def test_paying_nobody_is_allowed_even_with_an_empty_reserve() -> None:
    """§Make a Payoff: you may pay off no one, to bluff or with nothing left."""
    state = table(2, payoffs={0: {"Beacon": 30}})
    legal = state.legal_actions(0)
    assert PayNobody() in legal
    assert PaySolomon() not in legal
    assert not any(isinstance(a, PayAgent) for a in legal)
    act(state, PayNobody())
    assert state.observation(0)["you"]["reserve"] == 0


def test_cannot_pay_more_than_the_reserve() -> None:
    """Rulebook 004 §Make a Payoff: sovereigns come from your reserve."""
    state = table(2, payoffs={0: {"Beacon": 25}})
    with pytest.raises(IllegalAction, match="reserve of 5"):
        state.apply(0, PayAgent("Magician", 6))


def test_a_payoff_is_announced_without_whom_or_how_much() -> None:
    """§Make a Payoff: say "I am making a payoff"; do not say who or how much."""
    state = table(3)
    events = act(state, PayAgent("Roulette", 4))
    public = [e for e in events if e.audience is None]
    payoff = next(e for e in public if e.kind == "payoff")
    assert payoff.data == {"seat": 0}
    secret = next(e for e in events if e.kind == "paid")
    assert secret.audience == frozenset({0})
    for seat in (1, 2):
        assert state.observation(seat)["history"][-1] == {
            "round": 1,
            "seat": 0,
            "action": "payoff",
        }


def test_a_payoff_ends_the_turn_and_dr_solomon_goes_last_in_the_round() -> None:
    """§Game Play: play goes clockwise; after each player has had a turn, Dr. Solomon goes."""
    state = table(3, first_player=1, current=1, track=15)
    act(state, PayNobody())
    assert state.current == 2
    act(state, PayNobody())
    assert state.current == 0 and state.track == 15
    events = act(state, PayNobody())
    assert [e.data for e in events if e.kind == "solomon_advances"] == [{"space": 14}]
    assert state.current == 1 and state.round == 2


def test_a_restricted_player_may_only_make_a_payoff() -> None:
    """§Game Play: with the RESTRICTED marker up, only a payoff is allowed."""
    state = table(2, restricted=[0], payoffs={0: {"Beacon": 9}}, agents={"Beacon": "Vienna"})
    legal = state.legal_actions(0)
    assert legal and all(isinstance(a, PayAgent | PaySolomon | PayNobody) for a in legal)
    with pytest.raises(IllegalAction, match="RESTRICTED"):
        state.apply(0, MoveAgent("Beacon", "Prague"))


def test_the_restricted_marker_comes_off_at_the_end_of_that_turn() -> None:
    """Project design: the marker is taken down once its payoff-only turn is over."""
    state = table(2, restricted=[0])
    events = act(state, PayNobody())
    assert "unrestricted" in [e.kind for e in events]
    assert state.observation(None)["restricted"] == [False, False]
    act(state, PayNobody())
    assert any(isinstance(a, MoveAgent) for a in state.legal_actions(0))


def test_a_burnt_agent_may_still_be_paid_off() -> None:
    """Rulebook 004 §Make a Payoff: "If you pay off an agent, you may take any number of
    sovereigns from your Reserve and put them on any one agent's space on your payoff board";
    §Burn an agent leaves that space on the board ("Any sovereigns on that space remain
    there"). Given Tempest burnt, when seat 0 pays Tempest 4, then the coins go there."""
    state = table(2, agents={"Tempest": None}, payoffs={0: {"Tempest": 6}})
    assert PayAgent("Tempest", 4) in state.legal_actions(0)
    act(state, PayAgent("Tempest", 4))
    you = state.observation(0)["you"]
    assert you["payoffs"]["Tempest"] == 10 and you["reserve"] == 20
    assert state.observation(None)["payoffs_made"] == [1, 0]
