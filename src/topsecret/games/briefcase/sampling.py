"""Sampling the other seats' secrets for one seat's determinization.

A seat at the table sees every payoff another seat makes but not where the coins went. What
it has learnt about another seat's coins over the whole game is a set of bounds, each tied to
a moment of the table's history (a record index):

- a number announced in a challenge: at least that many on the acting agent then
  (Rulebook 004 §Challenges: nobody announces more than they paid);
- a burn announced: at least 5 on the acting agent then (Rulebook 004 §Burn an agent);
- its own Spyglass look: exactly that many on that payee then;
- the end of the game: exactly the revealed payoffs.

Coins only ever arrive through the setup (3 on the starting token's agent, 1 on two others)
and through payoffs, at the moments the history shows; a successful burn takes 5 off the
acting agent; a burnt agent may still be paid (Rulebook 004 §Make a Payoff names no
exception, and §Burn an agent leaves its coins on its space). Bounds are therefore counted in
coins ever *placed* on a payee (burnt coins added back), which never decrease.

For each other seat a sample draws a starting token and setup pair, then a plan: which of its
payoffs paid whom and how much. Every bound that asks for coins is served by one payoff in
the window before it (an exact bound fixes the total of its window); the remaining payoffs pay
at random within the reserve. A plan exists for the real setup whenever the table was reached
by play, so the search below always finds one; a table built by hand whose coins no payoff in
its history explains keeps them as if placed before the record began.

Everything here reads only what the sampling seat knows and takes pools in a canonical order,
so two tables the seat cannot tell apart give the same sample from one generator.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from ...core import Rng
from .rules import SOLOMON, SOLOMON_NAME

PAYEES = SOLOMON + 1
#: Payoffs no bound asks for place at most this many coins (about what players pay at a time).
FREE_LUMP = 5
#: A payoff serving an open lower bound may place up to this many coins more than it needs.
TOP_UP = 3


@dataclass(frozen=True, slots=True)
class Bound:
    """Coins ever placed on ``payee`` before record ``time``: at least, or exactly, ``coins``."""

    time: int
    payee: int
    coins: int
    exact: bool


@dataclass(slots=True)
class SeatKnowledge:
    """What the sampling seat knows of one other seat's coins."""

    payoff_times: list[int]
    bounds: list[Bound]
    #: Coins burns took off each payee by the end (5 per successful burn with that agent).
    burnt_coins: list[int]
    #: Record index of each burn this seat made with each agent, to restate payoffs at a moment.
    burn_times: list[list[int]]
    #: The bounds that can ask for coins, per payee, as (payoff position, coins, exact).
    steps: list[list[tuple[int, int, bool]]] | None = None

    def payee_steps(self) -> list[list[tuple[int, int, bool]]]:
        """Bounds per payee in time order, with their place among this seat's payoffs.

        A lower bound no higher than an earlier one since the last exact bound asks for
        nothing more whatever the setup, so it is dropped once here rather than on every
        setup tried.
        """
        if self.steps is None:
            steps: list[list[tuple[int, int, bool]]] = [[] for _ in range(PAYEES)]
            highest = [-1] * PAYEES
            for bound in sorted(self.bounds, key=lambda b: (b.time, not b.exact)):
                position = bisect_left(self.payoff_times, bound.time)
                if bound.exact:
                    steps[bound.payee].append((position, bound.coins, True))
                    highest[bound.payee] = -1
                elif bound.coins > highest[bound.payee]:
                    steps[bound.payee].append((position, bound.coins, False))
                    highest[bound.payee] = bound.coins
            self.steps = steps
        return self.steps


@dataclass(frozen=True, slots=True)
class Demand:
    """One payoff in positions ``[first, end)`` must place ``coins`` on ``payee``."""

    payee: int
    first: int
    end: int
    coins: int
    exact: bool


