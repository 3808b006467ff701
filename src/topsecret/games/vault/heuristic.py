"""A sensible vault player that reads only its own observation.

It estimates from the public card counts how likely an assassin or a mole is this trick,
completes pairs when it can, starts pairs when the table is calm, fires assassins when the
others have more exposed than it has, banks when danger is high, and aims moles at the richest
card on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core import Action, Bot, Rng, SeatView
from .actions import Bank, KeepFaceUp, PlayCard, Steal
from .cards import ASSASSIN, DOCUMENT, MOLE, SPECIAL_AGENT

#: Above this chance of a "Boom!" this trick, a lone face-up document is banked.
BANK_WHEN_BOOM_ABOVE = 0.3
#: Opponents' exposed value that makes firing an assassin worth it.
ASSASSIN_WORTH_FROM = 20


def chance_any_plays(seats: Sequence[dict[str, Any]], me: int, kind: str) -> float:
    """Chance that at least one opponent plays a card of this kind, if they played at random."""
    none = 1.0
    for seat in seats:
        if seat["seat"] == me or seat["hand_size"] == 0:
            continue
        none *= 1.0 - seat["hand_by_kind"].get(kind, 0) / seat["hand_size"]
    return 1.0 - none


def exposed_value(face_up: Sequence[dict[str, Any]]) -> int:
    """What an assassin would destroy in one face-up stack (special agents shield)."""
    total = 0
    for i, card in enumerate(face_up):
        shielded = i + 1 < len(face_up) and face_up[i + 1]["kind"] == SPECIAL_AGENT
        if card["kind"] == DOCUMENT and not shielded:
            total += card["value"]
    return total


class HeuristicVaultBot(Bot):
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def choose(self, view: SeatView) -> Action:
        obs = view.observation()
        legal = view.legal_actions()
        if obs["phase"] == "steal":
            return self._steal(obs, legal)
        if obs["phase"] == "bank":
            return self._bank(obs)
        return self._play(obs, legal)

    def _play(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        me = obs["seat"]
        seats = obs["seats"]
        plays = [a for a in legal if isinstance(a, PlayCard)]
        have = {(a.card, a.value): a for a in plays}
        documents = sorted((a for a in plays if a.card == DOCUMENT), key=lambda a: a.value)
        special = have.get((SPECIAL_AGENT, 0))
        assassin = have.get((ASSASSIN, 0))
        mole = have.get((MOLE, 0))
        p_boom = chance_any_plays(seats, me, ASSASSIN)
        p_mole = chance_any_plays(seats, me, MOLE)
        mine = seats[me]["face_up"]

        # Complete a pair on the table: the special agent also shields it from a bomb.
        if len(mine) == 1 and mine[0]["kind"] == DOCUMENT:
            match = have.get((DOCUMENT, mine[0]["value"]))
            if special is not None and (match is None or p_boom > p_mole):
                return special
            if match is not None:
                return match
        if len(mine) == 1 and mine[0]["kind"] == SPECIAL_AGENT and documents:
            return documents[-1]

        theirs = sum(exposed_value(s["face_up"]) for s in seats if s["seat"] != me)
        if assassin is not None and theirs >= ASSASSIN_WORTH_FROM and theirs > exposed_value(mine):
            return assassin

        # Start a pair with a document that has a partner left in hand, when the table is calm.
        counts: dict[int, int] = {}
        for card in obs["hand"]:
            if card["kind"] == DOCUMENT:
                counts[card["value"]] = counts.get(card["value"], 0) + 1
        pairable = [a for a in documents if counts.get(a.value, 0) >= 2 or special is not None]
        if pairable and p_boom < BANK_WHEN_BOOM_ABOVE and not mine:
            return pairable[-1]

        if mole is not None and p_boom < BANK_WHEN_BOOM_ABOVE:
            likely_documents = sum(
                s["hand_by_kind"].get(f"{DOCUMENT}:{v}", 0)
                for s in seats
                if s["seat"] != me
                for v in (5, 10, 15, 20)
            )
            cards_left = sum(s["hand_size"] for s in seats if s["seat"] != me) or 1
            if likely_documents / cards_left > 0.5:
                return mole

        # Danger high: spend the cards that cost nothing to lose.
        if p_boom >= BANK_WHEN_BOOM_ABOVE:
            if assassin is not None and exposed_value(mine) == 0:
                return assassin
            if documents:
                return documents[0]
        if documents and not mine:
            return documents[-1] if p_boom < 0.15 else documents[0]
        for spare in (mole, assassin, special):
            if spare is not None:
                return spare
        return documents[0] if documents else self._rng.choice(legal)

    def _steal(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        me = obs["seat"]
        mine = obs["seats"][me]["face_up"]
        my_value = mine[0]["value"] if len(mine) == 1 and mine[0]["kind"] == DOCUMENT else 0
        played = (obs["last_trick"] or {}).get("played", {})

        def worth(action: Action) -> float:
            assert isinstance(action, Steal)
            card = played[str(action.target)]
            if card["kind"] == SPECIAL_AGENT:
                return 3 * my_value if my_value else 4
            bonus = 3 if card["value"] == my_value else 1
            return float(card["value"] * bonus)

        return max(legal, key=worth)

    def _bank(self, obs: dict[str, Any]) -> Action:
        me = obs["seat"]
        seats = obs["seats"]
        mine = seats[me]["face_up"]
        card = mine[0]
        kinds = {(c["kind"], c["value"]) for c in obs["hand"]}
        if card["kind"] == SPECIAL_AGENT:
            # A lone special agent fears no bomb and no mole: keep it while documents remain.
            return KeepFaceUp() if any(k == DOCUMENT for k, _ in kinds) else Bank()
        can_pair = (DOCUMENT, card["value"]) in kinds or (SPECIAL_AGENT, 0) in kinds
        if can_pair and chance_any_plays(seats, me, ASSASSIN) < BANK_WHEN_BOOM_ABOVE:
            return KeepFaceUp()
        return Bank()
