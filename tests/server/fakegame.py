"""A tiny simultaneous card game implementing the engine contract, for server tests.

Each seat is dealt four named cards from a shuffled deck; three rounds follow in which every
seat plays one card at the same time (commit-then-reveal); the highest card wins the round.
Each seat's fourth card is never played, so it must never reach another seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from topsecret.core import (
    Action,
    ActionCodec,
    Event,
    Game,
    Rng,
    SimultaneousStep,
    State,
    private,
    public,
)
from topsecret.core.options import OptionSpec, OptionValue

DECK = tuple(f"gem-{n:02d}" for n in range(1, 17))
HAND = 4


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    kind: ClassVar[str] = "play"
    card: str


class FakeCardsGame(Game):
    id = "fakecards"
    title = "Fake Cards"
    min_players = 2
    max_players = 4
    play_style = "simultaneous"
    option_specs = (OptionSpec("rounds", int, 3, "rounds to play", minimum=1, maximum=4),)

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        return FakeCardsState(self, players, int(options["rounds"]), seed)

    def codec(self, players: int) -> ActionCodec:
        return ActionCodec([PlayCard], [PlayCard(card) for card in DECK])

    def describe_action(self, action: Action) -> str:
        assert isinstance(action, PlayCard)
        return f"play {action.card}"


class FakeCardsState(State):
    __slots__ = ("_game", "_rng", "hands", "played", "players", "points", "round", "rounds", "step")

    def __init__(self, game: FakeCardsGame, players: int, rounds: int, seed: int) -> None:
        self._game = game
        self._rng = Rng(seed)
        self.players = players
        self.rounds = rounds
        deck = list(DECK)
        self._rng.shuffle(deck)
        self.hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)]
        self.played: list[list[str]] = []
        self.points = [0] * players
        self.round = 0
        self.step: SimultaneousStep | None = SimultaneousStep("play", range(players))

    @property
    def game(self) -> Game:
        return self._game

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def rng(self) -> Rng:
        return self._rng

    def open_step(self) -> SimultaneousStep | None:
        return self.step

    def legal_actions(self, player: int) -> list[Action]:
        if self.step is None or player not in self.step.waiting():
            return []
        return [PlayCard(card) for card in self.hands[player]]

    def _resolve(self, choices: Mapping[int, Action]) -> list[Event]:
        cards = {seat: action.card for seat, action in choices.items()}  # type: ignore[attr-defined]
        for seat, card in cards.items():
            self.hands[seat].remove(card)
        self.played.append([cards[s] for s in range(self.players)])
        best = max(cards.values())
        winner = next(s for s, c in cards.items() if c == best)
        self.points[winner] += 1
        self.round += 1
        events = [public("reveal", cards=[cards[s] for s in range(self.players)], winner=winner)]
        for seat in range(self.players):
            events.append(private((seat,), "hand", cards=list(self.hands[seat])))
        self.step = (
            None if self.round >= self.rounds else SimultaneousStep("play", range(self.players))
        )
        return events

    def observation(self, player: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "played": [list(p) for p in self.played],
            "points": list(self.points),
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
        }

    def determinize(self, player: int, rng: Rng) -> State:
        return self.clone()

    def is_over(self) -> bool:
        return self.round >= self.rounds

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def clone(self) -> FakeCardsState:
        copy = FakeCardsState.__new__(FakeCardsState)
        copy._game = self._game
        copy._rng = Rng(0)
        copy._rng._state = self._rng._state
        copy.players = self.players
        copy.rounds = self.rounds
        copy.hands = [list(h) for h in self.hands]
        copy.played = [list(p) for p in self.played]
        copy.points = list(self.points)
        copy.round = self.round
        copy.step = self.step.clone() if self.step is not None else None
        return copy

    def snapshot(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "played": self.played,
            "points": self.points,
            "round": self.round,
            "step": self.step.snapshot() if self.step is not None else None,
        }


GAME = FakeCardsGame()
