"""The vault deck: cards, colours and small-table adjustments, read from ``data.toml``."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...core import DataFileError
from ...core.data import field, load_package_toml, load_toml, optional, source, table_list

SAFE = "safe"
DOCUMENT = "document"
ASSASSIN = "assassin"
MOLE = "mole"
SPECIAL_AGENT = "special_agent"
#: Kinds a player holds in hand (the safe lies face up on the table from the start).
HAND_KINDS = (DOCUMENT, ASSASSIN, MOLE, SPECIAL_AGENT)
KIND_LABELS = {
    DOCUMENT: "document",
    ASSASSIN: "assassin",
    MOLE: "mole",
    SPECIAL_AGENT: "special agent",
    SAFE: "safe",
}


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    colour: str
    kind: str
    #: Face value of a secret document; 0 for every other card.
    value: int = 0

    @property
    def type_key(self) -> tuple[str, int]:
        """What matters for the rules: kind and value (colour never does)."""
        return (self.kind, self.value)

    @property
    def label(self) -> str:
        return f"document {self.value}" if self.kind == DOCUMENT else KIND_LABELS[self.kind]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "colour": self.colour, "kind": self.kind, "value": self.value}


@dataclass(frozen=True, slots=True)
class SmallTable:
    """The "Préparation" adjustments for two and three players."""

    players: int
    extra_moles: int
    extra_assassins: int
    remove_document_value: int
    cards_per_player: int


@dataclass(frozen=True, slots=True)
class VaultComponents:
    colours: tuple[str, ...]
    #: (kind, value, count) for the 16 cards of one colour, safe included.
    colour_cards: tuple[tuple[str, int, int], ...]
    small_tables: Mapping[int, SmallTable]
    #: The rulebook's 1200 (§Manches), made for its printed document values, which its text
    #: does not give.
    printed_target: int
    #: By player count, the total that ends a game of several deals with this deck's values
    #: (the ``[[manches]]`` tables); a count without one plays to ``printed_target``.
    targets: Mapping[int, int]
    _deck: tuple[Card, ...] = dataclasses.field(init=False, repr=False, compare=False)
    #: Each card's JSON by id, made once and shared by every view of every table (views are
    #: for reading), so nobody may change them.
    card_json: tuple[dict[str, Any], ...] = dataclasses.field(init=False, repr=False, compare=False)
    _tricks: dict[int, int] = dataclasses.field(init=False, repr=False, compare=False)

    def target_for(self, players: int) -> int:
        """The total that ends a game of several deals at this table size (§Manches)."""
        return self.targets.get(players, self.printed_target)

    def deck(self) -> tuple[Card, ...]:
        """Every card, colour by colour, with ids 0..95 in a fixed order: one tuple for every
        table of this deck (cards are frozen), so a server holding many tables holds one."""
        return self._deck

    def __post_init__(self) -> None:
        cards: list[Card] = []
        for colour in self.colours:
            for kind, value, count in self.colour_cards:
                for _ in range(count):
                    cards.append(Card(len(cards), colour, kind, value))
        object.__setattr__(self, "_deck", tuple(cards))
        object.__setattr__(self, "card_json", tuple(card.to_json() for card in cards))
        object.__setattr__(self, "_tricks", {})

    def tricks_per_deal(self, players: int) -> int:
        """Tricks in one deal at this table size: the cards of one hand (worked out once)."""
        tricks = self._tricks.get(players)
        if tricks is None:
            tricks = self._tricks[players] = sum(self.hand_composition(players).values())
        return tricks

    def hand_composition(self, players: int) -> dict[tuple[str, int], int]:
        """How many cards of each kind and value one player holds at the start of a deal."""
        counts: dict[tuple[str, int], int] = {}
        for kind, value, count in self.colour_cards:
            if kind != SAFE:
                counts[(kind, value)] = counts.get((kind, value), 0) + count
        small = self.small_tables.get(players)
        if small is not None:
            counts.pop((DOCUMENT, small.remove_document_value), None)
            counts[(MOLE, 0)] = counts.get((MOLE, 0), 0) + small.extra_moles
            counts[(ASSASSIN, 0)] = counts.get((ASSASSIN, 0), 0) + small.extra_assassins
        return counts


def parse_components(data: Mapping[str, Any], where: str) -> VaultComponents:
    """Validate a vault data file against the facts the rulebook prints."""
    deck = data.get("deck")
    if not isinstance(deck, dict):
        raise DataFileError(f"{where}: missing the [deck] table")
    source(deck, f"{where} [deck]")
    n_colours = field(deck, "colours", int, f"{where} [deck]")
    per_colour = field(deck, "cards_per_colour", int, f"{where} [deck]")

    colours = []
    for i, entry in enumerate(table_list(data, "colour", where)):
        at = f"{where} [[colour]] #{i + 1}"
        source(entry, at)
        colours.append(field(entry, "name", str, at))
    if len(colours) != n_colours or len(set(colours)) != n_colours:
        raise DataFileError(f"{where}: expected {n_colours} distinct colours, got {colours}")

    colour_cards: list[tuple[str, int, int]] = []
    for i, entry in enumerate(table_list(data, "card", where)):
        at = f"{where} [[card]] #{i + 1}"
        source(entry, at)
        kind = field(entry, "kind", str, at)
        if kind not in (SAFE, *HAND_KINDS):
            raise DataFileError(f"{at}: unknown kind {kind!r}")
        value = optional(entry, "value", int, 0, at)
        if (kind == DOCUMENT) != (value > 0):
            raise DataFileError(f"{at}: documents need a positive value, other cards none")
        count = field(entry, "count", int, at)
        if count < 1:
            raise DataFileError(f"{at}: count must be at least 1")
        colour_cards.append((kind, value, count))
    total = sum(count for _, _, count in colour_cards)
    if total != per_colour:
        raise DataFileError(f"{where}: one colour holds {total} cards, not {per_colour}")
    by_kind = {k: sum(c for kk, _, c in colour_cards if kk == k) for k in (SAFE, *HAND_KINDS)}
    henchmen = by_kind[ASSASSIN] + by_kind[MOLE] + by_kind[SPECIAL_AGENT]
    expected = {
        "safes": by_kind[SAFE] * n_colours,
        "agents": henchmen * n_colours,
        "documents": by_kind[DOCUMENT] * n_colours,
    }
    for key, got in expected.items():
        want = field(deck, key, int, f"{where} [deck]")
        if got != want:
            raise DataFileError(f"{where}: the colours add up to {got} {key}, the deck has {want}")
    if by_kind[SAFE] != 1:
        raise DataFileError(f"{where}: each colour needs exactly one safe")

    small_tables: dict[int, SmallTable] = {}
    for i, entry in enumerate(table_list(data, "small_table", where)):
        at = f"{where} [[small_table]] #{i + 1}"
        source(entry, at)
        table = SmallTable(
            players=field(entry, "players", int, at),
            extra_moles=field(entry, "extra_moles", int, at),
            extra_assassins=field(entry, "extra_assassins", int, at),
            remove_document_value=field(entry, "remove_document_value", int, at),
            cards_per_player=field(entry, "cards_per_player", int, at),
        )
        removed = sum(
            c for k, v, c in colour_cards if k == DOCUMENT and v == table.remove_document_value
        )
        got = per_colour + table.extra_moles + table.extra_assassins - removed
        if got != table.cards_per_player:
            raise DataFileError(
                f"{at}: {per_colour} + {table.extra_moles + table.extra_assassins} extra "
                f"- {removed} removed = {got} cards, but the rules say {table.cards_per_player}"
            )
        small_tables[table.players] = table

    scoring = data.get("scoring")
    if not isinstance(scoring, dict):
        raise DataFileError(f"{where}: missing the [scoring] table")
    source(scoring, f"{where} [scoring]")
    # [[manches]] tables set the target for this deck's values by table size; a file
    # without them plays to the [scoring] target.
    targets: dict[int, int] = {}
    for i, entry in enumerate(data.get("manches", [])):
        at = f"{where} [[manches]] #{i + 1}"
        if not isinstance(entry, dict):
            raise DataFileError(f"{at}: expected a table")
        source(entry, at)
        players = field(entry, "players", int, at)
        target = field(entry, "target", int, at)
        if target < 1 or players in targets:
            raise DataFileError(f"{at}: one positive target per player count")
        targets[players] = target
    return VaultComponents(
        colours=tuple(colours),
        colour_cards=tuple(colour_cards),
        small_tables=small_tables,
        printed_target=field(scoring, "target", int, f"{where} [scoring]"),
        targets=targets,
    )


@cache
def default_components() -> VaultComponents:
    return parse_components(
        load_package_toml(__package__ or __name__, "data.toml"), "vault data.toml"
    )


def load_components(path: str | Path) -> VaultComponents:
    """A player's own deck file, validated like the shipped one."""
    return parse_components(load_toml(path), str(path))
