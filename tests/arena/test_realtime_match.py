"""The match runner's real-time branch: a virtual clock, bots that may do nothing, and
actions logged with their time so that replays reproduce the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from topsecret.arena import play_match
from topsecret.core import (
    Action,
    ActionCodec,
    Bot,
    Event,
    Game,
    ReplayLog,
    Rng,
    SeatView,
    State,
    public,
    replay,
)
from topsecret.core.options import OptionValue


@dataclass(frozen=True, slots=True)
class Press(Action):
    kind: ClassVar[str] = "press"


class ButtonState(State):
    """Whoever presses the button first after it lights up (every 2 s) scores."""

    def __init__(self, game: Game, players: int) -> None:
        self._game = game
        self._players = players
        self._rng = Rng(0)
        self.now = 0.0
        self.lit = False
        self.points = [0.0] * players
        self.presses: list[tuple[int, float]] = []

    @property
    def game(self) -> Game:
        return self._game

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def rng(self) -> Rng:
        return self._rng

    def advance_time(self, now: float) -> list[Event]:
        if now <= self.now:
            return []
        lights = int(now // 2) > int(self.now // 2)
        self.now = now
        if lights and not self.lit:
            self.lit = True
            return [public("lit", time=now)]
        return []

    def _acting_players(self) -> tuple[int, ...]:
        # Real-time contract: the seats that may act now (nobody while the button is dark).
        return tuple(range(self._players)) if self.lit and not self.is_over() else ()

    def legal_actions(self, player: int) -> list[Action]:
        return [Press()] if self.lit else []

    def _apply(self, player: int, action: Action) -> list[Event]:
        self.lit = False
        self.points[player] += 1
        self.presses.append((player, self.now))
        return [public("pressed", seat=player, time=self.now)]

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"now": self.now, "lit": self.lit, "points": list(self.points)}

    def determinize(self, player: int, rng: Rng) -> State:
        return self.clone()

    def is_over(self) -> bool:
        return sum(self.points) >= 3

    def scores(self) -> list[float]:
        return list(self.points)

    def clone(self) -> ButtonState:
        copy = ButtonState(self._game, self._players)
        copy.now, copy.lit, copy.points = self.now, self.lit, list(self.points)
        copy.presses = list(self.presses)
        return copy

    def snapshot(self) -> dict[str, Any]:
        return {"now": self.now, "lit": self.lit, "points": self.points, "presses": self.presses}


class ButtonGame(Game):
    id = "button"
    title = "Button"
    min_players = 2
    max_players = 4
    play_style = "realtime"

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        return ButtonState(self, players)

    def codec(self, players: int) -> ActionCodec:
        return ActionCodec([Press], [Press()])


class SlowBot(Bot):
    """Presses only once the button has been lit for ``delay`` seconds."""

    name = "slow"

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.lit_at: float | None = None
        self.asked: list[float] = []

    def choose(self, view: SeatView) -> Action:
        return Press()

    def observe(self, seat: int, events: Sequence[Event]) -> None:
        if any(event.kind == "pressed" for event in events):
            self.lit_at = None

    def act_at(self, view: SeatView, now: float) -> Action | None:
        self.asked.append(now)
        if self.lit_at is None:
            self.lit_at = now
        return Press() if now - self.lit_at >= self.delay else None


def test_bots_are_asked_on_every_tick_and_may_do_nothing() -> None:
    quick, slow = SlowBot(1.0), SlowBot(1.5)
    result = play_match(ButtonGame(), 2, [quick, slow], seed=0, tick_seconds=0.5)
    assert result.scores == [3.0, 0.0]
    assert [entry.time for entry in result.log.actions] == [3.0, 5.0, 7.0]
    assert result.decisions == 3
    # Asked on every tick while it may act (the button is lit), never while it may not.
    assert quick.asked[:6] == [2.0, 2.5, 3.0, 4.0, 4.5, 5.0]


def test_the_seat_asked_first_rotates_so_ties_are_shared() -> None:
    bots = [SlowBot(0.0), SlowBot(0.0), SlowBot(0.0)]
    result = play_match(ButtonGame(), 3, bots, seed=0, tick_seconds=1.0)
    winners = [entry.seat for entry in result.log.actions]
    assert winners == [2, 1, 0]  # ticks 2, 4 and 6 start with seats 2, 1 and 0


def test_a_real_time_log_replays_with_its_times() -> None:
    game = ButtonGame()
    result = play_match(game, 3, [SlowBot(0.5), SlowBot(1.0), SlowBot(0.25)], seed=4)
    log = ReplayLog.from_json(result.log.to_json())
    rebuilt = replay(game, log)
    assert rebuilt.snapshot() == result.state.snapshot()


def test_the_virtual_clock_has_a_limit() -> None:
    class Never(SlowBot):
        def act_at(self, view: SeatView, now: float) -> Action | None:
            return None

    with pytest.raises(RuntimeError, match="virtual seconds"):
        play_match(ButtonGame(), 2, [Never(0), Never(0)], seed=0, max_seconds=10)
    with pytest.raises(ValueError, match="tick_seconds"):
        play_match(ButtonGame(), 2, [Never(0), Never(0)], seed=0, tick_seconds=0)


def test_the_default_act_at_chooses_on_every_tick() -> None:
    class Eager(Bot):
        name = "eager"

        def choose(self, view: SeatView) -> Action:
            return Press()

    result = play_match(ButtonGame(), 2, [Eager(), Eager()], seed=0)
    assert [entry.time for entry in result.log.actions] == [2.0, 4.0, 6.0]
