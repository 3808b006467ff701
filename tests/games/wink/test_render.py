"""Text for people: the terminal view and action sentences."""

from __future__ import annotations

from topsecret.games.wink import GAME, WinkState
from topsecret.games.wink.actions import Wink, action_space

from .tables import JAN, JULIA, TOM, table


def test_every_action_has_a_sentence() -> None:
    sentences = [
        GAME.describe_action(a)
        for a in action_space(5, ("street_cafe", "metro_station", "kiosk", "fountain"))
    ]
    assert all(sentence and not sentence.startswith(("Look(", "Pass(")) for sentence in sentences)
    assert "complete the mission at the fountain" in sentences
    assert "pass, replacing your agent and location cards" in sentences


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
    # Seats are shown counted from 1: Julia (seat index 0) is seat 1.
    assert "Looking at you: seat 1" in text
    assert "3.0 s: seat 1 winked while looking at seat 2 (you)" in text
    assert "hand" not in GAME.render_text(state.observation(None)).lower()


def test_the_table_may_agree_on_another_signal() -> None:
    """Rulebook 001 §Alternative Signale: the agreed signal is shown by its name."""
    state = GAME.new_state(4, {"signal": "nod"}, seed=1)
    assert state.observation(0)["signal_style"] == "nod"
    assert isinstance(state, WinkState)
    state.seen[1].append(
        {
            "signal": "wink",
            "seat": 0,
            "time": 1.0,
            "looking_at": {"at": "seat", "seat": 2},
            "agent_epoch": 0,
        }
    )
    assert "seat 1 gave the signal (nod) while looking at seat 3" in GAME.render_text(
        state.observation(1)
    )


def test_every_event_of_a_game_reads_as_a_sentence() -> None:
    from topsecret.arena import play_match

    result = play_match(
        GAME, 5, ["heuristic"] * 4 + ["random"], seed=4, options={"turn_seconds": 3}
    )
    state = GAME.new_state(5, {"turn_seconds": 3}, seed=4)
    codec = GAME.codec(5)
    kinds = set()
    for entry in result.log.actions:
        assert entry.time is not None
        events = state.advance_time(entry.time)
        events += state.apply(entry.seat, codec.from_json(entry.action))
        for event in events:
            kinds.add(event.kind)
            for seat in (None, *range(5)):
                if event.visible_to(seat):
                    line = GAME.describe_event(event, seat)
                    assert line and "{" not in line, (event, line)
    assert {"mission", "accusation", "saw_signal", "gaze", "game_over"} <= kinds
