"""Bots on a virtual clock: the heuristic plays well, the match runner runs real time."""

from __future__ import annotations

import statistics

import pytest

from topsecret.arena import play_match
from topsecret.core import Action, Bot, SeatView
from topsecret.games.wink import GAME
from topsecret.games.wink.actions import Accuse

SEEDS = range(12)


class IdleBot(Bot):
    name = "idle"

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions()[0]

    def act_at(self, view: SeatView, now: float) -> Action | None:
        return None


@pytest.mark.parametrize("players", [4, 6, 8])
def test_a_table_of_heuristic_bots_completes_missions_and_catches_winks(players: int) -> None:
    missions, catches, false_accusations = [], [], []
    for seed in SEEDS:
        result = play_match(GAME, players, ["heuristic"] * players, seed=seed)
        stats = result.state.stats  # type: ignore[attr-defined]
        missions.append(stats["missions"])
        catches.append(stats["catches"])
        false_accusations.append(stats["false_accusations"])
        assert result.state.is_over()
    assert statistics.mean(missions) >= 10
    assert sum(catches) >= len(SEEDS)
    # It accuses only winks it saw, and the honour code makes every wink true.
    assert sum(false_accusations) == 0


def test_heuristic_beats_random() -> None:
    """Mixed tables, seats alternating; the heuristic seats must score clearly more."""
    heuristic, random = [], []
    for players in (4, 6, 8):
        for seed in SEEDS:
            bots = ["heuristic" if (seat + seed) % 2 == 0 else "random" for seat in range(players)]
            result = play_match(GAME, players, bots, seed=seed)
            for seat, bot in enumerate(bots):
                (heuristic if bot == "heuristic" else random).append(result.scores[seat])
    assert statistics.mean(heuristic) > 1.5 * statistics.mean(random)


def test_heuristic_accuses_only_what_it_saw() -> None:
    result = play_match(GAME, 6, ["heuristic"] * 3 + ["random"] * 3, seed=5)
    accusations = [
        (entry.seat, entry.action)
        for entry in result.log.actions
        if entry.action["type"] == Accuse.kind and entry.seat < 3
    ]
    assert accusations
    state = GAME.new_state(6, seed=5)
    # Replaying, each heuristic accusation follows a wink the accuser had in its signals.
    codec = GAME.codec(6)
    for entry in result.log.actions:
        action = codec.from_json(entry.action)
        if entry.time is not None:
            state.advance_time(entry.time)
        if isinstance(action, Accuse) and entry.seat < 3:
            seen = state.observation(entry.seat)["signals"]
            assert any(
                s["signal"] == "wink"
                and s["seat"] == action.winker
                and s["looking_at"] == {"at": "seat", "seat": action.contact}
                for s in seen
            )
        state.apply(entry.seat, action)


def test_heuristic_bots_play_companion_mode_and_timed_turns() -> None:
    for options in ({"mode": "companion"}, {"turn_seconds": 5}):
        result = play_match(GAME, 5, ["heuristic"] * 5, seed=2, options=options)
        assert result.state.is_over()


def test_real_time_matches_log_times_and_let_bots_do_nothing() -> None:
    result = play_match(GAME, 4, ["heuristic"] * 4, seed=8, tick_seconds=0.5)
    times = [entry.time for entry in result.log.actions]
    assert all(t is not None and (t / 0.5).is_integer() for t in times)
    assert times == sorted(times)  # type: ignore[type-var]
    assert result.decisions == len(times)


def test_a_table_that_never_acts_is_stopped_by_the_virtual_clock_limit() -> None:
    with pytest.raises(RuntimeError, match="virtual seconds"):
        play_match(GAME, 4, [IdleBot()] * 4, seed=1, max_seconds=30)


def test_a_turn_timer_deals_the_opening_round_for_idle_players() -> None:
    """With the timer the suitcase goes round even if nobody acts: the opening draws happen
    by default, then each holder passes; the game waits for players to end it."""
    with pytest.raises(RuntimeError, match="virtual seconds"):
        play_match(GAME, 4, [IdleBot()] * 4, seed=1, options={"turn_seconds": 2}, max_seconds=9)
    state = GAME.new_state(4, {"turn_seconds": 2}, seed=1)
    state.advance_time(9.0)
    observation = state.observation(0)
    assert not observation["opening"]
    assert all(p["has_agent_card"] and p["has_location_card"] for p in observation["players"])
    assert observation["stats"]["timeouts"] == 4


@pytest.mark.parametrize("players", [7, 8])
def test_at_large_tables_the_agent_deck_ends_the_game(players: int) -> None:
    """Rulebook 001 §Spielende: the game ends when an agent card cannot be drawn, and the
    number of agent cards sets its length (§Spielvorbereitung). Scored location cards go back
    into an empty location deck (our design), so 7 and 8 players use up the agent deck too."""
    for seed in range(3):
        state = play_match(GAME, players, ["heuristic"] * players, seed=seed).state
        assert state.end_reason == "an agent card could not be drawn"  # type: ignore[attr-defined]
        assert state.agent_deck == []  # type: ignore[attr-defined]
