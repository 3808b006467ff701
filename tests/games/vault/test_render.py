"""The terminal view's header says how this game ends: one deal (Rulebook 002 §Fin de la
partie, the default) or deals to a target (§Manches, the players' choice)."""

from rich.console import Console

from topsecret.games.vault import GAME


def header(options: dict[str, object] | None, players: int = 3) -> str:
    console = Console(width=120, record=True, color_system=None)
    state = GAME.new_state(players, options, seed=0)
    console.print(GAME.render_text(state.observation(0)))
    return console.export_text().splitlines()[0]


def test_a_one_deal_game_is_announced_as_one_deal_with_no_target():
    line = header(None)
    assert "one deal: the highest score wins" in line
    assert "1200" not in line and "first to" not in line


def test_a_game_of_several_deals_names_its_target():
    assert "deals until someone reaches 250" in header({"single_deal": False})
    assert "deals until someone reaches 1200" in header({"single_deal": False, "target": 1200})


def test_the_log_names_the_safes_sides_as_the_board_marks_them():
    """Rulebook 002 §Tour de jeu: a lone card is banked (×1), a pair is locked on the ×2
    side; the log writes "×1" and "×2" as the board's labels do, in every language."""
    from topsecret.core import public
    from topsecret.i18n import game_text, translator

    banked = public("banked", seat=1, cards=[{"kind": "document", "value": 5, "colour": "crimson"}])
    for lang in ("en", "fr", "de", "it"):
        line = game_text(GAME, translator(lang)).event(banked, 0)
        assert line is not None and "×1" in line and "x1" not in line, (lang, line)


def test_the_closing_lines_give_each_seats_points_in_words_not_a_list():
    """Rulebook 002 §Fin de la partie: the highest total wins. The end of the table and the
    deal's score name each seat with its points ("seat 1: 70"), in the player's language."""
    from topsecret.core import Rng, public, run_random_game
    from topsecret.i18n import game_text, translator

    state = GAME.new_state(3, None, seed=4)
    run_random_game(state, Rng(4))
    console = Console(width=200, record=True, color_system=None)
    console.print(GAME.render_text(state.observation(0)))
    ending = console.export_text()
    totals = state.observation(0)["totals"]
    assert f"Totals: seat 1: {totals[0]}, seat 2: {totals[1]}, seat 3: {totals[2]}" in ending
    assert "[" not in ending.split("Game over")[1]

    scored = public("deal_scored", deal=1, scores=[70, 50, 30], totals=[70, 165, 30])
    line = game_text(GAME, translator("fr")).event(scored, 0)
    assert line is not None and "[" not in line, line
    assert "joueur 1 : 70, joueur 2 : 50, joueur 3 : 30" in line
    assert "joueur 2 : 165" in line


def test_the_start_panel_names_the_target_only_when_deals_go_on_to_it():
    """Rulebook 002 §Fin de la partie (one deal) and §Manches (deals to a target): in one
    deal the target decides nothing, so the options in play leave it out."""
    from topsecret.i18n import game_text, translator

    words = game_text(GAME, translator("fr"))
    one_deal = words.options({"single_deal": True, "target": 0, "stolen": "hidden"})
    assert not [line for line in one_deal if "atteindre" in line], one_deal
    # The loot ("le butin", masculine) lies hidden: "caché".
    assert "Butin de la taupe : caché à côté du coffre-fort" in one_deal
    deals = words.options({"single_deal": False, "target": 0, "stolen": "hidden"})
    assert "Score à atteindre : selon le paquet" in deals
