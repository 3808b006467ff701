"""One game between bots, recorded as a replay log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..core import Bot, Game, ReplayLog, Rng, SeatView, State, visible_events


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
) -> MatchResult:
    """Play a whole game between bots; same arguments, same game, byte for byte."""
    if len(bots) != players:
        raise ValueError(f"need one bot per seat: {players} seats, {len(bots)} bots")
    seeds = bot_seeds(seed, players)
    seated: list[Bot] = []
    for seat, bot in enumerate(bots):
        seated.append(make_bot(game, bot, seeds[seat]) if isinstance(bot, str) else bot)
    resolved = game.resolve_options(options)
    state = game.new_state(players, resolved, seed)
    log = ReplayLog(game.id, players, seed, dict(resolved), bots=[b.name for b in seated])
    views = [SeatView(state, seat) for seat in range(players)]
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
