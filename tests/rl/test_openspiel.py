"""The OpenSpiel adapter: registration, random play, hidden information, OpenSpiel's IS-MCTS."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install -e '.[rl]'"
)

import numpy as np  # noqa: E402  (after the skip: numpy comes with OpenSpiel)
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from topsecret.core import ActionFormatError, IllegalAction  # noqa: E402
from topsecret.games import game_ids, get_game  # noqa: E402
from topsecret.rl import openspiel  # noqa: E402, F401  (importing it registers the games)

GAME_IDS = game_ids()


def small_params(game_id: str) -> dict[str, Any]:
    """The quickest table of each game: fewest seats, one Vault deal."""
    params: dict[str, Any] = {"players": get_game(game_id).min_players}
    if game_id == "vault":
        params["single_deal"] = True
    return params


def load(game_id: str, **params: Any) -> Any:
    return pyspiel.load_game(f"topsecret_{game_id}", {**small_params(game_id), **params})


def play_random(state: Any, rng: random.Random, stop: int | None = None) -> list[Any]:
    """Random legal ids until the end (or ``stop`` decisions); returns the states passed."""
    passed: list[Any] = []
    while not state.is_terminal() and (stop is None or len(passed) < stop):
        passed.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return passed


def test_importing_the_package_does_not_import_openspiel() -> None:
    code = "import sys, topsecret.rl; print('pyspiel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_loads_with_its_defaults(game_id: str) -> None:
    engine = get_game(game_id)
    game = pyspiel.load_game(f"topsecret_{game_id}")
    players = engine.default_players()
    assert game.num_players() == players
    # A real-time game on its running clock has one more id: "wait".
    waits = engine.play_style == "realtime"
    assert game.num_distinct_actions() == engine.codec(players).size + waits
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert set(game.get_parameters()) >= {"players", "seed"} | {
        spec.name for spec in engine.option_specs
    }
    state = game.new_initial_state()
    assert not state.is_terminal()
    assert state.current_player() in state.topsecret_state.acting_players()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_new_initial_state_is_a_new_deal_from_the_seed(game_id: str) -> None:
    """Chance is sampled, as in OpenSpiel's sampled games: the ``seed`` parameter starts a
    sequence of deals, so sampling algorithms meet many deals, and a game loaded again with
    the same seed deals the same sequence."""
    first = load(game_id, seed=5)
    again = load(game_id, seed=5)
    other = load(game_id, seed=6)
    deals = [str(first.new_initial_state()) for _ in range(4)]
    assert len(set(deals)) == 4
    assert [str(again.new_initial_state()) for _ in range(4)] == deals
    assert str(other.new_initial_state()) != deals[0]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_deal_is_replayed_from_its_seed_and_history(game_id: str) -> None:
    """What the docs tell a user to store instead of pickling: the game's parameters, the
    state's ``deal_seed()`` and its ``history()``."""
    game = load(game_id, seed=8)
    game.new_initial_state()
    state = game.new_initial_state()
    play_random(state, random.Random(8), stop=25)
    replay = load(game_id, seed=8).new_initial_state_from_seed(state.deal_seed())
    for action in state.history():
        replay.apply_action(action)
    assert str(replay) == str(state)
    assert replay.deal_seed() == state.deal_seed()


def test_bad_parameters_are_refused_with_the_rule() -> None:
    with pytest.raises(Exception, match="2-6 players"):
        pyspiel.load_game("topsecret_vault", {"players": 9})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_games_end_legally_with_shared_wins(game_id: str) -> None:
    game = load(game_id)
    size = game.num_distinct_actions()
    for seed in (1, 2):
        state = game.new_initial_state_from_seed(seed)
        rng = random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            table = state.topsecret_state
            player = state.current_player()
            assert player in table.acting_players()
            legal = state.legal_actions()
            assert legal == sorted(legal) and all(0 <= a < size for a in legal)
            assert state.returns() == [0.0] * game.num_players()
            state.apply_action(rng.choice(legal))
            decisions += 1
        assert decisions <= game.max_game_length()
        returns = state.returns()
        assert sum(returns) == pytest.approx(1.0)
        best = max(state.scores())
        winners = [seat for seat, score in enumerate(state.scores()) if score == best]
        assert returns == [1.0 / len(winners) if s in winners else 0.0 for s in range(len(returns))]
        assert state.current_player() == pyspiel.PlayerId.TERMINAL


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_clone_is_independent_and_equal(game_id: str) -> None:
    state = load(game_id).new_initial_state_from_seed(3)
    play_random(state, random.Random(3), stop=15)
    copy = state.clone()
    assert str(copy) == str(state)
    assert copy.information_state_string(0) == state.information_state_string(0)
    before = str(state)
    copy.apply_action(copy.legal_actions()[0])
    assert str(state) == before


