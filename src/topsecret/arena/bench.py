"""Random-policy playouts: how fast the engine plays whole games."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..core import Game, Rng, run_random_game


@dataclass(frozen=True, slots=True)
class BenchResult:
    game: str
    players: int
    games: int
    steps: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "steps": self.steps,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 2),
            "steps_per_second": round(self.steps_per_second, 1),
        }


def bench_game(game: Game, players: int, seconds: float, seed: int = 0) -> BenchResult:
    """Play random games for about ``seconds``; always at least one whole game."""
    rng = Rng(seed)
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while games == 0 or time.perf_counter() < deadline:
        state = game.new_state(players, None, rng.next_u64() >> 1)
        steps += run_random_game(state, rng)
        games += 1
    return BenchResult(game.id, players, games, steps, time.perf_counter() - start)
