"""Ties (Rulebook 003 §Final Score: "If players are tied, play again to determine the
winner!"): the result names the tied seats, a table offers them a rematch, and simulations
keep the shared win."""

from __future__ import annotations

import io

from pytest import MonkeyPatch
from rich.console import Console

from topsecret.core import ReplayLog, win_shares
from topsecret.games.spyworld import GAME
from topsecret.games.spyworld.actions import Stop
from topsecret.games.spyworld.state import SpyWorldState, tie_result
from topsecret.terminal import offer_rematch

from .helpers import table


def tied_table(players: int = 3) -> SpyWorldState:
    """A table where nobody drew anything: every agent is stuck at the start, every score is
    the 10 left in the budget, so all seats tie."""
    state = table(["guard", "wall", "movement"], ["B1", "B2", "B3"], players=players)
    state.start_exploration()
    while not state.is_over():
        for seat in state.acting_players():
            state.apply(seat, Stop())
    return state


def test_given_equal_totals_when_the_game_ends_then_the_result_names_the_tied_seats() -> None:
    state = tied_table()
    results = state.observation(0)["results"]
    assert results["total"] == [10, 10, 10]
    assert results["winners"] == [0, 1, 2]
    assert results["play_again"] == [0, 1, 2]
    assert state.winners() == [0, 1, 2]


def test_given_a_single_richest_player_then_nobody_plays_again() -> None:
    assert tie_result([120, 95, 120, 80]) == {"winners": [0, 2], "play_again": [0, 2]}
    assert tie_result([120, 95, 119]) == {"winners": [0], "play_again": []}


def test_the_log_and_the_terminal_view_say_the_tied_players_play_again() -> None:
    state = tied_table(2)
    final = state.observation(1)
    text = GAME.render_text(final)
    assert "seat 1 and seat 2 tie for the win" in str(text)  # seats counted from 1
    state2 = table(["guard", "wall", "movement"], ["B1", "B2", "B3"])
    events = state2.start_exploration()
    while not state2.is_over():
        for seat in state2.acting_players():
            events += state2.apply(seat, Stop())
    line = GAME.describe_event(next(e for e in events if e.kind == "final_score"), 1)
    assert line is not None and "seat 1 and you tie for the win" in line
    assert "play again" in line


def test_simulations_keep_the_shared_win() -> None:
    """A simulation does not replay ties: each tied seat gets an equal share of the win."""
    state = tied_table(3)
    assert win_shares(state.scores()) == [1 / 3, 1 / 3, 1 / 3]


def test_the_game_asks_tables_to_offer_tied_players_a_rematch() -> None:
    assert GAME.play_again_on_tie is True


def _log(scores: list[float]) -> ReplayLog:
    log = ReplayLog(GAME.id, len(scores), 0, dict(GAME.resolve_options({})))
    log.scores = scores
    return log


def test_the_terminal_offers_the_tied_players_a_rematch(monkeypatch: MonkeyPatch) -> None:
    """Given a finished terminal game where you tie with seat 2, when you answer yes, then the
    rematch is between you and seat 2 only; a no, or a win outright, offers nothing."""
    console = Console(file=io.StringIO())
    answers = iter(["y", "n"])
    monkeypatch.setattr("builtins.input", lambda *_: next(answers))
    assert offer_rematch(console, GAME, _log([150, 120, 150]), 0) == [0, 2]
    # the terminal numbers seats from 1: seat index 2 is "seat 3"
    assert "You tie for the win with seat 3" in console.file.getvalue()  # type: ignore[attr-defined]
    assert offer_rematch(console, GAME, _log([150, 120, 150]), 2) is None
    assert offer_rematch(console, GAME, _log([150, 120, 140]), 0) is None
    assert offer_rematch(console, GAME, _log([150, 120, 150]), 1) is None
