"""Every game states a bound on the decisions of one game, which the adapters rely on."""

import pytest

from topsecret.core import Rng, run_random_game
from topsecret.games import all_games


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_game_ends_well_within_its_stated_bound_on_decisions(game):
    """Adapters cut episodes at Game.max_decisions; seeded random games stay well inside."""
    for players in (game.min_players, min(game.max_players, 6)):
        bound = game.max_decisions(players, game.resolve_options(None))
        for seed in range(3):
            steps = run_random_game(game.new_state(players, seed=seed), Rng(seed))
            assert steps * 2 <= bound
