"""Action ids remembered by identity: always the codec's own ids."""

from __future__ import annotations

import copy

import pytest

pytest.importorskip("gymnasium", reason="pip install -e '.[rl]'")

from topsecret.core import Action, Game, Rng, play_random_step
from topsecret.games import all_games, get_game
from topsecret.rl.gymnasium import ActionIds


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_ids_are_the_codecs_whether_found_by_identity_or_not(game: Game) -> None:
    """Given the legal actions of every seat along a random game, the ids are those the
    codec gives, before and after the trial decides how to look them up."""
    players = game.min_players
    codec = game.codec(players)
    ids = ActionIds(codec, trial=50)
    state = game.new_state(players, seed=4)
    rng = Rng(4)
    for _ in range(300):
        if state.is_over():
            break
        for seat in range(players):
            actions = state.legal_actions(seat)
            assert ids.of(actions) == [codec.to_id(action) for action in actions]
        play_random_step(state, rng)


def test_a_game_of_fresh_action_objects_stops_remembering_them() -> None:
    """A game that lists new action objects every time (here wink's, copied at each call):
    after the trial the codec answers alone."""
    game = get_game("wink")
    codec = game.codec(4)
    ids = ActionIds(codec, trial=20)
    state = game.new_state(4, seed=1)

    def fresh() -> list[Action]:
        return [copy.copy(action) for action in state.legal_actions(0)]

    for _ in range(10):
        ids.of(fresh())
    assert not ids._by_identity
    assert ids._known == {}
    assert ids.of(fresh()) == [codec.to_id(a) for a in state.legal_actions(0)]


def test_a_game_listing_shared_action_objects_keeps_finding_them_by_identity() -> None:
    """Wink lists one shared object per action, so every lookup after the first is by
    identity."""
    game = get_game("wink")
    codec = game.codec(4)
    ids = ActionIds(codec, trial=20)
    state = game.new_state(4, seed=1)
    for _ in range(10):
        ids.of(state.legal_actions(0))
    assert ids._by_identity
    assert ids.of(state.legal_actions(0)) == [codec.to_id(a) for a in state.legal_actions(0)]
