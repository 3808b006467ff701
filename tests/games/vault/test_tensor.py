"""The vault observation tensor: fixed size, bounded, decodable, and a function of what a seat
may know (its observation) only."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator

import pytest

from topsecret.core import Rng, play_random_step
from topsecret.games.vault import GAME, Bank, PlayCard, VaultState
from topsecret.games.vault.tensor import (
    FACE_UP_SLOTS,
    card_types,
    deal_score_scale,
    hand_maxima,
)

from .table import everyone_plays, moles_steal

TYPES = card_types()
K = len(TYPES)
DOC5, DOC10, DOC15, DOC20, ASSASSIN, MOLE, SPECIAL = range(K)


def one_hot(index: int, size: int = K) -> list[float]:
    return [1.0 if i == index else 0.0 for i in range(size)]


def blocks(values: list[float], size: int) -> list[list[float]]:
    return [values[i : i + size] for i in range(0, len(values), size)]


def tensor(state: VaultState, seat: int | None) -> dict[str, list[float]]:
    n = state.num_players
    return GAME.tensor_layout(n).split(GAME.observation_tensor(state.observation(seat), n))


def random_positions(players: int, seed: int, every: int = 3) -> Iterator[VaultState]:
    """Every few decisions of one seeded random single deal, the end included."""
    state = GAME.new_state(players, {"single_deal": True}, seed=seed)
    rng = Rng(seed + 100)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield state
        play_random_step(state, rng)
        step += 1
    yield state


def test_the_card_types_are_the_documents_by_value_then_the_agents():
    assert TYPES == (
        ("document", 5),
        ("document", 10),
        ("document", 15),
        ("document", 20),
        ("assassin", 0),
        ("mole", 0),
        ("special_agent", 0),
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_layout_has_a_fixed_documented_size(players):
    layout = GAME.tensor_layout(players)
    assert layout.size == 18 + 36 * players
    assert all(part.description for part in layout.slices)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_position_gives_a_tensor_of_the_layouts_size_within_0_and_1(players):
    size = GAME.tensor_layout(players).size
    for seed in range(4):
        for state in random_positions(players, seed):
            for seat in (None, *range(players)):
                values = GAME.observation_tensor(state.observation(seat), players)
                assert len(values) == size
                assert all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in values)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_tensor_is_a_function_of_the_observation(players):
    """A sampled world the seat cannot tell from the real one gives the same tensor."""
    for state in random_positions(players, seed=7, every=5):
        if state.is_over():
            continue
        for seat in range(players):
            mine = GAME.observation_tensor(state.observation(seat), players)
            for k in range(2):
                sample = state.determinize(seat, Rng(k))
                assert GAME.observation_tensor(sample.observation(seat), players) == mine


@pytest.mark.parametrize("players", [2, 3, 5])
def test_my_block_of_hands_is_my_own_hand(players):
    maxima = hand_maxima(players)
    index = {key: i for i, key in enumerate(TYPES)}
    differ = 0
    for state in random_positions(players, seed=3, every=4):
        seen = []
        for seat in range(players):
            obs = state.observation(seat)
            counts = Counter(
                index[(c["kind"], c["value"] if c["kind"] == "document" else 0)]
                for c in obs["hand"]
            )
            mine = blocks(tensor(state, seat)["hands"], K)[0]
            assert mine == [min(counts[t] / maxima[t], 1.0) for t in range(K)]
            seen.append(tuple(mine))
        differ += len(set(seen)) > 1
    # Different hands read differently from each chair: the tensor is not the same for all.
    assert differ > 0


def test_a_mole_hunt_decodes_from_the_moles_chair():
    state = VaultState.arranged(
        [["doc20", "doc5"], ["doc10", "doc5"], ["mole", "doc5"], ["assassin", "doc5"]],
        face_up=[["doc10"], [], [], []],
        x1=[["doc15"], [], [], []],
        totals=[600, 0, 1500, 0],
        options={"single_deal": False, "target": 1200},
    )
    everyone_plays(state, {0: "doc20", 1: "doc10", 3: "doc5", 2: "mole"})
    assert state.phase == "steal"
    t = tensor(state, 2)
    # Chair order for seat 2: me (2), then 3, 0, 1.
    assert t["phase"] == [0.0, 1.0, 0.0, 0.0]
    assert t["trick"] == [1 / state.tricks_per_deal()]
    assert t["single_deal"] == [0.0]
    assert t["stolen_face_up"] == [0.0]
    half_a_doc5 = [0.5 if i == DOC5 else 0.0 for i in range(K)]
    # Seat 3 kept its assassin; the starting hand at 4 players holds two of each.
    assert (
        blocks(t["hands"], K)
        == [half_a_doc5, [x / 2 for x in one_hot(ASSASSIN)]] + [half_a_doc5] * 2
    )
    face_up = blocks(t["face_up"], FACE_UP_SLOTS * K)
    assert face_up[0] == [0.0] * (2 * K)
    assert face_up[1] == one_hot(DOC5) + [0.0] * K
    # Seat 0's kept 10 lies under the 20 it just played.
    assert face_up[2] == one_hot(DOC10) + one_hot(DOC20)
    assert face_up[3] == one_hot(DOC10) + [0.0] * K
    assert t["deal_score"] == [0.0, 0.0, 15 / deal_score_scale(4), 0.0]
    assert t["total"] == [1.0, 0.0, 0.5, 0.0]
    assert t["waiting"] == [1.0, 0.0, 0.0, 0.0]
    assert t["chosen"] == [0.0] * 4
    assert t["my_choice"] == [0.0] * (K + 4 + 2)
    assert t["steal_targets"] == [0.0, 1.0, 1.0, 1.0]
    assert t["last_trick_current"] == [1.0]
    assert t["last_boom"] == [0.0]
    assert blocks(t["last_played"], K) == [
        one_hot(MOLE),
        one_hot(DOC5),
        one_hot(DOC20),
        one_hot(DOC10),
    ]
    assert t["last_stole"] == t["last_robbed"] == [0.0] * 4


def test_after_the_theft_the_bank_step_decodes_from_the_victims_chair():
    state = VaultState.arranged(
        [["doc20", "doc5"], ["doc10", "doc5"], ["mole", "doc5"], ["assassin", "doc5"]],
        options={"stolen": "face_up"},
    )
    everyone_plays(state, {0: "doc20", 1: "doc10", 2: "mole", 3: "doc5"})
    moles_steal(state, {2: 0})
    assert state.phase == "bank"
    state.apply(1, Bank())
    victim = tensor(state, 0)
    assert victim["stolen_face_up"] == [1.0]
    assert victim["phase"] == [0.0, 0.0, 1.0, 0.0]
    assert victim["last_stole"] == [0.0, 0.0, 1.0, 0.0]
    assert victim["last_robbed"] == [1.0, 0.0, 0.0, 0.0]
    assert victim["waiting"] == [0.0, 0.0, 1.0, 1.0]
    assert victim["chosen"] == [0.0, 1.0, 0.0, 0.0]
    assert blocks(victim["face_up"], FACE_UP_SLOTS * K)[2] == one_hot(DOC20) + [0.0] * K
    # Seat 1's choice to bank shows in its own tensor only.
    assert victim["my_choice"] == [0.0] * (K + 4 + 2)
    assert tensor(state, 1)["my_choice"] == [0.0] * (K + 4) + [1.0, 0.0]
    assert tensor(state, 3)["my_choice"] == [0.0] * (K + 4 + 2)
    assert tensor(state, 1) != tensor(state, 3)


def test_a_boom_shows_in_the_next_tricks_tensor():
    state = VaultState.arranged([["assassin", "doc5"], ["doc20", "doc5"]])
    everyone_plays(state, {0: "assassin", 1: "doc20"})
    assert state.phase == "play" and state.trick == 2
    t = tensor(state, 1)
    assert t["last_trick_current"] == [0.0]
    assert t["last_boom"] == [1.0]
    assert blocks(t["last_played"], K) == [one_hot(DOC20), one_hot(ASSASSIN)]
    assert t["face_up"] == [0.0] * (2 * FACE_UP_SLOTS * K)
    assert t["waiting"] == [1.0, 1.0]


def test_a_spectator_reads_the_table_from_seat_0_with_no_choice_of_its_own():
    state = VaultState.arranged([["doc20", "doc5"], ["special", "doc5"], ["mole", "doc5"]])
    state.apply(1, PlayCard("special_agent"))
    watcher = tensor(state, None)
    assert watcher["chosen"] == [0.0, 1.0, 0.0]
    assert watcher["my_choice"] == [0.0] * (K + 3 + 2)
    assert tensor(state, 1)["my_choice"] == one_hot(SPECIAL, K + 3 + 2)
    assert watcher["hands"] == tensor(state, 0)["hands"]


def test_the_game_over_position_is_encoded_too():
    state = list(random_positions(3, seed=1, every=1000))[-1]
    assert state.is_over()
    t = tensor(state, 0)
    assert t["phase"] == [0.0, 0.0, 0.0, 1.0]
    assert t["waiting"] == t["chosen"] == [0.0] * 3
    assert t["single_deal"] == [1.0]


def test_an_observation_of_another_table_size_is_refused():
    state = GAME.new_state(3, seed=0)
    with pytest.raises(ValueError, match="3-player"):
        GAME.observation_tensor(state.observation(0), 4)


def test_loot_hidden_by_the_rule_shows_as_a_theft_and_on_the_thiefs_score_only():
    """Rulebook 002 §Une taupe a été jouée: by the rule the loot lies hidden by the safe."""
    state = VaultState.arranged(
        [["doc20", "doc5"], ["doc10", "doc5"], ["mole", "doc5"], ["assassin", "doc5"]]
    )
    everyone_plays(state, {0: "doc20", 1: "doc10", 2: "mole", 3: "doc5"})
    moles_steal(state, {2: 0})
    t = tensor(state, 2)
    assert t["stolen_face_up"] == [0.0]
    assert t["last_stole"] == [1.0, 0.0, 0.0, 0.0]
    assert t["last_robbed"] == [0.0, 0.0, 1.0, 0.0]
    assert blocks(t["face_up"], FACE_UP_SLOTS * K)[0] == [0.0] * (FACE_UP_SLOTS * K)
    assert t["deal_score"][0] == 20 / deal_score_scale(4)
