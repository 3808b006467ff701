"""The search at a real-time table: rollouts run on the sampled world's clock.

Built on the winking game (rulebook 001) with looking taking a moment (docs/games/wink.md
§Looking takes a moment): a look arrives ``look_seconds`` after it starts and is noticed
``notice_seconds`` later, so a rollout that never moved the clock would never see one land.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import pytest

from tests.games.wink.tables import JAN, JULIA, MARIE, TOM, table
from topsecret.arena.match import play_match
from topsecret.bots import SearchSettings
from topsecret.bots.ismcts import IsmctsBot
from topsecret.bots.realtime import (
    RealtimeSearch,
    TablePlayers,
    play_on_clock,
    student_t,
    tick_index,
)
from topsecret.core import Action, Bot, Rng, SeatView
from topsecret.games import get_game
from topsecret.games.wink import WinkState
from topsecret.games.wink.actions import CompleteMission, Look, Pass, Wink
from topsecret.games.wink.heuristic import HeuristicBot

# Julia holds Jan's card and the fountain; Jan holds Tom's card and the kiosk;
# Tom holds Marie's card; Marie holds Julia's card.
HANDS = {
    "agents": [JAN, TOM, MARIE, JULIA],
    "locations": ["fountain", "kiosk", "street_cafe", "metro_station"],
    "agent_deck": [TOM, MARIE, JAN, TOM, MARIE, JAN, TOM, MARIE],
    "location_deck": ["kiosk", "fountain", "metro_station", "street_cafe"] * 2,
}
MOMENT = {"look_seconds": 0.4, "notice_seconds": 0.5}


class Still(Bot):
    """A seat that never does anything, so only the clock changes the table."""

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions()[0]

    def act_at(self, view: SeatView, now: float) -> Action | None:
        return None


class Recorder(Bot):
    """Does nothing, but remembers when it was asked."""

    asked: ClassVar[list[tuple[int, float]]] = []

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions()[0]

    def act_at(self, view: SeatView, now: float) -> Action | None:
        Recorder.asked.append((view.seat, now))
        return None


def still(seed: int) -> Bot:
    return Still()


def test_in_a_rollout_a_look_lands_after_its_delay_and_is_noticed_after_that() -> None:
    """Julia turns to Jan at 10 s; the rollout's clock brings her eyes there at 10.4 s and
    Jan notices at 10.9 s, as at the table."""
    world = table(**HANDS, gaze=[None, None, None, None], now=10.0, **MOMENT)
    world.apply(JULIA, Look(JAN))
    assert world.watchers(JAN) == []
    play_on_clock(world, TablePlayers(still, Rng(1)), start=10.0, seconds=0.25, tick=0.25)
    assert world.watchers(JAN) == [], "at 10.25 s her eyes are still turning"
    play_on_clock(world, TablePlayers(still, Rng(1)), start=10.25, seconds=0.25, tick=0.25)
    assert world.watchers(JAN) == [JULIA], "at 10.5 s they have arrived"
    assert world.observation(JAN)["watched_by"] == [], "but Jan has not noticed yet"
    play_on_clock(world, TablePlayers(still, Rng(1)), start=10.5, seconds=0.5, tick=0.25)
    assert world.observation(JAN)["watched_by"] == [JULIA]
    assert world.observation(JULIA)["gaze_arrived"] is True


def test_a_rollout_asks_every_seat_on_every_tick_after_the_decision_first_seat_rotating() -> None:
    """Like the arena: the first tick is the one after the decision, and the seat asked
    first turns with the tick so no seat always wins a race."""
    Recorder.asked = []
    world = table(**HANDS, now=2.0, **MOMENT)
    play_on_clock(world, TablePlayers(Recorder, Rng(1)), start=2.0, seconds=0.5, tick=0.25)
    assert Recorder.asked == [
        (1, 2.25), (2, 2.25), (3, 2.25), (0, 2.25),
        (2, 2.5), (3, 2.5), (0, 2.5), (1, 2.5),
    ]  # fmt: skip
    assert tick_index(2.25, 0.25) == 9


def test_a_heuristic_rollout_completes_a_wink_and_its_answer_on_the_clock() -> None:
    """Julia and Jan look at each other and Julia winks: in the rollout Jan (a heuristic)
    glances back after his reaction time, and Julia, holding the suitcase, completes the
    mission at Jan's kiosk, which the glance showed her (rulebook 001 §Aktive Mission)."""
    world = table(**HANDS, gaze=[JAN, JULIA, MARIE, TOM], now=5.0, **MOMENT)
    world.noticed = [True] * 4
    world.apply(JULIA, Wink())
    play_on_clock(world, TablePlayers(HeuristicBot, Rng(3)), start=5.0, seconds=10.0)
    assert world.stats["missions"] >= 1
    assert world.agent_points[JULIA] == [JAN]
    assert world.scores()[JULIA] >= 1


