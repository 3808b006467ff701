"""Round-robin tournaments between bots: a seeded schedule, local worker processes, ratings.

The schedule is fixed before any game is played: every pairing of bots at the table size,
each played in all its seat rotations, and every game's seed derived from the run's seed and
the game's place in the schedule. Workers only play games; results are put back in schedule
order and the ratings are computed afterwards in that order, so the outcome is the same
byte for byte whatever the number of worker processes, or the Ray cluster that played them
(:mod:`topsecret.arena.distributed`).

Ratings are OpenSkill's Plackett-Luce model (multiplayer free-for-all); pairwise win rates
come with Wilson 95% intervals. OpenSkill is the optional ``analysis`` extra.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console

from ..bots import check_bot_name
from ..core import Game, TopSecretError
from ..core.errors import N_
from ..games import get_game
from ..i18n import locale_translator
from .match import play_match
from .progress import progress_bar
from .simulate import game_seeds, rotated
from .stats import wilson_interval
from .workers import play_all

#: How to get the optional libraries, said whenever one is missing.
INSTALL_HINT = "pip install -e '.[analysis]'"


def require_analysis(module: str) -> None:
    """Raise a :class:`TopSecretError` that says how to install ``module`` if it is missing.

    Called before a long run starts, so nobody waits an hour to learn a library is absent.
    """
    import importlib

    try:
        importlib.import_module(module)
    except ImportError as exc:
        raise TopSecretError.of(
            N_("tournaments need the {module} package ({reason}): {install}"),
            module=module,
            reason=str(exc),
            install=INSTALL_HINT,
        ) from None


def pairings(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """Every line-up of ``seats`` bots the round robin plays, in a fixed order.

    With at least as many bots as seats, every combination of distinct bots; with fewer,
    combinations with repeats, leaving out tables where a single bot plays itself.

    >>> pairings(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> pairings(["a", "b"], 3)
    [('a', 'a', 'b'), ('a', 'b', 'b')]
    """
    if len(set(bots)) != len(bots):
        raise TopSecretError.of(N_("each bot may appear only once in a tournament's --bots"))
    if len(bots) < 2:
        raise TopSecretError.of(N_("a tournament needs at least two bots"))
    if seats < 2:
        raise TopSecretError.of(N_("a tournament needs at least two seats"))
    if len(bots) >= seats:
        return list(itertools.combinations(bots, seats))
    return [
        lineup
        for lineup in itertools.combinations_with_replacement(bots, seats)
        if len(set(lineup)) > 1
    ]


@dataclass(frozen=True, slots=True)
class ScheduledGame:
    """One game of the schedule: its place, its seed, and which bot holds which seat."""

    index: int
    seed: int
    lineup: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Schedule:
    games: list[ScheduledGame]
    pairings: list[tuple[str, ...]]
    #: Full rotations played by every pairing.
    rounds: int
    requested: int


def build_schedule(bots: Sequence[str], seats: int, games: int, seed: int) -> Schedule:
    """At least ``games`` games spread evenly over the pairings, in full seat rotations.

    The order is round by round (each round plays every pairing in every rotation once), so
    a run cut short and the ratings fed in order both see every pairing early on.
    """
    if games < 1:
        raise TopSecretError.of(N_("--games must be at least 1"))
    tables = pairings(bots, seats)
    per_round = len(tables) * seats
    rounds = math.ceil(games / per_round)
    total = rounds * per_round
    seeds = game_seeds(seed, total)
    scheduled: list[ScheduledGame] = []
    for _ in range(rounds):
        for table in tables:
            for turn in range(seats):
                index = len(scheduled)
                scheduled.append(ScheduledGame(index, seeds[index], tuple(rotated(table, turn))))
    return Schedule(scheduled, tables, rounds, games)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one scheduled game produced; ``error`` is set, and the rest empty, if it failed."""

    index: int
    seed: int
    lineup: tuple[str, ...]
    scores: tuple[float, ...] = ()
    winners: tuple[int, ...] = ()
    decisions: int = 0
    error: str | None = None


@dataclass(frozen=True, slots=True)
class _Job:
    game_id: str
    options: dict[str, Any]
    game: ScheduledGame


def play_scheduled(job: _Job) -> GameRecord:
    """Play one scheduled game; runs in a worker process or a Ray task, so it takes and
    returns plain data, and its result depends on nothing but the job."""
    spec = job.game
    try:
        result = play_match(
            get_game(job.game_id), len(spec.lineup), list(spec.lineup), spec.seed, job.options
        )
    except Exception as exc:
        return GameRecord(spec.index, spec.seed, spec.lineup, error=repr(exc))
    return GameRecord(
        spec.index,
        spec.seed,
        spec.lineup,
        tuple(float(s) for s in result.scores),
        tuple(result.winners),
        result.decisions,
    )


def run_schedule(
    game: Game,
    schedule: Schedule,
    options: Mapping[str, Any],
    jobs: int = 1,
    progress: Console | None = None,
    ray: str | None = None,
) -> list[GameRecord]:
    """Play every scheduled game; records come back in schedule order.

    On ``jobs`` local processes, or, with ``ray`` set to an address (or ``"local"``), as Ray
    tasks (:func:`topsecret.arena.distributed.run_on_ray`); then ``jobs`` above 1 sizes a
    local Ray instance.
    """
    if jobs < 1:
        raise TopSecretError.of(N_("--jobs must be at least 1"))
    work = [_Job(game.id, dict(options), spec) for spec in schedule.games]
    label = locale_translator().gettext("tournament {game}").format(game=game.id)
    if ray is not None:
        from .distributed import run_on_ray

        played = run_on_ray(
            label,
            work,
            play_scheduled,
            ray,
            cpus=jobs if jobs > 1 else None,
            progress=progress,
        )
        return [record for record in played if isinstance(record, GameRecord)]
    # Ctrl-C stops the local run at once; the games that had finished are returned.
    records = play_all(work, play_scheduled, play_scheduled, jobs, progress_bar(label, progress))
    return [record for record in records if record is not None]


def finishing_order(record: GameRecord) -> list[int]:
    """Each seat's rank, 1 for the best; equal places share a rank.

    Winners come first, then seats by score, so a tie the rules break (one winner among equal
    scores) still puts the winner ahead.
    """
    keys = [(seat in record.winners, score) for seat, score in enumerate(record.scores)]
    return [1 + sum(other > key for other in keys) for key in keys]


@dataclass(slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative skill estimate: the mean less three standard deviations."""
        return self.mu - 3 * self.sigma


def openskill_ratings(bots: Sequence[str], records: Sequence[GameRecord]) -> dict[str, Rating]:
    """Plackett-Luce ratings from the finished games, fed in schedule order.

    A bot holding several seats of one game is rated as separate players for that game, and
    then takes the mean of their new ratings.
    """
    require_analysis("openskill")
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {name: Rating(model.mu, model.sigma) for name in bots}
    for record in records:
        if record.error is not None:
            continue
        teams = [
            [model.rating(mu=ratings[name].mu, sigma=ratings[name].sigma, name=name)]
            for name in record.lineup
        ]
        updated = model.rate(teams, ranks=[float(r) for r in finishing_order(record)])
        seats_of: dict[str, list[int]] = {}
        for seat, name in enumerate(record.lineup):
            seats_of.setdefault(name, []).append(seat)
        for name, seats in seats_of.items():
            ratings[name] = Rating(
                sum(updated[s][0].mu for s in seats) / len(seats),
                sum(updated[s][0].sigma for s in seats) / len(seats),
            )
    return ratings


@dataclass(slots=True)
class Tally:
    """Games counted and wins (ties and shared wins as fractions)."""

    games: int = 0
    wins: float = 0.0

    def to_json(self) -> dict[str, float]:
        low, high = wilson_interval(self.wins, self.games)
        return {
            "games": self.games,
            "wins": round(self.wins, 6),
            "win_rate": round(self.wins / self.games, 6) if self.games else 0.0,
            "low95": round(low, 6),
            "high95": round(high, 6),
        }


def pairwise(bots: Sequence[str], records: Sequence[GameRecord]) -> dict[str, dict[str, Tally]]:
    """``result[a][b]``: how often bot ``a`` finished ahead of bot ``b`` at the same table.

    Every pair of seats held by the two bots counts once (a tie counts a half), so with
    distinct bots at each table this is once per game.
    """
    table: dict[str, dict[str, Tally]] = {a: {b: Tally() for b in bots if b != a} for a in bots}
    for record in records:
        if record.error is not None:
            continue
        ranks = finishing_order(record)
        for i, j in itertools.permutations(range(len(record.lineup)), 2):
            a, b = record.lineup[i], record.lineup[j]
            if a == b:
                continue
            tally = table[a][b]
            tally.games += 1
            if ranks[i] < ranks[j]:
                tally.wins += 1.0
            elif ranks[i] == ranks[j]:
                tally.wins += 0.5
    return table


@dataclass(slots=True)
class BotRecord:
    seat_games: int = 0
    wins: float = 0.0
    score_sum: float = 0.0


@dataclass(slots=True)
class TournamentResult:
    game: str
    players: int
    bots: list[str]
    seed: int
    options: dict[str, Any]
    schedule: Schedule
    records: list[GameRecord]
    ratings: dict[str, Rating] = field(default_factory=dict)
    pairwise: dict[str, dict[str, Tally]] = field(default_factory=dict)
    by_bot: dict[str, BotRecord] = field(default_factory=dict)

    @property
    def errors(self) -> list[GameRecord]:
        return [r for r in self.records if r.error is not None]

    @property
    def interrupted(self) -> bool:
        """Whether the run was stopped (Ctrl-C) before every scheduled game had finished;
        everything here then covers the games that had."""
        return len(self.records) < len(self.schedule.games)

    def ranking(self) -> list[str]:
        """Bots from the best ordinal down; names break exact ties so the order is stable."""
        return sorted(self.bots, key=lambda name: (-self.ratings[name].ordinal, name))

    def to_json(self) -> dict[str, Any]:
        finished = [r for r in self.records if r.error is None]
        errors = self.errors
        by_bot: dict[str, Any] = {}
        for name, tally in self.by_bot.items():
            entry: dict[str, Any] = Tally(tally.seat_games, tally.wins).to_json()
            entry["seat_games"] = entry.pop("games")
            entry["mean_score"] = (
                round(tally.score_sum / tally.seat_games, 6) if tally.seat_games else 0.0
            )
            by_bot[name] = entry
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "seed": self.seed,
            "options": self.options,
            "games": len(self.records),
            "games_requested": self.schedule.requested,
            "games_scheduled": len(self.schedule.games),
            "interrupted": self.interrupted,
            "rounds": self.schedule.rounds,
            "pairings": [list(p) for p in self.schedule.pairings],
            "mean_decisions": round(
                sum(r.decisions for r in finished) / len(finished) if finished else 0.0, 6
            ),
            "errors": len(errors),
            "first_error": (
                f"game {errors[0].index} (seed {errors[0].seed}): {errors[0].error}"
                if errors
                else None
            ),
            "ratings": {
                name: {
                    "mu": round(r.mu, 6),
                    "sigma": round(r.sigma, 6),
                    "ordinal": round(r.ordinal, 6),
                }
                for name, r in self.ratings.items()
            },
            "ranking": self.ranking(),
            "pairwise": {
                a: {b: tally.to_json() for b, tally in row.items()}
                for a, row in self.pairwise.items()
            },
            "by_bot": by_bot,
        }


def summarize(
    game: Game,
    players: int,
    bots: Sequence[str],
    seed: int,
    options: Mapping[str, Any],
    schedule: Schedule,
    records: list[GameRecord],
) -> TournamentResult:
    """Ratings, pairwise win rates and per-bot wins from records in schedule order."""
    result = TournamentResult(game.id, players, list(bots), seed, dict(options), schedule, records)
    result.ratings = openskill_ratings(bots, records)
    result.pairwise = pairwise(bots, records)
    result.by_bot = {name: BotRecord() for name in bots}
    for record in records:
        if record.error is not None:
            continue
        for seat, name in enumerate(record.lineup):
            entry = result.by_bot[name]
            entry.seat_games += 1
            entry.score_sum += record.scores[seat]
            if seat in record.winners:
                entry.wins += 1.0 / len(record.winners)
    return result


def tournament(
    game: Game,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    progress: Console | None = None,
    ray: str | None = None,
) -> TournamentResult:
    """Schedule, play and rate a round robin; the same arguments give the same result,
    whatever ``jobs`` is and whether ``ray`` (an address, or ``"local"``) plays the games.

    ``games`` is a minimum: it is rounded up so every pairing plays the same number of full
    seat rotations (``result.schedule.requested`` keeps the number asked for).
    """
    game.check_players(players)
    require_analysis("openskill")
    resolved = game.new_table_options(options)
    for name in dict.fromkeys(bots):
        check_bot_name(game, name)  # refused before any game, not rated as errors
    schedule = build_schedule(bots, players, games, seed)
    records = run_schedule(game, schedule, resolved, jobs, progress, ray)
    return summarize(game, players, bots, seed, resolved, schedule, records)
