"""The bots decide as they did when their strengths were measured.

The strengths in docs/bots.md were measured on recorded code; a change that only tidies the
bots (one copy of each formula, one paired comparison) must leave every decision alone. Given
a seeded game from ``decision_record.CASES``, when it is played again, then every move is the
one recorded in ``decisions.json``.
"""

from __future__ import annotations

import json

import pytest

from tests.bots.decision_record import CASES, RECORD, Case, moves


def _params(case: Case) -> object:
    marks = [pytest.mark.slow] if case.slow else []
    return pytest.param(case, id=case.name, marks=marks)


@pytest.fixture(scope="module")
def recorded() -> dict[str, list[str]]:
    record: dict[str, list[str]] = json.loads(RECORD.read_text())
    return record


def test_every_case_has_a_record(recorded: dict[str, list[str]]) -> None:
    assert sorted(recorded) == sorted(case.name for case in CASES)


@pytest.mark.parametrize("case", [_params(case) for case in CASES])
def test_a_seeded_game_repeats_its_recorded_moves(
    case: Case, recorded: dict[str, list[str]]
) -> None:
    played = moves(case)
    expected = recorded[case.name]
    first_difference = next(
        (i for i, (a, b) in enumerate(zip(played, expected, strict=False)) if a != b),
        min(len(played), len(expected)),
    )
    assert played == expected, f"{case.name} first differs at move {first_difference}"
