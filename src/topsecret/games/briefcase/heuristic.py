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
- in the last rounds pays Dr. Solomon, one sovereign a turn;
- looks with the Spyglass only at payoffs it does not already know to the coin.

Choices within a small margin of the best are ties, broken by the bot's seeded generator, so
games between these bots differ from seed to seed and still replay exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
#: Scores this close to the best count as a tie, broken at random.
NEAR_TIE = 0.25
#: Setup pairs this much farther from the briefcase than the closest are still fine openings.
SETUP_SLACK = 1.0


@cache
def distances(board: Board) -> tuple[tuple[int, ...], ...]:
    """Fewest moves between every pair of cities (station hops count as one)."""
    return tuple(tuple(board.distances_from(c)) for c in range(len(board.names)))


def exactly_known(obs: Mapping[str, Any]) -> set[tuple[int, str]]:
    """The (seat, payee) payoffs this seat knows to the coin: it looked with the Spyglass and
    that seat has made no payoff since (a burn takes a public 5, so it keeps them known)."""
    me = obs["seat"]
    known: set[tuple[int, str]] = set()
    for record in obs["history"]:
        if record["action"] == "payoff":
            known = {key for key in known if key[0] != record["seat"]}
            continue
        look = record.get("power") or {}
        if record["seat"] == me and "looked_at" in look:
            known.add((look["looked_at"], look["payee"]))
    return known


class Estimates:
    """What this seat believes the others have paid, per seat and payee name."""

    def __init__(self, obs: Mapping[str, Any], agents: Sequence[str]) -> None:
        players = obs["players"]
        me = obs["seat"]
        payees = [*agents, SOLOMON_NAME]
        self.paid: list[dict[str, float]] = []
        for seat in range(players):
            known = obs["known_at_least"][seat]
            row = {p: float(known[p]) for p in payees}
            self.paid.append(row)
        for record in obs["history"]:
            seat = record["seat"]
            if record["action"] in ("move", "burn") and seat != me:
                agent = record["agent"]
                self.paid[seat][agent] = max(self.paid[seat][agent], DARING)
        for note in obs["you"]["spied"]:
            row = self.paid[note["seat"]]
            row[note["agent"]] = max(row[note["agent"]], float(note["amount"]))
        self.exact = exactly_known(obs)
        for seat in range(players):
            if seat == me:
                continue
            # Coins not yet seen: setup coins and roughly three per payoff made.
            row = self.paid[seat]
            spent = 5 + 3 * obs["payoffs_made"][seat] - obs["coins_removed"][seat]
            unseen = max(0.0, spent - sum(row.values()))
            share = unseen / len(agents)
            for agent in agents:
                row[agent] += share

    def best_other(self, me: int, payee: str) -> float:
        return max((row[payee] for seat, row in enumerate(self.paid) if seat != me), default=0.0)


class HeuristicBot(Bot):
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
        return turn.decide()


