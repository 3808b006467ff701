"""The catalogues: every language translates every message of the template, nothing is
fuzzy, the template holds every message the source marks, and the web export is made
from the same catalogues."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from topsecret.i18n import LANGUAGES, LOCALE_DIR, TEMPLATE
from topsecret.i18n.__main__ import ROOT, WEB_LOCALE, export, exported_text
from topsecret.i18n.catalogues import catalogue_json, fields, missing_messages, template

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalogue_translates_every_message_of_the_template(lang: str) -> None:
    assert missing_messages(lang) == []


def test_the_template_holds_every_message_the_source_marks(tmp_path: Path) -> None:
    """Re-extracting gives the committed template: a message marked in the source but
    missing from the catalogues (or one left behind) fails here, until
    ``python -m topsecret.i18n extract`` and ``update`` are run."""
    fresh = tmp_path / "fresh.pot"
    CommandLineInterface().run(
        [
            "pybabel",
            "-q",
            "extract",
            "-F",
            str(ROOT / "babel.cfg"),
            "-o",
            str(fresh),
            "--omit-header",
            str(LOCALE_DIR.parent),
        ]
    )
    with fresh.open("rb") as handle:
        extracted = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}
    committed = {m.id if isinstance(m.id, str) else m.id[0] for m in template() if m.id}
    assert extracted == committed


def test_a_fuzzy_or_empty_entry_counts_as_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check itself: a catalogue with one entry marked fuzzy and one emptied fails."""
    import topsecret.i18n.catalogues as catalogues

    text = (LOCALE_DIR / "fr" / "LC_MESSAGES" / "topsecret.po").read_text(encoding="utf-8")
    text = text.replace('msgid "nothing"', '#, fuzzy\nmsgid "nothing"', 1)
    text = text.replace('msgstr "taupe"', 'msgstr ""', 1)
    broken = tmp_path / "fr" / "LC_MESSAGES" / "topsecret.po"
    broken.parent.mkdir(parents=True)
    broken.write_text(text, encoding="utf-8")

    def broken_path(lang: str) -> Path:
        return tmp_path / lang / "LC_MESSAGES" / "topsecret.po"

    monkeypatch.setattr(catalogues, "catalogue_path", broken_path)
    catalogues._read.cache_clear()
    try:
        assert sorted(missing_messages("fr")) == [("mole", "untranslated"), ("nothing", "fuzzy")]
    finally:
        catalogues._read.cache_clear()


def test_translations_use_only_the_placeholders_of_their_message() -> None:
    assert fields("{thief} stole {card} from {victim}") == {"thief", "card", "victim"}
    assert fields("BOUM !") == set()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_web_export_holds_every_message_with_its_plural_rule(lang: str) -> None:
    exported = catalogue_json(lang)
    # A message with a context is keyed "context\u0004message", as gettext keys it.
    ids = {
        (f"{m.context}\u0004" if m.context else "") + (m.id if isinstance(m.id, str) else m.id[0])
        for m in template()
        if m.id
    }
    assert set(exported["messages"]) == ids
    assert exported["nplurals"] == 2
    plural = exported["messages"]["Game over. Winner: {players}"]
    assert isinstance(plural, list) and len(plural) == 2
    # The export is valid JSON, the catalogue's own rule: French counts 0 as singular.
    assert exported["plural"] == ("(n > 1)" if lang == "fr" else "(n != 1)")
    json.dumps(exported)


def test_export_writes_one_file_per_language(tmp_path: Path) -> None:
    export(tmp_path)
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(f"{lang}.json" for lang in LANGUAGES)
    french = json.loads((tmp_path / "fr.json").read_text(encoding="utf-8"))
    assert french["messages"]["mole"] == "taupe"
    assert TEMPLATE.exists()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_web_client_reads_an_export_of_the_current_catalogues(lang: str) -> None:
    """src/topsecret/web/locale/<lang>.json is what ``python -m topsecret.i18n export``
    writes from the catalogues today: run it after changing a catalogue."""
    shipped = (WEB_LOCALE / f"{lang}.json").read_text(encoding="utf-8")
    assert shipped == exported_text(lang)


def translated(lang: str) -> list[str]:
    """Every translation in ``lang``'s catalogue, each plural form on its own."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "topsecret.po").open("rb") as handle:
        catalogue = read_po(handle)
    return [
        str(text)
        for message in catalogue
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
    ]


@pytest.mark.parametrize(
    ("lang", "word", "never"),
    [("fr", "manche", ("tour",)), ("it", "giro", ("turno", "round"))],
)
def test_every_numbered_round_has_one_word(lang: str, word: str, never: tuple[str, ...]) -> None:
    """The French rulebooks' words (Rulebook 002: "manche" a deal, "tour" a trick; the
    SpyWorld and briefcase rounds are "manches" in the French pages), and in Italian "giro",
    "turno" being a player's turn ("tocca a te"): every message that numbers a round says
    its language's word for it, so a board's header and its log agree."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "topsecret.po").open("rb") as handle:
        catalogue = read_po(handle)
    numbered = [m for m in catalogue if isinstance(m.id, str) and "round {round}" in m.id.lower()]
    assert len(numbered) >= 8
    for message in numbered:
        text = str(message.string).lower()
        assert f"{word} {{round}}" in text, message.id
        assert not [other for other in never if f"{other} {{round}}" in text], message.id


def test_french_sets_a_space_before_colons_and_semicolons() -> None:
    """French typography: "coffre-fort violet : ...", "(payé : 1 Mouvement) ; l'Agent ...".
    Only JSON quoted in an error ("seq": n) keeps its own syntax."""
    unspaced = re.compile(r'[^\s"][:;](?=\s|$)')
    texts = translated("fr")
    assert len(texts) > 500
    assert [text for text in texts if unspaced.search(re.sub(r"<[^>]+>", "", text))] == []


def test_german_speaks_to_the_player_as_du_everywhere() -> None:
    """The table says du (as German board-game tables do); a refusal from the server or the
    command line speaks to the same player, so no German message says Sie, Ihnen or Ihr."""
    formal = re.compile(r"\b(Sie|Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)\b")
    texts = translated("de")
    assert len(texts) > 500
    assert [text for text in texts if formal.search(text)] == []


#: The placeholders that name a seat: the browser puts the player's name there.
SEAT_PLACEHOLDERS = r"\{(?:player|victim|thief|winker|contact|seat_name|holder|sender|target)\}"


@pytest.mark.parametrize(
    ("lang", "articles", "plain"),
    [
        ("fr", "au|du|aux|des|le|la|les", "à {victim}"),
        ("it", "al|allo|del|dal|il|lo|nel", "a {victim}"),
        ("de", "dem|den|der|des|vom|zum|beim", "hat {victim}"),
    ],
)
def test_no_article_is_fused_into_a_players_name(lang: str, articles: str, plain: str) -> None:
    """A seat's words are "joueur 2" in a terminal and its player's name in a browser, so
    French "au {victim}" would read "au Alice" there (Italian "al Alice"): each language
    writes the plain preposition ("à {victim}", "a {victim}"), as every other sentence that
    names a seat already does, which reads right in both."""
    fused = re.compile(rf"\b(?:{articles}) {SEAT_PLACEHOLDERS}", re.IGNORECASE)
    texts = translated(lang)
    assert [text for text in texts if fused.search(text)] == []
    assert [text for text in texts if plain in text]
