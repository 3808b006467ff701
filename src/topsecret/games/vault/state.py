"""The vault table and its rules.

Section names in rule citations are those of the French rulebook (rules/002_…):
"Préparation", "Début du tour de jeu", "Tour de jeu", "Paires homogènes", "Fin de la partie",
"Manches".

A deal is a series of tricks. Each trick is up to three simultaneous steps:

1. ``play``: every seat chooses a card, hidden until all have chosen;
2. ``steal``: seats whose mole may steal choose their target (only without an assassin);
3. ``bank``: seats with a lone face-up card that arrived this trick choose to bank it (x1)
   or keep it face up to build a pair.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...core import Action, Event, IllegalAction, Rng, SimultaneousStep, State, public
from ...i18n import N_
from .actions import Bank, PlayCard, Steal
from .cards import (
    ASSASSIN,
    DOCUMENT,
    HAND_KINDS,
    MOLE,
    SAFE,
    SPECIAL_AGENT,
    Card,
    VaultComponents,
)
from .text import card_message
from .view_parts import ViewParts, copy_record

if TYPE_CHECKING:
    from .game import VaultGame

RULE_PLAY = N_("Rulebook 002 §Début du tour de jeu: each player plays one card from their hand")
RULE_MOLE = N_(
    "Rulebook 002 §Une taupe a été jouée: a mole steals a secret document or special agent "
    "that an opponent has just played"
)
RULE_BANK = N_(
    "Rulebook 002 §Tour de jeu: a player with a lone face-up card banks it on the x1 side "
    "or leaves it face up to build a pair"
)
#: The engine's error messages, translated where they are shown (topsecret.i18n.error_text).
HOLDS_NO = N_("seat {seat} holds no {card}")
NO_VALUE = N_("only secret documents have a value: play the {card} with value 0")
MUST_PLAY = N_("every player must now choose a card to play")
NOTHING_TO_STEAL = N_("seat {seat} played no card this mole may steal")
MUST_STEAL = N_("the moles must now choose what to steal")
MUST_BANK = N_("now each lone face-up card is banked or kept")

PLAY, STEAL, BANK, OVER = "play", "steal", "bank", "over"
#: Option ``stolen``, Rulebook 002 §Une taupe a été jouée: a mole's loot lies hidden beside the
#: thief's safe (the rule), or face up beside it "pour rendre le jeu plus passionnant" (the
#: variant), where it can pair like a card its thief played.
HIDDEN, FACE_UP = "hidden", "face_up"
#: Seat numbers as the string keys of JSON records, made once.
SEAT_KEYS = tuple(str(seat) for seat in range(64))
_KIND_ORDER = {kind: i for i, kind in enumerate(HAND_KINDS)}


def card_sort_key(card: Card) -> tuple[int, int, int]:
    return (_KIND_ORDER[card.kind], card.value, card.id)


def is_pair(a: Card, b: Card) -> bool:
    """Rulebook 002 §Paires homogènes: two documents of equal value, or a document and a
    special agent (the joker)."""
    if a.kind == DOCUMENT and b.kind == DOCUMENT:
        return a.value == b.value
    return {a.kind, b.kind} == {DOCUMENT, SPECIAL_AGENT}


def pair_points(a: Card, b: Card) -> int:
    """Rulebook 002 §Fin de la partie: the x2 side doubles; a special agent there is worth what
    its document is worth, so a pair always scores four times the document's value."""
    document_value = a.value if a.kind == DOCUMENT else b.value
    return 4 * document_value


def survives_assassin(stack: Sequence[Card], index: int) -> bool:
    """Rulebook 002 §Tour de jeu: special agents are immune and protect the card under them."""
    if stack[index].kind == SPECIAL_AGENT:
        return True
    above = index + 1
    return above < len(stack) and stack[above].kind == SPECIAL_AGENT


