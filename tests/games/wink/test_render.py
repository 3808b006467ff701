"""Text for people: the terminal view and action sentences."""

from __future__ import annotations

from topsecret.games.wink import GAME
from topsecret.games.wink.actions import Wink, action_space

from .tables import JAN, JULIA, TOM, table


def test_every_action_has_a_sentence() -> None:
    sentences = [
        GAME.describe_action(a)
        for a in action_space(5, ("street_cafe", "metro_station", "kiosk", "fountain"))
    ]
    assert all(sentence and not sentence.startswith(("Look(", "Pass(")) for sentence in sentences)
    assert "complete the mission at the fountain" in sentences
    assert "pass, replacing your agent and location card" in sentences


def test_the_view_shows_hand_gaze_and_signals_seen() -> None:
    state = table(
        agents=[JAN, TOM, JULIA, JULIA],
        locations=["fountain", "kiosk", "kiosk", "kiosk"],
        gaze=[JAN, JULIA, None, None],
        now=3.0,
    )
    state.apply(JULIA, Wink())
    text = GAME.render_text(state.observation(JAN))
    assert "Your agent card: Absinthe (green)" not in text  # Jan holds Tom's card
    assert "Your agent card: Lavande (purple); your location card: Kiosk" in text
    assert "Looking at you: 0" in text
    assert "3.0s: seat 0 winked while looking at seat 1" in text
    assert "hand" not in GAME.render_text(state.observation(None)).lower()
