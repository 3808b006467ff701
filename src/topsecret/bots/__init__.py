"""Bots that work on every game, and the registry that finds any bot by name."""

from .ismcts import IsmctsBot, IsmctsSearch, SearchSettings
from .levels import LEVELS, SlippingBot
from .random_bot import RandomBot
from .registry import bot_names, check_bot_name, make_bot, split_bot_name

__all__ = [
    "LEVELS",
    "IsmctsBot",
    "IsmctsSearch",
    "RandomBot",
    "SearchSettings",
    "SlippingBot",
    "bot_names",
    "check_bot_name",
    "make_bot",
    "split_bot_name",
]
