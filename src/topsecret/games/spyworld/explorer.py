"""An explorer's kit for one exploration: stats, and the effects they may use once.

The same description drives the interactive exploration and the solver, so both apply the
rules identically.
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import STATS, Agent, Effect, Gadget

POWER_ITEM = 6  # item number of the agent's power; gadgets are 1-5


@dataclass(frozen=True, slots=True)
class Item:
    """One usable thing: a gadget (number 1-5) or the agent's power (number 6)."""

    number: int
    name: str
    effect: Effect


@dataclass(frozen=True, slots=True)
class Explorer:
    movement: int
    stealth: int
    combat: int
    items: tuple[Item, ...] = ()

    def stat(self, name: str) -> int:
        return (self.movement, self.stealth, self.combat)[STATS.index(name)]

    def item(self, number: int) -> Item | None:
        for item in self.items:
            if item.number == number:
                return item
        return None


def explorer_kit(
    stats: tuple[int, int, int],
    gadgets: list[tuple[Gadget, bool]],
    agent: Agent | None,
) -> Explorer:
    """An explorer from final stats, the gadgets held (with ``expert`` side flags) and agent."""
    items = [
        Item(g.number, g.name, (g.expert if expert else g.normal).effect) for g, expert in gadgets
    ]
    if agent is not None:
        items.append(Item(POWER_ITEM, agent.name, agent.power))
    return Explorer(stats[0], stats[1], stats[2], tuple(sorted(items, key=lambda i: i.number)))
