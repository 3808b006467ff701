"""The SpyWorld table: planning rounds, exploration and final scoring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core import Action, Event, IllegalAction, Rng, SimultaneousStep, State, private, public
from ...i18n import N_
from .actions import (
    SLOT_CHOICES,
    ChooseAgent,
    ClaimMission,
    DeclineMissions,
    KeepRound,
    Move,
    Pass,
    PlaceUpgrade,
    PlaceWall,
    TakeBack,
    TakeCards,
    TakeGadget,
    Teleport,
)
from .components import (
    CARD_FRONTS,
    SECRETS,
    STATS,
    TRAINING,
    UPGRADES,
    Card,
    LairBoard,
    agents,
    cards,
    gadgets,
    missions,
    sheet,
)
from .explorer import POWER_ITEM, Explorer, explorer_kit
from .exploring import Run
from .grid import STANDARD
from .lair import Lair
from .paying import kind, marked, need, payable_order, secret_gain
from .placing import (
    back_prices,
    drawable_rooms,
    gadget_actions,
    gadget_prices,
    upgrade_levels,
    wall_levels,
)
from .sheets import (
    INF,
    PlayerSheet,
    earn,
    gadget_cost,
    gadget_count,
    line_cost,
    mission_met,
)
from .text import illegal, message_json, offer_message, offer_text

if TYPE_CHECKING:
    from .game import SpyWorldGame

RULE_PLANNING = "Rulebook 003 §Planning Phase"
RULE_BONUS = "Rulebook 003 §Important #3: Bonus Actions"
RULE_UPGRADE = "Rulebook 003 §If the chosen card is a Lair Upgrade"
RULE_ENTRY = "Rulebook 003 §Starting Square and Entryway"
RULE_WALL = "Rulebook 003 §If the chosen card is a Wall"
RULE_GADGET = "Rulebook 003 §If the chosen card is a Gadget"
RULE_MISSIONS = "Rulebook 003 §Missions"
RULE_SETUP = "Rulebook 003 §Setup"
RULE_MISTAKE = "Rulebook 003 §Important #2: You Made a Mistake..."

PASS = Pass()
KEEP = KeepRound()
TAKE_BACK = TakeBack()
TAKE_ACTIONS = tuple(TakeCards(slots) for slots in SLOT_CHOICES)
#: What each card front spends on the sheet ("" for a Training, which competes for nothing).
SPOT_KIND = {front: "" if kind(front) == "training" else kind(front) for front in CARD_FRONTS}


def rank_title(score: float) -> str:
    """Rulebook 003 §End of the Game: the rank table (a name below it is our design)."""
    rules = sheet()
    for threshold, title in rules.ranks:
        if score >= threshold:
            return title
    return rules.rank_below_table


def award(values: list[int], amount: int) -> list[int]:
    """Rulebook 003 §Rewards and Penalties: ties all earn; a tie of everyone earns nothing."""
    best = max(values)
    winners = [i for i, v in enumerate(values) if v == best]
    if len(winners) == len(values):
        return [0] * len(values)
    return [amount if v == best else 0 for v in values]


def tie_result(total: list[int]) -> dict[str, Any]:
    """Rulebook 003 §Final Score: "the richest player wins! If players are tied, play again to
    determine the winner!" ``winners`` are the richest seats; ``play_again`` names them when
    there are several (empty otherwise). A simulation keeps the shared win (each tied seat
    gets an equal share, ``Game.win_shares``); a table offers them a rematch."""
    best = max(total)
    winners = [seat for seat, t in enumerate(total) if t == best]
    return {"winners": winners, "play_again": winners if len(winners) > 1 else []}


class SpyWorldState(State):
    """A SpyWorld table in play: the engine contract's :class:`State` for this game."""

    __slots__ = (
        "_game",
        "_orders",
        "_rng",
        "agent_mode",
        "board",
        "board_name",
        "decks",
        "expert",
        "explorer_of",
        "faceup",
        "final_round",
        "last_choices",
        "lenient",
        "mission_claimed",
        "missions",
        "n",
        "pending",
        "phase",
        "results",
        "round",
        "runs",
        "sheets",
        "step",
        "takebacks",
        "undo_points",
    )

    def __init__(
        self,
        game: SpyWorldGame,
        players: int,
        board: LairBoard,
        seed: int,
        expert: str = "NNNNN",
        beginners: frozenset[int] = frozenset(),
        lenient: bool = False,
        free_agents: bool = False,
    ) -> None:
        rules = sheet()
        self._game = game
        self._rng = Rng(seed)
        self.n = players
        self.board = board
        self.board_name = board.id
        self.expert = expert
        self.lenient = lenient
        self.sheets = [
            PlayerSheet(
                [""] * rules.grid.size,
                budget=rules.start_budget + (rules.beginner_bonus if s in beginners else 0),
            )
            for s in range(players)
        ]
        # Rulebook 003 §Setup: shuffle, three decks of 36, one card face up under each.
        order = list(range(len(cards())))
        self._rng.shuffle(order)
        size = rules.deck_size
        self.decks = [order[i * size : (i + 1) * size] for i in range(rules.decks)]
        self.faceup = [deck.pop() for deck in self.decks]
        picks = list(range(len(missions())))
        self._rng.shuffle(picks)
        self.missions = picks[: rules.missions_in_play]
        self.mission_claimed = [False] * len(self.missions)
        self.round = 1
        self.final_round = -1
        self.pending: list[list[int]] = [[] for _ in range(players)]
        # Lenient planning (Rulebook 003 §Important #2): each seat's sheet and pending cards
        # before each placement of this round, and take-backs used this game.
        self.undo_points: list[list[tuple[PlayerSheet, list[int]]]] = [[] for _ in range(players)]
        self.takebacks = [0] * players
        self._orders: dict[tuple[Any, ...], tuple[int, ...] | None] = {}
        self.last_choices: dict[int, Any] = {}
        self.runs: list[Run | None] = [None] * players
        self.explorer_of: list[int] = list(range(players))
        self.results: dict[str, Any] | None = None
        self.step: SimultaneousStep | None = None
        # Rulebook 003 §Setup: Agents (none on the Superyacht).
        self.agent_mode = "none"
        if board.agents:
            pool = list(range(len(agents())))
            self._rng.shuffle(pool)
            if free_agents or players > len(pool):
                self.agent_mode = "free"
            elif players <= 4:
                self.agent_mode = "two"
                for s in range(players):
                    self.sheets[s].dealt = pool[2 * s : 2 * s + 2]
            else:
                self.agent_mode = "one"
                for s in range(players):
                    self.sheets[s].dealt = [pool[s]]
                    self.sheets[s].agent = pool[s]
        if self.agent_mode in ("two", "free"):
            self.phase = "agents"
            self.step = SimultaneousStep("agents", range(players))
        else:
            self._start_round()

    # -- contract basics ---------------------------------------------------------------

    @property
    def game(self) -> SpyWorldGame:
        return self._game

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def rng(self) -> Rng:
        return self._rng

    def open_step(self) -> SimultaneousStep | None:
        return self.step

    def _acting_players(self) -> tuple[int, ...]:
        if self.phase == "resolve":
            if not self.lenient:
                return tuple([s for s, slots in enumerate(self.pending) if slots])
            return tuple(
                [s for s, slots in enumerate(self.pending) if slots or self._confirming(s)]
            )
        if self.phase == "explore":
            return tuple(s for s in range(self.n) if (r := self.runs[s]) and not r.done)
        return ()

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        if self.results is None:
            return [0.0] * self.n
        return [float(t) for t in self.results["total"]]

    # -- cards --------------------------------------------------------------------------

    def top_back(self, slot: int) -> Card:
        """The card on top of the deck above a slot: its back points at a row/column/number."""
        return cards()[self.decks[slot][-1]]

    def card_in(self, slot: int) -> Card:
        return cards()[self.faceup[slot]]

    def _start_round(self) -> None:
        self._orders.clear()
        self.phase = "choose"
        self.step = SimultaneousStep(f"round {self.round}", range(self.n))

    # -- legality ----------------------------------------------------------------------

    def placements(self, seat: int, slot: int, budget: int | None = None) -> list[Action]:
        """Every legal way to resolve the card in ``slot`` for a seat, with its budget."""
        card = self.card_in(slot)
        back = self.top_back(slot)
        sh = self.sheets[seat]
        money = sh.budget if budget is None else budget
        front = card.front
        if front in UPGRADES:
            rules = sheet()
            if front in SECRETS:
                gain = self.board.secrets[front].now
                money += max(0, min(gain, rules.earn_cap - sh.earned))
            levels = upgrade_levels(self.board, back, front in rules.entry_forbidden)
            taken = sh.rooms
            return [place for room, place in levels.affordable(money) if not taken[room]]
        if front == "wall":
            walls = sh.walls
            levels = wall_levels(self.board, back)
            return [build for bit, build in levels.affordable(money) if not walls & bit]
        if front == "gadget":
            held = sh.gadgets
            take = gadget_actions()
            return [
                take[i]
                for i, cost in enumerate(gadget_prices(self.board, back.number))
                if cost <= money and i + 1 not in held
            ]
        return []

    def least_budget(self, seat: int, slot: int) -> int:
        """The smallest budget with which a seat could use the card in a slot (INF: none).

        One scan of the price tables answers :meth:`usable` for every budget, which the
        round's choice asks about each offered card alone and with bonus actions paid.
        """
        return self._least_budget(self.sheets[seat], self.card_in(slot), self.top_back(slot))

    def _least_budget(self, sh: PlayerSheet, card: Card, back: Card) -> int:
        front = card.front
        if front in TRAINING:
            return back.number
        if front in UPGRADES:
            rules = sheet()
            levels = upgrade_levels(self.board, back, front in rules.entry_forbidden)
            least = levels.least_free_room(sh.rooms)
            if least >= INF or front not in SECRETS:
                return least
            gain = self.board.secrets[front].now
            return least - max(0, min(gain, rules.earn_cap - sh.earned))
        if front == "wall":
            return wall_levels(self.board, back).least_free_edge(sh.walls)
        if front == "gadget":
            held = sh.gadgets
            return min(
                (
                    cost
                    for i, cost in enumerate(gadget_prices(self.board, back.number))
                    if i + 1 not in held
                ),
                default=INF,
            )
        return INF

    def usable(self, seat: int, slot: int, budget: int) -> bool:
        """Whether a seat could use the card in a slot with this budget (else it should pass)."""
        return self.least_budget(seat, slot) <= budget

    def _wall_cost(self, sh: PlayerSheet, back: Card, edge: int) -> int:
        if sh.walls >> edge & 1:
            return INF
        return back_prices(self.board, back).walls[edge]

    def _bonus_cost(self, seat: int, extra: int) -> int:
        used = self.sheets[seat].bonus_used
        costs = sheet().bonus_costs
        if used + extra > len(costs):
            return INF
        return sum(costs[used : used + extra])

    def _order(self, seat: int, slots: tuple[int, ...], money: int) -> tuple[int, ...] | None:
        """The order in which a seat pays the cards of these slots with ``money`` (None: no
        order pays them all; see :mod:`.paying`)."""
        sh = self.sheets[seat]
        # Listing the round's choices, checking one and revealing it ask the same question:
        # the answer is kept for the round, keyed on everything it depends on.
        key = (self.round, slots, money, sh.earned, sh.walls, tuple(sh.gadgets), tuple(sh.rooms))
        if key in self._orders:
            return self._orders[key]
        taken = [(slot, (self.card_in(slot), self.top_back(slot))) for slot in slots]
        found = self._orders[key] = payable_order(self.board, sh, taken, money)
        return found

    def _may_take_back(self, seat: int) -> bool:
        """Lenient planning: a placement of this round to take back, and take-backs left."""
        return (
            self.lenient
            and bool(self.undo_points[seat])
            and self.takebacks[seat] < sheet().planning_takebacks
        )

    def _confirming(self, seat: int) -> bool:
        """A lenient seat whose cards are all placed still confirms the round (or takes a
        placement back) while it may take one back."""
        return not self.pending[seat] and self._may_take_back(seat)

    def _payable(
        self, seat: int, slots: tuple[int, ...], taken: list[tuple[Card, Card]], money: int
    ) -> bool:
        """Whether cards whose cheapest spots add up to at most ``money`` can all be paid.

        With no two of them after the same kind of spot and at most one Secret (which goes
        first), the cheapest spots are exactly what :func:`.paying.need` works out."""
        spent = [SPOT_KIND[taken[s][0].front] for s in slots]
        spent = [k for k in spent if k]
        secrets = [taken[s][0].front in SECRETS for s in slots].count(True)
        if secrets <= 1 and len(set(spent)) == len(spent):
            return True
        return self._order(seat, slots, money) is not None

    def resolve_options(self, seat: int) -> list[Action]:
        """Placements of the seat's next card that leave the rest of its round payable.

        Rulebook 003 §Important #3 and §Secrets and Budget: money owed for a card taken this
        round (a Training, a move) is never spent on an earlier card.
        """
        order = self.pending[seat]
        slot = order[0]
        rest = [(self.card_in(s), self.top_back(s)) for s in order[1:]]
        if not rest:
            return self.placements(seat, slot)
        sh = self.sheets[seat]
        card = self.card_in(slot)
        gain = secret_gain(self.board, card.front, sh.earned)
        if all(kind(c.front) != kind(card.front) for c, _ in rest):
            owed = need(self.board, sh, rest, sh.earned + gain)
            return self.placements(seat, slot, sh.budget - owed) if owed < INF else []
        back = self.top_back(slot)
        # The rest never needs less than on the sheet as it is: below that, no spot will do.
        floor = need(self.board, sh, rest, sh.earned + gain)
        if floor >= INF:
            return []
        out = []
        for action in self.placements(seat, slot, sh.budget - floor):
            cost = self._spot_cost(sh, card, back, action)
            after = marked(sh, card.front, action)
            if sh.budget + gain - cost >= need(self.board, after, rest, sh.earned + gain):
                out.append(action)
        return out

    def _spot_cost(self, sh: PlayerSheet, card: Card, back: Card, action: Action) -> int:
        grid = sheet().grid
        if isinstance(action, PlaceUpgrade):
            return line_cost(self.board, back, action.row, action.col)
        if isinstance(action, PlaceWall):
            edge = grid.edge_of_side(grid.room(action.row, action.col), action.side)
            assert edge is not None
            return self._wall_cost(sh, back, edge)
        assert isinstance(action, TakeGadget)
        return gadget_cost(self.board, back.number, action.number)

    def legal_actions(self, player: int) -> list[Action]:
        if self.is_over() or player not in self.acting_players():
            return []
        sh = self.sheets[player]
        if self.phase == "agents":
            pool = range(len(agents())) if self.agent_mode == "free" else sh.dealt
            return [ChooseAgent(a) for a in pool]
        if self.phase == "choose":
            out: list[Action] = [PASS]
            budget = sh.budget
            deck = cards()
            taken = [(deck[self.faceup[slot]], deck[self.decks[slot][-1]]) for slot in range(3)]
            n0, n1, n2 = [self._least_budget(sh, card, back) for card, back in taken]
            ok: dict[tuple[int, ...], bool] = {(0,): n0 <= budget, (1,): n1 <= budget}
            ok[2,] = n2 <= budget
            # Each card's cheapest spot on the sheet as it is bounds what it will cost, so a
            # set whose cheapest spots add up to more than the money left after the bonus
            # actions is never payable; the others are checked by paying.need.
            m1 = budget - self._bonus_cost(player, 1)
            m2 = budget - self._bonus_cost(player, 2)
            ok[0, 1] = m1 >= 0 and n0 + n1 <= m1 and self._payable(player, (0, 1), taken, m1)
            ok[0, 2] = m1 >= 0 and n0 + n2 <= m1 and self._payable(player, (0, 2), taken, m1)
            ok[1, 2] = m1 >= 0 and n1 + n2 <= m1 and self._payable(player, (1, 2), taken, m1)
            ok[0, 1, 2] = (
                m2 >= 0 and n0 + n1 + n2 <= m2 and self._payable(player, (0, 1, 2), taken, m2)
            )
            out += [take for take in TAKE_ACTIONS if ok[take.slots]]
            return out
        if self.phase == "resolve":
            if not self.pending[player]:
                return [KEEP, TAKE_BACK]  # confirming the round, or taking a placement back
            options: list[Action] = list(self.resolve_options(player))
            # Only payable sets are taken and each placement keeps the rest payable.
            assert options, "a card taken this round always has a place"
            if self._may_take_back(player):
                options.append(TAKE_BACK)
            return options
        if self.phase == "missions":
            out = [
                ClaimMission(slot, reward)
                for slot in self._missions_met(player)
                for reward in ("money", "points")
            ]
            return [*out, DeclineMissions()]
        if self.phase == "explore":
            run = self.runs[player]
            return run.legal() if run else []
        return []

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        if self.phase == "explore" and (run := self.runs[player]) is not None:
            return run.explain(action)
        if isinstance(action, TakeCards):
            return illegal(
                N_(
                    "each card at most once, five bonus actions a game, their cost paid, and "
                    "only cards you can use"
                ),
                RULE_BONUS,
            )
        if isinstance(action, PlaceUpgrade):
            return illegal(
                N_(
                    "an upgrade goes on an empty room of the indicated row or column (moving it "
                    "costs), never on the starting square, no Shark Pool or Robot in the entryway"
                ),
                RULE_UPGRADE if self.phase == "resolve" else RULE_PLANNING,
            )
        if isinstance(action, PlaceWall):
            return illegal(
                N_(
                    "a wall goes on a side of a room of the indicated row or column, never on "
                    "the starting square's exits or a no-wall edge"
                ),
                RULE_WALL,
            )
        if isinstance(action, TakeGadget):
            return illegal(
                N_("a gadget is taken by number (changing it costs) and never twice"), RULE_GADGET
            )
        if isinstance(action, ClaimMission):
            return illegal(N_("only a mission you meet and nobody claimed"), RULE_MISSIONS)
        if isinstance(action, TakeBack):
            return illegal(
                N_(
                    "a placement of this round can be taken back only with the lenient option, "
                    "{count} times a game"
                ),
                RULE_MISTAKE,
                count=sheet().planning_takebacks,
            )
        if isinstance(action, ChooseAgent):
            return illegal(N_("choose one of the Agent cards dealt to you"), RULE_SETUP)
        return illegal(N_("{action} is not possible now"), RULE_PLANNING, action=repr(action))

    # -- simultaneous steps --------------------------------------------------------------

    def _resolve(self, choices: Mapping[int, Action]) -> list[Event]:
        self.step = None
        if self.phase == "agents":
            for seat, action in choices.items():
                assert isinstance(action, ChooseAgent)
                self.sheets[seat].agent = action.agent
            events = [public("agents_chosen")]
            for seat in choices:
                events.append(
                    private((seat,), "agent", seat=seat, agent=agents()[self.sheets[seat].agent].id)
                )
            self._start_round()
            return events
        if self.phase == "choose":
            return self._reveal(choices)
        if self.phase == "missions":
            return self._claim(choices)
        raise AssertionError(self.phase)

    def _reveal(self, choices: Mapping[int, Action]) -> list[Event]:
        rules = sheet()
        events: list[Event] = []
        self.last_choices = {}
        self.undo_points = [[] for _ in range(self.n)]
        for seat, action in choices.items():
            sh = self.sheets[seat]
            if isinstance(action, Pass):
                gain = earn(sh, rules.pass_reward, rules.earn_cap)
                sh.passes += 1
                self.last_choices[seat] = "pass"
                events.append(public("passed", seat=seat, gain=gain))
                continue
            assert isinstance(action, TakeCards)
            extra = len(action.slots) - 1
            cost = self._bonus_cost(seat, extra)
            order = action.slots
            if len(order) > 1:
                paid_in = self._order(seat, action.slots, sh.budget - cost)
                assert paid_in is not None, "only payable sets are offered"
                order = paid_in
            sh.budget -= cost
            sh.bonus_used += extra
            self.pending[seat] = list(order)
            self.last_choices[seat] = list(action.slots)
            events.append(
                public(
                    "took",
                    seat=seat,
                    slots=list(action.slots),
                    cards=[self.card_in(s).front for s in action.slots],
                    bonus_cost=cost,
                    order=list(order),
                )
            )
        for seat in range(self.n):
            events += self._advance(seat)
        self.phase = "resolve"
        if not any(self.pending):
            events += self._end_of_round()
        return events

    def _advance(self, seat: int) -> list[Event]:
        """Training cards resolve by themselves: pay the number, gain the points."""
        events: list[Event] = []
        sh = self.sheets[seat]
        while self.pending[seat] and self.card_in(self.pending[seat][0]).front in TRAINING:
            slot = self.pending[seat].pop(0)
            card = self.card_in(slot)
            price = self.top_back(slot).number
            # The round's order and the placements offered before keep this money aside.
            assert price <= sh.budget, "a Training taken is always payable"
            sh.budget -= price
            index = STATS.index(card.front)
            before = sh.stats[index]
            sh.stats[index] = min(sheet().stat_cap, before + card.points)
            events.append(
                public(
                    "trained",
                    seat=seat,
                    stat=card.front,
                    points=sh.stats[index] - before,
                    paid=price,
                )
            )
        return events

    def _apply(self, player: int, action: Action) -> list[Event]:
        if self.phase == "explore":
            run = self.runs[player]
            assert run is not None
            info = run.apply(action)
            item_number = getattr(action, "use", 0) or getattr(action, "item", 0)
            if isinstance(action, Teleport):
                item_number = POWER_ITEM
            if item_number and (item := run.explorer.item(item_number)) is not None:
                # The log names the gadget, or the Agent whose power it is.
                info["item"] = item.name + ("'s power" if item_number == POWER_ITEM else "")
            if info.get("new") and info.get("content") in SECRETS:
                info["value"] = run.lair.secret_value(run.pos)
            events = [
                public(
                    "explored",
                    seat=player,
                    owner=self.owner_explored_by(player),
                    action=action.to_json(),
                    done=run.done,
                    **info,
                )
            ]
            if all(r is None or r.done for r in self.runs):
                events += self._score()
            return events
        assert self.phase == "resolve"
        if isinstance(action, TakeBack):
            events = self._take_back(player)
        elif isinstance(action, KeepRound):
            self.undo_points[player] = []
            events = [public("confirmed", seat=player)]
        else:
            if self.lenient:
                snapshot = (self.sheets[player].clone(), list(self.pending[player]))
                self.undo_points[player].append(snapshot)
            events = self._place(player, action)
            events += self._advance(player)
        if not any(self.pending) and not (self.lenient and self._acting_players()):
            events += self._end_of_round()
        return events

    def _take_back(self, seat: int) -> list[Event]:
        """Rulebook 003 §Important #2 ("be lenient with new players"): erase the seat's last
        placement of this round, and the Training it paid for right after, as if undrawn."""
        sh, pending = self.undo_points[seat].pop()
        self.sheets[seat] = sh
        self.pending[seat] = pending
        self.takebacks[seat] += 1
        left = sheet().planning_takebacks - self.takebacks[seat]
        return [public("took_back", seat=seat, slot=pending[0], left=left)]

    def _place(self, seat: int, action: Action) -> list[Event]:
        rules = sheet()
        grid = rules.grid
        sh = self.sheets[seat]
        slot = self.pending[seat].pop(0)
        card = self.card_in(slot)
        back = self.top_back(slot)
        if isinstance(action, PlaceUpgrade):
            room = grid.room(action.row, action.col)
            gain = 0
            if card.front in SECRETS:
                gain = earn(sh, self.board.secrets[card.front].now, rules.earn_cap)
            cost = line_cost(self.board, back, action.row, action.col)
            sh.budget -= cost
            sh.rooms[room] = card.front
            return [
                public(
                    "placed",
                    seat=seat,
                    upgrade=card.front,
                    row=action.row,
                    col=action.col,
                    paid=cost,
                    earned=gain,
                )
            ]
        if isinstance(action, PlaceWall):
            room = grid.room(action.row, action.col)
            edge = grid.edge_of_side(room, action.side)
            assert edge is not None
            cost = self._wall_cost(sh, back, edge)
            sh.budget -= cost
            sh.walls |= 1 << edge
            return [
                public(
                    "wall", seat=seat, row=action.row, col=action.col, side=action.side, paid=cost
                )
            ]
        assert isinstance(action, TakeGadget)
        cost = gadget_cost(self.board, back.number, action.number)
        sh.budget -= cost
        sh.gadgets.append(action.number)
        sh.gadgets.sort()
        return [public("gadget", seat=seat, number=action.number, paid=cost)]

    # -- end of a round ---------------------------------------------------------------

    def _full(self, seat: int) -> bool:
        drawn = self.sheets[seat].rooms.__getitem__
        return all(map(drawn, drawable_rooms(self.board.blocked)))

    def _missions_met(self, seat: int) -> list[int]:
        return [slot for slot in self._open_missions() if self._meets(seat, slot)]

    def _open_missions(self) -> list[int]:
        return [slot for slot, claimed in enumerate(self.mission_claimed) if not claimed]

    def _meets(self, seat: int, slot: int) -> bool:
        mission = missions()[self.missions[slot]]
        return mission_met(mission, self.sheets[seat], self.board, sheet(), self.expert)

    def _end_of_round(self) -> list[Event]:
        events: list[Event] = []
        # Rulebook 003 §End of the Planning Phase: a full lair means one last round.
        if self.final_round < 0 and any(self._full(s) for s in range(self.n)):
            self.final_round = self.round + 1
            events.append(public("last_round_next", round=self.final_round))
        # Every seat is checked after every round: one mission met is enough to be asked.
        rules, board, expert = sheet(), self.board, self.expert
        offered = [missions()[self.missions[slot]] for slot in self._open_missions()]
        eligible = [
            seat
            for seat, sh in enumerate(self.sheets)
            if any(mission_met(mission, sh, board, rules, expert) for mission in offered)
        ]
        if eligible:
            self.phase = "missions"
            self.step = SimultaneousStep(f"missions {self.round}", eligible)
            return events
        return events + self._finish_round()

    def _claim(self, choices: Mapping[int, Action]) -> list[Event]:
        rules = sheet()
        events: list[Event] = []
        claimed = set()
        for seat, action in choices.items():
            if not isinstance(action, ClaimMission):
                continue
            mission = missions()[self.missions[action.slot]]
            sh = self.sheets[seat]
            if action.reward == "money":
                gain = earn(sh, mission.money, rules.earn_cap)
            else:
                gain = mission.points
                sh.mission_points += mission.points
            sh.missions.append((mission.id, action.reward))
            claimed.add(action.slot)
            events.append(
                public("mission", seat=seat, mission=mission.id, reward=action.reward, gain=gain)
            )
        for slot in claimed:
            self.mission_claimed[slot] = True
        return events + self._finish_round()

    def _finish_round(self) -> list[Event]:
        rules = sheet()
        if (
            self.round == self.final_round
            or all(len(deck) <= 1 for deck in self.decks)
            or self.round >= rules.max_rounds
        ):
            return self._end_planning()
        self.round += 1
        self.faceup = [deck.pop() for deck in self.decks]
        self._start_round()
        return [public("round", round=self.round)]

    # -- exploration -------------------------------------------------------------------

    def explorer_kit(self, seat: int) -> Explorer:
        sh = self.sheets[seat]
        agent = agents()[sh.agent] if sh.agent >= 0 and self.board.agents else None
        held = [(gadgets()[g - 1], self.expert[g - 1] == "E") for g in sh.gadgets]
        return explorer_kit((sh.stats[0], sh.stats[1], sh.stats[2]), held, agent)

    def lair_of(self, seat: int) -> Lair:
        rules = sheet()
        return self.sheets[seat].lair(self.board, rules.grid, rules.start)

    def _end_planning(self) -> list[Event]:
        rules = sheet()
        self.phase = "explore"
        # Agent bonuses, never above the cap (Rulebook 003 §If the chosen card is Training).
        for sh in self.sheets:
            if sh.agent >= 0 and self.board.agents:
                bonus = agents()[sh.agent].bonus
                sh.stats = [
                    min(rules.stat_cap, v + b) for v, b in zip(sh.stats, bonus, strict=True)
                ]
        reds = sum(1 for deck in self.decks if cards()[deck[-1]].colour == "R")
        direction = "left" if reds * 2 > len(self.decks) else "right"
        for owner in range(self.n):
            if self.n == 2:
                explorer = 1 - owner
            elif direction == "left":
                explorer = (owner + 1) % self.n
            else:
                explorer = (owner - 1) % self.n
            self.explorer_of[owner] = explorer
        for owner in range(self.n):
            explorer = self.explorer_of[owner]
            self.runs[explorer] = Run.begin(
                self.explorer_kit(explorer), self.lair_of(owner), self.lenient
            )
        events = [
            public(
                "planning_over",
                direction=direction,
                explorer_of=list(self.explorer_of),
                agents=[agents()[s.agent].id if s.agent >= 0 else None for s in self.sheets],
            )
        ]
        if all(r is None or r.done for r in self.runs):
            events += self._score()
        return events

    def owner_explored_by(self, explorer: int) -> int:
        return self.explorer_of.index(explorer)

    # -- scoring -----------------------------------------------------------------------

    def _score(self) -> list[Event]:
        """Rulebook 003 §End of the Exploration Phase, §Rewards and Penalties, §Final Score."""
        n = self.n
        runs = [r for r in self.runs]
        assert all(r is not None for r in runs)
        stolen = [r.stolen_value() for r in runs if r]
        rooms = [r.rooms for r in runs if r]
        sentries = [r.sentries for r in runs if r]
        traps_in = [0] * n
        remaining = [0] * n
        walled = [0] * n
        for owner in range(n):
            run = self.runs[self.explorer_of[owner]]
            assert run is not None
            traps_in[owner] = run.traps
            lair = run.lair
            off = set(lair.walled_off_secrets())
            taken = set(run.stolen)
            for room in lair.secret_rooms():
                if room in off:
                    walled[owner] += lair.secret_value(room)
                elif room not in taken:
                    remaining[owner] += lair.secret_value(room)
        gadget_counts = [gadget_count(sh, self.expert) for sh in self.sheets]
        rewards = sheet().rewards
        trapper = award(traps_in, rewards["trapper"])
        gadget_lover = award(gadget_counts, rewards["gadget_lover"])
        explorer = award(rooms, rewards["explorer"])
        brutal = award(sentries, rewards["brutal"])
        budget = [sh.budget for sh in self.sheets]
        mission_points = [sh.mission_points for sh in self.sheets]
        total = [
            remaining[s]
            + stolen[s]
            + budget[s]
            + trapper[s]
            + gadget_lover[s]
            + explorer[s]
            + brutal[s]
            + mission_points[s]
            for s in range(n)
        ]
        self.results = {
            "remaining": remaining,
            "walled_off": walled,
            "stolen": stolen,
            "budget": budget,
            "rooms": rooms,
            "sentries": sentries,
            "traps_triggered": traps_in,
            "gadgets": gadget_counts,
            "trapper": trapper,
            "gadget_lover": gadget_lover,
            "explorer": explorer,
            "brutal": brutal,
            "missions": mission_points,
            "total": total,
            "ranks": [rank_title(t) for t in total],
            **tie_result(total),
        }
        self.phase = "over"
        return [public("final_score", **self.results)]

    # -- what may be known ---------------------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:
        revealed = self.phase in ("explore", "over")
        obs: dict[str, Any] = {
            "game": "spyworld",
            "seat": player,
            "players": self.n,
            "phase": self.phase,
            "round": self.round,
            "final_round": self.final_round,
            "board": self.board.id,
            "board_name": self.board_name,
            "expert": self.expert,
            "lenient": self.lenient,
            "agent_mode": self.agent_mode,
            "faceup": [
                {
                    **self._card_json(cards()[c]),
                    "offer": offer_text(cards()[c], self.top_back(slot), self.board),
                    # The same in words each reader's language fills in (the browser's).
                    "offer_message": message_json(
                        offer_message(cards()[c], self.top_back(slot), self.board)
                    ),
                }
                for slot, c in enumerate(self.faceup)
            ],
            "top_backs": [cards()[d[-1]].back for d in self.decks],
            "deck_sizes": [len(d) for d in self.decks],
            "missions": [
                {"id": missions()[m].id, "claimed": self.mission_claimed[i]}
                for i, m in enumerate(self.missions)
            ],
            "sheets": [
                sh.to_json(revealed or seat == player) for seat, sh in enumerate(self.sheets)
            ],
            "pending": [list(p) for p in self.pending],
            "takebacks_left": [
                sheet().planning_takebacks - used if self.lenient else 0 for used in self.takebacks
            ],
            "last_choices": {str(k): v for k, v in sorted(self.last_choices.items())},
            "step": self.step.view_for(player) if self.step else None,
            "acting": list(self.acting_players()) if not self.is_over() else [],
            "explorer_of": list(self.explorer_of) if revealed else None,
            "runs": [r.to_json() if r else None for r in self.runs] if revealed else None,
            "results": self.results,
            "costs": self.costs_for(player) if player is not None else [],
        }
        return obs

    def costs_for(self, seat: int) -> list[dict[str, Any]]:
        """What each legal action of a seat costs or earns, so no view recomputes a rule.

        Planning: ``cost`` taken from the budget now, ``earn`` added to it (``points`` for a
        mission's end-of-game reward). Exploration: ``to`` the room a move enters and
        ``pays`` its Movement, Stealth and Combat.
        """
        rules = sheet()
        sh = self.sheets[seat]
        out: list[dict[str, Any]] = []
        for action in self.legal_actions(seat):
            entry: dict[str, Any] = {"action": action.to_json()}
            if isinstance(action, Move):
                run = self.runs[seat]
                assert run is not None
                paid = run.move_costs(action)
                assert not isinstance(paid, IllegalAction)
                target, m, st, c, _drills = paid
                entry["to"] = list(rules.grid.row_col(target))
                entry["pays"] = [m, st, c]
            elif isinstance(action, Pass):
                entry["earn"] = max(0, min(rules.pass_reward, rules.earn_cap - sh.earned))
            elif isinstance(action, TakeCards):
                entry["bonus_cost"] = self._bonus_cost(seat, len(action.slots) - 1)
                entry["training_cost"] = sum(
                    self.top_back(slot).number
                    for slot in action.slots
                    if self.card_in(slot).front in TRAINING
                )
                entry["cost"] = entry["bonus_cost"] + entry["training_cost"]
                # The order the cards will be paid and placed in (Secrets first, see paying).
                order = self._order(seat, action.slots, sh.budget - entry["bonus_cost"])
                entry["order"] = list(order) if order is not None else None
            elif isinstance(action, (PlaceUpgrade, PlaceWall, TakeGadget)):
                entry.update(self.placement_price(seat, action))
            elif isinstance(action, ClaimMission):
                mission = missions()[self.missions[action.slot]]
                if action.reward == "money":
                    entry["earn"] = max(0, min(mission.money, rules.earn_cap - sh.earned))
                else:
                    entry["points"] = mission.points
            out.append(entry)
        return out

    def placement_price(self, seat: int, action: Action) -> dict[str, int]:
        """What drawing the seat's pending card by ``action`` (an upgrade, a Wall or a
        gadget) costs now, and what a Secret earns: ``{"cost": ..., "earn": ...}``."""
        rules = sheet()
        slot = self.pending[seat][0]
        card = self.card_in(slot)
        back = self.top_back(slot)
        sh = self.sheets[seat]
        if isinstance(action, PlaceUpgrade):
            earned = 0
            if card.front in SECRETS:
                earned = max(0, min(self.board.secrets[card.front].now, rules.earn_cap - sh.earned))
            return {"cost": line_cost(self.board, back, action.row, action.col), "earn": earned}
        if isinstance(action, PlaceWall):
            room = rules.grid.room(action.row, action.col)
            edge = rules.grid.edge_of_side(room, action.side)
            assert edge is not None
            return {"cost": self._wall_cost(sh, back, edge)}
        assert isinstance(action, TakeGadget)
        return {"cost": gadget_cost(self.board, back.number, action.number)}

    @staticmethod
    def _card_json(card: Card) -> dict[str, Any]:
        return {"front": card.front, "points": card.points}

    def determinize(self, player: int, rng: Rng) -> SpyWorldState:
        """Resample what ``player`` cannot know: deck order below the visible backs, other
        players' Agent cards (until revealed), their hidden choices this step, and the
        future chance (the sample gets its own generator).

        The cards still in the decks are gathered in a canonical order before the shuffle,
        so the real decks' order, which the seat cannot see, leaves no trace in the sample.
        """
        copy = self.clone()
        copy._rng = Rng(rng.next_u64())
        pool = sorted(c for deck in copy.decks for c in deck)
        rng.shuffle(pool)
        tops = []
        for deck in copy.decks:
            top_back = cards()[deck[-1]].back
            index = next(i for i, c in enumerate(pool) if cards()[c].back == top_back)
            tops.append(pool.pop(index))
        for deck, top in zip(copy.decks, tops, strict=True):
            size = len(deck)
            deck[:] = [*[pool.pop() for _ in range(size - 1)], top]
        if self.phase not in ("explore", "over") and self.agent_mode in ("two", "one"):
            mine = set(copy.sheets[player].dealt)
            others = [a for a in range(len(agents())) if a not in mine]
            rng.shuffle(others)
            for seat, sh in enumerate(copy.sheets):
                if seat == player:
                    continue
                count = len(sh.dealt)
                sh.dealt = [others.pop() for _ in range(count)]
                if sh.agent >= 0:
                    sh.agent = rng.choice(sh.dealt)
        if self.phase not in ("explore", "over") and self.agent_mode == "free":
            for seat, sh in enumerate(copy.sheets):
                if seat != player and sh.agent >= 0:
                    sh.agent = rng.below(len(agents()))
        if copy.step is not None:
            for seat in copy.step.seats:
                if seat != player and copy.step.has_chosen(seat):
                    copy.step.replace_hidden(seat, rng.choice(copy._step_options(seat)))
        return copy

    def _step_options(self, seat: int) -> list[Action]:
        """Legal choices of a seat in the open step, whether or not it has chosen."""
        step = self.step
        assert step is not None
        self.step = SimultaneousStep(step.name, step.seats)
        try:
            return self.legal_actions(seat)
        finally:
            self.step = step

    # -- copies ------------------------------------------------------------------------

    def clone(self) -> SpyWorldState:
        copy = SpyWorldState.__new__(SpyWorldState)
        copy._game = self._game
        copy._rng = self._rng.clone()
        copy.n = self.n
        copy.board = self.board
        copy.board_name = self.board_name
        copy.expert = self.expert
        copy.lenient = self.lenient
        copy.agent_mode = self.agent_mode
        copy.sheets = [sh.clone() for sh in self.sheets]
        copy.decks = [list(d) for d in self.decks]
        copy.faceup = list(self.faceup)
        copy.missions = list(self.missions)
        copy.mission_claimed = list(self.mission_claimed)
        copy.round = self.round
        copy.final_round = self.final_round
        copy.pending = [list(p) for p in self.pending]
        copy.undo_points = [
            [(sh.clone(), list(p)) for sh, p in points] for points in self.undo_points
        ]
        copy.takebacks = list(self.takebacks)
        copy._orders = {}
        copy.last_choices = dict(self.last_choices)
        copy.runs = [r.clone() if r else None for r in self.runs]
        copy.explorer_of = list(self.explorer_of)
        copy.results = self.results
        copy.step = self.step.clone() if self.step else None
        copy.phase = self.phase
        return copy

    def snapshot(self) -> dict[str, Any]:
        return {
            "rng": self._rng.state,
            "phase": self.phase,
            "round": self.round,
            "final_round": self.final_round,
            "board": self.board.id,
            "decks": [list(d) for d in self.decks],
            "faceup": list(self.faceup),
            "missions": list(self.missions),
            "mission_claimed": list(self.mission_claimed),
            "sheets": [sh.to_json(True) for sh in self.sheets],
            "pending": [list(p) for p in self.pending],
            "takebacks": list(self.takebacks),
            "undo_points": [
                [{"sheet": sh.to_json(True), "pending": list(p)} for sh, p in points]
                for points in self.undo_points
            ],
            "step": self.step.snapshot() if self.step else None,
            "explorer_of": list(self.explorer_of),
            "runs": [r.to_json() if r else None for r in self.runs],
            "results": self.results,
        }

    # -- tables for tests and tools ----------------------------------------------------

    @classmethod
    def arranged(
        cls,
        game: SpyWorldGame,
        players: int = 2,
        board: LairBoard | None = None,
        *,
        faceup: list[int] | None = None,
        tops: list[int] | None = None,
        sheets: list[PlayerSheet] | None = None,
        seed: int = 0,
        expert: str = "NNNNN",
        lenient: bool = False,
    ) -> SpyWorldState:
        """A table set up as described, in the planning round's choice step.

        ``faceup`` are card indices for the three face-up cards; ``tops`` card indices to put
        on top of each deck (their backs point at the row/column/number); ``sheets`` replace
        the players' game sheets. Agents are skipped (each seat may set ``sheet.agent``).
        """
        from .components import lairs

        board = board or lairs()["polar_base"]
        state = cls(game, players, board, seed, expert, frozenset(), lenient)
        state.step = None
        if faceup is not None:
            for slot, index in enumerate(faceup):
                for deck in state.decks:
                    if index in deck:
                        deck.remove(index)
                state.faceup[slot] = index
        if tops is not None:
            for slot, index in enumerate(tops):
                for deck in state.decks:
                    if index in deck:
                        deck.remove(index)
                if index in state.faceup:
                    raise ValueError("a card cannot be face up and on a deck")
                state.decks[slot].append(index)
        if sheets is not None:
            state.sheets = sheets
        state._start_round()
        return state

    def start_exploration(self) -> list[Event]:
        """End planning now (for tests and tools): bonuses, passing lairs, runs begin."""
        self.step = None
        return self._end_planning()


def blank_sheet(budget: int = 10) -> PlayerSheet:
    return PlayerSheet([""] * STANDARD.size, budget=budget)


__all__ = ["SpyWorldState", "award", "blank_sheet", "rank_title", "tie_result"]
