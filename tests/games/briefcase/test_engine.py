"""The engine contract for the briefcase game: determinism, replay, termination, codec,
illegal actions, and hidden information (Rulebook 004: shields hide reserves and payoffs)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from topsecret.arena import play_match
from topsecret.core import Action, ActionFormatError, IllegalAction, Rng, replay, run_random_game
from topsecret.games import get_game
from topsecret.games.briefcase import GAME, BriefcaseState, action_space
from topsecret.games.briefcase.actions import MoveAgent, PayAgent, Raise, Wander


def random_prefix(players: int, seed: int, steps: int) -> BriefcaseState:
    """A table after ``steps`` random legal decisions (or the end, if sooner)."""
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed + 1)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_the_game_is_registered() -> None:
    assert get_game("briefcase") is GAME


def test_random_playouts_always_end_without_error() -> None:
    """The die and the track guarantee an end; challenge numbers strictly rise, capped."""
    for players in (2, 3, 4):
        for seed in range(25):
            state = GAME.new_state(players, seed=seed)
            steps = run_random_game(state, Rng(seed), max_steps=20_000)
            assert state.is_over() and steps > 0
            assert state.winners() and sum(state.scores()) == len(state.winners())


def test_same_seed_and_actions_give_the_same_game() -> None:
    def record(seed: int) -> tuple[dict[str, object], list[object]]:
        state = GAME.new_state(3, seed=seed)
        rng = Rng(99)
        events = []
        while not state.is_over():
            seat = state.acting_players()[0]
            events.extend(
                e.to_json() for e in state.apply(seat, rng.choice(state.legal_actions(seat)))
            )
        return state.snapshot(), events

    assert record(4) == record(4)
    assert record(4)[0] != record(5)[0]


def test_a_replay_log_reproduces_the_game_and_its_scores() -> None:
    result = play_match(GAME, 3, ["heuristic", "random", "heuristic"], seed=8)
    rebuilt = replay(GAME, result.log)
    assert rebuilt.snapshot() == result.state.snapshot()
    assert rebuilt.scores() == result.scores


def test_an_illegal_action_raises_and_leaves_the_table_untouched() -> None:
    for seed in range(10):
        state = random_prefix(3, seed, 40)
        if state.is_over():
            continue
        before = json.dumps(state.snapshot(), sort_keys=True)
        seat = state.acting_players()[0]
        legal = set(state.legal_actions(seat))
        for action in action_space(state.board, state.comp, 3):
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as caught:
                state.apply(seat, action)
            assert caught.value.rule
            break
        other = (seat + 1) % 3
        with pytest.raises(IllegalAction):
            state.apply(other, state.legal_actions(seat)[0])
        assert json.dumps(state.snapshot(), sort_keys=True) == before


def test_the_codec_round_trips_every_action_in_the_space() -> None:
    for players in (2, 3, 4):
        codec = GAME.codec(players)
        space = action_space(GAME.board, GAME.components, players)
        assert codec.size == len(space)
        for index, action in enumerate(space):
            assert codec.to_id(action) == index and codec.from_id(index) == action
            assert codec.from_json(json.loads(json.dumps(action.to_json()))) == action
    assert GAME.codec(2).size < GAME.codec(4).size  # Spyglass can look at more seats


def test_the_codec_refuses_malformed_actions() -> None:
    codec = GAME.codec(2)
    with pytest.raises(ActionFormatError):
        codec.from_json({"type": "raise", "amount": "lots"})
    with pytest.raises(ActionFormatError):
        codec.to_id(Raise(31))


def test_every_legal_action_has_an_id() -> None:
    """The action space is fixed per player count: every legal action is in it."""
    for players in (2, 4):
        codec = GAME.codec(players)
        for seed in range(8):
            state = GAME.new_state(players, seed=seed)
            rng = Rng(seed)
            while not state.is_over():
                seat = state.acting_players()[0]
                legal = state.legal_actions(seat)
                for action in legal:
                    codec.to_id(action)
                state.apply(seat, rng.choice(legal))


def hide_secrets_of_others(state: BriefcaseState, seat: int, rng: Rng) -> BriefcaseState:
    """The same table except for what ``seat`` may not know: others' payoffs, reserves,
    starting tokens, hidden setup choices, and the future die rolls."""
    other = state.clone()
    for s in range(state.num_players):
        if s == seat:
            continue
        total = state.comp.reserve - state.removed[s]
        pays = [0] * 7
        for _ in range(rng.below(total + 1)):
            pays[rng.below(7)] += 1
        other.payoffs[s] = pays
        other.reserve[s] = total - sum(pays)
        other.tokens[s] = rng.below(6)
    if other.setup_step is not None:
        for s in other.setup_step.seats:
            if s != seat and other.setup_step.has_chosen(s):
                other.setup_step.replace_hidden(
                    s, rng.choice(other.legal_actions(s) or state._setup_actions(s))
                )
    other._rng = Rng(rng.next_u64())
    return other


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 150),
    viewer=st.integers(0, 3),
)
def test_a_seat_sees_nothing_of_what_it_may_not_know(
    players: int, seed: int, steps: int, viewer: int
) -> None:
    """Observation safety: two tables that differ only in others' secrets look the same."""
    seat = viewer % players
    state = random_prefix(players, seed, steps)
    twin = hide_secrets_of_others(state, seat, Rng(seed))
    if state.is_over():
        # At the end the shields are lifted: everything is revealed to everyone.
        assert "revealed" in state.observation(seat)
        return
    assert state.observation(seat) == twin.observation(seat)
    assert state.observation(None) == twin.observation(None)
    json.dumps(state.observation(seat))
    determinized = state.determinize(seat, Rng(seed + 7))
    assert determinized.observation(seat) == state.observation(seat)
    for s in range(players):
        assert determinized.reserve[s] >= 0 and min(determinized.payoffs[s]) >= 0
        assert sum(determinized.payoffs[s]) + determinized.reserve[s] == (
            state.comp.reserve - state.removed[s]
        )


