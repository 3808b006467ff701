"""What a seat can deduce from its own observation.

The honour code makes every signal true: a wink is aimed at the agent on the winker's card,
a glance (or a long look, remembered once seen) shows the location on the glancer's card. A
signal stays true until its sender draws a new card of that kind, which everyone sees (the
card's "epoch" changes).
Bots and determinization use these deductions; both read observations only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def current_signals(observation: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Signals this seat saw whose senders still hold the card the signal was about."""
    players = observation["players"]
    fresh = []
    for signal in observation.get("signals", ()):
        sender = players[signal["seat"]]
        if signal["signal"] == "wink":
            if sender["has_agent_card"] and signal["agent_epoch"] == sender["agent_epoch"]:
                fresh.append(signal)
        elif sender["has_location_card"] and signal["location_epoch"] == sender["location_epoch"]:
            fresh.append(signal)
    return fresh


def known_cards(observation: Mapping[str, Any]) -> tuple[dict[int, int], dict[int, str]]:
    """Agent cards (seat -> agent's seat) and location cards (seat -> location id) known."""
    agents: dict[int, int] = {}
    locations: dict[int, str] = {}
    for signal in current_signals(observation):
        if signal["signal"] == "wink":
            target = signal["looking_at"]
            if target["at"] == "seat":
                agents[signal["seat"]] = target["seat"]
        else:
            locations[signal["seat"]] = signal["location"]
    players = observation["players"]
    for sighting in observation.get("locations_seen", ()):
        sender = players[sighting["seat"]]
        if sender["has_location_card"] and sighting["location_epoch"] == sender["location_epoch"]:
            locations[sighting["seat"]] = sighting["location"]
    gaze = observation.get("gaze")
    theirs = observation.get("their_gaze")
    looking_at_seat = gaze is not None and gaze["at"] == "seat"
    if gaze is not None and looking_at_seat and theirs is not None and theirs["at"] == "location":
        locations[gaze["seat"]] = theirs["location"]
    return agents, locations


def ruled_out_locations(observation: Mapping[str, Any]) -> dict[int, set[str]]:
    """Locations a seat said "no" to in a failed mission and cannot hold while that card lasts.

    A failed mission is public (§Mission fehlgeschlagen): the contact keeps their location card
    hidden, but everyone learns it is not the location that was named.
    """
    players = observation["players"]
    ruled_out: dict[int, set[str]] = {}
    for refuted in observation.get("refuted", ()):
        contact = refuted["contact"]
        if refuted["location_epoch"] == players[contact]["location_epoch"]:
            ruled_out.setdefault(contact, set()).add(refuted["location"])
    return ruled_out
