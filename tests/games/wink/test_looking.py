"""Looking takes a moment (docs/games/wink.md §Looking takes a moment, our design), built on
Rulebook 001 §Aktive Mission ("WICHTIG: Das Zuzwinkern sollte nur der Spieler mitbekommen,
dessen Agentenkarte der zwinkernde Spieler auf der Hand hat") and §Ertappt! ("Sieht ein
Spieler, wie einem anderen Spieler gezwinkert wurde"): you see a wink only if your eyes are
already on the winker when it happens, and turning your eyes takes a human moment."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction, InvalidOptions
from topsecret.core.rules_versions import RULES
from topsecret.games.wink import GAME, WinkState
from topsecret.games.wink.actions import Accuse, Glance, Look, LookAtCards, Wink
from topsecret.games.wink.components import standard_components

from .tables import JAN, JULIA, MARIE, TOM, kinds, seen_by, table

# Julia holds Jan's card and the fountain; Jan holds Tom's card and the kiosk;
# Tom holds Marie's card; Marie holds Julia's card.
HANDS = {
    "agents": [JAN, TOM, MARIE, JULIA],
    "locations": ["fountain", "kiosk", "street_cafe", "metro_station"],
}
MOMENT = {"look_seconds": 0.4, "notice_seconds": 0.3}


def test_a_new_table_takes_its_moments_from_the_components() -> None:
    """The server plays the engine, so every client (person, bot or script) gets these."""
    comps = standard_components()
    assert comps.look_ms > 0 and comps.notice_ms > 0
    state = GAME.new_state(4, seed=1)
    assert isinstance(state, WinkState)
    assert state.look_seconds == comps.look_ms / 1000
    assert state.notice_seconds == comps.notice_ms / 1000
    assert GAME.resolve_options({})["look_ms"] == comps.look_ms


@pytest.mark.parametrize("name", ["look_ms", "notice_ms"])
def test_a_new_table_may_not_look_or_notice_faster_than_anyone_reacts(name: str) -> None:
    """docs/games/wink.md §Looking takes a moment: a new table takes at least 250 ms for each,
    the floor every reaction time of the heuristic keeps (components.toml [[reaction]]
    minimum); 0 would bring back rules 1's instant looks, which issue #14 designed away."""
    comps = standard_components()
    assert (comps.min_look_ms, comps.min_notice_ms) == (250, 250)
    assert {round(r.minimum * 1000) for r in comps.reactions} == {250}
    for low in (0, 249):
        with pytest.raises(InvalidOptions, match=f"option '{name}' must be at least 250"):
            GAME.new_table_options({name: low})
    assert GAME.new_table_options({name: 250})[name] == 250
    # What a new table may choose, as the lobby's form and `topsecret games` show it
    described = {option["name"]: option for option in GAME.describe()["options"]}
    assert described[name]["minimum"] == 250


def test_a_table_of_rules_1_still_loads_with_instant_looks() -> None:
    """Rules 1 played looks that took no time (rules_versions.toml): its tables and logs
    still set up with 0, which the option itself takes; only new tables are held to 250."""
    options = GAME.resolve_options({RULES: 1})
    assert (options["look_ms"], options["notice_ms"]) == (0, 0)
    state = GAME.new_state(4, options, seed=1)
    assert isinstance(state, WinkState)
    assert (state.look_seconds, state.notice_seconds) == (0.0, 0.0)
    with pytest.raises(InvalidOptions, match="option 'rules' takes only 2"):
        GAME.new_table_options({RULES: 1})
    with pytest.raises(InvalidOptions, match="option 'look_ms' must be at least 250"):
        GAME.new_table_options({"look_ms": 0, "notice_ms": 0})


def test_turning_to_someone_takes_a_moment_and_shows_nothing_meanwhile() -> None:
    """While Tom turns to Julia he sees neither her eyes nor her wink."""
    state = table(**HANDS, gaze=[JAN, JULIA, MARIE, None], now=10.0, **MOMENT)
    state.apply(TOM, Look(JULIA))
    tom = state.observation(TOM)
    assert tom["gaze"] == {"at": "seat", "seat": JULIA}
    assert not tom["gaze_arrived"] and tom["gaze_arrives"] == pytest.approx(10.4)
    assert tom["their_gaze"] is None
    state.advance_time(10.25)
    events = state.apply(JULIA, Wink())
    assert seen_by(events, TOM) == []
    assert state.observation(TOM)["signals"] == []
    assert state.observation(JAN)["signals"][0]["seat"] == JULIA  # her contact was looking


