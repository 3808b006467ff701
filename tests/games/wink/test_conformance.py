"""Determinization leaks nothing and forgets nothing (docs/games/wink.md §Determinization).

A sampled table for a seat keeps what that seat saw, by the rulebook's signals (001
§Aktive Mission, §Passive Mission, §Ehrenkodex) and the public table (§Mission
fehlgeschlagen, §Ertappt!), and draws everything else again.
"""

from __future__ import annotations

from typing import Any

import pytest

from topsecret.core import Rng
from topsecret.core.conformance import check_determinization, check_resampled
from topsecret.games.wink import GAME, WinkState
from topsecret.games.wink.actions import (
    CompleteMission,
    Glance,
    Look,
    LookAtCards,
    LookAtLocation,
    Pass,
    Wink,
)

from .tables import JAN, JULIA, MARIE, TOM, table

# Julia holds Jan's card and the fountain; Jan holds Tom's card and the kiosk;
# Tom holds Marie's card and the street café; Marie holds Julia's card and the metro station.
HANDS: dict[str, Any] = {
    "agents": [JAN, TOM, MARIE, JULIA],
    "locations": ["fountain", "kiosk", "street_cafe", "metro_station"],
    "agent_deck": [JULIA, JAN, TOM, MARIE, JAN, TOM, MARIE, JULIA],
    "location_deck": ["fountain", "kiosk", "street_cafe", "metro_station"] * 3,
}
SAMPLES = range(24)


def samples(state: WinkState, seat: int) -> list[WinkState]:
    drawn = []
    for seed in SAMPLES:
        sample = state.determinize(seat, Rng(seed))
        assert isinstance(sample, WinkState)
        drawn.append(sample)
    return drawn


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_the_conformance_suite_passes_for_every_table_size(players: int) -> None:
    assert check_determinization(GAME, players, [players]) > 0


def test_the_conformance_suite_passes_in_companion_mode() -> None:
    assert check_determinization(GAME, 5, range(2), options={"mode": "companion"}) > 0


def test_a_gaze_the_seat_cannot_see_is_drawn_again() -> None:
    """Marie looks at her cards: she cannot see where Tom looks."""
    state = table(**HANDS, gaze=[JAN, JULIA, JAN, None])
    check_resampled(state, MARIE, lambda s: s.gaze[TOM])  # type: ignore[attr-defined]


def test_gazes_the_seat_sees_stay_and_no_other_gaze_turns_to_it() -> None:
    """Marie looks at Julia, who looks at Jan; Tom looks at Marie. Jan does not."""
    state = table(**HANDS, gaze=[JAN, JULIA, MARIE, JULIA])
    for sample in samples(state, MARIE):
        assert sample.gaze[JULIA] == ("seat", JAN)
        assert sample.gaze[TOM] == ("seat", MARIE)
        assert sample.gaze[JAN] != ("seat", MARIE)


def test_unseen_cards_are_drawn_again() -> None:
    state = table(**HANDS, gaze=[JAN, JULIA, JAN, None])
    check_resampled(state, MARIE, lambda s: s.agent[TOM])  # type: ignore[attr-defined]
    check_resampled(state, MARIE, lambda s: s.location[JAN])  # type: ignore[attr-defined]
    check_resampled(state, MARIE, lambda s: s.agent_deck)  # type: ignore[attr-defined]
    check_resampled(state, MARIE, lambda s: s.location_deck)  # type: ignore[attr-defined]


def test_nobody_is_dealt_their_own_agent_card() -> None:
    """§Folgende Runden, Hinweis: a player who draws their own agent card discards it."""
    state = table(**HANDS)
    for sample in samples(state, MARIE):
        assert all(sample.agent[seat] != seat for seat in range(4))


def test_a_hidden_gaze_toward_a_location_is_not_copied_and_never_lies() -> None:
    """Tom looks toward the street café while Marie looks at her cards. His card and his gaze
    are drawn again together: a gaze toward a location shows the card held (§Ehrenkodex)."""
    state = table(**HANDS, gaze=[JAN, JULIA, "street_cafe", None])
    drawn = samples(state, MARIE)
    check_resampled(state, MARIE, lambda s: s.gaze[TOM])  # type: ignore[attr-defined]
    check_resampled(state, MARIE, lambda s: s.location[TOM])  # type: ignore[attr-defined]
    for sample in drawn:
        for seat in range(4):
            kind, where = sample.gaze[seat]
            assert kind != "location" or sample.location[seat] == where


