"""Finding bots by name: the game's own bots first, then the generic ones."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Bot, Game, UnknownName
from .random_bot import RandomBot

GENERIC_BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
}


def bot_names(game: Game) -> list[str]:
    """Every bot name usable for this game."""
    return sorted(set(GENERIC_BOTS) | set(game.bots()))


def make_bot(game: Game, name: str, seed: int) -> Bot:
    """A new bot for one game and one seat, seeded."""
    factory = game.bots().get(name) or GENERIC_BOTS.get(name)
    if factory is None:
        known = ", ".join(bot_names(game))
        raise UnknownName(f"no bot {name!r} for {game.id}; choose from: {known}")
    return factory(seed)
