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


def rereads(state: object) -> int:
    """Spyglass looks at a payoff the looker had already seen, with no payoff made since."""
    known: set[tuple[int, int, str]] = set()
    count = 0
    for record in state.history:  # type: ignore[attr-defined]
        if record["action"] == "payoff":
            known = {key for key in known if key[1] != record["seat"]}
            continue
        look = record.get("power") or {}
        if "looked_at" in look:
            key = (record["seat"], look["looked_at"], look["payee"])
            count += key in known
            known.add(key)
    return count


def test_heuristic_never_rereads_a_payoff_it_already_knows() -> None:
    """A Spyglass look at a payoff already seen, unchanged since, teaches nothing."""
    looks = 0
    for seed in range(12):
        players = 2 + seed % 3
        result = play_match(GAME, players, ["heuristic"] * players, seed=seed)
        assert rereads(result.state) == 0
        looks += sum("looked_at" in (r.get("power") or {}) for r in result.state.history)
    assert looks > 0  # the bots still use the Spyglass, for payoffs they have not seen


def test_heuristic_openings_vary_with_the_bots_seed() -> None:
    """Given one table, bots seeded differently choose different setup coins."""
    state = GAME.new_state(3, seed=0)
    openings = {HeuristicBot(seed).choose(SeatView(state, 0)) for seed in range(12)}
    assert len(openings) > 1


def test_heuristic_self_play_differs_from_game_to_game() -> None:
    """Near-ties are broken by each bot's seeded generator, so no two games open alike."""
    openings = set()
    for seed in range(8):
        result = play_match(GAME, 3, ["heuristic"] * 3, seed=seed)
        openings.add(tuple(str(r) for r in result.state.history[:6]))
    assert len(openings) == 8


def test_heuristic_self_play_is_the_same_game_for_the_same_seed() -> None:
    first = play_match(GAME, 4, ["heuristic"] * 4, seed=3)
    second = play_match(GAME, 4, ["heuristic"] * 4, seed=3)
    assert first.state.snapshot() == second.state.snapshot()
