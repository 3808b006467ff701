"""The winking game's tensor's floats, written from the state: the game's fast tensor path.

It writes exactly the floats :func:`.tensor.encode` computes from ``observation(seat)`` (the
layout, scales and reasons are there and in docs/games/wink.md), through the same deductions
(:mod:`.knowledge`: a signal tells while its sender keeps the card it was about), without
building the observation dict: the tests hold the two equal, float for float, over random
positions, so this path knows no more than the observation does. It reads only what the
observation shows the seat: its own cards and memories (``seen``, ``sightings``), public
piles and counts, face-down discards of its own.

A seat's memories only grow, so they are read once: for each sender, signal kind and card
epoch, the last thing a signal told and its latest time. Which of those still tell is decided
at each call from the current epochs, as the reference path decides it.

Plain typed Python that mypyc compiles (``setup.py``; :func:`topsecret.core.native.fastest`
picks the build); the tests hold both this module and its build equal to the reference.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from ...core.tensors import Floats
from .tensor import (
    AGENT_CARDS_PER_AGENT,
    CHIPS,
    CLOCK_CAP,
    LOCATION_CARDS,
    LOCATION_CARDS_EACH,
    POINTS_CAP,
    STATS,
    TIME_CAP,
    layout,
)

if TYPE_CHECKING:
    from .state import WinkState

#: The slices :meth:`WinkWriter.write` writes, in the order it unpacks their offsets.
_SLICES = (
    "phase",
    "companion",
    "holder",
    "turn_elapsed",
    "turn_timer",
    "clock",
    "my_agent",
    "my_location",
    "my_winked",
    "my_gaze",
    "watched_by",
    "their_gaze",
    "points",
    "chips",
    "has_agent_card",
    "has_location_card",
    "known_agent",
    "known_location",
    "ruled_out",
    "wink_age",
    "glance_age",
    "decks",
    "agent_discard_seen",
    "location_discard_seen",
    "stats",
)


def _unit(value: float) -> float:
    """As the reference clips: into [0, 1]. Counts, never negative, are clipped by ``min``
    alone below, which gives the same float."""
    return min(1.0, max(0.0, float(value)))


class _Memory:
    """What one list of remembered signals (or sightings) has told so far, by sender, kind and
    epoch: [the seat a wink pointed at, the location a glance showed, the latest time]; the
    list is kept so that its identity stays its own."""

    __slots__ = ("items", "read", "told")

    def __init__(self, items: list[dict[str, Any]]) -> None:
        self.items = items
        self.read = 0
        self.told: dict[tuple[int, str, int], list[Any]] = {}

    def update(self) -> dict[tuple[int, str, int], list[Any]]:
        items = self.items
        told = self.told
        for index in range(self.read, len(items)):
            signal = items[index]
            kind = signal.get("signal", "sighting")
            epoch = signal["agent_epoch"] if kind == "wink" else signal["location_epoch"]
            key = (signal["seat"], kind, epoch)
            entry = told.get(key)
            if entry is None:
                entry = told[key] = [None, None, None]
            if kind == "wink":
                target = signal["looking_at"]
                if target["at"] == "seat":
                    entry[0] = target["seat"]
            else:
                entry[1] = signal["location"]
            time = signal["time"]
            entry[2] = time if entry[2] is None else max(entry[2], time)
        self.read = len(items)
        return told


class WinkWriter:
    """One table size: offsets and location indices worked out once; memories read once."""

    def __init__(self, players: int) -> None:
        self.offsets = layout(players).offsets()
        self.players = players
        self.at = tuple(self.offsets[name] for name in _SLICES)
        self._memories: dict[int, _Memory] = {}
        self._components: Any = None
        self._where_of: dict[str, int] = {}
        self._loc: list[int] = []
        self._piles: dict[tuple[Any, ...], Floats] = {}
        #: The seats in relative order, "me" first, for each seat.
        self.orders = tuple(
            tuple((me + r) % players for r in range(players)) for me in range(players)
        )

    def _told(self, items: list[dict[str, Any]]) -> dict[tuple[int, str, int], list[Any]]:
        memory = self._memories.get(id(items))
        if memory is None or memory.items is not items or len(items) < memory.read:
            if len(self._memories) >= 4096:
                self._memories.clear()
            memory = self._memories[id(items)] = _Memory(items)
        if len(items) == memory.read:
            return memory.told  # nothing new since the last read
        return memory.update()

    def write(self, s: WinkState, seat: int, out: Floats) -> None:
        if s.num_players != self.players:
            raise ValueError(f"observation is of {s.num_players} players, not {self.players}")
        (
            at_phase,
            at_companion,
            at_holder,
            at_turn_elapsed,
            at_turn_timer,
            at_clock,
            at_my_agent,
            at_my_location,
            at_my_winked,
            at_my_gaze,
            at_watched_by,
            at_their_gaze,
            at_points,
            at_chips,
            at_has_agent,
            at_has_location,
            at_known_agent,
            at_known_location,
            at_ruled_out,
            at_wink_age,
            at_glance_age,
            at_decks,
            at_agent_discard,
            at_location_discard,
            at_stats,
        ) = self.at
        n = self.players
        me = seat
        components = s.components
        if components is not self._components:
            # ``location_ids`` builds a new tuple on every read, so the indices are kept by the
            # components they come from. The reference names locations and reads the names
            # back: the first of equal names.
            ids = components.location_ids
            self._where_of = {name: i for i, name in reversed(list(enumerate(ids)))}
            self._loc = [self._where_of[name] for name in ids]
            self._components = components
        where_of = self._where_of
        loc = self._loc
        m = len(loc)
        now = float(s.now)
        agent_cards = AGENT_CARDS_PER_AGENT * n

        out[at_phase + (2 if s.over else 0 if s.opening_left > 0 else 1)] = 1.0
        if s.mode == "companion":
            out[at_companion] = 1.0
        out[at_holder + (s.holder - me) % n] = 1.0
        started = float(s.turn_started)
        out[at_turn_elapsed] = _unit((now - started) / TIME_CAP)
        deadline = s.turn_deadline()
        if deadline is not None and deadline > started:
            out[at_turn_timer] = 1.0
            out[at_turn_timer + 1] = _unit((deadline - now) / (deadline - started))
        out[at_clock] = _unit(now / CLOCK_CAP)

        agent = s.agent
        location = s.location
        if agent[me] is not None:
            out[at_my_agent + (agent[me] - me) % n] = 1.0  # type: ignore[operator]
        own = location[me]
        if own is not None:
            out[at_my_location + loc[own]] = 1.0
        if s.winked[me]:
            out[at_my_winked] = 1.0
        gaze = s.gaze
        signals_on = s.mode == "signals"
        looked: int | None = None
        their: tuple[str, int] | None = None
        if signals_on:
            here = gaze[me]
            self._where(out, at_my_gaze, here, me, n, m, loc)
            # ``s.noticed_watchers(me)``, read in place: eyes on me, arrived and noticed.
            looking_at_me = ("seat", me)
            arrived = s.arrived
            noticed = s.noticed
            for other in range(n):
                if gaze[other] == looking_at_me and arrived[other] and noticed[other]:
                    out[at_watched_by + (other - me) % n] = 1.0
            if here[0] == "seat" and s.arrived[me]:
                looked = here[1]
                their = gaze[looked]
                self._where(out, at_their_gaze, their, me, n, m, loc)

        chips = s.chips
        agent_points = s.agent_points
        location_points = s.location_points
        for r, other in enumerate(self.orders[me]):
            points = len(agent_points[other]) + len(location_points[other])
            out[at_points + r] = min(points / POINTS_CAP, 1.0)
            out[at_chips + r] = min(chips[other] / CHIPS, 1.0) if CHIPS else 0.0
            if agent[other] is not None:
                out[at_has_agent + r] = 1.0
            if location[other] is not None:
                out[at_has_location + r] = 1.0

        agents: dict[int, int] = {}
        locations: dict[int, int] = {}
        winks: dict[int, float] = {}
        glances: dict[int, float] = {}
        if signals_on:
            agent_epoch = s.agent_epoch
            location_epoch = s.location_epoch
            # A memory tells only while its sender holds the card of the epoch it was about,
            # so each sender's entries are looked up at its current epochs: the reference
            # skips every other entry. (One entry per sender, kind and epoch: its last
            # target and latest time are already folded in.)
            signals = self._told(s.seen[me]).get
            sighted = self._told(s.sightings[me]).get
            for sender in range(n):
                if agent[sender] is not None:
                    entry = signals((sender, "wink", agent_epoch[sender]))
                    if entry is not None:
                        if entry[0] is not None:
                            agents[sender] = entry[0]
                        winks[sender] = entry[2]
                if location[sender] is not None:
                    epoch = location_epoch[sender]
                    entry = signals((sender, "glance", epoch))
                    if entry is not None:
                        locations[sender] = where_of[entry[1]]
                        glances[sender] = entry[2]
                    entry = sighted((sender, "sighting", epoch))
                    if entry is not None:
                        locations[sender] = where_of[entry[1]]
            if looked is not None and their is not None and their[0] == "location":
                locations[looked] = loc[their[1]]
        for sender, target in agents.items():
            r = (sender - me) % n
            if r:
                out[at_known_agent + (r - 1) * n + (target - me) % n] = 1.0
        for sender, place in locations.items():
            r = (sender - me) % n
            if r:
                out[at_known_location + (r - 1) * m + place] = 1.0
        location_epoch = s.location_epoch
        for contact, refused, epoch in s.refuted:
            r = (contact - me) % n
            if r and epoch == location_epoch[contact]:
                out[at_ruled_out + (r - 1) * m + loc[refused]] = 1.0
        for r, other in enumerate(self.orders[me]):
            time = winks.get(other)
            out[at_wink_age + r] = 1.0 if time is None else _unit((now - time) / TIME_CAP)
            time = glances.get(other)
            out[at_glance_age + r] = 1.0 if time is None else _unit((now - time) / TIME_CAP)

        out[at_decks] = min(len(s.agent_deck) / agent_cards, 1.0)
        out[at_decks + 1] = min(len(s.location_deck) / LOCATION_CARDS, 1.0)
        out[at_decks + 2] = min(len(s.agent_discard) / agent_cards, 1.0)
        out[at_decks + 3] = min(len(s.location_discard) / LOCATION_CARDS, 1.0)
        out[at_decks + 4] = min(len(s.removed) / agent_cards, 1.0)
        # An empty pile leaves its slice at zero.
        if s.agent_discard:
            out[at_agent_discard : at_agent_discard + n] = self._seen(
                s, s.agent_discard, s.agent_discard_by, me, None, n, AGENT_CARDS_PER_AGENT
            )
        if s.location_discard:
            out[at_location_discard : at_location_discard + m] = self._seen(
                s, s.location_discard, s.location_discard_by, me, loc, m, LOCATION_CARDS_EACH
            )
        stats = s.stats
        for i, key in enumerate(STATS):
            out[at_stats + i] = min(stats[key] / agent_cards, 1.0)

    def _seen(
        self,
        s: WinkState,
        pile: list[int],
        owners: list[int | None],
        me: int,
        loc: list[int] | None,
        size: int,
        scale: int,
    ) -> Floats:
        """Cards of a discard pile the seat can see (face up, or face down by itself), counted
        by relative seat (agent cards, ``loc`` None) or by location, each count / ``scale``
        capped at 1: the pile's slice, ``size`` floats; kept by the pile."""
        key = (tuple(pile), tuple(owners), me, loc is None)
        found = self._piles.get(key)
        if found is None:
            counts = [0.0] * size
            n = self.players
            for card, owner in zip(pile, s.discard_owners(pile, owners), strict=True):
                if owner is None or owner == me:
                    counts[(card - me) % n if loc is None else loc[card]] += 1.0
            found = array("f", [min(count / scale, 1.0) for count in counts])
            if len(self._piles) >= 4096:
                self._piles.clear()
            self._piles[key] = found
        return found

    @staticmethod
    def _where(
        out: Floats, base: int, gaze: tuple[str, int], me: int, n: int, m: int, loc: list[int]
    ) -> None:
        kind, index = gaze
        if kind == "seat":
            out[base + (index - me) % n] = 1.0
        elif kind == "location":
            out[base + n + loc[index]] = 1.0
        else:
            out[base + n + m] = 1.0


def writer(game: Any, players: int) -> WinkWriter:
    """The writer for a table of ``players`` seats."""
    return WinkWriter(players)
