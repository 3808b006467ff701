"""The briefcase game: a description, its options, its fixed action space and a factory."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from ...core import Action, ActionCodec, Bot, Event, Game, OptionSpec, TensorLayout
from ...core.options import OptionValue
from ...core.rules_versions import RULES
from ...i18n import ENGLISH, N_, Translator
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
from .board import Board, load_board, loaded_board
from .components import Components, components
from .rules import HQ_WIN_MOVER, HQ_WIN_RULES, SOLOMON_NAME
from .state import BriefcaseState
from .tensor import encode, layout
from .text import OPTION_HELP, BriefcaseText

#: The built-in map of rules version 1 (rules_versions.toml): its tables replay on it.
FIRST_MAP = Path(__file__).with_name("europe_rules1.toml")


class BriefcaseGame(Game):
    """Dr. Solomon and the briefcase (Rulebook 004), on the built-in map or a given one."""

    id: ClassVar[str] = "briefcase"
    title: ClassVar[str] = N_("Top Secret: the briefcase")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    play_style: ClassVar[str] = "sequential"
    #: Random rollouts misjudge this game (random opponents never challenge): the hard level
    #: plays the heuristic's model and tries the heuristic's move against five others in
    #: paired rollouts, 86.3% against the heuristic over 342 games (docs/bots.md has the runs).
    search_options: ClassVar[str] = "opponents=heuristic:guided=200:paired=6"
    option_specs: tuple[OptionSpec, ...] = (
        OptionSpec(
            "map",
            str,
            "",
            OPTION_HELP["map"],
            names_file=True,
        ),
        OptionSpec(
            "hq_win",
            str,
            HQ_WIN_MOVER,
            OPTION_HELP["hq_win"],
            choices=HQ_WIN_RULES,
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
        """The map the options name; none named, the built-in map of the table's rules
        version (rules 1 played on the first map of Europe, kept as ``europe_rules1.toml``)."""
        path = options.get("map") or ""
        if path:
            return load_board(str(path))
        if options.get(RULES) == 1 and self._board is None:
            return load_board(FIRST_MAP)
        return self.board

    def for_options(self, options: Mapping[str, Any]) -> BriefcaseGame:
        """This game on the map the options name (itself when they name none or its own):
        its codec, observation tensor and drawing follow that map. A table set up with these
        options answers ``state.game`` with it, so ``state.game.codec(players)`` always has
        an id for every move on the map in play."""
        board = self.board_for(options)
        return self if board.key == self.board.key else game_on(board)

    def _new_state(
        self, players: int, options: dict[str, OptionValue], seed: int
    ) -> BriefcaseState:
        game = self.for_options(options)
        hq_win = str(options.get("hq_win", HQ_WIN_MOVER))
        return BriefcaseState(game, game.board, self.components, players, seed, hq_win)

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
        from .bots import HeuristicBot, RolloutBot

        return {"heuristic": HeuristicBot, "rollout": RolloutBot}

    def view_assets(
        self, players: int, options: Mapping[str, Any], tr: Translator = ENGLISH
    ) -> dict[str, Any]:
        """Public drawing data for the browser view: the map's cities, red lines, stations,
        and each agent's power in words (from the components file). The same in every
        language (``tr``): the powers are catalogue messages the browser looks up."""
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
            },
            "powers": {agent.name: agent.summary for agent in self.components.agents},
        }

    def localized(self, tr: Translator) -> BriefcaseText:
        """The game's words in one seat's language (see :mod:`topsecret.i18n`)."""
        return BriefcaseText(tr, self.render_text)

    def describe_action(self, action: Action, tr: Translator = ENGLISH) -> str:
        return BriefcaseText(tr).action(action)

    def action_groups(
        self, actions: Sequence[Action], tr: Translator = ENGLISH
    ) -> list[tuple[str, list[Action]]]:
        return BriefcaseText(tr).action_groups(actions)

    def describe_event(
        self, event: Event, seat: int | None, tr: Translator = ENGLISH
    ) -> str | None:
        return BriefcaseText(tr).event(event, seat)

    def render_text(self, observation: Mapping[str, Any], tr: Translator = ENGLISH) -> Any:
        """The seat's view, with the map its table is played on: this game's, or any other
        map loaded in this process (``-o map=FILE``), found by the observation's map key."""
        from .render import render_observation

        key = observation.get("map_key", "")
        board = self.board if key == self.board.key else loaded_board(key)
        return render_observation(observation, board, tr)


@cache
def game_on(board: Board) -> BriefcaseGame:
    """The briefcase game on a given map, one object per map."""
    return BriefcaseGame(board)


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
