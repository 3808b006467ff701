"""Languages: a translator per language, read from the gettext catalogues in ``locale/``.

English is the language of the source code: every message is written in English and marked
for extraction (``tr.gettext("...")``, ``tr.ngettext(...)``, ``tr.pgettext(...)`` or
``N_("...")`` for a message kept to be translated later). The catalogues
``locale/<lang>/LC_MESSAGES/topsecret.po`` are read at run time with Babel (no compiled ``.mo``
file to build or forget), once per language.

Nothing here sets a process-wide language: one table may mix languages, so whatever renders
text for a seat is handed that seat's :class:`Translator`.

>>> fr = translator("fr")
>>> fr.gettext("mole")
'taupe'
>>> fr.ngettext("Game over. Winner: {players}", "Game over. Winners: {players}", 2)
'Partie terminée. Maîtres Espions : {players}'
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..core.errors import IllegalAction, TopSecretError, UnknownName

if TYPE_CHECKING:
    from ..core import Action, Event, Game

#: The languages a player may pick, English first (the source language and the fallback).
LANGUAGES: tuple[str, ...] = ("en", "fr", "de", "it")
#: Each language's name in that language, for menus.
LANGUAGE_NAMES: Mapping[str, str] = {
    "en": "English",
    "fr": "Français",
    "de": "Deutsch",
    "it": "Italiano",
}
DEFAULT = "en"
DOMAIN = "topsecret"
#: Where the catalogues live: ``<lang>/LC_MESSAGES/topsecret.po`` and the template.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def N_(message: str) -> str:
    """Mark a message for extraction without translating it here: it is translated where it
    is shown, for the seat it is shown to."""
    return message


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


class Translator:
    """The messages of one language. English (or any message missing from a catalogue)
    comes out as written in the source."""

    def __init__(self, lang: str, translations: gettext.NullTranslations) -> None:
        self.lang = lang
        self._t = translations

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"

    def gettext(self, message: str) -> str:
        return self._t.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` under the language's plural rule (its catalogue's header)."""
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """A message whose translation depends on where it appears (``context``)."""
        return self._t.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._t.npgettext(context, singular, plural, n)


def _read_catalogue(lang: str) -> gettext.NullTranslations:
    """The language's ``.po`` file, read with Babel and turned into gettext translations
    in memory. Fuzzy entries are left out, as ``msgfmt`` would."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with catalogue_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def normalize(lang: str | None) -> str | None:
    """``fr_FR.UTF-8`` -> ``fr``; ``None`` for a language we do not have."""
    if not lang:
        return None
    code = lang.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


@cache
def translator(lang: str) -> Translator:
    """The translator for ``lang`` (``en``, ``fr``, ``de``, ``it`` or a locale name such as
    ``fr_CH.UTF-8``); an unknown language raises :class:`UnknownName`."""
    code = normalize(lang)
    if code is None:
        raise UnknownName.of(
            N_("no language {name}; choose from {choices}"),
            name=repr(lang),
            choices=", ".join(LANGUAGES),
        )
    if code == DEFAULT:
        return Translator(code, gettext.NullTranslations())
    return Translator(code, _read_catalogue(code))


ENGLISH = translator(DEFAULT)


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The player's language as the locale says (``LANGUAGE``, then ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, as gettext reads them); English when none is one of ours."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        # LANGUAGE may list several languages by preference: "fr:de".
        for part in value.split(":"):
            code = normalize(part)
            if code is not None:
                return code
        if name != "LANGUAGE":
            # The first locale variable set decides, even if it names a language we lack.
            return DEFAULT
    return DEFAULT


@cache
def locale_translator() -> Translator:
    """The translator of the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``):
    what command-line help and messages are written in, since help is written before any
    ``--lang`` option is read."""
    return translator(language_from_environment())


def error_text(error: IllegalAction, tr: Translator) -> str:
    """An engine error in the seat's language: its reason and the rule it names.

    Errors raised with a ``template`` (a marked message) and ``params`` are translated;
    a parameter given as ``(message, params)`` is itself translated first (a card's name).
    """
    if error.template is None:
        return str(error)
    reason = reason_text(error, tr)
    return tr.gettext("{reason} ({rule})").format(reason=reason, rule=tr.gettext(error.rule))


def _param(value: Any, tr: Translator) -> Any:
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str):
        message, params = value
        return _filled(tr.gettext(message), params, tr)
    return value


def _filled(text: str, params: Mapping[str, Any], tr: Translator) -> str:
    # A message without parameters is shown as it is: it may hold braces (a stored reason).
    if not params:
        return text
    return text.format(**{key: _param(value, tr) for key, value in params.items()})


def reason_text(error: IllegalAction, tr: Translator) -> str:
    """An engine error's reason in the seat's language, without its rule."""
    if error.template is None:
        return error.reason
    return _filled(tr.gettext(error.template), error.params or {}, tr)


def filled_message(message: tuple[str, Mapping[str, Any]], tr: Translator) -> str:
    """A message given as ``(template, params)`` in ``tr``'s language; a parameter that is
    itself ``(template, params)`` is translated first (a card's name in a sentence)."""
    template, params = message
    return _filled(tr.gettext(template), params, tr)


def message_text(error: TopSecretError, tr: Translator) -> str:
    """Any error of ours in the reader's language: an engine error with its rule
    (:func:`error_text`), one raised with a template (``TopSecretError.of``) translated, any
    other as it is (English)."""
    if isinstance(error, IllegalAction):
        return error_text(error, tr)
    if error.template is None:
        return str(error) or type(error).__name__
    return _filled(tr.gettext(error.template), error.params, tr)


def accepted_language(*choices: str | None) -> str:
    """The first language we have among ``choices``, each a language code (``fr``, a
    ``lang`` query parameter) or an HTTP ``Accept-Language`` header (``de-CH,de;q=0.9``,
    read by its weights); English when none names one of ours."""
    for choice in choices:
        if not choice:
            continue
        for code in _by_preference(choice):
            found = normalize(code)
            if found is not None:
                return found
    return DEFAULT


def _by_preference(header: str) -> list[str]:
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:20]):
        code, _, rest = part.strip().partition(";")
        weight = 1.0
        for parameter in rest.split(";"):
            name, _, value = parameter.strip().partition("=")
            if name.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if code and code != "*" and weight > 0:
            weighted.append((-weight, index, code))
    return [code for _, _, code in sorted(weighted)]


