"""SpyWorld passes the engine's determinization conformance suite.

A seat sees every lair being built, the backs of the three decks' top cards and its own Agent
cards; it does not see the order of the decks below the tops, the Agent cards dealt to the
others (until they are revealed) or what the others chose this round. A sampled world draws
those again, from a pool in a canonical order, with a generator of its own.
"""

from __future__ import annotations

import pytest

from topsecret.core import Rng
from topsecret.core.conformance import check_determinization, check_resampled, random_positions
from topsecret.games import get_game

GAME = get_game("spyworld")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_seat_samples_worlds_that_leak_nothing(players):
    assert check_determinization(GAME, players, seeds=range(3), positions_per_game=4) > 0


@pytest.mark.parametrize(
    "options",
    [
        {"lair": "superyacht"},
        {"lair": "moon_base", "free_agents": True},
        {"lair": "jungle_temple", "gadgets": "expert", "lenient": True},
    ],
)
def test_every_lair_and_agent_variant_samples_worlds_that_leak_nothing(options):
    assert check_determinization(GAME, 3, seeds=range(2), options=options) > 0


def test_the_sample_does_not_know_the_real_draw_to_come():
    """Rulebook 003 §Setup: the decks are shuffled; a seat sees only the top card's back."""
    state = GAME.new_state(3, seed=4)
    sample = state.determinize(0, Rng(1))
    assert sample.rng.state != state.rng.state
    check_resampled(state, 0, lambda s: [list(deck) for deck in s.decks])


def test_the_agent_cards_dealt_to_the_others_are_drawn_again_until_revealed():
    """Rulebook 003 §Setup: each player is dealt two Agent cards and keeps one, unseen."""
    state = GAME.new_state(3, {"lair": "polar_base"}, seed=9)
    assert state.agent_mode == "two"
    check_resampled(state, 0, lambda s: [list(s.sheets[seat].dealt) for seat in (1, 2)])
    for sample_seed in range(10):
        sample = state.determinize(0, Rng(sample_seed))
        assert sample.sheets[0].dealt == state.sheets[0].dealt


def test_positions_reach_the_exploration():
    phases = {
        position.state.phase
        for seed in range(4)
        for position in random_positions(GAME, 2, seed, count=8)
    }
    assert "explore" in phases
