"""The English words a translated screen should not show: the words of the English
messages (the template) that a language's own catalogue never uses itself. "total",
"assassin", "document" are French too and may show; "seat" or "winked" may not."""

from __future__ import annotations

import re
from functools import cache

from topsecret.i18n.catalogues import catalogue, template

WORD = re.compile(r"[^\W\d_]{3,}")
PLACEHOLDER = re.compile(r"\{[^}]*\}")


def words(text: str) -> set[str]:
    """The words of a text, lower case, placeholders left out."""
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


@cache
def english_only_words(lang: str) -> frozenset[str]:
    english: set[str] = set()
    for message in template():
        for text in [message.id] if isinstance(message.id, str) else message.id:
            english |= words(text)
    translated: set[str] = set()
    for message in catalogue(lang):
        if message.id:
            for text in [message.string] if isinstance(message.string, str) else message.string:
                translated |= words(text)
    return frozenset(english - translated)


def english_left(text: str, lang: str) -> set[str]:
    """The English-only words of ``text`` for a screen in ``lang``."""
    return words(text) & english_only_words(lang)
