"""How a server process runs Python's cycle collector.

Python frees most objects as soon as nothing refers to them; the cycle collector only looks
for groups that refer to each other, and while it runs the event loop stands still. By
default it looks at new objects after every 700 allocations and walks the whole heap every
hundred looks or so. A server's heap is large and long-lived (every table's state and
history, every connection's stack of coroutines), so those whole walks were its longest
pauses: a quarter to half a second at 1,000 seats, the tail of every latency figure
(docs/server.md, *Load*).

A server process therefore, once it has started:

- collects once and freezes what is alive then (modules, resumed tables): the collector
  never walks those again;
- looks at new objects after every 10,000 allocations instead of 700, and walks the whole
  heap about a hundredth as often. It spends less time collecting overall, and a walk of the
  whole heap (shorter since the tables' histories stopped being tracked, see
  :mod:`.history`) comes every few minutes instead of every few seconds.

Garbage in cycles is still collected, only later, so memory grows a little between
collections. Tests build servers without this: only a server process of its own
(``topsecret serve``, :func:`topsecret.server.run`) calls :func:`tune`.
"""

from __future__ import annotations

import gc

#: (new objects between looks, looks between looks at older objects, those between walks of
#: the whole heap), against Python's (700, 10, 10); measured in docs/server.md (*Load*).
THRESHOLDS = (10_000, 20, 50)


def tune() -> None:
    """Freeze what is alive now and space the collections out (see the module docstring)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


__all__ = ["THRESHOLDS", "tune"]
