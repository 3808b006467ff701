"""The compiled build of the exploration search answers exactly as the Python search."""

from __future__ import annotations

import random
import types

from topsecret.core.native import built_from_current_code
from topsecret.games.spyworld import search
from topsecret.games.spyworld.components import agents, gadgets, lairs
from topsecret.games.spyworld.explorer import explorer_kit
from topsecret.games.spyworld.solver import native_search, solve

from .test_solver import random_lair


def test_the_install_compiled_the_search_from_the_current_code() -> None:
    """setup.py builds the search with mypyc; solve uses that build only when it was made
    from search.py as it stands (CI installs the project, so the build must be there)."""
    native = native_search()
    assert native is not None
    assert native.__file__ is not None and not native.__file__.endswith(".py")
    assert built_from_current_code(native, search)


def test_a_build_from_older_code_is_not_used() -> None:
    """Editing search.py in a development install leaves the old build behind: it is
    recognised as stale by the digest of the source it records."""
    stale = types.ModuleType("stale")
    stale.BUILT_FROM = "0" * 64  # type: ignore[attr-defined]
    assert not built_from_current_code(stale, search)
    assert not built_from_current_code(types.ModuleType("unmarked"), search)


def test_compiled_and_python_searches_plan_the_same_walks() -> None:
    """Same score, same steps, same boosts, on lairs full and sparse, with gadgets and
    Agents of every kind."""
    native = native_search()
    assert native is not None
    rng = random.Random(41)
    for case in range(24):
        board = list(lairs())[case % 4]
        lair = random_lair(rng, board, fill=rng.choice((0.5, 0.8, 1.0)))
        held = [(g, rng.random() < 0.5) for g in gadgets() if rng.random() < 0.4]
        agent = rng.choice(agents()) if lairs()[board].agents and rng.random() < 0.7 else None
        stats = (rng.randint(3, 9), rng.randint(0, 10), rng.randint(0, 10))
        explorer = explorer_kit(stats, held, agent)
        python_plan = search.solve(lair, explorer)
        compiled_plan = native.solve(lair, explorer)
        assert compiled_plan.key == python_plan.key, case
        assert compiled_plan.steps == python_plan.steps, case
        assert compiled_plan.boosts == python_plan.boosts, case
        assert compiled_plan.states == python_plan.states, case
        assert solve(lair, explorer).key == python_plan.key
