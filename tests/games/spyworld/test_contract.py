"""The engine contract: determinism, replays, playouts, illegal actions, codec, observations."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from topsecret.arena.match import play_match
from topsecret.core import IllegalAction, ReplayLog, Rng, replay, run_random_game
from topsecret.games import get_game
from topsecret.games.spyworld import GAME
from topsecret.games.spyworld.actions import Move, PlaceUpgrade, TakeCards
from topsecret.games.spyworld.state import SpyWorldState

LAIRS = ["superyacht", "polar_base", "jungle_temple", "moon_base"]


def test_registered() -> None:
    assert get_game("spyworld") is GAME


def play_random(seed: int, players: int, options: dict[str, object]):  # type: ignore[no-untyped-def]
    state = GAME.new_state(players, options, seed)
    rng = Rng(seed + 1)
    events = []
    log = ReplayLog("spyworld", players, seed, dict(GAME.resolve_options(options)))
    while not state.is_over():
        for seat in state.acting_players():
            if state.is_over() or seat not in state.acting_players():
                continue
            action = rng.choice(state.legal_actions(seat))
            log.record(seat, action.to_json())
            events += [e.to_json() for e in state.apply(seat, action)]
    log.scores = state.scores()
    return state, events, log


@pytest.mark.parametrize("seed", range(24))
def test_random_playouts_terminate(seed: int) -> None:
    """Random planners and explorers always finish (backtracking costs Movement)."""
    players = 2 + seed % 5
    options = {"lair": LAIRS[seed % 4], "lenient": seed % 3 == 0, "gadgets": "NENEN"}
    state = GAME.new_state(players, options, seed)
    steps = run_random_game(state, Rng(seed), max_steps=20_000)
    assert state.is_over() and steps > 0
    assert len(state.scores()) == players


def test_determinism_and_replay() -> None:
    """Same seed and actions: same snapshot and events; the replay reproduces the scores."""
    a, events_a, log = play_random(11, 3, {"lair": "jungle_temple"})
    b, events_b, _ = play_random(11, 3, {"lair": "jungle_temple"})
    assert a.snapshot() == b.snapshot()
    assert events_a == events_b
    text = log.dumps()
    again = replay(GAME, ReplayLog.from_json(json.loads(text)))
    assert again.scores() == a.scores()
    assert again.snapshot() == a.snapshot()


def test_codec_round_trips_every_action() -> None:
    codec = GAME.codec(3)
    for index in range(codec.size):
        action = codec.from_id(index)
        assert codec.to_id(action) == index
        assert codec.from_json(json.loads(json.dumps(action.to_json()))) == action


def test_legal_actions_are_in_the_space() -> None:
    codec = GAME.codec(4)
    for seed in range(4):
        state = GAME.new_state(4, {"lair": LAIRS[seed]}, seed)
        rng = Rng(seed)
        while not state.is_over():
            for seat in state.acting_players():
                if seat not in state.acting_players():
                    continue
                legal = state.legal_actions(seat)
                for action in legal:
                    codec.to_id(action)
                state.apply(seat, rng.choice(legal))


def test_illegal_actions_leave_the_state_untouched() -> None:
    state = GAME.new_state(2, {"lair": "superyacht"}, 5)
    before = state.snapshot()
    for action in (PlaceUpgrade(1, 1), Move("north"), TakeCards((0, 0))):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
        assert state.snapshot() == before


def test_clone_is_independent() -> None:
    state = GAME.new_state(3, {}, 9)
    copy = state.clone()
    run_random_game(copy, Rng(1))
    assert not state.is_over() and copy.is_over()


def _advance(seed: int, steps: int) -> SpyWorldState:
    state = GAME.new_state(3, {"lair": "polar_base"}, seed)
    assert isinstance(state, SpyWorldState)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 2), st.integers(0, 10_000))
def test_observation_hides_what_a_seat_may_not_know(
    seed: int, steps: int, seat: int, other_seed: int
) -> None:
    """Another seat's hidden choice, hidden agents and deck order below the visible backs
    never change what this seat observes; a determinization looks the same to it."""
    state = _advance(seed, steps)
    if state.is_over():
        return
    other = state.determinize(seat, Rng(other_seed))
    assert other.observation(seat) == state.observation(seat)
    assert other.observation(None) == state.observation(None)


def test_neighbours_sheets_are_visible_but_agents_hidden() -> None:
    """Rulebook 003 §Planning Phase: peek at neighbours' sheets; Agents stay face down."""
    state = GAME.new_state(3, {}, 2)
    assert isinstance(state, SpyWorldState)
    for seat in range(3):
        state.apply(seat, state.legal_actions(seat)[0])
    obs = state.observation(0)
    assert obs["sheets"][1]["rooms"] == state.sheets[1].rooms
    assert obs["sheets"][1]["stats"] == state.sheets[1].stats
    assert obs["sheets"][1]["agent"] is None and obs["sheets"][0]["agent"] is not None


def test_choice_hidden_until_reveal_in_observation() -> None:
    state = GAME.new_state(2, {"lair": "superyacht"}, 2)
    state.apply(0, state.legal_actions(0)[-1])
    seen = state.observation(1)
    assert seen["step"]["my_choice"] is None and seen["step"]["chosen"] == [0]
    assert "take" not in json.dumps(seen["last_choices"])


def test_heuristic_beats_random() -> None:
    """The heuristic bot (solver explorer) outscores the random bot over seeded games."""
    wins = 0
    games = 12
    for seed in range(games):
        bots = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        result = play_match(GAME, 2, bots, seed, {"lair": LAIRS[seed % 4]})
        h = 0 if seed % 2 == 0 else 1
        if result.scores[h] > result.scores[1 - h]:
            wins += 1
    assert wins >= 10, wins


def test_terminal_view_draws_walls_icons_and_scores() -> None:
    result = play_match(GAME, 2, ["heuristic", "heuristic"], 3, {"lair": "jungle_temple"})
    text = GAME.render_text(result.state.observation(0))
    assert "Your lair" in text and ">>" in text and "XX" in text
    assert "Final scores" in text and "La Lasers" in text
    state = GAME.new_state(2, {"lair": "superyacht"}, 1)
    assert "Cards: [1]" in GAME.render_text(state.observation(1))


def test_action_groups_gather_shark_splits_and_walls() -> None:
    from topsecret.games.spyworld.actions import PlaceWall

    moves = [Move("north", k) for k in range(7)] + [Move("east")]
    walls = [PlaceWall(2, c, "east") for c in range(1, 5)]
    groups = dict(GAME.action_groups(moves + walls))
    assert len(groups["move north"]) == 7 and len(groups["wall in row 2"]) == 4


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_finished_view_names_the_winner_as_the_other_games_do(seed: int) -> None:
    """Rulebook 003 §Final Score: the richest player wins, and tied players play again. The
    terminal's last view says who won, as the other games' do, unless it is a tie."""
    state = GAME.new_state(2, None, seed)
    run_random_game(state, Rng(seed))
    results = state.results
    text = GAME.render_text(state.observation(0))
    if results["play_again"]:
        assert "Winner" not in text and "tie for the win" in text
    else:
        assert f"Winner: seat {results['winners'][0] + 1}" in text
