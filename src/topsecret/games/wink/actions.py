"""Every action of the winking game, and the fixed action space for a player count.

Gaze changes, winks and glances are actions like missions and accusations: in real-time play
each is stamped with the server's clock when it is applied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core import Action
from .components import MAX_PLAYERS


@dataclass(frozen=True, slots=True)
class Look(Action):
    """Look at another player."""

    kind: ClassVar[str] = "look"
    seat: int


@dataclass(frozen=True, slots=True)
class LookAtLocation(Action):
    """Look at a location on the table (only the one on your card: no false signals)."""

    kind: ClassVar[str] = "look_at_location"
    location: str


@dataclass(frozen=True, slots=True)
class LookAtCards(Action):
    """Look down at your own cards."""

    kind: ClassVar[str] = "look_at_cards"


@dataclass(frozen=True, slots=True)
class Wink(Action):
    """Wink at the player you are looking at (only the agent on your card)."""

    kind: ClassVar[str] = "wink"


@dataclass(frozen=True, slots=True)
class Glance(Action):
    """Glance for a moment toward the location on your card, then look back."""

    kind: ClassVar[str] = "glance"


@dataclass(frozen=True, slots=True)
class Accuse(Action):
    """Catch! "``winker`` winked at ``contact``" (costs an observation chip)."""

    kind: ClassVar[str] = "accuse"
    winker: int
    contact: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Opening round: draw an agent and a location card, then pass the suitcase."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class CompleteMission(Action):
    """Reveal your agent card and name the meeting place."""

    kind: ClassVar[str] = "mission"
    location: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass the suitcase, optionally discarding and replacing one or both cards."""

    kind: ClassVar[str] = "pass"
    discard_agent: bool = False
    discard_location: bool = False


ACTION_CLASSES: tuple[type[Action], ...] = (
    Look,
    LookAtLocation,
    LookAtCards,
    Wink,
    Glance,
    Accuse,
    Draw,
    CompleteMission,
    Pass,
)

PASSES: tuple[Pass, ...] = tuple(
    Pass(agent, location) for agent in (False, True) for location in (False, True)
)

# Actions are frozen, so one object of each serves every table: listing the legal actions
# then allocates nothing, and the research adapters map them to ids by identity.
LOOKS: tuple[Look, ...] = tuple(Look(seat) for seat in range(MAX_PLAYERS))
LOOK_AT_CARDS = LookAtCards()
WINK = Wink()
GLANCE = Glance()
DRAW = Draw()
#: ``ACCUSATIONS[winker][contact]`` (a seat naming itself both is never legal, never listed).
ACCUSATIONS: tuple[tuple[Accuse, ...], ...] = tuple(
    tuple(Accuse(winker, contact) for contact in range(MAX_PLAYERS))
    for winker in range(MAX_PLAYERS)
)


def action_space(players: int, location_ids: tuple[str, ...]) -> list[Action]:
    """Every action that can ever be legal at a table of ``players``, in a fixed order."""
    space: list[Action] = [Look(seat) for seat in range(players)]
    space += [LookAtLocation(location) for location in location_ids]
    space += [LookAtCards(), Wink(), Glance()]
    space += [
        Accuse(winker, contact)
        for winker in range(players)
        for contact in range(players)
        if winker != contact
    ]
    space.append(Draw())
    space += [CompleteMission(location) for location in location_ids]
    space += list(PASSES)
    return space
