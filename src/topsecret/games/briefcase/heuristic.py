"""A heuristic player for the briefcase game.

It reads only its seat's observation. It keeps an estimate of every other seat's payoff on
each agent from what the table has revealed: numbers announced in challenges (exact lower
bounds), its own Spyglass looks, the moves and burns each seat dared to announce (a player
rarely moves an agent they have not paid), and how many payoffs each seat has made. With
that it:

- moves the briefcase toward its HQ when it expects to win any challenge, and never carries
  it into another seat's HQ;
- pays the agent best placed to carry the briefcase enough to beat the others' estimates,
  keeping a few sovereigns for the end game;
- challenges moves that bring the briefcase close to another seat's HQ when it can win, and
  always challenges a move that would win for a rival (into the mover's HQ; into any rival
  HQ under the ``hq_win=owner`` variant);
- in the last rounds pays Dr. Solomon, one sovereign a turn, rather than bring an agent up
  or burn one (it still carries the briefcase on toward its HQ), until it believes itself
  ahead of every rival on him: once the die may end the game, the most paid to him wins it;
- looks with the Spyglass only at payoffs it does not already know to the coin.

Choices within a small margin of the best are ties, broken by the bot's seeded generator, so
games between these bots differ from seed to seed and still replay exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any, TypeVar

from ...core import Action, Bot, Rng, SeatView
from .actions import (
    BlowAgents,
    BurnAgent,
    CallAgent,
    CarryBriefcase,
    Challenge,
    Concede,
    LookAtPayoff,
    MoveAgent,
    Pass,
    PayAgent,
    PayNobody,
    PaySolomon,
    Raise,
    SetupPayoff,
    SkipPower,
    SpinAgent,
    VanishBriefcase,
    Wander,
)
from .board import Board
from .rules import SOLOMON_NAME

T = TypeVar("T")

#: Not using a power.
SKIP_POWER = SkipPower()
#: Sovereigns kept back for Dr. Solomon at the end of the game.
END_GAME_RESERVE = 6
#: How far ahead of the others' estimated payoff the bot wants to be before relying on it.
MARGIN = 1
#: Extra payoff credited to a seat each time it announces a move or burn with an agent.
DARING = 2
#: The die's space from which the end game starts (0 is the end of the track).
END_GAME_SPACE = 3
#: How close to a rival HQ a briefcase move must bring it before the bot challenges it.
APPROACH = 2
#: A rival HQ this close to the briefcase makes burning an agent there worth its cost.
BURN_RANGE = 2
#: Scores this close to the best count as a tie, broken at random.
NEAR_TIE = 0.25
#: Setup pairs this much farther from the briefcase than the closest are still fine openings.
SETUP_SLACK = 1.0


@cache
def distances(board: Board) -> tuple[tuple[int, ...], ...]:
    """Fewest moves between every pair of cities (station hops count as one)."""
    return tuple(tuple(board.distances_from(c)) for c in range(len(board.names)))


# -- the formulas, shared with the rollout player ---------------------------------------------
# The heuristic reads a seat's observation (agents and cities by name); the rollout player
# (rollout.py) reads a table by index. Each translates what it reads and decides by these, so
# the two play alike by construction. They take no generator: a caller breaks a near-tie with
# its own.


def near_best(scored: Sequence[tuple[float, T]], slack: float = NEAR_TIE) -> list[T]:
    """The items scored within ``slack`` of the best: no city or agent wins a near-tie by its
    place in a list."""
    best = max(score for score, _ in scored)
    return [item for score, item in scored if score >= best - slack]


def exactly_known(history: Iterable[Mapping[str, Any]], me: int) -> set[tuple[int, str]]:
    """The (seat, payee) payoffs seat ``me`` knows to the coin: it looked with the Spyglass and
    that seat has made no payoff since (a burn takes a public 5, so it keeps them known)."""
    known: set[tuple[int, str]] = set()
    for record in history:
        if record["action"] == "payoff":
            known = {key for key in known if key[0] != record["seat"]}
            continue
        look = record.get("power") or {}
        if record["seat"] == me and "looked_at" in look:
            known.add((look["looked_at"], look["payee"]))
    return known


@cache
def payee_numbers(agents: tuple[str, ...]) -> dict[str, int]:
    """The payees by name, numbered as :func:`estimate_payments` rows: the agents in order,
    then Dr. Solomon."""
    return {name: i for i, name in enumerate((*agents, SOLOMON_NAME))}


def estimate_payments(
    known_at_least: Sequence[Sequence[float]],
    history: Iterable[Mapping[str, Any]],
    notes: Iterable[Mapping[str, Any]],
    payees: Mapping[str, int],
    made: Sequence[int],
    removed: Sequence[int],
    me: int,
) -> list[list[float]]:
    """What seat ``me`` believes each seat has paid, per seat and payee (``payees`` numbers
    the payees by name, the agents first and Dr. Solomon last): the numbers revealed in
    challenges, at least ``DARING`` on every agent another seat announced a move or burn
    with, its own Spyglass ``notes``, and the coins nobody has seen (setup coins and about
    three per payoff ``made``, less those ``removed`` by burns) spread evenly over the
    agents."""
    paid = [[float(x) for x in row] for row in known_at_least]
    for record in history:
        seat = record["seat"]
        if seat != me and record["action"] in ("move", "burn"):
            row = paid[seat]
            agent = payees[record["agent"]]
            if row[agent] < DARING:
                row[agent] = DARING
    for note in notes:
        row = paid[note["seat"]]
        index = payees[note["agent"]]
        row[index] = max(row[index], float(note["amount"]))
    for seat, row in enumerate(paid):
        if seat == me:
            continue
        agents = len(row) - 1
        unseen = 5 + 3 * made[seat] - removed[seat] - sum(row)
        if unseen > 0:
            share = unseen / agents
            for agent in range(agents):
                row[agent] += share
    return paid


def best_other(paid: Sequence[Sequence[float]], me: int, payee: int) -> float:
    """The highest payoff any other seat is believed to have on ``payee``."""
    return max((row[payee] for seat, row in enumerate(paid) if seat != me), default=0.0)


def is_safe(edge: float) -> bool:
    """Whether this seat's payoff on an agent is far enough ahead of the others' estimates
    (its ``edge``) to rely on."""
    return edge >= MARGIN


def is_end_game(track: int) -> bool:
    return track <= END_GAME_SPACE


def is_rival_hq(city: int, hqs: Sequence[int], me: int) -> bool:
    return city != hqs[me] and city in hqs


def nearest_rival(row: Sequence[int], hqs: Sequence[int], me: int) -> int:
    """Fewest moves from the city whose distances are ``row`` to another seat's HQ."""
    return min((row[hq] for seat, hq in enumerate(hqs) if seat != me), default=99)


