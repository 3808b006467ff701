"""Rulebook 004 §Move An Agent and §Challenges."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction
from topsecret.games.briefcase.actions import (
    CarryBriefcase,
    Challenge,
    Concede,
    MoveAgent,
    Pass,
    PayNobody,
    Raise,
    SkipPower,
)

from .helpers import act, act_all, kinds, pass_all, table


def test_an_agent_moves_to_an_adjacent_city() -> None:
    """§Move An Agent: any adjacent city, connected by a red line."""
    state = table(2, agents={"Tempest": "Zurich"})
    act(state, MoveAgent("Tempest", "Munich"))
    pass_all(state)
    assert state.observation(None)["agents"]["Tempest"] == "Munich"


def test_a_station_city_reaches_every_other_station() -> None:
    """§Move An Agent: station to station as if adjacent."""
    state = table(2, agents={"Magician": "Munich"}, briefcase="Rome")
    act(state, MoveAgent("Magician", "Zagreb"))
    pass_all(state)
    assert state.observation(None)["agents"]["Magician"] == "Zagreb"


def test_an_agent_cannot_move_to_a_city_that_is_not_adjacent() -> None:
    """Rulebook 004 §Move An Agent: only adjacent cities, or station to station."""
    state = table(2)
    with pytest.raises(IllegalAction, match="red line") as caught:
        state.apply(0, MoveAgent("Tempest", "London"))
    assert "Move An Agent" in caught.value.rule


def test_any_agent_may_be_moved_even_one_you_have_not_paid() -> None:
    """§Move An Agent: you can move any agent, even one you haven't paid off."""
    state = table(2)
    assert MoveAgent("Roulette", "Genoa") in state.legal_actions(0)


def test_the_briefcase_goes_along_only_if_the_mover_chooses_after_the_challenges() -> None:
    """§Move An Agent: the briefcase may move with the agent; that is not announced."""
    state = table(2, agents={"Beacon": "Vienna"})
    events = act(state, MoveAgent("Beacon", "Prague"))
    announced = next(e for e in events if e.kind == "announce")
    assert "carry" not in announced.data
    pass_all(state)
    assert state.legal_actions(0) == [CarryBriefcase(True), CarryBriefcase(False)]
    act(state, CarryBriefcase(True))
    assert state.observation(None)["briefcase"] == "Prague"


def test_leaving_the_briefcase_behind() -> None:
    """Rulebook 004 §Move An Agent: the briefcase *may* move with the agent."""
    state = table(2, agents={"Beacon": "Vienna"})
    act(state, MoveAgent("Beacon", "Prague"))
    pass_all(state)
    act(state, CarryBriefcase(False))
    obs = state.observation(None)
    assert obs["briefcase"] == "Vienna" and obs["agents"]["Beacon"] == "Prague"


def test_cities_may_hold_any_number_of_agents() -> None:
    """Rulebook 004 §Move An Agent: cities may contain any number of agents."""
    state = table(2, agents={"Beacon": "Vienna", "Tempest": "Vienna", "Roulette": "Munich"})
    act(state, MoveAgent("Roulette", "Vienna"))
    pass_all(state)
    assert sorted(a for a, c in state.observation(None)["agents"].items() if c == "Vienna") == [
        "Beacon",
        "Roulette",
        "Tempest",
    ]


def test_challenges_are_offered_clockwise_from_the_movers_left() -> None:
    """§Challenges: starting to your left, each player in clockwise order may challenge."""
    state = table(4, current=2, first_player=2)
    act(state, MoveAgent("Tempest", "Milan"))
    order = []
    while state.phase == "challenge":
        order.append(state.acting_players()[0])
        act(state, Pass())
    assert order == [3, 0, 1]


def test_the_challenger_opens_with_no_more_than_they_paid() -> None:
    """§Challenges 1 and 4: any number up to the payoff on the acting agent."""
    state = table(2, payoffs={1: {"Tempest": 4}})
    act(state, MoveAgent("Tempest", "Milan"))
    assert [a for a in state.legal_actions(1) if isinstance(a, Challenge)] == [
        Challenge(x) for x in range(5)
    ]
    with pytest.raises(IllegalAction, match="paid off") as caught:
        state.apply(1, Challenge(5))
    assert "Challenges" in caught.value.rule