def test_an_illegal_id_is_refused_and_leaves_the_state() -> None:
    state = load("vault").new_initial_state_from_seed(5)
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    before = str(state)
    with pytest.raises(IllegalAction, match="Rulebook 002"):
        state.apply_action(illegal)
    assert str(state) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_information_state_is_the_observation_and_a_history_digest(game_id: str) -> None:
    """Nothing but the seat's own observation and a digest of what it saw; and a resampled
    world (others' hidden cards drawn again) gives the seat the very same string."""
    game = load(game_id)
    state = game.new_initial_state_from_seed(7)
    sampler = pyspiel.UniformProbabilitySampler(11, 0.0, 1.0)
    worlds_differ = False
    for passed in play_random(state, random.Random(7))[::9]:
        table = passed.topsecret_state
        for seat in range(game.num_players()):
            info = passed.information_state_string(seat)
            data = json.loads(info)
            assert set(data) == {"history", "observation"}
            assert data["observation"] == json.loads(json.dumps(table.observation(seat)))
            assert len(data["history"]) == 32
            int(data["history"], 16)
            assert passed.observation_string(seat) == json.dumps(
                data["observation"], sort_keys=True, separators=(",", ":")
            )
            world = passed.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == info
            assert world.current_player() == passed.current_player()
            worlds_differ |= str(world) != str(passed)
    assert worlds_differ, "resampling never changed a hidden part: the check proved nothing"


def test_a_commitment_never_reaches_another_seat() -> None:
    state = load("vault").new_initial_state_from_seed(9)
    assert state.topsecret_state.open_step() is not None
    first, second = state.legal_actions()[:2]
    one, other = state.clone(), state.clone()
    one.apply_action(first)
    other.apply_action(second)
    assert one.current_player() == other.current_player() == 1
    assert one.information_state_string(1) == other.information_state_string(1)
    assert one.information_state_string(0) != other.information_state_string(0)


def test_vault_hands_stay_out_of_other_seats_information() -> None:
    state = load("vault", players=3).new_initial_state_from_seed(4)
    hands = state.topsecret_state.observation
    mine = json.loads(state.information_state_string(0))["observation"]["hand"]
    for seat in (1, 2):
        theirs = hands(seat)["hand"]
        assert theirs != mine
        assert json.dumps(theirs, separators=(",", ":")) not in state.information_state_string(0)


def test_wink_presents_seats_in_rounds_of_the_virtual_clock() -> None:
    ticking = load("wink", tick_ms=250).new_initial_state_from_seed(2)
    stopped = load("wink", tick_ms=0).new_initial_state_from_seed(2)
    players = ticking.num_players()
    order: list[int] = []
    for _ in range(3 * players):
        order.append(ticking.current_player())
        ticking.apply_action(ticking.legal_actions()[0])
        stopped.apply_action(stopped.legal_actions()[0])
    # Round k asks every seat once, starting from seat k.
    assert order[:players] == list(range(players))
    assert order[players : 2 * players] == [(s + 1) % players for s in range(players)]
    # The fourth round has begun: its clock is already set.
    assert ticking.topsecret_state.observation(0)["now"] == pytest.approx(0.75)
    assert stopped.topsecret_state.observation(0)["now"] == 0.0


def test_a_wink_seat_may_let_a_round_of_the_clock_pass() -> None:
    """Given a wink table on a running clock, every seat asked in a round is offered "wait"
    (the last id, one past the codec) beside its game actions; waiting changes nothing at
    the table and hands the round to the next seat. With the clock stopped there is no
    "wait": nothing would ever move on."""
    game = load("wink", tick_ms=250)
    wait = get_game("wink").codec(game.num_players()).size
    state = game.new_initial_state_from_seed(2)
    legal = state.legal_actions()
    assert legal[-1] == wait and all(a < wait for a in legal[:-1])
    assert state.action_to_string(state.current_player(), wait) == "wait"
    before = str(state)
    seat = state.current_player()
    state.apply_action(wait)
    assert str(state) == before
    assert state.current_player() == (seat + 1) % game.num_players()
    stopped = load("wink", tick_ms=0).new_initial_state_from_seed(2)
    assert stopped.num_distinct_actions() == wait
    assert max(stopped.legal_actions()) < wait


