"""Helpers that build briefcase tables the way the rulebook describes them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from topsecret.core import Action, Event, Rng
from topsecret.games.briefcase import GAME, BriefcaseState
from topsecret.games.briefcase.actions import Pass

#: Every agent somewhere harmless, far from Vienna and from one another's way.
QUIET = {
    "Beacon": "Belgrade",
    "Magician": "Berlin",
    "Roulette": "Marseille",
    "Spyglass": "Paris",
    "Tempest": "Rome",
    "Vagabond": "Warsaw",
}


def table(
    players: int = 3,
    *,
    agents: Mapping[str, str | None] | None = None,
    payoffs: Mapping[int, Mapping[str, int]] | None = None,
    briefcase: str = "Vienna",
    **kwargs: object,
) -> BriefcaseState:
    """A table past setup. Agents start as in ``QUIET`` unless moved; payoffs are empty
    unless given (so every reserve is 30); seat 0 plays first and is to play."""
    placed = {**QUIET, **(agents or {})}
    coins = {seat: dict((payoffs or {}).get(seat, {})) for seat in range(players)}
    return BriefcaseState.arranged(
        GAME,
        players,
        agents=placed,
        payoffs=coins,
        briefcase=briefcase,
        **kwargs,  # type: ignore[arg-type]
    )


def act(state: BriefcaseState, action: Action) -> list[Event]:
    """The seat that owes a decision takes ``action``."""
    (seat,) = state.acting_players()
    return state.apply(seat, action)


def act_all(state: BriefcaseState, actions: Sequence[Action]) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events.extend(act(state, action))
    return events


def pass_all(state: BriefcaseState) -> list[Event]:
    """Every remaining player declines to challenge."""
    events: list[Event] = []
    while state.phase == "challenge":
        events.extend(act(state, Pass()))
    return events


def seed_rolling(face: str) -> int:
    """A seed whose first roll of the Dr. Solomon die shows ``face``."""
    faces = GAME.components.die
    for seed in range(1000):
        if faces[Rng(seed).below(len(faces))] == face:
            return seed
    raise AssertionError(f"no seed rolls {face}")


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]
