"""SpyWorld actions and the fixed action space (the index is the RL action id).

Planning: ``ChooseAgent``, ``TakeCards`` / ``Pass`` (the simultaneous round choice),
``PlaceUpgrade``, ``PlaceWall``, ``TakeGadget`` (resolving a card taken; ``Discard`` is no
longer offered), ``TakeBack`` / ``KeepRound`` (the lenient option's take-back),
``ClaimMission`` / ``DeclineMissions``. Exploration: ``Move``,
``Teleport``, ``Boost``, ``Stop`` and, with the lenient variant, ``Undo``. Rows and columns
are 1-based.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core import Action, ActionCodec
from .components import MAX_SHARK_DAMAGE, STATS
from .grid import DIRECTIONS, STANDARD


@dataclass(frozen=True, slots=True)
class ChooseAgent(Action):
    kind: ClassVar[str] = "choose_agent"
    agent: int  # index in the agent list (0-8)


@dataclass(frozen=True, slots=True)
class TakeCards(Action):
    """Take the face-up cards whose slots (0-2) are in ``slots``; extra ones are bonus actions."""

    kind: ClassVar[str] = "take_cards"
    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class PlaceUpgrade(Action):
    kind: ClassVar[str] = "place_upgrade"
    row: int
    col: int


@dataclass(frozen=True, slots=True)
class PlaceWall(Action):
    """A wall on the east or south side of a room (every interior edge has one such name)."""

    kind: ClassVar[str] = "place_wall"
    row: int
    col: int
    side: str


@dataclass(frozen=True, slots=True)
class TakeGadget(Action):
    kind: ClassVar[str] = "take_gadget"
    number: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Give up a taken card. Never offered now: only sets of cards payable in full are taken
    and every placement keeps the rest payable (see ``paying``). It keeps its place in the
    action space so that the action ids stay the same."""

    kind: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class ClaimMission(Action):
    kind: ClassVar[str] = "claim_mission"
    slot: int
    reward: str  # "money" now or "points" at the end


@dataclass(frozen=True, slots=True)
class DeclineMissions(Action):
    kind: ClassVar[str] = "decline_missions"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Enter the next room; ``stealth`` splits a Shark Pool, ``use`` is an item (0 = none)."""

    kind: ClassVar[str] = "move"
    direction: str
    stealth: int = 0
    use: int = 0


@dataclass(frozen=True, slots=True)
class Teleport(Action):
    kind: ClassVar[str] = "teleport"
    row: int
    col: int


@dataclass(frozen=True, slots=True)
class Boost(Action):
    kind: ClassVar[str] = "boost"
    item: int
    stat: str


@dataclass(frozen=True, slots=True)
class Stop(Action):
    kind: ClassVar[str] = "stop"


@dataclass(frozen=True, slots=True)
class Undo(Action):
    kind: ClassVar[str] = "undo"


@dataclass(frozen=True, slots=True)
class TakeBack(Action):
    """Lenient planning: erase your last placement of this round (Rulebook 003 §Important #2)."""

    kind: ClassVar[str] = "take_back"


@dataclass(frozen=True, slots=True)
class KeepRound(Action):
    """Lenient planning: your round's drawing is final (no more take-backs this round)."""

    kind: ClassVar[str] = "keep_round"


ACTION_CLASSES: tuple[type[Action], ...] = (
    ChooseAgent,
    TakeCards,
    Pass,
    PlaceUpgrade,
    PlaceWall,
    TakeGadget,
    Discard,
    ClaimMission,
    DeclineMissions,
    Move,
    Teleport,
    Boost,
    Stop,
    Undo,
    TakeBack,
    KeepRound,
)

SLOT_CHOICES = tuple(tuple(s for s in range(3) if mask >> s & 1) for mask in range(1, 8))


def action_space(agent_count: int = 9) -> list[Action]:
    """Every action that may ever be legal, in a fixed order (the same for any player count)."""
    grid = STANDARD
    space: list[Action] = [ChooseAgent(a) for a in range(agent_count)]
    space += [TakeCards(slots) for slots in SLOT_CHOICES]
    space.append(Pass())
    space += [PlaceUpgrade(r, c) for r in range(1, 6) for c in range(1, 6)]
    for edge in range(grid.edge_count):
        row, col, side = grid.edge_name(edge)
        space.append(PlaceWall(row, col, side))
    space += [TakeGadget(n) for n in range(1, 6)]
    space.append(Discard())
    space += [ClaimMission(s, r) for s in range(3) for r in ("money", "points")]
    space.append(DeclineMissions())
    for direction in DIRECTIONS:
        for use in range(7):
            for stealth in range(MAX_SHARK_DAMAGE + 1):
                space.append(Move(direction, stealth, use))
    space += [Teleport(r, c) for r in range(1, 6) for c in range(1, 6)]
    space += [Boost(item, stat) for item in range(1, 7) for stat in STATS]
    space.append(Stop())
    space.append(Undo())
    # Added later, at the end so that every earlier id stays the same.
    space.append(TakeBack())
    space.append(KeepRound())
    return space


def make_codec() -> ActionCodec:
    return ActionCodec(ACTION_CLASSES, action_space())
