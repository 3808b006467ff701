"""Vault's views keep the same objects for the parts that did not change, and stay snapshots."""

from __future__ import annotations

import copy
from typing import Any

from topsecret.core import Rng
from topsecret.games.vault import GAME, VaultState

from .table import everyone_plays

SHARED_PARTS = ("seats", "discard", "deal_scores", "deal_sides", "totals", "winners")


def test_a_hidden_choice_leaves_every_public_part_the_very_same_object() -> None:
    """Given a view, when one seat chooses a card (hidden until all have chosen), then the
    next view's table parts are the same objects: only the step's view changed."""
    state = VaultState.arranged([["doc5", "doc10"], ["doc15", "doc20"], ["doc10", "doc5"]])
    before = state.observation(0)
    everyone_plays(state, {1: "doc15"})
    after = state.observation(0)
    for key in SHARED_PARTS:
        assert after[key] is before[key], key
    assert after["hand"] is before["hand"]
    assert after["step"] != before["step"]


def test_a_reveal_builds_again_only_the_seats_whose_table_changed() -> None:
    """Given a trick where two seats play documents and one an assassin, when it resolves,
    then the seats' list is new and every changed seat's part is new, and the discard is new
    with the destroyed cards in it."""
    state = VaultState.arranged(
        [["doc5", "doc10"], ["doc15", "doc20"], ["assassin", "doc5"]],
        face_up=[["doc20"], [], []],
    )
    before = state.observation(None)
    everyone_plays(state, {0: "doc5", 1: "doc15", 2: "assassin"})
    after = state.observation(None)
    assert after["seats"] is not before["seats"]
    assert after["discard"] != before["discard"]
    assert after["deal_scores"] is before["deal_scores"]


def test_the_views_of_every_seat_at_once_share_the_public_parts() -> None:
    state = GAME.new_state(4, seed=2)
    views = state.observations([None, 0, 1, 2, 3])
    for key in SHARED_PARTS:
        assert all(view[key] is views[0][key] for view in views), key


def test_a_copy_of_the_state_builds_its_own_parts_and_changes_none_of_the_original() -> None:
    """Given a state whose views were built, when a copy of it (as a bot makes) plays on,
    then the original's next view is still the same as before, part for part."""
    state = GAME.new_state(4, seed=7)
    rng = Rng(7)
    for _ in range(25):
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = state.observation(1)
    kept = copy.deepcopy(view)
    sample = state.determinize(1, Rng(3))
    for _ in range(40):
        if sample.is_over():
            break
        seat = sample.acting_players()[0]
        sample.apply(seat, rng.choice(sample.legal_actions(seat)))
        sample.observations([None, 0, 1, 2, 3])
    again = state.observation(1)
    assert again == kept == view
    for key in SHARED_PARTS:
        assert again[key] is view[key], key


def test_seeded_games_give_the_same_views_as_views_built_from_scratch() -> None:
    """Given seeded random games, at every step each seat's view equals the view of the same
    table replayed into a new state, which has nothing kept: kept parts never show stale
    contents."""
    for seed in range(3):
        options = {"single_deal": seed != 0}
        state = GAME.new_state(3, options, seed=seed)
        rng = Rng(seed)
        played: list[tuple[int, Any]] = []
        readers: list[int | None] = [None, 0, 1, 2]
        while not state.is_over():
            replayed = GAME.new_state(3, options, seed=seed)
            for seat, action in played:
                replayed.apply(seat, action)
            assert state.observations(readers) == [replayed.observation(r) for r in readers]
            seat = state.acting_players()[0]
            action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            played.append((seat, action))


def test_a_copy_starts_from_the_parts_its_original_kept() -> None:
    """Given a table whose views were built, when a copy of it builds its own first view,
    then the parts nothing changed are the original's very objects."""
    state = GAME.new_state(4, seed=11)
    view = state.observation(2)
    copied = state.clone().observation(2)
    for key in (*SHARED_PARTS, "hand"):
        assert copied[key] is view[key], key