@dataclass(slots=True)
class Ledger:
    """The demands a setup leaves, and where payees are free to receive more."""

    base: list[int]
    demands: list[Demand]
    #: Payoffs before this position reach the payee only through a demand (an exact bound).
    closed_until: list[int]
    spent: int


@dataclass(slots=True)
class Plan:
    """One seat's sampled coins: the base (setup) and what each of its payoffs placed."""

    base: list[int]
    payments: list[tuple[int, int] | None]

    def placed_before(self, knowledge: SeatKnowledge, payee: int, time: int) -> int:
        """Coins ever placed on ``payee`` before record ``time``."""
        coins = self.base[payee]
        for position in range(bisect_left(knowledge.payoff_times, time)):
            payment = self.payments[position]
            if payment is not None and payment[0] == payee:
                coins += payment[1]
        return coins

    def final(self) -> list[int]:
        coins = list(self.base)
        for payment in self.payments:
            if payment is not None:
                coins[payment[0]] += payment[1]
        return coins


# -- reading the history ------------------------------------------------------------------


def read_knowledge(
    history: Sequence[dict[str, Any]],
    players: int,
    viewer: int,
    viewer_notes: Sequence[dict[str, Any]],
    agent_names: Sequence[str],
    burn_cost: int,
    revealed: Sequence[Sequence[int]] | None,
) -> list[SeatKnowledge]:
    """Every seat's bounds as ``viewer`` knows them (its own row is unused)."""
    index = {name: i for i, name in enumerate(agent_names)}
    index[SOLOMON_NAME] = SOLOMON
    seats = [
        SeatKnowledge([], [], [0] * PAYEES, [[] for _ in range(PAYEES)]) for _ in range(players)
    ]
    looks = iter(viewer_notes)
    for time, record in enumerate(history):
        seat = record["seat"]
        action = record["action"]
        if action == "payoff":
            seats[seat].payoff_times.append(time)
            continue
        agent = index[record["agent"]]
        for challenge in record.get("challenges", ()):
            challenger = challenge["seat"]
            for turn, number in enumerate(challenge["bids"]):
                who = challenger if turn % 2 == 0 else seat
                _at_least(seats[who], time, agent, number)
        if action == "burn":
            _at_least(seats[seat], time, agent, burn_cost)
            if record.get("outcome") == "done":
                seats[seat].burnt_coins[agent] += burn_cost
                seats[seat].burn_times[agent].append(time)
        look = record.get("power", {})
        if seat == viewer and "looked_at" in look:
            note = next(looks)
            target = seats[look["looked_at"]]
            payee = index[look["payee"]]
            target.bounds.append(
                Bound(time, payee, note["amount"] + target.burnt_coins[payee], exact=True)
            )
    if revealed is not None:
        end = len(history)
        for seat, row in enumerate(revealed):
            known = seats[seat]
            for payee in range(PAYEES):
                known.bounds.append(Bound(end, payee, row[payee] + known.burnt_coins[payee], True))
    return seats


def _at_least(knowledge: SeatKnowledge, time: int, payee: int, coins: int) -> None:
    """A payoff of at least ``coins`` now, restated as coins ever placed (burns added back)."""
    if coins > 0:
        knowledge.bounds.append(Bound(time, payee, coins + knowledge.burnt_coins[payee], False))


# -- one seat's plan ----------------------------------------------------------------------


def setup_base(token: int, pair: tuple[int, int], token_coins: int, extra: int) -> list[int]:
    base = [0] * PAYEES
    base[token] = token_coins
    for agent in pair:
        base[agent] += extra
    return base


