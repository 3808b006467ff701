"""A fast player for the briefcase game, read straight from a table: the search's rollouts
and opponent model.

It makes the heuristic's decisions (``heuristic.py``: the same rules, margins and ties)
without the heuristic's cost: the heuristic builds a seat's whole observation, with a copy of
the history, and estimates every payoff from it on each decision, which was about 70% of an
iteration of the search's opponent model. This player reads the table's own fields instead,
by index.

**What it reads.** Only what its seat may know: the public table (agents, briefcase, track,
HQs, restricted markers, the numbers revealed in challenges, how many payoffs each seat made,
coins taken by burns, the history of announcements), and its own seat's payoffs, reserve and
Spyglass notes. It never reads another seat's payoffs, reserve or notes. So:

- inside the search, on a sampled world (a determinization for the searching seat, which
  holds nothing that seat has not seen), each seat plays from its own side of the sampled
  world, as the heuristic would from its observation of it;
- at a real table (``choose``, through a seat's view) it first draws a determinization for
  its seat, which keeps everything the seat knows, and plays from that: the same decision.

The search prefers a game's ``rollout`` bot over its ``heuristic`` for rollouts and the
opponent model when the bot can play from a table directly (``choose_in``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TypeVar

from ...core import Action, Bot, Rng, SeatView, State
from .actions import (
    BlowAgents,
    BurnAgent,
    CallAgent,
    CarryBriefcase,
    LookAtPayoff,
    SetupPayoff,
    SkipPower,
    SpinAgent,
    VanishBriefcase,
    Wander,
)
from .board import Board
from .heuristic import (
    APPROACH,
    DARING,
    END_GAME_RESERVE,
    END_GAME_SPACE,
    MARGIN,
    NEAR_TIE,
    SETUP_SLACK,
)
from .rules import HQ_WIN_MOVER, OFF_BOARD, SOLOMON
from .state import (
    BID,
    CARRY,
    CHALLENGE,
    CONCEDE,
    PASS,
    PAY_NOBODY,
    PAY_SOLOMON,
    SETUP_PHASE,
    TURN,
    BriefcaseState,
)

T = TypeVar("T")

_CARRY = CarryBriefcase(True)
_LEAVE = CarryBriefcase(False)
_SKIP = SkipPower()


class _Map:
    """What the player needs of a map, by city index, computed once per map."""

    __slots__ = ("city", "dist", "targets")

    def __init__(self, board: Board) -> None:
        self.dist: tuple[tuple[int, ...], ...] = tuple(
            tuple(board.distances_from(c)) for c in range(len(board.names))
        )
        #: ``targets[city]``: where a move from ``city`` may go, in the order of the menus.
        self.targets: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(board.move_targets(c))) for c in range(len(board.names))
        )
        self.city: dict[str, int] = {name: i for i, name in enumerate(board.names)}


@cache
def _map(board: Board) -> _Map:
    return _Map(board)


class RolloutBot(Bot):
    """The heuristic's play, read from a table by index (see the module's text)."""

    name = "rollout"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)
        self._sampling = Rng(seed ^ 0x5A3D)

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        # At a real table: play from a determinization for this seat, which keeps all that
        # the seat knows, and that is all this player reads.
        return self.choose_in(view.determinize(self._sampling), view.seat)

    def choose_in(self, world: State, seat: int) -> Action:
        """The move of ``seat`` on ``world``, reading only what that seat may know of it."""
        if not isinstance(world, BriefcaseState):
            raise TypeError("the rollout player plays the briefcase game only")
        return _Turn(world, seat, self._rng).decide()


class _Turn:
    """One decision of one seat on one table."""

    __slots__ = ("_est", "case", "dist", "hqs", "map", "me", "mine", "my_hq", "rng", "s")

    def __init__(self, state: BriefcaseState, seat: int, rng: Rng) -> None:
        self.s = state
        self.me = seat
        self.rng = rng
        self.map = _map(state.board)
        self.dist = self.map.dist
        self.hqs = state.hqs
        self.my_hq = state.hqs[seat]
        self.case = state.briefcase
        self.mine = state.payoffs[seat]  # this seat's own coins: it knows them
        self._est: list[list[float]] | None = None

    # -- what this seat believes the others paid ------------------------------------------

    def estimates(self) -> list[list[float]]:
        """Per seat and payee, as ``heuristic.Estimates`` reckons them: public lower bounds,
        the agents each seat dared to announce with, this seat's Spyglass notes, and the
        coins not yet seen spread evenly."""
        if self._est is not None:
            return self._est
        s = self.s
        me = self.me
        est = [[float(x) for x in row] for row in s.known_at_least]
        index = s.menus.agent_index
        for record in s.history:
            seat = record["seat"]
            if seat != me and record["action"] in ("move", "burn"):
                row = est[seat]
                agent = index[record["agent"]]
                if row[agent] < DARING:
                    row[agent] = DARING
        for note in s.spied[me]:
            row = est[note["seat"]]
            payee = s.payee_index(note["agent"])
            row[payee] = max(row[payee], float(note["amount"]))
        agents = len(s.positions)
        for seat in range(s.n):
            if seat == me:
                continue
            row = est[seat]
            spent = 5 + 3 * s.payoffs_made[seat] - s.removed[seat]
            unseen = spent - sum(row)
            if unseen > 0:
                share = unseen / agents
                for agent in range(agents):
                    row[agent] += share
        self._est = est
        return est

    def best_other(self, payee: int) -> float:
        me = self.me
        return max(
            (row[payee] for seat, row in enumerate(self.estimates()) if seat != me), default=0.0
        )

    def edge(self, agent: int) -> float:
        return self.mine[agent] - self.best_other(agent)

    def safe(self, agent: int) -> bool:
        return self.edge(agent) >= MARGIN

    # -- the map ----------------------------------------------------------------------------

    def to_me(self, city: int) -> int:
        return self.dist[city][self.my_hq]

    def rival_hq(self, city: int) -> bool:
        return city != self.my_hq and city in self.hqs

    def nearest_rival(self, city: int) -> int:
        row = self.dist[city]
        return min((row[hq] for seat, hq in enumerate(self.hqs) if seat != self.me), default=99)

    def pick(self, scored: Sequence[tuple[float, T]], slack: float = NEAR_TIE) -> T:
        best = max(score for score, _ in scored)
        near = [item for score, item in scored if score >= best - slack]
        return near[0] if len(near) == 1 else self.rng.choice(near)

    # -- decisions --------------------------------------------------------------------------

    def decide(self) -> Action:
        s = self.s
        phase = s.phase
        if phase == SETUP_PHASE:
            return self.setup()
        if phase == TURN:
            return self.turn()
        if phase == CHALLENGE:
            return self.challenge()
        if phase == BID:
            return self.bid()
        if phase == CARRY:
            return self.carry()
        return self.power()

    def setup(self) -> Action:
        s = self.s
        index = s.menus.agent_index
        row_of = self.dist
        case = self.case
        scored: list[tuple[float, Action]] = []
        for action in s.legal_actions(self.me):
            assert isinstance(action, SetupPayoff)
            near = row_of[s.positions[index[action.first]]][case]
            near += row_of[s.positions[index[action.second]]][case]
            scored.append((-float(near), action))
        return self.pick(scored, SETUP_SLACK)

    def turn(self) -> Action:
        if not self.s.turn_restricted:
            move = self.best_move()
            if move is not None:
                return move
            burn = self.best_burn()
            if burn is not None:
                return burn
        return self.payoff()

    def best_move(self) -> Action | None:
        s = self.s
        case = self.case
        dist = self.dist
        here = self.to_me(case)
        scored: list[tuple[float, Action]] = []
        moves = s.menus.moves
        targets = self.map.targets
        for agent, origin in enumerate(s.positions):
            if origin == OFF_BOARD:
                continue
            if origin == case:
                safe: bool | None = None
                for target, move in zip(targets[origin], moves[agent][origin], strict=True):
                    if target == self.my_hq:
                        return move  # the winning move: try it whatever the odds
                    if self.rival_hq(target) or dist[target][self.my_hq] >= here:
                        continue
                    if safe is None:
                        safe = self.safe(agent)
                    if not safe:
                        continue  # a later target may still be this seat's HQ
                    scored.append((10 + self.edge(agent), move))
            elif self.mine[agent] > 0 and self.safe(agent):
                # Bring an agent this seat controls next to the briefcase.
                before = dist[origin][case]
                for target, move in zip(targets[origin], moves[agent][origin], strict=True):
                    after = dist[target][case]
                    if after < before and after <= 1:
                        scored.append((5 - after + 0.1 * self.edge(agent), move))
        return self.pick(scored) if scored else None

    def best_burn(self) -> Action | None:
        s = self.s
        cost = s.comp.burn_cost
        names = s.comp.agent_names
        case = self.case
        if self.nearest_rival(case) > 2:
            return None
        here = [a for a, city in enumerate(s.positions) if city == case]
        for agent in here:
            if self.mine[agent] < cost or not self.safe(agent):
                continue
            for target in here:
                if target != agent and self.edge(target) < 0:
                    return BurnAgent(names[agent], names[target])
        return None

    def payoff(self) -> Action:
        s = self.s
        reserve = s.reserve[self.me]
        late = s.track <= END_GAME_SPACE
        if late and reserve >= s.comp.solomon_payoff:
            return PAY_SOLOMON
        spendable = reserve - (0 if late else END_GAME_RESERVE)
        carrier = self.carrier()
        if carrier is not None and spendable > 0:
            need = int(self.best_other(carrier) + MARGIN + 1 - self.mine[carrier])
            amount = min(max(need, 1), spendable)
            if need >= 1:
                return s.menus.pays[carrier][amount - 1]
        return PAY_NOBODY

    def carrier(self) -> int | None:
        """The agent best placed to carry the briefcase home, weighing the cost of control."""
        scored: list[tuple[float, int]] = []
        for agent, city in enumerate(self.s.positions):
            if city == OFF_BOARD:
                continue
            cost = max(0.0, -self.edge(agent) + MARGIN)
            scored.append((-(3 * self.dist[city][self.case] + cost / 3), agent))
        return self.pick(scored) if scored else None

    def threat(self) -> int:
        """0: the announcement does not hurt this seat; 1: somewhat; 2: it loses now."""
        s = self.s
        pending = s.pending
        assert pending is not None
        mover = s.current
        if pending.kind == "burn":
            best = max(range(SOLOMON), key=lambda a: self.mine[a])
            return 1 if pending.target == best and self.mine[best] > 0 else 0
        origin, target = pending.origin, pending.target
        if origin != self.case:
            return 0
        if s.hq_win == HQ_WIN_MOVER:
            if mover != self.me and target == self.hqs[mover]:
                return 2
        elif self.rival_hq(target):
            return 2
        theirs = self.dist[target][self.hqs[mover]]
        if theirs < self.dist[origin][self.hqs[mover]] and theirs <= APPROACH:
            return 1
        if self.to_me(target) > self.to_me(origin) and self.to_me(origin) <= 2:
            return 1
        return 0

    def challenge(self) -> Action:
        s = self.s
        pending = s.pending
        assert pending is not None
        floor = s.comp.burn_cost if pending.kind == "burn" else 0
        mine = self.mine[pending.agent]
        if mine < floor:
            return PASS
        level = self.threat()
        if level == 0:
            return PASS
        guess = self.estimates()[s.current][pending.agent]
        if level == 2 or mine > guess:
            # Open with everything when it matters most: a tie goes to the challenger.
            opening = mine if level == 2 else min(mine, int(guess) + 1)
            return s.menus.challenges[max(opening, floor)]
        return PASS

    def bid(self) -> Action:
        s = self.s
        pending = s.pending
        assert pending is not None
        paid = self.mine[pending.agent]
        # Straight to everything paid: the first number the other cannot beat wins.
        return s.menus.raises[paid] if paid > pending.bids[-1] else CONCEDE

    def carry(self) -> Action:
        target = self.s.positions[self.s.power_agent]  # the agent has moved; the case not yet
        if self.rival_hq(target) or self.to_me(target) >= self.to_me(self.case):
            return _LEAVE
        return _CARRY

    def power(self) -> Action:
        scored = [
            (value, action)
            for action in self.s.legal_actions(self.me)
            if not isinstance(action, SkipPower) and (value := self.power_value(action)) > 0
        ]
        return self.pick(scored, NEAR_TIE / 5) if scored else _SKIP

    def power_value(self, action: Action) -> float:
        s = self.s
        city = self.map.city
        index = s.menus.agent_index
        moved = s.power_agent
        if isinstance(action, VanishBriefcase):
            where = city[action.city]
            if self.rival_hq(where):
                return -1.0
            return float(self.to_me(self.case) - self.to_me(where)) * 3
        if isinstance(action, CallAgent):
            agent = index[action.agent]
            return 1.0 if self.mine[agent] > 0 and self.safe(agent) else 0.0
        if isinstance(action, SpinAgent):
            agent = index[action.agent]
            return 1.0 if s.positions[agent] == self.case and not self.safe(agent) else 0.0
        if isinstance(action, BlowAgents):
            here = s.positions[moved]
            if here != self.case:
                return 0.0
            blown = [a for a, c in enumerate(s.positions) if c == here and a != moved]
            if any(self.safe(a) for a in blown):
                return 0.0
            return 0.5 + 0.1 * self.dist[city[action.city]][self.case]
        if isinstance(action, Wander):
            here = s.positions[moved]
            if (
                self.safe(moved)
                and self.dist[city[action.city]][self.case] < self.dist[here][self.case]
            ):
                return 1.0
            return 0.0
        if isinstance(action, LookAtPayoff):
            return self.spy_value(action)
        return 0.0

    def spy_value(self, action: LookAtPayoff) -> float:
        """Nothing for a payoff known to the coin, more near the briefcase and near winning."""
        s = self.s
        payee = s.payee_index(action.agent)
        if self.knows_exactly(action.seat, action.agent):
            return 0.0
        if payee == SOLOMON:
            return 0.8 if s.track <= END_GAME_SPACE else 0.0
        where = s.positions[payee]
        if where == OFF_BOARD:
            return 0.0
        near = 3 - min(3, self.dist[where][self.case])
        rival = 3 - min(3, self.dist[self.case][self.hqs[action.seat]])
        return 0.2 + 0.2 * near + 0.2 * rival

    def knows_exactly(self, seat: int, payee: str) -> bool:
        """This seat looked at that payoff and the other seat has made no payoff since."""
        known = False
        for record in self.s.history:
            if record["seat"] != seat and record["seat"] != self.me:
                continue
            if record["action"] == "payoff":
                if record["seat"] == seat:
                    known = False
                continue
            look = record.get("power")
            if (
                record["seat"] == self.me
                and look
                and look.get("looked_at") == seat
                and look.get("payee") == payee
            ):
                known = True
        return known


__all__ = ["RolloutBot"]
