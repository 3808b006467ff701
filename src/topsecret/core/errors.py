"""Errors the engine raises. Every one carries a message a person can act on."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Self


def N_(message: str) -> str:
    """Mark a message for the catalogues without translating it here: an error keeps it as
    its ``template`` and is shown in each reader's language (``topsecret.i18n``)."""
    return message


def fill(template: str, params: Mapping[str, object]) -> str:
    """A template's English text: a parameter given as ``(message, params)`` is filled in
    first (a reason that is itself a message)."""
    if not params:
        return template
    return template.format(**{key: _english(value) for key, value in params.items()})


def _english(value: object) -> object:
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str):
        message, params = value
        return fill(message, params)
    return value


def reason_of(error: BaseException) -> tuple[str, Mapping[str, object]]:
    """An error as a message parameter (``(message, params)``), for a message that gives it
    as its reason: an error of ours with a template is translated where it is shown, an
    illegal action with its rule; any other is shown as its English text."""
    template = getattr(error, "template", None)
    if not isinstance(error, TopSecretError) or template is None:
        return (str(error) or type(error).__name__, {})
    if isinstance(error, IllegalAction):
        return ("{reason} ({rule})", {"reason": (template, error.params), "rule": (error.rule, {})})
    return (template, error.params)


class TopSecretError(Exception):
    """Base class for every error this package raises on purpose.

    A translatable error carries ``template``, its message before ``params`` are filled in (a
    catalogue message marked with :func:`N_`), so that each reader gets it in their own
    language; ``str(error)`` stays the English text. Build one with :meth:`of`.
    """

    template: str | None = None
    params: Mapping[str, object] = MappingProxyType({})

    @classmethod
    def of(cls, template: str, /, **params: object) -> Self:
        """The error whose message is ``template`` filled in with ``params``."""
        error = cls(fill(template, params))
        error.template = template
        error.params = params
        return error

    def with_message_of(self, other: TopSecretError) -> Self:
        """This error, carrying ``other``'s translatable message (an error passed on)."""
        self.template = other.template
        self.params = other.params
        return self


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
