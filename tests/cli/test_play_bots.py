"""`play --bots` names the bots of the seats other than the person's, in seat order."""

from __future__ import annotations

from pathlib import Path

import pytest

from topsecret.core import ReplayLog

from .commands import refused, run


def test_more_bots_than_other_seats_are_refused_before_the_game() -> None:
    """Given three seats, one of them the user's, when the user names five bots, then the
    command says so and exits 2 before dealing."""
    result = run("play", "vault", "-p", "3", "--bots", "random,random,random,random,random")
    refused(result, "--bots names more bots than there are other seats (5 > 2)")


@pytest.mark.parametrize(
    ("seat", "bots"),
    [
        ("1", ["you", "random", "heuristic"]),
        ("2", ["random", "you", "heuristic"]),
        ("3", ["random", "heuristic", "you"]),
    ],
)
def test_the_bots_take_the_other_seats_in_the_order_named(
    seat: str, bots: list[str], tmp_path: Path
) -> None:
    """Given `--bots random,heuristic` at three seats, when the user sits at any seat, then
    the first other seat has random and the second heuristic."""
    log = tmp_path / "game.json"
    args = ("play", "vault", "-p", "3", "--seat", seat, "--bots", "random,heuristic", "--seed", "1")
    result = run(*args, "--save-log", str(log), input_text="q\n")
    assert result.returncode == 0, result.stderr
    assert ReplayLog.load(log).bots == bots


def test_fewer_bots_than_other_seats_repeat() -> None:
    result = run("play", "vault", "-p", "4", "--bots", "random", "--seed", "1", input_text="q\n")
    assert result.returncode == 0, result.stderr
    assert "left the table" in result.stdout
