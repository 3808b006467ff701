"""What every game's words share: seats named as players count them, sentences in the
reader's own person or a seat's, option lines for menus and the lobby, rule citations.

Each game's text module (``games/<game>/text.py``) extends :class:`TableText` with its own
actions, events and view, so that a seat is "seat 2" and an option reads "Label: value" the
same way, in every language, at every table. (The module is not called ``game_text``: that
name is :func:`topsecret.i18n.game_text`, which picks a game's words for a seat.)

>>> from topsecret.i18n import translator
>>> words = TableText(translator("fr"))
>>> words.seat(0), words.you_or_seat(0, 0)
('joueur 1', 'vous')
>>> sentence("élan")
'Élan'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.errors import IllegalAction
from . import ENGLISH, Translator

if TYPE_CHECKING:
    from ..core import Action


def seat_name(seat: int, tr: Translator = ENGLISH) -> str:
    """A seat as players count them, from 1 ("seat 1" is the engine's seat 0)."""
    return tr.gettext("seat {seat}").format(seat=seat + 1)


def sentence(text: str) -> str:
    """A log line starts with a capital, whatever word the language puts first."""
    return text[:1].upper() + text[1:]


def rule_text(rule: str, tr: Translator = ENGLISH) -> str:
    """A rule citation (a marked message such as "Rulebook 004 §Setup") in ``tr``'s language."""
    return tr.gettext(rule)


def illegal(template: str, rule: str, **params: object) -> IllegalAction:
    """An illegal action's reason as a catalogue message (marked ``N_`` where it is written),
    shown in each player's language by :func:`topsecret.i18n.error_text`."""
    return IllegalAction(template.format(**params), rule, template=template, params=params)


class TableText:
    """A game's words for one seat, in that seat's language: the part all games share.

    A game names its options' labels, help and choices in the class attributes below (marked
    messages) and words its own values in :meth:`special_value`.
    """

    #: An option's label and help by option name; a choice's label by the choice's value.
    option_labels: ClassVar[Mapping[str, str]] = {}
    option_helps: ClassVar[Mapping[str, str]] = {}
    choice_labels: ClassVar[Mapping[str, str]] = {}

    def __init__(self, tr: Translator = ENGLISH) -> None:
        self.tr = tr
        #: Each seat's name in this language, made once: a server words every event for
        #: every seat that sees it, and most sentences name a seat or several.
        self._seat_names: dict[int, str] = {}

    # -- seats -------------------------------------------------------------------------
    def seat(self, seat: int) -> str:
        """A seat as players count them, from 1."""
        return self._seat_name(seat)

    def _seat_name(self, seat: int) -> str:
        name = self._seat_names.get(seat)
        if name is None:
            name = self._seat_names[seat] = seat_name(seat, self.tr)
        return name

    def you_or_seat(self, seat: int, viewer: int | None) -> str:
        """A seat as the viewer calls it: "you" for their own."""
        if seat == viewer:
            return self.tr.gettext("you")
        return self._seat_name(seat)

    def seat_marked(self, seat: int, viewer: int | None) -> str:
        """A seat in the third person; the viewer's own is marked "(you)"."""
        if seat == viewer:
            return self.tr.gettext("seat {seat} (you)").format(seat=seat + 1)
        return self._seat_name(seat)

    def seats_marked(self, seats: Sequence[int], viewer: int | None) -> str:
        """Seats as :meth:`seat_marked` names them, or "nobody"."""
        return ", ".join(self.seat_marked(s, viewer) for s in seats) or self.tr.gettext("nobody")

    def said(self, seat: int, viewer: int | None, mine: str, theirs: str, **params: Any) -> str:
        """A sentence (translated messages) in the viewer's own person ("You pass") or a
        seat's ("seat 2 passes", ``{player}`` in ``theirs``)."""
        if seat == viewer:
            return mine.format(**params)
        return theirs.format(player=self._seat_name(seat), **params)

    def told(self, seat: int, viewer: int | None, sentences: tuple[str, str], **params: Any) -> str:
        """:meth:`said` with its two sentences as marked messages (``N_``), translated here:
        a game keeps them in a table by event kind."""
        mine, theirs = sentences
        return self.said(seat, viewer, self.tr.gettext(mine), self.tr.gettext(theirs), **params)

    # -- actions -----------------------------------------------------------------------
    def action(self, action: Action) -> str:
        return repr(action)

    def action_groups(self, actions: Sequence[Action]) -> list[tuple[str, list[Action]]]:
        """A menu heading per action, its own label."""
        return [(self.action(action), [action]) for action in actions]

    def menu_numbers(self, actions: Sequence[Action]) -> list[int] | None:
        """The numbers a person types to pick each of one group's actions in a terminal, when
        the game has better ones than 1, 2, ... (an amount, say); ``None`` for those."""
        return None

    def menu_note(self, actions: Sequence[Action], observation: Mapping[str, Any]) -> str | None:
        """A note after a terminal menu entry for ``actions`` (one move, or a group), from the
        seat's ``observation``: what it costs, say, as the browser shows it on the board."""
        return None

    # -- options -----------------------------------------------------------------------
    def option_label(self, name: str) -> str:
        labels = self.option_labels
        return self.tr.gettext(labels[name]) if name in labels else name

    def option_help(self, name: str) -> str:
        helps = self.option_helps
        return self.tr.gettext(helps[name]) if name in helps else ""

    def special_value(self, name: str, value: object) -> str | None:
        """A value the game words its own way (``None``: no special word)."""
        return None

    def option_value(self, name: str, value: object) -> str:
        """A yes/no switch, then the game's own words, a choice's label, else as it is."""
        tr = self.tr
        if isinstance(value, bool):
            return tr.gettext("yes") if value else tr.gettext("no")
        special = self.special_value(name, value)
        if special is not None:
            return special
        if isinstance(value, str) and value in self.choice_labels:
            return tr.gettext(self.choice_labels[value])
        return str(value)

    def options(self, options: Mapping[str, object]) -> list[str]:
        """The options in play, one "label: value" line each."""
        line = self.tr.gettext("{option}: {value}")
        return [
            line.format(option=self.option_label(name), value=self.option_value(name, value))
            for name, value in options.items()
        ]


__all__ = ["TableText", "illegal", "rule_text", "seat_name", "sentence"]
