"""Rulebook 001 §Ertappt!: catching a wink with an observation chip."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction
from topsecret.games.wink import WinkState
from topsecret.games.wink.actions import Accuse, Draw, Wink

from .tables import JAN, JULIA, MARIE, TOM, kinds, table


def julia_winks_at_jan_while_marie_watches() -> WinkState:
    """Julia holds Jan's (purple) card; Marie (red) looks at Julia when she winks."""
    state = table(
        agents=[JAN, TOM, MARIE, JULIA],
        locations=["kiosk", "fountain", "kiosk", "street_cafe"],
        agent_deck=[TOM, MARIE],
        gaze=[JAN, JULIA, None, JULIA],
        holder=TOM,
    )
    state.apply(JULIA, Wink())
    return state


def test_worked_example_marie_catches_julia_winking_at_jan() -> None:
    """Rulebook 001 §Ertappt!, Beispiel: Julia reveals the purple card, Jan's; Marie keeps it
    as a point, loses a chip, and Julia draws a new agent card."""
    state = julia_winks_at_jan_while_marie_watches()
    assert any(s["signal"] == "wink" for s in state.observation(MARIE)["signals"])
    events = state.apply(MARIE, Accuse(JULIA, JAN))
    assert state.agent_points[MARIE] == [JAN]
    assert state.scores()[MARIE] == 1.0
    assert state.chips[MARIE] == 2
    assert state.agent[JULIA] == TOM
    accusation = next(e for e in events if e.kind == "accusation")
    assert accusation.audience is None
    assert accusation.data["revealed"] == JAN and accusation.data["correct"]


def test_a_caught_winker_must_wink_again_with_the_new_card() -> None:
    """Rulebook 001 §Ertappt! and §Mission abschließen, WICHTIG: caught, Julia gives up the
    card she winked with and draws another; her wink was for the old card, so when the
    suitcase comes to her she cannot complete a mission until she winks again."""
    state = julia_winks_at_jan_while_marie_watches()
    assert state.winked[JULIA]
    state.apply(MARIE, Accuse(JULIA, JAN))
    assert state.agent[JULIA] == TOM and not state.winked[JULIA]
    state.holder = JULIA
    assert not any(action.kind == "mission" for action in state.legal_actions(JULIA))


def test_a_wrong_accusation_costs_the_chip_and_the_card_is_discarded() -> None:
    """Rulebook 001 §Ertappt!: a wrong accusation wastes the chip; the revealed card is
    discarded and the accused draws a new one."""
    state = julia_winks_at_jan_while_marie_watches()
    state.apply(MARIE, Accuse(JULIA, TOM))
    assert state.scores() == [0.0] * 4
    assert state.chips[MARIE] == 2
    assert state.agent_discard == [JAN]
    assert state.agent[JULIA] == TOM


def test_catching_needs_no_turn_and_no_wink_seen() -> None:
    """Rulebook 001 §Ertappt!: at any time, not only on your turn. Whether the accuser saw a
    wink is their own business: the card decides."""
    state = table(
        agents=[JAN, TOM, MARIE, JULIA],
        locations=["kiosk"] * 4,
        agent_deck=[TOM],
        holder=TOM,
    )
    assert state.holder != MARIE
    state.apply(MARIE, Accuse(JULIA, JAN))
    assert state.scores()[MARIE] == 1.0


def test_catching_works_in_the_opening_round_too() -> None:
    """Rulebook 001 §Erste Runde: winks start while the suitcase goes round."""
    state = table(
        agents=[JAN, None, None, None],
        locations=["kiosk", None, None, None],
        agent_deck=[TOM, MARIE],
        location_deck=["kiosk"],
        holder=JAN,
        opening_left=3,
    )
    with pytest.raises(IllegalAction, match="no agent card"):
        state.apply(MARIE, Accuse(JAN, TOM))
    state.apply(MARIE, Accuse(JULIA, JAN))
    assert state.scores()[MARIE] == 1.0
    assert state.agent[JULIA] == TOM
    state.apply(JAN, Draw())
    assert state.agent[JAN] == MARIE


def test_no_chips_no_catching() -> None:
    """Rulebook 001 §Ertappt!: without chips a player may no longer catch anyone."""
    state = table(agents=[JAN, TOM, MARIE, JULIA], locations=["kiosk"] * 4, chips=[3, 3, 3, 0])
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="no observation chips") as caught:
        state.apply(MARIE, Accuse(JULIA, JAN))
    assert "Ertappt" in caught.value.rule
    assert state.snapshot() == before
    assert not any(isinstance(a, Accuse) for a in state.legal_actions(MARIE))


@pytest.mark.parametrize(("winker", "contact"), [(MARIE, JAN), (JULIA, MARIE), (JAN, JAN)])
def test_only_a_wink_between_two_other_players_can_be_caught(winker: int, contact: int) -> None:
    """Rulebook 001 §Ertappt!: a player sees a wink at *another* player."""
    state = table(agents=[JAN, TOM, MARIE, JULIA], locations=["kiosk"] * 4)
    with pytest.raises(IllegalAction):
        state.apply(MARIE, Accuse(winker, contact))


def test_a_catch_that_empties_the_agent_deck_ends_the_game() -> None:
    """Rulebook 001 §Spielende: the accused cannot draw, so the game ends at once."""
    state = table(agents=[JAN, TOM, MARIE, JULIA], locations=["kiosk"] * 4)
    events = state.apply(MARIE, Accuse(JULIA, JAN))
    assert state.is_over()
    assert kinds(events)[-1] == "game_over"
    assert state.winners() == [MARIE]
