"""A map of the players' own (``-o map=FILE``): the action ids, the tensor and the terminal
drawing follow the map in play, not the built-in one.

Rulebook 004 §Move An Agent lets an agent move to any adjacent city, so every city of the
map in play needs a move with an id; the map itself is the project's (or the players') design.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from topsecret.arena import play_match
from topsecret.core import Rng
from topsecret.games.briefcase import GAME, BriefcaseState
from topsecret.games.briefcase.actions import MoveAgent

from .helpers import act, pass_all

EUROPE = Path(__file__).parents[3] / "src/topsecret/games/briefcase/europe.toml"


def house_map(tmp_path: Path, name: str = "House map") -> Path:
    """Europe plus Nice, a city the built-in map lacks, between Marseille and Genoa."""
    text = EUROPE.read_text().replace('name = "Europe"', f'name = "{name}"')
    text = text.replace(
        '["Rome", "Milan"], ["Rome", "Zagreb"],\n]',
        '["Rome", "Milan"], ["Rome", "Zagreb"],\n  ["Nice", "Marseille"], ["Nice", "Genoa"],\n]',
    )
    text += '\n[[city]]\nname = "Nice"\nat = [2, 7]\nsource = "project"\n'
    path = tmp_path / "house.toml"
    path.write_text(text)
    return path


def on_house_map(path: Path, players: int = 2) -> BriefcaseState:
    """A table on the house map with Tempest in Marseille, seat 0 to play."""
    state = GAME.new_state(players, {"map": str(path)}, seed=3)
    assert isinstance(state, BriefcaseState)
    rng = Rng(0)
    for seat in state.acting_players():  # the hidden setup step
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    state.positions[state.agent_index("Tempest")] = state.board.index("Marseille")
    state.current = state.first_player = 0
    return state


def test_a_move_to_a_city_only_the_house_map_has_has_an_action_id(tmp_path: Path) -> None:
    """Given a house map with Nice, when Tempest may move from Marseille to Nice, then the
    codec of the game in play (``state.game``, or ``GAME.for_options``) gives it an id."""
    path = house_map(tmp_path)
    state = on_house_map(path)
    move = MoveAgent("Tempest", "Nice")
    assert move in state.legal_actions(0)
    codec = state.game.codec(2)
    assert codec.from_id(codec.to_id(move)) == move
    assert GAME.for_options({"map": str(path)}).codec(2).to_id(move) == codec.to_id(move)
    # One city more: a move there for each of the six agents, and Magician's, Tempest's and
    # Vagabond's powers may each send someone there.
    assert codec.size == GAME.codec(2).size + 6 + 3
    act(state, move)
    pass_all(state)
    assert state.observation(None)["agents"]["Tempest"] == "Nice"


def test_every_legal_action_of_a_game_on_a_house_map_has_an_id(tmp_path: Path) -> None:
    """Over whole seeded games between heuristic bots on the house map, the codec of the game
    in play numbers every legal action, and numbers it back to the same action."""
    path = house_map(tmp_path)
    for players in (2, 4):
        result = play_match(
            GAME, players, ["heuristic"] * players, seed=5, options={"map": str(path)}
        )
        state = result.state
        codec = state.game.codec(players)
        replayed = GAME.new_state(players, {"map": str(path)}, seed=5)
        for entry in result.log.actions:
            for action in replayed.legal_actions(entry.seat):
                assert codec.from_id(codec.to_id(action)) == action
            replayed.apply(entry.seat, codec.from_json(entry.action))
        assert replayed.scores() == state.scores()


def test_the_terminal_draws_the_house_map(tmp_path: Path) -> None:
    """The terminal's view of a table on a house map draws that map, Nice included, and
    its red lines; the built-in map is never drawn in its place."""
    state = on_house_map(house_map(tmp_path))
    text = GAME.render_text(state.observation(0))
    assert "Nice" in text and "* station" in text
    assert "  Marseille: Genoa, Milan, Nice, Toulouse" in text.splitlines()


def test_a_house_map_keeping_the_name_europe_is_still_drawn_as_itself(tmp_path: Path) -> None:
    """Maps are told apart by their content, not their name: a copy of Europe with Nice
    added and its name unchanged is drawn with Nice."""
    state = on_house_map(house_map(tmp_path, name="Europe"))
    assert state.observation(0)["map_key"] != GAME.board.key
    text = GAME.render_text(state.observation(0))
    assert "  Marseille: Genoa, Milan, Nice, Toulouse" in text.splitlines()


def test_the_tensor_of_a_house_map_table_comes_from_the_game_in_play(tmp_path: Path) -> None:
    """The observation tensor follows the map in play (one more city); the built-in game
    refuses an observation of another map rather than misread it."""
    state = on_house_map(house_map(tmp_path, name="Europe"))
    obs = state.observation(0)
    tensor = state.game.observation_tensor(obs, 2)
    layout = state.game.tensor_layout(2)
    assert layout is not None and len(tensor) == layout.size
    built_in = GAME.observation_tensor(GAME.new_state(2, seed=3).observation(0), 2)
    assert len(tensor) == len(built_in) + 9 + 2  # 9C + N(C + 46) + 55, one city more
    with pytest.raises(ValueError, match="another map"):
        GAME.observation_tensor(obs, 2)
