"""Many seeded games between bots: wins, mean scores and spread per seat, and per bot.

With ``rotate`` the line-up turns one seat each game, so every bot plays every seat equally
often (first-player advantage and seat-dependent rules then even out); per-bot win rates come
with Wilson 95% intervals.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from ..core import Game, Rng
from .match import play_match
from .progress import progress_bar
from .stats import wilson_interval


def rotated(bots: Sequence[str], turn: int) -> list[str]:
    """The line-up turned by ``turn`` seats: seat ``s`` gets ``bots[(s - turn) % n]``."""
    n = len(bots)
    return [bots[(seat - turn) % n] for seat in range(n)]


def game_seeds(seed: int, games: int) -> list[int]:
    """One seed per game, derived from the run's seed (63-bit, JSON-safe)."""
    rng = Rng(seed)
    return [rng.next_u64() >> 1 for _ in range(games)]


@dataclass(slots=True)
class SimulationReport:
    game: str
    players: int
    bots: list[str]
    seed: int
    options: dict[str, Any]
    games: int = 0
    #: Wins per seat; a shared win counts as a fraction, so the wins add up to the games.
    wins: list[float] = field(default_factory=list)
    mean_scores: list[float] = field(default_factory=list)
    score_spread: list[float] = field(default_factory=list)
    mean_decisions: float = 0.0
    errors: int = 0
    first_error: str | None = None
    rotate: bool = False
    #: Per bot name: seat-games played and wins (fractions for shared wins).
    bot_games: dict[str, int] = field(default_factory=dict)
    bot_wins: dict[str, float] = field(default_factory=dict)

    def bot_rates(self) -> dict[str, dict[str, float]]:
        """Each bot's wins per seat it held, with a Wilson 95% interval."""
        out: dict[str, dict[str, float]] = {}
        for name, seated in self.bot_games.items():
            wins = self.bot_wins.get(name, 0.0)
            low, high = wilson_interval(wins, seated)
            out[name] = {
                "seat_games": seated,
                "wins": round(wins, 6),
                "win_rate": round(wins / seated, 6) if seated else 0.0,
                "low95": round(low, 6),
                "high95": round(high, 6),
                "fair_share": round(1.0 / self.players, 6),
            }
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "bots": self.bots,
            "seed": self.seed,
            "options": self.options,
            "wins": [round(w, 6) for w in self.wins],
            "mean_scores": [round(m, 6) for m in self.mean_scores],
            "score_spread": [round(s, 6) for s in self.score_spread],
            "mean_decisions": round(self.mean_decisions, 6),
            "errors": self.errors,
            "first_error": self.first_error,
            "rotate": self.rotate,
            "by_bot": self.bot_rates(),
        }


def simulate(
    game: Game,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    save_logs: Path | None = None,
    progress: Console | None = None,
    quiet: bool = False,
    rotate: bool = False,
) -> SimulationReport:
    """Play ``games`` games; the same arguments always give the same report.

    ``bots`` names the bot of each seat; with ``rotate`` game ``i`` seats them turned by
    ``i`` places, and per-seat figures then describe seats, not bots.
    """
    resolved = game.resolve_options(options)
    report = SimulationReport(game.id, players, list(bots), seed, dict(resolved), rotate=rotate)
    wins = [0.0] * players
    sums = [0.0] * players
    squares = [0.0] * players
    decisions = 0
    finished = 0
    bar = progress_bar(f"simulating {game.id}", progress)
    with bar:
        task = bar.add_task("games", total=games)
        for index, game_seed in enumerate(game_seeds(seed, games)):
            lineup = rotated(bots, index) if rotate else list(bots)
            try:
                result = play_match(game, players, lineup, game_seed, resolved)
            except Exception as exc:
                report.errors += 1
                if report.first_error is None:
                    report.first_error = f"game {index} (seed {game_seed}): {exc!r}"
                bar.advance(task)
                continue
            finished += 1
            decisions += result.decisions
            for winner in result.winners:
                wins[winner] += 1.0 / len(result.winners)
                name = lineup[winner]
                report.bot_wins[name] = report.bot_wins.get(name, 0.0) + 1.0 / len(result.winners)
            for name in lineup:
                report.bot_games[name] = report.bot_games.get(name, 0) + 1
            for seat, score in enumerate(result.scores):
                sums[seat] += score
                squares[seat] += score * score
            if save_logs is not None:
                result.log.save(save_logs / f"{game.id}-{seed}-{index:05d}.json")
            bar.advance(task)
    report.games = games
    report.wins = wins
    count = max(finished, 1)
    report.mean_scores = [s / count for s in sums]
    report.score_spread = [
        math.sqrt(max(0.0, q / count - (s / count) ** 2))
        for s, q in zip(sums, squares, strict=True)
    ]
    report.mean_decisions = decisions / count
    return report
