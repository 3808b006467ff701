"""The quickest table of each game, for the adapters' tests."""

from __future__ import annotations

from typing import Any

from topsecret.games import get_game


def small(game_id: str) -> dict[str, Any]:
    """The fewest seats the game allows; vault over one deal."""
    params: dict[str, Any] = {"players": get_game(game_id).min_players}
    if game_id == "vault":
        params["single_deal"] = True
    return params
