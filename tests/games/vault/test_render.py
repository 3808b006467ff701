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
