"""The briefcase table: turns, payoffs, moves, burns, challenges, powers and the end.

A turn moves through phases:

``setup``      every seat secretly places its two single coins (a simultaneous step);
``turn``       the current player makes a payoff, announces a move or announces a burn;
``challenge``  each other seat, clockwise from the mover's left, challenges or passes;
``bid``        a challenge in progress: mover and challenger announce higher numbers;
``carry``      after a successful move from the briefcase's city: take it along or not;
``power``      after a successful move: use the moved agent's power or not;
``over``       the game has ended.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...core import Action, Event, IllegalAction, Rng, SimultaneousStep, State, private, public
from ...i18n import N_
from ...i18n.table_text import illegal
from .actions import (
    PAYOFF_ACTIONS,
    POWER_ACTIONS,
    BurnAgent,
    CarryBriefcase,
    Challenge,
    Concede,
    MoveAgent,
    Pass,
    PayAgent,
    PayNobody,
    PaySolomon,
    Raise,
    SetupPayoff,
    SkipPower,
)
from .board import Board
from .components import SOLOMON_FACE, Components
from .menus import build_menus
from .powers import apply_power, power_actions
from .rules import (
    ABILITIES,
    BURN,
    CHALLENGES,
    DESIGN,
    GAME_PLAY,
    HQ_WIN_MOVER,
    MOVE,
    OFF_BOARD,
    PAYOFF,
    RESTRICTED,
    SETUP,
    SOLOMON,
    SOLOMON_NAME,
    TRACK_END,
    advance_track,
    challenge_order,
    hq_winner,
    solomon_winners,
)
from .sampling import (
    Plan,
    SeatKnowledge,
    SetupRules,
    draw_plan,
    draw_setups,
    fallback_plan,
    read_knowledge,
)

if TYPE_CHECKING:
    from .game import BriefcaseGame

# Actions without fields, shared by every listing of legal actions.
PASS = Pass()
CONCEDE = Concede()
PAY_NOBODY = PayNobody()
PAY_SOLOMON = PaySolomon()

SETUP_PHASE = "setup"
TURN = "turn"
CHALLENGE = "challenge"
BID = "bid"
CARRY = "carry"
POWER = "power"
OVER = "over"


class Pending:
    """The announced move or burn being challenged, and the challenge in progress."""

    __slots__ = ("agent", "bids", "challenger", "kind", "origin", "passed", "target", "to_ask")

    def __init__(self, kind: str, agent: int, target: int, origin: int, to_ask: tuple[int, ...]):
        self.kind = kind  # "move" or "burn"
        self.agent = agent
        self.target = target  # a city for a move, an agent for a burn
        self.origin = origin
        self.to_ask = to_ask  # seats still to be offered a challenge, in order
        self.passed: list[int] = []
        self.challenger = -1
        self.bids: list[int] = []  # alternating, the challenger's first

    def clone(self) -> Pending:
        copy = Pending(self.kind, self.agent, self.target, self.origin, self.to_ask)
        copy.passed = list(self.passed)
        copy.challenger = self.challenger
        copy.bids = list(self.bids)
        return copy


class BriefcaseState(State):
    """A briefcase table in play: the engine contract's :class:`State` for this game."""

    __slots__ = (
        "_game",
        "_rng",
        "board",
        "boards",
        "briefcase",
        "burn_tokens_left",
        "burnt",
        "comp",
        "current",
        "end_reason",
        "first_player",
        "history",
        "hq_win",
        "hqs",
        "known_at_least",
        "last_roll",
        "menus",
        "n",
        "payoffs",
        "payoffs_made",
        "pending",
        "phase",
        "positions",
        "power_agent",
        "removed",
        "reserve",
        "restricted",
        "round",
        "setup_step",
        "spied",
        "tokens",
        "track",
        "turn_restricted",
        "winner_seats",
    )

    def __init__(
        self,
        game: BriefcaseGame,
        board: Board,
        comp: Components,
        players: int,
        seed: int,
        hq_win: str = HQ_WIN_MOVER,
    ):
        """A new table set up as the rulebook's Setup says, from one seed; ``hq_win`` is
        the option saying who wins when the briefcase enters an HQ (see ``rules.py``)."""
        self._game = game
        self.hq_win = hq_win
        self.board = board
        self.comp = comp
        self.menus = build_menus(board, comp)
        self.n = players
        self._rng = Rng(seed)
        rng = self._rng
        starts = list(board.agent_starts)
        rng.shuffle(starts)  # Setup 3: agents placed at random on the six start cities
        self.positions: list[int] = starts
        self.briefcase = board.briefcase_start  # Setup 2
        self.track = comp.track_start_for(players)  # Setup 4
        self.burn_tokens_left = comp.burn_tokens  # Setup 5
        self.hqs = board.hq_cities(players)  # Setup 6
        colours = list(comp.boards)
        rng.shuffle(colours)  # Setup 7: a random payoff board each
        self.boards = colours[:players]
        tokens = list(range(len(comp.agents)))
        rng.shuffle(tokens)  # Setup 8: starting payoff tokens dealt face down
        self.tokens = tokens[:players]
        self.payoffs = [[0] * 7 for _ in range(players)]
        self.reserve = [comp.reserve] * players
        for seat, token in enumerate(self.tokens):  # Setup 9, first half
            self.payoffs[seat][token] = comp.token_coins
            self.reserve[seat] -= comp.token_coins
        self.first_player = rng.below(players)  # Setup 10
        self.current = self.first_player
        self.restricted = [False] * players
        self.turn_restricted = False
        self.burnt = [False] * len(comp.agents)
        self.removed = [0] * players
        self.round = 1
        self.phase = SETUP_PHASE
        self.setup_step: SimultaneousStep | None = SimultaneousStep("setup", range(players))
        self.pending: Pending | None = None
        self.power_agent = OFF_BOARD
        self.winner_seats: list[int] = []
        self.end_reason = ""
        self.last_roll = ""
        self.payoffs_made = [0] * players
        self.known_at_least = [[0] * 7 for _ in range(players)]
        self.spied: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.history: list[dict[str, Any]] = []

    # -- building tables for tests and tutorials --------------------------------------

    @classmethod
    def arranged(
        cls,
        game: BriefcaseGame,
        players: int,
        *,
        agents: Mapping[str, str | None] | None = None,
        briefcase: str | None = None,
        payoffs: Mapping[int, Mapping[str, int]] | None = None,
        tokens: Sequence[str] | None = None,
        current: int = 0,
        first_player: int = 0,
        restricted: Sequence[int] = (),
        track: int | None = None,
        seed: int = 0,
        hq_win: str = HQ_WIN_MOVER,
    ) -> BriefcaseState:
        """A table past setup, arranged as given; everything not given is as after setup.

        ``agents`` maps agent names to cities (``None``: burnt); ``payoffs`` maps a seat to
        coins per agent name or ``"Dr. Solomon"`` (the reserve is what is left of 30, the
        starting token's coins included only if listed); ``track`` is the die's space
        (0: the end of the track). The table's generator starts afresh from ``seed``, so
        the next chance event (a die roll, a Roulette spin) is known to a test. Example::

            BriefcaseState.arranged(GAME, 3, agents={"Spyglass": "Vienna"},
                                    payoffs={0: {"Spyglass": 6}}, current=0)
        """
        state = game.raw_state(players, seed)
        state.hq_win = hq_win
        names = state.comp.agent_names
        if agents is not None:
            for name, city in agents.items():
                agent = names.index(name)
                if city is None:
                    state.positions[agent] = OFF_BOARD
                    state.burnt[agent] = True
                else:
                    state.positions[agent] = state._city_named(city)
        if briefcase is not None:
            state.briefcase = state._city_named(briefcase)
        if tokens is not None:
            state.tokens = [names.index(t) for t in tokens]
        if payoffs is not None:
            for seat in range(players):
                coins = payoffs.get(seat)
                if coins is None:
                    continue
                state.payoffs[seat] = [0] * 7
                for name, amount in coins.items():
                    index = SOLOMON if name == SOLOMON_NAME else names.index(name)
                    state.payoffs[seat][index] = amount
                state.reserve[seat] = state.comp.reserve - sum(state.payoffs[seat])
                if state.reserve[seat] < 0:
                    raise ValueError(f"seat {seat} would have paid more than its reserve")
        state.setup_step = None
        state.phase = TURN
        state.first_player = first_player
        state.current = current
        for seat in restricted:
            state.restricted[seat] = True
        state.turn_restricted = state.restricted[current]
        if track is not None:
            state.track = track
        state._rng = Rng(seed)
        return state

    # -- the contract -----------------------------------------------------------------

    @property
    def game(self) -> BriefcaseGame:
        return self._game

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def rng(self) -> Rng:
        return self._rng

    def open_step(self) -> SimultaneousStep | None:
        return self.setup_step

    def acting_players(self) -> tuple[int, ...]:
        # The contract's version, without its extra call: this is asked on every decision.
        if self.setup_step is not None:
            return self.setup_step.waiting()
        return self._acting_players()

    def _acting_players(self) -> tuple[int, ...]:
        if self.phase in (TURN, CARRY, POWER):
            return (self.current,)
        if self.phase == CHALLENGE and self.pending is not None:
            return (self.pending.to_ask[0],)
        if self.phase == BID and self.pending is not None:
            return (self.bidder(),)
        return ()

    def bidder(self) -> int:
        """Who answers next in a challenge: the mover after each challenger number."""
        assert self.pending is not None
        return self.current if len(self.pending.bids) % 2 == 1 else self.pending.challenger

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [1.0 if seat in self.winner_seats else 0.0 for seat in range(self.n)]

    def winners(self) -> list[int]:
        return list(self.winner_seats)

    # -- names ------------------------------------------------------------------------

    def agent_index(self, name: str) -> int:
        return self.menus.agent_index.get(name, OFF_BOARD)

    def payee_index(self, name: str) -> int:
        return SOLOMON if name == SOLOMON_NAME else self.agent_index(name)

    def agent_name(self, agent: int) -> str:
        return SOLOMON_NAME if agent == SOLOMON else self.comp.agents[agent].name

    def _city_named(self, name: str) -> int:
        city = self.board.index(name)
        if city < 0:
            raise ValueError(f"there is no city {name!r} on the map {self.board.name}")
        return city

    def city_name(self, city: int) -> str:
        return self.board.names[city]

    def on_board(self, agent: int) -> bool:
        return self.positions[agent] != OFF_BOARD

    def agents_in(self, city: int) -> list[int]:
        return [a for a, here in enumerate(self.positions) if here == city]

    # -- legal actions ----------------------------------------------------------------

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == OVER or player not in self.acting_players():
            return []
        if self.phase == SETUP_PHASE:
            return list(self._setup_actions(player))
        if self.phase == TURN:
            actions = self._payoff_actions(player)
            if not self.turn_restricted:
                actions.extend(self._move_actions())
                actions.extend(self._burn_actions(player))
            return actions
        pending = self.pending
        if self.phase == CHALLENGE and pending is not None:
            floor = self.comp.burn_cost if pending.kind == "burn" else 0
            paid = self.payoffs[player][pending.agent]
            return [PASS, *self.menus.challenges[floor : paid + 1]]
        if self.phase == BID and pending is not None:
            paid = self.payoffs[player][pending.agent]
            return [CONCEDE, *self.menus.raises[pending.bids[-1] + 1 : paid + 1]]
        if self.phase == CARRY:
            return [CarryBriefcase(True), CarryBriefcase(False)]
        if self.phase == POWER:
            return power_actions(self, player)
        return []

    def default_action(self, player: int) -> Action:
        """On a timeout: pay no one, pass, concede, leave the briefcase, skip the power."""
        if self.phase == CARRY and player in self.acting_players():
            return CarryBriefcase(False)
        if self.phase == POWER and player in self.acting_players():
            return SkipPower()
        return super().default_action(player)

    def _setup_actions(self, seat: int) -> list[SetupPayoff]:
        names = self.comp.agent_names
        token = self.tokens[seat]
        return [
            SetupPayoff(names[a], names[b])
            for a in range(len(names))
            for b in range(a + 1, len(names))
            if token not in (a, b)
        ]

    def _payoff_actions(self, seat: int) -> list[Action]:
        actions: list[Action] = [PAY_NOBODY]
        reserve = self.reserve[seat]
        if reserve >= self.comp.solomon_payoff:
            actions.append(PAY_SOLOMON)
        pays = self.menus.pays
        for agent_pays in pays:  # burnt agents too (Rulebook 004 §Make a Payoff)
            actions.extend(agent_pays[:reserve])
        return actions

    def _move_actions(self) -> list[Action]:
        actions: list[Action] = []
        moves = self.menus.moves
        for agent, here in enumerate(self.positions):
            if here != OFF_BOARD:
                actions.extend(moves[agent][here])
        return actions

    def _burn_actions(self, seat: int) -> list[Action]:
        actions: list[Action] = []
        for agent, card in enumerate(self.comp.agents):
            here = self.positions[agent]
            if here == OFF_BOARD or self.payoffs[seat][agent] < self.comp.burn_cost:
                continue
            for target in self.agents_in(here):
                if target != agent:
                    actions.append(BurnAgent(card.name, self.comp.agents[target].name))
        return actions

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Why an action cannot be taken now, citing the rulebook section it breaks."""
        template, rule, params = self._why_illegal(player, action)
        return IllegalAction(template.format(**params), rule, template=template, params=params)

    def _why_illegal(self, player: int, action: Action) -> tuple[str, str, dict[str, object]]:
        if self.phase == SETUP_PHASE:
            if not isinstance(action, SetupPayoff):
                return N_("during setup each player only places two single coins"), SETUP, {}
            return (
                N_(
                    "the two coins go on two different agents, neither the one on your "
                    "starting token, named in board order"
                ),
                SETUP,
                {},
            )
        if self.phase == TURN:
            return self._why_illegal_turn(player, action)
        pending = self.pending
        if self.phase == CHALLENGE and pending is not None:
            if isinstance(action, Challenge):
                if pending.kind == "burn" and action.amount < self.comp.burn_cost:
                    return (
                        N_("a burn is challenged with at least {amount} sovereigns"),
                        CHALLENGES,
                        {"amount": self.comp.burn_cost},
                    )
                return (
                    N_("you may not announce more than you paid off on the acting agent"),
                    CHALLENGES,
                    {},
                )
            return N_("challenge or pass"), CHALLENGES, {}
        if self.phase == BID and pending is not None:
            if isinstance(action, Raise):
                if action.amount <= pending.bids[-1]:
                    return (
                        N_("announce at least {amount}: one more than the last number"),
                        CHALLENGES,
                        {"amount": pending.bids[-1] + 1},
                    )
                return (
                    N_("you may not announce more than you paid off on the acting agent"),
                    CHALLENGES,
                    {},
                )
            return N_("announce a higher number or concede"), CHALLENGES, {}
        if self.phase == CARRY:
            return N_("decide whether the briefcase goes with the agent"), MOVE, {}
        if self.phase == POWER:
            return (
                N_("not a use of this agent's power now: {action}"),
                f"{DESIGN} §Powers",
                {"action": repr(action)},
            )
        return N_("{action} is not possible now"), GAME_PLAY, {"action": repr(action)}

    def _why_illegal_turn(self, player: int, action: Action) -> tuple[str, str, dict[str, object]]:
        if self.turn_restricted and not isinstance(action, PAYOFF_ACTIONS):
            return N_("your RESTRICTED marker is up: you may only make a payoff"), RESTRICTED, {}
        if isinstance(action, PaySolomon):
            return N_("you have no sovereign left in your reserve"), PAYOFF, {}
        if isinstance(action, PayAgent):
            agent = self.agent_index(action.agent)
            if agent == OFF_BOARD:
                return (
                    N_("there is no agent called {agent}"),
                    PAYOFF,
                    {"agent": repr(action.agent)},
                )
            return (
                N_("pay between 1 and your reserve of {reserve}"),
                PAYOFF,
                {"reserve": self.reserve[player]},
            )
        if isinstance(action, MoveAgent):
            agent = self.agent_index(action.agent)
            if agent == OFF_BOARD or not self.on_board(agent):
                return N_("{agent} is not on the board"), MOVE, {"agent": action.agent}
            return (
                N_("{agent} can only move along a red line or from station to station"),
                MOVE,
                {"agent": action.agent},
            )
        if isinstance(action, BurnAgent):
            agent = self.agent_index(action.agent)
            target = self.agent_index(action.target)
            if OFF_BOARD in (agent, target) or not (self.on_board(agent) and self.on_board(target)):
                return N_("both agents must be on the board"), BURN, {}
            if agent == target or self.positions[agent] != self.positions[target]:
                return N_("an agent can only burn another agent in the same city"), BURN, {}
            return (
                N_("you need at least {amount} sovereigns paid off on {agent}"),
                BURN,
                {"amount": self.comp.burn_cost, "agent": action.agent},
            )
        if isinstance(action, POWER_ACTIONS):
            return N_("powers are used only after a successful move"), ABILITIES, {}
        return N_("make a payoff, move an agent or burn an agent"), GAME_PLAY, {}

    # -- applying actions -------------------------------------------------------------

    def _resolve(self, choices: Mapping[int, Action]) -> list[Event]:
        """Setup step 9: the two single coins, placed in secret by everyone at once."""
        events: list[Event] = []
        for seat, action in choices.items():
            assert isinstance(action, SetupPayoff)
            for name in (action.first, action.second):
                self.payoffs[seat][self.agent_index(name)] += self.comp.setup_extra_coins
                self.reserve[seat] -= self.comp.setup_extra_coins
        self.setup_step = None
        self.phase = TURN
        self.turn_restricted = False
        events.append(public("setup_done", first_player=self.first_player))
        events.append(public("turn", seat=self.current, round=self.round))
        return events

    def _apply(self, player: int, action: Action) -> list[Event]:
        if self.phase == TURN:
            if isinstance(action, PAYOFF_ACTIONS):
                return self._payoff(player, action)
            if isinstance(action, MoveAgent):
                return self._announce(
                    player,
                    "move",
                    self.agent_index(action.agent),
                    self.board.index(action.city),
                )
            if isinstance(action, BurnAgent):
                return self._announce(
                    player, "burn", self.agent_index(action.agent), self.agent_index(action.target)
                )
        if self.phase == CHALLENGE:
            return self._challenge_offer(player, action)
        if self.phase == BID:
            return self._bid(player, action)
        if self.phase == CARRY and isinstance(action, CarryBriefcase):
            return self._carry(action.carry)
        if self.phase == POWER:
            events = apply_power(self, player, action)
            if self.phase != OVER:
                events.extend(self._end_turn())
            return events
        raise illegal(N_("{action} cannot be taken now"), GAME_PLAY, action=repr(action))

    def _payoff(self, seat: int, action: Action) -> list[Event]:
        self.payoffs_made[seat] += 1
        self.history.append({"round": self.round, "seat": seat, "action": "payoff"})
        events = [public("payoff", seat=seat)]
        if isinstance(action, PayAgent):
            agent = self.agent_index(action.agent)
            self.payoffs[seat][agent] += action.amount
            self.reserve[seat] -= action.amount
            events.append(
                private((seat,), "paid", seat=seat, agent=action.agent, amount=action.amount)
            )
        elif isinstance(action, PaySolomon):
            self.payoffs[seat][SOLOMON] += self.comp.solomon_payoff
            self.reserve[seat] -= self.comp.solomon_payoff
            events.append(
                private(
                    (seat,), "paid", seat=seat, agent=SOLOMON_NAME, amount=self.comp.solomon_payoff
                )
            )
        else:
            events.append(private((seat,), "paid", seat=seat, agent=None, amount=0))
        events.extend(self._end_turn())
        return events

    def _announce(self, seat: int, kind: str, agent: int, target: int) -> list[Event]:
        origin = self.positions[agent]
        self.pending = Pending(kind, agent, target, origin, challenge_order(seat, self.n))
        self.phase = CHALLENGE
        record: dict[str, Any] = {
            "round": self.round,
            "seat": seat,
            "action": kind,
            "agent": self.agent_name(agent),
            "challenges": [],
        }
        if kind == "move":
            record["from"] = self.city_name(origin)
            record["to"] = self.city_name(target)
        else:
            record["target"] = self.agent_name(target)
            record["city"] = self.city_name(origin)
        self.history.append(record)
        data = {k: v for k, v in record.items() if k not in ("challenges", "round")}
        return [public("announce", **data)]

    def _record(self) -> dict[str, Any]:
        return self.history[-1]

    def _reveal_number(self, seat: int, amount: int) -> None:
        assert self.pending is not None
        agent = self.pending.agent
        self.known_at_least[seat][agent] = max(self.known_at_least[seat][agent], amount)
        self.pending.bids.append(amount)

    def _challenge_offer(self, seat: int, action: Action) -> list[Event]:
        pending = self.pending
        assert pending is not None
        pending.to_ask = pending.to_ask[1:]
        if isinstance(action, Pass):
            pending.passed.append(seat)
            events = [public("pass", seat=seat)]
            if not pending.to_ask:
                events.extend(self._succeed())
            return events
        assert isinstance(action, Challenge)
        pending.challenger = seat
        pending.bids = []
        self._reveal_number(seat, action.amount)
        self.phase = BID
        self._record()["challenges"].append({"seat": seat, "bids": [action.amount], "won": None})
        return [public("challenge", seat=seat, amount=action.amount)]

    def _bid(self, seat: int, action: Action) -> list[Event]:
        pending = self.pending
        assert pending is not None
        challenge = self._record()["challenges"][-1]
        if isinstance(action, Raise):
            self._reveal_number(seat, action.amount)
            challenge["bids"].append(action.amount)
            return [public("raise", seat=seat, amount=action.amount)]
        events = [public("concede", seat=seat)]
        if seat == self.current:
            # The challenger announced the higher number: the action does not happen.
            challenge["won"] = True
            self._record()["outcome"] = "stopped"
            self.pending = None
            events.append(public("challenge_won", seat=pending.challenger, mover=self.current))
            events.extend(self._end_turn())
            return events
        challenge["won"] = False
        self.restricted[pending.challenger] = True
        events.append(public("challenge_lost", seat=pending.challenger, mover=self.current))
        events.append(public("restricted", seat=pending.challenger))
        pending.challenger = -1
        pending.bids = []
        self.phase = CHALLENGE
        if not pending.to_ask:
            events.extend(self._succeed())
        return events

    def _succeed(self) -> list[Event]:
        """Every other player passed or lost their challenge: the action happens."""
        pending = self.pending
        assert pending is not None
        self.pending = None
        self._record()["outcome"] = "done"
        if pending.kind == "burn":
            return self._burn(pending)
        agent, city = pending.agent, pending.target
        self.positions[agent] = city
        events = [
            public(
                "moved",
                agent=self.agent_name(agent),
                origin=self.city_name(pending.origin),
                city=self.city_name(city),
            )
        ]
        self.power_agent = agent
        if self.briefcase == pending.origin:
            self.phase = CARRY
            return events
        events.extend(self._to_power())
        return events

    def _burn(self, pending: Pending) -> list[Event]:
        target = pending.target
        self.positions[target] = OFF_BOARD
        self.burnt[target] = True
        self.burn_tokens_left -= self.n  # every player takes a burn token for that agent
        cost = self.comp.burn_cost
        self.payoffs[self.current][pending.agent] -= cost
        self.removed[self.current] += cost
        known = self.known_at_least[self.current]
        known[pending.agent] = max(0, known[pending.agent] - cost)
        events = [
            public(
                "burnt",
                agent=self.agent_name(target),
                by=self.agent_name(pending.agent),
                seat=self.current,
                removed=cost,
            )
        ]
        events.extend(self._end_turn())
        return events

    def _carry(self, carry: bool) -> list[Event]:
        agent = self.power_agent
        events: list[Event] = []
        if carry:
            self.briefcase = self.positions[agent]
            self._record()["carried"] = True
            events.append(
                public("briefcase", city=self.city_name(self.briefcase), by=self.agent_name(agent))
            )
            events.extend(self.check_hq())
            if self.phase == OVER:
                return events
        else:
            self._record()["carried"] = False
            events.append(public("briefcase_left", city=self.city_name(self.briefcase)))
        events.extend(self._to_power())
        return events

    def _to_power(self) -> list[Event]:
        self.phase = POWER
        if len(power_actions(self, self.current)) == 1:  # only "skip": nothing to decide
            return self._end_turn()
        return []

    def check_hq(self) -> list[Event]:
        """The current player has just moved the briefcase (carried, or by Magician): into
        their own HQ it wins at once (Rulebook 004 §End of the Game); into another seat's HQ
        only under the ``owner`` option, for that seat."""
        seat = hq_winner(self.briefcase, self.hqs, self.current, self.hq_win)
        if seat is not None:
            return self._finish([seat], "hq")
        return []

    def _finish(self, winners: list[int], reason: str) -> list[Event]:
        self.phase = OVER
        self.pending = None
        self.winner_seats = winners
        self.end_reason = reason
        return [
            public(
                "game_over",
                winners=winners,
                reason=reason,
                payoffs=[list(p) for p in self.payoffs],
                reserves=list(self.reserve),
            )
        ]

    def _end_turn(self) -> list[Event]:
        """The turn is over: the marker comes off a restricted player, then the next seat."""
        events: list[Event] = []
        self.pending = None
        self.power_agent = OFF_BOARD
        if self.turn_restricted:
            self.restricted[self.current] = False
            events.append(public("unrestricted", seat=self.current))
        self.current = (self.current + 1) % self.n
        if self.current == self.first_player:
            events.extend(self._solomon_turn())
            if self.phase == OVER:
                return events
            self.round += 1
        self.phase = TURN
        self.turn_restricted = self.restricted[self.current]
        events.append(public("turn", seat=self.current, round=self.round))
        return events

    def _solomon_turn(self) -> list[Event]:
        """Dr. Solomon goes last in each round: advance the die, or roll it at the end."""
        if self.track != TRACK_END:
            self.track = advance_track(self.track, self.comp.last_space)
            self.last_roll = ""
            return [public("solomon_advances", space=self.track)]
        face = self.comp.die[self._rng.below(len(self.comp.die))]
        self.last_roll = face
        events = [public("solomon_rolls", face=face)]
        if face == SOLOMON_FACE:
            solomon = [p[SOLOMON] for p in self.payoffs]
            events.extend(self._finish(solomon_winners(solomon, self.reserve), "solomon"))
        return events

    # -- what each seat may know ------------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:
        names = self.comp.agent_names
        obs: dict[str, Any] = {
            "game": "briefcase",
            "map": self.board.name,
            "map_key": self.board.key,
            "players": self.n,
            "seat": player,
            "phase": self.phase,
            "round": self.round,
            "track": self.track,
            "last_roll": self.last_roll,
            "first_player": self.first_player,
            "current": self.current,
            "acting": list(self.acting_players()),
            "agents": {
                name: (self.city_name(here) if here != OFF_BOARD else None)
                for name, here in zip(names, self.positions, strict=True)
            },
            "briefcase": self.city_name(self.briefcase),
            "hqs": [self.city_name(c) for c in self.hqs],
            "hq_win": self.hq_win,
            "payoff_boards": list(self.boards),
            "restricted": list(self.restricted),
            "restricted_this_turn": self.turn_restricted,
            "burnt": [name for name, gone in zip(names, self.burnt, strict=True) if gone],
            "burn_tokens_left": self.burn_tokens_left,
            "payoffs_made": list(self.payoffs_made),
            "coins_removed": list(self.removed),
            "known_at_least": [self._payoff_dict(row) for row in self.known_at_least],
            "pending": self._pending_view(),
            "history": [_copy_record(r) for r in self.history],
            "winners": list(self.winner_seats),
            "end_reason": self.end_reason,
        }
        if self.setup_step is not None:
            obs["setup"] = self.setup_step.view_for(player)
        if player is not None:
            obs["you"] = {
                "seat": player,
                "hq": self.city_name(self.hqs[player]),
                "reserve": self.reserve[player],
                "payoffs": self._payoff_dict(self.payoffs[player]),
                "starting_token": names[self.tokens[player]],
                "spied": [dict(note) for note in self.spied[player]],
            }
        if self.phase == OVER:
            obs["revealed"] = {
                "payoffs": [self._payoff_dict(row) for row in self.payoffs],
                "reserves": list(self.reserve),
                "starting_tokens": [names[t] for t in self.tokens],
            }
        return obs

    def _payoff_dict(self, row: Sequence[int]) -> dict[str, int]:
        return {self.agent_name(i): row[i] for i in range(7)}

    def _pending_view(self) -> dict[str, Any] | None:
        pending = self.pending
        if pending is None:
            return None
        view: dict[str, Any] = {
            "kind": pending.kind,
            "seat": self.current,
            "agent": self.agent_name(pending.agent),
            "from": self.city_name(pending.origin),
            "to_ask": list(pending.to_ask),
            "passed": list(pending.passed),
            "challenger": pending.challenger if pending.challenger >= 0 else None,
            "bids": list(pending.bids),
        }
        if pending.kind == "move":
            view["to"] = self.city_name(pending.target)
        else:
            view["target"] = self.agent_name(pending.target)
        return view

    def determinize(self, player: int, rng: Rng) -> BriefcaseState:
        """A full table consistent with everything ``player`` has seen; others' secrets drawn.

        Kept: everything public, the seat's own payoffs, reserve, token and Spyglass notes,
        and other seats' notes about this seat's payoffs (which it knows). Drawn: the other
        seats' starting tokens, setup coins and payoffs, consistent with every challenge
        number, burn, payoff count, Spyglass look of this seat and (once the game is over)
        the revealed payoffs; the other seats' notes about third seats, read from the drawn
        payoffs; hidden setup choices; and a fresh generator for future chance.
        """
        state = self.clone()
        if self.phase == SETUP_PHASE:
            self._draw_setup_secrets(state, player, rng)
        else:
            self._draw_secrets(state, player, rng)
        state._rng = Rng(rng.next_u64())
        return state

    def _draw_setup_secrets(self, state: BriefcaseState, player: int, rng: Rng) -> None:
        """During setup only the tokens' coins are down; the two single coins are still hidden
        choices of the simultaneous step."""
        free = [t for t in range(len(self.comp.agents)) if t != self.tokens[player]]
        rng.shuffle(free)
        for seat in range(self.n):
            if seat == player:
                continue
            state.tokens[seat] = token = free.pop()
            state.payoffs[seat] = [0] * 7
            state.payoffs[seat][token] = self.comp.token_coins
            state.reserve[seat] = self.comp.reserve - self.comp.token_coins
        step = state.setup_step
        assert step is not None
        for seat in step.seats:
            if seat != player and step.has_chosen(seat):
                step.replace_hidden(seat, rng.choice(state._setup_actions(seat)))

    def _draw_secrets(self, state: BriefcaseState, player: int, rng: Rng) -> None:
        comp = self.comp
        names = comp.agent_names
        others = [seat for seat in range(self.n) if seat != player]
        over = self.phase == OVER
        knowledge = read_knowledge(
            self.history,
            self.n,
            player,
            self.spied[player],
            names,
            comp.burn_cost,
            self.payoffs if over else None,
        )
        rules = SetupRules(len(names), comp.token_coins, comp.setup_extra_coins, comp.reserve)
        free = [t for t in range(len(names)) if t != self.tokens[player]]
        known_tokens = [self.tokens[seat] for seat in others] if over else None
        setups = draw_setups(knowledge, others, free, known_tokens, rules, rng)
        plans: dict[int, Plan] = {}
        for seat in others:
            setup = setups[seat]
            known = knowledge[seat]
            if setup.ledger is None:
                plan = fallback_plan(known, setup.base, comp.reserve)
            else:
                plan = draw_plan(setup.ledger, len(known.payoff_times), comp.reserve, rng)
            coins = plan.final()
            plans[seat] = plan
            state.tokens[seat] = setup.token
            burnt = known.burnt_coins
            state.payoffs[seat] = [c - b for c, b in zip(coins, burnt, strict=True)]
            state.reserve[seat] = comp.reserve - sum(coins)
        for seat in others:
            state.spied[seat] = self._redrawn_notes(seat, player, plans, knowledge)

    def _redrawn_notes(
        self,
        seat: int,
        player: int,
        plans: Mapping[int, Plan],
        knowledge: Sequence[SeatKnowledge],
    ) -> list[dict[str, Any]]:
        """``seat``'s Spyglass notes in a sample for ``player``: a look at ``player`` keeps
        its number (the player knows its own payoffs), a look at anyone else reads the
        sampled payoffs at the moment of the look."""
        notes: list[dict[str, Any]] = []
        real = iter(self.spied[seat])
        for time, record in enumerate(self.history):
            look = record.get("power")
            if record["seat"] != seat or not look or "looked_at" not in look:
                continue
            note = dict(next(real))
            target = look["looked_at"]
            if target != player:
                payee = self.payee_index(look["payee"])
                burns = sum(1 for t in knowledge[target].burn_times[payee] if t < time)
                placed = plans[target].placed_before(knowledge[target], payee, time)
                note["amount"] = placed - burns * self.comp.burn_cost
            notes.append(note)
        return notes

    # -- copies -----------------------------------------------------------------------

    def clone(self) -> BriefcaseState:
        copy = BriefcaseState.__new__(BriefcaseState)
        copy._game = self._game
        copy._rng = self._rng.clone()
        copy.board = self.board
        copy.comp = self.comp
        copy.menus = self.menus
        copy.n = self.n
        copy.positions = list(self.positions)
        copy.briefcase = self.briefcase
        copy.track = self.track
        copy.burn_tokens_left = self.burn_tokens_left
        copy.hqs = self.hqs
        copy.hq_win = self.hq_win
        copy.boards = list(self.boards)
        copy.tokens = list(self.tokens)
        copy.payoffs = [list(p) for p in self.payoffs]
        copy.reserve = list(self.reserve)
        copy.first_player = self.first_player
        copy.current = self.current
        copy.restricted = list(self.restricted)
        copy.turn_restricted = self.turn_restricted
        copy.burnt = list(self.burnt)
        copy.removed = list(self.removed)
        copy.round = self.round
        copy.phase = self.phase
        copy.setup_step = self.setup_step.clone() if self.setup_step is not None else None
        copy.pending = self.pending.clone() if self.pending is not None else None
        copy.power_agent = self.power_agent
        copy.winner_seats = list(self.winner_seats)
        copy.end_reason = self.end_reason
        copy.last_roll = self.last_roll
        copy.payoffs_made = list(self.payoffs_made)
        copy.known_at_least = [list(k) for k in self.known_at_least]
        copy.spied = [list(notes) for notes in self.spied]
        # Finished records are never changed; only the last one may still grow.
        copy.history = list(self.history)
        if copy.history:
            copy.history[-1] = _copy_record(copy.history[-1])
        return copy

    def snapshot(self) -> dict[str, Any]:
        return {
            "rng": self._rng.state,
            "hq_win": self.hq_win,
            "positions": list(self.positions),
            "briefcase": self.briefcase,
            "track": self.track,
            "burn_tokens_left": self.burn_tokens_left,
            "boards": list(self.boards),
            "tokens": list(self.tokens),
            "payoffs": [list(p) for p in self.payoffs],
            "reserve": list(self.reserve),
            "first_player": self.first_player,
            "current": self.current,
            "restricted": list(self.restricted),
            "turn_restricted": self.turn_restricted,
            "burnt": list(self.burnt),
            "removed": list(self.removed),
            "round": self.round,
            "phase": self.phase,
            "setup": self.setup_step.snapshot() if self.setup_step is not None else None,
            "pending": self._pending_view(),
            "power_agent": self.power_agent,
            "winners": list(self.winner_seats),
            "end_reason": self.end_reason,
            "last_roll": self.last_roll,
            "payoffs_made": list(self.payoffs_made),
            "known_at_least": [list(k) for k in self.known_at_least],
            "spied": [[dict(n) for n in notes] for notes in self.spied],
            "history": [_copy_record(r) for r in self.history],
        }


def _copy_record(record: dict[str, Any]) -> dict[str, Any]:
    copy = dict(record)
    if "challenges" in copy:
        copy["challenges"] = [{**c, "bids": list(c["bids"])} for c in record["challenges"]]
    return copy
