"""The SpyWorld observation tensor: fixed size, bounded values, slices that decode right,
and nothing a seat may not know (docs/games/spyworld.md, "Observation tensor")."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from topsecret.core import Rng
from topsecret.games.spyworld import GAME
from topsecret.games.spyworld.actions import Pass, PlaceUpgrade, PlaceWall, TakeCards
from topsecret.games.spyworld.components import CARD_FRONTS, sheet
from topsecret.games.spyworld.state import SpyWorldState
from topsecret.games.spyworld.tensor import PHASES, ROOM_PLANES, encode, layout

from .helpers import table

LAIRS = ("superyacht", "polar_base", "jungle_temple", "moon_base")


def positions(players: int, seed: int, every: int = 9) -> Iterator[SpyWorldState]:
    """Positions of a seeded random game: every ``every``-th decision while planning (lists
    of legal actions are the slow part), every decision while exploring, and the end."""
    options = {"lair": LAIRS[seed % len(LAIRS)], "gadgets": "NENEN" if seed % 2 else "normal"}
    state = GAME.new_state(players, options, seed)
    assert isinstance(state, SpyWorldState)
    rnd = random.Random(seed)
    count = 0
    while not state.is_over():
        if state.phase == "explore" or count % every == 0:
            yield state
        count += 1
        seat = rnd.choice(state.acting_players())
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    yield state


def tensor(state: SpyWorldState, seat: int) -> list[float]:
    return GAME.observation_tensor(state.observation(seat), state.n)


def seat_slice(state: SpyWorldState, seat: int, name: str) -> list[float]:
    return layout(state.n).split(tensor(state, seat))[name]


def room_plane(values: list[float], kind: str) -> list[float]:
    size = sheet().grid.size
    start = ROOM_PLANES.index(kind) * size
    return values[start : start + size]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_size_and_range_over_random_games(players: int) -> None:
    """Every position, every seat: the layout's size, finite values in [0, 1]."""
    size = GAME.tensor_layout(players)
    assert size is not None
    assert size.size == 177 + 458 * players + players * players
    phases = set()
    for seed in range(6):
        for state in positions(players, 10 * players + seed, every=4):
            phases.add(state.phase)
            for seat in range(players):
                values = tensor(state, seat)
                assert len(values) == size.size
                bad = {
                    name: part
                    for name, part in size.split(values).items()
                    if not all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in part)
                }
                assert not bad, bad
                split = size.split(values)
                assert sum(split["phase"]) == 1.0
                assert split["phase"][PHASES.index(state.phase)] == 1.0
    assert {"choose", "resolve", "explore", "over"} <= phases


def test_every_slice_has_a_description() -> None:
    for players in (2, 5, 12):
        for part in layout(players).slices:
            assert part.description.strip()


def test_a_placement_shows_in_my_lair_and_in_the_neighbours_view() -> None:
    state = table(["lasers", "wall", "movement"], ["R4", "B2", "R1"], players=3)
    before = seat_slice(state, 0, "lair0_rooms")
    room = sheet().grid.room(4, 2)
    assert room_plane(before, "empty")[room] == 1.0
    offer = layout(3).split(tensor(state, 0))
    fronts = len(CARD_FRONTS)
    assert offer["offer_fronts"][CARD_FRONTS.index("lasers")] == 1.0
    assert offer["offer_fronts"][fronts + CARD_FRONTS.index("wall")] == 1.0
    assert offer["offer_points"][0] == 0.0
    # Deck 0 shows R4: red, then number 4 one-hot.
    assert offer["offer_backs"][:7] == [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]
    # Deck 1 shows B2.
    assert offer["offer_backs"][7:14] == [0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0]

    state.apply(0, TakeCards((0,)))
    state.apply(1, Pass())
    state.apply(2, TakeCards((1,)))
    mine = layout(3).split(tensor(state, 0))
    assert mine["seat0_turn"][2:] == [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    assert mine["seat1_turn"][5] == 1.0  # seat 1 passed
    state.apply(0, PlaceUpgrade(4, 2))
    state.apply(2, PlaceWall(2, 2, "east"))

    after = seat_slice(state, 0, "lair0_rooms")
    assert room_plane(after, "lasers")[room] == 1.0
    assert room_plane(after, "empty")[room] == 0.0
    assert sum(after) == sum(before)  # one kind per room still
    # Seat 1 sees seat 0 as the seat two places on (0 = 1 + 2 mod 3).
    theirs = seat_slice(state, 1, "lair2_rooms")
    assert room_plane(theirs, "lasers")[room] == 1.0
    walls = seat_slice(state, 0, "lair2_walls")
    assert walls[sheet().grid.room(2, 2)] == 1.0  # east plane
    assert sum(walls) == 1.0
    assert seat_slice(state, 2, "lair0_walls") == walls
    # The observations differ between seats, and so do the tensors.
    assert tensor(state, 0) != tensor(state, 1)


def test_the_sheet_is_scaled_by_the_documented_maxima() -> None:
    state = table(["movement", "wall", "lasers"], ["R4", "B2", "R1"], players=2, budget=22)
    state.sheets[1].stats = [20, 10, 0]
    state.sheets[1].gadgets = [2, 5]
    split = layout(2).split(tensor(state, 0))
    assert split["sheet0_money"][0] == 22 / 55
    assert split["sheet1_stats"] == [1.0, 0.5, 0.0]
    assert split["sheet1_gadgets"] == [0.0, 1.0, 0.0, 0.0, 1.0]
    assert split["sheet0_gadgets"] == [0.0] * 5


def test_exploration_slices_follow_the_run() -> None:
    for state in positions(3, 11):
        if state.phase == "explore":
            break
    else:
        raise AssertionError("the game never reached exploration")
    size = sheet().grid.size
    start = sheet().start
    for seat in range(3):
        split = layout(3).split(tensor(state, seat))
        explored = state.explorer_of.index(seat)  # the lair this seat explores
        k = (explored - seat) % 3
        assert split[f"run{k}_explorer"][0] == 1.0  # explored by me
        assert split[f"run{k}_position"] == [float(r == start) for r in range(size)]
        assert split[f"run{k}_visited"] == [float(r == start) for r in range(size)]
        assert split[f"run{k}_counts"][0] == 1 / size
    # Before exploration the run slices are empty.
    first = next(positions(3, 11))
    split = layout(3).split(tensor(first, 0))
    assert not any(split["run0_explorer"] + split["run0_position"])


@pytest.mark.parametrize("players", [2, 4])
def test_the_tensor_is_a_function_of_the_observation(players: int) -> None:
    """A sampled world consistent with a seat's view gives that seat the same tensor."""
    checked = 0
    for index, state in enumerate(positions(players, 7 + players, every=6)):
        for seat in range(players):
            sample = state.determinize(seat, Rng(index + seat))
            assert isinstance(sample, SpyWorldState)
            assert tensor(sample, seat) == tensor(state, seat)
            checked += 1
    assert checked > 5


def test_encode_reads_the_observation_only() -> None:
    state = GAME.new_state(3, {}, 3)
    observation = state.observation(1)
    assert encode(observation, 3) == GAME.observation_tensor(observation, 3)