def test_the_mover_must_announce_a_higher_number_and_a_tie_goes_to_the_challenger() -> None:
    """§Challenges 2: at least one higher than the challenger's number."""
    state = table(2, payoffs={0: {"Tempest": 4}, 1: {"Tempest": 4}})
    act(state, MoveAgent("Tempest", "Milan"))
    act(state, Challenge(4))
    assert state.legal_actions(0) == [Concede()]
    with pytest.raises(IllegalAction, match="at least 5"):
        state.apply(0, Raise(4))
    events = act(state, Concede())
    assert "challenge_won" in kinds(events)
    assert state.observation(None)["agents"]["Tempest"] == "Rome"


def test_numbers_go_back_and_forth_and_the_higher_last_number_wins() -> None:
    """§Challenges 3: back and forth with higher numbers until one cannot or will not."""
    state = table(3, payoffs={0: {"Tempest": 9}, 1: {"Tempest": 6}})
    act(state, MoveAgent("Tempest", "Milan"))
    act_all(state, [Challenge(2), Raise(3), Raise(6), Raise(9)])
    assert state.acting_players() == (1,)
    assert state.legal_actions(1) == [Concede()]
    events = act(state, Concede())
    assert kinds(events)[:3] == ["concede", "challenge_lost", "restricted"]
    assert state.observation(None)["known_at_least"][0]["Tempest"] == 9
    assert state.observation(None)["known_at_least"][1]["Tempest"] == 6


def test_a_losing_challenger_is_restricted_and_the_next_player_may_still_challenge() -> None:
    """§Challenges: a failed challenger hangs the RESTRICTED marker; the next may challenge."""
    state = table(3, payoffs={0: {"Tempest": 5}, 1: {"Tempest": 2}, 2: {"Tempest": 7}})
    act(state, MoveAgent("Tempest", "Milan"))
    act_all(state, [Challenge(2), Raise(5), Concede()])
    assert state.observation(None)["restricted"] == [False, True, False]
    assert state.acting_players() == (2,)
    act_all(state, [Challenge(7), Concede()])
    assert state.observation(None)["agents"]["Tempest"] == "Rome"
    # The mover's turn ended: seat 1 plays next, restricted to a payoff.
    assert state.current == 1 and state.observation(1)["restricted_this_turn"]


def test_a_successful_challenge_ends_the_turn_and_no_power_is_used() -> None:
    """§Move An Agent and §Agent Abilities: lost challenge, no move and no power."""
    state = table(2, agents={"Vagabond": "Vienna"}, payoffs={1: {"Vagabond": 1}})
    act(state, MoveAgent("Vagabond", "Zagreb"))
    act_all(state, [Challenge(1), Concede()])
    assert state.phase == "turn" and state.current == 1
    assert state.observation(None)["agents"]["Vagabond"] == "Vienna"


def test_nobody_spends_coins_in_a_challenge() -> None:
    """§Challenges: you are not bidding sovereigns, only revealing them."""
    state = table(2, payoffs={0: {"Tempest": 8}, 1: {"Tempest": 3}})
    act(state, MoveAgent("Tempest", "Milan"))
    act_all(state, [Challenge(3), Raise(8), Concede()])
    assert state.observation(0)["you"]["payoffs"]["Tempest"] == 8
    assert state.observation(1)["you"]["payoffs"]["Tempest"] == 3
    assert state.observation(1)["you"]["reserve"] == 27


def test_a_restricted_player_may_still_challenge() -> None:
    """§Challenges: a player may challenge even with the RESTRICTED marker up."""
    state = table(2, restricted=[1], payoffs={1: {"Tempest": 2}})
    act(state, MoveAgent("Tempest", "Milan"))
    assert Challenge(2) in state.legal_actions(1)


def test_declining_to_challenge_or_to_raise_is_allowed() -> None:
    """§Challenges, bluffing: you may decline a challenge you could win, or stop raising."""
    state = table(2, payoffs={0: {"Tempest": 1}, 1: {"Tempest": 9}})
    act(state, MoveAgent("Tempest", "Milan"))
    assert Pass() in state.legal_actions(1)
    act_all(state, [Challenge(0), Raise(1)])
    assert Concede() in state.legal_actions(1)


def test_the_engine_forbids_announcing_more_than_was_paid() -> None:
    """§Challenges: you cannot lie by announcing a higher number than your real payoff."""
    state = table(2, payoffs={0: {"Tempest": 3}, 1: {"Tempest": 2}})
    act(state, MoveAgent("Tempest", "Milan"))
    act(state, Challenge(2))
    with pytest.raises(IllegalAction, match="more than you paid"):
        state.apply(0, Raise(4))


