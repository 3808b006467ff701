"""Several seats' views at once: each the same as that seat's own observation."""

from __future__ import annotations

import pytest

from topsecret.core import Game, Rng
from topsecret.games import all_games


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
@pytest.mark.parametrize("seed", [3, 8])
def test_the_views_of_every_seat_at_once_are_each_seats_own_view(game: Game, seed: int) -> None:
    """Given a seeded random game, at every step the views a server builds for all seats and
    a spectator at once equal their observations one by one: a seat's hand stays its own."""
    players = max(game.min_players, min(4, game.max_players))
    state = game.new_state(players, seed=seed)
    rng = Rng(seed)
    readers: list[int | None] = [None, *range(players)]
    for _ in range(150):
        assert state.observations(readers) == [state.observation(r) for r in readers]
        assert state.observations([]) == []
        if state.is_over():
            break
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
