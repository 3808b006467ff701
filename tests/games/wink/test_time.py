"""Real time and the turn timer (docs/games/wink.md §Turn timer, our design)."""

from __future__ import annotations

from topsecret.games.wink import GAME, WinkState
from topsecret.games.wink.actions import Draw, Look, Pass, Wink

from .tables import JAN, JULIA, MARIE, TOM, kinds, table


def hands(**extra: object) -> WinkState:
    return table(
        agents=[JAN, TOM, MARIE, JULIA],
        locations=["fountain", "kiosk", "street_cafe", "metro_station"],
        **extra,
    )


def test_the_holder_passes_when_the_turn_timer_runs_out() -> None:
    state = hands(turn_seconds=20.0)
    assert state.advance_time(19.9) == []
    events = state.advance_time(20.0)
    assert kinds(events)[:2] == ["turn_timeout", "pass"]
    assert state.holder == JAN
    assert state.turn_started == 20.0
    assert state.observation(JULIA)["turn_deadline"] == 40.0
    assert state.default_action(JAN) == Pass()


def test_in_the_opening_round_the_timer_draws_for_the_holder() -> None:
    state = table(
        agents=[None] * 4,
        locations=[None] * 4,
        agent_deck=[JAN],
        location_deck=["kiosk"],
        opening_left=4,
        turn_seconds=5.0,
    )
    assert state.default_action(JULIA) == Draw()
    state.advance_time(5.0)
    assert state.agent[JULIA] == JAN and state.holder == JAN


def test_expired_turns_play_out_at_their_deadlines_however_the_clock_is_read() -> None:
    """The result must not depend on how often the server ticks: replays rely on it."""
    often, seldom = hands(turn_seconds=3.0), hands(turn_seconds=3.0)
    for tick in range(1, 101):
        often.advance_time(tick * 0.1)
    seldom.advance_time(10.0)
    assert often.snapshot() == seldom.snapshot()
    assert seldom.holder == (JULIA + 3) % 4
    assert seldom.turn_started == 9.0


def test_an_action_resets_nothing_but_the_turn_ends_with_the_suitcase() -> None:
    state = hands(turn_seconds=10.0)
    state.advance_time(4.0)
    state.apply(JULIA, Pass())
    assert state.turn_started == 4.0
    state.advance_time(13.9)
    assert state.holder == JAN


def test_the_clock_never_runs_backwards() -> None:
    state = hands()
    state.advance_time(5.0)
    assert state.advance_time(3.0) == []
    assert state.now == 5.0


def test_actions_are_stamped_with_the_clock_the_state_was_given() -> None:
    state = hands()
    state.advance_time(7.25)
    state.apply(TOM, Look(JULIA))
    state.apply(JULIA, Look(JAN))
    state.apply(JULIA, Wink())
    assert state.observation(TOM)["signals"][0]["time"] == 7.25


def test_no_timer_by_default() -> None:
    state = GAME.new_state(4, seed=1)
    assert state.advance_time(10_000.0) == []
    assert state.observation(0)["turn_deadline"] is None
