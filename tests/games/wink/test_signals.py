"""Winks and glances on a screen (docs/games/wink.md §Signals on a screen), built on
Rulebook 001 §Aktive Mission, §Passive Mission and §Ehrenkodex."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction
from topsecret.games.wink.actions import (
    Glance,
    Look,
    LookAtCards,
    LookAtLocation,
    Pass,
    Wink,
)

from .tables import JAN, JULIA, MARIE, TOM, kinds, seen_by, table

# Julia holds Jan's card and the fountain; Jan holds Tom's card and the kiosk;
# Tom holds Marie's card; Marie holds Julia's card.
HANDS = {
    "agents": [JAN, TOM, MARIE, JULIA],
    "locations": ["fountain", "kiosk", "street_cafe", "metro_station"],
}


def test_you_see_who_looks_at_you_and_where_your_target_looks() -> None:
    state = table(**HANDS, gaze=[JAN, JULIA, JULIA, TOM])
    julia = state.observation(JULIA)
    assert julia["gaze"] == {"at": "seat", "seat": JAN}
    assert julia["watched_by"] == [JAN, TOM]
    assert julia["their_gaze"] == {"at": "seat", "seat": JULIA}
    marie = state.observation(MARIE)
    assert marie["watched_by"] == []
    assert marie["their_gaze"] == {"at": "seat", "seat": JULIA}


def test_a_wink_is_seen_only_by_those_looking_at_the_winker_and_shows_its_target() -> None:
    """Rulebook 001 §Aktive Mission: the contact should notice, the others should not."""
    state = table(**HANDS, gaze=[JAN, JULIA, JULIA, TOM])
    events = state.apply(JULIA, Wink())
    for seat in (JAN, TOM):
        [signal] = state.observation(seat)["signals"]
        assert signal["signal"] == "wink" and signal["seat"] == JULIA
        assert signal["looking_at"] == {"at": "seat", "seat": JAN}
        assert "saw_signal" in kinds(seen_by(events, seat))
    assert state.observation(MARIE)["signals"] == []
    assert seen_by(events, MARIE) == []


def test_honour_code_you_can_wink_only_at_the_agent_on_your_card() -> None:
    """Rulebook 001 §Ehrenkodex and §Aktive Mission: no false signals."""
    state = table(**HANDS, gaze=[TOM, JULIA, None, None])
    before = state.snapshot()
    assert Wink() not in state.legal_actions(JULIA)
    with pytest.raises(IllegalAction, match="agent on your agent card") as caught:
        state.apply(JULIA, Wink())
    assert "Ehrenkodex" in caught.value.rule
    assert state.snapshot() == before
    state.apply(JULIA, Look(JAN))
    assert Wink() in state.legal_actions(JULIA)


def test_a_glance_shows_the_location_on_your_card_to_those_looking_at_you() -> None:
    """Rulebook 001 §Passive Mission: Julia looks toward the fountain for Tom."""
    state = table(**HANDS, gaze=[TOM, JULIA, JULIA, None])
    state.apply(JULIA, Glance())
    [signal] = state.observation(TOM)["signals"]
    assert signal["signal"] == "glance"
    assert signal["location"] == "fountain"
    assert signal["looking_at"] == {"at": "seat", "seat": TOM}
    assert state.gaze[JULIA] == ("seat", TOM)  # a glance is a moment, the gaze stays
    assert state.observation(MARIE)["signals"] == []


def test_you_may_look_only_toward_your_own_location() -> None:
    """Rulebook 001 §Ehrenkodex: looking toward a location signals it, so only your own."""
    state = table(**HANDS, gaze=[None, JULIA, None, None])
    with pytest.raises(IllegalAction, match="own card") as caught:
        state.apply(JULIA, LookAtLocation("kiosk"))
    assert "Ehrenkodex" in caught.value.rule
    state.apply(JULIA, LookAtLocation("fountain"))
    assert state.observation(JAN)["their_gaze"] == {"at": "location", "location": "fountain"}


def test_a_long_look_at_a_location_ends_when_the_card_leaves_the_hand() -> None:
    """The gaze would lie once the card is gone, so it returns to the cards."""
    state = table(**HANDS, location_deck=["kiosk"], gaze=["fountain", JULIA, None, None])
    events = state.apply(JULIA, Pass(discard_location=True))
    assert state.gaze[JULIA] == ("cards", 0)
    assert state.observation(JAN)["their_gaze"] == {"at": "cards"}
    assert "gaze" in kinds(seen_by(events, JAN))


def test_gaze_changes_are_told_only_to_those_who_can_notice() -> None:
    state = table(**HANDS, gaze=[TOM, JULIA, None, None])
    events = state.apply(JULIA, Look(MARIE))
    assert [e.kind for e in seen_by(events, JAN)] == ["gaze"]  # Jan watches Julia
    assert [e.kind for e in seen_by(events, TOM)] == ["look_away"]
    assert [e.kind for e in seen_by(events, MARIE)] == ["looked_at"]
    assert state.observation(MARIE)["watched_by"] == [JULIA]
    state.apply(JULIA, LookAtCards())
    assert state.observation(MARIE)["watched_by"] == []


def test_you_remember_your_own_signals() -> None:
    state = table(**HANDS, gaze=[JAN, None, None, None], now=2.5)
    state.apply(JULIA, Wink())
    assert state.observation(JULIA)["signals"][0]["time"] == 2.5
    assert state.observation(JULIA)["winked_with_this_card"]


def test_companion_mode_has_no_signals_at_all() -> None:
    """Companion mode (our design): people signal at a real table; the app only deals,
    keeps the suitcase and checks missions and accusations."""
    state = table(**HANDS, mode="companion")
    for action in (Look(JAN), Wink(), Glance(), LookAtCards()):
        with pytest.raises(IllegalAction, match="companion"):
            state.apply(JULIA, action)
    observation = state.observation(JULIA)
    assert "gaze" not in observation and "signals" not in observation
    assert state.acting_players() == (JULIA, JAN, TOM, MARIE)
    state.chips = [0, 0, 0, 0]
    assert state.acting_players() == (JULIA,)


def test_spectators_see_no_hands_and_no_signals() -> None:
    state = table(**HANDS, gaze=[JAN, JULIA, None, None])
    state.apply(JULIA, Wink())
    spectator = state.observation(None)
    assert "hand" not in spectator and "signals" not in spectator and "gaze" not in spectator
