"""Determinization leaks nothing: a sampled world holds what the seat has seen, and no more.

Rulebook 002 §Préparation: each player's safe lies face up, so its colour, and with it every
card of that colour still in hand, is known to all; only the agents a small table adds from
unused colours are hidden. Rulebook 002 §Début du tour de jeu: cards are chosen face down,
so a choice not yet revealed is hidden too.
"""

from collections import Counter

import pytest

from topsecret.core import Rng
from topsecret.core.conformance import check_determinization, check_resampled, random_positions
from topsecret.games import get_game
from topsecret.games.vault import GAME, Steal, VaultState
from topsecret.games.vault.cards import SAFE

from .table import everyone_plays, moles_steal


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_conformance_suite_passes_over_whole_games(players):
    checked = check_determinization(get_game("vault"), players=players, seeds=range(2))
    assert checked > 0


@pytest.mark.parametrize("players", [2, 4])
def test_the_conformance_suite_passes_with_loot_face_up_over_several_deals(players):
    """Rulebook 002 §Une taupe a été jouée, the "more exciting" variant, and §Manches."""
    options = {"stolen": "face_up", "single_deal": False}
    checked = check_determinization(
        get_game("vault"), players=players, seeds=range(2), options=options
    )
    assert checked > 0


def two_moles_after_one_document() -> VaultState:
    """Seats 0 and 1 both play a mole, seat 2 a document of 20; seat 0 sends its mole."""
    state = VaultState.arranged([["mole", "doc5"], ["mole", "doc5"], ["doc20", "doc5"]], seed=4)
    everyone_plays(state, {0: "mole", 1: "mole", 2: "doc20"})
    moles_steal(state, {0: 2})
    return state


def test_the_draw_between_two_moles_is_not_known_in_a_sampled_world():
    """Rulebook 002 §Une taupe a été jouée: the first hand on the card wins; the engine
    draws it from the table's generator, which a sampled world must not share."""
    real = two_moles_after_one_document()
    thieves = set()
    for index in range(24):
        sample = real.determinize(1, Rng(index))
        assert sample.rng.state != real.rng.state
        sample.apply(1, Steal(2))
        thieves.add(sample.last_trick["steals"][0]["thief"])
    assert thieves == {0, 1}


def test_samples_from_different_generators_do_not_share_a_future():
    real = two_moles_after_one_document()
    futures = {real.determinize(1, Rng(index)).rng.state for index in range(8)}
    assert len(futures) == 8


@pytest.mark.parametrize("players", [2, 3])
def test_the_extra_agents_of_a_small_table_are_dealt_again(players):
    """Rulebook 002 §Préparation: with two or three players the added mole and assassins come
    from unused colours, which nobody else sees."""
    state = GAME.new_state(players, seed=5)
    for seat in range(1, players):
        check_resampled(state, 0, lambda world, seat=seat: sorted(world.hands[seat]))


@pytest.mark.parametrize("players", [4, 5, 6])
def test_from_four_players_every_hand_is_known_by_the_colour_of_its_safe(players):
    state = GAME.new_state(players, seed=8)
    sample = state.determinize(0, Rng(3))
    assert sample.hands == state.hands


def test_the_choices_of_seats_that_have_chosen_are_drawn_again():
    """Rulebook 002 §Début du tour de jeu: the chosen card lies face down until all reveal."""
    state = GAME.new_state(4, seed=2)
    rng = Rng(9)
    for seat in (1, 2, 3):
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    step = state.open_step()
    assert step is not None

    def choices(world):
        return [world.open_step().choice_of(seat) for seat in (1, 2, 3)]

    check_resampled(state, 0, choices)


def test_a_seat_keeps_its_own_hand_and_its_own_choice():
    state = GAME.new_state(3, seed=6)
    state.apply(0, state.legal_actions(0)[-1])
    for index in range(8):
        sample = state.determinize(0, Rng(index))
        assert sample.hands[0] == state.hands[0]
        assert sample.open_step().choice_of(0) == state.open_step().choice_of(0)


def could_have_played_so(world: VaultState, seat: int) -> bool:
    """Whether the seat's hand at the start of the deal, played in the order seen, gives the
    cards everyone saw: the engine always plays the lowest card of the chosen kind."""
    hand = sorted(world.hands[seat] + world.played[seat])
    for cid in world.played[seat]:
        same_kind = [c for c in hand if world.cards[c].type_key == world.cards[cid].type_key]
        if min(same_kind) != cid:
            return False
        hand.remove(cid)
    return True


def dealt_like_the_rulebook(world: VaultState, seat: int) -> bool:
    """The seat's own colour and agents from colours nobody plays, nothing else."""
    cards = [world.cards[c] for c in world.hands[seat] + world.played[seat]]
    own = [c for c in cards if c.colour == world.safes[seat]]
    added = [c for c in cards if c.colour not in world.safes]
    return len(own) + len(added) == len(cards) and all(c.kind != SAFE for c in cards)


@pytest.mark.parametrize("players", [2, 3])
def test_a_sample_agrees_with_every_card_revealed_this_deal(players):
    """Not only the current view: the whole deal seen so far could have happened in it."""
    options = {"single_deal": True}
    checked = 0
    for seed in range(6):
        for position in random_positions(GAME, players, seed, options, count=5):
            real = position.state
            for viewer in range(players):
                sample = real.determinize(viewer, Rng(seed * 31 + viewer))
                for seat in range(players):
                    assert sample.played[seat] == real.played[seat]
                    assert could_have_played_so(sample, seat)
                    assert dealt_like_the_rulebook(sample, seat)
                    kinds = Counter(sample.cards[c].type_key for c in sample.hands[seat])
                    assert kinds == Counter(real.cards[c].type_key for c in real.hands[seat])
                checked += 1
    assert checked > 0
