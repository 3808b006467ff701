"""Reading component data files (TOML) with errors that say where the problem is.

Every item in a data file records where it comes from: ``source = "rulebook"`` for what a
rulebook prints, ``source = "components"`` for what the game's printed components show (its
box and cards, as the project's component inventory lists them) although the rulebook's text
does not, and ``source = "project"`` for what this project designed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from .errors import N_, DataFileError

SOURCES = ("rulebook", "components", "project")
T = TypeVar("T")


def load_toml(path: str | Path) -> dict[str, Any]:
    """Read a TOML file from disk."""
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise DataFileError.of(N_("data file not found: {path}"), path=str(path)) from None
    except OSError as exc:
        raise DataFileError.of(
            N_("cannot read {path}: {reason}"), path=str(path), reason=str(exc.strerror or exc)
        ) from None
    except tomllib.TOMLDecodeError as exc:
        # tomllib's own reason (line and column) stays as it writes it.
        raise DataFileError.of(
            N_("{path} is not valid TOML: {reason}"), path=str(path), reason=str(exc)
        ) from None


def load_package_toml(package: str, name: str) -> dict[str, Any]:
    """Read a TOML file shipped inside a package."""
    try:
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        raise DataFileError(f"data file {name} is missing from {package}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{package}/{name} is not valid TOML: {exc}") from None


def field(table: Mapping[str, Any], key: str, kind: type[T], where: str) -> T:
    """A required field of a given type, or an error naming the file location."""
    if key not in table:
        raise DataFileError.of(N_("{where}: missing '{key}'"), where=where, key=key)
    value = table[key]
    if kind is int and isinstance(value, bool):
        raise DataFileError.of(N_("{where}: '{key}' must be a whole number"), where=where, key=key)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind):
        raise DataFileError.of(
            N_("{where}: '{key}' must be {kind}, not {value}"),
            where=where,
            key=key,
            kind=kind.__name__,
            value=repr(value),
        )
    return value


def optional(table: Mapping[str, Any], key: str, kind: type[T], default: T, where: str) -> T:
    if key not in table:
        return default
    return field(table, key, kind, where)


def source(table: Mapping[str, Any], where: str) -> str:
    """The item's ``source``: ``rulebook``, ``components`` or ``project``."""
    value = field(table, "source", str, where)
    if value not in SOURCES:
        raise DataFileError.of(
            N_("{where}: source must be one of {sources}, not {value}"),
            where=where,
            sources=str(SOURCES),
            value=repr(value),
        )
    return value


def table_list(data: Mapping[str, Any], key: str, where: str) -> list[dict[str, Any]]:
    """An array of tables (``[[key]]``)."""
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise DataFileError.of(
            N_("{where}: expected one or more [[{key}]] tables"), where=where, key=key
        )
    return value
