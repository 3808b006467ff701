"""The determinization conformance suite catches each kind of leak it promises to catch.

A small simultaneous card game (each seat holds four cards and plays three, one per round,
all at once) is determinized correctly, then broken one way at a time; the suite must pass
the first and name the property each broken one violates.
"""

from __future__ import annotations

import pytest

from tests.server.fakegame import GAME, FakeCardsState
from topsecret.core import Rng, State
from topsecret.core.conformance import (
    ConformanceError,
    check_determinization,
    check_resampled,
    random_positions,
)


def honest_determinize(state: FakeCardsState, player: int, rng: Rng) -> FakeCardsState:
    """Deal the cards the seat has not seen again, re-draw hidden commitments, fresh chance.

    The pool is sorted before the shuffle so that its order carries nothing hidden."""
    copy = state.clone()
    others = [s for s in range(state.players) if s != player]
    pool = sorted(card for s in others for card in state.hands[s])
    rng.shuffle(pool)
    for seat in others:
        size = len(state.hands[seat])
        copy.hands[seat] = sorted(pool[:size])
        del pool[:size]
    if copy.step is not None:
        for seat in others:
            if copy.step.has_chosen(seat):
                copy.step.replace_hidden(seat, copy.legal_actions_ignoring_step(seat, rng))
    copy._rng = Rng(rng.next_u64())
    return copy


class HonestState(FakeCardsState):
    __slots__ = ()

    def legal_actions_ignoring_step(self, seat: int, rng: Rng):  # type: ignore[no-untyped-def]
        from tests.server.fakegame import PlayCard

        return PlayCard(rng.choice(self.hands[seat]))

    def determinize(self, player: int, rng: Rng) -> State:
        return honest_determinize(self, player, rng)

    def clone(self) -> HonestState:
        copy = super().clone()
        copy.__class__ = type(self)
        return copy  # type: ignore[return-value]


class KeepsTheRealGenerator(HonestState):
    __slots__ = ()

    def determinize(self, player: int, rng: Rng) -> State:
        sample = honest_determinize(self, player, rng)
        sample._rng = Rng(0)
        sample._rng._state = self._rng.state
        return sample


class ReadsTheOthersHands(HonestState):
    """Shuffles with a generator seeded by the hidden hands: the sample depends on them."""

    __slots__ = ()

    def determinize(self, player: int, rng: Rng) -> State:
        neighbour = (player + 1) % self.players
        hidden = int(self.hands[neighbour][0][-2:])  # the neighbour's lowest card
        return honest_determinize(self, player, Rng(rng.next_u64() ^ hidden))


class ShowsAnotherHand(HonestState):
    """Deals the seat's own hand again: the seat sees a world unlike its own."""

    __slots__ = ()

    def determinize(self, player: int, rng: Rng) -> State:
        sample = honest_determinize(self, player, rng)
        sample.hands[player] = sorted([*sample.hands[player][1:], "gem-99"])
        return sample


class ChangesTheRealTable(HonestState):
    __slots__ = ()

    def determinize(self, player: int, rng: Rng) -> State:
        self.played.append([])
        return honest_determinize(self, player, rng)


class CopiesTheOthersHands(HonestState):
    __slots__ = ()

    def determinize(self, player: int, rng: Rng) -> State:
        sample = honest_determinize(self, player, rng)
        sample.hands = [list(h) for h in self.hands]
        return sample


def game_with(state_class: type[HonestState]):  # type: ignore[no-untyped-def]
    class Variant(type(GAME)):  # type: ignore[misc]
        def _new_state(self, players, options, seed):  # type: ignore[no-untyped-def]
            state = super()._new_state(players, options, seed)
            state.__class__ = state_class
            return state

    return Variant()


def test_an_honest_determinization_passes_every_check():
    checked = check_determinization(game_with(HonestState), players=3, seeds=range(4))
    assert checked >= 3 * 4


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        (KeepsTheRealGenerator, "kept the real game's random generator"),
        (ReadsTheOthersHands, "read something the seat cannot know"),
        (ShowsAnotherHand, "looks different to the seat it was sampled for"),
        (ChangesTheRealTable, "changed the real state"),
    ],
)
def test_each_leak_is_caught_and_named(variant, message):
    with pytest.raises(ConformanceError, match=message):
        check_determinization(game_with(variant), players=3, seeds=range(4))


def test_a_copied_hidden_hand_is_caught_where_the_game_names_its_hidden_parts():
    state = game_with(CopiesTheOthersHands).new_state(3, seed=5)
    with pytest.raises(ConformanceError, match="copied into every one"):
        check_resampled(state, 0, lambda s: s.hands[1])
    honest = game_with(HonestState).new_state(3, seed=5)
    check_resampled(honest, 0, lambda s: s.hands[1])


def test_positions_cover_the_start_middle_and_end_of_a_game():
    decisions = [p.decisions for seed in range(10) for p in random_positions(GAME, 3, seed)]
    assert min(decisions) < 3 and max(decisions) >= 7
