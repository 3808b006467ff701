"""Rulebook 001 §Mission abschließen, §Mission erfolgreich, §Mission fehlgeschlagen."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction
from topsecret.games.wink import WinkState
from topsecret.games.wink.actions import CompleteMission, Glance, Look, Pass, Wink

from .tables import JAN, JULIA, MARIE, TOM, seen_by, table


def tom_sees_julia(holder: int) -> WinkState:
    """Tom holds Julia's (green) agent card and Julia the fountain; they look at each other."""
    return table(
        agents=[JAN, MARIE, JULIA, TOM],
        locations=["fountain", "kiosk", "street_cafe", "metro_station"],
        agent_deck=[MARIE, JAN],
        location_deck=["kiosk"],
        gaze=[TOM, None, JULIA, None],
        holder=holder,
    )


def tom_has_winked_at_julia() -> WinkState:
    """Tom has winked at Julia while Jan holds the suitcase."""
    state = tom_sees_julia(holder=JAN)
    state.apply(TOM, Wink())
    return state


def test_worked_example_tom_meets_julia_at_the_fountain() -> None:
    """Rulebook 001 §Mission abschließen, Beispiel: Tom reveals the green card and names the
    fountain; Julia holds it, both keep their card as a point and both draw (§erfolgreich)."""
    state = tom_has_winked_at_julia()
    state.holder = TOM
    events = state.apply(TOM, CompleteMission("fountain"))
    assert state.agent_points[TOM] == [JULIA]
    assert state.location_points[JULIA] == [3]
    assert state.scores() == [1.0, 0.0, 1.0, 0.0]
    assert state.agent[TOM] == MARIE  # Tom drew a new agent card
    assert state.location[JULIA] == 2  # Julia drew a new location card
    mission = next(e for e in events if e.kind == "mission")
    assert mission.audience is None
    assert mission.data == {"seat": TOM, "contact": JULIA, "location": "fountain", "success": True}
    assert state.holder == MARIE


def test_failed_mission_discards_the_agent_card_and_the_contact_reveals_nothing() -> None:
    """Rulebook 001 §Mission fehlgeschlagen: the contact does not reveal the location card;
    the revealed agent card is discarded and the player draws a new one."""
    state = tom_has_winked_at_julia()
    state.holder = TOM
    events = state.apply(TOM, CompleteMission("kiosk"))
    assert state.scores() == [0.0] * 4
    assert state.agent_discard == [JULIA]
    assert state.agent[TOM] == MARIE
    assert state.location[JULIA] == 3  # Julia keeps her fountain, unrevealed
    for seat in (JAN, MARIE):
        assert all("fountain" not in str(e.data) for e in seen_by(events, seat))
    assert state.holder == MARIE


def test_only_the_player_who_winked_may_complete_the_mission() -> None:
    """Rulebook 001 §Mission abschließen, WICHTIG: only the player who winked."""
    state = table(
        agents=[JAN, MARIE, JULIA, TOM],
        locations=["fountain", "kiosk", "street_cafe", "metro_station"],
        holder=TOM,
    )
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="winked") as caught:
        state.apply(TOM, CompleteMission("fountain"))
    assert "WICHTIG" in caught.value.rule
    assert state.snapshot() == before


def test_a_wink_counts_only_for_the_agent_card_it_was_made_with() -> None:
    """Rulebook 001 §Mission abschließen: the mission belongs to the card that was winked."""
    state = tom_has_winked_at_julia()
    state.holder = TOM
    state.apply(TOM, Look(JAN))
    assert state.winked[TOM]
    state.agent[TOM] = None
    state._take_agent(TOM, [])  # a new agent card clears the wink
    assert not state.winked[TOM]


def test_mission_can_wait_for_the_suitcase() -> None:
    """Rulebook 001 §Folgende Runden: wink any time, complete only when the suitcase comes."""
    state = tom_has_winked_at_julia()
    assert CompleteMission("fountain") not in state.legal_actions(TOM)
    state.apply(JAN, Pass())
    assert state.holder == TOM
    assert CompleteMission("fountain") in state.legal_actions(TOM)


def test_the_holder_may_wink_be_answered_and_complete_in_one_turn() -> None:
    """Rulebook 001 §Mission abschließen: the holder of the suitcase, and only they, completes
    a mission, once they have winked and been shown the place. The German adds that the
    winker waits "bis er wieder an der Reihe ist" (the usual case: signals pass between
    turns); the French and Italian say only "attendre son tour". Our reading: what a mission
    needs is the suitcase when it is completed, so a holder may wink, see the glance and
    complete it before passing the suitcase on."""
    state = tom_sees_julia(holder=TOM)
    assert not any(action.kind == "mission" for action in state.legal_actions(TOM))
    state.apply(TOM, Wink())
    state.apply(JULIA, Glance())
    assert state.holder == TOM
    state.apply(TOM, CompleteMission("fountain"))
    assert state.scores() == [1.0, 0.0, 1.0, 0.0]


def test_companion_mode_trusts_the_table_about_winks() -> None:
    """Companion mode (our design): winks happen at a real table, so the app cannot require
    one before a mission; it still checks the location card."""
    state = table(
        agents=[JAN, MARIE, JULIA, TOM],
        locations=["fountain", "kiosk", "street_cafe", "metro_station"],
        agent_deck=[JAN],
        location_deck=["kiosk"],
        holder=TOM,
        mode="companion",
    )
    state.apply(TOM, CompleteMission("fountain"))
    assert state.scores() == [1.0, 0.0, 1.0, 0.0]


def test_the_holder_never_reveals_their_own_location_card() -> None:
    """Rulebook 001 §Mission abschließen: a player never reveals their location card on
    their own turn; only a contact named correctly does."""
    state = tom_has_winked_at_julia()
    state.holder = TOM
    tom_location = "street_cafe"
    for action in state.legal_actions(TOM):
        if isinstance(action, (CompleteMission, Pass)):
            events = state.clone().apply(TOM, action)
            for event in events:
                if event.audience is None:
                    told = dict(event.data)
                    if event.kind == "mission":
                        told.pop("location")  # the place Tom names, not his card
                    assert tom_location not in str(told)
