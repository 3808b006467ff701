"""The fast tensors: written straight from the state, they must equal, float for float, the
documented layout built from the seat's observation dict (the reference path), so they encode
exactly what the seat may know and nothing more."""

from __future__ import annotations

import importlib
from array import array
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from topsecret.core import Game, Rng, State, play_random_step
from topsecret.core.native import compiled_build
from topsecret.core.tensors import StateEncoder, state_encoder
from topsecret.games import all_games, get_game

#: Games whose package ships a fast encoder (the adapters take the reference path for others).
FAST = ("briefcase", "spyworld", "vault", "wink")
GAMES = [game for game in all_games() if game.id in FAST]
#: Options besides the defaults that change what a tensor holds, so the property covers them.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "vault": [{"stolen": "face_up", "single_deal": False}],
    "wink": [{"mode": "companion"}, {"turn_seconds": 20, "first_game": True}],
    "briefcase": [{"hq_win": "owner"}],
    "spyworld": [
        {"lair": "moon_base", "gadgets": "expert", "beginners": "all"},
        {"lair": "superyacht", "lenient": True, "free_agents": True},
    ],
}
#: Table sizes the property covers (every size up to six seats) with default options, and
#: each variant at the fewest seats.
SIZES = [
    (game.id, players, {})
    for game in GAMES
    for players in range(game.min_players, min(game.max_players, 6) + 1)
] + [(game.id, game.min_players, options) for game in GAMES for options in VARIANTS[game.id]]


def reference(game: Game, state: State, seat: int) -> array[float]:
    """The documented path: ``observation(seat)``, then the game's tensor of it."""
    values = game.observation_tensor(state.observation(seat), state.num_players)
    return array("f", values)


def positions(
    game: Game, players: int, seed: int, every: int, options: dict[str, Any] | None = None
) -> list[State]:
    """Copies of a seeded random game every few steps, the end included; a real-time game's
    clock moves a random fraction of a second before each step, so timers and fading
    signals are met too."""
    state = game.new_state(players, options, seed=seed)
    rng = Rng(seed ^ 0x5EED)
    found: list[State] = []
    now = 0.0
    step = 0
    while not state.is_over() and step < 5000:
        if step % every == 0:
            found.append(state.clone())
        if game.play_style == "realtime":
            now += rng.below(8) / 8
            state.advance_time(now)
        if play_random_step(state, rng) == 0 and game.play_style != "realtime":
            break
        step += 1
    found.append(state.clone())
    return found


#: Each fast encoder is checked twice: running its game's writer module in Python, and
#: running the compiled build of that module, which the adapters use.
BUILDS = ("python", "compiled")


def writer_module(game: Game) -> ModuleType:
    return importlib.import_module(f"topsecret.games.{game.id}.tensor_writer")


def encoder_for(game: Game, players: int, build: str = "compiled") -> StateEncoder:
    """The encoder the adapters use (``compiled``), or the same encoder running the game's
    writer in Python (``python``)."""
    found = state_encoder(game, players, compiled=build == "compiled")
    assert found is not None, f"{game.id} ships no fast encoder"
    assert found.size == game.tensor_layout(players).size  # type: ignore[union-attr]
    module = writer_module(game)
    package = module.__name__.rpartition(".")[0]
    compiled_name = f"{package}._tensor_writer_native"
    wanted = compiled_name if build == "compiled" else module.__name__
    assert type(found.writer).__module__ == wanted
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_install_compiled_each_tensor_writer_from_the_current_code(game: Game) -> None:
    """setup.py compiles every game's tensor writer with mypyc, and the adapters run that
    build (CI installs the project, so the builds must be there and current)."""
    build = compiled_build(writer_module(game))
    assert build is not None
    assert build.__file__ is not None and not build.__file__.endswith(".py")


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_the_games_with_a_fast_encoder_are_those_listed(game: Game) -> None:
    for players in range(game.min_players, min(game.max_players, 6) + 1):
        if game.id in FAST:
            encoder_for(game, players)
        else:
            assert state_encoder(game, players) is None


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    SIZES,
    ids=[
        f"{g}-{p}-{','.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}" for g, p, o in SIZES
    ],
)
@pytest.mark.parametrize("build", BUILDS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_the_fast_tensor_equals_the_reference_at_random_positions(
    game_id: str, players: int, options: dict[str, Any], build: str, seed: int
) -> None:
    """Given a random position of a random game, when each seat's tensor is written from the
    state (by the writer in Python and by its compiled build), then it is the tensor of that
    seat's observation, float for float."""
    game = get_game(game_id)
    encoder = encoder_for(game, players, build)
    for state in positions(game, players, seed, every=3, options=options):
        for seat in range(players):
            fast = encoder.encode(state, seat)
            slow = reference(game, state, seat)
            if fast != slow:
                layout = game.tensor_layout(players)
                assert layout is not None
                want, got = layout.split(list(slow)), layout.split(list(fast))
                wrong = {name: (want[name], got[name]) for name in want if want[name] != got[name]}
                pytest.fail(f"seat {seat}: slices differ (reference, fast): {wrong}")


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_each_call_hands_out_a_fresh_buffer(game: Game, build: str) -> None:
    players = game.min_players
    encoder = encoder_for(game, players, build)
    state = game.new_state(players, seed=1)
    first = encoder.encode(state, 0)
    first[0] = 9.0
    assert encoder.encode(state, 0) == reference(game, state, 0)


def assert_same_for_every_seat(game: Game, state: State) -> None:
    for build in BUILDS:
        encoder = encoder_for(game, state.num_players, build)
        for seat in range(state.num_players):
            want = reference(game, state, seat)
            assert encoder.encode(state, seat) == want, f"{build}, seat {seat}"


def test_wink_signals_glances_and_refusals_read_as_the_reference_reads_them() -> None:
    """Random play seldom lets a wink be seen while its card lasts, so a table is set: Julia,
    whose agent is Jan, winks at him before Jan and Tom (Marie looks away), Jan glances back,
    time passes, Julia names the wrong location for Jan, cards change hands; at each moment
    every seat's fast tensor is its observation's (Rulebook 001 §Ehrenkodex, §Mission
    fehlgeschlagen)."""
    from tests.games.wink.tables import JAN, JULIA, MARIE, TOM, table
    from topsecret.games.wink.actions import CompleteMission, Glance, Wink

    game = get_game("wink")
    state = table(
        agents=[JAN, TOM, MARIE, JULIA],
        locations=["fountain", "kiosk", "street_cafe", "metro_station"],
        agent_deck=[MARIE],
        gaze=[JAN, JULIA, JULIA, TOM],
        holder=JULIA,
    )
    layout = game.tensor_layout(4)
    assert layout is not None
    assert_same_for_every_seat(game, state)
    state.apply(JULIA, Wink())
    assert_same_for_every_seat(game, state)
    tom = layout.split(list(encoder_for(game, 4).encode(state, TOM)))
    assert any(tom["known_agent"])  # the wink tells Tom whom Julia's card names
    state.advance_time(6.0)
    state.apply(JAN, Glance())
    assert_same_for_every_seat(game, state)
    state.advance_time(9.0)
    state.apply(JULIA, CompleteMission("fountain"))
    marie = layout.split(list(encoder_for(game, 4).encode(state, MARIE)))
    assert any(marie["ruled_out"])  # Jan said no to the fountain
    assert_same_for_every_seat(game, state)
    state.advance_time(40.0)
    assert_same_for_every_seat(game, state)
