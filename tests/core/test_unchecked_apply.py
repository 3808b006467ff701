"""The trusted path: apply_unchecked plays the same game as apply, without the legality scan."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction, Rng
from topsecret.games import all_games, get_game


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_unchecked_and_quiet_play_reaches_the_same_table_as_checked_play(game):
    players = max(game.min_players, min(3, game.max_players))
    checked = game.new_state(players, seed=21)
    trusted = game.new_state(players, seed=21)
    rng = Rng(4)
    for _ in range(60):
        if checked.is_over():
            break
        seat = checked.acting_players()[0]
        action = rng.choice(checked.legal_actions(seat))
        recorded = checked.apply(seat, action)
        quiet = trusted.apply_unchecked(seat, action, record=False)
        assert checked.snapshot() == trusted.snapshot()
        assert [e for e in quiet if e.kind != "chosen" and e.kind != "my_choice"] == [
            e for e in recorded if e.kind not in ("chosen", "my_choice")
        ]
        assert not any(e.kind in ("chosen", "my_choice") for e in quiet)


def test_the_checked_path_still_refuses_what_the_trusted_path_would_take():
    state = get_game("briefcase").new_state(3, seed=1)
    rng = Rng(2)
    while len(state.acting_players()) != 1:  # past the simultaneous setup, into turns
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    (mover,) = state.acting_players()
    idle = (mover + 1) % state.num_players
    action = state.legal_actions(mover)[0]
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply(idle, action)
    assert state.snapshot() == before
