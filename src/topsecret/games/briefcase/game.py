"""The briefcase game: a description, its options, its fixed action space and a factory."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar

from ...core import Action, ActionCodec, Bot, Event, Game, OptionSpec, TensorLayout
from ...core.options import OptionValue
from .actions import (
    ACTION_CLASSES,
    BlowAgents,
    BurnAgent,
    CallAgent,
    CarryBriefcase,
    Challenge,
    Concede,
    LookAtPayoff,
    MoveAgent,
    Pass,
    PayAgent,
    PayNobody,
    PaySolomon,
    Raise,
    SetupPayoff,
    SkipPower,
    SpinAgent,
    VanishBriefcase,
    Wander,
)
from .board import Board, load_board
from .components import Components, components
from .rules import SOLOMON_NAME
from .state import BriefcaseState
from .tensor import encode, layout


class BriefcaseGame(Game):
    """Dr. Solomon and the briefcase (Rulebook 004), on the built-in map or a given one."""

    id: ClassVar[str] = "briefcase"
    title: ClassVar[str] = "Top Secret: the briefcase"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    play_style: ClassVar[str] = "sequential"
    #: Random rollouts misjudge this game (random opponents never challenge), so the search
    #: keeps the heuristic's move unless it clearly finds better (docs/bots.md has the runs).
    search_options: ClassVar[str] = "trust=0.5"
    option_specs: tuple[OptionSpec, ...] = (
        OptionSpec(
            "map",
            str,
            "",
            "path to a map TOML file (empty: the built-in map of Europe)",
            names_file=True,
        ),
    )

    def __init__(self, board: Board | None = None) -> None:
        self._board = board

    @property
    def board(self) -> Board:
        """The map this game's action space is built for."""
        return self._board if self._board is not None else load_board()

    @property
    def components(self) -> Components:
        return components()

    def board_for(self, options: Mapping[str, Any]) -> Board:
        path = options.get("map") or ""
        return load_board(str(path)) if path else self.board

    def _new_state(
        self, players: int, options: dict[str, OptionValue], seed: int
    ) -> BriefcaseState:
        return BriefcaseState(self, self.board_for(options), self.components, players, seed)

    def raw_state(self, players: int, seed: int = 0) -> BriefcaseState:
        """A table right after the random part of setup (used by ``BriefcaseState.arranged``)."""
        self.check_players(players)
        return BriefcaseState(self, self.board, self.components, players, seed)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        """At most 105 decisions per player in seeded random games; 2.5 times that and more.
        A house map may need more."""
        return 300 * players

    def codec(self, players: int) -> ActionCodec:
        return _codec(self.board, self.components, players)

    def tensor_layout(self, players: int) -> TensorLayout:
        self.check_players(players)
        return layout(players, self.board, self.components)

    def observation_tensor(self, observation: Mapping[str, Any], players: int) -> list[float]:
        self.check_players(players)
        # An observation of a table on another map (``-o map=``) names that map; encode
        # refuses it rather than read its cities against this game's board.
        return encode(observation, players, self.board, self.components)

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from .bots import HeuristicBot

        return {"heuristic": HeuristicBot}

    def view_assets(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Public drawing data for the browser view: the map's cities, red lines, stations."""
        board = self.board_for(options)
        links = sorted({(min(a, b), max(a, b)) for a, near in enumerate(board.links) for b in near})
        return {
            "map": {
                "name": board.name,
                "size": list(board.size),
                "cities": [
                    {"name": name, "at": list(at)}
                    for name, at in zip(board.names, board.at, strict=True)
                ],
                "links": [list(link) for link in links],
                "stations": sorted(board.stations),
                "hqs": [{"city": board.names[hq.city], "icon": hq.icon} for hq in board.hqs],
            }
        }

    def describe_action(self, action: Action) -> str:
        from .render import describe_action

        return describe_action(action)

    def action_groups(self, actions: Sequence[Action]) -> list[tuple[str, list[Action]]]:
        from .render import action_groups

        return action_groups(actions)

    def describe_event(self, event: Event, seat: int | None) -> str | None:
        from .render import describe_event

        return describe_event(event, seat)

    def render_text(self, observation: Mapping[str, Any]) -> Any:
        from .render import render_observation

        return render_observation(observation, self.board_for({"map": ""}))


@cache
def _codec(board: Board, comp: Components, players: int) -> ActionCodec:
    return ActionCodec(ACTION_CLASSES, action_space(board, comp, players))


def action_space(board: Board, comp: Components, players: int) -> list[Action]:
    """Every action that can ever be legal for this map and player count, in a fixed order."""
    agents = comp.agent_names
    cities = board.names
    most = comp.reserve  # no payoff on one agent can exceed the starting reserve
    space: list[Action] = []
    space.extend(
        SetupPayoff(agents[a], agents[b])
        for a in range(len(agents))
        for b in range(a + 1, len(agents))
    )
    space.extend(PayAgent(agent, x) for agent in agents for x in range(1, most + 1))
    space.extend((PaySolomon(), PayNobody()))
    space.extend(MoveAgent(agent, city) for agent in agents for city in cities)
    space.extend(BurnAgent(a, t) for a in agents for t in agents if a != t)
    space.append(Pass())
    space.extend(Challenge(x) for x in range(most + 1))
    space.append(Concede())
    space.extend(Raise(x) for x in range(1, most + 1))
    space.extend((CarryBriefcase(True), CarryBriefcase(False)))
    space.extend(CallAgent(agent) for agent in agents)
    space.extend(VanishBriefcase(city) for city in cities)
    space.extend(SpinAgent(agent) for agent in agents)
    space.extend(
        LookAtPayoff(seat, payee) for seat in range(players) for payee in (*agents, SOLOMON_NAME)
    )
    space.extend(BlowAgents(city) for city in cities)
    space.extend(Wander(city) for city in cities)
    space.append(SkipPower())
    return space
