"""Rules versions: a table keeps the rules it was created with.

A game's defaults and designed values change from release to release (a rulebook correction,
a better-measured design). A table stored by the server, or a replay log saved to a file,
must still replay as it was played. So every table's resolved options carry the number of the
rules it was created under, in the reserved option ``rules``; the game's package holds a data
file, ``rules_versions.toml``, that says what each earlier version's defaults were:

.. code-block:: toml

    current = 2

    [[earlier]]
    version = 1
    changes = "one deal by default (was: deals to 1200)"
    # The option values that play version 1 on today's engine, where they differ.
    options = { single_deal = false, target = 1200 }
    # Options version 1 had that no longer exist (dropped when reading).
    retired = []
    # Non-empty when today's engine cannot play version 1: why, for the error.
    refused = ""
    source = "project"

Reading options of version ``v`` fills in, for every option the stored options do not name,
the value of the first earlier version from ``v`` upwards that names it: what was the default
then. Options the table named itself keep their value. A game without the file has only
version 1. Stored data written before versions existed carries no ``rules``: the replay file
reader and the server's database migration stamp it as version 1; an option set built in
memory without it (a new table) is of the current version.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .data import field, optional, source, table_list
from .errors import N_, DataFileError, InvalidOptions

#: The reserved option that names a table's rules version.
RULES = "rules"
#: The file in a game's package that lists its rules versions.
RULES_FILE = "rules_versions.toml"
#: The version of stored tables and logs that predate rules versions.
FIRST = 1


@dataclass(frozen=True, slots=True)
class EarlierRules:
    """One earlier version: the option values that play it today, or why none can."""

    version: int
    changes: str
    options: Mapping[str, Any]
    retired: tuple[str, ...]
    refused: str


@dataclass(frozen=True, slots=True)
class RulesHistory:
    """A game's current rules version and what each earlier one was."""

    current: int
    earlier: tuple[EarlierRules, ...]

    def version_of(self, given: Any, title: str) -> int:
        """The rules version an option set names (the current one when it names none)."""
        if given is None:
            return self.current
        if not isinstance(given, int) or isinstance(given, bool):
            raise InvalidOptions.of(
                N_("option '{name}' takes a whole number, not {given}"),
                name=RULES,
                given=repr(given),
            )
        if not FIRST <= given <= self.current:
            raise InvalidOptions.of(
                N_(
                    "this table was made under {game} rules {version}; this version of Top "
                    "Secret knows rules {first} to {current}: upgrade it to play or replay the "
                    "table"
                ),
                game=(title, {}),
                version=given,
                first=FIRST,
                current=self.current,
            )
        return given

    def check_new(self, given: Any, title: str) -> None:
        """Refuse an earlier (or unknown) version for a table being created now.

        Earlier versions exist so that stored tables and logs replay as they were played;
        a new table is always played under the current rules, and the earlier rules' choices
        that still make sense are ordinary options (each game's page lists them).
        """
        if given is None or (type(given) is int and given == self.current):
            return
        raise InvalidOptions.of(
            N_(
                "{game}: new tables are played under the current rules, {current}: option "
                "'{name}' takes only {current} (or leave it out), not {given}; earlier rules are "
                "kept only so that tables made under them replay as they were played"
            ),
            game=(title, {}),
            current=self.current,
            name=RULES,
            given=repr(given),
        )

    def upgrade(self, version: int, given: Mapping[str, Any], title: str) -> dict[str, Any]:
        """Options of ``version`` as today's engine needs them to play that version."""
        out = dict(given)
        for entry in self.earlier:
            if entry.version == version and entry.refused:
                raise InvalidOptions.of(
                    N_(
                        "this table was made under {game} rules {version}, which this version "
                        "of Top Secret cannot replay: {reason}"
                    ),
                    game=(title, {}),
                    version=version,
                    reason=(entry.refused, {}),
                )
        for entry in sorted(self.earlier, key=lambda e: e.version):
            if entry.version < version:
                continue
            for name in entry.retired:
                out.pop(name, None)
            for name, value in entry.options.items():
                out.setdefault(name, value)
        return out


SINGLE_VERSION = RulesHistory(FIRST, ())


def parse_history(data: Mapping[str, Any], where: str) -> RulesHistory:
    """A rules history from a ``rules_versions.toml`` already read."""
    current = field(data, "current", int, where)
    earlier = []
    for number, entry in enumerate(table_list(data, "earlier", where), 1):
        at = f"{where} earlier #{number}"
        version = field(entry, "version", int, at)
        if not FIRST <= version < current:
            raise DataFileError(f"{at}: version must be from {FIRST} to {current - 1}")
        options = optional(entry, "options", dict, {}, at)
        retired = optional(entry, "retired", list, [], at)
        if not all(isinstance(name, str) for name in retired):
            raise DataFileError(f"{at}: retired must list option names")
        source(entry, at)
        earlier.append(
            EarlierRules(
                version=version,
                changes=field(entry, "changes", str, at),
                options=dict(options),
                retired=tuple(retired),
                refused=optional(entry, "refused", str, "", at),
            )
        )
    versions = sorted(e.version for e in earlier)
    if versions != list(range(FIRST, current)):
        raise DataFileError(f"{where}: list every earlier version from {FIRST} to {current - 1}")
    return RulesHistory(current, tuple(earlier))


@cache
def rules_history(package: str) -> RulesHistory:
    """The rules history shipped in a game's package (one version if it ships none)."""
    try:
        path = resources.files(package).joinpath(RULES_FILE)
    except (ModuleNotFoundError, TypeError, ValueError):
        return SINGLE_VERSION
    if not path.is_file():
        return SINGLE_VERSION
    import tomllib

    where = f"{package}/{RULES_FILE}"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{where} is not valid TOML: {exc}") from None
    return parse_history(data, where)


__all__ = ["FIRST", "RULES", "EarlierRules", "RulesHistory", "parse_history", "rules_history"]
