"""The actions of the briefcase game.

Agents and cities are named in full (``"Spyglass"``, ``"Zurich"``) so logs read like the
table talk. Seats are numbers. Coin amounts are whole numbers bounded by the reserve.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core import Action


@dataclass(frozen=True, slots=True)
class SetupPayoff(Action):
    """Setup step 9: one coin on each of two agents other than the starting token's."""

    kind: ClassVar[str] = "setup_payoff"
    first: str
    second: str


@dataclass(frozen=True, slots=True)
class PayAgent(Action):
    """Payoff: move ``amount`` sovereigns from the reserve onto one agent."""

    kind: ClassVar[str] = "pay_agent"
    agent: str
    amount: int


@dataclass(frozen=True, slots=True)
class PaySolomon(Action):
    """Payoff: one sovereign from the reserve onto Dr. Solomon."""

    kind: ClassVar[str] = "pay_solomon"


@dataclass(frozen=True, slots=True)
class PayNobody(Action):
    """Payoff to no one: a bluff, or nothing left to pay."""

    kind: ClassVar[str] = "pay_nobody"


@dataclass(frozen=True, slots=True)
class MoveAgent(Action):
    """Announce: this agent moves to that city."""

    kind: ClassVar[str] = "move"
    agent: str
    city: str


@dataclass(frozen=True, slots=True)
class BurnAgent(Action):
    """Announce: the acting agent burns the target in the same city."""

    kind: ClassVar[str] = "burn"
    agent: str
    target: str


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """Challenge the announced action, opening with a number of sovereigns paid."""

    kind: ClassVar[str] = "challenge"
    amount: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let the announced action stand (as far as this player is concerned)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Raise(Action):
    """In a challenge, announce a higher number than the last one."""

    kind: ClassVar[str] = "raise"
    amount: int


@dataclass(frozen=True, slots=True)
class Concede(Action):
    """In a challenge, announce no higher number: the other side wins."""

    kind: ClassVar[str] = "concede"


@dataclass(frozen=True, slots=True)
class CarryBriefcase(Action):
    """After a successful move: take the briefcase along, or leave it."""

    kind: ClassVar[str] = "carry"
    carry: bool


@dataclass(frozen=True, slots=True)
class CallAgent(Action):
    """Beacon's power: call an agent from an adjacent city into Beacon's city."""

    kind: ClassVar[str] = "beacon_call"
    agent: str


@dataclass(frozen=True, slots=True)
class VanishBriefcase(Action):
    """Magician's power: the briefcase reappears in an adjacent city."""

    kind: ClassVar[str] = "magician_vanish"
    city: str


@dataclass(frozen=True, slots=True)
class SpinAgent(Action):
    """Roulette's power: send an agent in Roulette's city to a random adjacent city."""

    kind: ClassVar[str] = "roulette_spin"
    agent: str


@dataclass(frozen=True, slots=True)
class LookAtPayoff(Action):
    """Spyglass's power: look at one seat's payoff on one agent (or ``"Dr. Solomon"``)."""

    kind: ClassVar[str] = "spyglass_look"
    seat: int
    agent: str


@dataclass(frozen=True, slots=True)
class BlowAgents(Action):
    """Tempest's power: every other agent in Tempest's city goes to one adjacent city."""

    kind: ClassVar[str] = "tempest_blow"
    city: str


@dataclass(frozen=True, slots=True)
class Wander(Action):
    """Vagabond's power: one more step along a red line, without the briefcase."""

    kind: ClassVar[str] = "vagabond_wander"
    city: str


@dataclass(frozen=True, slots=True)
class SkipPower(Action):
    """Do not use the moved agent's power."""

    kind: ClassVar[str] = "skip_power"


ACTION_CLASSES: tuple[type[Action], ...] = (
    SetupPayoff,
    PayAgent,
    PaySolomon,
    PayNobody,
    MoveAgent,
    BurnAgent,
    Challenge,
    Pass,
    Raise,
    Concede,
    CarryBriefcase,
    CallAgent,
    VanishBriefcase,
    SpinAgent,
    LookAtPayoff,
    BlowAgents,
    Wander,
    SkipPower,
)

PAYOFF_ACTIONS = (PayAgent, PaySolomon, PayNobody)
POWER_ACTIONS = (CallAgent, VanishBriefcase, SpinAgent, LookAtPayoff, BlowAgents, Wander, SkipPower)
