"""Rulebook 004 §Agent Abilities, with the six powers of the project's design.

Every power is used after a successful move, is never challenged, and never treats cities
with train stations as adjacent.
"""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction, Rng
from topsecret.games.briefcase import load_board
from topsecret.games.briefcase.actions import (
    BlowAgents,
    CallAgent,
    CarryBriefcase,
    LookAtPayoff,
    MoveAgent,
    PayNobody,
    SkipPower,
    SpinAgent,
    VanishBriefcase,
    Wander,
)

from .helpers import act, pass_all, table

BOARD = load_board()


def moved(state: object, agent: str, city: str, carry: bool | None = None) -> None:
    """Announce a move, let everyone pass, and decide about the briefcase if asked."""
    act(state, MoveAgent(agent, city))  # type: ignore[arg-type]
    pass_all(state)  # type: ignore[arg-type]
    if carry is not None:
        act(state, CarryBriefcase(carry))  # type: ignore[arg-type]


def test_beacon_calls_an_agent_from_an_adjacent_city() -> None:
    """Beacon's power (design), after a successful move (Rulebook 004 §Agent Abilities)."""
    state = table(2, agents={"Beacon": "Munich", "Tempest": "Prague", "Roulette": "Zagreb"})
    moved(state, "Beacon", "Vienna")
    legal = state.legal_actions(0)
    assert CallAgent("Tempest") in legal
    # Zagreb is a red line away too; Magician in Berlin is not.
    assert CallAgent("Roulette") in legal
    assert CallAgent("Magician") not in legal
    events = act(state, CallAgent("Tempest"))
    assert state.observation(None)["agents"]["Tempest"] == "Vienna"
    assert any(e.kind == "power" for e in events)
    assert state.current == 1


def test_magician_makes_the_briefcase_reappear_in_an_adjacent_city() -> None:
    """Magician's power (design): the briefcase moves one red line."""
    state = table(2, agents={"Magician": "Munich"}, briefcase="Vienna")
    moved(state, "Magician", "Vienna")
    legal = state.legal_actions(0)
    assert sorted(a.city for a in legal if isinstance(a, VanishBriefcase)) == [
        "Milan",
        "Munich",
        "Prague",
        "Zagreb",
    ]
    act(state, VanishBriefcase("Prague"))
    obs = state.observation(None)
    assert obs["briefcase"] == "Prague" and obs["agents"]["Magician"] == "Vienna"


def test_magician_needs_the_briefcase_in_its_city() -> None:
    """Magician's power (design) needs the briefcase beside it; otherwise the turn ends."""
    state = table(2, agents={"Magician": "Munich"}, briefcase="Rome")
    moved(state, "Magician", "Zurich")
    # Nothing to decide: the power is skipped and the turn passes.
    assert state.phase == "turn" and state.current == 1


def test_magician_can_win_by_sending_the_briefcase_into_the_hq() -> None:
    """Rulebook 004 §End of the Game: the briefcase in your HQ wins at once."""
    state = table(2, agents={"Magician": "Brussels"}, briefcase="Brussels")
    moved(state, "Magician", "Lille", carry=True)
    act(state, VanishBriefcase("London"))
    assert state.is_over() and state.winners() == [0]


def test_magician_sending_the_briefcase_into_a_rivals_hq_wins_for_nobody() -> None:
    """Rulebook 004 §End of the Game: only the mover's own HQ wins (the default rule); under
    the ``hq_win=owner`` variant the HQ's seat wins."""
    for rule, winners in (("mover", None), ("owner", [1])):
        state = table(2, agents={"Magician": "Sofia"}, briefcase="Sofia", hq_win=rule)
        moved(state, "Magician", "Athens", carry=True)
        act(state, VanishBriefcase("Istanbul"))
        assert (state.winners() if state.is_over() else None) == winners


def test_roulette_sends_an_agent_in_its_city_to_a_random_adjacent_city() -> None:
    """Roulette's power (design): the seeded generator picks the red line."""
    state = table(2, agents={"Roulette": "Munich", "Tempest": "Vienna"}, seed=11)
    moved(state, "Roulette", "Vienna")
    assert state.legal_actions(0) == [SpinAgent("Tempest"), SkipPower()]
    neighbours = sorted(BOARD.red_neighbours(BOARD.index("Vienna")))
    expected = BOARD.names[Rng(11).choice(neighbours)]
    act(state, SpinAgent("Tempest"))
    landed = state.observation(None)["agents"]["Tempest"]
    assert landed == expected and landed in {"Munich", "Prague", "Zagreb", "Milan"}


