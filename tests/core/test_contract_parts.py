"""Core pieces: action codec, options, commit-then-reveal steps, events and replay logs."""

from dataclasses import dataclass
from typing import ClassVar

import pytest

from topsecret.core import (
    Action,
    ActionCodec,
    ActionFormatError,
    InvalidOptions,
    OptionSpec,
    ReplayError,
    ReplayLog,
    SimultaneousStep,
    parse_option_texts,
    private,
    public,
    resolve_options,
    visible_events,
)


@dataclass(frozen=True, slots=True)
class Move(Action):
    kind: ClassVar[str] = "move"
    to: int
    carry: bool = False


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


CODEC = ActionCodec([Move, Pass], [Move(0), Move(1), Move(1, True), Pass()])


def test_actions_have_a_stable_json_form_and_id():
    assert Move(1, True).to_json() == {"type": "move", "to": 1, "carry": True}
    assert CODEC.to_id(Move(1, True)) == 2 and CODEC.from_id(3) == Pass()
    assert CODEC.from_json({"type": "move", "to": 1}) == Move(1)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "JSON object"),
        ({"type": "jump"}, "unknown action type"),
        ({"type": "move"}, "needs the field 'to'"),
        ({"type": "move", "to": "north"}, "whole number"),
        ({"type": "move", "to": True}, "whole number"),
        ({"type": "move", "to": 1, "speed": 3}, "unknown fields"),
        ({"type": "move", "to": 1, "carry": "yes"}, "true or false"),
    ],
)
def test_malformed_action_json_is_explained(data, message):
    with pytest.raises(ActionFormatError, match=message):
        CODEC.from_json(data)


def test_ids_outside_the_space_are_refused():
    with pytest.raises(ActionFormatError):
        CODEC.from_id(4)
    with pytest.raises(ActionFormatError):
        CODEC.to_id(Move(7))


SPECS = (
    OptionSpec("target", int, 100, "points to win", minimum=1, maximum=500),
    OptionSpec("fast", bool, False, "quick game"),
    OptionSpec("board", str, "a", "which board", choices=("a", "b")),
)


def test_options_default_validate_and_parse_from_text():
    assert resolve_options(SPECS, None) == {"target": 100, "fast": False, "board": "a"}
    assert parse_option_texts(SPECS, ["target=20", "fast=yes", "board=b"]) == {
        "target": 20,
        "fast": True,
        "board": "b",
    }
    for bad in ({"target": 0}, {"target": "10"}, {"fast": 1}, {"board": "c"}, {"size": 3}):
        with pytest.raises(InvalidOptions):
            resolve_options(SPECS, bad)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"fast": "true"}, "option 'fast' takes a boolean, true or false, not the text 'true'"),
        ({"fast": 1}, "option 'fast' takes true or false, not 1"),
        ({"target": "10"}, "option 'target' takes a whole number, not the text '10'"),
        ({"target": 2.5}, "option 'target' takes a whole number, not 2.5"),
    ],
)
def test_a_value_of_the_wrong_type_is_named_as_what_it_is(given, message):
    """Given options from Python or JSON, when a number or a truth value comes as text, then
    the refusal says it is text: "not 'true'" alone reads like the value asked for."""
    with pytest.raises(InvalidOptions) as refused:
        resolve_options(SPECS, given)
    assert str(refused.value) == message


def test_a_simultaneous_step_hides_choices_until_complete():
    step = SimultaneousStep("bid", [2, 0, 1])
    events = step.commit(1, Pass())
    assert [e.kind for e in events] == ["chosen", "my_choice"]
    assert events[0].audience is None and events[1].audience == frozenset({1})
    assert step.view_for(0)["my_choice"] is None
    assert step.view_for(1)["my_choice"] == {"type": "pass"}
    assert step.waiting() == (0, 2)
    with pytest.raises(ValueError):
        step.reveal()
    with pytest.raises(ValueError):
        step.commit(1, Pass())
    step.commit(0, Move(0))
    step.commit(2, Move(1))
    assert step.reveal() == {0: Move(0), 1: Pass(), 2: Move(1)}


def test_a_search_may_take_a_hidden_choice_back_so_the_seat_chooses_again():
    step = SimultaneousStep("bid", [2, 0, 1])
    step.commit(0, Pass())
    step.commit(2, Move(1))
    step.withdraw(0)
    assert step.waiting() == (0, 1) and not step.has_chosen(0) and step.has_chosen(2)
    step.commit(0, Move(0))
    assert step.waiting() == (1,)
    with pytest.raises(ValueError):
        step.withdraw(1)  # nothing to take back


def test_events_reach_only_their_audience():
    events = [public("a"), private([1], "b"), private([0, 2], "c")]
    assert [e.kind for e in visible_events(events, 1)] == ["a", "b"]
    assert [e.kind for e in visible_events(events, 2)] == ["a", "c"]
    assert [e.kind for e in visible_events(events, None)] == ["a"]


def test_replay_logs_round_trip_and_refuse_bad_fields(tmp_path):
    log = ReplayLog("vault", 2, 5, {"target": 100})
    log.record(0, {"type": "pass"}, time=1.5)
    path = tmp_path / "log.json"
    log.save(path)
    loaded = ReplayLog.load(path)
    assert loaded.to_json() == log.to_json()
    for bad in (
        {"format": "topsecret-replay", "version": 2},
        {
            "format": "topsecret-replay",
            "version": 1,
            "game": 3,
            "players": 2,
            "seed": 1,
            "actions": [],
        },
        {
            "format": "topsecret-replay",
            "version": 1,
            "game": "vault",
            "players": 2,
            "seed": 1,
            "actions": [{"seat": "zero", "action": {}}],
        },
    ):
        with pytest.raises(ReplayError):
            ReplayLog.from_json(bad)


def test_an_option_naming_a_host_file_is_safe_from_afar_only_with_a_listed_value():
    lair = OptionSpec(
        "lair", str, "polar", "board or file", suggestions=("polar", "yacht"), names_file=True
    )
    assert lair.safe_for_remote("polar") and lair.safe_for_remote("yacht")
    assert not lair.safe_for_remote("/etc/passwd")
    assert lair.describe()["suggestions"] == ["polar", "yacht"] and lair.describe()["names_file"]
    # Plain text that is never read as a path is fine from anywhere.
    assert OptionSpec("motto", str, "", "words").safe_for_remote("/etc/passwd")


def test_on_each_clock_tick_the_seat_asked_first_rotates():
    """Real-time play (the server, play_match, the RL adapters, the terminal) asks the seats
    that may act in turn from a first seat that moves on every tick, so no seat always wins
    a race; seats that may not act are left out."""
    from topsecret.core import tick_order

    assert tick_order([0, 1, 2, 3], 0, 4) == (0, 1, 2, 3)
    assert tick_order([0, 1, 2, 3], 1, 4) == (1, 2, 3, 0)
    assert tick_order([3, 0, 2], 6, 4) == (2, 3, 0)
    assert tick_order([], 5, 4) == ()
