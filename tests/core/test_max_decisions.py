"""The contract's shared figures: bounds on decisions, win shares, the default table."""

import pytest

from topsecret.core import Rng, run_random_game, win_shares
from topsecret.games import all_games


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_game_ends_well_within_its_stated_bound_on_decisions(game):
    """Adapters cut episodes at Game.max_decisions; seeded random games stay well inside."""
    for players in (game.min_players, min(game.max_players, 6)):
        bound = game.max_decisions(players, game.resolve_options(None))
        for seed in range(3):
            steps = run_random_game(game.new_state(players, seed=seed), Rng(seed))
            assert steps * 2 <= bound


def test_a_win_is_shared_among_the_seats_with_the_best_score():
    assert win_shares([3.0, 7.0, 7.0, 1.0]) == [0.0, 0.5, 0.5, 0.0]
    assert win_shares([2.0, 2.0, 2.0]) == pytest.approx([1 / 3, 1 / 3, 1 / 3])


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_the_default_table_is_four_seats_or_the_nearest_the_game_allows(game):
    expected = max(game.min_players, min(4, game.max_players))
    assert game.default_players() == expected
    game.check_players(game.default_players())
