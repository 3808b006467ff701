"""The table of the winking game: cards, the suitcase, gazes and signals.

Card and seat numbers: agent card ``k`` is the card of the agent on seat ``k``'s board (the
agents in play are exactly the seats). Location cards are indices into the components'
location list. Seats sit clockwise in increasing order, so "left" is ``seat + 1``.

Real time: the state holds the server clock it was last told (``advance_time``); every action
happens at that time. The engine never reads a clock. Turning to look takes ``look_seconds``
and noticing a new look at you ``notice_seconds`` (docs/games/wink.md, "Looking takes a
moment"); both happen at their own times, however often the clock is read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...core import Action, Event, IllegalAction, InvalidOptions, Rng, State, private, public
from ...core.game import Game
from ...core.rules_versions import RULES
from ...i18n import N_
from . import rules
from .actions import (
    ACCUSATIONS,
    DRAW,
    GLANCE,
    LOOK_AT_CARDS,
    LOOKS,
    PASSES,
    WINK,
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
from .components import Components, standard_components
from .knowledge import known_cards, ruled_out_locations
from .sampling import deal

#: Where a seat looks: ("cards", 0), ("seat", other seat) or ("location", location index).
Gaze = tuple[str, int]
CARDS: Gaze = ("cards", 0)

SIGNALS = "signals"
COMPANION = "companion"


def _illegal(template: str, rule: str, **params: object) -> IllegalAction:
    """An illegal action's reason as a catalogue message, shown in each player's language
    by :func:`topsecret.i18n.error_text`."""
    return IllegalAction(template.format(**params), rule, template=template, params=params)


class WinkState(State):
    """One table of the winking game. Change it only through ``apply`` and ``advance_time``."""

    __slots__ = (
        "_game",
        "_n",
        "_rng",
        "agent",
        "agent_deck",
        "agent_discard",
        "agent_discard_by",
        "agent_epoch",
        "agent_points",
        "arrived",
        "chips",
        "components",
        "end_reason",
        "gaze",
        "gaze_from",
        "holder",
        "location",
        "location_deck",
        "location_discard",
        "location_discard_by",
        "location_epoch",
        "location_points",
        "location_returned",
        "look_seconds",
        "mode",
        "notice_seconds",
        "noticed",
        "now",
        "opening_left",
        "over",
        "refuted",
        "removed",
        "reshuffle",
        "seen",
        "sightings",
        "signal_style",
        "stats",
        "turn_seconds",
        "turn_started",
        "winked",
    )

    def __init__(
        self,
        game: Game,
        players: int,
        rng: Rng,
        components: Components,
        mode: str,
        turn_seconds: float,
        look_seconds: float,
        notice_seconds: float,
    ) -> None:
        self._game = game
        self._n = players
        self._rng = rng
        self.components = components
        self.mode = mode
        self.turn_seconds = turn_seconds
        self.look_seconds = look_seconds
        self.notice_seconds = notice_seconds
        self.signal_style = "wink"
        # An empty location deck is refilled (rules 2, our design); rules 1 ended the game.
        self.reshuffle = True
        # Decks: the top card is the last item.
        self.agent_deck: list[int] = []
        self.location_deck: list[int] = []
        self.agent_discard: list[int] = []
        self.location_discard: list[int] = []
        self.removed: list[int] = []
        # Who discarded each card face down (None: face up, seen by all). Pass discards are
        # face down (our design), so only the discarder knows them.
        self.agent_discard_by: list[int | None] = []
        self.location_discard_by: list[int | None] = []
        # Failed missions, public: (contact, location index, contact's location epoch). The
        # contact said "no", so they do not hold that location while the epoch lasts.
        self.refuted: list[tuple[int, int, int]] = []
        self.agent: list[int | None] = [None] * players
        self.location: list[int | None] = [None] * players
        self.agent_points: list[list[int]] = [[] for _ in range(players)]
        self.location_points: list[list[int]] = [[] for _ in range(players)]
        # How many of each seat's scored location cards went back into the location deck
        # (our design): they still count as points, kept as a tally.
        self.location_returned: list[int] = [0] * players
        self.chips: list[int] = [components.observation_chips] * players
        self.holder = 0
        self.opening_left = players
        self.gaze: list[Gaze] = [CARDS] * players
        # When each gaze reached (or will reach) where it points; whether it has arrived, and
        # whether the seat looked at has noticed it (meaningful for gazes at a seat).
        self.gaze_from: list[float] = [0.0] * players
        self.arrived: list[bool] = [True] * players
        self.noticed: list[bool] = [True] * players
        self.winked: list[bool] = [False] * players
        self.agent_epoch: list[int] = [0] * players
        self.location_epoch: list[int] = [0] * players
        self.seen: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        # Long looks toward a location each seat has watched: a person remembers them.
        self.sightings: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.now = 0.0
        self.turn_started = 0.0
        self.over = False
        self.end_reason: str | None = None
        self.stats: dict[str, int] = {
            "missions": 0,
            "failed_missions": 0,
            "catches": 0,
            "false_accusations": 0,
            "winks": 0,
            "timeouts": 0,
        }

    # -- construction ---------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: Game,
        players: int,
        seed: int,
        *,
        mode: str = SIGNALS,
        first_game: bool = False,
        agent_cards: int = 0,
        turn_seconds: float = 0.0,
        look_seconds: float | None = None,
        notice_seconds: float | None = None,
        signal: str = "wink",
        components: Components | None = None,
        reshuffle: bool = True,
    ) -> WinkState:
        """Setup (§Spielvorbereitung): shuffle both decks, remove cards unseen if asked.

        ``look_seconds`` and ``notice_seconds`` default to the components' ``[looking]``.
        ``reshuffle=False`` plays rules 1 (rules_versions.toml): the game ends when no
        location card is left to draw.
        """
        comps = components or standard_components()
        look = comps.look_ms / 1000.0 if look_seconds is None else look_seconds
        notice = comps.notice_ms / 1000.0 if notice_seconds is None else notice_seconds
        state = cls(game, players, Rng(seed), comps, mode, turn_seconds, look, notice)
        state.signal_style = signal
        state.reshuffle = reshuffle
        full = comps.agent_cards_per_agent * players
        if agent_cards and first_game:
            raise InvalidOptions.of(N_("choose either first_game or agent_cards, not both"))
        if agent_cards:
            fewest = comps.min_agent_cards_per_player * players
            if not fewest <= agent_cards <= full:
                raise InvalidOptions.of(
                    N_(
                        "agent_cards must be between {fewest} and {full} for {players} players "
                        "({low} to {high} per player)"
                    ),
                    fewest=fewest,
                    full=full,
                    players=players,
                    low=comps.min_agent_cards_per_player,
                    high=comps.agent_cards_per_agent,
                )
            keep = agent_cards
        elif first_game:
            keep = full - comps.first_game_removed_per_player * players
        else:
            keep = full
        deck = [seat for seat in range(players) for _ in range(comps.agent_cards_per_agent)]
        state._rng.shuffle(deck)
        state.removed = deck[: full - keep]
        state.agent_deck = deck[full - keep :]
        locations = [index for index, loc in enumerate(comps.locations) for _ in range(loc.cards)]
        state._rng.shuffle(locations)
        state.location_deck = locations
        return state

    @classmethod
    def arranged(
        cls,
        game: Game,
        players: int,
        *,
        agents: Sequence[int | None],
        locations: Sequence[str | None],
        agent_deck: Sequence[int] = (),
        location_deck: Sequence[str] = (),
        holder: int = 0,
        opening_left: int = 0,
        chips: Sequence[int] | None = None,
        gaze: Sequence[int | str | None] | None = None,
        mode: str = SIGNALS,
        turn_seconds: float = 0.0,
        look_seconds: float = 0.0,
        notice_seconds: float = 0.0,
        now: float = 0.0,
        seed: int = 0,
    ) -> WinkState:
        """An explicit table for tests and examples.

        ``agents[s]`` is the seat whose agent card seat ``s`` holds; ``locations[s]`` the id
        of its location card. Decks are listed top card first. ``gaze[s]`` is a seat number,
        a location id, or ``None`` for the seat's own cards. ``opening_left`` > 0 means the
        opening round is still going and that many seats have yet to draw. Gazes given here
        have arrived and been noticed; looking takes no time unless ``look_seconds`` and
        ``notice_seconds`` say otherwise.
        """
        comps = standard_components()
        state = cls(
            game, players, Rng(seed), comps, mode, turn_seconds, look_seconds, notice_seconds
        )
        ids = comps.location_ids
        state.agent = list(agents)
        state.location = [None if loc is None else ids.index(loc) for loc in locations]
        state.agent_deck = list(reversed(agent_deck))
        state.location_deck = [ids.index(loc) for loc in reversed(location_deck)]
        state.holder = holder
        state.opening_left = opening_left
        if chips is not None:
            state.chips = list(chips)
        if gaze is not None:
            state.gaze = [
                CARDS
                if where is None
                else ("seat", where)
                if isinstance(where, int)
                else ("location", ids.index(where))
                for where in gaze
            ]
        state.now = now
        state.turn_started = now
        state.gaze_from = [now] * players
        return state

    # -- the contract's plumbing -----------------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def rng(self) -> Rng:
        return self._rng

    @property
    def signals_on(self) -> bool:
        return self.mode == SIGNALS

    @property
    def in_opening(self) -> bool:
        return self.opening_left > 0

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        """One point per card under a seat's agent board (§Spielende)."""
        return [
            float(len(self.agent_points[seat]) + len(self.location_points[seat]))
            for seat in range(self._n)
        ]

    def turn_deadline(self) -> float | None:
        if self.turn_seconds <= 0 or self.over:
            return None
        return self.turn_started + self.turn_seconds

    # -- who may act, and how --------------------------------------------------------

    def _acting_players(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.signals_on:
            return tuple(range(self._n))
        return tuple(
            seat for seat in range(self._n) if seat == self.holder or self._accusations(seat)
        )

    def legal_actions(self, player: int) -> list[Action]:
        if self.over or not 0 <= player < self._n:
            return []
        actions: list[Action] = []
        if self.signals_on:
            actions += self._gaze_actions(player)
        actions += self._accusations(player)
        if player == self.holder:
            actions += self._turn_actions(player)
        return actions

    def _gaze_actions(self, player: int) -> list[Action]:
        here = self.gaze[player]
        looked_at = here[1] if here[0] == "seat" else -1
        actions: list[Action] = [
            LOOKS[seat] for seat in range(self._n) if seat != player and seat != looked_at
        ]
        own_location = self.location[player]
        if own_location is not None and here != ("location", own_location):
            actions.append(LookAtLocation(self.components.location_ids[own_location]))
        if here != CARDS:
            actions.append(LOOK_AT_CARDS)
        if self._may_wink(player):
            actions.append(WINK)
        if own_location is not None:
            actions.append(GLANCE)
        return actions

    def _may_wink(self, player: int) -> bool:
        contact = self.agent[player]
        return (
            contact is not None and self.gaze[player] == ("seat", contact) and self.arrived[player]
        )

    def _accusations(self, player: int) -> list[Action]:
        if self.chips[player] <= 0:
            return []
        agent = self.agent
        return [
            ACCUSATIONS[winker][contact]
            for winker in range(self._n)
            if winker != player and agent[winker] is not None
            for contact in range(self._n)
            if contact != winker and contact != player
        ]

    def _turn_actions(self, player: int) -> list[Action]:
        if self.in_opening:
            return [DRAW]
        actions: list[Action] = []
        if self.agent[player] is not None and (self.winked[player] or not self.signals_on):
            actions += [CompleteMission(loc) for loc in self.components.location_ids]
        actions += PASSES
        return actions

    def default_action(self, player: int) -> Action:
        """What the suitcase holder does when the turn timer runs out: draw, or pass."""
        if player == self.holder and not self.over:
            return DRAW if self.in_opening else PASSES[0]  # Pass(): discard nothing
        return super().default_action(player)

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        ids = self.components.location_ids
        holder_only = (Draw, CompleteMission, Pass)
        signal = isinstance(action, (Look, LookAtLocation, LookAtCards, Wink, Glance))
        if signal and not self.signals_on:
            return _illegal(N_("there are no on-screen signals in companion mode"), rules.COMPANION)
        if isinstance(action, holder_only) and player != self.holder:
            return _illegal(
                N_("only the player with the suitcase may do that"), rules.COMPLETE_MISSION
            )
        if isinstance(action, Look):
            if action.seat == player or not 0 <= action.seat < self._n:
                return _illegal(N_("look at another player at this table"), rules.SCREEN_SIGNALS)
            return _illegal(N_("you are already looking at that player"), rules.SCREEN_SIGNALS)
        if isinstance(action, LookAtLocation):
            own = self.location[player]
            if own is None or action.location not in ids or ids.index(action.location) != own:
                return _illegal(
                    N_("you may only look toward the location on your own card"), rules.HONOUR_CODE
                )
            return _illegal(N_("you are already looking at that location"), rules.SCREEN_SIGNALS)
        if isinstance(action, LookAtCards):
            return _illegal(N_("you are already looking at your cards"), rules.SCREEN_SIGNALS)
        if isinstance(action, Wink):
            contact = self.agent[player]
            if contact is not None and self.gaze[player] == ("seat", contact):
                return _illegal(
                    N_("you are still turning toward them: wink once you look at them"),
                    rules.LOOKING,
                )
            return _illegal(
                N_("you may wink only while looking at the agent on your agent card"),
                rules.HONOUR_CODE,
            )
        if isinstance(action, Glance):
            return _illegal(N_("you have no location card to signal"), rules.PASSIVE_MISSION)
        if isinstance(action, Accuse):
            if self.chips[player] <= 0:
                return _illegal(N_("you have no observation chips left"), rules.CATCHING)
            if player in (action.winker, action.contact):
                return _illegal(
                    N_("you may only catch a wink between two other players"), rules.CATCHING
                )
            if action.winker == action.contact:
                return _illegal(N_("a player cannot wink at themselves"), rules.CATCHING)
            return _illegal(N_("that player has no agent card to reveal"), rules.CATCHING)
        if isinstance(action, Draw):
            return _illegal(
                N_("cards are drawn this way only in the opening round"), rules.FIRST_ROUND
            )
        if isinstance(action, (CompleteMission, Pass)) and self.in_opening:
            return _illegal(N_("in the opening round the suitcase holder draws"), rules.FIRST_ROUND)
        if isinstance(action, CompleteMission):
            if action.location not in ids:
                return _illegal(
                    N_("there is no location {location}"),
                    rules.COMPLETE_MISSION,
                    location=repr(action.location),
                )
            return _illegal(
                N_("only the player who winked with this agent card may complete its mission"),
                rules.ONLY_WINKER,
            )
        return _illegal(
            N_("{action} is not allowed now"), rules.FOLLOWING_ROUNDS, action=repr(action)
        )

    # -- time ---------------------------------------------------------------------

    def advance_time(self, now: float) -> list[Event]:
        """Move the clock to ``now``: gazes arrive, looks are noticed, and a suitcase holder
        whose time ran out takes the default, each at its own time and in time order.

        The clock never runs backwards: an earlier time is ignored. Everything timed happens
        at its own moment, so the result does not depend on how often this is called.
        """
        if now <= self.now:
            return []
        events: list[Event] = []
        while not self.over and (moment := self._next_moment(now)) is not None:
            self.now = moment
            self._settle_gazes(events)
            deadline = self.turn_deadline()
            if deadline is not None and deadline <= moment:
                holder = self.holder
                action = self.default_action(holder)
                self.stats["timeouts"] += 1
                events.append(
                    public("turn_timeout", seat=holder, time=deadline, action=action.to_json())
                )
                events += self._apply(holder, action)
        self.now = now
        return events

    def _next_moment(self, now: float) -> float | None:
        """The earliest timed happening after the state's clock and by ``now``, if any."""
        times = [
            time
            for time in (self.turn_deadline(), *self._gaze_times())
            if time is not None and self.now < time <= now
        ]
        return min(times) if times else None

    def _gaze_times(self) -> list[float]:
        """When pending gazes arrive and pending looks at a seat get noticed."""
        times = []
        for seat in range(self._n):
            if not self.arrived[seat]:
                times.append(self.gaze_from[seat])
            if not self.noticed[seat]:
                times.append(self.gaze_from[seat] + self.notice_seconds)
        return times

    # -- applying actions -----------------------------------------------------------

    def _apply(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Look):
            self._set_gaze(player, ("seat", action.seat), events)
        elif isinstance(action, LookAtLocation):
            index = self.components.location_index(action.location)
            self._set_gaze(player, ("location", index), events)
        elif isinstance(action, LookAtCards):
            self._set_gaze(player, CARDS, events)
        elif isinstance(action, Wink):
            self._wink(player, events)
        elif isinstance(action, Glance):
            self._glance(player, events)
        elif isinstance(action, Accuse):
            self._accuse(player, action, events)
        elif isinstance(action, Draw):
            self._opening_draw(player, events)
        elif isinstance(action, CompleteMission):
            self._mission(player, action, events)
        elif isinstance(action, Pass):
            self._pass(player, action, events)
        else:  # pragma: no cover - check_action has already refused unknown actions
            raise _illegal(
                N_("unknown action {action}"), rules.FOLLOWING_ROUNDS, action=repr(action)
            )
        return events

    # gaze and signals

    def gaze_json(self, where: Gaze) -> dict[str, Any]:
        kind, index = where
        if kind == "seat":
            return {"at": "seat", "seat": index}
        if kind == "location":
            return {"at": "location", "location": self.components.location_ids[index]}
        return {"at": "cards"}

    def watchers(self, seat: int) -> list[int]:
        """Seats whose eyes are on ``seat`` now (turned and arrived): they see its signals."""
        target = ("seat", seat)
        return [
            other for other in range(self._n) if self.gaze[other] == target and self.arrived[other]
        ]

    def noticed_watchers(self, seat: int) -> list[int]:
        """The watchers ``seat`` has noticed: a look is noticed a moment after it arrives."""
        return [other for other in self.watchers(seat) if self.noticed[other]]

    def _set_gaze(self, seat: int, where: Gaze, events: list[Event]) -> None:
        """Start turning toward ``where``: the old sight is gone at once, the new one arrives
        after ``look_seconds`` (and the seat looked at notices it ``notice_seconds`` later)."""
        old = self.gaze[seat]
        if old == where:
            return
        was_noticed = old[0] == "seat" and self.arrived[seat] and self.noticed[seat]
        audience = {seat, *self.watchers(seat)}
        self.gaze[seat] = where
        self.gaze_from[seat] = self.now + self.look_seconds
        self.arrived[seat] = False
        self.noticed[seat] = where[0] != "seat"
        events.append(
            private(
                audience, "gaze", seat=seat, at=self.gaze_json(where), arrives=self.gaze_from[seat]
            )
        )
        if was_noticed:
            events.append(private((old[1],), "look_away", seat=seat))
        self._settle_gazes(events)

    def _settle_gazes(self, events: list[Event]) -> None:
        """Gazes whose turn is over arrive; looks long enough on a seat get noticed."""
        for seat in range(self._n):
            if not self.arrived[seat] and self.gaze_from[seat] <= self.now:
                self._arrive(seat, events)
        for seat in range(self._n):
            if (
                not self.noticed[seat]
                and self.arrived[seat]
                and self.gaze_from[seat] + self.notice_seconds <= self.now
            ):
                self.noticed[seat] = True
                events.append(private((self.gaze[seat][1],), "looked_at", seat=seat))

    def _arrive(self, seat: int, events: list[Event]) -> None:
        """``seat`` now sees what it turned to; whoever watches it sees where it looks."""
        self.arrived[seat] = True
        where = self.gaze[seat]
        events.append(private((seat,), "gaze_arrived", at=self.gaze_json(where)))
        if where[0] == "location":
            for watcher in self.watchers(seat):
                self._sight(watcher, seat)
        elif where[0] == "seat":
            target = where[1]
            if self.gaze[target][0] == "location" and self.arrived[target]:
                self._sight(seat, target)

    def _sight(self, watcher: int, seat: int) -> None:
        """``watcher`` sees ``seat`` look toward a location: remembered while the card lasts."""
        location = self.location[seat]
        assert location is not None  # a gaze toward a location needs that card (honour code)
        epoch = self.location_epoch[seat]
        memory = self.sightings[watcher]
        if any(s["seat"] == seat and s["location_epoch"] == epoch for s in memory):
            return
        memory.append(
            {
                "seat": seat,
                "location": self.components.location_ids[location],
                "location_epoch": epoch,
                "time": self.now,
            }
        )

    def _signal(self, seat: int, signal: dict[str, Any], events: list[Event]) -> None:
        """A wink or glance: seen only by those whose eyes are on ``seat`` as it starts."""
        self.seen[seat].append(signal)  # a seat remembers its own signals too
        events.append(private((seat,), "my_signal", **signal))
        for watcher in self.watchers(seat):
            self.seen[watcher].append(signal)
            events.append(private((watcher,), "saw_signal", **signal))

    def _wink(self, seat: int, events: list[Event]) -> None:
        self.winked[seat] = True
        self.stats["winks"] += 1
        signal = {
            "signal": "wink",
            "seat": seat,
            "time": self.now,
            "looking_at": self.gaze_json(self.gaze[seat]),
            "agent_epoch": self.agent_epoch[seat],
        }
        self._signal(seat, signal, events)

    def _glance(self, seat: int, events: list[Event]) -> None:
        own = self.location[seat]
        assert own is not None  # legal_actions offers a glance only with a location card
        signal = {
            "signal": "glance",
            "seat": seat,
            "time": self.now,
            "location": self.components.location_ids[own],
            "looking_at": self.gaze_json(self.gaze[seat]),
            "location_epoch": self.location_epoch[seat],
        }
        self._signal(seat, signal, events)

    # cards

    def _end(self, reason: str, events: list[Event]) -> None:
        self.over = True
        self.end_reason = reason
        events.append(
            public("game_over", reason=reason, scores=self.scores(), winners=self.winners())
        )

    def _take_agent(self, seat: int, events: list[Event]) -> bool:
        """Draw an agent card (§Hinweis: your own is discarded); False if the game ended."""
        while True:
            if not self.agent_deck:
                self._end("an agent card could not be drawn", events)
                return False
            card = self.agent_deck.pop()
            if card == seat:
                self._discard_agent(card, None)
                events.append(public("own_agent_discarded", seat=seat))
                continue
            self.agent[seat] = card
            self.agent_epoch[seat] += 1
            self.winked[seat] = False
            events.append(public("drew", seat=seat, card="agent"))
            events.append(private((seat,), "my_agent", agent=card))
            return True

    def _take_location(self, seat: int, events: list[Event]) -> bool:
        """Draw a location card; an empty deck is refilled (our design, docs/games/wink.md
        §The end) from the discards and the location cards scored under the boards, which
        still count as points."""
        if not self.location_deck and self.reshuffle:
            self._refill_locations(events)
        if not self.location_deck:
            self._end("a location card could not be drawn", events)
            return False
        card = self.location_deck.pop()
        self._drop_location(seat, events)
        self.location[seat] = card
        self.location_epoch[seat] += 1
        events.append(public("drew", seat=seat, card="location"))
        events.append(private((seat,), "my_location", location=self.components.location_ids[card]))
        return True

    def _refill_locations(self, events: list[Event]) -> None:
        """Shuffle the discarded location cards and the scored ones not yet returned into a
        new location deck. Every one of them was revealed or is a discard, so none hides
        anything a reshuffle could give away; the agent deck alone decides the length."""
        scored = [
            card
            for seat in range(self._n)
            for card in self.location_points[seat][self.location_returned[seat] :]
        ]
        self.location_returned = [len(points) for points in self.location_points]
        discards = len(self.location_discard)
        self.location_deck = sorted(self.location_discard + scored)
        self.location_discard = []
        self.location_discard_by = []
        self._rng.shuffle(self.location_deck)
        if self.location_deck:
            events.append(
                public(
                    "location_deck_reshuffled",
                    cards=len(self.location_deck),
                    discards=discards,
                    scored=len(scored),
                )
            )

    def _drop_location(self, seat: int, events: list[Event]) -> None:
        """A location card leaves the hand: stop looking at it, or the gaze would lie."""
        self.location[seat] = None
        if self.gaze[seat][0] == "location":
            self._set_gaze(seat, CARDS, events)

    def _discard_agent(self, card: int, face_down_by: int | None) -> None:
        self.agent_discard.append(card)
        self.agent_discard_by.append(face_down_by)

    def discard_owners(self, pile: Sequence[int], owners: Sequence[int | None]) -> list[int | None]:
        """Who discarded each card of ``pile`` face down (None: face up or unrecorded).

        Tables arranged by hand may fill a pile without saying who discarded; those cards
        count as face up.
        """
        return [owners[i] if i < len(owners) else None for i in range(len(pile))]

    def _move_suitcase(self, events: list[Event]) -> None:
        if self.over:
            return
        self.holder = (self.holder + 1) % self._n
        self.turn_started = self.now
        events.append(public("suitcase", seat=self.holder, opening=self.in_opening))

    def _opening_draw(self, seat: int, events: list[Event]) -> None:
        if self._take_agent(seat, events) and self._take_location(seat, events):
            self.opening_left -= 1
            self._move_suitcase(events)

    def _mission(self, seat: int, action: CompleteMission, events: list[Event]) -> None:
        contact = self.agent[seat]
        assert contact is not None  # legal_actions offers missions only with an agent card
        named = self.components.location_index(action.location)
        success = self.location[contact] == named
        events.append(
            public("mission", seat=seat, contact=contact, location=action.location, success=success)
        )
        self.agent[seat] = None
        if success:
            self.stats["missions"] += 1
            self.agent_points[seat].append(contact)
            self.location_points[contact].append(named)
            self._drop_location(contact, events)
            if self._take_agent(seat, events):
                self._take_location(contact, events)
        else:
            self.stats["failed_missions"] += 1
            self.refuted.append((contact, named, self.location_epoch[contact]))
            self._discard_agent(contact, None)
            self._take_agent(seat, events)
        self._move_suitcase(events)

    def _pass(self, seat: int, action: Pass, events: list[Event]) -> None:
        events.append(
            public(
                "pass",
                seat=seat,
                discard_agent=action.discard_agent,
                discard_location=action.discard_location,
            )
        )
        if action.discard_location:
            card = self.location[seat]
            assert card is not None
            self.location_discard.append(card)
            self.location_discard_by.append(seat)
            events.append(
                private((seat,), "my_discard", location=self.components.location_ids[card])
            )
            self._drop_location(seat, events)
        if action.discard_agent:
            agent = self.agent[seat]
            assert agent is not None
            self._discard_agent(agent, seat)
            self.agent[seat] = None
            events.append(private((seat,), "my_discard", agent=agent))
        if (action.discard_agent and not self._take_agent(seat, events)) or (
            action.discard_location and not self._take_location(seat, events)
        ):
            return
        self._move_suitcase(events)

    def _accuse(self, accuser: int, action: Accuse, events: list[Event]) -> None:
        winker, contact = action.winker, action.contact
        revealed = self.agent[winker]
        assert revealed is not None
        correct = revealed == contact
        self.chips[accuser] -= 1
        self.agent[winker] = None
        if correct:
            self.stats["catches"] += 1
            self.agent_points[accuser].append(revealed)
        else:
            self.stats["false_accusations"] += 1
            self._discard_agent(revealed, None)
        events.append(
            public(
                "accusation",
                accuser=accuser,
                winker=winker,
                contact=contact,
                revealed=revealed,
                correct=correct,
            )
        )
        self._take_agent(winker, events)

    # -- what a seat may know -------------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:
        comps = self.components
        obs: dict[str, Any] = {
            "game": "wink",
            "seat": player,
            "mode": self.mode,
            "signal_style": self.signal_style,
            "now": self.now,
            "holder": self.holder,
            "opening": self.in_opening,
            "turn_started": self.turn_started,
            "turn_deadline": self.turn_deadline(),
            "locations": list(comps.location_ids),
            "players": [
                {
                    "agent": comps.agents[seat].name,
                    "colour": comps.agents[seat].colour,
                    "points": len(self.agent_points[seat]) + len(self.location_points[seat]),
                    "chips": self.chips[seat],
                    "has_agent_card": self.agent[seat] is not None,
                    "has_location_card": self.location[seat] is not None,
                    "agent_epoch": self.agent_epoch[seat],
                    "location_epoch": self.location_epoch[seat],
                }
                for seat in range(self._n)
            ],
            "agent_deck": len(self.agent_deck),
            "location_deck": len(self.location_deck),
            "agent_discard": len(self.agent_discard),
            "location_discard": len(self.location_discard),
            # Scored location cards each seat has had shuffled back (still its points).
            "location_returned": list(self.location_returned),
            "removed": len(self.removed),
            # Discard piles card by card, top last: face-up cards for everyone, face-down
            # ones only for whoever discarded them (None for the rest).
            "agent_discard_cards": self._visible_discards(
                self.agent_discard, self.agent_discard_by, player, lambda card: card
            ),
            "location_discard_cards": self._visible_discards(
                self.location_discard,
                self.location_discard_by,
                player,
                lambda card: comps.location_ids[card],
            ),
            "refuted": [
                {"contact": contact, "location": comps.location_ids[loc], "location_epoch": epoch}
                for contact, loc, epoch in self.refuted
            ],
            # How many winks there were is secret: a wink is seen only by its witnesses.
            "stats": {key: value for key, value in self.stats.items() if key != "winks"},
            "over": self.over,
            "end_reason": self.end_reason,
        }
        if player is None:
            return obs
        own_location = self.location[player]
        obs["hand"] = {
            "agent": self.agent[player],
            "location": None if own_location is None else comps.location_ids[own_location],
        }
        obs["winked_with_this_card"] = self.winked[player]
        if self.signals_on:
            here = self.gaze[player]
            arrived = self.arrived[player]
            obs["gaze"] = self.gaze_json(here)
            # Still turning until then: a turning seat sees nobody's eyes and cannot wink.
            obs["gaze_arrives"] = self.gaze_from[player]
            obs["gaze_arrived"] = arrived
            obs["watched_by"] = self.noticed_watchers(player)
            obs["their_gaze"] = (
                self.gaze_json(self.gaze[here[1]]) if here[0] == "seat" and arrived else None
            )
            obs["signals"] = list(self.seen[player])
            obs["locations_seen"] = list(self.sightings[player])
        return obs

    def _visible_discards(
        self,
        pile: Sequence[int],
        owners: Sequence[int | None],
        player: int | None,
        show: Callable[[int], Any],
    ) -> list[Any]:
        return [
            show(card) if owner is None or owner == player else None
            for card, owner in zip(pile, self.discard_owners(pile, owners), strict=True)
        ]

    def determinize(self, player: int, rng: Rng) -> State:
        """A full table ``player`` cannot tell from this one, its hidden parts drawn again.

        Kept: everything public (points, chips, the suitcase, face-up discards, failed
        missions), the seat's hand, memories and own face-down discards, the cards it knows
        from signals and looks it saw (while their holders keep them), who looks at it and
        where the player it looks at looks. Drawn again from ``rng``: the other cards (never
        a seat's own agent card, nor a location its holder said "no" to), the other gazes,
        the other seats' memories (only what the seat knows they saw) and the generator.
        Pools are sorted before shuffling so that the real order leaks nothing.
        """
        observation = self.observation(player)
        known_agents, known_locations = known_cards(observation)
        sample = self.clone()
        sample._rng = Rng(rng.next_u64())
        sample._redeal_agents(player, set(known_agents), rng)
        ruled_out = ruled_out_locations(observation)
        sample._redeal_locations(player, set(known_locations), ruled_out, rng)
        if self.signals_on:
            sample._resample_gazes(player, rng)
        sample._rebuild_memories(self, player, set(known_agents))
        return sample

    def _redeal_agents(self, player: int, known: set[int], rng: Rng) -> None:
        seats = [
            s
            for s in range(self._n)
            if s != player and s not in known and self.agent[s] is not None
        ]
        owners = self.discard_owners(self.agent_discard, self.agent_discard_by)
        face_down = [i for i, owner in enumerate(owners) if owner not in (None, player)]
        pool = sorted(
            [card for s in seats if (card := self.agent[s]) is not None]
            + [self.agent_discard[i] for i in face_down]
            + self.agent_deck
            + self.removed
        )
        # Nobody holds or discards their own agent card: drawing it discards it face up.
        refused = [frozenset({s}) for s in seats]
        refused += [frozenset({owner}) for i in face_down if (owner := owners[i]) is not None]
        cards = iter(deal(pool, refused, rng))
        for s in seats:
            self.agent[s] = next(cards)
        for i in face_down:
            self.agent_discard[i] = next(cards)
        self.agent_deck = [next(cards) for _ in self.agent_deck]
        self.removed = list(cards)

    def _redeal_locations(
        self, player: int, known: set[int], ruled_out: Mapping[int, set[str]], rng: Rng
    ) -> None:
        seats = [
            s
            for s in range(self._n)
            if s != player and s not in known and self.location[s] is not None
        ]
        owners = self.discard_owners(self.location_discard, self.location_discard_by)
        face_down = [i for i, owner in enumerate(owners) if owner not in (None, player)]
        pool = sorted(
            [card for s in seats if (card := self.location[s]) is not None]
            + [self.location_discard[i] for i in face_down]
            + self.location_deck
        )
        index = self.components.location_index
        refused = [frozenset(index(loc) for loc in ruled_out.get(s, ())) for s in seats]
        cards = iter(deal(pool, refused, rng))
        for s in seats:
            self.location[s] = next(cards)
        for i in face_down:
            self.location_discard[i] = next(cards)
        self.location_deck = list(cards)

    def _resample_gazes(self, player: int, rng: Rng) -> None:
        """Gazes the seat cannot see now: anywhere but at it, a location only if on the card,
        arrived and noticed. Kept: the looks at it it has noticed, and the gaze of the seat
        its eyes are on."""
        here = self.gaze[player]
        seen = {*self.noticed_watchers(player), player}
        if here[0] == "seat" and self.arrived[player]:
            seen.add(here[1])
        for s in range(self._n):
            if s in seen:
                continue
            options: list[Gaze] = [("seat", o) for o in range(self._n) if o not in (s, player)]
            options.append(CARDS)
            own = self.location[s]
            if own is not None:
                options.append(("location", own))
            self.gaze[s] = rng.choice(options)
            self.gaze_from[s] = min(self.gaze_from[s], self.now)
            self.arrived[s] = True
            self.noticed[s] = True

    def _rebuild_memories(self, real: WinkState, player: int, known_winkers: set[int]) -> None:
        """Other seats remember what the seat knows they saw: their own signals it saw, its
        signals they watched, its looks toward a location they watched; and what the sampled
        gazes make them see now. Winks the seat never saw did not happen in the sample."""
        mine = real.seen[player]
        for s in range(self._n):
            if s == player:
                continue
            self.seen[s] = [
                signal
                for signal in mine
                if signal["seat"] == s or (signal["seat"] == player and signal in real.seen[s])
            ]
            self.sightings[s] = [seen for seen in real.sightings[s] if seen["seat"] == player]
            self.winked[s] = s in known_winkers
        self.stats["winks"] = sum(1 for signal in mine if signal["signal"] == "wink")
        # Looks between the seat and others are copied above: the seat knows them already.
        for s in range(self._n):
            kind, target = self.gaze[s]
            if player in (s, target) or kind != "seat" or not self.arrived[s]:
                continue
            if self.gaze[target][0] == "location" and self.arrived[target]:
                self._sight(s, target)

    # -- copies and records ---------------------------------------------------------

    def clone(self) -> WinkState:
        copy = WinkState.__new__(WinkState)
        copy._game = self._game
        copy._n = self._n
        copy._rng = self._rng.clone()
        copy.components = self.components
        copy.mode = self.mode
        copy.turn_seconds = self.turn_seconds
        copy.look_seconds = self.look_seconds
        copy.notice_seconds = self.notice_seconds
        copy.signal_style = self.signal_style
        copy.reshuffle = self.reshuffle
        copy.agent_deck = list(self.agent_deck)
        copy.location_deck = list(self.location_deck)
        copy.agent_discard = list(self.agent_discard)
        copy.location_discard = list(self.location_discard)
        copy.removed = list(self.removed)
        copy.agent_discard_by = list(self.agent_discard_by)
        copy.location_discard_by = list(self.location_discard_by)
        copy.refuted = list(self.refuted)
        copy.sightings = [list(s) for s in self.sightings]
        copy.agent = list(self.agent)
        copy.location = list(self.location)
        copy.agent_points = [list(p) for p in self.agent_points]
        copy.location_points = [list(p) for p in self.location_points]
        copy.location_returned = list(self.location_returned)
        copy.chips = list(self.chips)
        copy.holder = self.holder
        copy.opening_left = self.opening_left
        copy.gaze = list(self.gaze)
        copy.gaze_from = list(self.gaze_from)
        copy.arrived = list(self.arrived)
        copy.noticed = list(self.noticed)
        copy.winked = list(self.winked)
        copy.agent_epoch = list(self.agent_epoch)
        copy.location_epoch = list(self.location_epoch)
        copy.seen = [list(s) for s in self.seen]
        copy.now = self.now
        copy.turn_started = self.turn_started
        copy.over = self.over
        copy.end_reason = self.end_reason
        copy.stats = dict(self.stats)
        return copy

    def snapshot(self) -> dict[str, Any]:
        return {
            "players": self._n,
            "rng": self._rng.state,
            "mode": self.mode,
            "turn_seconds": self.turn_seconds,
            "look_seconds": self.look_seconds,
            "notice_seconds": self.notice_seconds,
            "signal_style": self.signal_style,
            "reshuffle": self.reshuffle,
            "agent_deck": list(self.agent_deck),
            "location_deck": list(self.location_deck),
            "agent_discard": list(self.agent_discard),
            "location_discard": list(self.location_discard),
            "removed": list(self.removed),
            "agent_discard_by": list(self.agent_discard_by),
            "location_discard_by": list(self.location_discard_by),
            "refuted": [list(r) for r in self.refuted],
            "sightings": [list(s) for s in self.sightings],
            "agent": list(self.agent),
            "location": list(self.location),
            "agent_points": [list(p) for p in self.agent_points],
            "location_points": [list(p) for p in self.location_points],
            "location_returned": list(self.location_returned),
            "chips": list(self.chips),
            "holder": self.holder,
            "opening_left": self.opening_left,
            "gaze": [self.gaze_json(g) for g in self.gaze],
            "gaze_from": list(self.gaze_from),
            "arrived": list(self.arrived),
            "noticed": list(self.noticed),
            "winked": list(self.winked),
            "agent_epoch": list(self.agent_epoch),
            "location_epoch": list(self.location_epoch),
            "seen": [list(s) for s in self.seen],
            "now": self.now,
            "turn_started": self.turn_started,
            "over": self.over,
            "end_reason": self.end_reason,
            "stats": dict(self.stats),
        }


def options_to_kwargs(options: Mapping[str, Any]) -> dict[str, Any]:
    """Game options (as resolved by the core) to :meth:`WinkState.new` arguments."""
    return {
        "mode": str(options["mode"]),
        "first_game": bool(options["first_game"]),
        "agent_cards": int(options["agent_cards"]),
        "turn_seconds": float(options["turn_seconds"]),
        "look_seconds": int(options["look_ms"]) / 1000.0,
        "notice_seconds": int(options["notice_ms"]) / 1000.0,
        "signal": str(options["signal"]),
        # Rules 1 ended the game when the location deck ran out (rules_versions.toml).
        "reshuffle": options.get(RULES) != 1,
    }
