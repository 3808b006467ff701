"""Bad option values are refused in the reader's language (docs/languages.md, server
messages): ``InvalidOptions`` keeps its English message as ``str`` and its template for
programs, and ``message_text`` gives it in French, German and Italian."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from topsecret.core import InvalidOptions
from topsecret.core.options import parse_option_texts, resolve_options
from topsecret.games import get_game
from topsecret.i18n import ENGLISH, accepted_language, message_text, translator
from topsecret.i18n.catalogues import catalogue

VAULT = get_game("vault").option_specs
WINK = get_game("wink").option_specs


def refusal(specs: object, given: dict[str, object]) -> InvalidOptions:
    with pytest.raises(InvalidOptions) as refused:
        resolve_options(specs, given)  # type: ignore[arg-type]
    return refused.value


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "option 'stolen' must be one of: hidden, face_up"),
        ("fr", "l'option 'stolen' doit être l'une de : hidden, face_up"),
        ("de", "die Option 'stolen' muss eines von diesen sein: hidden, face_up"),
        ("it", "l'opzione 'stolen' deve essere una tra: hidden, face_up"),
    ],
)
def test_a_value_outside_the_choices_is_refused_in_each_language(lang: str, expected: str) -> None:
    """Given the vault's `stolen` option (hidden or face_up), when a player asks for
    `shown`, then each language names the option and the values it takes."""
    error = refusal(VAULT, {"stolen": "shown"})
    assert message_text(error, translator(lang)) == expected
    # The English text and the template do not depend on anyone's language.
    assert str(error) == "option 'stolen' must be one of: hidden, face_up"
    assert error.template == "option '{name}' must be one of: {allowed}"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "option 'agent_cards' must be at most 56"),
        ("fr", "l'option 'agent_cards' doit valoir au plus 56"),
        ("de", "die Option 'agent_cards' darf höchstens 56 sein"),
        ("it", "l'opzione 'agent_cards' deve valere al massimo 56"),
    ],
)
def test_a_number_out_of_range_is_refused_in_each_language(lang: str, expected: str) -> None:
    """Given the winking game's 56 agent cards at most, when a player asks for 60, then the
    refusal gives the bound in the reader's language."""
    error = refusal(WINK, {"agent_cards": 60})
    assert message_text(error, translator(lang)) == expected


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
def test_every_kind_of_option_error_is_translated(lang: str) -> None:
    """Given each way an option can be wrong (unknown name, wrong type, below its minimum,
    typed badly on a command line), then none of them reads as the English."""
    tr = translator(lang)
    errors = [
        refusal(VAULT, {"colour": "red"}),
        refusal(VAULT, {"target": "ten"}),
        refusal(VAULT, {"target": -1}),
        refusal(VAULT, {"single_deal": 1}),
        refusal(VAULT, {"stolen": 3}),
    ]
    for texts in (["target"], ["single_deal=maybe"], ["target=ten"], ["colour=red"]):
        with pytest.raises(InvalidOptions) as refused:
            parse_option_texts(VAULT, texts)
        errors.append(refused.value)
    ours = catalogue(lang)
    for error in errors:
        assert error.template is not None, str(error)
        translated = ours.get(error.template)
        assert translated is not None and translated.string, error.template
        assert message_text(error, tr) != message_text(error, ENGLISH), str(error)


def test_a_game_without_options_says_none_in_the_readers_language() -> None:
    """Given a game with no options, when one is given, then "none" is translated too."""
    error = refusal((), {"colour": "red"})
    assert message_text(error, ENGLISH) == "unknown option(s) colour; this game has: none"
    assert message_text(error, translator("fr")) == (
        "option(s) inconnue(s) colour ; ce jeu a : aucun"
    )


@pytest.mark.parametrize(
    ("choices", "expected"),
    [
        (("fr",), "fr"),
        ((None, "de-CH,de;q=0.9,en;q=0.8"), "de"),
        ((None, "ja,it;q=0.5,fr;q=0.9"), "fr"),  # by weight, not by order
        (("xx", "it-IT"), "it"),  # a language we lack gives way to the next choice
        ((None, "ja, zh;q=0.8, *;q=0.1"), "en"),
        ((None, "fr;q=0"), "en"),  # q=0 means "not this one"
        ((None, None), "en"),
    ],
)
def test_the_language_of_a_request(choices: tuple[str | None, ...], expected: str) -> None:
    """A ``lang`` parameter or an Accept-Language header picks the first language we have,
    by preference; English when none is ours."""
    assert accepted_language(*choices) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de_DE.UTF-8", "Fehler: die Option 'stolen' muss eines von diesen sein: hidden, face_up"),
        ("it_IT.UTF-8", "errore: l'opzione 'stolen' deve essere una tra: hidden, face_up"),
    ],
)
def test_the_command_line_refuses_a_bad_option_in_the_locales_language(
    lang: str, expected: str
) -> None:
    """Given a German (Italian) locale, when `topsecret play vault -o stolen=shown` is
    typed, then the error says why in German (Italian) and the command fails."""
    environ = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LANG")}
    environ.update({"LANG": lang, "COLUMNS": "200"})
    result = subprocess.run(
        [sys.executable, "-m", "topsecret.cli", "play", "vault", "-o", "stolen=shown"],
        capture_output=True,
        text=True,
        input="",
        env=environ,
        timeout=300,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == expected


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["play", "vault", "--lang", "fr", "-o", "stolen=shown"],
            "erreur : l'option 'stolen' doit être l'une de : hidden, face_up",
        ),
        (
            ["play", "vault", "--lang", "it", "-o", "stolen=shown"],
            "errore: l'opzione 'stolen' deve essere una tra: hidden, face_up",
        ),
    ],
)
def test_the_command_line_refuses_a_bad_option_in_the_language_of_lang(
    args: list[str], expected: str
) -> None:
    """Given an English (C) locale, when `topsecret play vault --lang fr -o stolen=shown` is
    typed, then the error follows --lang, the language the player chose, not the locale."""
    environ = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LANG")}
    environ.update({"LANG": "C", "COLUMNS": "200"})
    result = subprocess.run(
        [sys.executable, "-m", "topsecret.cli", *args],
        capture_output=True,
        text=True,
        input="",
        env=environ,
        timeout=300,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == expected
