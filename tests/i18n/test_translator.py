"""Translators: one per language, picked per seat; plural forms by each language's rule;
the locale decides when no language is asked for; engine errors in the seat's language."""

from __future__ import annotations

import pytest

from topsecret.core import Event, IllegalAction, UnknownName
from topsecret.games.vault import GAME, PlayCard, Steal
from topsecret.i18n import (
    ENGLISH,
    error_text,
    game_text,
    language_from_environment,
    normalize,
    translator,
)

GAME_OVER = ("Game over. Winner: {players}", "Game over. Winners: {players}")


def test_english_is_the_source_text() -> None:
    assert ENGLISH.gettext("mole") == "mole"
    assert ENGLISH.ngettext(*GAME_OVER, 2) == GAME_OVER[1]


def test_plural_forms_follow_each_language_rule() -> None:
    """French counts 0 as singular (plural=(n > 1)); German and Italian do not."""
    fr, de, it = translator("fr"), translator("de"), translator("it")
    assert fr.ngettext(*GAME_OVER, 0) == "Partie terminée. Maître Espion : {players}"
    assert fr.ngettext(*GAME_OVER, 2) == "Partie terminée. Maîtres Espions : {players}"
    assert de.ngettext(*GAME_OVER, 0) == "Spielende. Meisterspione: {players}"
    assert it.ngettext(*GAME_OVER, 1) == "Partita finita. Maestro delle spie: {players}"


def test_locale_names_are_understood_and_unknown_languages_refused() -> None:
    assert normalize("fr_CH.UTF-8") == "fr"
    assert normalize("de-AT") == "de"
    assert translator("it_IT.UTF-8").lang == "it"
    with pytest.raises(UnknownName):
        translator("xx")


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LANGUAGE": "ja:it", "LANG": "C.UTF-8"}, "it"),
        ({"LC_ALL": "ja_JP.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_picks_the_language_else_english(environ: dict[str, str], lang: str) -> None:
    assert language_from_environment(environ) == lang


def test_one_table_may_mix_languages() -> None:
    """Given one event, when it is told to a French seat and a German seat in the same
    process, each reads it in their language, and English is untouched."""
    stolen = Event(
        "stolen",
        {
            "thief": 0,
            "victim": 1,
            "card": {"kind": "document", "value": 20},
            "too_slow": [2],
            "hidden": True,
        },
    )
    fr = game_text(GAME, translator("fr")).event(stolen, 0)
    de = game_text(GAME, translator("de")).event(stolen, 1)
    assert fr == (
        "Vous avez volé document secret 20 à joueur 2, carte cachée à côté du coffre-fort"
        " (joueur 3 a perdu le tirage au sort)"
    )
    assert de == (
        "Spieler 1 hat dir eine Karte gestohlen: Geheimdokument 20, verdeckt neben den"
        " Tresor gelegt (Spieler 3 hat die Auslosung verloren)"
    )
    assert GAME.describe_event(stolen, 2) == (
        "seat 1 stole document 20 from seat 2, hidden beside the safe (you lost the draw for it)"
    )


def test_vault_actions_use_the_rulebook_names() -> None:
    """Rulebook 002 §Effet des cartes: coffre-fort, taupe, agent spécial, document secret."""
    fr = game_text(GAME, translator("fr"))
    assert fr.action(PlayCard("mole")) == "jouer une taupe"
    assert fr.action(PlayCard("special_agent")) == "jouer un agent spécial"
    assert fr.action(PlayCard("document", 15)) == "jouer un document secret 15"
    assert game_text(GAME, translator("de")).action(PlayCard("assassin")) == (
        "einen Attentäter ausspielen"
    )
    assert game_text(GAME, translator("it")).action(Steal(2)) == (
        "rubare la carta appena giocata dal giocatore 3"
    )


def test_an_engine_error_is_shown_in_the_seat_language_with_its_rule() -> None:
    """Rulebook 002 §Début du tour de jeu: a player plays a card from their hand; asking for
    a card the seat does not hold is refused with that rule, in each seat's language."""
    state = GAME.new_state(2, None, seed=1)
    held = {a for a in state.legal_actions(0) if isinstance(a, PlayCard)}
    absent = next(a for a in (PlayCard("document", v) for v in (5, 10, 15, 20)) if a not in held)
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, absent)
    error = caught.value
    assert error_text(error, ENGLISH) == str(error)
    assert error_text(error, translator("fr")) == (
        f"le joueur 1 n'a pas cette carte en main : document secret {absent.value}"
        " (Règle 002 §Début du tour de jeu : chaque joueur joue une carte de sa main)"
    )
    assert "Spielregel 002 §Début du tour de jeu" in error_text(error, translator("de"))
