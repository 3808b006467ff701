"""Bots that work on every game, and the registry that finds any bot by name."""

from .random_bot import RandomBot
from .registry import bot_names, make_bot

__all__ = ["RandomBot", "bot_names", "make_bot"]
