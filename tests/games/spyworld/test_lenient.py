"""The lenient option in planning (Rulebook 003 §Important #2: "Normally, you are not allowed
to erase during this phase. Once a move is made, it's final! However, be lenient with new
players."): a seat may take back a placement of the current round before keeping it."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction
from topsecret.games.spyworld import GAME
from topsecret.games.spyworld.actions import (
    KeepRound,
    Pass,
    PlaceUpgrade,
    TakeBack,
    TakeCards,
)
from topsecret.games.spyworld.components import sheet
from topsecret.games.spyworld.state import SpyWorldState

from .helpers import table


def test_without_the_option_a_drawing_is_final() -> None:
    """§Important #2: "Once a move is made, it's final!" """
    state = table(["guard", "wall", "movement"], ["R2", "R1", "R1"])
    state.apply(0, TakeCards((0,)))
    state.apply(1, Pass())
    assert TakeBack() not in state.legal_actions(0)
    state.apply(0, PlaceUpgrade(2, 1))
    assert state.phase == "choose" and state.round == 2
    state2 = table(["guard", "wall", "movement"], ["R2", "R1", "R1"])
    state2.apply(0, TakeCards((0,)))
    state2.apply(1, Pass())
    with pytest.raises(IllegalAction) as error:
        state2.apply(0, TakeBack())
    assert "Important #2" in str(error.value)


def test_a_lenient_seat_takes_back_its_drawing_and_draws_again() -> None:
    """Given the lenient option, when a seat draws a Guard two rows away (paying 4), then it
    may erase it (money back, the card to draw again), draw it elsewhere, and the round ends
    only once it keeps its drawing."""
    state = table(["guard", "wall", "movement"], ["R2", "R1", "R1"], lenient=True)
    state.apply(0, TakeCards((0,)))
    state.apply(1, Pass())
    state.apply(0, PlaceUpgrade(4, 1))
    sh = state.sheets[0]
    assert sh.rooms[15] == "guard" and sh.budget == 6
    assert state.acting_players() == (0,)
    assert state.legal_actions(0) == [KeepRound(), TakeBack()]
    events = state.apply(0, TakeBack())
    assert [e.kind for e in events] == ["took_back"]
    assert GAME.describe_event(events[0], 0) == (
        "You take back the drawing of card 1 (lenient play; 9 take-backs left)"
    )
    sh = state.sheets[0]
    assert sh.rooms[15] == "" and sh.budget == 10 and state.pending[0] == [0]
    state.apply(0, PlaceUpgrade(2, 1))
    assert state.phase == "resolve"
    state.apply(0, KeepRound())
    assert state.phase == "choose" and state.round == 2
    assert state.sheets[0].rooms[5] == "guard" and state.sheets[0].budget == 10


def test_a_take_back_also_undoes_the_secret_money_and_the_training_it_paid() -> None:
    """A Secret placed first earns its money and the Training after it is paid at once;
    taking the Secret back erases both, as if nothing had been drawn."""
    state = table(["movement", "secret1", "wall"], ["R3", "R1", "R1"], budget=2, lenient=True)
    state.apply(0, TakeCards((0, 1)))
    state.apply(1, Pass())
    before = state.sheets[0].clone()
    state.apply(0, PlaceUpgrade(1, 1))
    assert state.sheets[0].stats[0] > 0 and state.sheets[0].earned == 2
    state.apply(0, TakeBack())
    assert state.sheets[0] == before
    assert state.pending[0] == [1, 0]


def test_take_backs_are_limited_so_that_planning_ends() -> None:
    """Project rule: ten take-backs a game per seat; then drawings are final again."""
    allowed = sheet().planning_takebacks
    state = table(["guard", "wall", "movement"], ["R2", "R1", "R1"], lenient=True)
    state.apply(0, TakeCards((0,)))
    state.apply(1, Pass())
    for _ in range(allowed):
        state.apply(0, PlaceUpgrade(2, 1))
        state.apply(0, TakeBack())
    assert state.observation(0)["takebacks_left"] == [0, allowed]
    assert TakeBack() not in state.legal_actions(0)
    state.apply(0, PlaceUpgrade(2, 1))
    assert state.phase == "choose"


def test_lenient_games_with_random_players_end_within_the_decision_bound() -> None:
    """Seeded games with the option, every seat choosing at random, end within the decision
    bound the game states."""
    from topsecret.core import Rng

    for seed in range(3):
        state = GAME.new_state(3, {"lenient": True}, seed)
        assert isinstance(state, SpyWorldState)
        rng = Rng(seed)
        decisions = 0
        while not state.is_over():
            for seat in state.acting_players():
                if seat in state.acting_players() and not state.is_over():
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    decisions += 1
        assert decisions <= GAME.max_decisions(3, {"lenient": True})
        assert sum(state.takebacks) > 0
