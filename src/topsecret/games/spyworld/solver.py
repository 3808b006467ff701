"""The exact best exploration of a finished lair, with the path that achieves it.

The search itself lives in :mod:`.search` (how it is exact and fast is told there).
``solve`` runs a compiled build of that module when the install made one (``setup.py``
compiles it with mypyc where a C compiler is at hand) and it was built from the search code
as it stands now; otherwise it runs the search in Python. Both give the same answers, the
compiled one 2.5 to 3 times as fast.
"""

from __future__ import annotations

from types import ModuleType

from ...core.native import compiled_build
from . import search
from .explorer import Explorer
from .lair import Lair
from .plan import Plan, Step

__all__ = ["Plan", "Step", "native_search", "solve"]


def native_search() -> ModuleType | None:
    """The compiled search, or None when the install has none or it is out of date."""
    return compiled_build(search)


def solve(
    lair: Lair,
    explorer: Explorer,
    max_states: int | None = None,
    *,
    prune: bool = True,
    light: bool = False,
) -> Plan:
    """The exact best exploration of ``lair`` by ``explorer``: most value stolen, then most
    Sentries neutralised, then most rooms explored (the starting square counts).

    With ``max_states`` the search stops after that many states and returns the best
    exploration found so far with ``exact = False``. ``prune=False`` turns the bound off and
    visits every state: slow, it is there to check the bound against. ``light`` keeps only
    the bound's cheap first check, for budget-limited plans (:func:`.search.solve`).
    """
    engine = native_search() or search
    plan: Plan = engine.solve(lair, explorer, max_states, prune=prune, light=light)
    return plan
