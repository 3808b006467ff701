"""Real-time rollouts: the search's sampled world runs on a virtual clock, as the table does.

In a real-time game (``Game.play_style == "realtime"``) nothing waits for a turn: seats act
when they have noticed something and reacted, and timed effects (a look arriving, a look
being noticed, a turn timer) happen when the clock reaches them. A rollout that applied
actions one after another without moving the clock would never see a look arrive, so every
choice would look the same to the search.

Here a rollout plays the sampled world the way :func:`topsecret.arena.match.play_match` plays
a real table: the clock starts at the moment of the decision and ticks every ``tick``
seconds; on each tick the world learns the time (:meth:`State.advance_time`), then every
seat that may act is asked :meth:`Bot.act_at` in an order that rotates with the tick, and
may do nothing. The seats are played by fresh copies of the game's own bot (its
``heuristic``, with the reaction times it keeps at a real table), seeded from the search, so
the searching seat's alternatives are judged against the table it actually faces. Inside a
sampled world the bots read only that world's observations.

The search is flat: what matters is the searching seat's move now, and everything after it
is the rollout (in real time the next decision is not a node of a tree but a moment on the
clock). The move the game's own bot planned for this moment (the hint) is the one to beat:
every iteration samples a world and plays it on twice with the same bots' seeds, once after
the planned move and once after an alternative, and an alternative is played only when its
mean advantage is clearly above zero (see :class:`RealtimeSearch`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..core import Action, Bot, Rng, SeatView, State
from .ismcts import (
    Budget,
    Guide,
    IsmctsSearch,
    PairedLead,
    RolloutPolicy,
    SearchReport,
    SearchSettings,
    _Evaluator,
    paired_choice,
)
from .random_bot import RandomBot

#: Seconds between the moments a rollout asks its bots (the arena and the server tick every
#: 0.25 s; a rollout ticks half as often, which halves its cost and moves a reaction by at
#: most a quarter of a second).
DEFAULT_TICK = 0.5
#: Virtual seconds a rollout plays before the table is scored as it stands.
DEFAULT_ROLLOUT_SECONDS = 10.0
#: Paired rollouts an alternative needs before it may replace the planned move (at least two:
#: one rollout has no spread).
MIN_PAIRED = 3
#: An alternative replaces the planned move only if its mean advantage stays above zero by
#: this many standard errors (one-sided, about 95 %).
CONFIDENCE_Z = 1.64

BotFactory = Callable[[int], Bot]


class TablePlayers:
    """Fresh bots for one rollout, one per seat, made on first use from a seeded generator."""

    __slots__ = ("_bots", "_factory", "_seeds")

    def __init__(self, factory: BotFactory, seeds: Rng) -> None:
        self._factory = factory
        self._seeds = seeds
        self._bots: dict[int, Bot] = {}

    def act_at(self, world: State, seat: int, now: float) -> Action | None:
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = self._factory(self._seeds.next_u64())
        return bot.act_at(SeatView(world, seat), now)


def tick_index(now: float, tick: float) -> int:
    """The number of the tick at ``now`` on a clock ticking every ``tick`` seconds."""
    return round(now / tick)


def play_on_clock(
    world: State,
    players: TablePlayers,
    start: float,
    seconds: float,
    tick: float = DEFAULT_TICK,
    max_decisions: int = 10_000,
) -> int:
    """Play ``world`` from the time ``start`` for ``seconds`` of virtual time, the arena's way.

    The first tick is the one after ``start`` (the decision being searched was taken at
    ``start``). Returns the number of actions taken. Actions come from bots that pick among
    the legal ones, so they are applied unchecked and without commitment events.
    """
    if tick <= 0:
        raise ValueError("tick must be positive")
    players_count = world.num_players
    index = tick_index(start, tick) + 1
    end = start + seconds
    decisions = 0
    while not world.is_over() and decisions < max_decisions:
        now = index * tick
        if now > end:
            break
        world.advance_time(now)
        first = index % players_count
        for seat in sorted(world.acting_players(), key=lambda s: (s - first) % players_count):
            if world.is_over() or seat not in world.acting_players():
                continue
            action = players.act_at(world, seat, now)
            if action is None:
                continue
            world.apply_unchecked(seat, action, record=False)
            decisions += 1
        index += 1
    return decisions


def student_t(z: float, freedom: int) -> float:
    """The Student t quantile matching the normal quantile ``z`` at ``freedom`` degrees of
    freedom (Cornish-Fisher expansion; 2.76 for 1.64 at two, 1.86 at eight): the standard
    error of a handful of rollouts is itself uncertain."""
    z3 = z**3
    return z + (z3 + z) / (4 * freedom) + (5 * z**5 + 16 * z3 + 3 * z) / (96 * freedom**2)


class RealtimeSearch(IsmctsSearch):
    """The information-set search for a real-time game: the searching seat's move now, each
    alternative judged against the planned move by rollouts on the sampled world's clock.

    Every iteration samples one world and one seed for the rollout's bots, then plays that
    world on twice: once after the planned move (the hint: what the game's own bot would do
    now) and once after one alternative, chosen by UCB1 on its advantage so far. Both
    rollouts meet the same hidden cards, the same chance and the same opponents, so their
    difference measures the move and little else (common random numbers). The alternative
    with the best mean advantage is played only if that advantage stays above zero by
    ``CONFIDENCE_Z`` standard errors: a short search keeps the planned move.
    """

    def __init__(
        self,
        settings: SearchSettings,
        rollout: RolloutPolicy | None = None,
        guide: Guide | None = None,
        *,
        table_bot: BotFactory | None = None,
        seconds: float = DEFAULT_ROLLOUT_SECONDS,
        tick: float = DEFAULT_TICK,
        confidence: float = CONFIDENCE_Z,
    ) -> None:
        super().__init__(settings, rollout, guide)
        if seconds <= 0:
            raise ValueError("a real-time rollout must last some time")
        if tick <= 0:
            raise ValueError("tick must be positive")
        self._table_bot: BotFactory = table_bot or RandomBot
        self.seconds = seconds
        self.tick = tick
        self.confidence = confidence

    def best_action(
        self, view: SeatView, rng: Rng, hint: Action | None = None, now: float | None = None
    ) -> Action:
        """The seat's move at the table's time ``now`` (seconds; 0 if not given). Without a
        hint the first legal action is the move the others must beat."""
        legal = self._choices(view)
        if len(legal) == 1:
            return legal[0]
        planned = hint if hint is not None and hint in legal else legal[0]
        clock = 0.0 if now is None else now
        order = [action for action in legal if action != planned]
        rng.shuffle(order)
        stats: dict[Action, PairedLead] = {}
        evaluate = _Evaluator()
        budget = Budget(self.settings)
        done = 0
        while True:
            done += 1
            width = len(order)
            if self.settings.widen > 0:
                width = min(width, math.ceil(self.settings.widen * math.sqrt(done)))
            other = self._pick(order[:width], stats, done)
            world = view.determinize(rng)
            seed = rng.next_u64()
            twin = world.clone()
            base = self._play(world, view.seat, planned, clock, seed, evaluate)
            value = self._play(twin, view.seat, other, clock, seed, evaluate)
            stats.setdefault(other, PairedLead()).add(value - base)
            if budget.spent(done):
                break
        # Only the leader may replace the planned move: UCB tries the others less, and
        # the best of many lightly tried alternatives is the one most flattered by luck.
        leader = max(stats, key=lambda a: stats[a].mean)
        z = self.confidence
        choice = paired_choice(
            planned, {leader: stats[leader]}, lambda count: student_t(z, count - 1), MIN_PAIRED
        )
        self.report = SearchReport(
            done,
            budget.seconds(),
            {repr(planned): done, **{repr(a): paired.count for a, paired in stats.items()}},
        )
        return choice

    def _pick(self, candidates: list[Action], stats: dict[Action, PairedLead], done: int) -> Action:
        """UCB1 on the advantage over the planned move; an untried alternative first."""
        for action in candidates:
            if action not in stats:
                return action
        c = self.settings.exploration
        log_done = math.log(done)
        return max(
            candidates,
            key=lambda a: stats[a].mean + c * math.sqrt(log_done / stats[a].count),
        )

    def _play(
        self,
        world: State,
        seat: int,
        action: Action,
        now: float,
        seed: int,
        evaluate: Callable[[State], list[float]],
    ) -> float:
        """The seat's reward after ``action`` at ``now`` and a rollout on the clock."""
        if action in world.legal_actions(seat):
            world.apply_unchecked(seat, action, record=False)
        play_on_clock(world, TablePlayers(self._table_bot, Rng(seed)), now, self.seconds, self.tick)
        return evaluate(world)[seat]


def realtime_search(
    settings: SearchSettings, rollout: RolloutPolicy | None, guide: Guide | None, view: SeatView
) -> RealtimeSearch:
    """The search :class:`~topsecret.bots.ismcts.IsmctsBot` uses at a real-time table: every
    seat of a rollout is played by the game's heuristic (random play if it has none)."""
    factory = view.game.bots().get("heuristic") or RandomBot
    return RealtimeSearch(settings, rollout, guide, table_bot=factory)


__all__ = [
    "DEFAULT_ROLLOUT_SECONDS",
    "DEFAULT_TICK",
    "RealtimeSearch",
    "TablePlayers",
    "play_on_clock",
    "realtime_search",
    "tick_index",
]