def wins_for_rival(city: int, mover: int, hqs: Sequence[int], me: int, owner: bool) -> bool:
    """Whether the mover bringing the briefcase to ``city`` makes a rival win: the mover's own
    HQ as printed (``hq_win`` "mover"), any rival's HQ under the ``owner`` variant."""
    if owner:
        return is_rival_hq(city, hqs, me)
    return mover != me and city == hqs[mover]


def carrying_score(edge: float) -> float:
    """A safe move of the briefcase's agent that brings it closer to this seat's HQ."""
    return 10 + edge


def approach_score(before: int, after: int, edge: float) -> float | None:
    """A move of an agent this seat controls from ``before`` to ``after`` moves away from the
    briefcase: worth making only to come next to it."""
    if after < before and after <= 1:
        return 5 - after + 0.1 * edge
    return None


def burn_worth_it(rival_distance: int, target_edge: float) -> bool:
    """Burn an agent this seat does not control at the briefcase while a rival HQ is within
    ``BURN_RANGE`` of it."""
    return rival_distance <= BURN_RANGE and target_edge < 0


def solomon_behind(mine: int, best_rival: float) -> bool:
    """Whether this seat's payoff to Dr. Solomon is not yet ahead of the best rival
    estimate: paying him again is then worth more than a move of preparation. (Paying on
    until ahead by ``MARGIN`` as well lost more races home than it won rolls.)"""
    return mine <= best_rival