def test_a_wink_is_seen_only_by_those_looking_when_it_starts() -> None:
    """Rulebook 001 §Ertappt!: whoever sees the wink may call it out; arriving a moment
    later is too late, however short the wink."""
    state = table(**HANDS, gaze=[JAN, JULIA, None, None], now=10.0, **MOMENT)
    state.apply(TOM, Look(JULIA))  # Tom's eyes arrive at 10.4
    state.advance_time(10.3)
    state.apply(JULIA, Wink())
    events = state.advance_time(10.5)
    assert kinds(seen_by(events, TOM)) == ["gaze_arrived"]
    assert state.observation(TOM)["signals"] == []
    assert state.observation(TOM)["their_gaze"] == {"at": "seat", "seat": JAN}
    state.advance_time(11.0)
    state.apply(JULIA, Glance())
    assert [s["signal"] for s in state.observation(TOM)["signals"]] == ["glance"]


def test_looking_at_everyone_in_one_instant_sees_no_one() -> None:
    """A sweep of every seat at one instant: each new look cancels the last before it
    arrives, so the sweeping seat sees none of the winks made meanwhile."""
    state = table(
        agents=[JAN, TOM, JULIA, JULIA],
        locations=["fountain", "kiosk", "street_cafe", "metro_station"],
        gaze=[JAN, TOM, JULIA, None],
        now=5.0,
        **MOMENT,
    )
    for seat in (JULIA, JAN, TOM):
        state.apply(MARIE, Look(seat))
    for winker in (JULIA, JAN, TOM):
        state.apply(winker, Wink())
    assert state.observation(MARIE)["signals"] == []
    assert MARIE not in state.watchers(TOM)


def test_you_cannot_wink_before_your_eyes_reach_your_contact() -> None:
    """Rulebook 001 §Aktive Mission: you wink at the contact you are looking at."""
    state = table(**HANDS, gaze=[None, JULIA, None, None], now=1.0, **MOMENT)
    state.apply(JULIA, Look(JAN))
    assert Wink() not in state.legal_actions(JULIA)
    with pytest.raises(IllegalAction, match="still turning"):
        state.apply(JULIA, Wink())
    state.advance_time(1.4)
    assert Wink() in state.legal_actions(JULIA)


def test_a_new_look_is_noticed_a_moment_after_it_arrives() -> None:
    """Who looks at you is seen from the side of the eye, a moment late: Julia winks at Jan
    believing nobody else watches, and Marie, whose eyes just arrived, catches it."""
    state = table(**HANDS, gaze=[JAN, JULIA, None, None], now=20.0, **MOMENT)
    state.apply(MARIE, Look(JULIA))
    state.advance_time(20.5)  # arrived at 20.4, noticed at 20.7
    assert state.observation(JULIA)["watched_by"] == [JAN]
    state.apply(JULIA, Wink())
    assert state.observation(MARIE)["signals"][0]["seat"] == JULIA
    events = state.advance_time(20.75)
    assert kinds(seen_by(events, JULIA)) == ["looked_at"]
    assert state.observation(JULIA)["watched_by"] == [JAN, MARIE]
    state.apply(MARIE, Accuse(JULIA, JAN))
    assert state.agent_points[MARIE] == [JAN]


def test_looking_away_before_being_noticed_leaves_no_trace() -> None:
    state = table(**HANDS, gaze=[JAN, None, None, None], now=3.0, **MOMENT)
    state.apply(MARIE, Look(JULIA))
    state.advance_time(3.5)
    events = state.apply(MARIE, LookAtCards())
    assert seen_by(events, JULIA) == []
    events = state.advance_time(5.0)
    assert seen_by(events, JULIA) == []
    assert state.observation(JULIA)["watched_by"] == []


def test_moments_happen_at_their_own_time_however_often_the_clock_is_read() -> None:
    steps = table(**HANDS, gaze=[JAN, JULIA, None, None], now=0.0, **MOMENT)
    jump = table(**HANDS, gaze=[JAN, JULIA, None, None], now=0.0, **MOMENT)
    for state in (steps, jump):
        state.apply(TOM, Look(JULIA))
        state.apply(MARIE, Look(JAN))
    for tick in range(1, 31):
        steps.advance_time(tick * 0.05)
    jump.advance_time(1.5)
    assert steps.snapshot() == jump.snapshot()
    assert steps.watchers(JULIA) == [JAN, TOM]
    assert steps.noticed_watchers(JAN) == [JULIA, MARIE]


def test_nothing_happens_after_the_end() -> None:
    """Rulebook 001 §Spielende: the game ends at once; a look still turning stays unseen."""
    state = table(**HANDS, gaze=[JAN, None, None, None], now=1.0, **MOMENT)
    state.apply(TOM, Look(JULIA))
    state.over = True
    assert state.advance_time(5.0) == []
    assert state.watchers(JULIA) == [] and not state.arrived[TOM]
