"""The rules in one minute behind the terminal's 'r' key: the same summary as the web table's
rules dialog (one data file, web/rules.json), in the player's language, bold kept."""

from __future__ import annotations

import pytest

from topsecret import terminal
from topsecret.games import all_games
from topsecret.i18n import translator
from topsecret.i18n.rules_summary import plain_markup, rules_summary

from .commands import run

TITLES = {
    "vault": ("The vault card game in one minute", "Every trick, everyone picks a card"),
    "spyworld": ("SpyWorld in one minute", "each round three cards lie face up"),
    "briefcase": ("The briefcase game in one minute", "Six freelance agents belong to nobody"),
    "wink": ("The winking game in one minute", "You hold an agent card"),
}


def test_every_game_has_its_rules_in_one_minute() -> None:
    assert {game.id for game in all_games()} == set(TITLES)
    for game_id in TITLES:
        summary = rules_summary(game_id)
        assert summary is not None and len(summary.items) >= 4, game_id


@pytest.mark.parametrize("game_id", sorted(TITLES))
def test_r_at_a_menu_shows_the_rules_and_asks_again(game_id: str) -> None:
    """Given a game in the terminal, when the person types 'r', then the rules in one minute
    are printed without the web page's markup, and the menu comes back."""
    result = run("play", game_id, "--seed", "1", input_text="r\nq\n")
    assert result.returncode == 0, result.stderr
    title, first_item = TITLES[game_id]
    assert title in result.stdout
    assert first_item in result.stdout
    assert "<b" not in result.stdout and "[bold]" not in result.stdout
    assert "Please type a number" not in result.stdout  # 'r' is a key, not a wrong answer
    assert "You left the table" in result.stdout


def test_the_help_at_the_start_and_behind_h_names_the_r_key() -> None:
    result = run("play", "vault", "--seed", "1", input_text="h\nq\n")
    assert result.stdout.count("'r' the rules in one minute") == 2


def test_the_rules_are_in_the_players_language() -> None:
    text = terminal.rules_text("vault", translator("fr"))
    assert text.startswith("[bold]")
    assert "The vault card game in one minute" not in text
    assert "<b" not in text


def test_bold_markup_becomes_the_terminals_and_nothing_else_opens_markup() -> None:
    given = 'A <b style="color:#b3261e">red</b> back, <b>bold</b> [not markup]'
    shown = plain_markup(given, lambda text: text.replace("[", "\\["))
    assert shown == "A [bold]red[/bold] back, [bold]bold[/bold] \\[not markup]"


@pytest.mark.parametrize("game_id", sorted(TITLES))
def test_the_terminals_rules_say_nothing_of_clicking(game_id: str) -> None:
    """How the web table is clicked lives in the summary's footer, which the terminal leaves
    out: a terminal player is never told to click."""
    text = terminal.rules_text(game_id).lower()
    assert "click" not in text, text
