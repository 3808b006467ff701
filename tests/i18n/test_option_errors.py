"""Bad option values are refused in the reader's language (docs/languages.md, server
messages): ``InvalidOptions`` keeps its English message as ``str`` and its template for
programs, and ``message_text`` gives it in French, German and Italian."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from topsecret.bots import check_bot_name
from topsecret.bots.ismcts import parse_settings
from topsecret.core import InvalidOptions, UnknownName
from topsecret.core.options import parse_option_texts, resolve_options
from topsecret.games import get_game
from topsecret.i18n import ENGLISH, accepted_language, message_text, translator
from topsecret.i18n.catalogues import catalogue

from .test_cli_languages import run

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
    result = run("play", "vault", "-o", "stolen=shown", lang=lang)
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
    result = run(*args, lang="C")
    assert result.returncode == 2
    assert result.stderr.strip() == expected


def _refused_by(make: Callable[[], object]) -> InvalidOptions:
    with pytest.raises(InvalidOptions) as refused:
        make()
    return refused.value


SPYWORLD = get_game("spyworld")
WINK_GAME = get_game("wink")
VAULT_GAME = get_game("vault")

#: A game's own option errors, its player count and its rules versions, each as it is raised.
OTHER_REFUSALS: dict[str, Callable[[], object]] = {
    "players": lambda: VAULT_GAME.check_players(9),
    "gadgets": lambda: SPYWORLD.new_state(2, {"gadgets": "NNX"}),
    "beginners": lambda: SPYWORLD.new_state(2, {"beginners": "0,5"}),
    "lair": lambda: SPYWORLD.new_state(2, {"lair": "castle"}),
    "lair file": lambda: SPYWORLD.new_state(2, {"lair": "nowhere.toml"}),
    "first_game and agent_cards": lambda: WINK_GAME.new_state(
        4, {"first_game": True, "agent_cards": 20}
    ),
    "agent_cards": lambda: WINK_GAME.new_state(4, {"agent_cards": 3}),
    "rules not a number": lambda: VAULT_GAME.resolve_options({"rules": "two"}),
    "rules too new": lambda: VAULT_GAME.resolve_options({"rules": 99}),
    "rules of a new table": lambda: VAULT_GAME.new_table_options({"rules": 1}),
    "rules that cannot replay": lambda: SPYWORLD.resolve_options({"rules": 1}),
}


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
@pytest.mark.parametrize("case", sorted(OTHER_REFUSALS))
def test_game_player_count_and_rules_refusals_are_translated(case: str, lang: str) -> None:
    """Given an option a game's own parsing refuses, a player count out of range or a rules
    version a table cannot have, then the refusal keeps its English and its template and
    reads in each language, the game's title and any reason within it included."""
    error = _refused_by(OTHER_REFUSALS[case])
    assert error.template is not None, str(error)
    assert catalogue(lang).get(error.template) is not None, error.template
    text = message_text(error, translator(lang))
    assert text != str(error)
    assert "{" not in text, text


def test_seat_and_title_read_as_the_players_do() -> None:
    """The vault's title is the reader's, the beginners' seat numbers say which is the
    first seat, and a rules-1 SpyWorld table's reason is translated within the sentence."""
    fr = translator("fr")
    assert message_text(_refused_by(OTHER_REFUSALS["players"]), fr) == (
        f"{fr.gettext(VAULT_GAME.title)} se joue de 2 à 6 joueurs, pas 9"
    )
    beginners = _refused_by(OTHER_REFUSALS["beginners"])
    assert str(beginners) == (
        "option 'beginners' takes none, all or seat numbers 0-1 separated by commas "
        "(0 is the first seat), not '0,5'"
    )
    old = message_text(_refused_by(OTHER_REFUSALS["rules that cannot replay"]), fr)
    assert "ne sait pas rejouer" in old and "les manches se paient autrement" in old


def test_every_reason_a_rules_version_is_refused_for_is_a_catalogue_message() -> None:
    """``refused`` in a game's rules_versions.toml is shown to players: it is translated."""
    for game_id in ("vault", "wink", "briefcase", "spyworld"):
        for entry in get_game(game_id).rules_history.earlier:
            if entry.refused:
                for lang in ("fr", "de", "it"):
                    found = catalogue(lang).get(entry.refused)
                    assert found is not None and found.string, (game_id, entry.version)


def _unknown(make: Callable[[], object]) -> UnknownName:
    with pytest.raises(UnknownName) as refused:
        make()
    return refused.value


#: Names that do not exist: a game, a bot, a bot's options, a language.
UNKNOWN_NAMES: dict[str, Callable[[], object]] = {
    "game": lambda: get_game("chess"),
    "bot": lambda: check_bot_name(VAULT_GAME, "grandmaster"),
    "bot option shape": lambda: check_bot_name(VAULT_GAME, "ismcts:fast"),
    "options of a bot without any": lambda: check_bot_name(VAULT_GAME, "random:ms=5"),
    "search option": lambda: check_bot_name(VAULT_GAME, "ismcts:speed=5"),
    "search number": lambda: check_bot_name(VAULT_GAME, "ismcts:ms=fast"),
    "search range": lambda: check_bot_name(VAULT_GAME, "ismcts:trust=2"),
    "search sign": lambda: check_bot_name(VAULT_GAME, "ismcts:c=-1"),
    "search opponents": lambda: check_bot_name(VAULT_GAME, "ismcts:opponents=mirror"),
    "language": lambda: translator("xx"),
}


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
@pytest.mark.parametrize("case", sorted(UNKNOWN_NAMES))
def test_unknown_games_bots_and_languages_are_refused_in_each_language(
    case: str, lang: str
) -> None:
    """Given a game, bot, bot option or language that does not exist, then the refusal
    keeps its English and reads in each language."""
    error = _unknown(UNKNOWN_NAMES[case])
    assert error.template is not None, str(error)
    text = message_text(error, translator(lang))
    assert text != str(error) and "{" not in text, text


def test_a_bad_search_setting_is_still_a_value_error_with_its_english() -> None:
    """The search's own refusals stay ValueErrors (what code that builds settings catches)."""
    with pytest.raises(ValueError, match=r"^trust must be between 0 and 1$"):
        parse_settings({"trust": "2"})
    error = _unknown(UNKNOWN_NAMES["search option"])
    assert str(error).startswith("ismcts has no option 'speed'; it takes c, gate, guided")
    assert message_text(error, translator("de")).startswith("ismcts hat keine Option 'speed'")


def test_the_command_line_asks_for_a_bot_in_the_language_of_lang() -> None:
    """`topsecret play vault --bots , --lang de` says in German that a bot name is needed."""
    result = run("play", "vault", "--bots", ",", "--lang", "de", lang="C")
    assert result.returncode == 2
    assert result.stderr.strip() == "Fehler: --bots braucht mindestens einen Botnamen"
