"""How fast the engine plays: random playouts, search iterations, and a peer for scale.

Search iterations are the tree search's (:class:`~topsecret.bots.ismcts.IsmctsSearch` with
random rollouts) in every game, the winking game too, so the four figures compare. At a
real-time table the ``ismcts`` bot plays another search, flat and on the clock
(:mod:`topsecret.bots.realtime`), whose iteration is two rollouts of several virtual seconds;
:func:`bench_realtime_search` measures that one for the real-time games.

Absolute speeds on a shared machine say little, so a run also measures a fixed peer, OpenSpiel's
pure-Python tic-tac-toe (``python_tic_tac_toe``), on the same machine in the same run, and
reports every game's steps per second as a ratio to it. OpenSpiel is optional
(``pip install -e '.[rl]'``); without it the ratios are left out and the run says so.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.ismcts import Guide, IsmctsSearch, SearchSettings
from ..bots.random_bot import RandomBot
from ..bots.realtime import TablePlayers, play_on_clock, realtime_search
from ..core import Game, Rng, SeatView, State, play_random_step, run_random_game

#: The peer every game is compared with.
PEER_GAME = "python_tic_tac_toe"


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


@dataclass(frozen=True, slots=True)
class SearchBenchResult:
    game: str
    players: int
    decisions: int
    iterations: int
    seconds: float
    #: ``tree``: the tree search with random rollouts; ``realtime``: the real-time search.
    search: str = "tree"

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "decisions": self.decisions,
            "iterations": self.iterations,
            "seconds": round(self.seconds, 3),
            "iterations_per_second": round(self.iterations_per_second, 1),
            "search": self.search,
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


def search_positions(game: Game, players: int, count: int, seed: int = 0) -> list[State]:
    """Decision points spread over seeded random games, where a seat has a real choice."""
    rng = Rng(seed)
    positions: list[State] = []
    while len(positions) < count:
        state = game.new_state(players, None, rng.next_u64() >> 1)
        while not state.is_over() and len(positions) < count:
            acting = state.acting_players()
            if acting and len(state.legal_actions(acting[0])) > 1 and rng.below(8) == 0:
                positions.append(state.clone())
            if play_random_step(state, rng) == 0:
                break
    return positions


def bench_search(
    game: Game, players: int, seconds: float, iterations: int = 100, seed: int = 0
) -> SearchBenchResult:
    """Tree-search iterations per second, over decisions of random games.

    Each decision runs a fixed number of iterations of :class:`IsmctsSearch` (determinize,
    select, expand, random rollout, back up), so the figure is what a time budget buys on
    this machine. Every game is measured with this search, a real-time one too (where the
    random rollouts do not move the clock); :func:`bench_realtime_search` measures the search
    the ``ismcts`` bot plays at a real-time table.
    """
    search = IsmctsSearch(SearchSettings(iterations=iterations))
    positions = search_positions(game, players, 16, seed)
    return _time_search(
        game, players, seconds, [(state, None) for state in positions], seed, search, "tree"
    )


def realtime_positions(
    game: Game, players: int, count: int, seed: int = 0, every: float = 2.0
) -> list[tuple[State, float]]:
    """Decision points of seeded real-time games between the game's heuristic bots, each with
    its moment on the clock: every ``every`` virtual seconds where a seat has a real choice."""
    factory = game.bots().get("heuristic") or RandomBot
    rng = Rng(seed)
    positions: list[tuple[State, float]] = []
    while len(positions) < count:
        state = game.new_state(players, None, rng.next_u64() >> 1)
        table = TablePlayers(factory, rng.spawn())
        now = 0.0
        while not state.is_over() and len(positions) < count:
            if play_on_clock(state, table, now, every) == 0 and state.is_over():
                break
            now += every
            acting = state.acting_players()
            if acting and len(state.legal_actions(acting[0])) > 1:
                positions.append((state.clone(), now))
            if now > 3600:
                break
    return positions


def bench_realtime_search(
    game: Game, players: int, seconds: float, iterations: int = 8, seed: int = 0
) -> SearchBenchResult:
    """Iterations per second of the search the ``ismcts`` bot plays at a real-time table
    (:func:`~topsecret.bots.realtime.realtime_search`): each iteration plays a sampled world
    on twice, on its clock, with the game's heuristic at every seat, so it costs far more
    than a tree iteration with random rollouts."""
    positions = realtime_positions(game, players, 8, seed)
    first = positions[0][0]
    settings = SearchSettings(iterations=iterations)
    search = realtime_search(settings, None, Guide(game, seed), SeatView(first, 0))
    return _time_search(game, players, seconds, positions, seed, search, "realtime")


def _time_search(
    game: Game,
    players: int,
    seconds: float,
    positions: Sequence[tuple[State, float | None]],
    seed: int,
    search: IsmctsSearch,
    kind: str,
) -> SearchBenchResult:
    """Search decisions of ``positions`` in turn for about ``seconds``; at least one."""
    rng = Rng(seed ^ 0xBE7C)
    done = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while decisions == 0 or time.perf_counter() < deadline:
        state, now = positions[decisions % len(positions)]
        seat = state.acting_players()[0]
        search.best_action(SeatView(state, seat), rng, None, now)
        done += search.report.iterations
        decisions += 1
    elapsed = time.perf_counter() - start
    return SearchBenchResult(game.id, players, decisions, done, elapsed, kind)


def bench_peer(seconds: float, seed: int = 0) -> float | None:
    """Random-playout steps per second of OpenSpiel's Python tic-tac-toe, or ``None`` when
    OpenSpiel is not installed."""
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers the Python games)
    except ImportError:
        return None
    peer = pyspiel.load_game(PEER_GAME)
    rng = Rng(seed)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while steps == 0 or time.perf_counter() < deadline:
        state = peer.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)
