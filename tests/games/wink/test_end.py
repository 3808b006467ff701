"""Rulebook 001 §Spielende: the game ends at once when an agent card cannot be drawn."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction
from topsecret.games.wink.actions import CompleteMission, Look, Pass, Wink

from .tables import JAN, JULIA, MARIE, TOM, table


def test_game_ends_when_an_agent_card_cannot_be_drawn_after_a_mission() -> None:
    """Rulebook 001 §Spielende: a successful mission with an empty agent deck ends the game;
    the contact does not even draw, and the suitcase stays."""
    state = table(
        agents=[JAN, MARIE, JULIA, TOM],
        locations=["fountain", "kiosk", "street_cafe", "metro_station"],
        location_deck=["kiosk"],
        gaze=[None, None, JULIA, None],
        holder=TOM,
    )
    state.apply(TOM, Wink())
    state.apply(TOM, CompleteMission("fountain"))
    assert state.is_over()
    assert state.location[JULIA] is None
    assert state.holder == TOM
    assert state.scores() == [1.0, 0.0, 1.0, 0.0]
    assert state.winners() == [JULIA, TOM]  # ties share the win
    assert state.legal_actions(JAN) == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(JAN, Look(JULIA))


def test_game_ends_when_discarding_own_agent_cards_empties_the_deck() -> None:
    """Rulebook 001 §Hinweis and §Spielende: own cards are discarded; if no card is left the
    game ends."""
    state = table(
        agents=[JAN, MARIE, JULIA, TOM],
        locations=["kiosk"] * 4,
        agent_deck=[JULIA, JULIA],
    )
    state.apply(JULIA, Pass(discard_agent=True))
    assert state.is_over()
    assert state.end_reason == "an agent card could not be drawn"


def test_game_ends_when_a_failed_mission_leaves_no_agent_card_to_draw() -> None:
    """Rulebook 001 §Mission fehlgeschlagen and §Spielende: the revealed agent card is
    discarded and a new one must be drawn; with the deck empty the game ends at once."""
    state = table(
        agents=[JAN, MARIE, JULIA, TOM],
        locations=["fountain", "kiosk", "street_cafe", "metro_station"],
        gaze=[None, None, JULIA, None],
        holder=TOM,
    )
    state.apply(TOM, Wink())
    state.apply(TOM, CompleteMission("kiosk"))  # Julia holds the fountain
    assert state.is_over()
    assert state.end_reason == "an agent card could not be drawn"
    assert state.scores() == [0.0] * 4


def test_game_ends_when_a_pass_discards_an_agent_card_and_none_is_left() -> None:
    """Rulebook 001 §Folgende Runden (a pass may discard a card and refill the hand) and
    §Spielende: with no agent card to draw, the game ends at once."""
    state = table(
        agents=[JAN, MARIE, JULIA, TOM],
        locations=["kiosk"] * 4,
        holder=JULIA,
    )
    state.apply(JULIA, Pass(discard_agent=True))  # Jan's card, not her own
    assert state.is_over()
    assert state.end_reason == "an agent card could not be drawn"


def test_most_points_wins() -> None:
    """Rulebook 001 §Spielende: the player with the most cards under the board wins."""
    state = table(agents=[JAN, MARIE, JULIA, TOM], locations=["kiosk"] * 4)
    state.agent_points[MARIE] = [JAN, TOM]
    state.location_points[JAN] = [1]
    state.apply(JULIA, Pass(discard_agent=True))
    assert state.scores() == [0.0, 1.0, 0.0, 2.0]
    assert state.winners() == [MARIE]


def test_the_agent_deck_ends_the_game_not_the_location_cards() -> None:
    """Rulebook 001 §Spielende: the game ends when an agent card cannot be drawn; the number of
    agent cards sets its length (§Spielvorbereitung). Successful missions put location cards
    under the boards (§Mission erfolgreich), so the location deck may run dry first. Our
    design: the discarded location cards and those under the boards are shuffled into a new
    deck; the points stay, as a tally."""
    state = table(
        agents=[JAN, MARIE, JULIA, TOM],
        locations=["fountain", "kiosk", "street_cafe", "metro_station"],
        agent_deck=[MARIE, TOM],
        gaze=[None, None, JULIA, None],
        holder=TOM,
    )
    state.location_points[JAN] = [1, 0]
    state.agent_points[JAN] = [TOM]
    state.apply(TOM, Wink())
    events = state.apply(TOM, CompleteMission("fountain"))
    assert not state.is_over()
    reshuffle = next(e for e in events if e.kind == "location_deck_reshuffled")
    assert reshuffle.audience is None
    assert reshuffle.data == {"cards": 3, "discards": 0, "scored": 3}
    assert state.location[JULIA] in (0, 1, 3)
    assert sorted([*state.location_deck, state.location[JULIA]]) == [0, 1, 3]
    assert state.scores() == [1.0, 3.0, 1.0, 0.0]
    assert state.location_returned == [1, 2, 0, 0]
    assert state.observation(None)["location_returned"] == [1, 2, 0, 0]


def test_cards_under_the_boards_go_back_only_once() -> None:
    """A card already shuffled back is in play again: only cards scored since then return."""
    state = table(
        agents=[JAN, MARIE, JULIA, TOM],
        locations=["fountain", "kiosk", "street_cafe", "metro_station"],
    )
    state.location_points[JAN] = [1, 0]
    state.location_returned[JAN] = 1
    state.location_discard = [2]
    events = state.apply(JULIA, Pass(discard_location=True))
    assert next(e for e in events if e.kind == "location_deck_reshuffled").data == {
        "cards": 3,
        "discards": 2,
        "scored": 1,
    }