class _Turn:
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

    def nearest_rival(self, city: int) -> int:
        return min(
            (self.dist[city][hq] for seat, hq in enumerate(self.hqs) if seat != self.me),
            default=99,
        )

    def rival_hq(self, city: int) -> bool:
        return city in self.hqs and city != self.my_hq

    def wins_for_rival(self, city: int, mover: int) -> bool:
        """Whether the mover bringing the briefcase to ``city`` makes a rival win: their own
        HQ as printed (``hq_win`` "mover"), any rival's HQ under the "owner" variant."""
        if self.obs.get("hq_win", "mover") == "owner":
            return self.rival_hq(city)
        return mover != self.me and city == self.hqs[mover]

    def edge(self, agent: str) -> float:
        """How far my payoff on an agent is ahead of the best estimate of anyone else's."""
        return self.mine[agent] - self.est.best_other(self.me, agent)

    def pick(self, scored: Sequence[tuple[float, T]], slack: float = NEAR_TIE) -> T:
        """The best-scored action, or one of those within ``slack`` of it at random: no city or
        agent wins a near-tie by its place in a list, and no two games open alike."""
        best = max(score for score, _ in scored)
        near = [action for score, action in scored if score >= best - slack]
        return self.rng.choice(near)

    def safe(self, agent: str) -> bool:
        return self.edge(agent) >= MARGIN

    def end_game(self) -> bool:
        return bool(self.obs["track"] <= END_GAME_SPACE)

    # -- decisions ----------------------------------------------------------------------

    def decide(self) -> Action:
        phase = self.obs["phase"]
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

    def setup(self) -> Action:
        def closeness(action: Action) -> float:
            assert isinstance(action, SetupPayoff)
            return -sum(self.dist[self.where(a)][self.case] for a in (action.first, action.second))

        return self.pick([(closeness(a), a) for a in self.legal], SETUP_SLACK)

    def turn(self) -> Action:
        moves = [a for a in self.legal if isinstance(a, MoveAgent)]
        if moves:
            best = self.best_move(moves)
            if best is not None:
                return best
            burn = self.best_burn()
            if burn is not None:
                return burn
        return self.payoff()

    def best_move(self, moves: list[MoveAgent]) -> Action | None:
        here = self.to_me(self.case)
        scored: list[tuple[float, Action]] = []
        for move in moves:
            origin = self.where(move.agent)
            target = self.board.index(move.city)
            if origin == self.case:
                if target == self.my_hq:
                    return move  # the winning move: try it whatever the odds
                if self.rival_hq(target) or self.to_me(target) >= here or not self.safe(move.agent):
                    continue
                scored.append((10 + self.edge(move.agent), move))
            elif self.safe(move.agent) and self.mine[move.agent] > 0:
                # Bring an agent I control next to the briefcase.
                before = self.dist[origin][self.case]
                after = self.dist[target][self.case]
                if after < before and after <= 1:
                    scored.append((5 - after + 0.1 * self.edge(move.agent), move))
        return self.pick(scored) if scored else None

    def best_burn(self) -> Action | None:
        for action in self.legal:
            if not isinstance(action, BurnAgent):
                continue
            if self.where(action.target) != self.case or not self.safe(action.agent):
                continue
            if self.nearest_rival(self.case) <= 2 and self.edge(action.target) < 0:
                return action
        return None

    def payoff(self) -> Action:
        late = self.end_game()
        if late and PaySolomon() in self.legal:
            return PaySolomon()
        spendable = self.reserve - (0 if late else END_GAME_RESERVE)
        carrier = self.carrier()
        if carrier is not None and spendable > 0:
            need = int(self.est.best_other(self.me, carrier) + MARGIN + 1 - self.mine[carrier])
            amount = min(max(need, 1), spendable)
            action = PayAgent(carrier, amount)
            if need >= 1 and action in self.legal:
                return action
        return PayNobody()

    def carrier(self) -> str | None:
        """The agent best placed to carry the briefcase to my HQ, weighing the cost of control."""
        scored: list[tuple[float, str]] = []
        for agent in self.agents:
            city = self.where(agent)
            if city < 0:
                continue
            cost = max(0.0, -self.edge(agent) + MARGIN)
            scored.append((-(3 * self.dist[city][self.case] + cost / 3), agent))
        return self.pick(scored) if scored else None

    def threat(self) -> int:
        """How badly the announced action hurts me: 0 not at all, 1 somewhat, 2 it loses now."""
        pending = self.obs["pending"]
        mover = pending["seat"]
        origin = self.board.index(pending["from"])
        if pending["kind"] == "burn":
            mine_best = max(self.agents, key=lambda a: self.mine[a])
            return 1 if pending["target"] == mine_best and self.mine[mine_best] > 0 else 0
        target = self.board.index(pending["to"])
        if origin != self.case:
            return 0
        if self.wins_for_rival(target, mover):
            return 2
        theirs = self.dist[target][self.hqs[mover]]
        if theirs < self.dist[origin][self.hqs[mover]] and theirs <= APPROACH:
            return 1
        if self.to_me(target) > self.to_me(origin) and self.to_me(origin) <= 2:
            return 1
        return 0

    def challenge(self) -> Action:
        pending = self.obs["pending"]
        agent = pending["agent"]
        level = self.threat()
        mover_guess = self.est.paid[pending["seat"]][agent]
        openings = [a for a in self.legal if isinstance(a, Challenge)]
        if not openings or level == 0:
            return Pass()
        mine = self.mine[agent]
        if level == 2 or mine > mover_guess:
            # Open with everything when it matters most: a tie goes to the challenger.
            opening = mine if level == 2 else min(mine, int(mover_guess) + 1)
            fitting = [a for a in openings if a.amount <= opening]
            if not fitting:
                # A burn is challenged with at least the burn's cost: open with that.
                return min(openings, key=lambda a: a.amount)
            return max(fitting, key=lambda a: a.amount)
        return Pass()

    def bid(self) -> Action:
        raises = [a for a in self.legal if isinstance(a, Raise)]
        if not raises:
            return Concede()
        # Jump straight to everything paid: the first to reach a number the other cannot beat wins.
        return max(raises, key=lambda a: a.amount)

    def carry(self) -> Action:
        pending_to = self.case  # the briefcase has not moved yet; the agent has
        history = self.obs["history"][-1]
        target = self.board.index(history["to"])
        better = self.to_me(target) < self.to_me(pending_to)
        if self.rival_hq(target) or not better:
            return CarryBriefcase(False)
        return CarryBriefcase(True)

    def power(self) -> Action:
        scored = [
            (value, action)
            for action in self.legal
            if not isinstance(action, SkipPower) and (value := self.power_value(action)) > 0
        ]
        return self.pick(scored, NEAR_TIE / 5) if scored else SkipPower()

    def power_value(self, action: Action) -> float:
        if isinstance(action, VanishBriefcase):
            city = self.board.index(action.city)
            if self.rival_hq(city):
                return -1
            return float(self.to_me(self.case) - self.to_me(city)) * 3
        if isinstance(action, CallAgent):
            return 1.0 if self.safe(action.agent) and self.mine[action.agent] > 0 else 0.0
        if isinstance(action, SpinAgent):
            return (
                1.0
                if self.where(action.agent) == self.case and not self.safe(action.agent)
                else 0.0
            )
        if isinstance(action, BlowAgents):
            blown = [
                a
                for a in self.agents
                if self.where(a) == self.where(self.moved()) and a != self.moved()
            ]
            if self.where(self.moved()) != self.case or any(self.safe(a) for a in blown):
                return 0.0
            return 0.5 + 0.1 * self.dist[self.board.index(action.city)][self.case]
        if isinstance(action, Wander):
            city = self.board.index(action.city)
            here = self.where(self.moved())
            if self.safe(self.moved()) and self.dist[city][self.case] < self.dist[here][self.case]:
                return 1.0
            return 0.0
        if isinstance(action, LookAtPayoff):
            return self.spy_value(action)
        return 0.0

    def moved(self) -> str:
        return str(self.obs["history"][-1]["agent"])

    def spy_value(self, action: LookAtPayoff) -> float:
        """A look is worth what it may change: nothing for a payoff already known exactly,
        more for payoffs on agents near the briefcase held by seats near winning."""
        if (action.seat, action.agent) in self.est.exact:
            return 0.0
        if action.agent == SOLOMON_NAME:
            return 0.8 if self.end_game() else 0.0
        city = self.where(action.agent)
        if city < 0:
            return 0.0
        near = 3 - min(3, self.dist[city][self.case])
        rival = 3 - min(3, self.dist[self.case][self.hqs[action.seat]])
        return 0.2 + 0.2 * near + 0.2 * rival


__all__ = ["HeuristicBot"]
