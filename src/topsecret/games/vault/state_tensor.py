"""The vault tensor written straight from the state, for the research adapters' speed.

It writes exactly the floats :func:`.tensor.encode` computes from ``observation(seat)`` (the
layout, scales and reasons are there and in docs/games/vault.md), without building the
observation dict: the tests hold the two equal, float for float, over random positions of
every table size, so this path knows no more than the observation does (of other hands, only
the counts by type that every seat can work out). A table dealt from other components than
the game's takes the reference path.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from ...core.tensors import Floats, StateEncoder
from .cards import DOCUMENT, VaultComponents
from .tensor import (
    FACE_UP_SLOTS,
    PHASES,
    card_types,
    deal_score_scale,
    encode,
    hand_maxima,
    layout,
)

if TYPE_CHECKING:
    from ...core import Game, State
    from .state import VaultState

#: Hands remembered (by their cards) before the memory starts afresh.
_HANDS_KEPT = 1 << 14

#: The slices :meth:`VaultEncoder.write` writes, in the order it unpacks their offsets.
_SLICES = (
    "phase",
    "trick",
    "single_deal",
    "stolen_face_up",
    "hands",
    "face_up",
    "deal_score",
    "total",
    "waiting",
    "chosen",
    "my_choice",
    "steal_targets",
    "last_trick_current",
    "last_boom",
    "last_played",
    "last_stole",
    "last_robbed",
)


class VaultEncoder(StateEncoder):
    """One table size with one deck: type indices, maxima and offsets worked out once."""

    def __init__(self, components: VaultComponents, players: int) -> None:
        super().__init__(layout(players, components))
        self.components = components
        self.players = players
        types = card_types(components)
        self.k = len(types)
        index = {key: i for i, key in enumerate(types)}
        self.type_index = index
        self.maxima = hand_maxima(players, components)
        self.score_scale = deal_score_scale(players, components)
        self.tricks = max(sum(components.hand_composition(players).values()), 1)
        #: The deck's designed target at this size, what ``state.target()`` answers when the
        #: option ``target`` is 0 (working it out takes longer than the rest of a tensor).
        self.designed_target = components.target_for(players)
        self.at = tuple(self.offsets[name] for name in _SLICES)
        self._cards: tuple[Any, ...] | None = None
        self._type_of_card: tuple[int, ...] = ()
        self._hands: dict[tuple[int, ...], Floats] = {}
        self._scores: dict[tuple[Any, ...], int] = {}

    def _types(self, cards: tuple[Any, ...]) -> tuple[int, ...]:
        """Each card id's type index (as the reference reads a card's JSON)."""
        if cards is not self._cards:
            self._scores.clear()
            index = self.type_index
            self._type_of_card = tuple(
                index.get((c.kind, int(c.value) if c.kind == DOCUMENT else 0), -1) for c in cards
            )
            self._cards = cards
        return self._type_of_card

    def _hand(self, hand: list[int], types: tuple[int, ...]) -> Floats:
        """A hand's block of the hands slice: its scaled count of each type."""
        key = tuple(hand)
        found = self._hands.get(key)
        if found is None:
            counts: dict[int, int] = {}
            for cid in hand:
                t = types[cid]
                counts[t] = counts.get(t, 0) + 1
            maxima = self.maxima
            found = array("f", bytes(4 * self.k))
            for t, count in counts.items():
                found[t] = min(count / maxima[t], 1.0)
            if len(self._hands) >= _HANDS_KEPT:
                self._hands.clear()
            self._hands[key] = found
        return found

    def _score(self, s: VaultState, seat: int) -> int:
        """The seat's deal score (the state's own count), kept by the cards on its x1 and x2
        sides, which are all it counts."""
        x1 = s.x1[seat]
        x2 = s.x2[seat]
        if not x1 and not x2:
            return 0
        key = (tuple(x1), tuple(x2))
        found = self._scores.get(key)
        if found is None:
            found = s.deal_score(seat)
            if len(self._scores) >= _HANDS_KEPT:
                self._scores.clear()
            self._scores[key] = found
        return found

    def write(self, state: State, seat: int, out: Floats) -> None:
        s: VaultState = state  # type: ignore[assignment]
        if s.components is not self.components:
            out[:] = array("f", encode(s.observation(seat), self.players, self.components))
            return
        (
            at_phase,
            at_trick,
            at_single,
            at_stolen,
            at_hands,
            at_face_up,
            at_deal_score,
            at_total,
            at_waiting,
            at_chosen,
            at_my_choice,
            at_steal_targets,
            at_current,
            at_boom,
            at_last_played,
            at_stole,
            at_robbed,
        ) = self.at
        n = self.players
        k = self.k
        me = seat
        types = self._types(s.cards)
        phase = s.phase
        out[at_phase + PHASES.index(phase)] = 1.0
        out[at_trick] = min(s.trick / self.tricks, 1.0)
        if s.options["single_deal"]:
            out[at_single] = 1.0
        if s.options["stolen"] == "face_up":
            out[at_stolen] = 1.0

        target = max(int(s.options["target"]) or self.designed_target, 1)
        score_scale = self.score_scale
        for other in range(n):
            r = (other - me) % n
            base = at_hands + r * k
            out[base : base + k] = self._hand(s.hands[other], types)
            base = at_face_up + r * FACE_UP_SLOTS * k
            for slot, cid in enumerate(s.face_up[other][:FACE_UP_SLOTS]):
                out[base + slot * k + types[cid]] = 1.0
            score = self._score(s, other)
            if score:
                out[at_deal_score + r] = min(score / score_scale, 1.0)
            total = s.totals[other]
            if total:
                out[at_total + r] = min(total / target, 1.0)

        step = s.open_step()
        if step is not None:
            for other in step.waiting():
                out[at_waiting + (other - me) % n] = 1.0
            for other in step.seats:
                if step.has_chosen(other):
                    out[at_chosen + (other - me) % n] = 1.0
            choice = step.choice_of(me)
            if choice is not None:
                kind = choice.kind
                if kind == "play":
                    card, value = choice.card, choice.value  # type: ignore[attr-defined]
                    t = self.type_index[(card, int(value) if card == DOCUMENT else 0)]
                    out[at_my_choice + t] = 1.0
                elif kind == "steal":
                    target_seat = choice.target  # type: ignore[attr-defined]
                    out[at_my_choice + k + (target_seat - me) % n] = 1.0
                else:
                    out[at_my_choice + k + n + (0 if kind == "bank" else 1)] = 1.0
            if phase == "steal" and me in step.seats:
                for other in s._just_played:
                    if other != me:
                        out[at_steal_targets + (other - me) % n] = 1.0

        last = s.last_trick
        if last is not None:
            if last["trick"] == s.trick:
                out[at_current] = 1.0
            if last["boom"]:
                out[at_boom] = 1.0
            index = self.type_index
            for key, card in last["played"].items():
                kind = card["kind"]
                t = index[(kind, int(card["value"]) if kind == DOCUMENT else 0)]
                out[at_last_played + ((int(key) - me) % n) * k + t] = 1.0
            for steal in last["steals"]:
                out[at_stole + (steal["thief"] - me) % n] = 1.0
                out[at_robbed + (steal["victim"] - me) % n] = 1.0


def encoder(game: Game, players: int) -> VaultEncoder:
    """The fast encoder for ``game`` (its deck) at ``players`` seats."""
    return VaultEncoder(game.components, players)  # type: ignore[attr-defined]


__all__ = ["VaultEncoder", "encoder"]
