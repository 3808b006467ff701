"""The vault card game: safes, secret documents, assassins, moles and special agents.

Rules: the French rulebook of TOP SECRET (Blatz 1995, Tom Schoeps), ``rules/002_…``.
"""

from .actions import Bank, KeepFaceUp, PlayCard, Steal
from .cards import Card, VaultComponents, default_components, load_components
from .game import GAME, VaultGame
from .state import VaultState

__all__ = [
    "GAME",
    "Bank",
    "Card",
    "KeepFaceUp",
    "PlayCard",
    "Steal",
    "VaultComponents",
    "VaultGame",
    "VaultState",
    "default_components",
    "load_components",
]
