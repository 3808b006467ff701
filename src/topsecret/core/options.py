"""Game options: declared once per game, validated with errors that name the option."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import N_, InvalidOptions

OptionValue = bool | int | str


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its name, type, default, help and allowed values.

    ``choices`` closes a text option to a list. ``suggestions`` are the usual values of an
    open text option, offered in menus. ``names_file`` marks text the game may read as a path
    on the host: a server lets remote players pick only the default or a suggestion.
    ``new_table_minimum`` is the least value a table created now may take, when an earlier
    rules version played lower values: ``minimum`` stays low enough for its stored tables and
    logs to load, and :meth:`Game.new_table_options <topsecret.core.game.Game.new_table_options>`
    holds new tables to this one.
    """

    name: str
    type: type
    default: OptionValue
    help: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    suggestions: tuple[str, ...] | None = None
    names_file: bool = False
    new_table_minimum: int | None = None

    def safe_for_remote(self, value: OptionValue) -> bool:
        """Whether a player on another machine may set this value (it names no host file)."""
        if not self.names_file:
            return True
        return value == self.default or value in (self.suggestions or ())

    def parse_text(self, text: str) -> OptionValue:
        """Read a value typed on a command line."""
        if self.type is bool:
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise InvalidOptions.of(
                N_("option '{name}' takes true or false, not {value}"),
                name=self.name,
                value=repr(text),
            )
        if self.type is int:
            try:
                return self.check(int(text))
            except ValueError:
                raise InvalidOptions.of(
                    N_("option '{name}' takes a whole number, not {value}"),
                    name=self.name,
                    value=repr(text),
                ) from None
        return self.check(text)

    def check(self, value: Any) -> OptionValue:
        if self.type is bool:
            if isinstance(value, str):
                # From Python or JSON, "true" is text, which reads like the value asked for.
                raise InvalidOptions.of(
                    N_("option '{name}' takes a boolean, true or false, not the text {value}"),
                    name=self.name,
                    value=repr(value),
                )
            if not isinstance(value, bool):
                raise InvalidOptions.of(
                    N_("option '{name}' takes true or false, not {value}"),
                    name=self.name,
                    value=repr(value),
                )
            return value
        if self.type is int:
            if isinstance(value, str):
                raise InvalidOptions.of(
                    N_("option '{name}' takes a whole number, not the text {value}"),
                    name=self.name,
                    value=repr(value),
                )
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidOptions.of(
                    N_("option '{name}' takes a whole number, not {value}"),
                    name=self.name,
                    value=repr(value),
                )
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptions.of(
                    N_("option '{name}' must be at least {minimum}"),
                    name=self.name,
                    minimum=self.minimum,
                )
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptions.of(
                    N_("option '{name}' must be at most {maximum}"),
                    name=self.name,
                    maximum=self.maximum,
                )
            return value
        if not isinstance(value, str):
            raise InvalidOptions.of(
                N_("option '{name}' takes text, not {value}"), name=self.name, value=repr(value)
            )
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(self.choices)
            raise InvalidOptions.of(
                N_("option '{name}' must be one of: {allowed}"), name=self.name, allowed=allowed
            )
        return value

    def check_new_table(self, value: OptionValue) -> None:
        """Refuse a value a table created now may not take (see ``new_table_minimum``)."""
        least = self.new_table_minimum
        if least is not None and isinstance(value, int) and value < least:
            raise InvalidOptions.of(
                N_("option '{name}' must be at least {minimum}"), name=self.name, minimum=least
            )

    def describe(self) -> dict[str, Any]:
        """What a new table may choose (so ``minimum`` is ``new_table_minimum`` if set)."""
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.type.__name__,
            "default": self.default,
            "help": self.help,
        }
        if self.choices is not None:
            out["choices"] = list(self.choices)
        least = self.new_table_minimum if self.new_table_minimum is not None else self.minimum
        if least is not None:
            out["minimum"] = least
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.suggestions is not None:
            out["suggestions"] = list(self.suggestions)
        if self.names_file:
            out["names_file"] = True
        return out


def resolve_options(
    specs: Sequence[OptionSpec], given: Mapping[str, Any] | None
) -> dict[str, OptionValue]:
    """Defaults overlaid with the given values, every one checked."""
    by_name = {spec.name: spec for spec in specs}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise InvalidOptions.of(
            N_("unknown option(s) {unknown}; this game has: {known}"),
            unknown=", ".join(unknown),
            known=_known(by_name),
        )
    return {
        name: spec.check(given[name]) if name in given else spec.default
        for name, spec in by_name.items()
    }


def parse_option_texts(specs: Sequence[OptionSpec], texts: Sequence[str]) -> dict[str, OptionValue]:
    """Options typed as ``name=value`` on a command line."""
    by_name = {spec.name: spec for spec in specs}
    out: dict[str, OptionValue] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        name = name.strip()
        if not sep:
            raise InvalidOptions.of(N_("write options as name=value, not {text}"), text=repr(text))
        if name not in by_name:
            raise InvalidOptions.of(
                N_("unknown option {name}; this game has: {known}"),
                name=repr(name),
                known=_known(by_name),
            )
        out[name] = by_name[name].parse_text(value)
    return out


def _known(by_name: Mapping[str, OptionSpec]) -> object:
    """The options a game has, for an error; "none" is a message of its own."""
    return ", ".join(sorted(by_name)) if by_name else (N_("none"), {})
