"""Every action object a table can offer, built once per map and set of components.

Actions are frozen values, so one table of them serves every state on that map: listing
legal actions becomes slicing these tuples instead of building hundreds of objects on each
call, which is most of the cost of a random playout.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .actions import Challenge, MoveAgent, PayAgent, Raise
from .board import Board
from .components import Components


@dataclass(frozen=True, slots=True)
class ActionMenus:
    #: ``moves[agent][city]``: the agent's moves from that city, targets in board order.
    moves: tuple[tuple[tuple[MoveAgent, ...], ...], ...]
    #: ``pays[agent][x - 1]``: pay ``x`` sovereigns to the agent.
    pays: tuple[tuple[PayAgent, ...], ...]
    #: ``challenges[x]`` and ``raises[x]``: announce ``x`` sovereigns.
    challenges: tuple[Challenge, ...]
    raises: tuple[Raise, ...]
    #: Each agent's index by name.
    agent_index: dict[str, int]


@cache  # one table per map: new tables on the same map share it
def build_menus(board: Board, comp: Components) -> ActionMenus:
    names = comp.agent_names
    most = comp.reserve  # no payoff on one agent can exceed the starting reserve
    return ActionMenus(
        moves=tuple(
            tuple(
                tuple(MoveAgent(name, board.names[to]) for to in sorted(board.move_targets(here)))
                for here in range(len(board.names))
            )
            for name in names
        ),
        pays=tuple(tuple(PayAgent(name, x) for x in range(1, most + 1)) for name in names),
        challenges=tuple(Challenge(x) for x in range(most + 1)),
        raises=tuple(Raise(x) for x in range(most + 1)),
        agent_index={name: i for i, name in enumerate(names)},
    )


__all__ = ["ActionMenus", "build_menus"]