def spendable(reserve: int, late: bool) -> int:
    """Sovereigns this seat may pay now, keeping ``END_GAME_RESERVE`` until the end game."""
    return reserve - (0 if late else END_GAME_RESERVE)


def payment(rival_paid: float, mine: int, can_spend: int) -> int | None:
    """How much to pay an agent to beat ``rival_paid`` by ``MARGIN``, within ``can_spend``;
    ``None`` when this seat is ahead already or has nothing to spend."""
    if can_spend <= 0:
        return None
    need = int(rival_paid + MARGIN + 1 - mine)
    return min(max(need, 1), can_spend) if need >= 1 else None


def carrier_score(distance: int, edge: float) -> float:
    """How well an agent ``distance`` moves from the briefcase would carry it, weighing the
    cost of control."""
    cost = max(0.0, -edge + MARGIN)
    return -(3 * distance + cost / 3)


def burn_threat(mine: Sequence[int], target: int) -> int:
    """1 if a burn announced against ``target`` hits the agent this seat paid most, else 0."""
    best = max(range(len(mine)), key=lambda agent: mine[agent])
    return 1 if target == best and mine[best] > 0 else 0


def move_threat(
    dist: Sequence[Sequence[int]],
    origin: int,
    target: int,
    case: int,
    mover_hq: int,
    my_hq: int,
    rival_wins: bool,
) -> int:
    """How badly an announced move hurts this seat: 0 not at all, 1 somewhat (the briefcase
    comes within ``APPROACH`` of the mover's HQ, or leaves this seat's neighbourhood), 2 it
    loses now."""
    if origin != case:
        return 0
    if rival_wins:
        return 2
    theirs = dist[target][mover_hq]
    if theirs < dist[origin][mover_hq] and theirs <= APPROACH:
        return 1
    if dist[target][my_hq] > dist[origin][my_hq] and dist[origin][my_hq] <= 2:
        return 1
    return 0


def challenge_opening(level: int, mine: int, guess: float) -> int | None:
    """The amount to open a challenge with, or ``None`` to let the announcement pass: everything
    when it matters most (a tie goes to the challenger), else just above the mover's
    estimated payoff, if this seat paid more."""
    if level == 0:
        return None
    if level == 2 or mine > guess:
        return mine if level == 2 else min(mine, int(guess) + 1)
    return None


def worth_carrying(rival_hq: bool, there: int, here: int) -> bool:
    """Carry the briefcase along to a city ``there`` moves from this seat's HQ (``here`` now)."""
    return not rival_hq and there < here


def vanish_value(rival_hq: bool, here: int, there: int) -> float:
    if rival_hq:
        return -1.0
    return float(here - there) * 3


def call_value(paid: int, safe: bool) -> float:
    return 1.0 if paid > 0 and safe else 0.0


def spin_value(at_case: bool, safe: bool) -> float:
    return 1.0 if at_case and not safe else 0.0


def blow_value(at_case: bool, any_blown_safe: bool, distance: int) -> float:
    """Blowing up the agents at the briefcase (none of them this seat's) to a city
    ``distance`` moves from it."""
    if not at_case or any_blown_safe:
        return 0.0
    return 0.5 + 0.1 * distance


def wander_value(safe: bool, there: int, here: int) -> float:
    return 1.0 if safe and there < here else 0.0


def look_value(
    known: bool, solomon: bool, late: bool, to_case: int | None, case_to_owner: int
) -> float:
    """A look is worth what it may change: nothing for a payoff already ``known`` to the coin,
    more for payoffs on agents near the briefcase held by seats near winning (``to_case``:
    the agent's distance from the briefcase, ``None`` off the board)."""
    if known:
        return 0.0
    if solomon:
        return 0.8 if late else 0.0
    if to_case is None:
        return 0.0
    near = 3 - min(3, to_case)
    rival = 3 - min(3, case_to_owner)
    return 0.2 + 0.2 * near + 0.2 * rival


