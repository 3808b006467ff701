"""A tiny real-time game for server tests: tap as often as you like until time runs out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from topsecret.core import Action, ActionCodec, Event, Game, Rng, State, private, public
from topsecret.core.options import OptionSpec, OptionValue


@dataclass(frozen=True, slots=True)
class Tap(Action):
    kind: ClassVar[str] = "tap"


class FakeClockGame(Game):
    id = "fakeclock"
    title = "Fake Clock"
    min_players = 2
    max_players = 4
    play_style = "realtime"
    option_specs = (OptionSpec("seconds", int, 1, "length of the game", minimum=1, maximum=60),)

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        return FakeClockState(self, players, float(options["seconds"]), seed)

    def codec(self, players: int) -> ActionCodec:
        return ActionCodec([Tap], [Tap()])


class FakeClockState(State):
    def __init__(self, game: FakeClockGame, players: int, length: float, seed: int) -> None:
        self._game = game
        self._rng = Rng(seed)
        self.players = players
        self.length = length
        self.now = 0.0
        self.taps = [0] * players
        self.over = False

    @property
    def game(self) -> Game:
        return self._game

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def rng(self) -> Rng:
        return self._rng

    def _acting_players(self) -> tuple[int, ...]:
        return () if self.over else tuple(range(self.players))

    def legal_actions(self, player: int) -> list[Action]:
        return [] if self.over else [Tap()]

    def advance_time(self, now: float) -> list[Event]:
        self.now = max(self.now, now)
        if not self.over and self.now >= self.length:
            self.over = True
            return [public("time_up", at=self.now)]
        return []

    def _apply(self, player: int, action: Action) -> list[Event]:
        self.taps[player] += 1
        return [private((player,), "tapped", total=self.taps[player])]

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"mine": self.taps[player] if player is not None else None, "over": self.over}

    def determinize(self, player: int, rng: Rng) -> State:
        return self.clone()

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return [float(t) for t in self.taps]

    def clone(self) -> FakeClockState:
        copy = FakeClockState(self._game, self.players, self.length, 0)
        copy.now, copy.taps, copy.over = self.now, list(self.taps), self.over
        return copy

    def snapshot(self) -> dict[str, Any]:
        return {"now": self.now, "taps": self.taps, "over": self.over}


GAME = FakeClockGame()
