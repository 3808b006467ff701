"""The winking game's observation as a fixed-size tensor, for learning agents.

Seats are *relative* to the observing seat: position 0 is "me", then the others in turn
order (the suitcase moves left, to the next seat number), so a policy learned at one seat
plays at any other. Agent cards name seats too, so they are relative in the same way.
Locations follow the components' order (street café, metro station, kiosk, fountain).

Everything is computed from the seat's observation dict alone, through the same deductions
the bots use (:mod:`.knowledge`), so the tensor can hold nothing the seat may not know.
Every value lies in ``[0, 1]``: counts are divided by a documented maximum and times by a
documented cap, then clipped. docs/games/wink.md, "Observation tensor", has the table.

Example::

    from topsecret.games.wink import GAME
    from topsecret.games.wink.tensor import encode, layout

    state = GAME.new_state(5, seed=1)
    values = encode(state.observation(2), 5)
    layout(5).split(values)["holder"]   # [0.0, 0.0, 0.0, 1.0, 0.0]: seat 0 is 3 to my left
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.tensors import TensorLayout, TensorSlice
from .components import standard_components
from .knowledge import current_signals, known_cards, ruled_out_locations

_COMPONENTS = standard_components()
#: Locations in the standard components; a custom file with another number changes the size.
LOCATIONS = len(_COMPONENTS.location_ids)
#: Ages of signals and the time spent on the current turn saturate here (seconds): a wink
#: half a minute old is as good as forgotten at a real-time table.
TIME_CAP = 30.0
#: The game clock saturates at the rulebook's playing time, 20 minutes.
CLOCK_CAP = 1200.0
#: Points are clipped here; winners of the measured bot tables average about 10.
POINTS_CAP = 30.0
AGENT_CARDS_PER_AGENT = _COMPONENTS.agent_cards_per_agent
LOCATION_CARDS = sum(location.cards for location in _COMPONENTS.locations)
LOCATION_CARDS_EACH = max(location.cards for location in _COMPONENTS.locations)
CHIPS = _COMPONENTS.observation_chips

PHASES = ("opening", "missions", "over")
STATS = ("missions", "failed_missions", "catches", "false_accusations")


def layout(players: int, locations: int = LOCATIONS) -> TensorLayout:
    """The named slices for a table of ``players``; size ``n² + 19n + 28`` with 4 locations."""
    n, m = players, locations
    where = n + m + 1
    agent_cards = AGENT_CARDS_PER_AGENT * n
    return TensorLayout(
        (
            TensorSlice("phase", len(PHASES), "one-hot: opening round, mission rounds, over"),
            TensorSlice("companion", 1, "1 in companion mode (no on-screen signals)"),
            TensorSlice("holder", n, "suitcase holder, one-hot by relative seat (0: me)"),
            TensorSlice("turn_elapsed", 1, f"seconds since the turn began / {TIME_CAP:g}"),
            TensorSlice("turn_timer", 2, "[1 if a turn timer runs, share of the turn's time left]"),
            TensorSlice("clock", 1, f"game clock in seconds / {CLOCK_CAP:g}"),
            TensorSlice("my_agent", n, "my agent card: the contact's relative seat, one-hot"),
            TensorSlice("my_location", m, "my location card, one-hot by location"),
            TensorSlice("my_winked", 1, "1 if I winked with my current agent card"),
            TensorSlice(
                "my_gaze",
                where,
                "where I look, one-hot: relative seat (n), location (m), my cards (1)",
            ),
            TensorSlice("watched_by", n, "relative seats looking at me now"),
            TensorSlice(
                "their_gaze",
                where,
                "where the seat I look at looks, as my_gaze (seat 0: at me); 0 if none",
            ),
            TensorSlice("points", n, f"points by relative seat / {POINTS_CAP:g}"),
            TensorSlice("chips", n, f"observation chips by relative seat / {CHIPS}"),
            TensorSlice("has_agent_card", n, "1 if that relative seat holds an agent card"),
            TensorSlice("has_location_card", n, "1 if that relative seat holds a location card"),
            TensorSlice(
                "known_agent",
                (n - 1) * n,
                "per other seat (rows 1..n-1): its agent card's relative seat, one-hot, "
                "when a wink I saw still tells it",
            ),
            TensorSlice(
                "known_location",
                (n - 1) * m,
                "per other seat: its location card, one-hot, when a glance or look I saw "
                "still tells it",
            ),
            TensorSlice(
                "ruled_out",
                (n - 1) * m,
                "per other seat: locations it said no to in a failed mission, current card",
            ),
            TensorSlice(
                "wink_age",
                n,
                f"per relative seat: seconds since the last still-true wink I saw / {TIME_CAP:g}"
                " (1: none)",
            ),
            TensorSlice(
                "glance_age",
                n,
                f"per relative seat: seconds since the last still-true glance I saw / "
                f"{TIME_CAP:g} (1: none)",
            ),
            TensorSlice(
                "decks",
                5,
                f"agent deck / {agent_cards}, location deck / {LOCATION_CARDS}, agent discard "
                f"/ {agent_cards}, location discard / {LOCATION_CARDS}, removed / {agent_cards}",
            ),
            TensorSlice(
                "agent_discard_seen",
                n,
                f"agent discards I can see, by the card's relative seat / {AGENT_CARDS_PER_AGENT}",
            ),
            TensorSlice(
                "location_discard_seen",
                m,
                f"location discards I can see, by location / {LOCATION_CARDS_EACH}",
            ),
            TensorSlice(
                "stats",
                len(STATS),
                f"missions, failed missions, catches, false accusations / {agent_cards}",
            ),
        )
    )


def _unit(value: float) -> float:
    return min(1.0, max(0.0, float(value)))


def _age(now: float, then: float | None) -> float:
    """1 when nothing happened (as old as the cap), else how long ago, scaled."""
    return 1.0 if then is None else _unit((now - then) / TIME_CAP)


def encode(observation: Mapping[str, Any], players: int) -> list[float]:
    """A seat's observation as the flat tensor :func:`layout` describes."""
    me = observation.get("seat")
    if not isinstance(me, int):
        raise ValueError("the observation tensor is for a seat, not a spectator")
    table = observation["players"]
    if len(table) != players:
        raise ValueError(f"observation is of {len(table)} players, not {players}")
    ids: list[str] = list(observation["locations"])
    n, m = players, len(ids)
    now = float(observation["now"])
    agent_cards = AGENT_CARDS_PER_AGENT * n

    def rel(seat: int) -> int:
        return (seat - me) % n

    def one_hot(size: int, index: int | None) -> list[float]:
        out = [0.0] * size
        if index is not None:
            out[index] = 1.0
        return out

    def where(gaze: Mapping[str, Any] | None) -> list[float]:
        out = [0.0] * (n + m + 1)
        if gaze is None:
            return out
        if gaze["at"] == "seat":
            out[rel(gaze["seat"])] = 1.0
        elif gaze["at"] == "location":
            out[n + ids.index(gaze["location"])] = 1.0
        else:
            out[n + m] = 1.0
        return out

    def by_seat(values: list[float]) -> list[float]:
        return [values[(me + k) % n] for k in range(n)]

    others = [(me + k) % n for k in range(1, n)]
    out: list[float] = []

    phase = 2 if observation["over"] else 0 if observation["opening"] else 1
    out += one_hot(len(PHASES), phase)
    out.append(1.0 if observation["mode"] == "companion" else 0.0)
    out += one_hot(n, rel(observation["holder"]))
    started = float(observation["turn_started"])
    out.append(_unit((now - started) / TIME_CAP))
    deadline = observation["turn_deadline"]
    if deadline is None or deadline <= started:
        out += [0.0, 0.0]
    else:
        out += [1.0, _unit((deadline - now) / (deadline - started))]
    out.append(_unit(now / CLOCK_CAP))

    hand = observation["hand"]
    out += one_hot(n, None if hand["agent"] is None else rel(hand["agent"]))
    out += one_hot(m, None if hand["location"] is None else ids.index(hand["location"]))
    out.append(1.0 if observation["winked_with_this_card"] else 0.0)
    out += where(observation.get("gaze"))
    watched = one_hot(n, None)
    for seat in observation.get("watched_by", ()):
        watched[rel(seat)] = 1.0
    out += watched
    out += where(observation.get("their_gaze"))

    out += by_seat([_unit(p["points"] / POINTS_CAP) for p in table])
    out += by_seat([_unit(p["chips"] / CHIPS) if CHIPS else 0.0 for p in table])
    out += by_seat([1.0 if p["has_agent_card"] else 0.0 for p in table])
    out += by_seat([1.0 if p["has_location_card"] else 0.0 for p in table])

    agents, locations = known_cards(observation)
    refused = ruled_out_locations(observation)
    for seat in others:
        out += one_hot(n, None if seat not in agents else rel(agents[seat]))
    for seat in others:
        out += one_hot(m, None if seat not in locations else ids.index(locations[seat]))
    for seat in others:
        row = [0.0] * m
        for location in refused.get(seat, ()):
            row[ids.index(location)] = 1.0
        out += row

    last: dict[str, list[float | None]] = {"wink": [None] * n, "glance": [None] * n}
    for signal in current_signals(observation):
        times = last[signal["signal"]]
        seat = signal["seat"]
        previous = times[seat]
        times[seat] = signal["time"] if previous is None else max(previous, signal["time"])
    out += by_seat([_age(now, t) for t in last["wink"]])
    out += by_seat([_age(now, t) for t in last["glance"]])

    out += [
        _unit(observation["agent_deck"] / agent_cards),
        _unit(observation["location_deck"] / LOCATION_CARDS),
        _unit(observation["agent_discard"] / agent_cards),
        _unit(observation["location_discard"] / LOCATION_CARDS),
        _unit(observation["removed"] / agent_cards),
    ]
    seen_agents = [0.0] * n
    for card in observation["agent_discard_cards"]:
        if card is not None:
            seen_agents[rel(card)] += 1.0
    out += [_unit(count / AGENT_CARDS_PER_AGENT) for count in seen_agents]
    seen_locations = [0.0] * m
    for location in observation["location_discard_cards"]:
        if location is not None:
            seen_locations[ids.index(location)] += 1.0
    out += [_unit(count / LOCATION_CARDS_EACH) for count in seen_locations]
    stats = observation["stats"]
    out += [_unit(stats[key] / agent_cards) for key in STATS]
    return out


__all__ = ["CLOCK_CAP", "LOCATIONS", "POINTS_CAP", "TIME_CAP", "encode", "layout"]
