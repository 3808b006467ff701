"""Errors the engine raises. Every one carries a message a person can act on."""

from __future__ import annotations

from collections.abc import Mapping


class TopSecretError(Exception):
    """Base class for every error this package raises on purpose."""


class IllegalAction(TopSecretError):
    """An action that the rules forbid; the state is left untouched.

    ``rule`` names the rule that was broken, citing the rulebook section where there is one.
    A translatable error also gives ``template``, the message before its ``params`` are filled
    in (``message == template.format(**params)`` in English), so that it can be shown in each
    player's language; see :func:`topsecret.i18n.error_text`.
    """

    def __init__(
        self,
        message: str,
        rule: str,
        *,
        template: str | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(f"{message} ({rule})")
        self.reason = message
        self.rule = rule
        self.template = template
        self.params = dict(params or {})


class InvalidOptions(TopSecretError):
    """Game options that are unknown, of the wrong type or out of range."""


class DataFileError(TopSecretError):
    """A component data file (TOML) that is missing, malformed or inconsistent."""


class ReplayError(TopSecretError):
    """A replay log that cannot be read, or that does not reproduce its recorded result."""


class UnknownName(TopSecretError):
    """A game, bot or other registered name that does not exist."""