def test_a_wink_game_of_waiting_seats_ends_at_max_game_length() -> None:
    """The rules let wink seats wait forever; OpenSpiel needs a bound, so a game that reaches
    ``max_game_length`` decisions ends there, truncated, with every return 0 (as a truncated
    PettingZoo episode). The bound grows for a shorter tick, as ``max_steps`` does."""
    game = load("wink", tick_ms=250)
    wait = game.num_distinct_actions() - 1
    state = game.new_initial_state_from_seed(2)
    decisions = 0
    while not state.is_terminal():
        state.apply_action(wait)
        decisions += 1
    assert decisions == game.max_game_length()
    assert state.truncated() and not state.topsecret_state.is_over()
    assert state.returns() == [0.0] * game.num_players()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.clone().truncated()
    with pytest.raises(IllegalAction, match="cut at max_game_length"):
        state.apply_action(wait)
    assert load("wink", tick_ms=50).max_game_length() == 5 * game.max_game_length()


def test_a_driver_hears_the_tables_events_and_reads_its_clock() -> None:
    """A driver seating bots of its own beside OpenSpiel's hears every event the table lives
    through (actions and the clock's), never those of a clone, and reads the round's time."""
    game = load("wink", tick_ms=250)
    state = game.new_initial_state_from_seed(3)
    heard: list[Any] = []
    state.listen(heard.extend)
    players = game.num_players()
    rng = random.Random(3)
    for _ in range(6 * players):
        state.apply_action(rng.choice(state.legal_actions()[:-1]))
    assert heard and all(hasattr(event, "visible_to") for event in heard)
    assert state.virtual_time() == pytest.approx(state.topsecret_state.observation(0)["now"])
    assert state.virtual_time() > 0
    copy = state.clone()
    count = len(heard)
    copy.apply_action(copy.legal_actions()[0])
    assert len(heard) == count
    assert load("vault").new_initial_state_from_seed(1).virtual_time() == 0.0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_ismcts_finishes_a_seeded_game(game_id: str) -> None:
    game = load(game_id)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(2), max_length=30)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 5, random_state=np.random.RandomState(1))
    # OpenSpiel's default sampler is seeded by the clock; a seeded one repeats the game.
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = game.new_initial_state_from_seed(4)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_observation_tensor_is_the_games_tensor_of_the_seats_observation(
    game_id: str,
) -> None:
    """Given a random game, at every decision and for every seat, OpenSpiel's observation
    tensor is the game's documented tensor of that seat's observation dict (the fast encoder
    behind it knows no more than the observation), its shape is the layout's size, and
    there is no information state tensor."""
    engine = get_game(game_id)
    game = load(game_id)
    players = game.num_players()
    layout = engine.tensor_layout(players)
    assert layout is not None
    assert game.observation_tensor_shape() == [layout.size]
    kind = game.get_type()
    assert kind.provides_observation_tensor
    assert not kind.provides_information_state_tensor
    state = game.new_initial_state_from_seed(11)
    for passed in [*play_random(state, random.Random(11), stop=120), state]:
        inner = passed.topsecret_state
        for seat in range(players):
            expected = np.asarray(
                engine.observation_tensor(inner.observation(seat), players), dtype=np.float32
            )
            got = np.asarray(passed.observation_tensor(seat), dtype=np.float32)
            np.testing.assert_array_equal(got, expected)


def test_the_observer_names_the_tensors_slices_as_the_layout_does() -> None:
    """OpenSpiel's observer for the observation: one view per named slice of the layout,
    filled for the seat asked; the information state's observer has strings only."""
    from open_spiel.python.observation import make_observation

    engine = get_game("vault")
    game = load("vault")
    layout = engine.tensor_layout(game.num_players())
    assert layout is not None
    state = game.new_initial_state_from_seed(2)
    play_random(state, random.Random(2), stop=5)
    observer = make_observation(game)
    observer.set_from(state, 1)
    assert list(observer.dict) == [part.name for part in layout.slices]
    expected = layout.split(
        engine.observation_tensor(state.topsecret_state.observation(1), game.num_players())
    )
    for name, values in expected.items():
        np.testing.assert_array_equal(observer.dict[name], np.asarray(values, dtype=np.float32))
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None
    assert recall.string_from(state, 1) == state.information_state_string(1)


def test_an_observer_of_public_information_only_is_refused() -> None:
    """The engine gives a seat its own view (public plus its private information); an
    observer of something else is refused rather than handed that view."""
    from open_spiel.python.observation import make_observation

    game = load("vault")
    public_only = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="only a seat's own view") as refused:
        make_observation(game, public_only)
    assert str(refused.value).endswith("not public_info=True, private_info=NONE")
    everyone = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="only a seat's own view"):
        make_observation(game, everyone)


def test_an_id_out_of_range_in_wink_names_the_range_with_wait() -> None:
    """On a running clock the last id is "wait", one past the codec: the refusal of an id
    out of range names the whole range."""
    game = load("wink", tick_ms=250)
    last = game.num_distinct_actions() - 1
    with pytest.raises(ActionFormatError, match=rf"action id 1000000 is outside 0\.\.{last}$"):
        game.new_initial_state_from_seed(1).apply_action(1_000_000)
