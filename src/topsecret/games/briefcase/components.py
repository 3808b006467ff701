"""Agents, die, track, payoff boards and the rulebook's numbers, loaded from TOML."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ...core import DataFileError
from ...core.data import field, load_package_toml, source, table_list

PACKAGE = "topsecret.games.briefcase"
COMPONENTS_FILE = "components.toml"
POWERS = ("beacon", "magician", "roulette", "spyglass", "tempest", "vagabond")
SOLOMON_FACE = "solomon"


@dataclass(frozen=True, slots=True)
class AgentCard:
    name: str
    power: str
    summary: str


@dataclass(frozen=True, slots=True)
class Components:
    agents: tuple[AgentCard, ...]
    die: tuple[str, ...]
    track_start: tuple[int, int]
    last_space: int
    boards: tuple[str, ...]
    reserve: int
    token_coins: int
    setup_extra_coins: int
    solomon_payoff: int
    burn_cost: int
    burn_tokens: int

    @property
    def agent_names(self) -> tuple[str, ...]:
        return tuple(agent.name for agent in self.agents)

    def track_start_for(self, players: int) -> int:
        small, large = self.track_start
        return large if players >= 4 else small


def _table(data: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise DataFileError(f"{where}: missing the [{key}] table")
    source(value, f"{where} [{key}]")
    return value


def parse_components(data: dict[str, Any], where: str) -> Components:
    agents: list[AgentCard] = []
    for i, entry in enumerate(table_list(data, "agent", where)):
        spot = f"{where} [[agent]] #{i + 1}"
        source(entry, spot)
        power = field(entry, "power", str, spot)
        if power not in POWERS:
            raise DataFileError(f"{spot}: unknown power {power!r}; powers are {', '.join(POWERS)}")
        agents.append(
            AgentCard(field(entry, "name", str, spot), power, field(entry, "summary", str, spot))
        )
    if len(agents) != 6 or sorted(a.power for a in agents) != sorted(POWERS):
        raise DataFileError(f"{where}: there must be six agents, one per power")
    die_table = _table(data, "die", where)
    faces = field(die_table, "faces", list, f"{where} [die]")
    if not faces or not all(isinstance(f, str) for f in faces) or SOLOMON_FACE not in faces:
        raise DataFileError(f"{where} [die]: faces must be names and include {SOLOMON_FACE!r}")
    if all(f == SOLOMON_FACE for f in faces):
        raise DataFileError(f"{where} [die]: at least one face must not show Dr. Solomon")
    track = _table(data, "track", where)
    small = field(track, "start_two_or_three_players", int, f"{where} [track]")
    large = field(track, "start_four_players", int, f"{where} [track]")
    last = field(track, "last_numbered_space", int, f"{where} [track]")
    if not 0 < last <= min(small, large):
        raise DataFileError(f"{where} [track]: the last space must be between 1 and the start")
    boards = table_list(data, "payoff_board", where)
    colours = []
    for i, entry in enumerate(boards):
        source(entry, f"{where} [[payoff_board]] #{i + 1}")
        colours.append(field(entry, "colour", str, f"{where} [[payoff_board]] #{i + 1}"))
    if len(colours) != 4:
        raise DataFileError(f"{where}: there must be four payoff boards")
    rules = _table(data, "rules", where)
    spot = f"{where} [rules]"
    numbers = {
        key: field(rules, key, int, spot)
        for key in (
            "reserve",
            "starting_token_coins",
            "setup_extra_coins",
            "solomon_payoff",
            "burn_cost",
            "burn_tokens",
        )
    }
    if any(v < 0 for v in numbers.values()):
        raise DataFileError(f"{spot}: numbers cannot be negative")
    return Components(
        agents=tuple(agents),
        die=tuple(faces),
        track_start=(small, large),
        last_space=last,
        boards=tuple(colours),
        reserve=numbers["reserve"],
        token_coins=numbers["starting_token_coins"],
        setup_extra_coins=numbers["setup_extra_coins"],
        solomon_payoff=numbers["solomon_payoff"],
        burn_cost=numbers["burn_cost"],
        burn_tokens=numbers["burn_tokens"],
    )


@cache
def components() -> Components:
    return parse_components(load_package_toml(PACKAGE, COMPONENTS_FILE), COMPONENTS_FILE)
