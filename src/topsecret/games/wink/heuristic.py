"""A bot that plays the winking game the way a careful person would.

It watches the table, winks at its contact only when nobody else is looking at it, answers
a wink with a glance toward its location, completes a mission only once it knows where to
meet, and accuses only winks it saw itself. It reads its seat's observation and nothing else,
so it plays the same in simulations (virtual clock) and on the server (real clock).

Timing values are the project's choice, tuned so that tables of these bots finish games with
missions completed and winks caught (see docs/games/wink.md).
"""

from __future__ import annotations

from typing import Any

from ...core import Action, Bot, Rng, SeatView
from .actions import Accuse, CompleteMission, Draw, Glance, Look, Pass, Wink
from .knowledge import current_signals, known_cards

#: Seconds the suitcase holder waits for a signal before passing.
PATIENCE = 4.0
#: Seconds to keep looking at the contact after winking, waiting for a glance.
WAIT_FOR_GLANCE = 8.0
#: Seconds a wandering gaze rests on one player (uniform between the two).
DWELL = (1.0, 3.0)
#: Turns holding one agent card without learning the meeting place before replacing it.
TURNS_BEFORE_REPLACING = 3


class HeuristicBot(Bot):
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)
        self._next_glance_move = 0.0
        self._accused: set[tuple[int, int]] = set()
        self._answered: set[tuple[int, int, int]] = set()
        self._turns_with_card: dict[int, int] = {}
        self._last_turn_counted: float | None = None

    def choose(self, view: SeatView) -> Action:
        """Turn-by-turn use (no clock): act as on a tick, else the first legal action."""
        action = self.act_at(view, view.observation()["now"])
        return action if action is not None else view.legal_actions()[0]

    def act_at(self, view: SeatView, now: float) -> Action | None:
        obs = view.observation()
        if obs["over"]:
            return None
        me = obs["seat"]
        legal = view.legal_actions()
        accusation = self._accusation(obs, legal)
        if accusation is not None:
            return accusation
        if obs["holder"] == me:
            turn = self._turn(obs, now)
            if turn is not None:
                return turn
        if "gaze" not in obs:  # companion mode: people signal at the table, not on screen
            return None
        answer = self._answer(obs, legal)
        if answer is not None:
            return answer
        return self._watch(obs, legal, now)

    # -- catching ------------------------------------------------------------------

    def _accusation(self, obs: dict[str, Any], legal: list[Action]) -> Action | None:
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
                self._accused.add(key)
                return action
        return None

    # -- the suitcase ----------------------------------------------------------------

    def _turn(self, obs: dict[str, Any], now: float) -> Action | None:
        if obs["opening"]:
            return Draw()
        contact = obs["hand"]["agent"]
        if contact is None:
            return None
        _, locations = known_cards(obs)
        if obs["winked_with_this_card"] and contact in locations:
            return CompleteMission(locations[contact])
        if now - obs["turn_started"] < PATIENCE:
            return None
        epoch = obs["players"][obs["seat"]]["agent_epoch"]
        if self._last_turn_counted != obs["turn_started"]:
            self._last_turn_counted = obs["turn_started"]
            self._turns_with_card[epoch] = self._turns_with_card.get(epoch, 0) + 1
        stale = self._turns_with_card.get(epoch, 0) >= TURNS_BEFORE_REPLACING
        return Pass(discard_agent=stale)

    # -- signals ---------------------------------------------------------------------

    def _answer(self, obs: dict[str, Any], legal: list[Action]) -> Action | None:
        """Glance toward my location for whoever winked at me, while they look at me."""
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
                self._answered.add(key)
                return Glance()
        return None

    def _watch(self, obs: dict[str, Any], legal: list[Action], now: float) -> Action | None:
        me = obs["seat"]
        contact = obs["hand"]["agent"]
        watched_by: list[int] = obs["watched_by"]
        gaze = obs["gaze"]
        looking_at = gaze["seat"] if gaze["at"] == "seat" else None
        if contact is not None:
            _, locations = known_cards(obs)
            informed = contact in locations
            if obs["winked_with_this_card"]:
                waiting = not informed and self._wink_age(obs, now) < WAIT_FOR_GLANCE
                if waiting and looking_at != contact:
                    return Look(contact)
                if waiting:
                    return None
            elif contact in watched_by:
                if looking_at == contact:
                    # Mutual gaze: wink only if nobody else is watching me.
                    return Wink() if set(watched_by) == {contact} else None
                return Look(contact)
        if now < self._next_glance_move:
            return None
        self._next_glance_move = now + DWELL[0] + self._rng.random() * (DWELL[1] - DWELL[0])
        if contact is not None and not obs["winked_with_this_card"] and self._rng.random() < 0.4:
            choice = contact
        elif watched_by and self._rng.random() < 0.5:
            choice = self._rng.choice(watched_by)
        else:
            others = [seat for seat in range(len(obs["players"])) if seat != me]
            choice = self._rng.choice(others)
        action = Look(choice)
        return action if action in legal else None

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
