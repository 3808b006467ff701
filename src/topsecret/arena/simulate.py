"""Many seeded games between bots: wins, mean scores and spread per seat, and per bot.

With ``rotate`` the line-up turns one seat each game, so every bot plays every seat equally
often (first-player advantage and seat-dependent rules then even out); per-bot win rates come
with Wilson 95% intervals.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console

from ..bots import check_bot_name
from ..core import Game, Rng, TopSecretError
from ..core.errors import N_
from ..games import get_game
from ..i18n import locale_translator
from .match import play_match
from .progress import progress_bar
from .stats import wilson_interval
from .workers import play_all


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
    #: The games asked for; more than ``games`` when the run was interrupted (Ctrl-C), and
    #: the report then covers the games that had finished.
    planned: int = 0

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
            "planned_games": self.planned,
            "interrupted": self.interrupted,
        }

    @property
    def interrupted(self) -> bool:
        return self.games < self.planned


@dataclass(frozen=True, slots=True)
class _Job:
    """One game of a run, as plain data a worker process can take."""

    game_id: str
    lineup: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    log_path: Path | None


@dataclass(frozen=True, slots=True)
class _Outcome:
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    decisions: int = 0
    error: str | None = None


def _play(job: _Job, game: Game | None = None) -> _Outcome:
    """Play one game; its result depends on nothing but the job, wherever it runs. A worker
    process finds the game by its id; here the caller's own game object is used (it may not
    be registered, as in tests)."""
    try:
        result = play_match(
            game or get_game(job.game_id),
            len(job.lineup),
            list(job.lineup),
            job.seed,
            job.options,
        )
    except Exception as exc:
        return _Outcome(error=repr(exc))
    if job.log_path is not None:
        result.log.save(job.log_path)
    return _Outcome(tuple(result.winners), tuple(float(s) for s in result.scores), result.decisions)


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
    jobs: int = 1,
) -> SimulationReport:
    """Play ``games`` games; the same arguments always give the same report, whatever
    ``jobs`` (local worker processes) is. Interrupted (Ctrl-C), it reports the games that
    had finished (``report.interrupted``; which ones may then depend on ``jobs``).

    ``bots`` names the bot of each seat; with ``rotate`` game ``i`` seats them turned by
    ``i`` places, and per-seat figures then describe seats, not bots.
    """
    if jobs < 1:
        raise TopSecretError.of(N_("--jobs must be at least 1"))
    game.check_players(players)
    if len(bots) != players:
        raise TopSecretError.of(
            N_("give one bot per seat: {players} seats, {given} bots"),
            players=players,
            given=len(bots),
        )
    for name in dict.fromkeys(bots):
        check_bot_name(game, name)  # refused before any game, not counted as errors
    resolved = game.new_table_options(options)
    report = SimulationReport(game.id, players, list(bots), seed, dict(resolved), rotate=rotate)
    wins = [0.0] * players
    sums = [0.0] * players
    squares = [0.0] * players
    decisions = 0
    finished = 0
    lineups = [rotated(bots, i) if rotate else list(bots) for i in range(games)]
    work = [
        _Job(
            game.id,
            tuple(lineup),
            game_seed,
            dict(resolved),
            save_logs / f"{game.id}-{seed}-{index:05d}.json" if save_logs is not None else None,
        )
        for index, (lineup, game_seed) in enumerate(
            zip(lineups, game_seeds(seed, games), strict=True)
        )
    ]
    label = locale_translator().gettext("simulating {game}").format(game=game.id)
    outcomes = play_all(work, partial(_play, game=game), _play, jobs, progress_bar(label, progress))
    played = 0
    for index, (job, outcome) in enumerate(zip(work, outcomes, strict=True)):
        if outcome is None:
            continue
        played += 1
        if outcome.error is not None:
            report.errors += 1
            if report.first_error is None:
                report.first_error = f"game {index} (seed {job.seed}): {outcome.error}"
            continue
        finished += 1
        decisions += outcome.decisions
        share = 1.0 / len(outcome.winners)
        for winner in outcome.winners:
            wins[winner] += share
            name = job.lineup[winner]
            report.bot_wins[name] = report.bot_wins.get(name, 0.0) + share
        for name in job.lineup:
            report.bot_games[name] = report.bot_games.get(name, 0) + 1
        for seat, score in enumerate(outcome.scores):
            sums[seat] += score
            squares[seat] += score * score
    report.planned = games
    report.games = played
    report.wins = wins
    count = max(finished, 1)
    report.mean_scores = [s / count for s in sums]
    report.score_spread = [
        math.sqrt(max(0.0, q / count - (s / count) ** 2))
        for s, q in zip(sums, squares, strict=True)
    ]
    report.mean_decisions = decisions / count
    return report
