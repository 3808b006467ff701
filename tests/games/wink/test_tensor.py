"""The observation tensor (docs/games/wink.md §Observation tensor): a fixed size per player
count, values in [0, 1], slices that decode to what the seat knows, and nothing more."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

from topsecret.core import Rng
from topsecret.games.wink import GAME, WinkState
from topsecret.games.wink.actions import CompleteMission, Glance, Wink
from topsecret.games.wink.tensor import CLOCK_CAP, TIME_CAP, encode, layout

from .tables import JAN, JULIA, MARIE, TOM, table

# Julia holds Jan's card and the fountain; Jan holds Tom's card and the kiosk;
# Tom holds Marie's card and the street café; Marie holds Julia's card and the metro.
HANDS = {
    "agents": [JAN, TOM, MARIE, JULIA],
    "locations": ["fountain", "kiosk", "street_cafe", "metro_station"],
}
FOUNTAIN, KIOSK = 3, 2

VARIANTS: tuple[dict[str, object], ...] = (
    {"look_ms": 100, "notice_ms": 200},
    {"look_ms": 0, "notice_ms": 0, "turn_seconds": 2},
    {"mode": "companion"},
    {"first_game": True},
)


def positions(players: int, seed: int, options: dict[str, object]) -> Iterator[WinkState]:
    """Copies of one random game (random seats, a clock that moves) at a dozen moments."""
    state = GAME.new_state(players, options, seed=seed)
    assert isinstance(state, WinkState)
    rng = Rng(seed * 7919 + players)
    step = 0
    while not state.is_over() and step < 3000:
        state.advance_time(step * 0.15)
        if step % 8 == 0:
            yield state.clone()
        seat = rng.choice(list(state.acting_players()))
        actions = state.legal_actions(seat)
        if actions:
            state.apply(seat, rng.choice(actions))
        step += 1
    yield state


def tensor(state: WinkState, seat: int) -> dict[str, list[float]]:
    n = state.num_players
    values = GAME.observation_tensor(state.observation(seat), n)
    found = GAME.tensor_layout(n)
    assert found is not None
    return found.split(values)


def rows(values: list[float], width: int) -> list[list[float]]:
    return [values[i : i + width] for i in range(0, len(values), width)]


@pytest.mark.parametrize("players", range(4, 9))
def test_fixed_size_and_range_over_random_games(players: int) -> None:
    found = layout(players)
    size = found.size
    assert size == players * players + 19 * players + 28
    checked = 0
    lit: set[str] = set()
    for seed, options in enumerate(VARIANTS):
        for state in positions(players, seed, options):
            for seat in range(players):
                values = encode(state.observation(seat), players)
                assert len(values) == size
                assert all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in values)
                lit.update(name for name, part in found.split(values).items() if any(part))
                checked += 1
    assert checked > 50 * players
    # Random play reaches every slice, so none is dead weight in a learner's input.
    assert lit == {part.name for part in found.slices}


def test_every_slice_is_described_and_the_game_offers_the_layout() -> None:
    for players in range(4, 9):
        found = GAME.tensor_layout(players)
        assert found == layout(players)
        assert all(part.description for part in found.slices)


def test_the_tensor_is_a_function_of_the_observation() -> None:
    """A sampled world the seat cannot tell from the real one gives the seat the same tensor."""
    for players in (4, 6, 8):
        for state in list(positions(players, players, {"look_ms": 400}))[::3]:
            for seat in range(players):
                sample = state.determinize(seat, Rng(seat + 11))
                assert isinstance(sample, WinkState)
                assert tensor(sample, seat) == tensor(state, seat)


def test_a_spectator_has_no_tensor() -> None:
    with pytest.raises(ValueError, match="spectator"):
        encode(table(**HANDS).observation(None), 4)


def test_seats_are_relative_and_gazes_decode() -> None:
    """Julia looks at Jan, Jan at Julia, Tom at Julia, Marie at Tom; Tom has the suitcase."""
    state = table(**HANDS, gaze=[JAN, JULIA, JULIA, TOM], holder=TOM)
    jan = tensor(state, JAN)
    assert jan["phase"] == [0.0, 1.0, 0.0]
    assert jan["companion"] == [0.0]
    assert jan["holder"] == [0.0, 1.0, 0.0, 0.0]  # Tom sits on Jan's left
    assert jan["my_agent"] == [0.0, 1.0, 0.0, 0.0]  # Tom again
    assert jan["my_location"] == [0.0, 0.0, 1.0, 0.0]  # the kiosk
    assert jan["my_gaze"] == [0.0, 0.0, 0.0, 1.0] + [0.0] * 5  # Julia, three to his left
    assert jan["watched_by"] == [0.0, 0.0, 0.0, 1.0]  # Julia
    assert jan["their_gaze"] == [1.0, 0.0, 0.0, 0.0] + [0.0] * 5  # she looks at him
    assert jan["chips"] == [1.0] * 4
    assert jan["has_agent_card"] == [1.0] * 4
    assert jan["known_agent"] == [0.0] * 12
    assert jan["wink_age"] == [1.0] * 4
    marie = tensor(state, MARIE)
    assert marie["holder"] == [0.0, 0.0, 0.0, 1.0]
    assert marie["my_agent"] == [0.0, 1.0, 0.0, 0.0]  # Julia sits on Marie's left
    assert marie["watched_by"] == [0.0] * 4
    assert marie["their_gaze"] == [0.0, 1.0, 0.0, 0.0] + [0.0] * 5  # Tom looks at Julia
    assert jan != marie


def test_signals_decode_and_stay_with_their_witnesses() -> None:
    """Julia winks at Jan: Jan and Tom see it, Marie (looking at Tom) does not."""
    state = table(**HANDS, gaze=[JAN, JULIA, JULIA, TOM], holder=TOM)
    marie_before = tensor(state, MARIE)
    state.apply(JULIA, Wink())
    assert tensor(state, MARIE) == marie_before
    jan = tensor(state, JAN)
    # Rows are the other seats from Jan's left: Tom, Marie, Julia; columns relative to Jan.
    assert rows(jan["known_agent"], 4) == [[0.0] * 4, [0.0] * 4, [1.0, 0.0, 0.0, 0.0]]
    tom = tensor(state, TOM)
    assert rows(tom["known_agent"], 4)[1] == [0.0, 0.0, 0.0, 1.0]  # Julia winked at Jan
    assert tensor(state, JULIA)["my_winked"] == [1.0]
    state.advance_time(6.0)
    jan = tensor(state, JAN)
    assert jan["wink_age"] == [1.0, 1.0, 1.0, pytest.approx(6.0 / TIME_CAP)]
    assert jan["clock"] == [pytest.approx(6.0 / CLOCK_CAP)]
    state.apply(JAN, Glance())  # Julia still looks at Jan and sees the kiosk
    julia = tensor(state, JULIA)
    assert rows(julia["known_location"], 4)[0] == [0.0, 0.0, 1.0, 0.0]
    assert julia["glance_age"] == [1.0, 0.0, 1.0, 1.0]
    assert rows(julia["known_agent"], 4) == [[0.0] * 4] * 3  # her own wink is in my_agent


def test_a_failed_mission_decodes_in_companion_mode() -> None:
    """Julia names the fountain for Tom, who holds the kiosk: the table learns he said no."""
    state = table(
        agents=[TOM, JULIA, MARIE, JAN],
        locations=["fountain", "street_cafe", "kiosk", "metro_station"],
        agent_deck=[MARIE],
        holder=JULIA,
        mode="companion",
    )
    state.apply(JULIA, CompleteMission("fountain"))
    marie = tensor(state, MARIE)
    assert marie["companion"] == [1.0]
    assert marie["my_gaze"] == [0.0] * 9 and marie["their_gaze"] == [0.0] * 9
    assert marie["holder"] == [0.0, 0.0, 1.0, 0.0]  # the suitcase moved on to Jan
    # Rows from Marie's left: Julia, Jan, Tom.
    assert rows(marie["ruled_out"], 4) == [[0.0] * 4, [0.0] * 4, [0.0, 0.0, 0.0, 1.0]]
    assert marie["agent_discard_seen"] == [0.0, 0.0, 0.0, pytest.approx(1 / 7)]  # Tom's card
    assert marie["stats"] == [0.0, pytest.approx(1 / 28), 0.0, 0.0]
    assert tensor(state, JULIA)["my_agent"] == [0.0, 0.0, 0.0, 1.0]  # she drew Marie


def test_turn_clock_and_the_opening() -> None:
    state = table(**HANDS, turn_seconds=10.0, now=100.0, holder=JAN)
    state.advance_time(104.0)
    jan = tensor(state, JAN)
    assert jan["turn_elapsed"] == [pytest.approx(4.0 / TIME_CAP)]
    assert jan["turn_timer"] == [1.0, pytest.approx(0.6)]
    opening = GAME.new_state(5, seed=3)
    assert isinstance(opening, WinkState)
    first = tensor(opening, 2)
    assert first["phase"] == [1.0, 0.0, 0.0]
    assert first["my_agent"] == [0.0] * 5 and first["my_location"] == [0.0] * 4
    assert first["decks"] == [1.0, 1.0, 0.0, 0.0, 0.0]
    assert first["my_gaze"] == [0.0] * 9 + [1.0]  # everyone starts looking at their cards
