"""What a vault player reads, in their language: action labels, event sentences, option
labels and help.

Every message is English in the source and translated through the seat's
:class:`~topsecret.i18n.Translator`. The names of things follow the rulebook (Rulebook 002,
French): coffre-fort, document secret, assassin, agent spécial, taupe; the German names are
the ones the French rulebook gives in brackets (Attentäter, Spezial-Agent, Maulwurf).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core import Action, Event
from ...i18n import ENGLISH, N_, Translator
from ...i18n.table_text import TableText, seat_name
from .actions import Bank, KeepFaceUp, PlayCard, Steal
from .cards import ASSASSIN, DOCUMENT, MOLE, SPECIAL_AGENT

#: A card's name in a sentence, by kind; a document's takes its value.
CARD_NAMES: Mapping[str, str] = {
    DOCUMENT: N_("document {value}"),
    ASSASSIN: N_("assassin"),
    MOLE: N_("mole"),
    SPECIAL_AGENT: N_("special agent"),
}
#: "play a ..." by kind: the article goes with the noun, which differs by language.
PLAY_LABELS: Mapping[str, str] = {
    DOCUMENT: N_("play a document {value}"),
    ASSASSIN: N_("play an assassin"),
    MOLE: N_("play a mole"),
    SPECIAL_AGENT: N_("play a special agent"),
}
#: Each option's label and help, and its choices' labels, for menus and the lobby.
OPTION_LABELS: Mapping[str, str] = {
    "target": N_("Target score"),
    "single_deal": N_("One deal"),
    "stolen": N_("A mole's loot"),
}
OPTION_HELP: Mapping[str, str] = {
    "target": N_(
        "with single_deal off, deals go on until someone reaches this total "
        "(Rulebook 002 §Manches); 0: this deck's target for the table's size"
    ),
    "single_deal": N_(
        "one deal, the rulebook's game (§Fin de la partie); off: deals to the target"
    ),
    "stolen": N_(
        "where a mole's loot lies: hidden beside the thief's safe (the rulebook's rule) "
        "or face up, where it may pair (its more exciting variant)"
    ),
}
CHOICE_LABELS: Mapping[str, str] = {
    "hidden": N_("hidden beside the safe"),
    "face_up": N_("face up beside the safe"),
}


def card_message(kind: str, value: int) -> tuple[str, dict[str, int]]:
    """A card's name as a message and its parameters, to be translated where it is shown."""
    return CARD_NAMES.get(kind, kind), {"value": value}


def seat_points(points: Sequence[float], tr: Translator) -> str:
    """Each seat's points in words, "seat 1: 70, seat 2: 50", where a list was printed."""
    line = tr.gettext("{player}: {points}")
    return ", ".join(
        line.format(player=seat_name(s, tr), points=f"{p:g}") for s, p in enumerate(points)
    )


