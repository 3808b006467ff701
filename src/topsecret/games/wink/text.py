"""What a player of the winking game reads, in their language: action labels, event
sentences, the terminal view, option labels and help.

Every message is English in the source and translated through the seat's
:class:`~topsecret.i18n.Translator`. The names of things follow the rulebook (Rulebook 001,
printed in German, French and Italian): Agentenkarte / carte agent / carta agente,
Ortskarte / carte lieu / carta luogo, Koffer / valise / valigia, Beobachtungschips / jetons
observation / binocoli, and the call "Ertappt!" / "Surpris !" / "Scoperto!" for catching a
wink. Seats are counted from 1, as players count them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import Action, Event
from ...i18n import ENGLISH, N_, Translator
from ...i18n.table_text import TableText
from .actions import (
    Accuse,
    CompleteMission,
    Draw,
    Glance,
    Look,
    LookAtCards,
    LookAtLocation,
    Pass,
    Wink,
)
from .components import standard_components

#: The names in the components file (``components.toml``), marked here so that the catalogues
#: hold them: the four locations as their cards call them, the agents' colours and the
#: signals a table may agree on (§Alternative Signale). A test checks that every name in the
#: file is one of these.
LOCATION_NAMES: tuple[str, ...] = (
    N_("Street café"),
    N_("Metro station"),
    N_("Kiosk"),
    N_("Fountain"),
)
COLOURS: tuple[str, ...] = (
    N_("red"),
    N_("green"),
    N_("purple"),
    N_("blue"),
    N_("yellow"),
    N_("orange"),
    N_("black"),
    N_("white"),
)
SIGNAL_NAMES: tuple[str, ...] = (
    N_("wink"),
    N_("blink"),
    N_("raised eyebrows"),
    N_("nod"),
)
#: A location inside a sentence ("look toward the fountain"), by location id: the article
#: and case go with the noun, which differs by language.
PLACES: Mapping[str, str] = {
    "street_cafe": N_("the street café"),
    "metro_station": N_("the metro station"),
    "kiosk": N_("the kiosk"),
    "fountain": N_("the fountain"),
}
#: Why a game ended (the state's ``end_reason``, §Spielende).
END_REASONS: tuple[str, ...] = (
    N_("an agent card could not be drawn"),
    N_("a location card could not be drawn"),
)
#: Each option's label and help, and its choices' labels, for menus and the lobby.
OPTION_LABELS: Mapping[str, str] = {
    "mode": N_("Mode"),
    "signal": N_("Signal"),
    "first_game": N_("First game"),
    "agent_cards": N_("Agent cards"),
    "turn_seconds": N_("Seconds per turn"),
    "look_ms": N_("Time to look (ms)"),
    "notice_ms": N_("Time to notice a look (ms)"),
}
OPTION_HELP: Mapping[str, str] = {
    "mode": N_(
        "signals: winks and glances on screen; companion: no signals, for one table "
        "or a video call (the app deals, keeps the suitcase, checks missions)"
    ),
    "signal": N_(
        "the signal the table agreed on (rulebook: a wink, or a blink, raised eyebrows "
        "or a nod for a player who cannot wink); on screen they all work the same"
    ),
    "first_game": N_("remove 2 agent cards per player unseen, as recommended for a first game"),
    "agent_cards": N_(
        "agent cards in the deck for a shorter or longer game (0: all 7 of each agent "
        "in play; at least {minimum} per player); the rest are removed unseen"
    ),
    "turn_seconds": N_(
        "seconds the suitcase holder has for a turn before passing by default (0: none)"
    ),
    "look_ms": N_(
        "how long turning one's eyes to a player or a location takes, in milliseconds: "
        "until then the new sight is not seen, and a wink needs it"
    ),
    "notice_ms": N_(
        "how long after a look at a player arrives that player notices it, in milliseconds"
    ),
}
CHOICE_LABELS: Mapping[str, str] = {
    "signals": N_("signals on screen"),
    "companion": N_("companion (no signals on screen)"),
}


def option_help(name: str, tr: Translator = ENGLISH) -> str:
    """An option's help in ``tr``'s language, its numbers filled in."""
    if name not in OPTION_HELP:
        return ""
    minimum = standard_components().min_agent_cards_per_player
    return tr.gettext(OPTION_HELP[name]).format(minimum=minimum)


def location_name(location_id: str, tr: Translator = ENGLISH) -> str:
    """A location as its card names it ("Fountain")."""
    for location in standard_components().locations:
        if location.id == location_id:
            return tr.gettext(location.name)
    return location_id


def signal_name(signal_id: str, tr: Translator = ENGLISH) -> str:
    for signal in standard_components().signals:
        if signal.id == signal_id:
            return tr.gettext(signal.name)
    return signal_id


def agent_name(agent: int, tr: Translator = ENGLISH) -> str:
    """An agent card: the agent's name and colour, "Absinthe (green)"."""
    card = standard_components().agents[agent]
    return tr.gettext("{agent} ({colour})").format(agent=card.name, colour=tr.gettext(card.colour))


