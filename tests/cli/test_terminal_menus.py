"""The terminal's menus: a number typed means what the menu on screen says, never what a
menu before it said."""

from __future__ import annotations

import io
from collections.abc import Iterator

from rich.console import Console

from topsecret import terminal
from topsecret.core import Rng, State
from topsecret.games import get_game
from topsecret.games.briefcase.actions import Challenge, PayAgent
from topsecret.i18n import ENGLISH, game_text


def typing(*answers: str) -> tuple[Console, io.StringIO]:
    """A console that reads ``answers`` one line each and writes to the returned buffer."""
    screen = io.StringIO()
    console = Console(file=screen, width=120)
    lines: Iterator[str] = iter(answers)
    console.input = lambda prompt="", **_: next(lines)  # type: ignore[method-assign]
    return console, screen


def briefcase_turn() -> tuple[State, int]:
    """A three-seat briefcase table where a seat may make a payoff."""
    state = get_game("briefcase").new_state(3, None, 3)
    rng = Rng(0)

    def paying() -> int | None:
        for seat in state.acting_players():
            if any(isinstance(a, PayAgent) for a in state.legal_actions(seat)):
                return seat
        return None

    while (seat := paying()) is None:
        mover = state.acting_players()[0]
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    return state, seat


def test_a_wrong_amount_asks_for_the_amount_again_not_for_a_move() -> None:
    """Given a payoff's amounts on screen, when the person types one out of range and then
    a good one, then the good one is the payoff's amount: the wrong one never sends them
    back to the list of moves, where the same number would be another move."""
    state, seat = briefcase_turn()
    game = state.game
    groups = game_text(game, ENGLISH).action_groups(state.legal_actions(seat))
    pay = next(i for i, (label, acts) in enumerate(groups) if len(acts) > 1 and "Pay off" in label)
    top = len(groups[pay][1])
    console, screen = typing(str(pay + 1), str(top + 5), "1")
    chosen = terminal.ask_action(console, game, state, seat)
    assert chosen == groups[pay][1][0]
    assert isinstance(chosen, PayAgent) and chosen.amount == 1
    shown = screen.getvalue()
    assert f"Please type a number from 1 to {top}" in shown
    assert shown.count("Your move:") == 1


def test_b_goes_back_from_the_amounts_to_the_moves() -> None:
    state, seat = briefcase_turn()
    game = state.game
    groups = game_text(game, ENGLISH).action_groups(state.legal_actions(seat))
    pay = next(i for i, (label, acts) in enumerate(groups) if len(acts) > 1 and "Pay off" in label)
    single = next(i for i, (_, actions) in enumerate(groups) if len(actions) == 1)
    console, screen = typing(str(pay + 1), "b", str(single + 1))
    assert terminal.ask_action(console, game, state, seat) == groups[single][1][0]
    assert screen.getvalue().count("Your move:") == 2


def test_a_challenge_menu_is_numbered_by_the_amounts() -> None:
    """Rulebook 004 §Challenges: a challenger names a number. The menu of "Challenge with 0"
    to "with 8" is numbered 0 to 8, so typing 8 challenges with 8, not with 7."""
    state, seat = briefcase_turn()
    words = game_text(state.game, ENGLISH)
    challenges = [Challenge(amount) for amount in range(9)]
    assert words.menu_numbers(challenges) == list(range(9))
    console, screen = typing("9", "8")
    chosen = terminal._ask_detail(
        console, words, state, seat, "Challenge", challenges, ENGLISH, state.observation(seat)
    )
    assert chosen == Challenge(8)
    assert "   8. Challenge with 8" in screen.getvalue()
    assert "Please type a number from 0 to 8" in screen.getvalue()


def test_wait_keeps_number_0_at_the_winking_table() -> None:
    """Given the winking table's moves, which come and go as signals are caught, then
    "Wait" is always 0 (an empty line waits too) and the moves are numbered from 1."""
    game = get_game("wink")
    state = game.new_state(4, None, 3)
    seat = state.acting_players()[0]
    console, screen = typing("0")
    assert terminal.ask_action_or_wait(console, game, state, seat) is None
    assert "   0. Wait (the clock runs" in screen.getvalue()
    groups = game_text(game, ENGLISH).action_groups(state.legal_actions(seat))
    console, screen = typing("1")
    assert terminal.ask_action_or_wait(console, game, state, seat) == groups[0][1][0]
    console, screen = typing("")
    assert terminal.ask_action_or_wait(console, game, state, seat) is None


def test_ctrl_c_leaves_the_table_as_q_does() -> None:
    """Given a person at the vault table, when they press Ctrl-C at the prompt, then the
    table says they left and the game is not finished, as 'q' and Ctrl-D say, and the log of
    the moves so far comes back (to be saved), not a bare "^C"."""
    screen = io.StringIO()
    console = Console(file=screen, width=120)

    def interrupted(prompt: str = "", **_: object) -> str:
        raise KeyboardInterrupt

    console.input = interrupted  # type: ignore[method-assign,assignment]
    log = terminal.play_in_terminal(get_game("vault"), 2, 0, ["random"] * 2, 5, {}, console)
    assert "You left the table. The game is not finished." in screen.getvalue()
    assert log.scores is None
