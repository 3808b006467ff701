"""The engine contract: observation safety, determinism, replays, termination, codec."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from topsecret.arena import play_match
from topsecret.core import IllegalAction, ReplayLog, Rng, replay, run_random_game
from topsecret.games import get_game
from topsecret.games.wink import GAME, WinkState
from topsecret.games.wink.actions import Accuse, Glance, Wink, action_space

from .tables import eyes_on

SLOW_OK = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def played(players: int, seed: int, steps: int, mode: str = "signals") -> WinkState:
    """A table after ``steps`` random actions (random seats, advancing virtual time)."""
    state = GAME.new_state(players, {"mode": mode, "look_ms": 300, "notice_ms": 200}, seed=seed)
    assert isinstance(state, WinkState)
    rng = Rng(seed * 7919 + 1)
    for step in range(steps):
        if state.is_over():
            break
        state.advance_time(step * 0.1)
        seat = rng.choice(list(state.acting_players()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def hide_from(state: WinkState, seat: int, rng: Rng) -> WinkState:
    """The same table, changed only in what ``seat`` may not know: the other seats' cards
    are dealt again, the decks and the face-down discards of others reshuffled, and their
    memories of signals and winks replaced."""
    other = state.clone()
    others = [s for s in range(state.num_players) if s != seat]
    agents = [other.agent[s] for s in others]
    locations = [other.location[s] for s in others]
    rng.shuffle(agents)
    rng.shuffle(locations)
    for s, agent, location in zip(others, agents, locations, strict=True):
        other.agent[s] = agent
        other.location[s] = location
    # Keep who holds a card at all: that is public.
    for s in others:
        if (state.agent[s] is None) != (other.agent[s] is None):
            other.agent[s] = state.agent[s]
        if (state.location[s] is None) != (other.location[s] is None):
            other.location[s] = state.location[s]
    for pile in (other.agent_deck, other.location_deck, other.removed):
        rng.shuffle(pile)
    # Face-up discards are public; a face-down one is known only to whoever discarded it.
    owners = state.discard_owners(state.agent_discard, state.agent_discard_by)
    face_down = [i for i, owner in enumerate(owners) if owner not in (None, seat)]
    cards = [other.agent_discard[i] for i in face_down]
    rng.shuffle(cards)
    for i, card in zip(face_down, cards, strict=True):
        other.agent_discard[i] = card
    for s in others:
        other.seen[s] = [{"signal": "glance", "seat": s, "time": -1.0}]
        other.winked[s] = not other.winked[s]
    other.stats = dict(state.stats)
    return other


@SLOW_OK
@given(
    players=st.integers(4, 8),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 400),
    mode=st.sampled_from(["signals", "companion"]),
)
def test_observation_safety_nobody_learns_another_seats_cards(
    players: int, seed: int, steps: int, mode: str
) -> None:
    """A seat's observation is identical for tables that differ only in what it may not
    know (others' hands, the decks, others' memories). Spectators likewise."""
    state = played(players, seed, steps, mode)
    rng = Rng(seed)
    for seat in range(players):
        assert hide_from(state, seat, rng).observation(seat) == state.observation(seat)
    assert hide_from(state, 0, rng).observation(None) == state.observation(None)
    json.dumps(state.observation(0))


@SLOW_OK
@given(players=st.integers(4, 8), seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_observation_safety_nobody_learns_a_wink_they_were_not_looking_at(
    players: int, seed: int, steps: int
) -> None:
    """A wink changes nothing in the observation of a seat that was not looking at the
    winker, and sends it no event."""
    state = played(players, seed, steps)
    if state.is_over():
        return
    for winker in range(players):
        contact = state.agent[winker]
        if contact is None:
            continue
        table = state.clone()
        eyes_on(table, winker, ("seat", contact))
        before = [table.observation(s) for s in range(players)]
        events = table.apply(winker, Wink())
        for seat in range(players):
            if seat == winker or table.gaze[seat] == ("seat", winker):
                continue
            assert table.observation(seat) == before[seat]
            assert not any(event.visible_to(seat) for event in events)


@pytest.mark.parametrize("players", [4, 6, 8])
@pytest.mark.parametrize("mode", ["signals", "companion"])
def test_random_playouts_always_end(players: int, mode: str) -> None:
    """core.run_random_game (used by bench) reaches the end: the agent deck runs out."""
    for seed in range(12):
        state = GAME.new_state(players, {"mode": mode}, seed=seed)
        steps = run_random_game(state, Rng(seed), max_steps=50_000)
        assert state.is_over() and steps > 0
        assert state.end_reason is not None


def test_same_seed_and_actions_give_the_same_game() -> None:
    first = play_match(GAME, 5, ["heuristic", "random"] * 2 + ["heuristic"], seed=3)
    second = play_match(GAME, 5, ["heuristic", "random"] * 2 + ["heuristic"], seed=3)
    assert first.state.snapshot() == second.state.snapshot()
    assert first.log.dumps() == second.log.dumps()


def test_same_seed_and_actions_give_the_same_events() -> None:
    def run() -> list[dict[str, object]]:
        state = GAME.new_state(6, seed=9)
        rng = Rng(5)
        out = []
        while not state.is_over():
            seat = rng.choice(list(state.acting_players()))
            out += [e.to_json() for e in state.apply(seat, rng.choice(state.legal_actions(seat)))]
        return out

    assert run() == run()


@pytest.mark.parametrize("options", [{}, {"turn_seconds": 6}, {"mode": "companion"}])
def test_replay_reproduces_a_real_time_match(options: dict[str, object]) -> None:
    """The log keeps each action's time; core.replay feeds it back through advance_time."""
    result = play_match(GAME, 6, ["heuristic"] * 5 + ["random"], seed=21, options=options)
    assert all(entry.time is not None for entry in result.log.actions)
    log = ReplayLog.from_json(json.loads(result.log.dumps()))
    rebuilt = replay(get_game("wink"), log)
    assert rebuilt.scores() == result.scores
    assert rebuilt.snapshot()["agent_points"] == result.state.snapshot()["agent_points"]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_illegal_actions_raise_and_leave_the_table_untouched(seed: int, steps: int) -> None:
    state = played(5, seed, steps)
    codec = GAME.codec(5)
    before = state.snapshot()
    for seat in range(5):
        legal = set(state.legal_actions(seat))
        for action_id in range(codec.size):
            action = codec.from_id(action_id)
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as caught:
                state.apply(seat, action)
            assert caught.value.rule
            assert state.snapshot() == before


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_codec_round_trips_every_action(players: int) -> None:
    codec = GAME.codec(players)
    assert codec.size == players + 4 + 3 + players * (players - 1) + 1 + 4 + 4
    for action_id, action in enumerate(action_space(players, GAME_LOCATIONS)):
        assert codec.to_id(action) == action_id
        assert codec.from_id(action_id) == action
        assert codec.from_json(json.loads(json.dumps(codec.to_json(action)))) == action