def ledger_for(knowledge: SeatKnowledge, base: list[int], reserve: int) -> Ledger | None:
    """The demands left once ``base`` is on the board; ``None`` if no plan can meet them."""
    times = knowledge.payoff_times
    demands: list[Demand] = []
    closed_until = [0] * PAYEES
    for payee, steps in enumerate(knowledge.payee_steps()):
        start, placed, need, deadline = 0, base[payee], 0, 0
        for position, coins, exact in steps:
            if not exact:
                if coins - placed > need:
                    deadline = position if need == 0 else deadline
                    need = coins - placed
                continue
            total = coins - placed
            if total < need or total < 0:
                return None
            end = deadline if need else position
            demands.extend(_demands(payee, start, end, total, exact=True))
            start, placed, need = position, coins, 0
        if need:
            demands.extend(_demands(payee, start, deadline, need, exact=False))
        closed_until[payee] = start
    spent = sum(base) + sum(d.coins for d in demands)
    if spent > reserve or _schedule(demands, [False] * len(times)) is None:
        return None
    return Ledger(base, demands, closed_until, spent)


def _demands(payee: int, first: int, end: int, coins: int, exact: bool) -> list[Demand]:
    if coins == 0:
        return []
    if payee == SOLOMON:  # Dr. Solomon takes one coin a payoff (Rulebook 004 §Make a Payoff)
        return [Demand(payee, first, end, 1, exact) for _ in range(coins)]
    return [Demand(payee, first, end, coins, exact)]


def _by_deadline(demands: Sequence[Demand]) -> list[Demand]:
    return sorted(demands, key=lambda d: (d.end, d.first, d.payee))


def _schedule(demands: Sequence[Demand], taken: list[bool]) -> list[int] | None:
    """Earliest-deadline-first: the earliest free payoff for each demand, or ``None``.

    For demands that each need one payoff within an interval, serving them by deadline
    with the earliest free payoff succeeds whenever any assignment does.
    """
    free = list(taken)
    chosen: list[int] = []
    for demand in _by_deadline(demands):
        slot = next((p for p in range(demand.first, demand.end) if not free[p]), -1)
        if slot < 0:
            return None
        free[slot] = True
        chosen.append(slot)
    return chosen


def draw_plan(ledger: Ledger, payoffs: int, reserve: int, rng: Rng) -> Plan:
    """A random plan meeting the ledger: demands served first, then free payoffs."""
    taken = [False] * payoffs
    payments: list[tuple[int, int] | None] = [None] * payoffs
    open_demand = [False] * payoffs
    pending = _by_deadline(ledger.demands)
    for number, demand in enumerate(pending):
        slots = [p for p in range(demand.first, demand.end) if not taken[p]]
        rng.shuffle(slots)
        for slot in slots:
            taken[slot] = True
            if _schedule(pending[number + 1 :], taken) is not None:
                break
            taken[slot] = False
        else:  # unreachable: the ledger was checked schedulable
            raise AssertionError("a checked ledger could not be scheduled")
        payments[slot] = (demand.payee, demand.coins)
        open_demand[slot] = not demand.exact
    left = reserve - ledger.spent
    for position in range(payoffs):
        payment = payments[position]
        if payment is not None:
            if open_demand[position] and left > 0:
                more = rng.below(min(left, TOP_UP) + 1)
                payments[position] = (payment[0], payment[1] + more)
                left -= more
            continue
        payees = [payee for payee in range(PAYEES) if ledger.closed_until[payee] <= position]
        pick = rng.below(len(payees) + 1)
        if pick == len(payees) or left <= 0:
            continue  # a payoff to nobody
        payee = payees[pick]
        coins = 1 if payee == SOLOMON else 1 + rng.below(min(left, FREE_LUMP))
        payments[position] = (payee, coins)
        left -= coins
    return Plan(list(ledger.base), payments)


def fallback_plan(knowledge: SeatKnowledge, base: list[int], reserve: int) -> Plan:
    """Coins no payoff in the history explains (a table arranged by hand): all placed
    before the record began, as much as the largest bound on each payee asks."""
    coins = [0] * PAYEES
    for bound in knowledge.bounds:
        coins[bound.payee] = max(coins[bound.payee], bound.coins)
    with_setup = [max(c, b) for c, b in zip(coins, base, strict=True)]
    chosen = with_setup if sum(with_setup) <= reserve else coins
    return Plan(chosen, [None] * len(knowledge.payoff_times))