class WinkText(TableText):
    """The winking game's words for one seat, in that seat's language."""

    option_labels = OPTION_LABELS
    option_helps = OPTION_HELP
    choice_labels = CHOICE_LABELS

    # -- names -------------------------------------------------------------------------
    def place(self, location_id: str) -> str:
        """A location inside a sentence ("the fountain")."""
        if location_id in PLACES:
            return self.tr.gettext(PLACES[location_id])
        return location_id

    def agent(self, agent: int | None) -> str:
        return "-" if agent is None else agent_name(agent, self.tr)

    def sight(self, gaze: Mapping[str, Any] | None, me: int | None, own: bool) -> str:
        """What a player looks at, as the object of a sentence."""
        tr = self.tr
        if gaze is None:
            return "-"
        if gaze["at"] == "seat":
            return self.seat_marked(gaze["seat"], me)
        if gaze["at"] == "location":
            return self.place(gaze["location"])
        return tr.gettext("your cards") if own else tr.gettext("their cards")

    # -- actions -------------------------------------------------------------------------
    def action(self, action: Action) -> str:
        tr = self.tr
        if isinstance(action, Look):
            return tr.gettext("look at {player}").format(player=self.seat(action.seat))
        if isinstance(action, LookAtLocation):
            return tr.gettext("look toward {place}").format(place=self.place(action.location))
        if isinstance(action, LookAtCards):
            return tr.gettext("look at your cards")
        if isinstance(action, Wink):
            return tr.gettext("wink at the player you are looking at")
        if isinstance(action, Glance):
            return tr.gettext("glance toward your meeting place")
        if isinstance(action, Accuse):
            return tr.gettext("Caught! {winker} winked at {contact}").format(
                winker=self.seat(action.winker), contact=self.seat(action.contact)
            )
        if isinstance(action, Draw):
            return tr.gettext("draw an agent card and a location card")
        if isinstance(action, CompleteMission):
            return tr.gettext("complete the mission at {place}").format(
                place=self.place(action.location)
            )
        if isinstance(action, Pass):
            if action.discard_agent and action.discard_location:
                return tr.gettext("pass, replacing your agent and location cards")
            if action.discard_agent:
                return tr.gettext("pass, replacing your agent card")
            if action.discard_location:
                return tr.gettext("pass, replacing your location card")
            return tr.gettext("pass")
        return repr(action)

    # -- options -------------------------------------------------------------------------
    def option_help(self, name: str) -> str:
        return option_help(name, self.tr)

    def special_value(self, name: str, value: object) -> str | None:
        tr = self.tr
        if name == "signal" and isinstance(value, str):
            return signal_name(value, tr)
        if name == "agent_cards" and value == 0:
            return tr.gettext("all")
        if name == "turn_seconds" and value == 0:
            return tr.gettext("no limit")
        return None

    # -- the table -----------------------------------------------------------------------
    def view(self, observation: Mapping[str, Any]) -> str:
        """One seat's view of the table (plain text)."""
        tr, obs = self.tr, observation
        me = obs.get("seat")
        lines = [
            tr.gettext("Top Secret, the winking game - time {time} s").format(
                time=f"{obs['now']:.1f}"
            )
        ]
        if obs["over"]:
            ended: str | None = obs["end_reason"]
            reason = tr.gettext(ended) if ended else "-"
            lines.append(tr.gettext("Game over: {reason}.").format(reason=reason))
        phase = tr.gettext("opening round") if obs["opening"] else tr.gettext("mission rounds")
        deadline = obs.get("turn_deadline")
        if deadline is not None:
            suitcase = tr.gettext("Suitcase: {player} ({phase}, turn ends at {time} s)")
        else:
            suitcase = tr.gettext("Suitcase: {player} ({phase})")
        lines.append(
            suitcase.format(
                player=self.seat_marked(obs["holder"], me),
                phase=phase,
                time=f"{deadline:.1f}" if deadline is not None else "",
            )
        )
        lines.append(
            tr.gettext("Agent deck {agents}, location deck {locations}").format(
                agents=obs["agent_deck"], locations=obs["location_deck"]
            )
        )
        for index, player in enumerate(obs["players"]):
            mark = "*" if index == me else " "
            colour: str = player["colour"]
            row = tr.gettext("{player}: {agent} ({colour}), points {points}, chips {chips}")
            lines.append(
                f"{mark} "
                + row.format(
                    player=self.seat(index),
                    agent=player["agent"],
                    colour=tr.gettext(colour),
                    points=player["points"],
                    chips=player["chips"],
                )
            )
        hand = obs.get("hand")
        if hand is not None:
            where = "-" if hand["location"] is None else location_name(hand["location"], tr)
            lines.append(
                tr.gettext("Your agent card: {agent}; your location card: {location}").format(
                    agent=self.agent(hand["agent"]), location=where
                )
            )
        if "gaze" in obs:
            lines.extend(self._eyes(obs, me))
        return "\n".join(lines)

    def _eyes(self, obs: Mapping[str, Any], me: int | None) -> list[str]:
        tr = self.tr
        sight = self.sight(obs["gaze"], me, own=True)
        if obs.get("gaze_arrived", True):
            looking = tr.gettext("You look at {sight}").format(sight=sight)
        else:
            looking = tr.gettext("You are turning to look at {sight}").format(sight=sight)
        if obs["their_gaze"] is not None:
            looking += tr.gettext("; they look at {sight}").format(
                sight=self.sight(obs["their_gaze"], me, own=False)
            )
        lines = [
            looking,
            tr.gettext("Looking at you: {players}").format(
                players=self.seats_marked(obs["watched_by"], me)
            ),
        ]
        style = obs.get("signal_style", "wink")
        for signal in obs["signals"][-5:]:
            params = {
                "time": f"{signal['time']:.1f}",
                "player": self.seat_marked(signal["seat"], me),
                "sight": self.sight(signal["looking_at"], me, own=False),
            }
            if signal["signal"] == "glance":
                line = tr.gettext("{time} s: {player} glanced at {place} while looking at {sight}")
                params["place"] = self.place(signal["location"])
            elif style == "wink":
                line = tr.gettext("{time} s: {player} winked while looking at {sight}")
            else:
                line = tr.gettext(
                    "{time} s: {player} gave the signal ({signal}) while looking at {sight}"
                )
                params["signal"] = signal_name(style, tr)
            lines.append("  " + line.format(**params))
        return lines

    # -- events --------------------------------------------------------------------------
    def event(self, event: Event, me: int | None) -> str | None:
        """One line of table talk for a person at ``me``."""
        tr, data, kind = self.tr, event.data, event.kind
        who: Any = data.get("seat")
        mine = who is not None and who == me
        player = self.seat_marked(who, me) if who is not None else ""
        if kind == "drew":
            if data["card"] == "agent":
                return self.said(
                    who,
                    me,
                    tr.gettext("You drew an agent card"),
                    tr.gettext("{player} drew an agent card"),
                )
            return self.said(
                who,
                me,
                tr.gettext("You drew a location card"),
                tr.gettext("{player} drew a location card"),
            )
        if kind == "my_agent":
            return tr.gettext("Your new agent card: {agent}").format(
                agent=self.agent(data["agent"])
            )
        if kind == "my_location":
            return tr.gettext("Your new location card: {location}").format(
                location=location_name(data["location"], tr)
            )
        if kind == "own_agent_discarded":
            return self.said(
                who,
                me,
                tr.gettext("You drew your own agent card and discarded it"),
                tr.gettext("{player} drew their own agent card and discarded it"),
            )
        if kind == "suitcase":
            return self.said(
                who,
                me,
                tr.gettext("The suitcase is in front of you"),
                tr.gettext("The suitcase is in front of {player}"),
            )
        if kind == "mission":
            outcome = (
                tr.gettext("mission accomplished")
                if data["success"]
                else tr.gettext("mission failed")
            )
            return self.said(
                who,
                me,
                tr.gettext("You revealed {agent} and named {place}: {outcome}"),
                tr.gettext("{player} revealed {agent} and named {place}: {outcome}"),
                agent=self.agent(data["contact"]),
                place=self.place(data["location"]),
                outcome=outcome,
            )
        if kind == "pass":
            replaced = data["discard_agent"] or data["discard_location"]
            if replaced:
                return self.said(
                    who,
                    me,
                    tr.gettext("You passed and replaced cards"),
                    tr.gettext("{player} passed and replaced cards"),
                )
            return self.said(who, me, tr.gettext("You passed"), tr.gettext("{player} passed"))
        if kind == "accusation":
            verdict = (
                tr.gettext("the accusation was right")
                if data["correct"]
                else tr.gettext("the accusation was wrong")
            )
            # The accuser's call, as the rulebook has it shouted, then what the card showed:
            # a wrong accusation must not read as a catch.
            return tr.gettext(
                "{accuser} called “Caught! {winker} winked at {contact}”. "
                "Revealed: {agent}; {verdict}"
            ).format(
                accuser=self.seat_marked(data["accuser"], me),
                winker=self.seat_marked(data["winker"], me),
                contact=self.seat_marked(data["contact"], me),
                agent=self.agent(data["revealed"]),
                verdict=verdict,
            )
        if kind == "gaze":
            sight = self.sight(data["at"], me, own=mine)
            return self.said(
                who,
                me,
                tr.gettext("You turn to look at {sight}"),
                tr.gettext("{player} turns to look at {sight}"),
                sight=sight,
            )
        if kind == "gaze_arrived":
            return tr.gettext("Your eyes are now on {sight}").format(
                sight=self.sight(data["at"], me, own=True)
            )
        if kind == "looked_at":
            return tr.gettext("{player} is looking at you").format(player=player)
        if kind == "look_away":
            return tr.gettext("{player} stopped looking at you").format(player=player)
        if kind in ("saw_signal", "my_signal"):
            return self._signal(data, me, mine)
        if kind == "my_discard":
            if "agent" in data:
                return tr.gettext("You discarded {agent}").format(agent=self.agent(data["agent"]))
            return tr.gettext("You discarded the location card {location}").format(
                location=location_name(data["location"], tr)
            )
        if kind == "turn_timeout":
            return self.said(
                who, me, tr.gettext("Your time is up"), tr.gettext("Time is up for {player}")
            )
        if kind == "game_over":
            reason: str = data["reason"]
            scores = ", ".join(
                # Scores are numbers of points: 2, not 2.0.
                tr.gettext("{player}: {points}").format(
                    player=self.seat_marked(s, me), points=f"{points:g}"
                )
                for s, points in enumerate(data["scores"])
            )
            winners: list[int] | None = data.get("winners")
            if not winners:  # logs written before the event named them
                return tr.gettext("Game over ({reason}). Points: {scores}").format(
                    reason=tr.gettext(reason), scores=scores
                )
            return tr.ngettext(
                "Game over ({reason}). Points: {scores}. Winner: {players}",
                "Game over ({reason}). Points: {scores}. Winners: {players}",
                len(winners),
            ).format(
                reason=tr.gettext(reason),
                scores=scores,
                players=self.seats_marked(winners, me),
            )
        if kind == "location_deck_reshuffled":
            if data.get("scored"):
                return tr.gettext(
                    "The location deck is empty: the discarded location cards and those under "
                    "the agent boards were shuffled into a new deck (the points are kept)"
                )
            return tr.gettext("The discarded location cards were shuffled into a new deck")
        return None

    def _signal(self, data: Mapping[str, Any], me: int | None, mine: bool) -> str:
        tr = self.tr
        sight = self.sight(data["looking_at"], me, own=mine)
        if data["signal"] == "wink":
            return self.said(
                data["seat"],
                me,
                tr.gettext("You winked while looking at {sight}"),
                tr.gettext("{player} winked while looking at {sight}"),
                sight=sight,
            )
        return self.said(
            data["seat"],
            me,
            tr.gettext("You glanced toward {place} while looking at {sight}"),
            tr.gettext("{player} glanced toward {place} while looking at {sight}"),
            place=self.place(data["location"]),
            sight=sight,
        )
