"""The adapter-overhead benchmark's counted loops (``benchmarks/rl_overhead.py``): what
``--instructions`` runs under cachegrind must play whole games and say how many decisions
it took, the same for the same seed."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from topsecret.games import get_game

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "rl_overhead.py"


@pytest.fixture(scope="module")
def overhead() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rl_overhead", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("side", ["engine", "aec", "mask"])
def test_a_counted_loop_plays_whole_games_past_the_decisions_asked(
    overhead: ModuleType, side: str
) -> None:
    vault = get_game("vault")
    taken = overhead.play_decisions(side, vault, 2, 60)
    assert taken >= 60
    # Whole games: the count is a sum of games' decisions, so it replays exactly.
    assert overhead.play_decisions(side, vault, 2, 60) == taken


def test_the_engine_loop_counts_the_decisions_of_its_games(overhead: ModuleType) -> None:
    from topsecret.core import Rng

    vault = get_game("vault")
    rng = Rng(0)
    first = overhead.engine_game(vault, 2, rng)
    assert overhead.play_decisions("engine", vault, 2, 1) == first


def test_the_instruction_count_is_read_from_cachegrinds_summary(overhead: ModuleType) -> None:
    report = "==1== \n==1== I   refs:      1,249,294,282\n==1== I1  misses: 14,663,358\n"
    assert overhead.instruction_count(report) == 1_249_294_282
    with pytest.raises(RuntimeError, match="no instruction count"):
        overhead.instruction_count("valgrind: command not found")
