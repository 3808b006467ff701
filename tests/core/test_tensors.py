"""Tensor layouts: named slices laid end to end."""

import pytest

from topsecret.core import TensorLayout, TensorSlice
from topsecret.games import all_games


def test_a_layout_names_its_slices_and_cuts_a_tensor_into_them():
    layout = TensorLayout((TensorSlice("hand", 3, "cards"), TensorSlice("round", 1, "round")))
    assert layout.size == 4 and layout.offsets() == {"hand": 0, "round": 3}
    assert layout.split([1.0, 0.0, 1.0, 0.5]) == {"hand": [1.0, 0.0, 1.0], "round": [0.5]}
    assert layout.describe()[1] == {"name": "round", "offset": 3, "size": 1, "description": "round"}
    with pytest.raises(ValueError, match="layout needs 4"):
        layout.split([1.0])


def test_a_layout_refuses_repeated_names_and_empty_slices():
    with pytest.raises(ValueError, match="repeat"):
        TensorLayout((TensorSlice("a", 1, ""), TensorSlice("a", 2, "")))
    with pytest.raises(ValueError, match="positive size"):
        TensorSlice("a", 0, "")


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_games_tensor_fits_its_layout_at_every_table_size(game):
    for players in range(game.min_players, min(game.max_players, 8) + 1):
        layout = game.tensor_layout(players)
        assert layout is not None, f"{game.id} has no observation tensor"
        state = game.new_state(players, seed=players)
        for seat in range(players):
            tensor = game.observation_tensor(state.observation(seat), players)
            assert len(tensor) == layout.size
