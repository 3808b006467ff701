"""``topsecret bench`` measures the tree search in every game and, at a real-time table, the
search the ``ismcts`` bot really plays there (docs/bots.md, Speed)."""

from __future__ import annotations

from topsecret.arena.bench import bench_realtime_search, bench_search, realtime_positions
from topsecret.games import get_game


def test_the_tree_search_is_measured_in_the_winking_game_like_any_other():
    result = bench_search(get_game("wink"), 4, seconds=0.0, iterations=5)
    assert result.search == "tree"
    assert result.decisions >= 1
    assert result.iterations == 5 * result.decisions


def test_the_real_time_search_is_measured_at_moments_of_a_game_on_the_clock():
    positions = realtime_positions(get_game("wink"), 4, count=3, every=2.0)
    moments = [now for _, now in positions]
    assert len(moments) == 3
    assert all(now > 0 and now % 2.0 == 0 for now in moments)
    for state, _ in positions:
        seat = state.acting_players()[0]
        assert len(state.legal_actions(seat)) > 1
    result = bench_realtime_search(get_game("wink"), 4, seconds=0.0, iterations=3)
    assert result.search == "realtime"
    assert result.to_json()["search"] == "realtime"
    assert result.iterations == 3 * result.decisions
