"""Errors every game shares come in the reader's language with seats counted from 1
(docs/languages.md): a seat that owes no decision, a seat that does not exist, a finished
game, JSON that is not an action of the game (what a socket or a replay log may send), a
replay log that cannot be read or replayed, and the server's start-up refusals."""

from __future__ import annotations

from typing import Any

import pytest

from topsecret.core import (
    ActionFormatError,
    IllegalAction,
    LoggedAction,
    ReplayError,
    ReplayLog,
    TopSecretError,
    replay,
)
from topsecret.games import get_game
from topsecret.games.vault import GAME as VAULT
from topsecret.games.vault import PlayCard
from topsecret.i18n import ENGLISH, message_text, translator
from topsecret.i18n.catalogues import catalogue


def _refused(player: Any) -> IllegalAction:
    state = VAULT.new_state(2, seed=1)
    action = state.legal_actions(state.acting_players()[0])[0]
    with pytest.raises(IllegalAction) as refused:
        state.apply(player, action)
    return refused.value


def test_a_seat_that_owes_nothing_is_named_as_players_count_it() -> None:
    """Given a briefcase table where one seat owes nothing, when it acts, then the refusal
    names it as players count seats (the engine's seat 0 is "seat 1"), in each language
    with the rule."""
    state = get_game("briefcase").new_state(2, seed=3)
    while len(state.acting_players()) != 1:  # a simultaneous step first, maybe
        seat = state.acting_players()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    waiting = next(seat for seat in range(2) if seat not in state.acting_players())
    action = state.legal_actions(state.acting_players()[0])[0]
    with pytest.raises(IllegalAction) as refused:
        state.apply(waiting, action)
    error = refused.value
    assert error.reason == f"seat {waiting + 1} has no decision to make now"
    assert message_text(error, translator("fr")) == (
        f"le joueur {waiting + 1} n'a pas de décision à prendre maintenant (ordre du tour)"
    )
    assert message_text(error, translator("de")) == (
        f"Spieler {waiting + 1} hat gerade nichts zu entscheiden (Zugreihenfolge)"
    )


@pytest.mark.parametrize(("player", "shown"), [(5, "6"), ("x", "'x'")])
def test_a_seat_that_does_not_exist_is_refused_in_each_language(player: Any, shown: str) -> None:
    error = _refused(player)
    assert error.reason == f"there is no seat {shown} at this table"
    assert message_text(error, translator("it")).startswith(
        f"a questo tavolo non c'è il posto {shown}"
    )


BAD_ACTIONS: list[Any] = [
    "play",
    {"type": "dance"},
    {"type": "play", "card": "x", "colour": "red"},
    {"type": "play"},
    {"type": "play", "card": True},
    {"type": "play", "card": "document", "value": "ten"},
]


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
@pytest.mark.parametrize("data", BAD_ACTIONS, ids=str)
def test_json_that_is_no_action_is_refused_in_each_language(data: Any, lang: str) -> None:
    """Given JSON that does not describe one of the vault's actions, then the refusal keeps
    its English and its template, and reads in each language."""
    with pytest.raises(ActionFormatError) as refused:
        VAULT.codec(2).from_json(data)
    error = refused.value
    assert error.template is not None, str(error)
    assert catalogue(lang).get(error.template) is not None
    assert message_text(error, ENGLISH) == str(error)
    assert message_text(error, translator(lang)) != str(error)


def test_an_action_id_out_of_range_is_refused_in_french() -> None:
    codec = VAULT.codec(2)
    with pytest.raises(ActionFormatError) as refused:
        codec.from_id(codec.size)
    assert str(refused.value) == f"action id {codec.size} is outside 0..{codec.size - 1}"
    assert message_text(refused.value, translator("fr")).startswith("l'identifiant d'action")


def _replay_refusal(make: Any) -> ReplayError:
    with pytest.raises(ReplayError) as refused:
        make()
    return refused.value


def _replayed_with_a_bad_move() -> object:
    log = ReplayLog("vault", 2, 1, {}, [LoggedAction(5, {"type": "play", "card": "mole"})])
    return replay(VAULT, log)


#: A replay log that cannot be read or replayed, each way it can be wrong.
BAD_REPLAYS: dict[str, Any] = {
    "not a replay": lambda: ReplayLog.from_json({"format": "chess"}),
    "version": lambda: ReplayLog.from_json({"format": "topsecret-replay", "version": 99}),
    "missing field": lambda: ReplayLog.from_json({"format": "topsecret-replay", "version": 2}),
    "another game": lambda: replay(VAULT, ReplayLog("wink", 4, 1, {}, [])),
    "bad move": _replayed_with_a_bad_move,
    "not JSON": lambda: ReplayLog.load(__file__),
}


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
@pytest.mark.parametrize("case", sorted(BAD_REPLAYS))
def test_a_replay_that_cannot_be_read_is_refused_in_each_language(case: str, lang: str) -> None:
    """Given a replay log that is not one, of another game or with a move the rules refuse,
    then the refusal keeps its English and reads in each language, its reason included."""
    error = _replay_refusal(BAD_REPLAYS[case])
    assert error.template is not None, str(error)
    text = message_text(error, translator(lang))
    assert text != str(error) and "{" not in text, text


def test_a_move_that_cannot_be_replayed_names_it_and_its_seat_from_1_with_the_rule() -> None:
    error = _replay_refusal(_replayed_with_a_bad_move)
    assert str(error) == (
        "action #1 by seat 6 cannot be replayed: there is no seat 6 at this table (seats)"
    )
    assert message_text(error, translator("de")) == (
        "die Aktion Nr. 1 von Spieler 6 lässt sich nicht nachspielen: an diesem Tisch gibt "
        "es keinen Platz 6 (Plätze am Tisch)"
    )


def test_a_finished_game_refuses_moves_in_each_language() -> None:
    state = VAULT.new_state(2, {"single_deal": True}, seed=1)
    while not state.is_over():
        seat = state.acting_players()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, PlayCard("mole"))
    assert message_text(refused.value, translator("it")) == (
        "la partita è finita (fine della partita)"
    )


@pytest.mark.parametrize(
    ("port", "expected"),
    [(70000, "--port doit être entre 1 et 65535 (ou 0 pour n'importe quel port libre), pas 70000")],
)
def test_serve_refuses_a_port_in_the_readers_language(port: int, expected: str) -> None:
    from topsecret.server import run

    with pytest.raises(TopSecretError) as refused:
        run(port=port)
    assert message_text(refused.value, translator("fr")) == expected
