"""What a vault player can do: play a card, aim a mole, bank or keep a face-up card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core import Action


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Put one card of this kind (and value, for documents) face down, to reveal with all."""

    kind: ClassVar[str] = "play"
    card: str
    value: int = 0


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Send this trick's mole after the card the target seat just played."""

    kind: ClassVar[str] = "steal"
    target: int


@dataclass(frozen=True, slots=True)
class Bank(Action):
    """Lock the lone face-up card in the safe, on the x1 side."""

    kind: ClassVar[str] = "bank"


@dataclass(frozen=True, slots=True)
class KeepFaceUp(Action):
    """Leave the lone face-up card on the table, hoping to pair it later."""

    kind: ClassVar[str] = "keep"


ACTION_CLASSES: tuple[type[Action], ...] = (PlayCard, Steal, Bank, KeepFaceUp)
