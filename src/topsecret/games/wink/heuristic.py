"""A bot that plays the winking game the way a careful person would.

It watches the table, winks at its contact only when nobody else is looking at it, answers
a wink with a glance toward its location, completes a mission only once it knows where to
meet, and accuses only winks it saw itself. It reads its seat's observation and nothing else,
so it plays the same in simulations (virtual clock) and on the server (real clock).

It reacts at human speed: every reaction (turning to look, winking, answering with a glance,
calling out a wink, taking the suitcase turn) is planned for ``now`` plus a delay drawn from
the reaction times in ``components.toml``, and happens only when that time has come and the
reason for it still holds. The server and the arena both ask the bot on every tick through
:meth:`HeuristicBot.act_at`, so both see the same human pace.

Timing values are the project's choice, tuned so that tables of these bots finish games with
missions completed and winks caught (see docs/games/wink.md). Each bot draws its own
temperament (patience, how long a gaze rests, how soon it gives up on a card) from its seed,
so a table of these bots does not play in lockstep.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core import Action, Bot, Rng, SeatView
from .actions import Accuse, CompleteMission, Draw, Glance, Look, Pass, Wink
from .components import Reaction, standard_components
from .knowledge import current_signals, known_cards

#: Seconds the suitcase holder waits for a signal before passing (each bot draws its own).
PATIENCE = (3.0, 5.0)
#: Seconds to keep looking at the contact after winking, waiting for a glance.
WAIT_FOR_GLANCE = (6.0, 10.0)
#: Seconds a wandering gaze rests on one player (uniform between the two).
DWELL = (1.0, 3.0)
#: Turns holding one agent card without learning the meeting place before replacing it.
TURNS_BEFORE_REPLACING = (2, 4)


@dataclass(frozen=True, slots=True)
class Plan:
    """An action the bot has decided on, and when its reaction will be done."""

    action: Action
    due: float
    #: A reaction to something seen (dropped when that is gone), not a wandering look.
    reactive: bool = True
    #: What the plan settles once done (a wink accused, a wink answered), if anything.
    settles: tuple[str, tuple[int, ...]] | None = None


def _between(rng: Rng, bounds: tuple[float, float]) -> float:
    return bounds[0] + rng.random() * (bounds[1] - bounds[0])


class HeuristicBot(Bot):
    """The winking game's heuristic player (the module's docstring says how it plays)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)
        reactions = standard_components()
        self._reactions: dict[str, Reaction] = {r.id: r for r in reactions.reactions}
        self._patience = _between(self._rng, PATIENCE)
        self._wait_for_glance = _between(self._rng, WAIT_FOR_GLANCE)
        low, high = TURNS_BEFORE_REPLACING
        self._turns_before_replacing = low + self._rng.below(high - low + 1)
        self._plan: Plan | None = None
        # The first wandering look comes this long after the bot first sees the table (at
        # the start of a game, or in a search's sampled world at any moment).
        self._first_glance_delay = _between(self._rng, (0.0, DWELL[0]))
        self._next_glance_move: float | None = None
        self._accused: set[tuple[int, ...]] = set()
        self._answered: set[tuple[int, ...]] = set()
        self._turns_with_card: dict[int, int] = {}
        self._last_turn_counted: float | None = None

    def choose(self, view: SeatView) -> Action:
        """Turn-by-turn use (no clock): decide at once, else the first legal action."""
        obs = view.observation()
        legal = view.legal_actions()
        wanted = self._reaction(obs, legal, obs["now"])
        if wanted is not None:
            action, _, settles = wanted
            self._settle(settles)
            return action
        return legal[0]

    def act_at(self, view: SeatView, now: float) -> Action | None:
        """Plan a reaction when something calls for one; act once its delay has passed.

        A plan whose reason is gone (the contact looked away, the suitcase moved on) is
        dropped; a new reason replaces it with a fresh delay.
        """
        obs = view.observation()
        if obs["over"]:
            self._plan = None
            return None
        if self._next_glance_move is None:
            self._next_glance_move = now + self._first_glance_delay
        legal = view.legal_actions()
        wanted = self._reaction(obs, legal, now)
        if wanted is not None:
            action, reaction, settles = wanted
            if self._plan is None or self._plan.action != action:
                delay = self._reactions[reaction].sample(self._rng)
                self._plan = Plan(action, now + delay, True, settles)
        elif self._plan is not None and self._plan.reactive:
            self._plan = None  # what it reacted to is gone
        elif self._plan is None and "gaze" in obs and not self._holds_gaze(obs, now):
            self._plan = self._wander(obs, now)
        plan = self._plan
        if plan is None or now < plan.due:
            return None
        self._plan = None
        if plan.action not in legal:
            return None
        self._settle(plan.settles)
        return plan.action

    def _settle(self, settles: tuple[str, tuple[int, ...]] | None) -> None:
        if settles is None:
            return
        kind, key = settles
        (self._accused if kind == "accused" else self._answered).add(key)

    def _reaction(
        self, obs: dict[str, Any], legal: list[Action], now: float
    ) -> tuple[Action, str, tuple[str, tuple[int, ...]] | None] | None:
        """What the situation calls for now, the reaction it takes, and what it settles."""
        if obs["over"]:
            return None
        accusation = self._accusation(obs, legal)
        if accusation is not None:
            action, key = accusation
            return action, "accuse", ("accused", key)
        if obs["holder"] == obs["seat"]:
            turn = self._turn(obs, now)
            if turn is not None:
                return turn, "suitcase", None
        if "gaze" not in obs:  # companion mode: people signal at the table, not on screen
            return None
        answer = self._answer(obs, legal)
        if answer is not None:
            return Glance(), "glance", ("answered", answer)
        contact_move = self._toward_contact(obs, now)
        if contact_move is None:
            return None
        return contact_move, "wink" if isinstance(contact_move, Wink) else "turn", None

    # -- catching ------------------------------------------------------------------

    def _accusation(
        self, obs: dict[str, Any], legal: list[Action]
    ) -> tuple[Action, tuple[int, ...]] | None:
        me = obs["seat"]
        for signal in current_signals(obs):
            target = signal["looking_at"]
            if signal["signal"] != "wink" or signal["seat"] == me or target["at"] != "seat":
                continue
            if target["seat"] == me:
                continue
            key = (signal["seat"], signal["agent_epoch"])
            action = Accuse(signal["seat"], target["seat"])
            if key not in self._accused and action in legal:
                return action, key
        return None

    # -- the suitcase ----------------------------------------------------------------

    def _turn(self, obs: dict[str, Any], now: float) -> Action | None:
        if obs["opening"]:
            return Draw()
        contact = obs["hand"]["agent"]
        if contact is None:
            return None
        _, locations = known_cards(obs)
        meeting = locations.get(contact)
        if obs["winked_with_this_card"] and meeting is not None:
            return CompleteMission(meeting)
        if now - obs["turn_started"] < self._patience:
            return None
        epoch = obs["players"][obs["seat"]]["agent_epoch"]
        if self._last_turn_counted != obs["turn_started"]:
            self._last_turn_counted = obs["turn_started"]
            self._turns_with_card[epoch] = self._turns_with_card.get(epoch, 0) + 1
        # A card whose contact was winked at and is still to answer is worth keeping.
        waiting = obs["winked_with_this_card"] and contact not in locations
        stale = self._turns_with_card.get(epoch, 0) >= self._turns_before_replacing
        return Pass(discard_agent=stale and not waiting)

    # -- signals ---------------------------------------------------------------------

    def _answer(self, obs: dict[str, Any], legal: list[Action]) -> tuple[int, ...] | None:
        """Someone who winked at me is looking at me: glance toward my location, once."""
        me = obs["seat"]
        if Glance() not in legal:
            return None
        my_epoch = obs["players"][me]["location_epoch"]
        for signal in current_signals(obs):
            target = signal["looking_at"]
            if signal["signal"] != "wink" or target != {"at": "seat", "seat": me}:
                continue
            winker = signal["seat"]
            key = (winker, signal["agent_epoch"], my_epoch)
            if key not in self._answered and winker in obs["watched_by"]:
                return key
        return None

    def _toward_contact(self, obs: dict[str, Any], now: float) -> Action | None:
        """Meet the contact's eyes, wink when nobody else watches, then wait for the answer."""
        contact = obs["hand"]["agent"]
        if contact is None:
            return None
        watched_by: list[int] = obs["watched_by"]
        gaze = obs["gaze"]
        looking_at = gaze["seat"] if gaze["at"] == "seat" else None
        _, locations = known_cards(obs)
        if obs["winked_with_this_card"]:
            waiting = contact not in locations and self._wink_age(obs, now) < self._wait_for_glance
            return Look(contact) if waiting and looking_at != contact else None
        if contact not in watched_by:
            return None
        if looking_at != contact:
            return Look(contact)
        if not obs.get("gaze_arrived", True):
            return None  # still turning: eyes meet once the gaze arrives
        # Mutual gaze: wink only if nobody else is watching me (that I have noticed).
        return Wink() if set(watched_by) == {contact} else None

    def _wander(self, obs: dict[str, Any], now: float) -> Plan | None:
        """Let the gaze wander when nothing calls for a reaction: the contact more often,
        whoever looks at me sometimes, anyone else otherwise."""
        if self._next_glance_move is None or now < self._next_glance_move:
            return None
        self._next_glance_move = now + _between(self._rng, DWELL)
        me = obs["seat"]
        contact = obs["hand"]["agent"]
        watched_by: list[int] = obs["watched_by"]
        gaze = obs["gaze"]
        looking_at = gaze["seat"] if gaze["at"] == "seat" else None
        if contact is not None and not obs["winked_with_this_card"] and self._rng.random() < 0.4:
            choice = contact
        elif watched_by and self._rng.random() < 0.5:
            choice = self._rng.choice(watched_by)
        else:
            others = [seat for seat in range(len(obs["players"])) if seat not in (me, looking_at)]
            choice = self._rng.choice(others)
        if choice == looking_at:
            return None
        return Plan(Look(choice), now + self._reactions["turn"].sample(self._rng), False)

    def _holds_gaze(self, obs: dict[str, Any], now: float) -> bool:
        """Eyes stay on the contact while waiting for the answer to a wink, or while others
        keep watching and the wink must wait."""
        contact = obs["hand"]["agent"]
        if contact is None or obs["gaze"] != {"at": "seat", "seat": contact}:
            return False
        if obs["winked_with_this_card"]:
            _, locations = known_cards(obs)
            return contact not in locations and self._wink_age(obs, now) < self._wait_for_glance
        return contact in obs["watched_by"]

    @staticmethod
    def _wink_age(obs: dict[str, Any], now: float) -> float:
        me = obs["seat"]
        epoch = obs["players"][me]["agent_epoch"]
        times = [
            s["time"]
            for s in obs["signals"]
            if s["seat"] == me and s["signal"] == "wink" and s["agent_epoch"] == epoch
        ]
        return now - max(times) if times else 0.0
