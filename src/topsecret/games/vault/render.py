"""A terminal view of one seat's vault observation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .cards import ASSASSIN, DOCUMENT, MOLE, SPECIAL_AGENT

COLOUR_STYLES = {
    "crimson": "red",
    "cobalt": "blue",
    "emerald": "green",
    "amber": "yellow",
    "violet": "magenta",
    "slate": "white",
}
SHORT = {ASSASSIN: "Assassin", MOLE: "Mole", SPECIAL_AGENT: "Special agent"}


def card_text(card: Mapping[str, Any]) -> Text:
    name = f"Doc {card['value']}" if card["kind"] == DOCUMENT else SHORT[card["kind"]]
    return Text(f"[{name}]", style=COLOUR_STYLES.get(card["colour"], ""))


def cards_text(cards: Sequence[Mapping[str, Any]]) -> Text:
    if not cards:
        return Text("-", style="dim")
    return Text(" ").join(card_text(c) for c in cards)


def render_table(obs: Mapping[str, Any]) -> Group:
    me = obs.get("seat")
    title = (
        f"Deal {obs['deal']}, trick {min(obs['trick'], obs['tricks_per_deal'])}"
        f" of {obs['tricks_per_deal']}  ·  first to {obs['target']} wins"
    )
    table = Table(title=title, expand=False)
    for column in ("seat", "hand", "face up", "safe x1", "safe x2", "deal", "total", "step"):
        table.add_column(column)
    step = obs.get("step") or {}
    for seat in obs["seats"]:
        status = ""
        if seat["seat"] in step.get("waiting", []):
            status = "choosing…"
        elif seat["seat"] in step.get("chosen", []):
            status = "chosen ✓"
        x2 = Text(" ").join(cards_text(pair) for pair in seat["x2"]) if seat["x2"] else Text("-")
        name = "you" if seat["seat"] == me else f"seat {seat['seat']}"
        # The safe lies face up: its colour names the seat's cards on the table.
        safe_style = COLOUR_STYLES.get(seat.get("safe", ""), "")
        table.add_row(
            Text(name, style=safe_style),
            str(seat["hand_size"]),
            cards_text(seat["face_up"]),
            cards_text(seat["x1"]),
            x2,
            str(seat["deal_score"]),
            str(seat["total"]),
            status,
        )
    parts: list[Any] = [table]
    last = obs.get("last_trick")
    if last:
        line = Text(f"Last trick ({last['trick']}): ")
        line.append_text(
            Text(", ").join(
                Text(f"seat {s} ") + card_text(c) for s, c in sorted(last["played"].items())
            )
        )
        if last["boom"]:
            line.append("  BOOM!", style="bold red")
        for steal in last["steals"]:
            line.append(f"  seat {steal['thief']} stole from seat {steal['victim']}")
        parts.append(line)
    if "hand" in obs:
        parts.append(Text("Your hand: ").append_text(cards_text(obs["hand"])))
    if obs.get("over"):
        winners = ", ".join(f"seat {w}" for w in obs["winners"])
        parts.append(Text(f"Game over. Winner: {winners}. Totals: {obs['totals']}", style="bold"))
    return Group(*parts)
