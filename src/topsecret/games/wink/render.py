"""Text for people: one seat's view of the table, and actions as short sentences, in the
seat's language (English unless a translator is given). The words live in :mod:`.text`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import Action, Event
from ...i18n import ENGLISH, Translator
from .text import WinkText, agent_name, location_name, signal_name


def describe_action(action: Action, tr: Translator = ENGLISH) -> str:
    return WinkText(tr).action(action)


def describe_event(event: Event, seat: int | None, tr: Translator = ENGLISH) -> str | None:
    """One line of table talk for a person at ``seat``."""
    return WinkText(tr).event(event, seat)


def render_text(observation: Mapping[str, Any], tr: Translator = ENGLISH) -> str:
    return WinkText(tr).view(observation)


__all__ = [
    "agent_name",
    "describe_action",
    "describe_event",
    "location_name",
    "render_text",
    "signal_name",
]
