"""The engine contract holds for vault: determinism, replays, safety, codec, termination."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from topsecret.core import IllegalAction, ReplayLog, Rng, replay, run_random_game
from topsecret.games.vault import GAME, Bank, KeepFaceUp, PlayCard, Steal


def random_prefix(players, seed, steps):
    """A table reached by ``steps`` random legal decisions, with its log."""
    state = GAME.new_state(players, seed=seed)
    log = ReplayLog("vault", players, seed, dict(state.options))
    rng = Rng(seed + 1)
    events = []
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.acting_players()[0]
        action = rng.choice(state.legal_actions(seat))
        events.extend(e.to_json() for e in state.apply(seat, action))
        log.record(seat, action.to_json())
    return state, log, events


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_always_end_with_a_winner(players):
    for seed in range(3):
        state = GAME.new_state(players, seed=seed)
        steps = run_random_game(state, Rng(seed))
        assert state.is_over() and steps > 0
        assert state.winners() and len(state.deal_scores) == 1
        several = GAME.new_state(players, {"single_deal": False}, seed=seed)
        run_random_game(several, Rng(seed))
        assert several.winners() and max(several.scores()) >= several.target()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_one_deal_never_asks_more_decisions_than_the_game_states(players):
    bound = GAME.max_decisions(players, GAME.resolve_options(None))
    for seed in range(20):
        state = GAME.new_state(players, seed=seed)
        assert run_random_game(state, Rng(seed)) <= bound


def test_same_seed_and_actions_give_the_same_game_byte_for_byte():
    a, log_a, events_a = random_prefix(4, 9, 400)
    b, log_b, events_b = random_prefix(4, 9, 400)
    assert json.dumps(a.snapshot(), sort_keys=True) == json.dumps(b.snapshot(), sort_keys=True)
    assert events_a == events_b
    assert log_a.dumps() == log_b.dumps()


def test_a_different_seed_deals_differently():
    assert GAME.new_state(4, seed=1).hands != GAME.new_state(4, seed=2).hands


def test_a_replay_log_rebuilds_the_same_state_and_checks_the_scores(tmp_path):
    state, log, _ = random_prefix(3, 4, 100_000)
    assert state.is_over()
    log.scores = state.scores()
    path = tmp_path / "game.json"
    log.save(path)
    again = replay(GAME, ReplayLog.load(path))
    assert again.snapshot() == state.snapshot()


def test_clone_is_independent():
    state, _, _ = random_prefix(4, 3, 30)
    copy = state.clone()
    assert copy.snapshot() == state.snapshot()
    seat = copy.acting_players()[0]
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert copy.snapshot() != state.snapshot()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_action_round_trips_through_json_and_its_id(players):
    codec = GAME.codec(players)
    assert codec.size == 7 + players + 2
    for action_id in range(codec.size):
        action = codec.from_id(action_id)
        assert codec.to_id(action) == action_id
        assert codec.from_json(json.loads(json.dumps(action.to_json()))) == action


def test_every_legal_action_is_in_the_action_space():
    state = GAME.new_state(4, {"single_deal": False, "stolen": "face_up"}, seed=2)
    codec = GAME.codec(4)
    rng = Rng(0)
    for _ in range(300):
        seat = state.acting_players()[0]
        for action in state.legal_actions(seat):
            codec.to_id(action)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(
    "bad",
    [PlayCard("document", 25), PlayCard("safe"), Steal(1), Bank(), KeepFaceUp()],
)
def test_illegal_actions_are_refused_with_a_rule_and_leave_the_state_untouched(bad):
    state = GAME.new_state(4, seed=0)
    before = json.dumps(state.snapshot(), sort_keys=True)
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, bad)
    assert "Rulebook 002" in caught.value.rule
    assert json.dumps(state.snapshot(), sort_keys=True) == before


def test_a_seat_that_does_not_exist_is_refused():
    state = GAME.new_state(4, seed=0)
    # The engine's seat 7 is the eighth seat, as players count them (from 1).
    with pytest.raises(IllegalAction, match="no seat 8"):
        state.apply(7, PlayCard("mole"))


def test_nothing_can_be_played_after_the_end():
    state = GAME.new_state(2, {"single_deal": True}, seed=0)
    run_random_game(state, Rng(0))
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, PlayCard("mole"))


def test_observations_and_events_are_json_safe():
    state, _, events = random_prefix(4, 5, 200)
    json.dumps(events)
    for seat in (None, 0, 1, 2, 3):
        json.dumps(state.observation(seat))


def hidden_variant(state, viewer, rng):
    """Another table that differs only in what ``viewer`` may not know: other seats' pending
    choices and which same-kind card (colour) they hold."""
    other = state.clone()
    others = [s for s in range(state.num_players) if s != viewer]
    step = other.open_step()
    if step is not None:
        for seat in others:
            if step.has_chosen(seat):
                step.replace_hidden(seat, rng.choice(other._options(seat)))
    pools = {}
    for seat in others:
        for cid in other.hands[seat]:
            pools.setdefault(other.cards[cid].type_key, []).append(cid)
    for pool in pools.values():
        rng.shuffle(pool)
    for seat in others:
        other.hands[seat] = [pools[other.cards[c].type_key].pop() for c in other.hands[seat]]
    return other


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 250),
    viewer=st.integers(0, 5),
    shuffle_seed=st.integers(0, 1000),
)
def test_observation_is_blind_to_what_the_seat_may_not_know(
    players, seed, steps, viewer, shuffle_seed
):
    viewer %= players
    state, _, _ = random_prefix(players, seed, steps)
    # Make sure some seats have hidden commitments in the open step.
    rng = Rng(shuffle_seed)
    for seat in state.acting_players()[:-1]:
        if seat != viewer:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    variant = hidden_variant(state, viewer, rng)
    assert variant.observation(viewer) == state.observation(viewer)
    assert variant.observation(None) == state.observation(None)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 250), viewer=st.integers(0, 3))
def test_a_determinization_agrees_with_everything_the_seat_knows(seed, steps, viewer):
    state, _, _ = random_prefix(4, seed, steps)
    rng = Rng(seed)
    for seat in state.acting_players()[:-1]:
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    sampled = state.determinize(viewer, Rng(seed + 7))
    assert sampled.observation(viewer) == state.observation(viewer)
    # The sampled world plays on to the end.
    run_random_game(sampled, Rng(1))
    assert sampled.is_over()


def test_an_observation_kept_by_a_client_does_not_change_as_the_game_goes_on():
    from topsecret.games.vault import VaultState

    state = VaultState.arranged([["mole", "doc5"], ["doc20", "doc5"]])
    state.apply(0, PlayCard("mole"))
    state.apply(1, PlayCard("document", 20))
    kept = state.observation(1)
    before = json.dumps(kept, sort_keys=True)
    state.apply(0, Steal(1))
    assert json.dumps(kept, sort_keys=True) == before
