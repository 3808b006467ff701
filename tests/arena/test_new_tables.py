"""Matches, simulations and tournaments set up new tables, so they take only the current
rules (docs/engine.md §Rules versions, "New tables use the current version"), as the
server's lobby does; a log of earlier rules is replayed, not played again."""

from __future__ import annotations

import pytest

from topsecret.arena.match import play_match
from topsecret.arena.simulate import simulate
from topsecret.core import InvalidOptions
from topsecret.core.rules_versions import RULES
from topsecret.games import get_game

REFUSED = "Top Secret: the vault card game: new tables are played under the current rules, 2"


def test_a_match_under_rules_1_is_refused_instead_of_played_to_1200() -> None:
    """Given vault at rules 2, when a match asks for rules 1 (deals to 1200, stolen cards
    face up), then it is refused before any card is dealt."""
    with pytest.raises(InvalidOptions, match=REFUSED):
        play_match(get_game("vault"), 3, ["random"] * 3, seed=1, options={RULES: 1})


def test_a_match_naming_the_current_rules_is_played_and_logged_under_them() -> None:
    result = play_match(get_game("vault"), 2, ["random"] * 2, seed=1, options={RULES: 2})
    assert result.state.is_over()
    assert result.log.options[RULES] == 2


def test_a_simulation_under_rules_1_is_refused() -> None:
    with pytest.raises(InvalidOptions, match=REFUSED):
        simulate(get_game("vault"), 2, ["random", "random"], 2, 1, {RULES: 1})


def test_a_tournament_under_rules_1_is_refused() -> None:
    pytest.importorskip("openskill")
    from topsecret.arena.tournament import tournament

    with pytest.raises(InvalidOptions, match=REFUSED):
        tournament(get_game("vault"), 2, ["random", "heuristic"], 2, 1, {RULES: 1})


def test_a_wink_match_whose_looks_take_no_time_is_refused() -> None:
    """docs/games/wink.md §Looking takes a moment: a new table looks and notices in 250 ms at
    least, in the arena as on the server; rules 1's instant looks are only for its replays."""
    for name in ("look_ms", "notice_ms"):
        with pytest.raises(InvalidOptions, match=f"option '{name}' must be at least 250"):
            play_match(get_game("wink"), 4, ["heuristic"] * 4, seed=1, options={name: 0})
