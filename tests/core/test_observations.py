"""Several seats' views at once: each the same as that seat's own observation."""

from __future__ import annotations

import copy
from typing import Any

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


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_view_once_given_never_changes_as_play_goes_on(game: Game) -> None:
    """Given the views of every seat at each step, when the game is played on, then none of
    them changes: a view is a snapshot, never a window onto the state (a server may keep the
    last view it sent and compare the next one with it)."""
    players = max(game.min_players, min(4, game.max_players))
    state = game.new_state(players, seed=5)
    rng = Rng(5)
    readers: list[int | None] = [None, *range(players)]
    given: list[tuple[list[dict[str, Any]], list[dict[str, Any]]]] = []
    for _ in range(120):
        views = state.observations(readers)
        given.append((views, copy.deepcopy(views)))
        if state.is_over():
            break
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if game.play_style == "realtime":
            state.advance_time(0.5 * len(given))
    for views, as_given in given:
        assert views == as_given