class GameText(Protocol):
    """A game's words for one seat, in that seat's language: what a terminal or a log shows.

    A game that speaks several languages has ``localized(tr)`` returning one; any other game
    is shown in English through its own ``describe_action``, ``describe_event`` and
    ``render_text`` (see :func:`game_text`).
    """

    def action(self, action: Action) -> str: ...

    def action_groups(self, actions: Sequence[Action]) -> list[tuple[str, list[Action]]]: ...

    def menu_numbers(self, actions: Sequence[Action]) -> list[int] | None: ...

    def menu_note(
        self, actions: Sequence[Action], observation: Mapping[str, Any]
    ) -> str | None: ...

    def event(self, event: Event, me: int | None) -> str | None: ...

    def view(self, observation: Mapping[str, Any]) -> Any: ...

    def options(self, options: Mapping[str, object]) -> list[str]: ...


class EnglishText:
    """The words of a game that has no catalogue messages yet: its own English."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def action(self, action: Action) -> str:
        return self.game.describe_action(action)

    def action_groups(self, actions: Sequence[Action]) -> list[tuple[str, list[Action]]]:
        return self.game.action_groups(actions)

    def menu_numbers(self, actions: Sequence[Action]) -> list[int] | None:
        """Menus numbered 1, 2, ...: such a game has no better numbers."""
        return None

    def menu_note(self, actions: Sequence[Action], observation: Mapping[str, Any]) -> str | None:
        """No note: such a game says nothing more about its moves."""
        return None

    def event(self, event: Event, me: int | None) -> str | None:
        return self.game.describe_event(event, me)

    def view(self, observation: Mapping[str, Any]) -> Any:
        return self.game.render_text(observation)

    def options(self, options: Mapping[str, object]) -> list[str]:
        """Nothing: the game has no words for its options yet (the start panel stays as it
        was before languages came)."""
        return []


def game_text(game: Game, tr: Translator) -> GameText:
    """The game's words in ``tr``'s language where the game has them, else in English."""
    localized = getattr(game, "localized", None)
    if localized is None:
        return EnglishText(game)
    text: GameText = localized(tr)
    return text


def is_translated(game: Game) -> bool:
    """Whether the game's own texts go through the catalogues."""
    return getattr(game, "localized", None) is not None


__all__ = [
    "DEFAULT",
    "ENGLISH",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "N_",
    "TEMPLATE",
    "EnglishText",
    "GameText",
    "Translator",
    "accepted_language",
    "catalogue_path",
    "error_text",
    "game_text",
    "is_translated",
    "language_from_environment",
    "locale_translator",
    "message_text",
    "normalize",
    "reason_text",
    "translator",
]
