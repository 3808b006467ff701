"""The games, by id. Each game package is self-contained on top of ``core``."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from ..core import Game, UnknownName
from ..core.errors import N_

# id -> module that defines ``GAME``; imported lazily so one game's data never slows another.
GAME_MODULES: dict[str, str] = {
    "vault": "topsecret.games.vault",
    "wink": "topsecret.games.wink",
    "briefcase": "topsecret.games.briefcase",
    "spyworld": "topsecret.games.spyworld",
}


def game_ids() -> list[str]:
    return list(GAME_MODULES)


@cache
def get_game(game_id: str) -> Game:
    """The game with this id, or a clear error listing the ones that exist."""
    if game_id not in GAME_MODULES:
        known = ", ".join(GAME_MODULES)
        raise UnknownName.of(
            N_("unknown game {name}; the games are: {known}"), name=repr(game_id), known=known
        )
    game = import_module(GAME_MODULES[game_id]).GAME
    if not isinstance(game, Game):
        raise TypeError(f"{GAME_MODULES[game_id]}.GAME is not a Game")
    return game


def all_games() -> list[Game]:
    return [get_game(game_id) for game_id in GAME_MODULES]
