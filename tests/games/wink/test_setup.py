"""Rulebook 001 §Spielmaterial and §Spielvorbereitung: what is on the table at the start."""

from __future__ import annotations

from collections import Counter

import pytest

from topsecret.core import InvalidOptions
from topsecret.games.wink import GAME, WinkState
from topsecret.games.wink.actions import Draw
from topsecret.games.wink.components import standard_components


def new(players: int, **options: object) -> WinkState:
    state = GAME.new_state(players, options, seed=11)
    assert isinstance(state, WinkState)
    return state


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_setup_deck_holds_seven_cards_of_each_agent_in_play(players: int) -> None:
    """Rulebook 001 §Spielvorbereitung: only the boards in play keep their 7 agent cards."""
    state = new(players)
    assert Counter(state.agent_deck) == {seat: 7 for seat in range(players)}
    assert state.removed == []


def test_setup_location_deck_has_32_cards_of_four_locations() -> None:
    """Rulebook 001 §Spielmaterial: 32 location cards of 4 locations (8 each: our split)."""
    state = new(4)
    assert len(state.location_deck) == 32
    assert Counter(state.location_deck) == {0: 8, 1: 8, 2: 8, 3: 8}
    assert state.components.location_ids == ("street_cafe", "metro_station", "kiosk", "fountain")


def test_setup_first_game_removes_two_agent_cards_per_player_unseen() -> None:
    """Rulebook 001 §Spielvorbereitung: for the first game remove 2 cards per player, unseen."""
    state = new(6, first_game=True)
    assert len(state.removed) == 12
    assert len(state.agent_deck) == 42 - 12
    assert state.observation(0)["removed"] == 12
    assert "removed_cards" not in state.observation(0)


@pytest.mark.parametrize("cards", [12, 20, 28])
def test_setup_deck_size_option_makes_shorter_games(cards: int) -> None:
    """Rulebook 001 §Spielvorbereitung: fewer agent cards make a shorter game."""
    state = new(4, agent_cards=cards)
    assert len(state.agent_deck) == cards
    assert len(state.removed) == 28 - cards


def test_setup_deck_size_cannot_exceed_the_cards_of_the_agents_in_play() -> None:
    with pytest.raises(InvalidOptions, match="between 12 and 28"):
        new(4, agent_cards=29)


@pytest.mark.parametrize(("players", "fewest"), [(4, 12), (6, 18), (8, 24)])
def test_setup_the_shortest_game_keeps_three_agent_cards_per_player(
    players: int, fewest: int
) -> None:
    """Rulebook 001 §Spielvorbereitung lets the table remove agent cards for a shorter game
    ("mit weniger Karten wird es kürzer") but sets no floor. Ours (components [length]):
    3 per player, so the deck outlasts the opening round (§Erste Runde), where each player
    draws one agent card, and the mission rounds."""
    assert standard_components().min_agent_cards_per_player == 3
    assert len(new(players, agent_cards=fewest).agent_deck) == fewest
    with pytest.raises(InvalidOptions, match=f"between {fewest} and {7 * players}"):
        new(players, agent_cards=fewest - 1)
    with pytest.raises(InvalidOptions, match="3 to 7 per player"):
        new(players, agent_cards=players)


def test_setup_first_game_and_deck_size_exclude_each_other() -> None:
    with pytest.raises(InvalidOptions, match="either"):
        new(4, agent_cards=20, first_game=True)


def test_setup_three_chips_each_and_the_suitcase_before_the_start_player() -> None:
    """Rulebook 001 §Spielvorbereitung: 3 observation chips each; the starter takes the case."""
    state = new(5)
    assert state.chips == [3] * 5
    assert state.holder == 0
    assert state.in_opening
    assert state.legal_actions(0)[-1] == Draw()
    assert all(card is None for card in state.agent + state.location)


@pytest.mark.parametrize("players", [3, 9])
def test_setup_four_to_eight_players(players: int) -> None:
    with pytest.raises(InvalidOptions, match="4-8 players"):
        GAME.new_state(players)
