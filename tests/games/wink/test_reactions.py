"""The heuristic bot reacts at human speed (docs/games/wink.md §Reaction times).

Given a table where something calls for a reaction at a known moment, when the clock ticks
on, then the bot acts only after a delay drawn from the documented reaction time.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable

import pytest

from topsecret.arena import play_match
from topsecret.core import Action, Rng, SeatView
from topsecret.games.wink import GAME, WinkState
from topsecret.games.wink.actions import Accuse, Draw, Glance, Look, Wink
from topsecret.games.wink.components import standard_components
from topsecret.games.wink.heuristic import HeuristicBot

from .tables import JAN, JULIA, MARIE, TOM, table

START = 10.0
FINE_TICK = 0.05
SERVER_TICK = 0.25
SEEDS = range(150)
LOCATIONS = ["fountain", "kiosk", "street_cafe", "metro_station"]


def contact_looks_back() -> WinkState:
    """Julia holds Jan's card and looks at her cards; Jan looks at her."""
    return table(
        agents=[JAN, TOM, MARIE, JULIA], locations=LOCATIONS, gaze=[None, JULIA, None, None],
        holder=TOM, now=START,
    )  # fmt: skip


def eyes_meet() -> WinkState:
    """Julia and Jan, her contact, look at each other; nobody else looks at Julia."""
    return table(
        agents=[JAN, TOM, MARIE, JULIA], locations=LOCATIONS, gaze=[JAN, JULIA, None, None],
        holder=TOM, now=START,
    )  # fmt: skip


def winked_at() -> WinkState:
    """Jan, who holds Julia's card, winks at her while they look at each other."""
    state = table(
        agents=[TOM, JULIA, MARIE, JAN], locations=LOCATIONS, gaze=[JAN, JULIA, None, None],
        holder=TOM, now=START,
    )  # fmt: skip
    state.apply(JAN, Wink())
    return state


def wink_between_others() -> WinkState:
    """Marie watches Julia wink at Jan (§Ertappt!)."""
    state = table(
        agents=[JAN, TOM, MARIE, JULIA], locations=LOCATIONS, gaze=[JAN, JULIA, None, JULIA],
        holder=TOM, now=START,
    )  # fmt: skip
    state.apply(JULIA, Wink())
    return state


def suitcase_arrives() -> WinkState:
    """The opening round (§Erste Runde): the suitcase stands in front of Julia."""
    return table(
        agents=[None] * 4, locations=[None] * 4, agent_deck=[JAN, TOM, MARIE, JULIA] * 2,
        location_deck=LOCATIONS * 2, opening_left=4, holder=JULIA, now=START,
    )  # fmt: skip


CASES: list[tuple[str, Callable[[], WinkState], int, Action]] = [
    ("turn", contact_looks_back, JULIA, Look(JAN)),
    ("wink", eyes_meet, JULIA, Wink()),
    ("glance", winked_at, JULIA, Glance()),
    ("accuse", wink_between_others, MARIE, Accuse(JULIA, JAN)),
    ("suitcase", suitcase_arrives, JULIA, Draw()),
]


def reaction_delay(make: Callable[[], WinkState], seat: int, seed: int, tick: float) -> float:
    """Seconds from the moment the situation arose to the bot's first action."""
    state = make()
    bot = HeuristicBot(seed)
    now = START
    while now < START + 30:
        state.advance_time(now)
        action = bot.act_at(SeatView(state, seat), now)
        if action is not None:
            return now - START
        now = START + round((now - START) / tick + 1) * tick
    raise AssertionError("the bot never reacted")


def first_action(make: Callable[[], WinkState], seat: int, seed: int) -> Action | None:
    state = make()
    bot = HeuristicBot(seed)
    now = START
    while now < START + 30:
        state.advance_time(now)
        action = bot.act_at(SeatView(state, seat), now)
        if action is not None:
            return action
        now += FINE_TICK
    return None


def test_every_reaction_time_is_documented_as_the_projects_design() -> None:
    reactions = standard_components().reactions
    assert {r.id for r in reactions} == {case[0] for case in CASES}
    for reaction in reactions:
        assert reaction.source == "project"
        assert reaction.rationale
        assert reaction.minimum >= SERVER_TICK  # nobody reacts faster than a simple reaction


def test_drawn_delays_follow_the_documented_medians_and_never_undercut_the_minimum() -> None:
    rng = Rng(4)
    for reaction in standard_components().reactions:
        delays = [reaction.sample(rng) for _ in range(4000)]
        assert statistics.median(delays) == pytest.approx(reaction.median, rel=0.05)
        assert min(delays) >= reaction.minimum


@pytest.mark.parametrize(("reaction_id", "make", "seat", "expected"), CASES)
def test_the_bot_reacts_after_the_documented_median_delay(
    reaction_id: str, make: Callable[[], WinkState], seat: int, expected: Action
) -> None:
    assert first_action(make, seat, 0) == expected
    delays = [reaction_delay(make, seat, seed, FINE_TICK) for seed in SEEDS]
    median = standard_components().reaction(reaction_id).median
    # Acting on the first tick after the delay adds up to one tick.
    assert statistics.median(delays) == pytest.approx(median + FINE_TICK / 2, abs=0.1 * median)


@pytest.mark.parametrize(("reaction_id", "make", "seat", "expected"), CASES)
def test_no_reaction_comes_within_one_server_tick(
    reaction_id: str, make: Callable[[], WinkState], seat: int, expected: Action
) -> None:
    delays = [reaction_delay(make, seat, seed, SERVER_TICK) for seed in SEEDS]
    assert min(delays) >= SERVER_TICK


def test_a_planned_wink_is_dropped_when_someone_else_starts_watching() -> None:
    """Julia decides to wink at Jan, but Marie turns to her before the wink is done."""
    state = eyes_meet()
    bot = HeuristicBot(1)
    assert bot.act_at(SeatView(state, JULIA), START) is None
    state.apply(MARIE, Look(JULIA))
    for step in range(1, 60):
        now = START + step * FINE_TICK
        state.advance_time(now)
        assert bot.act_at(SeatView(state, JULIA), now) != Wink()


def test_the_same_seed_gives_the_same_game_and_other_seeds_another() -> None:
    first = play_match(GAME, 5, ["heuristic"] * 5, seed=3)
    again = play_match(GAME, 5, ["heuristic"] * 5, seed=3)
    other = play_match(GAME, 5, ["heuristic"] * 5, seed=4)
    assert first.log.to_json() == again.log.to_json()
    assert first.log.actions != other.log.actions