class DecisionOrder(ABC):
    """The order in which a briefcase player weighs a decision, the same for the heuristic and
    the rollout player: in a turn the best move, else the best burn, else a payoff; after a
    move with a power, its most valuable use (near-ties at random), else none. Each player
    reads the table its own way and answers the steps below."""

    __slots__ = ()

    def decide(self, phase: str) -> Action:
        if phase == "setup":
            return self.setup()
        if phase == "turn":
            return self.turn()
        if phase == "challenge":
            return self.challenge()
        if phase == "bid":
            return self.bid()
        if phase == "carry":
            return self.carry()
        return self.power()

    def turn(self) -> Action:
        # Once the die may end the game, a sovereign to Dr. Solomon comes before bringing an
        # agent up or burning one; carrying the briefcase on toward home still comes first.
        solomon = self.solomon_first()
        if self.may_move():
            move = self.best_move()
            if move is not None and (not solomon or self.carries_briefcase(move)):
                return move
            burn = None if solomon else self.best_burn()
            if burn is not None:
                return burn
        return self.payoff()

    def power(self) -> Action:
        scored = [
            (value, action)
            for action in self.power_options()
            if not isinstance(action, SkipPower) and (value := self.power_value(action)) > 0
        ]
        return self.pick(scored, NEAR_TIE / 5) if scored else SKIP_POWER

    @abstractmethod
    def pick(self, scored: Sequence[tuple[float, T]], slack: float = NEAR_TIE) -> T:
        """The best-scored item, or one of those within ``slack`` of it (:func:`near_best`)."""

    @abstractmethod
    def setup(self) -> Action: ...

    @abstractmethod
    def may_move(self) -> bool:
        """Whether this turn allows moving an agent (or burning one)."""

    @abstractmethod
    def best_move(self) -> Action | None: ...

    @abstractmethod
    def solomon_first(self) -> bool:
        """Whether this turn pays Dr. Solomon rather than moving: the end game, a sovereign
        to spare, and no lead on him yet (:func:`solomon_behind`)."""

    @abstractmethod
    def carries_briefcase(self, move: Action) -> bool:
        """Whether ``move`` is of the agent beside the briefcase (which ``best_move`` offers
        only toward this seat's HQ): progress toward winning, not a move of preparation."""

    @abstractmethod
    def best_burn(self) -> Action | None: ...

    @abstractmethod
    def payoff(self) -> Action: ...

    @abstractmethod
    def challenge(self) -> Action: ...

    @abstractmethod
    def bid(self) -> Action: ...

    @abstractmethod
    def carry(self) -> Action: ...

    @abstractmethod
    def power_options(self) -> Sequence[Action]:
        """The legal uses of the power (and skipping it)."""

    @abstractmethod
    def power_value(self, action: Action) -> float: ...


class Estimates:
    """What this seat believes the others have paid, per seat and payee name."""

    def __init__(self, obs: Mapping[str, Any], agents: Sequence[str]) -> None:
        payees = [*agents, SOLOMON_NAME]
        self._index = {name: i for i, name in enumerate(payees)}
        self.rows = estimate_payments(
            [[known[name] for name in payees] for known in obs["known_at_least"]],
            obs["history"],
            obs["you"]["spied"],
            self._index,
            obs["payoffs_made"],
            obs["coins_removed"],
            obs["seat"],
        )
        self.exact = exactly_known(obs["history"], obs["seat"])

    def paid(self, seat: int, payee: str) -> float:
        return self.rows[seat][self._index[payee]]

    def best_other(self, me: int, payee: str) -> float:
        return best_other(self.rows, me, self._index[payee])


