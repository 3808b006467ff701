"""The Python API of ``simulate`` and ``tournament`` refuses what the command line refuses,
before any game is played: unknown bots, a line-up that does not fit the table."""

from __future__ import annotations

import pytest

from topsecret.arena.simulate import simulate
from topsecret.core import InvalidOptions, TopSecretError, UnknownName
from topsecret.games import get_game


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (["random", "nope"], "no bot 'nope' for vault"),
        (["random", "ismcts:foo=1"], "foo"),
    ],
)
def test_a_tournament_of_an_unknown_bot_is_refused_not_rated(bots: list[str], message: str) -> None:
    pytest.importorskip("openskill", reason="tournaments need the analysis extra")
    from topsecret.arena.tournament import tournament

    with pytest.raises(UnknownName, match=message):
        tournament(get_game("vault"), players=2, bots=bots, games=4, seed=0)


def test_a_simulation_of_an_unknown_bot_is_refused_not_counted_as_errors() -> None:
    with pytest.raises(UnknownName, match="no bot 'nope' for vault"):
        simulate(get_game("vault"), 2, ["random", "nope"], games=4, seed=0)


@pytest.mark.parametrize("bots", [["random"], ["random", "random", "random"]])
def test_a_simulation_needs_one_bot_per_seat(bots: list[str]) -> None:
    with pytest.raises(TopSecretError, match=f"give one bot per seat: 2 seats, {len(bots)} bots"):
        simulate(get_game("vault"), 2, bots, games=4, seed=0)


def test_a_simulation_for_a_wrong_number_of_players_is_refused() -> None:
    with pytest.raises(InvalidOptions, match="2-6 players, not 9"):
        simulate(get_game("vault"), 9, ["random"] * 9, games=1, seed=0)