def test_a_payoff_target_is_never_revealed_until_the_end() -> None:
    state = random_prefix(3, 2, 0)
    for seat in range(3):
        state.apply(seat, state.legal_actions(seat)[0])
    payer = state.current
    state.apply(payer, PayAgent("Tempest", 9))
    for seat in range(3):
        if seat != payer:
            assert "9" not in json.dumps(state.observation(seat)["history"])
            assert "you" not in state.observation(None)
            assert state.observation(seat)["you"]["seat"] == seat


def test_the_spectator_sees_no_secret() -> None:
    obs = random_prefix(4, 1, 60).observation(None)
    assert "you" not in obs
    assert "revealed" not in obs or obs["phase"] == "over"


def test_determinize_keeps_what_the_seat_knows_and_plays_on() -> None:
    state = random_prefix(4, 3, 30)
    seat = state.acting_players()[0]
    sample = state.determinize(seat, Rng(5))
    assert sample.payoffs[seat] == state.payoffs[seat]
    assert sample.tokens[seat] == state.tokens[seat]
    assert len(set(sample.tokens)) == 4
    run_random_game(sample, Rng(1))
    assert sample.is_over()


def test_clone_is_independent() -> None:
    state = random_prefix(3, 6, 20)
    copy = state.clone()
    seat = copy.acting_players()[0]
    action: Action = copy.legal_actions(seat)[-1]
    copy.apply(seat, action)
    assert state.snapshot() != copy.snapshot()
    assert state.snapshot() == random_prefix(3, 6, 20).snapshot()


def test_descriptions_and_the_terminal_view_read_like_the_table() -> None:
    assert GAME.describe_action(MoveAgent("Spyglass", "Zurich")) == "Spyglass to Zurich"
    assert GAME.describe_action(Wander("Rome")) == "Vagabond wanders on to Rome"
    for action in action_space(GAME.board, GAME.components, 4):
        assert GAME.describe_action(action) != repr(action)
    text = GAME.render_text(random_prefix(4, 1, 30).observation(2))
    assert "VIENNA" not in text and "Vienna*" in text and "LONDON" in text
    assert "Behind your shield" in text