def test_a_move_nobody_challenges_succeeds_then_the_power_may_be_used() -> None:
    """§Challenges: if every other player passed, the action succeeds."""
    state = table(2, agents={"Vagabond": "Vienna"})
    act(state, MoveAgent("Vagabond", "Zagreb"))
    act(state, Pass())
    act(state, CarryBriefcase(False))
    assert state.phase == "power" and SkipPower() in state.legal_actions(0)
    act(state, SkipPower())
    assert state.current == 1


def test_out_of_turn_actions_are_refused() -> None:
    """Rulebook 004 §Game Play: play proceeds clockwise; only the player to act may act."""
    state = table(2)
    with pytest.raises(IllegalAction, match="no decision"):
        state.apply(1, PayNobody())


def test_worked_example_spyglass_to_zurich() -> None:
    """§Move An Agent example: "Spyglass to Zurich" says the agent and the city, nothing more."""
    state = table(3, agents={"Spyglass": "Munich"})
    events = act(state, MoveAgent("Spyglass", "Zurich"))
    (announce,) = [e for e in events if e.kind == "announce"]
    assert announce.audience is None
    assert announce.data == {
        "seat": 0,
        "action": "move",
        "agent": "Spyglass",
        "from": "Munich",
        "to": "Zurich",
    }
    assert state.game.describe_action(MoveAgent("Spyglass", "Zurich")) == "Spyglass to Zurich"


def test_a_timeout_does_the_least_a_player_can_do() -> None:
    """Project design: on a timeout the table does the least it can for that player."""
    state = table(2, agents={"Beacon": "Vienna"})
    assert state.default_action(0) == PayNobody()
    act(state, MoveAgent("Beacon", "Prague"))
    assert state.default_action(1) == Pass()
    act(state, Pass())
    assert state.default_action(0) == CarryBriefcase(False)
    act(state, CarryBriefcase(False))
    assert state.default_action(0) == SkipPower()


def test_a_winning_first_challenge_ends_the_turn_and_no_later_seat_is_asked() -> None:
    """§Challenges: "If the challenger announced the higher number, the challenge succeeds.
    The agent's action does not happen, and your turn ends." Given three players, when the
    first seat asked wins its challenge, the third is never asked and the next turn begins."""
    state = table(3, payoffs={1: {"Tempest": 3}, 2: {"Tempest": 9}})
    act(state, MoveAgent("Tempest", "Milan"))
    act_all(state, [Challenge(0), Concede()])
    assert state.phase == "turn" and state.current == 1
    assert state.observation(None)["agents"]["Tempest"] == "Rome"
    assert state.restricted == [False, False, False]


def test_losing_a_second_challenge_while_restricted_still_costs_one_turn() -> None:
    """§Challenges: a losing challenger "hangs their RESTRICTED marker … (and will only be
    able to make a payoff on their next turn)". Project reading (docs/games/briefcase.md):
    a second loss before that turn adds nothing; the marker comes off after the one
    payoff-only turn."""
    state = table(
        3,
        payoffs={0: {"Tempest": 9}, 1: {"Beacon": 9}, 2: {"Tempest": 1, "Beacon": 1}},
    )
    act(state, MoveAgent("Tempest", "Milan"))
    act_all(state, [Pass(), Challenge(1), Raise(2), Concede()])
    assert state.restricted == [False, False, True]
    if state.phase == "power":
        act(state, SkipPower())
    act(state, MoveAgent("Beacon", "Sofia"))
    act_all(state, [Challenge(1), Raise(2), Concede()])
    pass_all(state)
    if state.phase == "power":
        act(state, SkipPower())
    assert state.current == 2 and state.turn_restricted
    assert all(not isinstance(a, MoveAgent) for a in state.legal_actions(2))
    act(state, PayNobody())
    assert state.restricted == [False, False, False]
    assert any(isinstance(a, MoveAgent) for a in state.legal_actions(state.current))


def test_the_briefcase_may_ride_a_station_hop() -> None:
    """§Move An Agent: station to station counts as a move, and "If the briefcase is in the
    same city … you may move the briefcase" with it."""
    state = table(2, agents={"Beacon": "Vienna"})
    act(state, MoveAgent("Beacon", "Milan"))  # Vienna and Milan are both stations
    pass_all(state)
    assert state.legal_actions(0) == [CarryBriefcase(True), CarryBriefcase(False)]
    act(state, CarryBriefcase(True))
    assert state.observation(None)["briefcase"] == "Milan"
