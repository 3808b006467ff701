"""A terminal view of one seat's vault observation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...i18n import ENGLISH, N_, Translator
from .cards import ASSASSIN, DOCUMENT, MOLE, SPECIAL_AGENT
from .text import VaultText, seat_points

COLOUR_STYLES = {
    "crimson": "red",
    "cobalt": "blue",
    "emerald": "green",
    "amber": "yellow",
    "violet": "magenta",
    "slate": "white",
}
#: A card's short name on the table, by kind.
SHORT = {
    DOCUMENT: N_("Doc {value}"),
    ASSASSIN: N_("Assassin"),
    MOLE: N_("Mole"),
    SPECIAL_AGENT: N_("Special agent"),
}
#: The table's columns.
COLUMNS = (
    N_("seat"),
    N_("hand"),
    N_("face up"),
    N_("safe x1"),
    N_("safe x2"),
    N_("deal"),
    N_("total"),
    N_("step"),
)


def card_text(card: Mapping[str, Any], tr: Translator = ENGLISH) -> Text:
    short = SHORT[card["kind"]]
    name = tr.gettext(short).format(value=card["value"])
    return Text(f"[{name}]", style=COLOUR_STYLES.get(card["colour"], ""))


def cards_text(cards: Sequence[Mapping[str, Any]], tr: Translator = ENGLISH) -> Text:
    if not cards:
        return Text("-", style="dim")
    return Text(" ").join(card_text(c, tr) for c in cards)


def goal_text(obs: Mapping[str, Any], tr: Translator = ENGLISH) -> str:
    """What ends the game: one deal (the rulebook's game) or deals to the target (§Manches)."""
    if obs["single_deal"]:
        return tr.gettext("one deal: the highest score wins")
    return tr.gettext("deals until someone reaches {target}: the highest total then wins").format(
        target=obs["target"]
    )


def render_table(obs: Mapping[str, Any], tr: Translator = ENGLISH) -> Group:
    """One seat's view of the table, in that seat's language."""
    me = obs.get("seat")
    words = VaultText(tr)
    title = tr.gettext("Deal {deal}, trick {trick} of {tricks}").format(
        deal=obs["deal"],
        trick=min(obs["trick"], obs["tricks_per_deal"]),
        tricks=obs["tricks_per_deal"],
    )
    table = Table(title=f"{title}  ·  {goal_text(obs, tr)}", expand=False)
    for column in COLUMNS:
        table.add_column(tr.gettext(column))
    step = obs.get("step") or {}
    for seat in obs["seats"]:
        status = ""
        if seat["seat"] in step.get("waiting", []):
            status = tr.gettext("choosing…")
        elif seat["seat"] in step.get("chosen", []):
            status = tr.gettext("chosen ✓")
        x2 = (
            Text(" ").join(cards_text(pair, tr) for pair in seat["x2"]) if seat["x2"] else Text("-")
        )
        name = words.seat(seat["seat"], me)
        # The safe lies face up: its colour names the seat's cards on the table.
        safe_style = COLOUR_STYLES.get(seat.get("safe", ""), "")
        table.add_row(
            Text(name, style=safe_style),
            str(seat["hand_size"]),
            cards_text(seat["face_up"], tr),
            cards_text(seat["x1"], tr),
            x2,
            str(seat["deal_score"]),
            str(seat["total"]),
            status,
        )
    parts: list[Any] = [table]
    last = obs.get("last_trick")
    if last:
        line = Text(tr.gettext("Last trick ({trick}): ").format(trick=last["trick"]))
        line.append_text(
            Text(", ").join(
                Text(tr.gettext("seat {seat}").format(seat=int(s) + 1) + " ") + card_text(c, tr)
                for s, c in sorted(last["played"].items())
            )
        )
        if last["boom"]:
            line.append("  " + tr.gettext("BOOM!"), style="bold red")
        for steal in last["steals"]:
            line.append(
                "  "
                + tr.gettext("seat {thief} stole from seat {victim}").format(
                    thief=steal["thief"] + 1, victim=steal["victim"] + 1
                )
            )
        parts.append(line)
    if "hand" in obs:
        parts.append(Text(tr.gettext("Your hand: ")).append_text(cards_text(obs["hand"], tr)))
    if obs.get("over"):
        winners = ", ".join(tr.gettext("seat {seat}").format(seat=w + 1) for w in obs["winners"])
        ending = tr.ngettext(
            "Game over. Winner: {players}. Totals: {totals}",
            "Game over. Winners: {players}. Totals: {totals}",
            len(obs["winners"]),
        ).format(players=winners, totals=seat_points(obs["totals"], tr))
        parts.append(Text(ending, style="bold"))
    return Group(*parts)