def test_a_location_seen_under_a_glance_stays_put() -> None:
    """§Passive Mission: Marie watches Julia glance toward the fountain, then looks away."""
    state = table(**HANDS, gaze=[JAN, JULIA, JAN, JULIA])
    state.apply(JULIA, Glance())
    state.apply(MARIE, LookAtCards())
    for sample in samples(state, MARIE):
        assert sample.location[JULIA] == state.components.location_index("fountain")


def test_a_location_seen_under_a_long_look_stays_put_after_looking_away() -> None:
    """Marie watches Julia look toward the fountain; she remembers it once she looks away."""
    state = table(**HANDS, gaze=[JAN, JULIA, JAN, JULIA])
    state.apply(JULIA, LookAtLocation("fountain"))
    state.apply(MARIE, Look(TOM))
    fountain = state.components.location_index("fountain")
    for sample in samples(state, MARIE):
        assert sample.location[JULIA] == fountain


def test_an_agent_card_seen_winked_with_stays_put_and_its_wink_is_remembered() -> None:
    """§Aktive Mission: Marie watches Julia wink at Jan, so she knows Julia holds Jan's card."""
    state = table(**HANDS, gaze=[JAN, JULIA, JAN, JULIA])
    state.apply(JULIA, Wink())
    for sample in samples(state, MARIE):
        assert sample.agent[JULIA] == JAN
        assert sample.winked[JULIA]


def test_a_wink_the_seat_did_not_see_is_not_in_the_sample() -> None:
    """Jan winks at Tom while Marie looks at her cards: in her samples nobody saw it."""
    state = table(**HANDS, gaze=[JAN, TOM, JAN, None])
    state.apply(JAN, Wink())
    for sample in samples(state, MARIE):
        assert not sample.winked[JAN]
        assert all(signal["seat"] != JAN for seen in sample.seen for signal in seen)
        assert sample.stats["winks"] == 0


def test_a_refuted_meeting_place_is_never_dealt_back_to_the_contact() -> None:
    """§Mission fehlgeschlagen: Julia names the street café for Jan, who holds the kiosk and
    says no. Everyone now knows Jan's location card is not the street café."""
    state = table(**HANDS, gaze=[JAN, JULIA, None, None], holder=JULIA)
    state.apply(JULIA, Wink())
    state.apply(JULIA, CompleteMission("street_cafe"))
    cafe = state.components.location_index("street_cafe")
    for seat in (TOM, MARIE):
        for sample in samples(state, seat):
            assert sample.location[JAN] != cafe


def test_face_up_discards_stay_and_face_down_ones_of_others_are_drawn_again() -> None:
    """A failed mission's agent card is discarded face up; a pass discards face down (design)."""
    state = table(**HANDS, gaze=[JAN, JULIA, None, None], holder=JULIA)
    state.apply(JULIA, Wink())
    state.apply(JULIA, CompleteMission("street_cafe"))  # Jan holds the kiosk: fails
    # Julia's next agent card is her own: discarded face up too (§Folgende Runden, Hinweis).
    state.apply(JAN, Pass(discard_agent=True))
    assert state.agent_discard == [JAN, JULIA, TOM]
    for sample in samples(state, MARIE):
        assert sample.agent_discard[:2] == [JAN, JULIA]
        assert sample.agent_discard[2] != JAN  # Jan never held his own card
    check_resampled(state, MARIE, lambda s: s.agent_discard[2])  # type: ignore[attr-defined]
    for sample in samples(state, JAN):
        assert sample.agent_discard == [JAN, JULIA, TOM]


def test_sampling_leaves_the_real_table_and_its_generator_alone() -> None:
    state = GAME.new_state(6, seed=3)
    assert isinstance(state, WinkState)
    for _ in range(6):
        state.apply(state.holder, state.legal_actions(state.holder)[-1])
    before = state.snapshot()
    sample = state.determinize(2, Rng(9))
    assert state.snapshot() == before
    assert sample.rng.state != state.rng.state
