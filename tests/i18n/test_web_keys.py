"""Every message the web client asks for is in every language's catalogue (source level, no
browser): the literal of each ``gettext("...")``, ``ngettext("...", "...", n)`` and
``N_("...")`` call in ``web/js`` and each text a page marks ``data-i18n``.

The JSON files are exported from the gettext catalogues, and those hold what Babel extracts.
A message Babel does not see (a call inside a template literal's ``${...}``, which its
JavaScript extractor skips) would reach no catalogue and stay English on every screen: this
check reads the calls itself, so it catches that too."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from topsecret.i18n import LANGUAGES
from topsecret.i18n.__main__ import WEB_LOCALE
from topsecret.i18n.catalogues import fields
from topsecret.i18n.html import marked_messages

WEB = WEB_LOCALE.parent
#: A JavaScript string literal in double or single quotes.
LITERAL = r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')"""
SINGLE = re.compile(rf"\b(?:gettext|N_)\(\s*{LITERAL}\s*\)")
PLURAL = re.compile(rf"\bngettext\(\s*{LITERAL}\s*,\s*{LITERAL}\s*,")


def unquoted(literal: str) -> str:
    """The text of a JavaScript string literal (the escapes our sources use)."""
    body = literal[1:-1]
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


@cache
def used_messages() -> dict[str, tuple[str, ...]]:
    """Each message id the client uses, with its forms (one, or singular and plural), and
    where it is used."""
    found: dict[str, tuple[str, ...]] = {}
    for path in sorted((WEB / "js").rglob("*.js")):
        source = path.read_text(encoding="utf-8")
        for match in SINGLE.finditer(source):
            text = unquoted(match.group(1))
            found[text] = (text,)
        for match in PLURAL.finditer(source):
            singular, plural = unquoted(match.group(1)), unquoted(match.group(2))
            found[singular] = (singular, plural)
    for path in sorted(WEB.glob("*.html")):
        for _, text in marked_messages(path.read_text(encoding="utf-8")):
            found[text] = (text,)
    return found


@cache
def catalogue(lang: str) -> dict[str, Any]:
    messages: dict[str, Any] = json.loads(
        (WEB_LOCALE / f"{lang}.json").read_text(encoding="utf-8")
    )["messages"]
    return messages


def test_the_client_asks_for_its_texts_through_the_catalogues() -> None:
    """The scan itself finds the calls of every script (a broken pattern finding nothing would
    pass every other check)."""
    used = used_messages()
    assert len(used) > 400
    assert used["Show more ({count} older)"] == ("Show more ({count} older)",) * 2
    assert "Take my seat back" in used  # table.js
    assert "Behind every shield" in used  # views/briefcase.js
    assert "Cards won" in used  # views/wink.js
    assert "Score sheet" in used  # views/spyworld.js
    assert "Seen by" in used  # replay.html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_the_client_uses_is_in_the_language_s_catalogue(lang: str) -> None:
    messages = catalogue(lang)
    missing = sorted(text for text in used_messages() if text not in messages)
    assert missing == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_translation_has_its_forms_and_only_the_english_placeholders(lang: str) -> None:
    messages = catalogue(lang)
    problems = []
    for text, forms in used_messages().items():
        shown = messages[text]
        translations = shown if isinstance(shown, list) else [shown]
        if len(forms) == 2 and (not isinstance(shown, list) or len(shown) != 2):
            problems.append((text, "plural forms"))
        allowed = set().union(*(fields(form) for form in forms))
        for translation in translations:
            if not translation:
                problems.append((text, "empty"))
            elif fields(translation) - allowed:
                problems.append((text, f"placeholders {sorted(fields(translation) - allowed)}"))
    assert problems == []


def test_a_message_inside_a_template_literal_is_seen_by_the_scan() -> None:
    """The case Babel misses: ``${gettext("...")}`` inside backticks."""
    source = 'const a = `${gettext("Inside a template")} and ${ngettext("one", "many", n)}`;'
    assert [unquoted(m.group(1)) for m in SINGLE.finditer(source)] == ["Inside a template"]
    assert [unquoted(m.group(1)) for m in PLURAL.finditer(source)] == ["one"]
    assert unquoted(r'"say \"hi\""') == 'say "hi"'


def test_the_scripts_read_every_message_in_the_catalogue_s_own_words() -> None:
    """English maps each message to itself: a message the client uses is in the English
    export exactly as written in the script."""
    english = catalogue("en")
    for text, forms in used_messages().items():
        expected = list(forms) if len(forms) == 2 else forms[0]
        assert english[text] == expected, text


def test_the_web_catalogues_are_files_of_this_directory() -> None:
    assert sorted(p.name for p in WEB_LOCALE.glob("*.json")) == sorted(
        f"{lang}.json" for lang in LANGUAGES
    )
    assert Path(WEB / "js" / "i18n.js").exists()
