"""Text for people: one seat's view of the table, and actions as short sentences."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import Action, Event
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


def location_name(location_id: str) -> str:
    for location in standard_components().locations:
        if location.id == location_id:
            return location.name
    return location_id


def signal_name(signal_id: str) -> str:
    for signal in standard_components().signals:
        if signal.id == signal_id:
            return signal.name
    return signal_id


def agent_name(seat: int) -> str:
    agent = standard_components().agents[seat]
    return f"{agent.name} ({agent.colour})"


def describe_action(action: Action) -> str:
    if isinstance(action, Look):
        return f"look at seat {action.seat}"
    if isinstance(action, LookAtLocation):
        return f"look toward the {location_name(action.location).lower()}"
    if isinstance(action, LookAtCards):
        return "look at your cards"
    if isinstance(action, Wink):
        return "wink at the player you are looking at"
    if isinstance(action, Glance):
        return "glance toward your meeting place"
    if isinstance(action, Accuse):
        return f"catch! seat {action.winker} winked at seat {action.contact}"
    if isinstance(action, Draw):
        return "draw an agent card and a location card"
    if isinstance(action, CompleteMission):
        return f"complete the mission at the {location_name(action.location).lower()}"
    if isinstance(action, Pass):
        parts = [
            name
            for name, chosen in (
                ("agent", action.discard_agent),
                ("location", action.discard_location),
            )
            if chosen
        ]
        return "pass" + (f", replacing your {' and '.join(parts)} card" if parts else "")
    return repr(action)


def describe_gaze(gaze: Mapping[str, Any] | None, whose: str = "their") -> str:
    if gaze is None:
        return "-"
    if gaze["at"] == "seat":
        return f"seat {gaze['seat']}"
    if gaze["at"] == "location":
        return f"the {location_name(gaze['location']).lower()}"
    return f"{whose} cards"


def render_text(observation: Mapping[str, Any]) -> str:
    seat = observation.get("seat")
    lines = [f"Top Secret, the winking game - time {observation['now']:.1f}s"]
    if observation["over"]:
        lines.append(f"Game over: {observation['end_reason']}.")
    phase = "opening round" if observation["opening"] else "mission rounds"
    deadline = observation.get("turn_deadline")
    timer = f", turn ends at {deadline:.1f}s" if deadline is not None else ""
    lines.append(f"Suitcase: seat {observation['holder']} ({phase}{timer})")
    lines.append(
        f"Agent deck {observation['agent_deck']}, location deck {observation['location_deck']}"
    )
    for index, player in enumerate(observation["players"]):
        mark = "*" if index == seat else " "
        lines.append(
            f"{mark} seat {index}: {player['agent']} ({player['colour']}) "
            f"points {player['points']} chips {player['chips']}"
        )
    hand = observation.get("hand")
    if hand is not None:
        agent = "-" if hand["agent"] is None else agent_name(hand["agent"])
        where = "-" if hand["location"] is None else location_name(hand["location"])
        lines.append(f"Your agent card: {agent}; your location card: {where}")
    if "gaze" in observation:
        looking = f"You look at {describe_gaze(observation['gaze'], 'your')}"
        if observation["their_gaze"] is not None:
            looking += f"; they look at {describe_gaze(observation['their_gaze'])}"
        lines.append(looking)
        watched = ", ".join(str(s) for s in observation["watched_by"]) or "nobody"
        lines.append(f"Looking at you: {watched}")
        style = observation.get("signal_style", "wink")
        for signal in observation["signals"][-5:]:
            if signal["signal"] == "glance":
                what = f"glanced at the {location_name(signal['location']).lower()}"
            else:
                what = "winked" if style == "wink" else f"gave the signal ({signal_name(style)})"
            lines.append(
                f"  {signal['time']:.1f}s: seat {signal['seat']} {what} while looking at "
                f"{describe_gaze(signal['looking_at'])}"
            )
    return "\n".join(lines)


def describe_event(event: Event, seat: int | None) -> str | None:
    """One line of table talk for a person at ``seat``."""
    data = event.data
    kind = event.kind
    who = data.get("seat")
    name = "you" if who is not None and who == seat else f"seat {who}"
    if kind == "drew":
        return f"{name} drew a{'n agent' if data['card'] == 'agent' else ' location'} card"
    if kind == "my_agent":
        return f"your new agent card: {agent_name(data['agent'])}"
    if kind == "my_location":
        return f"your new location card: {location_name(data['location'])}"
    if kind == "own_agent_discarded":
        return f"{name} drew their own agent card and discarded it"
    if kind == "suitcase":
        return f"the suitcase is with {name}"
    if kind == "mission":
        outcome = "succeeded" if data["success"] else "failed"
        return (
            f"{name} revealed {agent_name(data['contact'])} and named the "
            f"{location_name(data['location']).lower()}: the mission {outcome}"
        )
    if kind == "pass":
        return f"{name} passed" + (
            " and replaced cards" if data["discard_agent"] or data["discard_location"] else ""
        )
    if kind == "accusation":
        verdict = "right" if data["correct"] else "wrong"
        return (
            f"seat {data['accuser']} caught seat {data['winker']} winking at seat "
            f"{data['contact']}: {agent_name(data['revealed'])} revealed, {verdict}"
        )
    if kind == "gaze":
        return f"{name} now looks at {describe_gaze(data['at'])}"
    if kind == "looked_at":
        return f"seat {who} is looking at you"
    if kind == "look_away":
        return f"seat {who} stopped looking at you"
    if kind in ("saw_signal", "my_signal"):
        what = (
            "winked"
            if data["signal"] == "wink"
            else (f"glanced toward the {location_name(data['location']).lower()}")
        )
        return f"{name} {what} while looking at {describe_gaze(data['looking_at'])}"
    if kind == "my_discard":
        if "agent" in data:
            return f"you discarded {agent_name(data['agent'])}"
        return f"you discarded the {location_name(data['location']).lower()}"
    if kind == "turn_timeout":
        return f"time is up for {name}"
    if kind == "game_over":
        return f"game over ({data['reason']}); scores {data['scores']}"
    if kind == "location_deck_reshuffled":
        return "the discarded location cards were shuffled into a new deck"
    return None
