"""Helpers that read like the rulebook: everyone plays, moles steal, players bank."""

from __future__ import annotations

from collections.abc import Mapping

from topsecret.core import Event
from topsecret.games.vault import Bank, KeepFaceUp, PlayCard, Steal, VaultState
from topsecret.games.vault.state import parse_card_spec

#: Rulebook 002 §Une taupe a été jouée: "ou, pour rendre le jeu plus passionnant, visibles":
#: the variant where a mole's loot lies face up beside the thief's safe and may pair.
LOOT_FACE_UP = {"stolen": "face_up"}


def everyone_plays(state: VaultState, cards: Mapping[int, str]) -> list[Event]:
    """Each seat in ``cards`` plays the named card (e.g. ``{0: "doc20", 1: "assassin"}``)."""
    events: list[Event] = []
    for seat, spec in cards.items():
        kind, value = parse_card_spec(spec)
        events.extend(state.apply(seat, PlayCard(kind, value)))
    return events


def moles_steal(state: VaultState, targets: Mapping[int, int]) -> list[Event]:
    events: list[Event] = []
    for thief, victim in targets.items():
        events.extend(state.apply(thief, Steal(victim)))
    return events


def decide(state: VaultState, banks: Mapping[int, bool]) -> list[Event]:
    events: list[Event] = []
    for seat, bank in banks.items():
        events.extend(state.apply(seat, Bank() if bank else KeepFaceUp()))
    return events


def labels(state: VaultState, card_ids: list[int]) -> list[str]:
    """Card ids as rulebook names: "doc20", "special", ..."""
    out = []
    for cid in card_ids:
        card = state.cards[cid]
        if card.kind == "document":
            out.append(f"doc{card.value}")
        else:
            out.append({"special_agent": "special"}.get(card.kind, card.kind))
    return out


def face_up(state: VaultState, seat: int) -> list[str]:
    return labels(state, state.face_up[seat])


def x1(state: VaultState, seat: int) -> list[str]:
    return labels(state, state.x1[seat])


def x2(state: VaultState, seat: int) -> list[list[str]]:
    return [labels(state, list(pair)) for pair in state.x2[seat]]