class HeuristicBot(Bot):
    """The briefcase game's heuristic player (the module's docstring says how it plays)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)
        self._board: Board | None = None

    def _board_of(self, view: SeatView) -> Board:
        if self._board is None:
            # The game object knows its map (a table on a house map answers with the game
            # on that map): no need to draw a whole table for it. The draw the bot once made
            # here is still taken from its generator, so seeded games play as they did.
            self._rng.next_u64()
            board = getattr(view.game, "board", None)
            if not isinstance(board, Board):
                raise TypeError("the heuristic bot plays the briefcase game only")
            self._board = board
        return self._board

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        turn = _Turn(obs, self._board_of(view), legal, self._rng)
        return turn.decide(obs["phase"])


class _Turn(DecisionOrder):
    """One decision: the observation, the map and the legal actions, with helpers."""

    def __init__(self, obs: Mapping[str, Any], board: Board, legal: list[Action], rng: Rng):
        self.obs = obs
        self.board = board
        self.legal = legal
        self.rng = rng
        self.dist = distances(board)
        self.me: int = obs["seat"]
        self.agents: list[str] = list(obs["agents"])
        self.mine: dict[str, int] = obs["you"]["payoffs"]
        self.reserve: int = obs["you"]["reserve"]
        self.hqs: list[int] = [board.index(c) for c in obs["hqs"]]
        self.my_hq: int = self.hqs[self.me]
        self.case = board.index(obs["briefcase"])
        self.est = Estimates(obs, self.agents)

    # -- helpers ------------------------------------------------------------------------

    def where(self, agent: str) -> int:
        city = self.obs["agents"][agent]
        return -1 if city is None else self.board.index(city)

    def to_me(self, city: int) -> int:
        return self.dist[city][self.my_hq]

    def rival_hq(self, city: int) -> bool:
        return is_rival_hq(city, self.hqs, self.me)

    def edge(self, agent: str) -> float:
        """How far my payoff on an agent is ahead of the best estimate of anyone else's."""
        return self.mine[agent] - self.est.best_other(self.me, agent)

    def pick(self, scored: Sequence[tuple[float, T]], slack: float = NEAR_TIE) -> T:
        """The best-scored action, or one of those within ``slack`` of it at random: no two
        games open alike."""
        return self.rng.choice(near_best(scored, slack))

    def safe(self, agent: str) -> bool:
        return is_safe(self.edge(agent))

    def end_game(self) -> bool:
        return is_end_game(self.obs["track"])

    # -- decisions ----------------------------------------------------------------------

    def setup(self) -> Action:
        def closeness(action: Action) -> float:
            assert isinstance(action, SetupPayoff)
            return -sum(self.dist[self.where(a)][self.case] for a in (action.first, action.second))

        return self.pick([(closeness(a), a) for a in self.legal], SETUP_SLACK)

    def may_move(self) -> bool:
        return any(isinstance(a, MoveAgent) for a in self.legal)

    def solomon_first(self) -> bool:
        if not self.end_game() or PaySolomon() not in self.legal:
            return False
        return solomon_behind(self.mine[SOLOMON_NAME], self.est.best_other(self.me, SOLOMON_NAME))

    def carries_briefcase(self, move: Action) -> bool:
        return isinstance(move, MoveAgent) and self.where(move.agent) == self.case

    def best_move(self) -> Action | None:
        here = self.to_me(self.case)
        scored: list[tuple[float, Action]] = []
        for move in self.legal:
            if not isinstance(move, MoveAgent):
                continue
            origin = self.where(move.agent)
            target = self.board.index(move.city)
            if origin == self.case:
                if target == self.my_hq:
                    return move  # the winning move: try it whatever the odds
                if self.rival_hq(target) or self.to_me(target) >= here or not self.safe(move.agent):
                    continue
                scored.append((carrying_score(self.edge(move.agent)), move))
            elif self.safe(move.agent) and self.mine[move.agent] > 0:
                # Bring an agent I control next to the briefcase.
                before = self.dist[origin][self.case]
                after = self.dist[target][self.case]
                score = approach_score(before, after, self.edge(move.agent))
                if score is not None:
                    scored.append((score, move))
        return self.pick(scored) if scored else None

    def best_burn(self) -> Action | None:
        for action in self.legal:
            if not isinstance(action, BurnAgent):
                continue
            if self.where(action.target) != self.case or not self.safe(action.agent):
                continue
            rivals = nearest_rival(self.dist[self.case], self.hqs, self.me)
            if burn_worth_it(rivals, self.edge(action.target)):
                return action
        return None

    def payoff(self) -> Action:
        late = self.end_game()
        if late and PaySolomon() in self.legal:
            return PaySolomon()
        carrier = self.carrier()
        if carrier is not None:
            rival = self.est.best_other(self.me, carrier)
            amount = payment(rival, self.mine[carrier], spendable(self.reserve, late))
            action = PayAgent(carrier, amount or 0)
            if amount is not None and action in self.legal:
                return action
        return PayNobody()

    def carrier(self) -> str | None:
        """The agent best placed to carry the briefcase to my HQ, weighing the cost of control."""
        scored: list[tuple[float, str]] = []
        for agent in self.agents:
            city = self.where(agent)
            if city < 0:
                continue
            scored.append((carrier_score(self.dist[city][self.case], self.edge(agent)), agent))
        return self.pick(scored) if scored else None

    def threat(self) -> int:
        """How badly the announced action hurts me: 0 not at all, 1 somewhat, 2 it loses now."""
        pending = self.obs["pending"]
        mover = pending["seat"]
        if pending["kind"] == "burn":
            mine = [self.mine[agent] for agent in self.agents]
            return burn_threat(mine, self.agents.index(pending["target"]))
        target = self.board.index(pending["to"])
        owner = self.obs.get("hq_win", "mover") == "owner"
        return move_threat(
            self.dist,
            self.board.index(pending["from"]),
            target,
            self.case,
            self.hqs[mover],
            self.my_hq,
            wins_for_rival(target, mover, self.hqs, self.me, owner),
        )

    def challenge(self) -> Action:
        pending = self.obs["pending"]
        agent = pending["agent"]
        level = self.threat()
        openings = [a for a in self.legal if isinstance(a, Challenge)]
        if not openings:
            return Pass()
        opening = challenge_opening(level, self.mine[agent], self.est.paid(pending["seat"], agent))
        if opening is None:
            return Pass()
        fitting = [a for a in openings if a.amount <= opening]
        if not fitting:
            # A burn is challenged with at least the burn's cost: open with that.
            return min(openings, key=lambda a: a.amount)
        return max(fitting, key=lambda a: a.amount)

    def bid(self) -> Action:
        raises = [a for a in self.legal if isinstance(a, Raise)]
        if not raises:
            return Concede()
        # Jump straight to everything paid: the first to reach a number the other cannot beat wins.
        return max(raises, key=lambda a: a.amount)

    def carry(self) -> Action:
        # The agent has moved; the briefcase not yet.
        target = self.board.index(self.obs["history"][-1]["to"])
        carry = worth_carrying(self.rival_hq(target), self.to_me(target), self.to_me(self.case))
        return CarryBriefcase(carry)

    def power_options(self) -> Sequence[Action]:
        return self.legal

    def power_value(self, action: Action) -> float:
        if isinstance(action, VanishBriefcase):
            city = self.board.index(action.city)
            return vanish_value(self.rival_hq(city), self.to_me(self.case), self.to_me(city))
        if isinstance(action, CallAgent):
            return call_value(self.mine[action.agent], self.safe(action.agent))
        if isinstance(action, SpinAgent):
            return spin_value(self.where(action.agent) == self.case, self.safe(action.agent))
        if isinstance(action, LookAtPayoff):
            return self.spy_value(action)
        if not isinstance(action, BlowAgents | Wander):
            return 0.0
        moved = self.moved()
        here = self.where(moved)
        there = self.dist[self.board.index(action.city)][self.case]
        if isinstance(action, BlowAgents):
            blown = [a for a in self.agents if self.where(a) == here and a != moved]
            return blow_value(here == self.case, any(self.safe(a) for a in blown), there)
        return wander_value(self.safe(moved), there, self.dist[here][self.case])

    def moved(self) -> str:
        return str(self.obs["history"][-1]["agent"])

    def spy_value(self, action: LookAtPayoff) -> float:
        city = -1 if action.agent == SOLOMON_NAME else self.where(action.agent)
        return look_value(
            (action.seat, action.agent) in self.est.exact,
            action.agent == SOLOMON_NAME,
            self.end_game(),
            None if city < 0 else self.dist[city][self.case],
            self.dist[self.case][self.hqs[action.seat]],
        )


__all__ = ["HeuristicBot"]
