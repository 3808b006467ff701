"""Adapters to research ecosystems: PettingZoo, Gymnasium and OpenSpiel.

Each adapter lives in its own module and imports its ecosystem only when that module is
imported, so ``import topsecret.rl`` works without any of them installed::

    import topsecret.rl.openspiel  # registers topsecret_vault, topsecret_wink, ...
"""
