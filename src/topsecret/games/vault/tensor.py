"""The vault observation as a fixed-size tensor, for learning agents.

Built from a seat's observation dict alone (see :meth:`VaultState.observation`), so it holds
nothing the seat may not know. Seats are relative to the observer: block 0 is "me", then the
others in turn order (seat + 1, seat + 2, ...), so a policy learnt at one seat fits every seat.
A spectator's observation (``seat`` is ``None``) is read from seat 0's chair.

Cards are one-hot by *card type*: each document value, then assassin, mole and special agent
(colour never matters to the rules). Counts are scaled by the most a hand can hold of that
type at this player count, scores by documented maxima (capped at 1). The layout and the
reasons for what is left out are in docs/games/vault.md, section "Observation tensor".

Example::

    from topsecret.games.vault import GAME
    state = GAME.new_state(4, seed=1)
    values = encode(state.observation(2), 4)
    len(values) == layout(4).size    # True: 18 + 36 * 4 = 162
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.tensors import TensorLayout, TensorSlice
from .cards import ASSASSIN, DOCUMENT, MOLE, SPECIAL_AGENT, VaultComponents
from .cards import default_components as _default_components

PHASES = ("play", "steal", "bank", "over")
#: Face-up cards a seat can hold at once: pairs and mismatches leave the table at the end of
#: every trick, so at most a kept card and one newly arrived (played or stolen) card lie there.
FACE_UP_SLOTS = 2


def card_types(components: VaultComponents | None = None) -> tuple[tuple[str, int], ...]:
    """The card types the tensor tells apart, as (kind, value): documents by value, then the
    agents. Taken from the data file, so a custom deck gets its own one-hot width."""
    comps = components or _default_components()
    values = sorted({v for k, v, _ in comps.colour_cards if k == DOCUMENT})
    agents = [
        k for k in (ASSASSIN, MOLE, SPECIAL_AGENT) if any(k == c[0] for c in comps.colour_cards)
    ]
    return tuple((DOCUMENT, v) for v in values) + tuple((k, 0) for k in agents)


def hand_maxima(players: int, components: VaultComponents | None = None) -> tuple[int, ...]:
    """The most cards of each type one hand holds at this player count (its starting count;
    at least 1, so a type removed at small tables scales to 0 rather than dividing by 0)."""
    comps = components or _default_components()
    start = comps.hand_composition(players)
    return tuple(max(start.get(key, 0), 1) for key in card_types(comps))


def deal_score_scale(players: int, components: VaultComponents | None = None) -> int:
    """A seat's deal score is divided by this: one hand's documents, all paired (x4).

    A seat that steals a lot can exceed it, so the scaled value is capped at 1; what a seat
    banks from its own hand always fits."""
    comps = components or _default_components()
    start = comps.hand_composition(players)
    return max(4 * sum(v * n for (k, v), n in start.items() if k == DOCUMENT), 1)


def layout(players: int, components: VaultComponents | None = None) -> TensorLayout:
    """The named slices for a table of ``players``: 18 + 36 * players floats with the shipped
    deck (7 card types); per-seat slices hold one block per seat, "me" first."""
    k = len(card_types(components))
    n = players
    return TensorLayout(
        (
            TensorSlice("phase", len(PHASES), "the step in progress: play, steal, bank, over"),
            TensorSlice("trick", 1, "trick number / tricks per deal"),
            TensorSlice("single_deal", 1, "1 if this deal is the last (option single_deal)"),
            TensorSlice(
                "stolen_face_up", 1, "1 if a mole's loot lies face up and may pair (option stolen)"
            ),
            TensorSlice(
                "hands",
                n * k,
                "per seat, cards in hand by type / the most a hand holds of it (public counts)",
            ),
            TensorSlice(
                "face_up",
                n * FACE_UP_SLOTS * k,
                "per seat, its face-up cards bottom then top, each one-hot by type",
            ),
            TensorSlice("deal_score", n, "per seat, this deal's score / 4 x one hand's documents"),
            TensorSlice("total", n, "per seat, total of finished deals / target, capped at 1"),
            TensorSlice("waiting", n, "per seat, 1 if it owes a choice in the open step"),
            TensorSlice("chosen", n, "per seat, 1 if it has chosen in the open step (hidden)"),
            TensorSlice(
                "my_choice",
                k + n + 2,
                "my pending choice, one-hot: card type played, seat stolen from, bank, keep",
            ),
            TensorSlice("steal_targets", n, "per seat, 1 if my mole may steal its card now"),
            TensorSlice(
                "last_trick_current", 1, "1 if the last trick is the one being resolved now"
            ),
            TensorSlice("last_boom", 1, "1 if an assassin went off in the last trick"),
            TensorSlice("last_played", n * k, "per seat, the card it revealed last trick, one-hot"),
            TensorSlice("last_stole", n, "per seat, 1 if its mole stole a card last trick"),
            TensorSlice("last_robbed", n, "per seat, 1 if a mole took its card last trick"),
        )
    )


def encode(
    observation: Mapping[str, Any], players: int, components: VaultComponents | None = None
) -> list[float]:
    """One seat's observation as a flat tensor laid out as :func:`layout` says."""
    comps = components or _default_components()
    types = card_types(comps)
    index = {key: i for i, key in enumerate(types)}
    k = len(types)
    n = players
    if observation["players"] != n:
        raise ValueError(f"observation is of a {observation['players']}-player table, not {n}")
    me = observation["seat"] if observation["seat"] is not None else 0

    def rel(seat: int) -> int:
        return (int(seat) - me) % n

    def type_of(card: Mapping[str, Any]) -> int:
        kind = card["kind"]
        return index[(kind, int(card["value"]) if kind == DOCUMENT else 0)]

    def seat_flags(seats: Sequence[int]) -> list[float]:
        out = [0.0] * n
        for seat in seats:
            out[rel(seat)] = 1.0
        return out

    phase = [0.0] * len(PHASES)
    phase[PHASES.index(observation["phase"])] = 1.0
    trick = [min(observation["trick"] / max(observation["tricks_per_deal"], 1), 1.0)]
    single = [1.0 if observation["single_deal"] else 0.0]
    loot_face_up = [1.0 if observation["stolen"] == "face_up" else 0.0]

    maxima = hand_maxima(n, comps)
    score_scale = deal_score_scale(n, comps)
    target = max(int(observation["target"]), 1)
    hands = [0.0] * (n * k)
    face_up = [0.0] * (n * FACE_UP_SLOTS * k)
    deal_score = [0.0] * n
    total = [0.0] * n
    for info in observation["seats"]:
        r = rel(info["seat"])
        for key, count in info["hand_by_kind"].items():
            kind, _, value = key.partition(":")
            t = index[(kind, int(value) if value else 0)]
            hands[r * k + t] = min(count / maxima[t], 1.0)
        for slot, card in enumerate(info["face_up"][:FACE_UP_SLOTS]):
            face_up[(r * FACE_UP_SLOTS + slot) * k + type_of(card)] = 1.0
        deal_score[r] = min(info["deal_score"] / score_scale, 1.0)
        total[r] = min(info["total"] / target, 1.0)

    step = observation["step"]
    waiting = seat_flags(step["waiting"]) if step else [0.0] * n
    chosen = seat_flags(step["chosen"]) if step else [0.0] * n
    my_choice = [0.0] * (k + n + 2)
    choice = step.get("my_choice") if step else None
    if choice is not None:
        if choice["type"] == "play":
            my_choice[type_of({"kind": choice["card"], "value": choice["value"]})] = 1.0
        elif choice["type"] == "steal":
            my_choice[k + rel(choice["target"])] = 1.0
        else:
            my_choice[k + n + (0 if choice["type"] == "bank" else 1)] = 1.0
    steal_targets = seat_flags(observation.get("steal_targets", []))

    last = observation["last_trick"]
    current = [0.0]
    boom = [0.0]
    last_played = [0.0] * (n * k)
    stole = [0.0] * n
    robbed = [0.0] * n
    if last is not None:
        current[0] = 1.0 if last["trick"] == observation["trick"] else 0.0
        boom[0] = 1.0 if last["boom"] else 0.0
        for seat, card in last["played"].items():
            last_played[rel(int(seat)) * k + type_of(card)] = 1.0
        for steal in last["steals"]:
            stole[rel(steal["thief"])] = 1.0
            robbed[rel(steal["victim"])] = 1.0

    return [
        *phase,
        *trick,
        *single,
        *loot_face_up,
        *hands,
        *face_up,
        *deal_score,
        *total,
        *waiting,
        *chosen,
        *my_choice,
        *steal_targets,
        *current,
        *boom,
        *last_played,
        *stole,
        *robbed,
    ]


__all__ = [
    "FACE_UP_SLOTS",
    "PHASES",
    "card_types",
    "deal_score_scale",
    "encode",
    "hand_maxima",
    "layout",
]
