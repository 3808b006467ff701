"""The cards of the winking game, read from ``components.toml`` and checked on load."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...core import DataFileError, Rng
from ...core.data import field, load_package_toml, load_toml, optional, source, table_list

MAX_PLAYERS = 8


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    name: str
    cards: int
    source: str
    cards_source: str


@dataclass(frozen=True, slots=True)
class Agent:
    name: str
    colour: str
    source: str


@dataclass(frozen=True, slots=True)
class Signal:
    """A signal the table may agree on instead of a wink (§Alternative Signale)."""

    id: str
    name: str
    source: str


@dataclass(frozen=True, slots=True)
class Reaction:
    """How long a person takes to do something in response to what they see.

    Lognormal: ``median`` seconds, ``spread`` the standard deviation of the logarithm, and
    never under ``minimum`` seconds.
    """

    id: str
    median: float
    spread: float
    minimum: float
    source: str
    rationale: str

    def sample(self, rng: Rng) -> float:
        """One delay in seconds drawn from ``rng`` (Box-Muller, so replays stay exact)."""
        uniform = 1.0 - rng.random()  # in (0, 1], so the logarithm is finite
        normal = math.sqrt(-2.0 * math.log(uniform)) * math.cos(2.0 * math.pi * rng.random())
        return max(self.minimum, self.median * math.exp(self.spread * normal))


@dataclass(frozen=True, slots=True)
class Components:
    agent_cards_per_agent: int
    observation_chips: int
    first_game_removed_per_player: int
    locations: tuple[Location, ...]
    agents: tuple[Agent, ...]
    signals: tuple[Signal, ...]
    reactions: tuple[Reaction, ...] = ()
    #: Looking takes a moment (our design, ``[looking]``): milliseconds to turn one's eyes to
    #: something new, and for a seat to notice a new look at it once the look has arrived.
    look_ms: int = 0
    notice_ms: int = 0
    #: The fewest agent cards per player a table may play with (our design, ``[length]``).
    min_agent_cards_per_player: int = 1
    #: The least ``look_ms`` and ``notice_ms`` a table created now may take (our design,
    #: ``[looking]``); tables of rules 1 played 0 and still replay with it.
    min_look_ms: int = 0
    min_notice_ms: int = 0

    def reaction(self, reaction_id: str) -> Reaction:
        for reaction in self.reactions:
            if reaction.id == reaction_id:
                return reaction
        raise KeyError(f"no reaction time {reaction_id!r} in the components")

    @property
    def location_ids(self) -> tuple[str, ...]:
        return tuple(location.id for location in self.locations)

    def location_index(self, location_id: str) -> int:
        return self.location_ids.index(location_id)


def parse_components(data: dict[str, Any], where: str) -> Components:
    """Check a components table and build :class:`Components`; errors name the bad entry."""
    deck = data.get("deck")
    if not isinstance(deck, dict):
        raise DataFileError(f"{where}: missing the [deck] table")
    source(deck, f"{where} [deck]")
    per_agent = field(deck, "agent_cards_per_agent", int, f"{where} [deck]")
    location_cards = field(deck, "location_cards", int, f"{where} [deck]")
    chips = field(deck, "observation_chips", int, f"{where} [deck]")
    removed = field(deck, "first_game_removed_per_player", int, f"{where} [deck]")
    if per_agent < 1 or chips < 0 or removed < 0 or removed >= per_agent:
        raise DataFileError(
            f"{where} [deck]: need agent_cards_per_agent >= 1, observation_chips >= 0 and "
            "0 <= first_game_removed_per_player < agent_cards_per_agent"
        )
    locations = []
    for index, raw in enumerate(table_list(data, "location", where)):
        at = f"{where} [[location]] #{index + 1}"
        location = Location(
            id=field(raw, "id", str, at),
            name=field(raw, "name", str, at),
            cards=field(raw, "cards", int, at),
            source=source(raw, at),
            cards_source=source({"source": field(raw, "cards_source", str, at)}, at),
        )
        if location.cards < 1:
            raise DataFileError(f"{at}: a location needs at least one card")
        locations.append(location)
    ids = [location.id for location in locations]
    if len(set(ids)) != len(ids):
        raise DataFileError(f"{where}: two locations share an id")
    if sum(location.cards for location in locations) != location_cards:
        raise DataFileError(
            f"{where}: the locations' cards add up to {sum(loc.cards for loc in locations)}, "
            f"not the {location_cards} location cards of [deck]"
        )
    agents = []
    for index, raw in enumerate(table_list(data, "agent", where)):
        at = f"{where} [[agent]] #{index + 1}"
        agents.append(
            Agent(field(raw, "name", str, at), field(raw, "colour", str, at), source(raw, at))
        )
    if len(agents) != MAX_PLAYERS:
        raise DataFileError(f"{where}: need {MAX_PLAYERS} agents, found {len(agents)}")
    if len({agent.name for agent in agents}) != len(agents):
        raise DataFileError(f"{where}: two agents share a name")
    signals = []
    for index, raw in enumerate(table_list(data, "signal", where)):
        at = f"{where} [[signal]] #{index + 1}"
        signals.append(
            Signal(field(raw, "id", str, at), field(raw, "name", str, at), source(raw, at))
        )
    if len({signal.id for signal in signals}) != len(signals):
        raise DataFileError(f"{where}: two signals share an id")
    reactions = _parse_reactions(data, where)
    look_ms, notice_ms, min_look_ms, min_notice_ms = _parse_looking(data, where)
    return Components(
        per_agent,
        chips,
        removed,
        tuple(locations),
        tuple(agents),
        tuple(signals),
        reactions,
        look_ms,
        notice_ms,
        min_look_ms=min_look_ms,
        min_notice_ms=min_notice_ms,
        min_agent_cards_per_player=_parse_length(data, where, per_agent),
    )


def _parse_length(data: dict[str, Any], where: str, per_agent: int) -> int:
    """The fewest agent cards per player; optional (one per player without ``[length]``)."""
    length = data.get("length")
    if length is None:
        return 1
    at = f"{where} [length]"
    if not isinstance(length, dict):
        raise DataFileError(f"{at}: must be a table")
    source(length, at)
    minimum = field(length, "min_agent_cards_per_player", int, at)
    if not 1 <= minimum <= per_agent:
        raise DataFileError(f"{at}: min_agent_cards_per_player must be 1 to {per_agent}")
    return minimum


def _parse_looking(data: dict[str, Any], where: str) -> tuple[int, int, int, int]:
    """How long looking takes, and the least a new table may set (``min_look_ms`` and
    ``min_notice_ms``, 0 if not given); optional: without ``[looking]`` it takes no time."""
    looking = data.get("looking")
    if looking is None:
        return 0, 0, 0, 0
    at = f"{where} [looking]"
    if not isinstance(looking, dict):
        raise DataFileError(f"{at}: must be a table")
    source(looking, at)
    look_ms = field(looking, "look_ms", int, at)
    notice_ms = field(looking, "notice_ms", int, at)
    min_look_ms = optional(looking, "min_look_ms", int, 0, at)
    min_notice_ms = optional(looking, "min_notice_ms", int, 0, at)
    if min(look_ms, notice_ms, min_look_ms, min_notice_ms) < 0:
        raise DataFileError(f"{at}: looking times cannot be negative")
    if look_ms < min_look_ms or notice_ms < min_notice_ms:
        raise DataFileError(f"{at}: look_ms and notice_ms cannot be under their minimum")
    return look_ms, notice_ms, min_look_ms, min_notice_ms


def _parse_reactions(data: dict[str, Any], where: str) -> tuple[Reaction, ...]:
    """Reaction times are optional: a player's own file may leave them out."""
    if "reaction" not in data:
        return ()
    reactions = []
    for index, raw in enumerate(table_list(data, "reaction", where)):
        at = f"{where} [[reaction]] #{index + 1}"
        reaction = Reaction(
            id=field(raw, "id", str, at),
            median=field(raw, "median", float, at),
            spread=field(raw, "spread", float, at),
            minimum=field(raw, "minimum", float, at),
            source=source(raw, at),
            rationale=field(raw, "rationale", str, at),
        )
        if not 0 <= reaction.minimum < reaction.median or reaction.spread < 0:
            raise DataFileError(f"{at}: need 0 <= minimum < median and spread >= 0")
        reactions.append(reaction)
    if len({reaction.id for reaction in reactions}) != len(reactions):
        raise DataFileError(f"{where}: two reaction times share an id")
    return tuple(reactions)


@cache
def standard_components() -> Components:
    """The components shipped with the game."""
    data = load_package_toml("topsecret.games.wink", "components.toml")
    return parse_components(data, "wink/components.toml")


def load_components(path: str | Path) -> Components:
    """A player's own components file, checked like the shipped one."""
    return parse_components(load_toml(path), str(path))
