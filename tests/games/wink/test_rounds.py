"""Rulebook 001 §Spielablauf: the opening round, the following rounds and the suitcase."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction
from topsecret.games.wink.actions import CompleteMission, Draw, Pass

from .tables import JAN, JULIA, MARIE, TOM, kinds, seen_by, table


def test_first_round_each_player_draws_one_agent_and_one_location_then_passes_left() -> None:
    """Rulebook 001 §Erste Runde: the start player draws both cards, the suitcase goes left."""
    state = table(
        agents=[None] * 4,
        locations=[None] * 4,
        agent_deck=[JAN, JULIA, MARIE, JULIA, TOM],
        location_deck=["fountain", "kiosk", "kiosk", "street_cafe"],
        opening_left=4,
    )
    state.apply(JULIA, Draw())
    assert (state.agent[JULIA], state.location[JULIA]) == (JAN, 3)
    assert state.holder == JAN
    state.apply(JAN, Draw())
    state.apply(TOM, Draw())
    state.apply(MARIE, Draw())
    assert state.agent == [JAN, JULIA, MARIE, JULIA]
    assert not state.in_opening
    assert state.holder == JULIA  # the suitcase is back with the start player


def test_own_agent_card_is_discarded_and_another_drawn() -> None:
    """Rulebook 001 §Folgende Runden, Hinweis: drawing your own agent card, discard it."""
    state = table(
        agents=[None] * 4,
        locations=[None] * 4,
        agent_deck=[JULIA, JULIA, TOM],
        location_deck=["kiosk"],
        opening_left=4,
    )
    events = state.apply(JULIA, Draw())
    assert state.agent[JULIA] == TOM
    assert state.agent_discard == [JULIA, JULIA]
    assert kinds(events).count("own_agent_discarded") == 2


def test_the_drawn_cards_are_seen_only_by_their_holder() -> None:
    """Rulebook 001 §Übersicht: hands are secret."""
    state = table(
        agents=[None] * 4,
        locations=[None] * 4,
        agent_deck=[TOM],
        location_deck=["kiosk"],
        opening_left=4,
    )
    events = state.apply(JULIA, Draw())
    for seat in (JAN, TOM, MARIE):
        for event in seen_by(events, seat):
            assert "agent" not in event.data and "location" not in event.data
    mine = [e for e in seen_by(events, JULIA) if e.kind in ("my_agent", "my_location")]
    assert [e.data for e in mine] == [{"agent": TOM}, {"location": "kiosk"}]


def test_only_the_suitcase_holder_takes_turn_actions() -> None:
    """Rulebook 001 §Mission abschließen: only the player with the suitcase."""
    state = table(agents=[JAN, TOM, MARIE, JULIA], locations=["kiosk"] * 4, holder=TOM)
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="suitcase"):
        state.apply(JULIA, Pass())
    with pytest.raises(IllegalAction, match="suitcase"):
        state.apply(JAN, CompleteMission("kiosk"))
    assert state.snapshot() == before


def test_in_the_opening_round_the_holder_only_draws() -> None:
    """Rulebook 001 §Erste Runde: the suitcase goes round while each player draws."""
    state = table(
        agents=[TOM, None, None, None],
        locations=["kiosk", None, None, None],
        agent_deck=[JULIA],
        location_deck=["kiosk"],
        holder=JAN,
        opening_left=3,
    )
    with pytest.raises(IllegalAction, match="opening round"):
        state.apply(JAN, Pass())
    state.apply(JAN, Draw())
    assert state.holder == TOM


def test_pass_moves_the_suitcase_left_and_keeps_the_cards() -> None:
    """Rulebook 001 §Folgende Runden: unsure, the player passes the suitcase to the left."""
    state = table(agents=[JAN, TOM, MARIE, JULIA], locations=["kiosk"] * 4, holder=MARIE)
    events = state.apply(MARIE, Pass())
    assert state.holder == JULIA
    assert state.agent[MARIE] == JULIA
    assert "pass" in kinds(events)


@pytest.mark.parametrize(
    ("discard_agent", "discard_location"), [(True, False), (False, True), (True, True)]
)
def test_pass_may_replace_one_or_both_cards(discard_agent: bool, discard_location: bool) -> None:
    """Rulebook 001 §Folgende Runden: discard one or both cards and fill the hand again;
    every player always holds one agent and one location card (§Übersicht)."""
    state = table(
        agents=[JAN, TOM, MARIE, JULIA],
        locations=["kiosk"] * 4,
        agent_deck=[MARIE],
        location_deck=["fountain"],
    )
    state.apply(JULIA, Pass(discard_agent, discard_location))
    assert state.agent[JULIA] == (MARIE if discard_agent else JAN)
    assert state.location[JULIA] == (3 if discard_location else 2)
    assert state.agent_discard == ([JAN] if discard_agent else [])
    assert state.location_discard == ([2] if discard_location else [])
    assert state.holder == JAN


def test_an_empty_location_deck_is_refilled_from_the_discards() -> None:
    """Our design: the rulebook never runs out of location cards; we reshuffle the discards."""
    state = table(agents=[JAN, TOM, MARIE, JULIA], locations=["kiosk"] * 4)
    state.location_discard = [3]
    events = state.apply(JULIA, Pass(discard_location=True))
    assert "location_deck_reshuffled" in kinds(events)
    assert state.location[JULIA] in (2, 3)
    assert not state.is_over()
