"""The briefcase observation tensor: a fixed layout of named slices, from the observation alone."""

from __future__ import annotations

import math

import pytest

from topsecret.core import Rng, State, play_random_step
from topsecret.games.briefcase import GAME, load_board
from topsecret.games.briefcase.actions import (
    CarryBriefcase,
    Challenge,
    LookAtPayoff,
    MoveAgent,
    Raise,
    SetupPayoff,
)
from topsecret.games.briefcase.tensor import PHASES, encode, layout

from .helpers import act, pass_all, table

BOARD = load_board()
CITIES = len(BOARD.names)
AGENTS = GAME.components.agent_names
PAYEES = (*AGENTS, "Dr. Solomon")
RESERVE = GAME.components.reserve


def view(state: State, seat: int) -> dict[str, list[float]]:
    """The seat's tensor cut into its named slices."""
    players = state.num_players
    return GAME.tensor_layout(players).split(
        GAME.observation_tensor(state.observation(seat), players)
    )


def city(name: str) -> list[float]:
    return [1.0 if c == name else 0.0 for c in BOARD.names]


def agent(name: str) -> list[float]:
    return [1.0 if a == name else 0.0 for a in AGENTS]


def positions(players: int, games: int, every: int) -> list[State]:
    """Positions of seeded random games, one every ``every`` decisions and the end."""
    out: list[State] = []
    for seed in range(games):
        state = GAME.new_state(players, seed=100 * players + seed)
        rng = Rng(seed)
        step = 0
        while not state.is_over():
            if step % every == 0:
                out.append(state.clone())
            play_random_step(state, rng)
            step += 1
        out.append(state)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_tensor_has_the_layouts_size_and_stays_in_its_documented_range(
    players: int,
) -> None:
    """Every slice is one-hot, 0/1 or a count divided by a documented maximum: in [0, 1]."""
    size = GAME.tensor_layout(players).size
    for state in positions(players, games=8, every=3):
        for seat in range(players):
            tensor = GAME.observation_tensor(state.observation(seat), players)
            assert len(tensor) == size
            assert all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in tensor)


def test_sizes_grow_with_the_player_count_as_documented() -> None:
    """Each seat adds C + 46 values (C cities): see docs/games/briefcase.md."""
    sizes = {players: GAME.tensor_layout(players).size for players in (2, 3, 4)}
    assert sizes == {2: 488, 3: 565, 4: 642}
    assert layout(3, BOARD, GAME.components) == GAME.tensor_layout(3)
    every = GAME.tensor_layout(4).describe()
    assert all(row["description"] for row in every)


def test_the_slices_read_back_a_hand_checked_position() -> None:
    """Seat 1 of 3 at an arranged table: seats are relative, me first, then clockwise."""
    state = table(
        3,
        agents={"Spyglass": "Vienna", "Tempest": None},
        briefcase="Vienna",
        payoffs={1: {"Magician": 4, "Dr. Solomon": 2}, 2: {"Beacon": 9}},
        tokens=["Beacon", "Magician", "Roulette"],
        restricted=[2],
        track=0,
        current=0,
    )
    me = view(state, 1)
    assert me["phase"] == [1.0 if p == "turn" else 0.0 for p in PHASES]
    # Seen from seat 1: position 0 is seat 1, 1 is seat 2, 2 is seat 0.
    assert me["current"] == [0.0, 0.0, 1.0]
    assert me["acting"] == [0.0, 0.0, 1.0]
    assert me["restricted"] == [0.0, 1.0, 0.0]
    assert me["hq_city"] == city("Stockholm") + city("Istanbul") + city("London")
    assert me["track"] == [0.0] and me["track_end"] == [1.0]
    cut = [me["agent_city"][i * CITIES : (i + 1) * CITIES] for i in range(len(AGENTS))]
    assert cut[AGENTS.index("Spyglass")] == city("Vienna")
    assert cut[AGENTS.index("Beacon")] == city("Belgrade")
    assert cut[AGENTS.index("Tempest")] == [0.0] * CITIES
    assert me["agent_burnt"] == agent("Tempest")
    assert me["briefcase_city"] == city("Vienna")
    assert me["agents_with_briefcase"] == agent("Spyglass")
    assert me["my_payoffs"] == [
        {"Magician": 4, "Dr. Solomon": 2}.get(p, 0) / RESERVE for p in PAYEES
    ]
    assert me["my_reserve"] == [24 / RESERVE]
    assert me["my_starting_token"] == agent("Magician")
    assert me["pending_kind"] == [0.0, 0.0] and me["winners"] == [0.0, 0.0, 0.0]


