"""A sensible vault player that reads only its own observation.

It estimates from the public card counts how likely an assassin or a mole is this trick,
completes pairs when it can, starts pairs when the table is calm, fires assassins when the
others have more exposed than it has, banks when danger is high, and aims moles at the richest
card on the table.

Two bots that read the same table the same way would play the same cards for a whole deal
(every hand starts alike), so each bot draws from its seed a temperament: how much danger it
accepts, how much exposed value makes an assassin worth firing, how it spends cards when
danger is high. Every decision also wavers a little around that temperament, and moves that
are about as good as each other are chosen between at random. The chance of each decision
comes from the seed and the point of the game (deal, trick, step), so the same seed and the
same table give the same choice however often the bot is asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core import Action, Bot, Rng, SeatView
from .actions import Bank, KeepFaceUp, PlayCard, Steal
from .cards import ASSASSIN, DOCUMENT, MOLE, SPECIAL_AGENT

#: From this chance of a "Boom!" this trick up to a tenth more, a lone face-up document is
#: banked (measured: a bot more careful than this loses more to random play than it saves).
BANK_WHEN_BOOM_ABOVE = 0.3
#: Around this much exposed value of the opponents, firing an assassin is worth it.
ASSASSIN_WORTH_FROM = 20
#: The steps of a trick, to tell one decision from another.
PHASES = ("play", "steal", "bank", "over")
#: Two chances closer than this are a toss-up.
NEAR_TIE = 0.05


@dataclass(frozen=True, slots=True)
class Temperament:
    """How one bot weighs the risks of a game; drawn once from its seed."""

    #: Chance of a "Boom!" above which the bot plays safe (banks, spends cheap cards).
    bank_above: float
    #: Opponents' exposed value from which the bot fires an assassin.
    assassin_worth: float
    #: Share of documents left in the others' hands from which a mole is worth playing.
    mole_from: float
    #: Chance of a "Boom!" below which a lone document leads with the highest value.
    bold_below: float
    #: How a bot spends cards when danger is high and nothing of its own is exposed:
    #: relative weights of an assassin, its lowest document and a mole.
    spend_weights: tuple[float, float, float]
    #: How far each decision's reading of the danger may stray, as a share of it.
    waver: float

    @classmethod
    def draw(cls, rng: Rng) -> Temperament:
        return cls(
            bank_above=BANK_WHEN_BOOM_ABOVE + 0.1 * rng.random(),
            assassin_worth=ASSASSIN_WORTH_FROM + 8 * (2 * rng.random() - 1),
            mole_from=0.5 + 0.08 * (2 * rng.random() - 1),
            bold_below=0.15 + 0.05 * (2 * rng.random() - 1),
            spend_weights=(
                0.6 + 0.4 * rng.random(),
                0.1 + 0.3 * rng.random(),
                0.05 + 0.2 * rng.random(),
            ),
            waver=0.05 + 0.1 * rng.random(),
        )


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


def weighted_choice(rng: Rng, options: Sequence[tuple[float, Action]]) -> Action:
    """One action, each as likely as its weight."""
    total = sum(weight for weight, _ in options)
    point = rng.random() * total
    for weight, action in options:
        point -= weight
        if point < 0:
            return action
    return options[-1][1]


class HeuristicVaultBot(Bot):
    """The vault card game's heuristic player (the module's docstring says how it plays)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._seed = seed
        self.temperament = Temperament.draw(Rng(seed))
        self._rng = Rng(seed)

    def choose(self, view: SeatView) -> Action:
        obs = view.observation()
        legal = view.legal_actions()
        self._rng = self._decision_rng(obs)
        if obs["phase"] == "steal":
            return self._steal(obs, legal)
        if obs["phase"] == "bank":
            return self._bank(obs)
        return self._play(obs, legal)

    def _decision_rng(self, obs: dict[str, Any]) -> Rng:
        """This decision's chance, from the seed and the point of the game only, so asking
        the bot twice about one position gives one answer (a wrapper that sometimes
        overrules the bot, or a server that asks again, sees a steady player)."""
        point = (obs["deal"] * 1_000 + obs["trick"]) * 4 + PHASES.index(obs["phase"])
        return Rng(Rng(self._seed ^ point).next_u64())

    def _wavering(self, chance: float) -> float:
        """This decision's reading of a chance: the estimate strays a little either way."""
        return chance * (1.0 + self.temperament.waver * (2 * self._rng.random() - 1))

    def _toss(self) -> bool:
        return self._rng.random() < 0.5

    def _play(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        mood = self.temperament
        me = obs["seat"]
        seats = obs["seats"]
        plays = [a for a in legal if isinstance(a, PlayCard)]
        have = {(a.card, a.value): a for a in plays}
        documents = sorted((a for a in plays if a.card == DOCUMENT), key=lambda a: a.value)
        special = have.get((SPECIAL_AGENT, 0))
        assassin = have.get((ASSASSIN, 0))
        mole = have.get((MOLE, 0))
        p_boom = self._wavering(chance_any_plays(seats, me, ASSASSIN))
        p_mole = self._wavering(chance_any_plays(seats, me, MOLE))
        mine = seats[me]["face_up"]

        # Complete a pair on the table: the special agent also shields it from a bomb.
        if len(mine) == 1 and mine[0]["kind"] == DOCUMENT:
            match = have.get((DOCUMENT, mine[0]["value"]))
            if special is not None and match is not None and abs(p_boom - p_mole) < NEAR_TIE:
                return special if self._toss() else match
            if special is not None and (match is None or p_boom > p_mole):
                return special
            if match is not None:
                return match
        if len(mine) == 1 and mine[0]["kind"] == SPECIAL_AGENT and documents:
            return documents[-1]

        theirs = sum(exposed_value(s["face_up"]) for s in seats if s["seat"] != me)
        if assassin is not None and theirs >= mood.assassin_worth and theirs > exposed_value(mine):
            return assassin

        # Start a pair with a document that has a partner left in hand, when the table is calm.
        counts: dict[int, int] = {}
        for card in obs["hand"]:
            if card["kind"] == DOCUMENT:
                counts[card["value"]] = counts.get(card["value"], 0) + 1
        pairable = [a for a in documents if counts.get(a.value, 0) >= 2 or special is not None]
        if pairable and p_boom < mood.bank_above and not mine:
            # A pair scores four times its document: the higher, the likelier, but not always.
            return weighted_choice(self._rng, [(float(a.value) ** 2, a) for a in pairable])

        if mole is not None and p_boom < mood.bank_above:
            likely_documents = sum(
                s["hand_by_kind"].get(f"{DOCUMENT}:{v}", 0)
                for s in seats
                if s["seat"] != me
                for v in (5, 10, 15, 20)
            )
            cards_left = sum(s["hand_size"] for s in seats if s["seat"] != me) or 1
            if likely_documents / cards_left > mood.mole_from:
                return mole

        # Danger high: spend the cards that cost nothing to lose.
        if p_boom >= mood.bank_above:
            if exposed_value(mine) == 0:
                cheap = self._cheap_cards(assassin, documents, mole)
                if cheap:
                    return weighted_choice(self._rng, cheap)
            elif documents:
                return documents[0]
        if documents and not mine:
            return documents[-1] if p_boom < mood.bold_below else documents[0]
        for spare in (mole, assassin, special):
            if spare is not None:
                return spare
        return documents[0] if documents else self._rng.choice(legal)

    def _cheap_cards(
        self, assassin: Action | None, documents: list[PlayCard], mole: Action | None
    ) -> list[tuple[float, Action]]:
        """Cards worth little when a bomb is likely, weighted by this bot's temperament:
        an assassin (nothing of its own to lose), its lowest document, a mole."""
        weights = self.temperament.spend_weights
        candidates: list[tuple[float, Action | None]] = [
            (weights[0], assassin),
            (weights[1], documents[0] if documents else None),
            (weights[2], mole),
        ]
        return [(weight, action) for weight, action in candidates if action is not None]

    def _steal(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        me = obs["seat"]
        mine = obs["seats"][me]["face_up"]
        my_value = mine[0]["value"] if len(mine) == 1 and mine[0]["kind"] == DOCUMENT else 0
        if obs.get("stolen") != "face_up":
            # Loot hidden beside the safe never pairs: only its face value counts.
            my_value = 0
        played = (obs["last_trick"] or {}).get("played", {})

        def worth(action: Action) -> float:
            assert isinstance(action, Steal)
            card = played[str(action.target)]
            if card["kind"] == SPECIAL_AGENT:
                return 3 * my_value if my_value else 4
            bonus = 3 if card["value"] == my_value else 1
            return float(card["value"] * bonus)

        best = max(worth(action) for action in legal)
        # Equal prizes: which one the mole goes for is a coin toss, not the lowest seat.
        return self._rng.choice([action for action in legal if worth(action) == best])

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
        p_boom = self._wavering(chance_any_plays(seats, me, ASSASSIN))
        if can_pair and p_boom < self.temperament.bank_above:
            return KeepFaceUp()
        return Bank()
