"""The core determinization conformance suite, run on the briefcase game at every table size."""

from __future__ import annotations

import pytest

from topsecret.core.conformance import check_determinization
from topsecret.games import get_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_briefcase_determinization_conforms(players: int) -> None:
    checked = check_determinization(get_game("briefcase"), players=players, seeds=range(3))
    assert checked > 0