# -- every seat ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetupRules:
    agents: int
    token_coins: int
    extra_coins: int
    reserve: int


def pairs_for(token: int, agents: int) -> list[tuple[int, int]]:
    """Setup 9: two other agents than the starting token's, in board order."""
    others = [a for a in range(agents) if a != token]
    return list(combinations(others, 2))


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """A sampled starting token, the setup coins it implies, and the ledger they leave."""

    token: int
    base: list[int]
    ledger: Ledger | None  # None: no plan explains the seat's coins (a hand-built table)


def draw_setups(
    knowledge: Sequence[SeatKnowledge],
    seats: Sequence[int],
    free_tokens: Sequence[int],
    known_tokens: Sequence[int] | None,
    rules: SetupRules,
    rng: Rng,
) -> dict[int, SeatSetup]:
    """A starting token, setup pair and ledger for each seat in ``seats``.

    A first draw is tried; if some seat's coins cannot be explained from it, every token
    assignment the seats' bounds allow is listed and one drawn, then a pair that works.
    """
    if known_tokens is not None:
        tokens = list(known_tokens)
    else:
        pool = sorted(free_tokens)
        rng.shuffle(pool)
        tokens = pool[: len(seats)]
    first: dict[int, SeatSetup] = {}
    for seat, token in zip(seats, tokens, strict=True):
        base = _base(token, rng.choice(pairs_for(token, rules.agents)), rules)
        ledger = ledger_for(knowledge[seat], base, rules.reserve)
        first[seat] = SeatSetup(token, base, ledger)
    if all(setup.ledger is not None for setup in first.values()):
        return first
    pool = sorted(free_tokens) if known_tokens is None else sorted(set(tokens))
    fits = {
        (seat, token): _fitting_setups(knowledge[seat], token, rules)
        for seat in seats
        for token in pool
    }
    if known_tokens is None:
        tokens = _draw_tokens(fits, seats, pool, rng)
    chosen: dict[int, SeatSetup] = {}
    for seat, token in zip(seats, tokens, strict=True):
        setups = fits[seat, token]
        if setups:
            chosen[seat] = rng.choice(setups)
        else:
            bases = [_base(token, pair, rules) for pair in pairs_for(token, rules.agents)]
            chosen[seat] = SeatSetup(token, rng.choice(bases), None)
    return chosen


def _fitting_setups(knowledge: SeatKnowledge, token: int, rules: SetupRules) -> list[SeatSetup]:
    """Every setup pair with this token that some plan can carry on from, in board order."""
    fitting: list[SeatSetup] = []
    for pair in pairs_for(token, rules.agents):
        base = _base(token, pair, rules)
        ledger = ledger_for(knowledge, base, rules.reserve)
        if ledger is not None:
            fitting.append(SeatSetup(token, base, ledger))
    return fitting


def _draw_tokens(
    fits: dict[tuple[int, int], list[SeatSetup]],
    seats: Sequence[int],
    free: list[int],
    rng: Rng,
) -> list[int]:
    assignments = [
        list(tokens)
        for tokens in permutations(free, len(seats))
        if all(fits[seat, token] for seat, token in zip(seats, tokens, strict=True))
    ]
    if not assignments:  # coins no token explains: a table arranged by hand
        pool = list(free)
        rng.shuffle(pool)
        return pool[: len(seats)]
    return rng.choice(assignments)


def _base(token: int, pair: tuple[int, int], rules: SetupRules) -> list[int]:
    return setup_base(token, pair, rules.token_coins, rules.extra_coins)


__all__ = [
    "Bound",
    "Demand",
    "Ledger",
    "Plan",
    "SeatKnowledge",
    "SeatSetup",
    "SetupRules",
    "draw_plan",
    "draw_setups",
    "fallback_plan",
    "ledger_for",
    "pairs_for",
    "read_knowledge",
    "setup_base",
]
