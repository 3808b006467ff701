"""Determinization: a sampled table holds everything a seat has seen and nothing more.

A seat sees every payoff another seat makes but not where the coins went (Rulebook 004
§Make a Payoff); it learns lower bounds from challenge numbers (§Challenges) and burns
(§Burn an agent), exact amounts from its own Spyglass looks (design, docs/games/briefcase.md)
and everything once the shields are lifted (§End of the Game).
"""

from __future__ import annotations

from topsecret.core import Rng
from topsecret.core.conformance import check_resampled, random_positions
from topsecret.games.briefcase import GAME, BriefcaseState
from topsecret.games.briefcase.actions import (
    BurnAgent,
    Challenge,
    Concede,
    LookAtPayoff,
    MoveAgent,
    Pass,
    PayAgent,
    PayNobody,
)
from topsecret.games.briefcase.sampling import SetupRules, draw_setups, read_knowledge

from .helpers import act, act_all, pass_all, table

SAMPLES = 24


def samples(state: BriefcaseState, seat: int) -> list[BriefcaseState]:
    return [state.determinize(seat, Rng(seed)) for seed in range(SAMPLES)]


def beacon(state: BriefcaseState, seat: int) -> int:
    return state.payoffs[seat][state.agent_index("Beacon")]


def seat_1_looked_at_seat_2() -> BriefcaseState:
    """Seat 2 paid 7 on Beacon; seat 1 moved Spyglass and looked at that payoff."""
    state = table(3, agents={"Spyglass": "Munich"}, payoffs={2: {"Beacon": 7}}, current=1)
    act(state, MoveAgent("Spyglass", "Zurich"))
    pass_all(state)
    act(state, LookAtPayoff(2, "Beacon"))
    assert state.spied[1][-1]["amount"] == 7
    return state


def test_another_seats_spyglass_note_is_not_copied_into_a_sample() -> None:
    """Design §Spyglass: only its user learns the number, so seat 0's worlds draw it again."""
    state = seat_1_looked_at_seat_2()
    notes = [sample.spied[1][-1]["amount"] for sample in samples(state, 0)]
    assert notes.count(7) < SAMPLES
    check_resampled(state, 0, lambda world: world.spied[1])  # type: ignore[attr-defined]


def test_a_redrawn_note_reads_the_sampled_payoff() -> None:
    state = seat_1_looked_at_seat_2()
    for sample in samples(state, 0):
        assert sample.spied[1][-1]["amount"] == beacon(sample, 2)


def test_the_spyglass_user_and_the_seat_looked_at_keep_the_note() -> None:
    """The looker saw the number; the seat looked at knows its own payoff."""
    state = seat_1_looked_at_seat_2()
    for seat in (1, 2):
        for sample in samples(state, seat):
            assert sample.spied[1] == state.spied[1]


def test_a_spyglass_look_pins_the_payoff_seen() -> None:
    """Seat 0 looked at seat 1's Beacon after seat 1's only payoff: every world agrees."""
    state = table(3, current=0)
    act_all(state, [PayNobody(), PayAgent("Beacon", 4), PayNobody()])
    act(state, MoveAgent("Spyglass", "Zurich"))
    pass_all(state)
    act(state, LookAtPayoff(1, "Beacon"))
    worlds = samples(state, 0)
    assert {beacon(world, 1) for world in worlds} == {4}
    assert all(world.spied[0] == state.spied[0] for world in worlds)


def test_challenge_numbers_bound_the_sampled_payoffs_from_below() -> None:
    """§Challenges: nobody announces more than they paid, so a 6 means at least 6."""
    state = table(3, current=0)
    act_all(state, [PayNobody(), PayAgent("Tempest", 6), PayNobody()])
    act(state, MoveAgent("Tempest", "Milan"))
    act_all(state, [Challenge(6), Concede()])
    tempest = state.agent_index("Tempest")
    for seat in (0, 2):
        for world in samples(state, seat):
            assert world.payoffs[1][tempest] >= 6