class VaultText(TableText):
    """The vault's words for one seat, in that seat's language."""

    option_labels = OPTION_LABELS
    option_helps = OPTION_HELP
    choice_labels = CHOICE_LABELS

    def __init__(self, tr: Translator = ENGLISH) -> None:
        super().__init__(tr)
        #: Each card's name in this language, made once (events name cards for every seat).
        self._card_names: dict[tuple[str, int], str] = {}

    # -- names -------------------------------------------------------------------------
    def card(self, kind: str, value: int = 0) -> str:
        name = self._card_names.get((kind, value))
        if name is None:
            message, params = card_message(kind, value)
            name = self._card_names[kind, value] = self.tr.gettext(message).format(**params)
        return name

    def cards(self, cards: Sequence[Mapping[str, Any]]) -> str:
        names = [self.card(c["kind"], c["value"]) for c in cards]
        return ", ".join(names) or self.tr.gettext("nothing")

    def seat(self, seat: int, me: int | None = None) -> str:
        """A seat as the viewer calls it: "you" for their own; others counted from 1."""
        return self.you_or_seat(seat, me)

    def seats(self, seats: Sequence[int], me: int | None) -> str:
        return ", ".join(self.seat(s, me) for s in seats)

    # -- actions -------------------------------------------------------------------------
    def action(self, action: Action) -> str:
        tr = self.tr
        if isinstance(action, PlayCard):
            return tr.gettext(PLAY_LABELS.get(action.card, action.card)).format(value=action.value)
        if isinstance(action, Steal):
            return tr.gettext("steal the card seat {seat} just played").format(
                seat=action.target + 1
            )
        if isinstance(action, Bank):
            return tr.gettext("bank the face-up card in the safe (x1)")
        if isinstance(action, KeepFaceUp):
            return tr.gettext("keep it face up to build a pair")
        return repr(action)

    def view(self, observation: Mapping[str, Any]) -> Any:
        """The terminal view of one seat's observation (a Rich renderable)."""
        from .render import render_table

        return render_table(observation, self.tr)

    def menu_note(self, actions: Sequence[Action], observation: Mapping[str, Any]) -> str | None:
        """A mole's choice names the card it would steal (Rulebook 002 §Une taupe a été
        jouée: the card that seat has just played, face up for all to see)."""
        if len(actions) != 1 or not isinstance(actions[0], Steal):
            return None
        last = observation.get("last_trick") or {}
        card = last.get("played", {}).get(str(actions[0].target))
        return None if card is None else f"({self.card(card['kind'], card['value'])})"

    # -- options -------------------------------------------------------------------------
    def options(self, options: Mapping[str, object]) -> list[str]:
        """The options in play; the target only when deals go on until someone reaches it
        (Rulebook 002 §Manches): in one deal it decides nothing."""
        if options.get("single_deal"):
            options = {name: value for name, value in options.items() if name != "target"}
        return super().options(options)

    def special_value(self, name: str, value: object) -> str | None:
        if name == "target" and value == 0:
            return self.tr.gettext("the deck's target")
        return None

    # -- events --------------------------------------------------------------------------
    def event(self, event: Event, me: int | None) -> str | None:
        tr, data, kind = self.tr, event.data, event.kind
        if kind == "chosen":
            if data["seat"] == me:
                return None
            return tr.gettext("{player} has chosen").format(player=self.seat(data["seat"], me))
        if kind == "my_choice":
            return None
        if kind == "revealed":
            play = tr.gettext("{player}: {card}")
            plays = "; ".join(
                play.format(player=self.seat(int(s), me), card=self.card(c["kind"], c["value"]))
                for s, c in data["cards"].items()
            )
            return tr.gettext("Trick {trick} revealed: {plays}").format(
                trick=data["trick"], plays=plays
            )
        if kind == "boom":
            shooters = data["assassins"]
            return tr.ngettext(
                "BOOM! An assassin played by {players} destroys {cards}",
                "BOOM! {count} assassins played by {players} destroy {cards}",
                len(shooters),
            ).format(
                count=len(shooters),
                players=self.seats(shooters, me),
                cards=self.cards(data["destroyed"]),
            )
        if kind == "moles_found_nothing":
            return tr.gettext("The moles found nothing to steal")
        if kind == "stolen":
            return self._stolen(data, me)
        if kind == "paired":
            return self.said(
                data["seat"],
                me,
                tr.gettext("You locked a pair on the ×2 side: {cards}"),
                tr.gettext("{player} locked a pair on the ×2 side: {cards}"),
                cards=self.cards(data["cards"]),
            )
        if kind == "banked":
            return self.said(
                data["seat"],
                me,
                tr.gettext("You banked {cards} on the ×1 side"),
                tr.gettext("{player} banked {cards} on the ×1 side"),
                cards=self.cards(data["cards"]),
            )
        if kind == "kept_face_up":
            return self.said(
                data["seat"],
                me,
                tr.gettext("You keep a card face up"),
                tr.gettext("{player} keeps a card face up"),
            )
        if kind == "deal_scored":
            return tr.gettext("Deal {deal} scored {scores}; totals {totals}").format(
                deal=data["deal"],
                scores=seat_points(data["scores"], tr),
                totals=seat_points(data["totals"], tr),
            )
        if kind == "deal_started":
            return tr.gettext("Deal {deal} begins: new hands").format(deal=data["deal"])
        if kind == "game_over":
            winners = data["winners"]
            return tr.ngettext(
                "Game over. Winner: {players}", "Game over. Winners: {players}", len(winners)
            ).format(players=self.seats(winners, me))
        return None

    def _stolen(self, data: Mapping[str, Any], me: int | None) -> str:
        tr = self.tr
        thief, victim = data["thief"], data["victim"]
        if thief == me:
            message = tr.gettext("You stole {card} from {victim}")
        elif victim == me:
            message = tr.gettext("{thief} stole {card} from you")
        else:
            message = tr.gettext("{thief} stole {card} from {victim}")
        line = message.format(
            thief=self.seat(thief, me),
            victim=self.seat(victim, me),
            card=self.card(data["card"]["kind"], data["card"]["value"]),
        )
        if data.get("hidden"):
            line += tr.gettext(", hidden beside the safe")
        # The rulebook's first hand on the card is a seeded draw here, and said so: "too
        # slow" would tell a player on screen that speed counts.
        for slow in data["too_slow"]:
            if slow == me:
                line += tr.gettext(" (you lost the draw for it)")
            else:
                line += tr.gettext(" ({player} lost the draw for it)").format(
                    player=self.seat(slow, me)
                )
        return line