def test_a_challenge_in_progress_shows_the_announcement_and_the_numbers() -> None:
    """§Challenges: the announced move, who may still challenge, and both numbers so far."""
    state = table(3, payoffs={0: {"Roulette": 8}, 1: {"Roulette": 5}})
    act(state, MoveAgent("Roulette", "Genoa"))  # seat 0 moves from Marseille
    act(state, Challenge(3))  # seat 1 opens with 3
    act(state, Raise(6))  # seat 0 answers 6
    me = view(state, 2)
    assert me["phase"] == [1.0 if p == "bid" else 0.0 for p in PHASES]
    assert me["pending_kind"] == [1.0, 0.0]
    assert me["pending_agent"] == agent("Roulette")
    assert me["pending_from"] == city("Marseille") and me["pending_to"] == city("Genoa")
    assert me["pending_target"] == [0.0] * len(AGENTS)
    # Seen from seat 2: seat 0 is position 1 and seat 1 is position 2.
    assert me["pending_challenger"] == [0.0, 0.0, 1.0]
    assert me["pending_to_ask"] == [1.0, 0.0, 0.0]
    assert me["bid_challenger"] == [3 / RESERVE] and me["bid_mover"] == [6 / RESERVE]
    roulette = AGENTS.index("Roulette")
    known = me["known_at_least"]
    assert known[1 * 7 + roulette] == 6 / RESERVE and known[2 * 7 + roulette] == 3 / RESERVE
    assert me["announced_with"][1 * 6 + roulette] == 1.0


def test_a_spyglass_look_is_in_the_lookers_tensor_only() -> None:
    """Spyglass (design): only its user learns the number."""
    state = table(3, agents={"Spyglass": "Munich"}, payoffs={2: {"Tempest": 7}})
    act(state, MoveAgent("Spyglass", "Zurich"))
    pass_all(state)
    assert view(state, 0)["moved_agent"] == agent("Spyglass")
    act(state, LookAtPayoff(2, "Tempest"))
    looker, other = view(state, 0), view(state, 1)
    at = 1 * 7 + PAYEES.index("Tempest")  # seat 2 is the second other seat of seat 0
    assert looker["spied_seen"][at] == 1.0 and looker["spied_amount"][at] == 7 / RESERVE
    assert sum(other["spied_seen"]) == 0.0 and sum(other["spied_amount"]) == 0.0


def test_setup_shows_my_hidden_choice_and_who_has_chosen() -> None:
    state = GAME.new_state(2, seed=3)
    token = state.observation(0)["you"]["starting_token"]
    first, second = [a for a in AGENTS if a != token][:2]
    state.apply(0, SetupPayoff(first, second))
    mine, theirs = view(state, 0), view(state, 1)
    assert mine["my_setup_choice"] == [1.0 if a in (first, second) else 0.0 for a in AGENTS]
    assert mine["setup_chosen"] == [1.0, 0.0] and theirs["setup_chosen"] == [0.0, 1.0]
    assert sum(theirs["my_setup_choice"]) == 0.0


def test_the_end_reveals_every_payoff_and_the_winner() -> None:
    """§End of the Game: seat 1 brings the briefcase to its HQ; shields are lifted."""
    state = table(2, agents={"Beacon": "Bucharest"}, briefcase="Bucharest", current=1)
    act(state, MoveAgent("Beacon", "Istanbul"))
    pass_all(state)
    act(state, CarryBriefcase(True))
    me = view(state, 0)
    assert me["phase"] == [1.0 if p == "over" else 0.0 for p in PHASES]
    assert me["winners"] == [0.0, 1.0] and me["end_reason"] == [1.0, 0.0]
    assert me["revealed_reserves"] == [1.0, 1.0]


def test_the_tensor_is_a_function_of_the_observation() -> None:
    """A determinization redraws others' secrets: the seat's tensor must not move."""
    for players in (2, 3, 4):
        for state in positions(players, games=2, every=7):
            for seat in range(players):
                mine = GAME.observation_tensor(state.observation(seat), players)
                world = state.determinize(seat, Rng(seat + 1))
                assert GAME.observation_tensor(world.observation(seat), players) == mine


def test_seats_with_different_payoffs_get_different_tensors() -> None:
    state = table(3, payoffs={0: {"Beacon": 5}, 1: {"Vagabond": 2}})
    zero, one = view(state, 0), view(state, 1)
    assert zero["my_payoffs"] != one["my_payoffs"]
    assert zero["my_payoffs"][AGENTS.index("Beacon")] == 5 / RESERVE
    assert one["my_payoffs"][AGENTS.index("Vagabond")] == 2 / RESERVE


def test_a_spectator_or_another_map_has_no_tensor() -> None:
    state = GAME.new_state(2, seed=1)
    with pytest.raises(ValueError, match="spectator"):
        encode(state.observation(None), 2)
    other = {**state.observation(0), "map": "Atlantis", "map_key": "0" * 16}
    with pytest.raises(ValueError, match="Atlantis"):
        GAME.observation_tensor(other, 2)
