"""The catalogues as data: what each lacks against the template, and their JSON export for
the web client (the same messages the Python side reads, never a second list)."""

from __future__ import annotations

import string
from functools import cache
from typing import TYPE_CHECKING, Any

from . import DEFAULT, DOMAIN, TEMPLATE, catalogue_path

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

#: Joins a message's context to its id in the JSON export, as gettext's ``.mo`` files do.
CONTEXT_SEPARATOR = "\x04"


@cache
def _read(path: str, lang: str | None) -> Catalog:
    from babel.messages.pofile import read_po

    with open(path, "rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def template() -> Catalog:
    return _read(str(TEMPLATE), None)


def catalogue(lang: str) -> Catalog:
    return _read(str(catalogue_path(lang)), lang)


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)


def _strings(message: Message) -> tuple[str, ...]:
    if isinstance(message.string, (list, tuple)):
        return tuple(message.string)
    return (message.string or "",)


def fields(text: str) -> set[str]:
    """The ``{name}`` placeholders of a message."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def missing_messages(lang: str) -> list[tuple[str, str]]:
    """Each template message the language's catalogue lacks, leaves empty, marks fuzzy or
    translates with a placeholder the English does not have, with the reason."""
    ours = catalogue(lang)
    problems: list[tuple[str, str]] = []
    for message in template():
        if not message.id:
            continue
        ids = _ids(message)
        found = ours.get(ids[0], context=message.context)
        if found is None:
            problems.append((ids[0], "missing"))
            continue
        if found.fuzzy:
            problems.append((ids[0], "fuzzy"))
            continue
        strings = _strings(found)
        expected_forms = ours.num_plurals if len(ids) > 1 else 1
        if len(strings) != expected_forms or not all(strings):
            problems.append((ids[0], "untranslated"))
            continue
        allowed = set().union(*(fields(text) for text in ids))
        for text in strings:
            extra = fields(text) - allowed
            if extra:
                problems.append((ids[0], f"unknown placeholder {sorted(extra)}"))
    return problems


def catalogue_json(lang: str) -> dict[str, Any]:
    """One language's messages for the web client: ``messages`` maps each message id (with
    ``context + "\\x04"`` before it when it has one) to its text, or to its list of plural
    forms; ``plural`` is the catalogue's rule, a C expression in ``n`` giving the form's
    index. English maps every template message to itself."""
    if lang == DEFAULT:
        source, plural, forms = template(), "(n != 1)", 2
    else:
        source = catalogue(lang)
        plural, forms = source.plural_expr, source.num_plurals
    messages: dict[str, Any] = {}
    for message in source:
        if not message.id or message.fuzzy:
            continue
        ids = _ids(message)
        key = ids[0] if message.context is None else message.context + CONTEXT_SEPARATOR + ids[0]
        strings = ids if lang == DEFAULT else _strings(message)
        if not all(strings):
            continue
        messages[key] = list(strings) if len(ids) > 1 else strings[0]
    return {"lang": lang, "plural": plural, "nplurals": forms, "messages": messages}