def test_an_announced_burn_bounds_the_acting_agents_payoff_from_below() -> None:
    """§Burn an agent: announcing a burn needs 5 on the acting agent, even if it is stopped."""
    state = table(
        3,
        agents={"Spyglass": "Zurich", "Tempest": "Zurich"},
        payoffs={0: {"Spyglass": 9}},
        current=0,
    )
    act_all(state, [PayNobody(), PayAgent("Spyglass", 5), PayNobody(), PayNobody()])
    act(state, BurnAgent("Spyglass", "Tempest"))
    act_all(state, [Pass(), Challenge(9), Concede()])
    spyglass = state.agent_index("Spyglass")
    assert state.known_at_least[1][spyglass] == 0  # no number was said
    for world in samples(state, 0):
        assert world.payoffs[1][spyglass] >= 5


def test_samples_of_played_tables_respect_every_announced_number() -> None:
    for players in (2, 3, 4):
        for position in random_positions(GAME, players, seed=players, count=4):
            state = position.state
            assert isinstance(state, BriefcaseState)
            for seat in range(players):
                world = state.determinize(seat, Rng(seat))
                for other in range(players):
                    assert all(
                        paid >= floor
                        for paid, floor in zip(
                            world.payoffs[other], state.known_at_least[other], strict=True
                        )
                    )


def played(players: int, seed: int, decisions: int) -> BriefcaseState:
    """A table after seeded random play (or at its end, if sooner)."""
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed)
    for _ in range(decisions):
        if state.is_over():
            break
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert isinstance(state, BriefcaseState)
    return state


def test_other_seats_payoffs_and_tokens_are_drawn_again() -> None:
    state = played(3, seed=5, decisions=30)
    assert state.phase != "setup" and not state.is_over()
    check_resampled(state, 0, lambda world: world.payoffs[1])  # type: ignore[attr-defined]
    check_resampled(state, 0, lambda world: world.tokens[1:])  # type: ignore[attr-defined]


def test_once_the_shields_are_lifted_samples_keep_every_payoff() -> None:
    """§End of the Game: the payoffs are revealed, so every world holds the real ones."""
    state = played(3, seed=11, decisions=10_000)
    assert state.is_over()
    for world in samples(state, 0):
        assert world.payoffs == state.payoffs
        assert world.reserve == state.reserve
        assert world.tokens == state.tokens


def test_a_payoff_after_a_burn_may_have_gone_to_the_burnt_agent() -> None:
    """Rulebook 004 §Make a Payoff lets any agent be paid, burnt or not. Given Tempest burnt,
    when seat 1 then pays Tempest 4 and seat 0's Spyglass reads that payoff, then seat 0's
    sampler explains it with seat 1's payoff after the burn (a plan, not the fallback for
    hand-built tables), and every sample holds the 4 seen."""
    state = table(
        2,
        agents={"Spyglass": "Zurich", "Tempest": "Zurich"},
        payoffs={0: {"Spyglass": 9}, 1: {"Beacon": 3, "Magician": 1, "Roulette": 1}},
        tokens=["Spyglass", "Beacon"],
    )
    act(state, BurnAgent("Spyglass", "Tempest"))
    pass_all(state)
    act(state, PayAgent("Tempest", 4))
    act(state, MoveAgent("Spyglass", "Munich"))
    pass_all(state)
    act(state, LookAtPayoff(1, "Tempest"))
    assert state.spied[0][-1]["amount"] == 4
    names = state.comp.agent_names
    knowledge = read_knowledge(state.history, 2, 0, state.spied[0], names, 5, None)
    rules = SetupRules(len(names), 3, 1, 30)
    free = [t for t in range(len(names)) if t != state.tokens[0]]
    setups = draw_setups(knowledge, [1], free, None, rules, Rng(0))
    assert setups[1].ledger is not None
    tempest = state.agent_index("Tempest")
    for world in samples(state, 0):
        assert world.payoffs[1][tempest] == 4
