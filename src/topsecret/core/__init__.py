"""The engine contract and what every game shares."""

from .actions import Action, ActionCodec, ActionFormatError
from .bot import Bot, SeatView
from .errors import (
    DataFileError,
    IllegalAction,
    InvalidOptions,
    ReplayError,
    TopSecretError,
    UnknownName,
)
from .events import Event, private, public, visible_events
from .game import (
    TICK_SECONDS,
    Game,
    State,
    play_random_step,
    run_random_game,
    tick_order,
    win_shares,
)
from .options import OptionSpec, parse_option_texts, resolve_options
from .replay import LoggedAction, ReplayLog, replay
from .rng import Rng
from .simultaneous import SimultaneousStep
from .tensors import TensorLayout, TensorSlice

__all__ = [
    "TICK_SECONDS",
    "Action",
    "ActionCodec",
    "ActionFormatError",
    "Bot",
    "DataFileError",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "LoggedAction",
    "OptionSpec",
    "ReplayError",
    "ReplayLog",
    "Rng",
    "SeatView",
    "SimultaneousStep",
    "State",
    "TensorLayout",
    "TensorSlice",
    "TopSecretError",
    "UnknownName",
    "parse_option_texts",
    "play_random_step",
    "private",
    "public",
    "replay",
    "resolve_options",
    "run_random_game",
    "tick_order",
    "visible_events",
    "win_shares",
]
