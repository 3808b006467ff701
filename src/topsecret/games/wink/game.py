"""The winking game's description: options, action codec, bots and text."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core import Action, ActionCodec, Bot, Event, Game, OptionSpec
from ...core.options import OptionValue
from ...core.tensors import TensorLayout
from .actions import ACTION_CLASSES, action_space
from .components import standard_components
from .heuristic import HeuristicBot
from .render import describe_action, describe_event, render_text
from .state import COMPANION, SIGNALS, WinkState, options_to_kwargs
from .tensor import encode, layout


class WinkGame(Game):
    id = "wink"
    title = "Top Secret: the winking game"
    min_players = 4
    max_players = 8
    play_style = "realtime"
    #: Random rollouts of a real-time table are noise (nobody waits for a glance), so the
    #: search keeps the move the heuristic planned unless it clearly finds better
    #: (docs/bots.md has the runs).
    search_options = "trust=0.5"
    option_specs = (
        OptionSpec(
            "mode",
            str,
            SIGNALS,
            "signals: winks and glances on screen; companion: no signals, for one table "
            "or a video call (the app deals, keeps the suitcase, checks missions)",
            choices=(SIGNALS, COMPANION),
        ),
        OptionSpec(
            "signal",
            str,
            "wink",
            "the signal the table agreed on (rulebook: a wink, or a blink, raised eyebrows "
            "or a nod for a player who cannot wink); on screen they all work the same",
            choices=tuple(signal.id for signal in standard_components().signals),
        ),
        OptionSpec(
            "first_game",
            bool,
            False,
            "remove 2 agent cards per player unseen, as recommended for a first game",
        ),
        OptionSpec(
            "agent_cards",
            int,
            0,
            "agent cards in the deck for a shorter or longer game (0: all 7 of each agent "
            "in play); the rest are removed unseen",
            minimum=0,
            maximum=56,
        ),
        OptionSpec(
            "turn_seconds",
            int,
            0,
            "seconds the suitcase holder has for a turn before passing by default (0: none)",
            minimum=0,
            maximum=3600,
        ),
        OptionSpec(
            "signal_ms",
            int,
            600,
            "how long a wink or glance lasts, in milliseconds: whoever looks at the signaller "
            "during it sees it",
            minimum=0,
            maximum=5000,
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

    def describe_action(self, action: Action) -> str:
        return describe_action(action)

    def describe_event(self, event: Event, seat: int | None) -> str | None:
        return describe_event(event, seat)

    def render_text(self, observation: Mapping[str, Any]) -> Any:
        return render_text(observation)
