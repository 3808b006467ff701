"""A fast player for the briefcase game, read straight from a table: the search's rollouts
and opponent model.

It makes the heuristic's decisions by the heuristic's own formulas (the pure functions of
``heuristic.py``: the same rules, margins and ties) without the heuristic's cost: the
heuristic builds a seat's whole observation, with a copy of the history, and estimates every
payoff from it on each decision, which was about 70% of an iteration of the search's opponent
model. This player reads the table's own fields instead, by index.

**What it reads.** Only what its seat may know: the public table (agents, briefcase, track,
HQs, restricted markers, the numbers revealed in challenges, how many payoffs each seat made,
coins taken by burns, the history of announcements), and its own seat's payoffs, reserve and
Spyglass notes. It never reads another seat's payoffs, reserve or notes, as the search's
contract for such players asks (:class:`topsecret.bots.ismcts.WorldPolicy`).
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
    MoveAgent,
    SetupPayoff,
    SpinAgent,
    VanishBriefcase,
    Wander,
)
from .board import Board
from .heuristic import (
    BURN_RANGE,
    NEAR_TIE,
    SETUP_SLACK,
    DecisionOrder,
    approach_score,
    best_other,
    blow_value,
    burn_threat,
    burn_worth_it,
    call_value,
    carrier_score,
    carrying_score,
    challenge_opening,
    distances,
    estimate_payments,
    exactly_known,
    is_end_game,
    is_rival_hq,
    is_safe,
    look_value,
    move_threat,
    near_best,
    nearest_rival,
    payee_numbers,
    payment,
    solomon_behind,
    spendable,
    spin_value,
    vanish_value,
    wander_value,
    wins_for_rival,
    worth_carrying,
)
from .rules import HQ_WIN_MOVER, OFF_BOARD, SOLOMON
from .state import (
    CONCEDE,
    PASS,
    PAY_NOBODY,
    PAY_SOLOMON,
    BriefcaseState,
)

T = TypeVar("T")

_CARRY = CarryBriefcase(True)
_LEAVE = CarryBriefcase(False)


class _Map:
    """What the player needs of a map, by city index, computed once per map."""

    __slots__ = ("city", "dist", "targets")

    def __init__(self, board: Board) -> None:
        self.dist = distances(board)
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
        return _Turn(world, seat, self._rng).decide(world.phase)


class _Turn(DecisionOrder):
    """One decision of one seat on one table."""

    __slots__ = ("_est", "_exact", "case", "dist", "hqs", "map", "me", "mine", "my_hq", "rng", "s")

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
        self._exact: set[tuple[int, str]] | None = None

    # -- what this seat believes the others paid ------------------------------------------

    def estimates(self) -> list[list[float]]:
        """Per seat and payee, as the heuristic reckons them (``estimate_payments``)."""
        if self._est is None:
            s = self.s
            self._est = estimate_payments(
                s.known_at_least,
                s.history,
                s.spied[self.me],
                payee_numbers(s.comp.agent_names),
                s.payoffs_made,
                s.removed,
                self.me,
            )
        return self._est

    def best_other(self, payee: int) -> float:
        return best_other(self.estimates(), self.me, payee)

    def edge(self, agent: int) -> float:
        return self.mine[agent] - self.best_other(agent)

    def safe(self, agent: int) -> bool:
        return is_safe(self.edge(agent))

    # -- the map ----------------------------------------------------------------------------

    def to_me(self, city: int) -> int:
        return self.dist[city][self.my_hq]

    def rival_hq(self, city: int) -> bool:
        return is_rival_hq(city, self.hqs, self.me)

    def pick(self, scored: Sequence[tuple[float, T]], slack: float = NEAR_TIE) -> T:
        near = near_best(scored, slack)
        return near[0] if len(near) == 1 else self.rng.choice(near)

    # -- decisions --------------------------------------------------------------------------

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

    def may_move(self) -> bool:
        return not self.s.turn_restricted

    def solomon_first(self) -> bool:
        s = self.s
        if not is_end_game(s.track) or s.reserve[self.me] < s.comp.solomon_payoff:
            return False
        return solomon_behind(self.mine[SOLOMON], self.best_other(SOLOMON))

    def carries_briefcase(self, move: Action) -> bool:
        s = self.s
        return (
            isinstance(move, MoveAgent)
            and s.positions[s.menus.agent_index[move.agent]] == self.case
        )

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
                    scored.append((carrying_score(self.edge(agent)), move))
            elif self.mine[agent] > 0 and self.safe(agent):
                # Bring an agent this seat controls next to the briefcase.
                before = dist[origin][case]
                edge = self.edge(agent)
                for target, move in zip(targets[origin], moves[agent][origin], strict=True):
                    score = approach_score(before, dist[target][case], edge)
                    if score is not None:
                        scored.append((score, move))
        return self.pick(scored) if scored else None

    def best_burn(self) -> Action | None:
        s = self.s
        cost = s.comp.burn_cost
        names = s.comp.agent_names
        case = self.case
        rivals = nearest_rival(self.dist[case], self.hqs, self.me)
        if rivals > BURN_RANGE:
            return None
        here = [a for a, city in enumerate(s.positions) if city == case]
        for agent in here:
            if self.mine[agent] < cost or not self.safe(agent):
                continue
            for target in here:
                if target != agent and burn_worth_it(rivals, self.edge(target)):
                    return BurnAgent(names[agent], names[target])
        return None

    def payoff(self) -> Action:
        s = self.s
        reserve = s.reserve[self.me]
        late = is_end_game(s.track)
        if late and reserve >= s.comp.solomon_payoff:
            return PAY_SOLOMON
        carrier = self.carrier()
        if carrier is not None:
            amount = payment(self.best_other(carrier), self.mine[carrier], spendable(reserve, late))
            if amount is not None:
                return s.menus.pays[carrier][amount - 1]
        return PAY_NOBODY

    def carrier(self) -> int | None:
        """The agent best placed to carry the briefcase home, weighing the cost of control."""
        scored: list[tuple[float, int]] = []
        for agent, city in enumerate(self.s.positions):
            if city == OFF_BOARD:
                continue
            scored.append((carrier_score(self.dist[city][self.case], self.edge(agent)), agent))
        return self.pick(scored) if scored else None

    def threat(self) -> int:
        """0: the announcement does not hurt this seat; 1: somewhat; 2: it loses now."""
        s = self.s
        pending = s.pending
        assert pending is not None
        mover = s.current
        if pending.kind == "burn":
            return burn_threat(self.mine[:SOLOMON], pending.target)
        owner = s.hq_win != HQ_WIN_MOVER
        return move_threat(
            self.dist,
            pending.origin,
            pending.target,
            self.case,
            self.hqs[mover],
            self.my_hq,
            wins_for_rival(pending.target, mover, self.hqs, self.me, owner),
        )

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
            return PASS  # without reckoning the estimates
        opening = challenge_opening(level, mine, self.estimates()[s.current][pending.agent])
        return PASS if opening is None else s.menus.challenges[max(opening, floor)]

    def bid(self) -> Action:
        s = self.s
        pending = s.pending
        assert pending is not None
        paid = self.mine[pending.agent]
        # Straight to everything paid: the first number the other cannot beat wins.
        return s.menus.raises[paid] if paid > pending.bids[-1] else CONCEDE

    def carry(self) -> Action:
        target = self.s.positions[self.s.power_agent]  # the agent has moved; the case not yet
        carry = worth_carrying(self.rival_hq(target), self.to_me(target), self.to_me(self.case))
        return _CARRY if carry else _LEAVE

    def power_options(self) -> Sequence[Action]:
        return self.s.legal_actions(self.me)

    def power_value(self, action: Action) -> float:
        s = self.s
        city = self.map.city
        index = s.menus.agent_index
        moved = s.power_agent
        if isinstance(action, VanishBriefcase):
            where = city[action.city]
            return vanish_value(self.rival_hq(where), self.to_me(self.case), self.to_me(where))
        if isinstance(action, CallAgent):
            agent = index[action.agent]
            return call_value(self.mine[agent], self.safe(agent))
        if isinstance(action, SpinAgent):
            agent = index[action.agent]
            return spin_value(s.positions[agent] == self.case, self.safe(agent))
        if isinstance(action, BlowAgents):
            here = s.positions[moved]
            blown = [a for a, c in enumerate(s.positions) if c == here and a != moved]
            at_case = here == self.case
            # Only agents at the briefcase matter: no estimates reckoned for the others.
            any_safe = at_case and any(self.safe(a) for a in blown)
            return blow_value(at_case, any_safe, self.dist[city[action.city]][self.case])
        if isinstance(action, Wander):
            here = s.positions[moved]
            there = self.dist[city[action.city]][self.case]
            return wander_value(self.safe(moved), there, self.dist[here][self.case])
        if isinstance(action, LookAtPayoff):
            return self.spy_value(action)
        return 0.0

    def spy_value(self, action: LookAtPayoff) -> float:
        """Nothing for a payoff known to the coin, more near the briefcase and near winning."""
        s = self.s
        payee = s.payee_index(action.agent)
        where = OFF_BOARD if payee == SOLOMON else s.positions[payee]
        if self._exact is None:
            self._exact = exactly_known(s.history, self.me)
        return look_value(
            (action.seat, action.agent) in self._exact,
            payee == SOLOMON,
            is_end_game(s.track),
            None if where == OFF_BOARD else self.dist[where][self.case],
            self.dist[self.case][self.hqs[action.seat]],
        )


__all__ = ["RolloutBot"]
