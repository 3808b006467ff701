"""The vault tensor's floats, written from the state: the game's fast tensor path.

It writes exactly the floats :func:`.tensor.encode` computes from ``observation(seat)`` (the
layout, scales and reasons are there and in docs/games/vault.md), without building the
observation dict: the tests hold the two equal, float for float, over random positions of
every table size, so this path knows no more than the observation does (of other hands, only
the counts by type that every seat can work out). A table dealt from other components than
the writer's takes the reference path.

Plain typed Python that mypyc compiles (``setup.py``; :func:`topsecret.core.native.fastest`
picks the build): every offset is its own integer attribute, every count a local integer,
and the state's lists are read with their element types declared, so the compiled loop works
on machine integers; the tests hold both this module and its build equal to the reference.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, Final

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
    from .state import VaultState

#: 1.0 as one object: the compiled build would box a new float for every flag it sets.
ONE: Any = 1.0
#: Deal scores remembered (by the cards that make them) before the memory starts afresh.
SCORES_KEPT: Final = 1 << 14


def capped(value: float) -> float:
    return value if value < 1.0 else 1.0


class VaultWriter:
    """One table size with one deck: type indices, scales and offsets worked out once. A
    table dealt from other components than these takes the reference path."""

    def __init__(self, components: VaultComponents, players: int) -> None:
        offsets = layout(players, components).offsets()
        self.components = components
        self.players = players
        types = card_types(components)
        self.k = len(types)
        self.type_index: dict[tuple[str, int], int] = {key: i for i, key in enumerate(types)}
        #: Divided by, not multiplied by a reciprocal: the reference divides, and a product
        #: can round to another float.
        self.hand_maxima: list[float] = [float(m) for m in hand_maxima(players, components)]
        self.score_scale = float(deal_score_scale(players, components))
        self.tricks = float(max(sum(components.hand_composition(players).values()), 1))
        #: The deck's designed target at this size, what ``state.target()`` answers when the
        #: option ``target`` is 0 (working it out takes longer than the rest of a tensor).
        self.designed_target = components.target_for(players)
        self.at_phase = offsets["phase"]
        self.at_trick = offsets["trick"]
        self.at_single = offsets["single_deal"]
        self.at_stolen = offsets["stolen_face_up"]
        self.at_hands = offsets["hands"]
        self.at_face_up = offsets["face_up"]
        self.at_deal_score = offsets["deal_score"]
        self.at_total = offsets["total"]
        self.at_waiting = offsets["waiting"]
        self.at_chosen = offsets["chosen"]
        self.at_my_choice = offsets["my_choice"]
        self.at_steal_targets = offsets["steal_targets"]
        self.at_current = offsets["last_trick_current"]
        self.at_boom = offsets["last_boom"]
        self.at_last_played = offsets["last_played"]
        self.at_stole = offsets["last_stole"]
        self.at_robbed = offsets["last_robbed"]
        self.cards: tuple[Any, ...] = ()
        self.type_of: list[int] = []
        self.scores: dict[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], int] = {}

    def card_type(self, kind: str, value: int) -> int:
        return self.type_index[(kind, value if kind == DOCUMENT else 0)]

    def types_of(self, cards: tuple[Any, ...]) -> list[int]:
        """Each card id's type index (as the reference reads a card's JSON)."""
        if cards is not self.cards:
            self.scores.clear()
            index = self.type_index
            self.type_of = [
                index.get((c.kind, int(c.value) if c.kind == DOCUMENT else 0), -1) for c in cards
            ]
            self.cards = cards
        return self.type_of

    def deal_score(self, state: VaultState, seat: int) -> int:
        """The seat's deal score (the state's own count), kept by the cards on its x1 and x2
        sides, which are all it counts."""
        x1: list[int] = state.x1[seat]
        x2: list[tuple[int, int]] = state.x2[seat]
        if not x1 and not x2:
            return 0
        key = (tuple(x1), tuple(x2))
        found = self.scores.get(key)
        if found is None:
            found = state.deal_score(seat)
            if len(self.scores) >= SCORES_KEPT:
                self.scores.clear()
            self.scores[key] = found
        return found

    def write(self, state: VaultState, me: int, out: array[float]) -> None:
        """Set ``me``'s non-zero floats in the all-zero ``out``."""
        if state.components is not self.components:
            out[:] = array("f", encode(state.observation(me), self.players, self.components))
            return
        one = ONE
        n = self.players
        k = self.k
        types = self.types_of(state.cards)
        phase: str = state.phase
        out[self.at_phase + PHASES.index(phase)] = one
        out[self.at_trick] = capped(state.trick / self.tricks)
        options: dict[str, Any] = state.options
        if options["single_deal"]:
            out[self.at_single] = one
        if options["stolen"] == "face_up":
            out[self.at_stolen] = one
        target: int = int(options["target"]) or self.designed_target
        target = max(target, 1)

        hands: list[list[int]] = state.hands
        face_up: list[list[int]] = state.face_up
        totals: list[int] = state.totals
        maxima = self.hand_maxima
        counts = [0] * k
        for other in range(n):
            r = (other - me) % n
            for t in range(k):
                counts[t] = 0
            for cid in hands[other]:
                counts[types[cid]] += 1
            base = self.at_hands + r * k
            for t in range(k):
                if counts[t]:
                    out[base + t] = capped(counts[t] / maxima[t])
            base = self.at_face_up + r * FACE_UP_SLOTS * k
            up = face_up[other]
            for slot in range(min(len(up), FACE_UP_SLOTS)):
                out[base + slot * k + types[up[slot]]] = one
            score = self.deal_score(state, other)
            if score:
                out[self.at_deal_score + r] = capped(score / self.score_scale)
            total = totals[other]
            if total:
                out[self.at_total + r] = capped(total / target)

        step = state.open_step()
        if step is not None:
            waiting: tuple[int, ...] = step.waiting()
            for other in waiting:
                out[self.at_waiting + (other - me) % n] = one
            seats: tuple[int, ...] = step.seats
            for other in seats:
                if step.has_chosen(other):
                    out[self.at_chosen + (other - me) % n] = one
            choice: Any = step.choice_of(me)
            if choice is not None:
                kind: str = choice.kind
                if kind == "play":
                    out[self.at_my_choice + self.card_type(choice.card, choice.value)] = one
                elif kind == "steal":
                    victim: int = choice.target
                    out[self.at_my_choice + k + (victim - me) % n] = one
                else:
                    out[self.at_my_choice + k + n + (0 if kind == "bank" else 1)] = one
            if phase == "steal" and me in seats:
                just_played: dict[int, int] = state._just_played
                for other in just_played:
                    if other != me:
                        out[self.at_steal_targets + (other - me) % n] = one

        last: dict[str, Any] | None = state.last_trick
        if last is not None:
            if last["trick"] == state.trick:
                out[self.at_current] = one
            if last["boom"]:
                out[self.at_boom] = one
            played: dict[str, dict[str, Any]] = last["played"]
            for key, card in played.items():
                t = self.card_type(card["kind"], int(card["value"]))
                out[self.at_last_played + ((int(key) - me) % n) * k + t] = one
            steals: list[dict[str, int]] = last["steals"]
            for steal in steals:
                out[self.at_stole + (steal["thief"] - me) % n] = one
                out[self.at_robbed + (steal["victim"] - me) % n] = one


def writer(game: Any, players: int) -> VaultWriter:
    """The writer for ``game`` (its deck) at ``players`` seats."""
    return VaultWriter(game.components, players)
