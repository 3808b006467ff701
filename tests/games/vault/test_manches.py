"""Rulebook 002 §Manches: deals go on, totals carry over, the first to 1200 wins."""

from topsecret.core import Rng, run_random_game
from topsecret.games.vault import GAME, VaultState

from .table import everyone_plays


def test_the_default_target_is_the_printed_1200():
    assert GAME.new_state(4, seed=0).options["target"] == 1200


def test_a_new_deal_starts_with_fresh_hands_while_nobody_has_reached_the_target():
    state = VaultState.arranged([["doc10"], ["doc5"]], totals=[100, 100])
    everyone_plays(state, {0: "doc10", 1: "doc5"})
    assert not state.is_over()
    assert state.totals == [110, 105]
    assert state.deal == 1 and state.trick == 1
    assert [len(h) for h in state.hands] == [16, 16]  # two players: 17 cards with the safe


def test_the_game_ends_after_the_deal_in_which_someone_reaches_the_target():
    state = VaultState.arranged([["doc10"], ["doc5"]], totals=[1195, 100])
    everyone_plays(state, {0: "doc10", 1: "doc5"})
    assert state.is_over()
    assert state.winners() == [0]


def test_when_two_pass_the_target_in_the_same_deal_the_higher_total_wins():
    state = VaultState.arranged([["doc10"], ["doc15"]], totals=[1195, 1190])
    everyone_plays(state, {0: "doc10", 1: "doc15"})
    assert state.totals == [1205, 1205] and state.winners() == [0, 1]


def test_a_whole_game_to_the_target_ends_with_a_winner_over_it():
    state = GAME.new_state(4, seed=21)
    run_random_game(state, Rng(4))
    assert max(state.totals) >= 1200
    assert len(state.deal_scores) == state.deal + 1
    assert sum(sum(d) for d in state.deal_scores) == sum(state.totals)


def test_a_lower_target_gives_shorter_games():
    short = GAME.new_state(3, {"target": 200}, seed=2)
    run_random_game(short, Rng(2))
    assert max(short.totals) >= 200 and short.deal < 4
