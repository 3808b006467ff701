"""``topsecret play vault --lang fr`` plays a whole game in French (issue 16): no English word
of the English catalogue is left on screen, from the first panel to the final score."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from .words import english_only_words, words


def typed_answers(seed: int, count: int = 400) -> str:
    """A player who mostly picks a move, sometimes asks for help or the table, and now
    and then types a number that is not on the menu."""
    rng = random.Random(seed)
    answers = ["h", "t", "9"] + [str(rng.randint(1, 4)) for _ in range(count)]
    return "\n".join(answers) + "\n"


def play(*args: str, env: dict[str, str] | None = None, seed: int = 11, game: str = "vault") -> str:
    environ = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LANG")}
    environ.update({"COLUMNS": "160", **(env or {})})
    result = subprocess.run(
        [sys.executable, "-m", "topsecret.cli", "play", game, "-p", "4", "--seed", "11", *args],
        capture_output=True,
        text=True,
        input=typed_answers(seed),
        env=environ,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


#: How the end of the game reads in each language (Rulebook 002 §Fin de la partie: the
#: winner is named Maître Espion).
GAME_OVER = {"fr": "Maître Espion", "de": "Meisterspion", "it": "Maestro delle spie"}


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
def test_a_whole_vault_game_in_the_terminal_shows_no_english_word(lang: str) -> None:
    screen = play("--lang", lang)
    assert GAME_OVER[lang] in screen
    left_in_english = words(screen) & english_only_words(lang)
    assert left_in_english == set(), screen


def test_the_french_game_says_what_happens_in_the_rulebook_words() -> None:
    screen = play("--lang", "fr")
    for phrase in ("coffre x1", "taupe", "BOUM !", "Tapez un nombre entre 1 et", "Votre main"):
        assert phrase in screen


def test_the_locale_decides_when_no_language_is_asked_for() -> None:
    assert "Sei il giocatore 1" in play(env={"LANG": "it_IT.UTF-8"})
    english = play(env={"LC_ALL": "ja_JP.UTF-8", "LANG": "fr_FR.UTF-8"})
    assert "You are seat 1" in english


def test_the_english_words_list_catches_an_english_screen() -> None:
    """The check has teeth: an English game is full of words it looks for."""
    english = play("--lang", "en")
    assert len(words(english) & english_only_words("fr")) > 20


def test_the_play_command_refuses_a_table_size_in_the_player_language() -> None:
    """Rulebook 002 (2 to 6 players): asking for 9 players is refused in Italian."""
    result = subprocess.run(
        [sys.executable, "-m", "topsecret.cli", "play", "vault", "-p", "9", "--lang", "it"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "si gioca da 2 a 6 giocatori, non 9" in result.stderr


#: How a briefcase game ends in each language (Rulebook 004 §End of the Game).
BRIEFCASE_OVER = {"fr": "Fin de la partie", "de": "Spielende", "it": "Fine del gioco"}


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
def test_a_whole_briefcase_game_in_the_terminal_shows_no_english_word(lang: str) -> None:
    """``topsecret play briefcase --lang ...``: the map's legend, the menus, the table talk
    and the end are in the player's language; only the printed names stay as they are."""
    screen = play("--lang", lang, game="briefcase")
    assert BRIEFCASE_OVER[lang] in screen
    left_in_english = words(screen) & english_only_words(lang)
    assert left_in_english == set(), screen


#: How a SpyWorld game ends in each language (Rulebook 003 §Final Score).
SPYWORLD_OVER = {"fr": "Scores finaux", "de": "Endstand", "it": "Punteggi finali"}


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
def test_a_whole_spyworld_game_in_the_terminal_shows_no_english_word(lang: str) -> None:
    """``topsecret play spyworld --lang ...`` on the initiation lair (Superyacht, no Agent
    cards): the cards on offer, the lairs and their legend, the menus, the log and the final
    scores are in the player's language."""
    environ = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LANG")}
    environ["COLUMNS"] = "160"
    command = ["play", "spyworld", "-p", "2", "--seed", "3", "-o", "lair=superyacht"]
    result = subprocess.run(
        [sys.executable, "-m", "topsecret.cli", *command, "--lang", lang],
        capture_output=True,
        text=True,
        input=typed_answers(3, count=1500),
        env=environ,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    screen = result.stdout
    assert SPYWORLD_OVER[lang] in screen
    left_in_english = words(screen) & english_only_words(lang)
    assert left_in_english == set(), screen