GAME_LOCATIONS = ("street_cafe", "metro_station", "kiosk", "fountain")


@pytest.mark.parametrize("steps", [0, 50, 200])
def test_legal_actions_are_always_in_the_action_space(steps: int) -> None:
    for seed in range(5):
        state = played(7, seed, steps)
        codec = GAME.codec(7)
        for seat in range(7):
            for action in state.legal_actions(seat):
                codec.to_id(action)


@SLOW_OK
@given(players=st.integers(4, 8), seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_determinize_keeps_the_seats_observation_and_the_card_counts(
    players: int, seed: int, steps: int
) -> None:
    state = played(players, seed, steps)
    for seat in range(players):
        sample = state.determinize(seat, Rng(seed + seat))
        assert isinstance(sample, WinkState)
        assert sample.observation(seat) == state.observation(seat)
        everything = (
            [a for a in sample.agent if a is not None]
            + sample.agent_deck
            + sample.agent_discard
            + sample.removed
            + [c for p in sample.agent_points for c in p]
        )
        original = (
            [a for a in state.agent if a is not None]
            + state.agent_deck
            + state.agent_discard
            + state.removed
            + [c for p in state.agent_points for c in p]
        )
        assert sorted(everything) == sorted(original)
        assert all(sample.agent[s] != s for s in range(players))


def test_determinize_keeps_what_a_witness_knows() -> None:
    """A seat that saw a wink knows the winker's agent card (honour code)."""
    state = played(6, 4, 60)
    assert not state.is_over()
    winker = next(s for s in range(6) if state.agent[s] is not None)
    contact = state.agent[winker]
    assert contact is not None
    watcher = next(s for s in range(6) if s not in (winker, contact))
    eyes_on(state, winker, ("seat", contact))
    eyes_on(state, watcher, ("seat", winker))
    state.apply(winker, Wink())
    for sample_seed in range(10):
        sample = state.determinize(watcher, Rng(sample_seed))
        assert isinstance(sample, WinkState)
        assert sample.agent[winker] == contact
    if state.chips[watcher]:
        assert Accuse(winker, contact) in state.legal_actions(watcher)


def test_clone_is_independent() -> None:
    state = played(5, 2, 40)
    copy = state.clone()
    assert copy.snapshot() == state.snapshot()
    rng = Rng(1)
    while not copy.is_over():
        seat = rng.choice(list(copy.acting_players()))
        copy.apply(seat, rng.choice(copy.legal_actions(seat)))
    assert state.snapshot() != copy.snapshot()
    assert not state.is_over()


def test_determinize_keeps_a_location_seen_in_a_glance() -> None:
    state = played(5, 8, 80)
    assert not state.is_over()
    glancer = next(s for s in range(5) if state.location[s] is not None)
    watcher = (glancer + 1) % 5
    eyes_on(state, watcher, ("seat", glancer))
    state.apply(glancer, Glance())
    eyes_on(state, watcher, ("cards", 0))  # looking away does not make it forgotten
    for sample_seed in range(10):
        sample = state.determinize(watcher, Rng(sample_seed))
        assert isinstance(sample, WinkState)
        assert sample.location[glancer] == state.location[glancer]
