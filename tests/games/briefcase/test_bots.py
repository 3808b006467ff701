"""The briefcase bots: the heuristic's judgement on set tables, and its strength."""

from __future__ import annotations

import math

import pytest

from topsecret.arena import play_match
from topsecret.core import SeatView
from topsecret.games.briefcase import GAME
from topsecret.games.briefcase.actions import (
    CarryBriefcase,
    Challenge,
    MoveAgent,
    Pass,
    PayAgent,
    PaySolomon,
    Raise,
)
from topsecret.games.briefcase.heuristic import HeuristicBot

from .helpers import act, table


def choice(state: object, seat: int) -> object:
    return HeuristicBot(1).choose(SeatView(state, seat))  # type: ignore[arg-type]


def test_heuristic_takes_the_winning_move() -> None:
    state = table(2, agents={"Beacon": "Lille"}, briefcase="Lille")
    assert choice(state, 0) == MoveAgent("Beacon", "London")


def test_heuristic_always_challenges_a_move_into_a_rival_hq_with_everything() -> None:
    state = table(
        2, agents={"Beacon": "Bucharest"}, briefcase="Bucharest", payoffs={0: {"Beacon": 4}}
    )
    state.current = 1
    state.first_player = 1
    act(state, MoveAgent("Beacon", "Istanbul"))
    assert choice(state, 0) == Challenge(4)


def test_heuristic_lets_harmless_moves_go() -> None:
    state = table(2, payoffs={1: {"Tempest": 9}})
    act(state, MoveAgent("Tempest", "Milan"))
    assert choice(state, 1) == Pass()


def test_heuristic_answers_a_challenge_with_everything_it_paid() -> None:
    state = table(2, payoffs={0: {"Tempest": 7}, 1: {"Tempest": 2}})
    act(state, MoveAgent("Tempest", "Milan"))
    act(state, Challenge(2))
    assert choice(state, 0) == Raise(7)


def test_heuristic_never_carries_the_briefcase_into_a_rival_hq() -> None:
    state = table(2, agents={"Beacon": "Bucharest"}, briefcase="Bucharest")
    act(state, MoveAgent("Beacon", "Istanbul"))
    act(state, Pass())
    assert choice(state, 0) == CarryBriefcase(False)


def test_heuristic_pays_the_agent_next_to_the_briefcase_and_keeps_coins_back() -> None:
    state = table(2, agents={"Tempest": "Vienna"})
    action = choice(state, 0)
    assert isinstance(action, PayAgent) and action.agent == "Tempest"
    assert action.amount <= 30 - 6


def test_heuristic_pays_dr_solomon_in_the_end_game() -> None:
    state = table(2, track=0, agents={"Tempest": "Vienna"})
    assert choice(state, 0) == PaySolomon()


def test_heuristic_beats_random_clearly() -> None:
    """Figure: over 60 seeded games per player count, one heuristic seat against random
    seats wins far more than its share (measured: every one of them)."""
    for players in (2, 3, 4):
        games = 60
        won = 0.0
        for seed in range(games):
            bots = ["random"] * players
            seat = seed % players
            bots[seat] = "heuristic"
            result = play_match(GAME, players, bots, seed=1000 + seed)
            won += result.scores[seat] / len(result.winners)
        assert won / games >= 0.8, (players, won / games)


def test_heuristic_self_play_ends_at_every_player_count() -> None:
    for players in (2, 3, 4):
        for seed in range(4):
            result = play_match(GAME, players, ["heuristic"] * players, seed=seed)
            assert result.state.is_over() and result.winners


@pytest.mark.slow
def test_no_seat_wins_much_more_than_its_share_between_heuristic_bots() -> None:
    """Balance (docs/games/briefcase.md): over 400 seeded games per player count every seat,
    and so every HQ, wins its fair share to within three standard errors."""
    for players in (2, 3, 4):
        games = 400
        wins = [0.0] * players
        for seed in range(games):
            result = play_match(GAME, players, ["heuristic"] * players, seed=seed)
            for seat in result.winners:
                wins[seat] += 1 / len(result.winners)
        fair = 1 / players
        noise = math.sqrt(fair * (1 - fair) / games)
        for seat in range(players):
            assert abs(wins[seat] / games - fair) <= 3 * noise, (players, seat, wins)