class VaultState(State):
    """One vault table. Hidden: the cards in hand (their kinds are public knowledge, as every
    hand starts the same and every played card is revealed) and uncommitted choices."""

    __slots__ = (
        "_arrived",
        "_extras",
        "_game",
        "_hand_options",
        "_just_played",
        "_moles",
        "_n",
        "_parts_borrowed",
        "_rng",
        "_set_aside",
        "_step",
        "_view_parts",
        "cards",
        "components",
        "deal",
        "deal_scores",
        "deal_sides",
        "discard",
        "face_up",
        "hands",
        "last_trick",
        "options",
        "phase",
        "played",
        "safes",
        "totals",
        "trick",
        "x1",
        "x2",
    )

    def __init__(
        self,
        game: VaultGame,
        components: VaultComponents,
        players: int,
        options: Mapping[str, Any],
        seed: int,
    ) -> None:
        self._game = game
        self.components = components
        self.cards: tuple[Card, ...] = components.deck()
        self._n = players
        self.options = dict(options)
        self._rng = Rng(seed)
        self.totals = [0] * players
        #: One list per finished deal: that deal's score for each seat.
        self.deal_scores: list[list[int]] = []
        #: One list per finished deal: each seat's (x1 points, x2 points, x2 pairs), which
        #: add up to that deal's score (the end screen shows the split deal by deal).
        self.deal_sides: list[list[tuple[int, int, int]]] = []
        self.deal = 0
        self._view_parts: ViewParts | None = None
        #: The view parts are the original's (this state is a copy that has not built a view).
        self._parts_borrowed = False
        self._start_deal()

    # -- set-up -----------------------------------------------------------------------

    def _start_deal(self) -> None:
        """Rulebook 002 §Préparation: each player takes the 16 cards of one colour; small tables
        add agents from unused colours and set aside the documents of value 20."""
        n = self._n
        colours = list(self.components.colours)
        self._rng.shuffle(colours)
        mine, unused = colours[:n], colours[n:]
        small = self.components.small_tables.get(n)
        in_hand = self._game.hand_cards
        hands = [list(in_hand[colour]) for colour in mine]
        if small is not None:
            removed = (DOCUMENT, small.remove_document_value)
            hands = [[c for c in hand if self.cards[c].type_key != removed] for hand in hands]
        extras: list[tuple[int, ...]] = [() for _ in range(n)]
        set_aside: list[int] = []
        if small is not None:
            spare = [c for c in self.cards if c.colour in unused]
            moles = [c.id for c in spare if c.kind == MOLE]
            assassins = [c.id for c in spare if c.kind == ASSASSIN]
            self._rng.shuffle(moles)
            self._rng.shuffle(assassins)
            for seat, hand in enumerate(hands):
                added = [moles.pop() for _ in range(small.extra_moles)]
                added += [assassins.pop() for _ in range(small.extra_assassins)]
                hand.extend(added)
                extras[seat] = tuple(sorted(added))
            set_aside = moles + assassins
        self._begin_deal_with(hands, tuple(mine), extras, set_aside)

    def _begin_deal_with(
        self,
        hands: list[list[int]],
        safes: tuple[str, ...],
        extras: list[tuple[int, ...]],
        set_aside: list[int],
    ) -> None:
        """Lay out a deal. ``safes`` are the colours lying face up, so every card of a seat's
        colour is known to be in its hand until played; ``extras`` are the agents a small
        table adds from unused colours, hidden from the others, drawn from a pool whose
        undealt rest is ``set_aside``."""
        rank = self._game.hand_rank.__getitem__
        self.hands = [sorted(h, key=rank) for h in hands]
        self._hand_options = [self._play_options(hand) for hand in self.hands]
        self.safes = safes
        self._extras = extras
        self._set_aside = tuple(sorted(set_aside))
        #: Every card each seat has played this deal, in order: public, as each was revealed.
        self.played: list[list[int]] = [[] for _ in range(self._n)]
        self.face_up: list[list[int]] = [[] for _ in range(self._n)]
        self.x1: list[list[int]] = [[] for _ in range(self._n)]
        self.x2: list[list[tuple[int, int]]] = [[] for _ in range(self._n)]
        self.discard: list[int] = []
        self.trick = 1
        self.last_trick: dict[str, Any] | None = None
        self._just_played: dict[int, int] = {}
        #: Moles played this trick: seat -> card id.
        self._moles: dict[int, int] = {}
        self._arrived: set[int] = set()
        self.phase = PLAY
        self._step: SimultaneousStep | None = SimultaneousStep(PLAY, range(self._n))

    @classmethod
    def arranged(
        cls,
        hands: Sequence[Sequence[str]],
        *,
        face_up: Sequence[Sequence[str]] | None = None,
        x1: Sequence[Sequence[str]] | None = None,
        totals: Sequence[int] | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
    ) -> VaultState:
        """A table laid out by hand, for examples, puzzles and tests.

        Cards are written ``"doc5"``, ``"doc10"``, ``"doc15"``, ``"doc20"``, ``"assassin"``,
        ``"mole"`` or ``"special"``; colours are taken from the deck in order. Every hand must
        hold the same number of cards, as in a real deal.
        """
        from .game import GAME

        players = len(hands)
        GAME.check_players(players)
        state = cls(GAME, GAME.components, players, GAME.resolve_options(options), seed)
        if len({len(h) for h in hands}) != 1:
            raise ValueError("every hand must hold the same number of cards")
        free = [c for c in state.cards if c.kind != SAFE]

        def take(spec: str) -> int:
            key = parse_card_spec(spec)
            for i, card in enumerate(free):
                if card.type_key == key:
                    return free.pop(i).id
            raise ValueError(f"the deck has no more {spec!r} cards")

        # Laid out by hand, every seat's cards count as known by their colour: only choices
        # not yet revealed are hidden.
        state._begin_deal_with(
            [[take(s) for s in hand] for hand in hands],
            GAME.components.colours[:players],
            [() for _ in range(players)],
            [],
        )
        for seat, cards in enumerate(face_up or []):
            state.face_up[seat] = [take(s) for s in cards]
        for seat, cards in enumerate(x1 or []):
            state.x1[seat] = [take(s) for s in cards]
        if totals is not None:
            state.totals = list(totals)
        return state

    # -- contract: identity -------------------------------------------------------------

    @property
    def game(self) -> VaultGame:
        return self._game

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def rng(self) -> Rng:
        return self._rng

    def open_step(self) -> SimultaneousStep | None:
        return self._step

    # -- contract: legal actions ----------------------------------------------------------

    def legal_actions(self, player: int) -> list[Action]:
        step = self._step
        if step is None or player not in step.waiting():
            return []
        if self.phase == PLAY:
            return list(self._hand_options[player])
        return self._options(player)

    def _options(self, player: int) -> list[Action]:
        """What the seat may choose in the open step, whether or not it has chosen yet."""
        if self.phase == PLAY:
            return list(self._hand_options[player])
        if self.phase == STEAL:
            steals = self._game.steal_actions
            return [steals[seat] for seat in self._steal_targets(player)]
        return list(self._game.bank_choices)

    def _play_options(self, hand: list[int]) -> tuple[Action, ...]:
        """One PlayCard per kind and value in a hand (kept, as hands change only on a reveal).

        A hand is kept in hand order, so cards of one kind and value sit together and share
        one action object: comparing neighbours by identity is enough."""
        actions = self._game.play_actions
        options: list[Action] = []
        previous = None
        for cid in hand:
            action = actions[cid]
            if action is not previous:
                options.append(action)
                previous = action
        return tuple(options)

    def _steal_targets(self, player: int) -> list[int]:
        return [seat for seat in self._just_played if seat != player]

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        if self.phase == PLAY:
            if isinstance(action, PlayCard):
                if action.card != DOCUMENT and action.value != 0 and action.card in HAND_KINDS:
                    # A seat holding the card would be told it holds none: the value is wrong.
                    name = card_message(action.card, 0)
                    return IllegalAction(
                        NO_VALUE.format(card=describe_card_key(action.card, 0)),
                        RULE_PLAY,
                        template=NO_VALUE,
                        params={"card": name},
                    )
                card = describe_card_key(action.card, action.value)
                # Players count seats from 1.
                return IllegalAction(
                    HOLDS_NO.format(seat=player + 1, card=card),
                    RULE_PLAY,
                    template=HOLDS_NO,
                    params={"seat": player + 1, "card": card_message(action.card, action.value)},
                )
            return IllegalAction(MUST_PLAY, RULE_PLAY, template=MUST_PLAY)
        if self.phase == STEAL:
            if isinstance(action, Steal):
                return IllegalAction(
                    NOTHING_TO_STEAL.format(seat=action.target + 1),
                    RULE_MOLE,
                    template=NOTHING_TO_STEAL,
                    params={"seat": action.target + 1},
                )
            return IllegalAction(MUST_STEAL, RULE_MOLE, template=MUST_STEAL)
        return IllegalAction(MUST_BANK, RULE_BANK, template=MUST_BANK)

    def default_action(self, player: int) -> Action:
        """On a timeout: play the lowest card, steal the richest, bank what is face up."""
        if self.phase == BANK:
            return Bank()
        if self.phase == STEAL:
            targets = self._steal_targets(player)
            return Steal(max(targets, key=lambda s: self._steal_value(player, s)))
        return super().default_action(player)

    def _steal_value(self, thief: int, target: int) -> int:
        card = self.cards[self._just_played[target]]
        if card.kind == DOCUMENT:
            return card.value
        # A special agent is worth something only as a joker, and only face-up loot can pair.
        return self._best_face_up_value(thief) if self.options["stolen"] == FACE_UP else 0

    def _best_face_up_value(self, seat: int) -> int:
        return max((self.cards[c].value for c in self.face_up[seat]), default=0)

    # -- contract: resolving steps --------------------------------------------------------

    def _resolve(self, choices: Mapping[int, Action]) -> list[Event]:
        if self.phase == PLAY:
            return self._resolve_play(choices)
        if self.phase == STEAL:
            return self._resolve_steals(choices)
        return self._resolve_bank(choices)

    def _resolve_play(self, choices: Mapping[int, Action]) -> list[Event]:
        """Rulebook 002 §Début du tour de jeu: all reveal at once, then the cards act."""
        played: dict[int, int] = {}
        revealed: dict[str, dict[str, Any]] = {}
        cards = self.cards
        actions = self._game.play_actions
        shared = self._game.shared_plays
        arrived: set[int] = set()
        just_played: dict[int, int] = {}
        moles: dict[int, int] = {}
        self._arrived, self._just_played, self._moles = arrived, just_played, moles
        assassins: list[int] = []
        for seat, action in choices.items():
            wanted = shared[action]
            hand = self.hands[seat]
            # The lowest card of the chosen kind: the hand is in hand order.
            index = 0
            while actions[hand[index]] is not wanted:
                index += 1
            cid = hand.pop(index)
            played[seat] = cid
            self.played[seat].append(cid)
            if index == len(hand) or actions[hand[index]] is not wanted:
                options = self._hand_options[seat]
                self._hand_options[seat] = tuple(a for a in options if a is not wanted)
            card = cards[cid]
            revealed[SEAT_KEYS[seat]] = card.to_json()
            kind = card.kind
            if kind in (DOCUMENT, SPECIAL_AGENT):
                self.face_up[seat].append(cid)
                just_played[seat] = cid
                arrived.add(seat)
            elif kind == ASSASSIN:
                assassins.append(seat)
            else:
                moles[seat] = cid
        self.last_trick = {
            "trick": self.trick,
            "played": revealed,
            "boom": bool(assassins),
            "destroyed": [],
            "steals": [],
            "banked": [],
            "pairs": [],
        }
        events = [public("revealed", trick=self.trick, cards=self.last_trick["played"])]
        if assassins:
            events.extend(self._explode(assassins, played))
            return events + self._finish_trick()
        if self._moles:
            hunters = [seat for seat in self._moles if self._steal_targets(seat)]
            if hunters:
                self.phase = STEAL
                self._step = SimultaneousStep(STEAL, hunters)
                return events
            events.append(public("moles_found_nothing", seats=list(self._moles)))
            self.discard.extend(self._moles.values())
        return events + self._finish_trick()

    def _explode(self, assassins: list[int], played: Mapping[int, int]) -> list[Event]:
        """Rulebook 002 §Un assassin a été joué: "Boum !" destroys every face-up card outside
        a safe but special agents and the card under one; moles blow up before they steal."""
        destroyed: list[int] = []
        cards = self.cards
        for seat, ids in enumerate(self.face_up):
            if not ids:
                continue
            stack = [cards[c] for c in ids]
            keep = [c.id for i, c in enumerate(stack) if survives_assassin(stack, i)]
            if len(keep) < len(ids):
                destroyed.extend(c for c in ids if c not in keep)
                self.face_up[seat] = keep
        destroyed.extend(cid for cid in played.values() if self.cards[cid].kind in (ASSASSIN, MOLE))
        self.discard.extend(destroyed)
        assert self.last_trick is not None
        self.last_trick["destroyed"] = [self.cards[c].to_json() for c in destroyed]
        return [
            public(
                "boom",
                assassins=assassins,
                destroyed=[self.cards[c].to_json() for c in destroyed],
            )
        ]

    def _resolve_steals(self, choices: Mapping[int, Action]) -> list[Event]:
        """Rulebook 002 §Une taupe a été jouée: each mole steals once; two moles after the same
        card: the first hand on it wins, which the engine settles by a seeded draw.

        The loot never joins the thief's hand. By the rule it lies hidden beside the thief's
        safe: out of every later trick's reach, scored at face value (a special agent alone,
        for nothing), which is what the x1 side holds, so it is kept there. With the option
        ``stolen=face_up`` it lies face up beside the safe, where it may pair (§Paires
        homogènes 2b) and may be banked or kept like a card its thief played (§Tour de jeu)."""
        hidden = self.options["stolen"] == HIDDEN
        by_target: dict[int, list[int]] = {}
        for seat, action in choices.items():
            assert isinstance(action, Steal)
            by_target.setdefault(action.target, []).append(seat)
        events: list[Event] = []
        assert self.last_trick is not None
        for target in sorted(by_target):
            claimants = by_target[target]
            thief = claimants[0] if len(claimants) == 1 else self._rng.choice(claimants)
            cid = self._just_played.pop(target)
            self.face_up[target].remove(cid)
            if hidden:
                self.x1[thief].append(cid)
            else:
                self.face_up[thief].append(cid)
                self._arrived.add(thief)
            steal = {"thief": thief, "victim": target, "card": self.cards[cid].to_json()}
            self.last_trick["steals"].append(steal)
            too_slow = [s for s in claimants if s != thief]
            events.append(public("stolen", **steal, too_slow=too_slow, hidden=hidden))
        self.discard.extend(self._moles.values())
        return events + self._finish_trick()

    def _finish_trick(self) -> list[Event]:
        """Rulebook 002 §Paires homogènes: a pair goes to the x2 side at once; two face-up cards
        that do not match go to the x1 side. Then lone new face-up cards are banked or kept."""
        events: list[Event] = []
        assert self.last_trick is not None
        for seat, stack in enumerate(self.face_up):
            if len(stack) == 2:
                a, b = self.cards[stack[0]], self.cards[stack[1]]
                if is_pair(a, b):
                    self.x2[seat].append((a.id, b.id))
                    self.last_trick["pairs"].append({"seat": seat, "cards": [a.id, b.id]})
                    events.append(public("paired", seat=seat, cards=[a.to_json(), b.to_json()]))
                else:
                    self.x1[seat].extend(stack)
                    self.last_trick["banked"].append({"seat": seat, "cards": [a.id, b.id]})
                    events.append(public("banked", seat=seat, cards=[a.to_json(), b.to_json()]))
                self.face_up[seat] = []
        if not self.hands[0]:
            return events + self._end_deal()
        deciding = [s for s in sorted(self._arrived) if len(self.face_up[s]) == 1]
        if deciding:
            self.phase = BANK
            self._step = SimultaneousStep(BANK, deciding)
            return events
        return events + self._next_trick()

    def _resolve_bank(self, choices: Mapping[int, Action]) -> list[Event]:
        events: list[Event] = []
        assert self.last_trick is not None
        for seat, action in choices.items():
            if isinstance(action, Bank):
                cards = self.face_up[seat]
                self.x1[seat].extend(cards)
                self.face_up[seat] = []
                self.last_trick["banked"].append({"seat": seat, "cards": list(cards)})
                events.append(
                    public("banked", seat=seat, cards=[self.cards[c].to_json() for c in cards])
                )
            else:
                events.append(public("kept_face_up", seat=seat))
        return events + self._next_trick()

    def _next_trick(self) -> list[Event]:
        self.trick += 1
        self.phase = PLAY
        self._step = SimultaneousStep(PLAY, range(self._n))
        return [public("trick_started", deal=self.deal + 1, trick=self.trick)]

    def _end_deal(self) -> list[Event]:
        """Rulebook 002 §Fin de la partie and §Manches. Cards still face up after the last
        trick are banked on the x1 side: no later card can pair them."""
        events: list[Event] = []
        for seat in range(self._n):
            if self.face_up[seat]:
                self.x1[seat].extend(self.face_up[seat])
                self.face_up[seat] = []
        sides = [(*self.side_scores(seat), len(self.x2[seat])) for seat in range(self._n)]
        self.deal_sides.append(sides)
        scores = [x1 + x2 for x1, x2, _ in sides]
        self.deal_scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        events.append(public("deal_scored", deal=self.deal + 1, scores=scores, totals=self.totals))
        self._step = None
        if self.options["single_deal"] or max(self.totals) >= self.target():
            self.phase = OVER
            events.append(public("game_over", totals=self.totals, winners=self.winners()))
            return events
        self.deal += 1
        self._start_deal()
        events.append(public("deal_started", deal=self.deal + 1))
        return events

    def deal_score(self, seat: int) -> int:
        """x1 cards at face value (a special agent there is worth nothing); x2 pairs double."""
        single, doubled = self.side_scores(seat)
        return single + doubled

    def side_scores(self, seat: int) -> tuple[int, int]:
        """What this deal's x1 and x2 sides of a seat's safe are worth so far."""
        single = sum(self.cards[c].value for c in self.x1[seat])
        doubled = sum(pair_points(self.cards[a], self.cards[b]) for a, b in self.x2[seat])
        return single, doubled

    # -- contract: what may be known --------------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:
        return self.observations([player])[0]

    def observations(self, players: Sequence[int | None]) -> list[dict[str, Any]]:
        # The table, the safes and the discard are the same for every seat: built once, and
        # so are the lists of the step's views.
        public = self._public_view()
        step = self._step
        steps = step.views_for(players) if step is not None else [None] * len(players)
        return [
            self._observe(player, public, step_view)
            for player, step_view in zip(players, steps, strict=True)
        ]

    def _observe(
        self,
        player: int | None,
        public: tuple[dict[str, Any], dict[str, Any]],
        step: dict[str, Any] | None,
    ) -> dict[str, Any]:
        """One seat's view: the public parts around its seat, step view and hand."""
        head, tail = public
        out: dict[str, Any] = {"game": "vault", "seat": player, **head}
        out["step"] = step
        out.update(tail)
        if player is not None:
            out["hand"] = self._parts().hand(player, self.hands[player])
            if self.phase == STEAL and self._step is not None and player in self._step.seats:
                out["steal_targets"] = self._steal_targets(player)
        return out

    def _parts(self) -> ViewParts:
        parts = self._view_parts
        if parts is None or self._parts_borrowed:
            fresh = ViewParts(self.components.card_json) if parts is None else parts.copy()
            parts = self._view_parts = fresh
            self._parts_borrowed = False
        return parts

    def _public_view(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """What every seat and spectator sees, before and after the step's view.

        A part whose contents did not change since the last view is the same object as in
        that view (see :class:`ViewParts`), so a server tells what changed mostly by identity.
        """
        parts = self._parts()
        # Everything a seat's part shows, by contents (the lists change in place).
        seats = parts.seat_list(
            [
                parts.seat(
                    seat,
                    (
                        self.safes[seat],
                        tuple(self.hands[seat]),
                        tuple(self.face_up[seat]),
                        tuple(self.x1[seat]),
                        tuple(self.x2[seat]),
                        self.totals[seat],
                    ),
                    self._seat_view,
                )
                for seat in range(self._n)
            ]
        )
        head = parts.head(self.deal, self.trick, self.phase, self._head)
        deal_scores, deal_sides = parts.deals(self.deal_scores, self.deal_sides)
        totals, winners = parts.totals(self.totals, self.phase == OVER, self.winners)
        tail: dict[str, Any] = {
            "seats": seats,
            "last_trick": parts.last_trick(self.last_trick),
            "discard": parts.discard(self.discard),
            "deal_scores": deal_scores,
            # Public: points are counted after each deal (Rulebook 002 §Manches), and every
            # card in a safe was seen as it was played or stolen (the seats' x1 and x2 above).
            "deal_sides": deal_sides,
            "totals": totals,
            "over": self.phase == OVER,
            "winners": winners,
        }
        return head, tail

    def _seat_view(self, seat: int) -> dict[str, Any]:
        """One seat's public part of the table, built anew (the cards' JSON is shared)."""
        cards = self.cards
        card_json = self.components.card_json
        by_kind: dict[str, int] = {}
        for cid in self.hands[seat]:
            card = cards[cid]
            key = f"{card.kind}:{card.value}" if card.kind == DOCUMENT else card.kind
            by_kind[key] = by_kind.get(key, 0) + 1
        return {
            "seat": seat,
            # Rulebook 002 §Préparation: the safe lies face up, showing the colour.
            "safe": self.safes[seat],
            "hand_size": len(self.hands[seat]),
            # Public knowledge: every hand starts alike and every played card is shown.
            "hand_by_kind": by_kind,
            "face_up": [card_json[c] for c in self.face_up[seat]],
            "x1": [card_json[c] for c in self.x1[seat]],
            "x2": [[card_json[a], card_json[b]] for a, b in self.x2[seat]],
            "deal_score": self.deal_score(seat),
            "total": self.totals[seat],
        }

    def _head(self) -> dict[str, Any]:
        return {
            "players": self._n,
            "deal": self.deal + 1,
            "trick": self.trick,
            "tricks_per_deal": self.tricks_per_deal(),
            "phase": self.phase,
            "target": self.target(),
            "single_deal": self.options["single_deal"],
            "stolen": self.options["stolen"],
        }

    def target(self) -> int:
        """The total that ends a game of several deals (Rulebook 002 §Manches): the option
        ``target``, or when it is 0 this deck's designed target for the table's size."""
        return int(self.options["target"]) or self.components.target_for(self._n)

    def tricks_per_deal(self) -> int:
        return self.components.tricks_per_deal(self._n)

    def determinize(self, player: int, rng: Rng) -> VaultState:
        """A world the seat cannot tell from the real one, drawn with ``rng``.

        Kept, as the seat knows them: its own hand and pending choice, everything on the table,
        every card revealed this deal and who played it, and each opponent's cards of its own
        colour (its safe lies face up, and those cards can be nowhere else).
        Drawn again: the agents a small table adds from unused colours to the opponents'
        hands, the others' pending choices, and the generator, so the sample's future chance
        (the draw between two moles after one card, the next deal) is not the real one.
        """
        sample = self.clone()
        sample._rng = rng.spawn()
        others = [seat for seat in range(self._n) if seat != player]
        if any(self._extras[seat] for seat in others):
            sample._redeal_extras(others, rng)
        step = sample._step
        if step is not None:
            for seat in others:
                if step.has_chosen(seat):
                    step.replace_hidden(seat, rng.choice(sample._options(seat)))
        return sample

    def _redeal_extras(self, others: Sequence[int], rng: Rng) -> None:
        """Deal the opponents' unrevealed extra agents again from every card they could be.

        The candidates are the opponents' unrevealed extras and the undealt spares, gathered
        in id order so the draw never carries the real deal's order. A seat that has played a
        card of a kind played the lowest card of that kind it held (see ``_resolve_play``),
        so an extra it still holds must lie above it; seats with the highest such bound
        choose first, which keeps the draw uniform over every deal the history allows.
        """
        cards = self.cards
        hidden = {seat: [c for c in self.hands[seat] if c in self._extras[seat]] for seat in others}
        # Extras are agents, whose kind alone says what they are (only documents have values).
        pools: dict[str, list[int]] = {}
        for cid in sorted([c for seat in others for c in hidden[seat]] + list(self._set_aside)):
            pools.setdefault(cards[cid].kind, []).append(cid)
        drawn: dict[int, list[int]] = {seat: [] for seat in others}
        for kind, pool in sorted(pools.items()):
            wants = []
            for seat in others:
                count = [cards[c].kind for c in hidden[seat]].count(kind)
                if count:
                    floor = max((c for c in self.played[seat] if cards[c].kind == kind), default=-1)
                    wants.append((-floor, seat, count))
            for negative_floor, seat, count in sorted(wants):
                for _ in range(count):
                    allowed = [c for c in pool if c > -negative_floor]
                    pick = rng.choice(allowed)
                    pool.remove(pick)
                    drawn[seat].append(pick)
        set_aside = [c for pool in pools.values() for c in pool]
        self._set_aside = tuple(sorted(set_aside))
        extras = list(self._extras)
        for seat in others:
            known = [c for c in self.hands[seat] if c not in self._extras[seat]]
            revealed = [c for c in self._extras[seat] if c not in hidden[seat]]
            extras[seat] = tuple(sorted(revealed + drawn[seat]))
            self.hands[seat] = sorted(known + drawn[seat], key=self._game.hand_rank.__getitem__)
        self._extras = extras

    # -- contract: the end ----------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    # -- contract: copies -------------------------------------------------------------------

    def clone(self) -> VaultState:
        copy = VaultState.__new__(VaultState)
        copy._game = self._game
        copy.components = self.components
        copy.cards = self.cards
        copy._n = self._n
        copy.options = self.options
        copy._rng = self._rng.clone()
        copy.totals = list(self.totals)
        # A finished deal's scores are never changed, so the copies may share them.
        copy.deal_scores = list(self.deal_scores)
        copy.deal_sides = list(self.deal_sides)
        copy.deal = self.deal
        # map(list, ...) copies each seat's list without a Python-level loop.
        copy.hands = list(map(list, self.hands))
        copy._hand_options = list(self._hand_options)
        copy.safes = self.safes
        copy._extras = list(self._extras)
        copy._set_aside = self._set_aside
        copy.played = list(map(list, self.played))
        copy.face_up = list(map(list, self.face_up))
        copy.x1 = list(map(list, self.x1))
        copy.x2 = list(map(list, self.x2))
        copy.discard = list(self.discard)
        copy.trick = self.trick
        copy.last_trick = copy_record(self.last_trick)
        copy._just_played = dict(self._just_played)
        copy._moles = dict(self._moles)
        copy._arrived = set(self._arrived)
        copy.phase = self.phase
        copy._step = self._step.clone() if self._step is not None else None
        # A copy starts from the parts kept so far (they are keyed by contents, so they hold
        # for it too) and keeps its own from its first view on: the two go their own ways,
        # and a bot's copies (on another thread) never disturb what the server keeps.
        copy._view_parts = self._view_parts
        copy._parts_borrowed = True
        return copy

    def snapshot(self) -> dict[str, Any]:
        return {
            "players": self._n,
            "options": self.options,
            "rng": self._rng.state,
            "deal": self.deal,
            "trick": self.trick,
            "phase": self.phase,
            "safes": list(self.safes),
            "hands": [list(h) for h in self.hands],
            "extras": [list(e) for e in self._extras],
            "set_aside": list(self._set_aside),
            "played": [list(p) for p in self.played],
            "face_up": [list(f) for f in self.face_up],
            "x1": [list(x) for x in self.x1],
            "x2": [[list(p) for p in x] for x in self.x2],
            "discard": list(self.discard),
            "totals": list(self.totals),
            "deal_scores": [list(s) for s in self.deal_scores],
            "deal_sides": [[list(seat) for seat in deal] for deal in self.deal_sides],
            "just_played": {str(k): v for k, v in sorted(self._just_played.items())},
            "moles": {str(k): v for k, v in sorted(self._moles.items())},
            "arrived": sorted(self._arrived),
            "last_trick": copy_record(self.last_trick),
            "step": self._step.snapshot() if self._step is not None else None,
        }


def parse_card_spec(spec: str) -> tuple[str, int]:
    """``"doc15"`` -> ("document", 15); ``"assassin"``, ``"mole"``, ``"special"``."""
    if spec.startswith("doc") and spec[3:].isdigit():
        return (DOCUMENT, int(spec[3:]))
    names = {"assassin": ASSASSIN, "mole": MOLE, "special": SPECIAL_AGENT}
    if spec not in names:
        raise ValueError(f"unknown card {spec!r}: use doc5..doc20, assassin, mole or special")
    return (names[spec], 0)


def describe_card_key(kind: str, value: int) -> str:
    return f"document {value}" if kind == DOCUMENT else kind.replace("_", " ")
