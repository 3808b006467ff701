"""One game between bots, recorded as a replay log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..core import (
    TICK_SECONDS,
    Bot,
    Event,
    Game,
    ReplayLog,
    Rng,
    SeatView,
    State,
    tick_order,
    visible_events,
)


@dataclass(slots=True)
class MatchResult:
    scores: list[float]
    winners: list[int]
    decisions: int
    log: ReplayLog
    state: State


def bot_seeds(seed: int, players: int) -> list[int]:
    """Seeds for each seat's bot, derived from the match seed but not equal to it."""
    rng = Rng(seed ^ 0x5EED_B075)
    return [rng.next_u64() for _ in range(players)]


def play_match(
    game: Game,
    players: int,
    bots: Sequence[str | Bot],
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_decisions: int = 200_000,
    tick_seconds: float = TICK_SECONDS,
    max_seconds: float = 6 * 3600.0,
) -> MatchResult:
    """Play a whole game between bots; same arguments, same game, byte for byte.

    Games whose ``play_style`` is ``"realtime"`` run on a virtual clock instead of turns:
    see :func:`_play_realtime` (``tick_seconds`` and ``max_seconds`` apply only there).
    ``options`` are a new table's (:meth:`Game.new_table_options`): an earlier rules
    version is refused; a stored log of one replays with :func:`topsecret.core.replay`.
    """
    if len(bots) != players:
        raise ValueError(f"need one bot per seat: {players} seats, {len(bots)} bots")
    resolved = game.new_table_options(options)
    seeds = bot_seeds(seed, players)
    seated: list[Bot] = []
    for seat, bot in enumerate(bots):
        seated.append(make_bot(game, bot, seeds[seat]) if isinstance(bot, str) else bot)
    state = game.new_state(players, resolved, seed)
    log = ReplayLog(game.id, players, seed, dict(resolved), bots=[b.name for b in seated])
    views = [SeatView(state, seat) for seat in range(players)]
    if game.play_style == "realtime":
        decisions = _play_realtime(
            state, seated, views, log, tick_seconds, max_seconds, max_decisions
        )
        log.scores = state.scores()
        return MatchResult(state.scores(), state.winners(), decisions, log, state)
    decisions = 0
    while not state.is_over():
        acting = state.acting_players()
        if not acting:
            raise RuntimeError(f"{game.id}: nobody can act but the game is not over")
        for seat in acting:
            if state.is_over() or seat not in state.acting_players():
                continue
            action = seated[seat].choose(views[seat])
            events = state.apply(seat, action)
            log.record(seat, action.to_json())
            decisions += 1
            for other, bot in enumerate(seated):
                seen = visible_events(events, other)
                if seen:
                    bot.observe(other, seen)
        if decisions > max_decisions:
            raise RuntimeError(f"{game.id}: no end after {max_decisions} decisions")
    log.scores = state.scores()
    return MatchResult(state.scores(), state.winners(), decisions, log, state)


def _tell(seated: Sequence[Bot], events: Sequence[Event]) -> None:
    for other, bot in enumerate(seated):
        seen = visible_events(events, other)
        if seen:
            bot.observe(other, seen)


def _play_realtime(
    state: State,
    seated: Sequence[Bot],
    views: Sequence[SeatView],
    log: ReplayLog,
    tick_seconds: float,
    max_seconds: float,
    max_decisions: int,
) -> int:
    """A real-time game on a virtual clock ticking every ``tick_seconds``.

    On each tick the state learns the time (timed effects happen), then every seat that may
    act is asked :meth:`Bot.act_at`; seats may do nothing. Actions are logged with their
    time, so :func:`core.replay` reproduces the game. The seat asked first rotates each tick
    so no seat always wins a race.
    """
    if tick_seconds <= 0:
        raise ValueError("tick_seconds must be positive")
    players = len(seated)
    decisions = 0
    tick = 0
    while not state.is_over():
        now = tick * tick_seconds
        if now > max_seconds:
            raise RuntimeError(f"{state.game.id}: no end after {max_seconds} virtual seconds")
        _tell(seated, state.advance_time(now))
        for seat in tick_order(state.acting_players(), tick, players):
            if state.is_over() or seat not in state.acting_players():
                continue
            action = seated[seat].act_at(views[seat], now)
            if action is None:
                continue
            events = state.apply(seat, action)
            log.record(seat, action.to_json(), now)
            decisions += 1
            _tell(seated, events)
        if decisions > max_decisions:
            raise RuntimeError(f"{state.game.id}: no end after {max_decisions} decisions")
        tick += 1
    return decisions