def _winked_holder() -> WinkState:
    """Julia holds the suitcase, has winked at Jan, and sees Jan look toward the kiosk; she
    has spent her observation chips, so catching is not among her choices."""
    state = table(**HANDS, gaze=[JAN, "kiosk", MARIE, TOM], chips=[0, 3, 3, 3], now=30.0, **MOMENT)
    state.apply(JULIA, Wink())
    return state


def test_the_search_overturns_a_planned_pass_when_a_sure_mission_is_on_the_table() -> None:
    """Rulebook 001 §Aktive Mission: once she has winked and knows the meeting place, the
    mission scores. A planned pass (a bot that lost patience) is beaten in every sampled
    world, so the search plays the mission instead."""
    state = _winked_holder()
    view = SeatView(state, JULIA)
    assert CompleteMission("kiosk") in view.legal_actions()
    search = RealtimeSearch(
        SearchSettings(iterations=60, widen=0), table_bot=HeuristicBot, seconds=4.0
    )
    choice = search.best_action(view, Rng(5), hint=Pass(), now=30.0)
    assert choice == CompleteMission("kiosk")
    assert search.report.iterations == 60


def test_the_search_keeps_the_planned_move_when_nothing_is_clearly_better() -> None:
    state = _winked_holder()
    view = SeatView(state, JULIA)
    search = RealtimeSearch(
        SearchSettings(iterations=60, widen=0), table_bot=HeuristicBot, seconds=4.0
    )
    planned = CompleteMission("kiosk")
    assert search.best_action(view, Rng(5), hint=planned, now=30.0) == planned


def test_a_handful_of_lucky_rollouts_does_not_overturn_the_planned_move() -> None:
    """Two rollouts cannot make an alternative clearly better: the planned move stays."""
    state = _winked_holder()
    view = SeatView(state, JULIA)
    search = RealtimeSearch(SearchSettings(iterations=2), table_bot=HeuristicBot, seconds=4.0)
    assert search.best_action(view, Rng(5), hint=Pass(), now=30.0) == Pass()


def test_the_margin_grows_when_few_rollouts_estimate_their_own_spread() -> None:
    assert student_t(1.64, 2) > 2.7
    assert student_t(1.64, 8) == pytest.approx(1.86, abs=0.02)
    assert student_t(1.64, 1000) == pytest.approx(1.64, abs=0.01)


def test_the_search_bot_searches_in_real_time_and_repeats_a_seeded_match() -> None:
    game = get_game("wink")
    bots: Sequence[str] = ["ismcts:iterations=3", "heuristic", "heuristic", "heuristic"]
    first = play_match(game, 4, list(bots), seed=2, options={"agent_cards": 16})
    second = play_match(game, 4, list(bots), seed=2, options={"agent_cards": 16})
    assert first.state.is_over()
    assert first.log.to_json() == second.log.to_json()
    assert any(entry.seat == 0 for entry in first.log.actions)


def test_the_search_bot_uses_the_real_time_search_at_a_real_time_table() -> None:
    state = _winked_holder()
    bot = IsmctsBot(1, SearchSettings(iterations=2), timing=HeuristicBot(1))
    action = None
    for tick in range(120, 160):
        now = tick * 0.25
        state.advance_time(now)
        action = bot.act_at(SeatView(state, JULIA), now)
        if action is not None:
            break
    assert action in SeatView(state, JULIA).legal_actions()
    assert isinstance(bot.search, RealtimeSearch)
