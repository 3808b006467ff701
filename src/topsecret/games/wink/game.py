"""The winking game's description: options, action codec, bots and text."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core import Action, ActionCodec, Bot, Event, Game, OptionSpec
from ...core.options import OptionValue
from ...core.tensors import TensorLayout
from ...i18n import ENGLISH, N_, Translator
from .actions import ACTION_CLASSES, action_space
from .components import standard_components
from .heuristic import HeuristicBot
from .state import COMPANION, SIGNALS, WinkState, options_to_kwargs
from .tensor import encode, layout
from .text import OPTION_HELP, WinkText, option_help


class WinkGame(Game):
    """The winking game: the engine contract's :class:`Game` for this game."""

    id = "wink"
    title = N_("Top Secret: the winking game")
    min_players = 4
    max_players = 8
    play_style = "realtime"
    #: Random rollouts of a real-time table are noise (nobody waits for a glance), so the
    #: search keeps the move the heuristic planned unless it clearly finds better
    #: (docs/bots.md has the runs).
    search_options = "trust=0.5"
    option_specs = (
        OptionSpec("mode", str, SIGNALS, OPTION_HELP["mode"], choices=(SIGNALS, COMPANION)),
        OptionSpec(
            "signal",
            str,
            "wink",
            OPTION_HELP["signal"],
            choices=tuple(signal.id for signal in standard_components().signals),
        ),
        OptionSpec("first_game", bool, False, OPTION_HELP["first_game"]),
        OptionSpec(
            "agent_cards",
            int,
            0,
            option_help("agent_cards"),
            minimum=0,
            maximum=56,
        ),
        OptionSpec("turn_seconds", int, 0, OPTION_HELP["turn_seconds"], minimum=0, maximum=3600),
        OptionSpec(
            "look_ms",
            int,
            standard_components().look_ms,
            OPTION_HELP["look_ms"],
            minimum=0,  # rules 1 played 0: its tables and logs still load
            maximum=5000,
            new_table_minimum=standard_components().min_look_ms,
        ),
        OptionSpec(
            "notice_ms",
            int,
            standard_components().notice_ms,
            OPTION_HELP["notice_ms"],
            minimum=0,  # rules 1 played 0: its tables and logs still load
            maximum=5000,
            new_table_minimum=standard_components().min_notice_ms,
        ),
    )

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> WinkState:
        return WinkState.new(self, players, seed, **options_to_kwargs(options))

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        """At most 227 decisions per player in seeded random games at 8 seats with a
        0.25 s tick (67 at 4); 4 times that and more."""
        return 1000 * players

    def codec(self, players: int) -> ActionCodec:
        return ActionCodec(
            ACTION_CLASSES, action_space(players, standard_components().location_ids)
        )

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        return {"heuristic": HeuristicBot}

    def tensor_layout(self, players: int) -> TensorLayout | None:
        self.check_players(players)
        return layout(players)

    def observation_tensor(self, observation: Mapping[str, Any], players: int) -> list[float]:
        self.check_players(players)
        return encode(observation, players)

    def localized(self, tr: Translator) -> WinkText:
        """The game's words in one seat's language (see :mod:`topsecret.i18n`)."""
        return WinkText(tr)

    def describe_action(self, action: Action, tr: Translator = ENGLISH) -> str:
        return WinkText(tr).action(action)

    def describe_event(
        self, event: Event, seat: int | None, tr: Translator = ENGLISH
    ) -> str | None:
        return WinkText(tr).event(event, seat)

    def render_text(self, observation: Mapping[str, Any], tr: Translator = ENGLISH) -> Any:
        return WinkText(tr).view(observation)