def test_spyglass_looks_at_a_payoff_in_secret() -> None:
    """Spyglass's power (design); payoffs stay behind shields for everyone else (§Make a Payoff)."""
    state = table(3, agents={"Spyglass": "Munich"}, payoffs={2: {"Tempest": 7}})
    moved(state, "Spyglass", "Zurich")
    legal = state.legal_actions(0)
    assert LookAtPayoff(2, "Dr. Solomon") in legal and LookAtPayoff(0, "Tempest") not in legal
    events = act(state, LookAtPayoff(2, "Tempest"))
    secret = next(e for e in events if e.kind == "spied")
    assert secret.audience == frozenset({0}) and secret.data["amount"] == 7
    public = next(e for e in events if e.kind == "power")
    assert "amount" not in public.data
    assert state.observation(0)["you"]["spied"] == [
        {"round": 1, "seat": 2, "agent": "Tempest", "amount": 7}
    ]
    assert state.observation(1)["you"]["spied"] == []
    assert "7" not in str(state.observation(1)["history"])


def test_tempest_blows_every_other_agent_in_its_city_to_one_adjacent_city() -> None:
    """Tempest's power (design), never along a station hop (§Agent Abilities)."""
    state = table(
        2, agents={"Tempest": "Munich", "Beacon": "Vienna", "Roulette": "Vienna"}, briefcase="Rome"
    )
    moved(state, "Tempest", "Vienna")
    with pytest.raises(IllegalAction, match="power"):
        state.apply(0, BlowAgents("Berlin"))  # a station, but not adjacent for powers
    act(state, BlowAgents("Prague"))
    agents = state.observation(None)["agents"]
    assert agents["Beacon"] == agents["Roulette"] == "Prague"
    assert agents["Tempest"] == "Vienna"


def test_tempest_alone_has_nothing_to_blow() -> None:
    """Tempest's power (design) needs another agent in its city."""
    state = table(2, agents={"Tempest": "Munich"}, briefcase="Rome")
    moved(state, "Tempest", "Vienna")
    assert state.phase == "turn"


def test_vagabond_wanders_one_more_red_line_leaving_the_briefcase() -> None:
    """Vagabond's power (design): one more red line, never the briefcase."""
    state = table(2, agents={"Vagabond": "Vienna"})
    moved(state, "Vagabond", "Prague", carry=True)
    legal = state.legal_actions(0)
    assert Wander("Krakow") in legal and Wander("Vienna") in legal
    assert Wander("Budapest") not in legal  # no red line from Prague
    act(state, Wander("Krakow"))
    obs = state.observation(None)
    assert obs["agents"]["Vagabond"] == "Krakow" and obs["briefcase"] == "Prague"


def test_powers_never_use_station_hops() -> None:
    """§Agent Abilities: cities with train stations are not considered adjacent."""
    state = table(2, agents={"Vagabond": "Munich"}, briefcase="Rome")
    moved(state, "Vagabond", "Vienna")
    cities = {a.city for a in state.legal_actions(0) if isinstance(a, Wander)}
    assert cities == {"Prague", "Munich", "Zagreb", "Milan"}
    assert not cities & {"Paris", "Warsaw", "Belgrade", "Marseille"}


def test_a_power_is_not_offered_outside_the_power_step() -> None:
    """§Agent Abilities: the power comes after moving the agent, never instead of it."""
    state = table(2, agents={"Vagabond": "Vienna"})
    with pytest.raises(IllegalAction, match="after a successful move"):
        state.apply(0, Wander("Prague"))


def test_a_power_cannot_be_challenged() -> None:
    """§Agent Abilities: nobody is asked to challenge the power itself."""
    state = table(2, agents={"Vagabond": "Vienna"})
    moved(state, "Vagabond", "Prague", carry=False)
    events = act(state, Wander("Krakow"))
    assert "challenge" not in [e.kind for e in events]
    assert state.phase == "turn" and state.acting_players() == (1,)
    act(state, PayNobody())
