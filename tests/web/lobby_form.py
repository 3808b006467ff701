"""Setting a table up through the lobby's form, as a person does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def create_in_lobby(
    page: Any, server: Any, game: str, others: Sequence[str], name: str = "Ann"
) -> None:
    """Fill the lobby's form for ``game`` with ``name`` in seat 1 and ``others`` in the seats
    after it (a bot's name, or "" for a friend), create the table and wait for its page."""
    page.goto(server.http + "/")
    page.select_option("#game-select", game)
    page.select_option("#players-select", str(len(others) + 1))
    page.fill("#name-input", name)
    for seat, who in enumerate(others, start=2):
        page.select_option(f"[aria-label='Seat {seat}']", who)
    page.click("#create-button")
    page.wait_for_url("**/t/*")
