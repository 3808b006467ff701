"""The exact best exploration of a finished lair, with the path that achieves it.

Objective, in order: most value stolen, then most Sentries neutralised, then most rooms
explored (the starting square counts).

Why it is exact and fast: every cost in an exploration only ever subtracts from the
explorer's stats, so a walk is affordable exactly when its totals are. The totals depend only
on the set of rooms explored (their Traps, Sentries and free passes) and on the number of
moves. A search state is therefore (explored rooms, current room, drilled wall, teleport used)
and only the fewest moves reaching it matter. The search adds one new room at a time, reached
by a shortest path through explored rooms (bit-parallel BFS), skips a state when an earlier
one with the same explored rooms could walk to where it stands with no more moves (or
explored more rooms holding no Trap or Sentry), and prunes with an optimistic bound checked
tier by tier of the objective (see :meth:`_Bounds.promising`): the Secrets a tie on value
needs must fit in one walk, and their cost is set aside before Sentries are counted, and so
on; one more Sentry or room must fit every budget at once (a small integer program over
kinds of room). The Laser Drill may open a wall into a new room or, when that shortens the
way, between two explored rooms.
"""

from __future__ import annotations

import itertools
from typing import Any, Final

from .components import SECRETS, SENTRIES, STATS, TRAPS
from .explorer import Explorer, Item
from .grid import DIRECTIONS
from .lair import Lair
from .plan import Plan, Step

INF: Final = 1 << 30
#: Most Secrets whose walks the bound enumerates (the work doubles with each one).
MAX_WALK_SECRETS: Final = 8
#: Pairs of budgets (Movement, Stealth, Combat, Movement and Stealth) weighed together.
PAIRS: Final = ((1, 2), (0, 2), (0, 1), (3, 2), (1, 3))


#: Set bits of every 13-bit number: a mask of up to 26 rooms is two lookups. (The compiled
#: search calls ``int.bit_count`` as a Python method, boxing the mask; this stays native.)
_SET_BITS: Final = [number.bit_count() for number in range(1 << 13)]


def popcount(mask: int) -> int:
    """How many rooms a mask holds."""
    if 0 <= mask < 1 << 26:
        return _SET_BITS[mask & 8191] + _SET_BITS[mask >> 13]
    return mask.bit_count()


# grid.bits and grid.expand (given the width, not the grid), repeated here: the compiled
# search calls these natively, and a call into the interpreted grid module costs more than
# the work itself.
def bits(mask: int) -> list[int]:
    """Indices of the set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def expand(cols: int, rooms: int, masks: tuple[int, int, int, int]) -> int:
    """Rooms one step away from ``rooms`` through open edges (bit-parallel), on a grid
    ``cols`` rooms wide."""
    north, east, south, west = masks
    return (
        ((rooms & north) >> cols)
        | ((rooms & south) << cols)
        | ((rooms & east) << 1)
        | ((rooms & west) >> 1)
    )


#: A kind of room in the joint check: (costs, Sentry or not, its rooms, costs without the
#: extra move of a far room).
JointGroup = tuple[tuple[int, ...], bool, int, tuple[int, ...]]
#: Costs of kinds of room by budget, one list per budget.
Columns = tuple[list[int], list[int], list[int], list[int], list[int]]
#: What the joint check prepares once per set of far rooms (see ``joint_setup``).
JointSetup = tuple[
    list[JointGroup], list[list[tuple[int, int, tuple[int, ...]]]], Columns, list[int]
]


class _Problem:
    """Precomputed per-room numbers and the explorer's options."""

    def __init__(self, lair: Lair, explorer: Explorer) -> None:
        self.lair = lair
        self.grid = lair.grid
        self.cols = lair.grid.cols
        n = self.grid.size
        board = lair.board
        self.cm = [0] * n
        self.cs = [0] * n
        self.cc = [0] * n
        self.ca = [0] * n
        self.value = [0] * n
        self.sentry_mask = 0
        self.secret_mask = 0
        kinds: dict[str, int] = {}
        for room, kind in enumerate(lair.rooms):
            if kind in TRAPS or kind in SENTRIES:
                cost = board.costs[kind]
                self.cm[room], self.cs[room] = cost.movement, cost.stealth
                self.cc[room], self.ca[room] = cost.combat, cost.any
                kinds[kind] = kinds.get(kind, 0) | 1 << room
            if kind in SENTRIES:
                self.sentry_mask |= 1 << room
            if kind in SECRETS:
                self.secret_mask |= 1 << room
                self.value[room] = board.secrets[kind].end
        self.allowed = lair.allowed
        self.costly_mask = 0
        for room, kind in enumerate(lair.rooms):
            if kind in TRAPS or kind in SENTRIES:
                self.costly_mask |= 1 << room
        self.kind_masks = list(kinds.values())

        def by_cost(cost_of: Any, rooms: int) -> list[tuple[int, int]]:
            table: dict[int, int] = {}
            for room in bits(rooms):
                table[cost_of(room)] = table.get(cost_of(room), 0) | 1 << room
            return sorted(table.items())

        everything = self.allowed
        self.secret_classes = sorted(
            by_cost(lambda r: self.value[r], self.secret_mask), reverse=True
        )

        self.caps = (explorer.movement, explorer.stealth, explorer.combat)
        self.items = explorer.items
        self.passes: list[tuple[Item, int, tuple[bool, bool, bool, bool]]] = []
        boosts: list[tuple[Item, tuple[str, ...], int]] = []
        self.drill: Item | None = None
        self.teleport: Item | None = None
        self.secret_plus = 0
        self.secret_double = False
        for item in explorer.items:
            effect = item.effect
            if effect.kind == "free_pass":
                targets = 0
                for room, kind in enumerate(lair.rooms):
                    if kind in effect.targets:
                        targets |= 1 << room
                every = "all" in effect.waive
                waive = (
                    every or "movement" in effect.waive,
                    every or "stealth" in effect.waive,
                    every or "combat" in effect.waive,
                    every or "movement" in effect.waive or "stealth" in effect.waive,
                )
                self.passes.append((item, targets, waive))
            elif effect.kind == "boost":
                boosts.append((item, effect.stats, effect.amount))
            elif effect.kind == "drill":
                self.drill = item
            elif effect.kind == "teleport":
                self.teleport = item
            elif effect.kind == "secret_bonus":
                self.secret_double = self.secret_double or effect.double
                self.secret_plus += effect.amount
        # Every way of spending the boosts: (caps, choices).
        self.cap_options: list[tuple[tuple[int, int, int], list[tuple[int, str]]]] = []
        for combo in itertools.product(*[[(b[0], s, b[2]) for s in b[1]] for b in boosts]):
            caps = list(self.caps)
            choices = []
            for item, stat, amount in combo:
                caps[STATS.index(stat)] += amount
                choices.append((item.number, stat))
            self.cap_options.append(((caps[0], caps[1], caps[2]), choices))
        self.max_caps = tuple(max(c[0][i] for c in self.cap_options) for i in range(3))
        self.max_movement = self.max_caps[0]
        self.max_pool = max(c[0][0] + c[0][1] for c in self.cap_options)
        # Weight classes for the optimistic reach bound: rooms a free pass may target are
        # counted as free (only their Movement point remains).
        passable = 0
        for _item, targets, _waive in self.passes:
            passable |= targets
        self.passable = passable
        # Most a free pass could still give back in each dimension (m, s, c, pool).
        slack = [0, 0, 0, 0]
        for _item, targets, waive in self.passes:
            rooms = bits(targets)
            if not rooms:
                continue
            slack[0] += max(self.cm[r] for r in rooms) if waive[0] else 0
            slack[1] += max(self.cs[r] for r in rooms) if waive[1] else 0
            slack[2] += max(self.cc[r] for r in rooms) if waive[2] else 0
            slack[3] += max(
                (self.cm[r] if waive[0] else 0)
                + (self.cs[r] if waive[1] else 0)
                + (self.ca[r] if waive[3] else 0)
                for r in rooms
            )
        # Movement, Stealth and Combat together (a fifth, combined budget).
        slack.append(
            sum(
                max(
                    (self.cm[r] if waive[0] else 0)
                    + (self.cs[r] if waive[1] else 0)
                    + (self.cc[r] if waive[2] else 0)
                    + (self.ca[r] if waive[3] else 0)
                    for r in bits(targets)
                )
                for _item, targets, waive in self.passes
                if targets
            )
        )
        self.slack = tuple(slack)
        # Per free pass waiving Movement, its targets by Movement cost, dearest first: a
        # pass gives moves back only by waiving a Trap already explored (one entered later
        # still costs its move).
        self.pass_movement: list[list[tuple[int, int]]] = []
        for _item, targets, waive in self.passes:
            if waive[0]:
                dearest = sorted(by_cost(lambda r: self.cm[r], targets), reverse=True)
                self.pass_movement.append([(c, cls) for c, cls in dearest if c > 0])
        self.max_all = max(c[0][0] + c[0][1] + c[0][2] for c in self.cap_options)
        # What entering each room costs, by budget: Movement, Stealth, Combat, Movement and
        # Stealth together (the Shark Pool's), all three together.
        dim_costs = [
            [1 + self.cm[r] for r in range(n)],
            list(self.cs),
            list(self.cc),
            [1 + self.cm[r] + self.cs[r] + self.ca[r] for r in range(n)],
            [1 + self.cm[r] + self.cs[r] + self.ca[r] + self.cc[r] for r in range(n)],
        ]
        self.dim_classes = [by_cost(lambda r, c=costs: c[r], everything) for costs in dim_costs]
        self.secret_cost = (1, 0, 0, 1, 1)
        groups: dict[tuple[int, ...], int] = {}
        for room in bits(everything):
            costs = tuple(table[room] for table in dim_costs)
            groups[costs] = groups.get(costs, 0) | 1 << room
        self.groups = list(groups.items())
        # The same groups split by Sentry or not, dearest first, for the joint check.
        joint: dict[tuple[tuple[int, ...], bool], int] = {}
        for costs, members in self.groups:
            for is_sentry, part in (
                (True, members & self.sentry_mask),
                (False, members & ~self.sentry_mask),
            ):
                if part:
                    joint[(costs, is_sentry)] = joint.get((costs, is_sentry), 0) | part
        self.joint_groups = sorted(
            ((costs, is_sentry, part) for (costs, is_sentry), part in joint.items()),
            key=lambda g: -sum(g[0]),
        )
        # Per free pass, what it gives back on each kind of room it targets, by budget.
        self.pass_kinds: list[list[tuple[tuple[int, ...], int]]] = []
        for _item, targets, waive in self.passes:
            kinds_here = []
            for kind_mask in self.kind_masks:
                hit = kind_mask & targets
                if hit:
                    r = (hit & -hit).bit_length() - 1
                    costs = tuple(table[r] for table in dim_costs)
                    kinds_here.append((waived(costs, waive), hit))
            self.pass_kinds.append(kinds_here)
        self.weights: list[list[tuple[int, int]]] = []
        for dim in range(4):
            classes: dict[int, int] = {}
            for room in range(n):
                if passable >> room & 1:
                    weight = 1 if dim in (0, 3) else 0
                elif dim == 0:
                    weight = 1 + self.cm[room]
                elif dim == 1:
                    weight = self.cs[room]
                elif dim == 2:
                    weight = self.cc[room]
                else:
                    weight = 1 + self.cm[room] + self.cs[room] + self.ca[room]
                classes[weight] = classes.get(weight, 0) | 1 << room
            self.weights.append(sorted(classes.items()))
        # Walls and wall-crossing masks per direction (for the drill).
        targeted = 0
        for _item, targets, _waive in self.passes:
            targeted |= targets
        self.pass_kind_masks = [k & targeted for k in self.kind_masks if k & targeted]
        self.fit_cache: dict[
            tuple[Any, ...], tuple[list[tuple[int, str]], list[tuple[int, int]]] | None
        ] = {}
        self.base_masks = lair.open_masks()
        self.masks_cache: dict[int, tuple[int, int, int, int]] = {-1: self.base_masks}
        full = self.grid.direction_masks(0)
        self.walled = tuple(f & ~o for f, o in zip(full, self.base_masks, strict=True))

    def masks(self, drilled: int) -> tuple[int, int, int, int]:
        cached = self.masks_cache.get(drilled)
        if cached is None:
            cached = self.lair.open_masks(drilled)
            self.masks_cache[drilled] = cached
        return cached

    def reach(self, dim: int, sources: int, budget: int, masks: tuple[int, int, int, int]) -> int:
        """Rooms whose cheapest entry from ``sources`` in one cost dimension fits a budget."""
        allowed = self.allowed
        cols = self.cols
        weights = self.weights[dim]
        budget = max(budget, 0)
        buckets = [0] * (budget + 1)
        buckets[0] = sources
        settled = 0
        for d in range(budget + 1):
            frontier = buckets[d] & ~settled
            while frontier:
                settled |= frontier
                around = expand(cols, frontier, masks) & allowed & ~settled
                frontier = 0
                if not around:
                    break
                for weight, cls in weights:
                    hit = around & cls
                    if hit:
                        if weight == 0:
                            frontier |= hit
                        elif d + weight <= budget:
                            buckets[d + weight] |= hit
        return settled

    def walk_layers(
        self, pos_bits: int, mask: int, budget: int, masks: tuple[int, int, int, int]
    ) -> list[int]:
        """Rooms by the fewest Movement (moves plus Trap Movement) needed to enter them from
        ``pos_bits``, walking back through explored rooms for 1 each; up to ``budget``."""
        allowed = self.allowed
        cols = self.cols
        weights = self.weights[0]
        budget = max(budget, 0)
        buckets = [0] * (budget + 1)
        buckets[0] = pos_bits
        settled = 0
        for d in range(budget + 1):
            frontier = buckets[d] & ~settled
            buckets[d] = frontier
            if not frontier:
                continue
            settled |= frontier
            around = expand(cols, frontier, masks) & allowed & ~settled
            if not around or d == budget:
                continue
            buckets[d + 1] |= around & mask
            around &= ~mask
            for weight, cls in weights:
                hit = around & cls
                if hit and d + weight <= budget:
                    buckets[d + weight] |= hit
        return buckets

    def moves_back(self, mask: int) -> int:
        """Most Movement the free passes can give back for moves, given the rooms explored."""
        total = 0
        for dearest in self.pass_movement:
            for cost, cls in dearest:
                if mask & cls:
                    total += cost
                    break
        return total

    def secret_bonus(self, mask: int) -> int:
        if not (self.secret_plus or self.secret_double) or not mask & self.secret_mask:
            return 0
        best = max(self.value[r] for r in bits(mask & self.secret_mask))
        return self.secret_plus + (best if self.secret_double else 0)

    def fit(
        self, sums: tuple[int, int, int, int], moves: int, mask: int
    ) -> tuple[list[tuple[int, str]], list[tuple[int, int]]] | None:
        """Boost choices and (item, room) free passes making the totals affordable."""
        tm, ts, tc, ta = sums
        for caps, choices in self.cap_options:
            big_m = caps[0]
            if (
                moves + tm <= big_m
                and ts <= caps[1]
                and tc <= caps[2]
                and moves + tm + ts + ta <= big_m + caps[1]
            ):
                return choices, []
        if not self.passes:
            return None
        # The answer depends on the mask only through how many rooms of each kind a pass
        # may target it holds: cache on that.
        presence = 0
        for kind_mask in self.pass_kind_masks:
            presence = presence << 2 | min(popcount(mask & kind_mask), 3)
        key = (tm, ts, tc, ta, moves, presence)
        if key in self.fit_cache:
            return self.fit_cache[key]
        answer = self._fit_passes(sums, moves, mask)
        self.fit_cache[key] = answer
        return answer

    def _fit_passes(
        self, sums: tuple[int, int, int, int], moves: int, mask: int
    ) -> tuple[list[tuple[int, str]], list[tuple[int, int]]] | None:
        tm, ts, tc, ta = sums
        # Rooms of one kind cost the same: try each kind a pass may target, not each room.
        candidates = []
        for item, targets, waive in self.passes:
            options: list[tuple[int, Item, tuple[bool, bool, bool, bool]]] = [(-1, item, waive)]
            for kind_mask in self.kind_masks:
                hit = mask & targets & kind_mask
                if hit:
                    options.append((hit, item, waive))
            candidates.append(options)
        for caps, choices in self.cap_options:
            big_m = caps[0]
            for combo in itertools.product(*candidates):
                m, s, c, a = tm, ts, tc, ta
                taken = 0
                chosen = []
                ok = True
                for hit, it, waive in combo:
                    if hit < 0:
                        continue
                    free = hit & ~taken
                    if not free:
                        ok = False
                        break
                    room = (free & -free).bit_length() - 1
                    taken |= 1 << room
                    chosen.append((it.number, room))
                    if waive[0]:
                        m -= self.cm[room]
                    if waive[1]:
                        s -= self.cs[room]
                    if waive[2]:
                        c -= self.cc[room]
                    if waive[3]:
                        a -= self.ca[room]
                if (
                    ok
                    and moves + m <= big_m
                    and s <= caps[1]
                    and c <= caps[2]
                    and moves + m + s + a <= big_m + caps[1]
                ):
                    return choices, chosen
        return None


def waived(costs: tuple[int, ...], waive: tuple[bool, bool, bool, bool]) -> tuple[int, ...]:
    """What a free pass waiving ``waive`` (Movement, Stealth, Combat, either) takes off a
    room costing ``costs`` in the five budgets (Movement, Stealth, Combat, the first two
    together, all three together; each but Stealth and Combat counting the move)."""
    movement, stealth, combat = costs[0] - 1, costs[1], costs[2]
    either = costs[3] - costs[0] - costs[1]
    m = movement if waive[0] else 0
    s = stealth if waive[1] else 0
    c = combat if waive[2] else 0
    a = either if waive[3] else 0
    return (m, s, c, m + s + a, m + s + c + a)


def greedy(classes: list[tuple[int, int]], zone: int, budget: int) -> int:
    """How many rooms of ``zone`` the budget pays for, cheapest first."""
    return affordable(classes, zone, budget, 0, 0, 0, 0)


def cheapest(classes: list[tuple[int, int]], rooms: int, count: int) -> int:
    """What the ``count`` cheapest of ``rooms`` cost together."""
    total = 0
    for cost, cls in classes:
        if count <= 0:
            break
        take = popcount(rooms & cls)
        if take > count:
            take = count
        total += take * cost
        count -= take
    return total


def affordable(
    classes: list[tuple[int, int]],
    zone: int,
    budget: int,
    skip_secrets: int,
    skip_sentries: int,
    secret_mask: int,
    sentry_mask: int,
) -> int:
    """How many rooms of ``zone`` the budget pays for, cheapest first, leaving out
    ``skip_secrets`` Secrets and the ``skip_sentries`` cheapest Sentries (paid apart)."""
    count = 0
    for cost, cls in classes:
        hit = zone & cls
        if not hit:
            continue
        k = popcount(hit)
        if skip_secrets:
            drop = min(skip_secrets, popcount(hit & secret_mask))
            skip_secrets -= drop
            k -= drop
        if skip_sentries:
            drop = min(skip_sentries, popcount(hit & sentry_mask))
            skip_sentries -= drop
            k -= drop
        if not k:
            continue
        if cost == 0:
            count += k
            continue
        take = min(k, budget // cost)
        count += take
        budget -= take * cost
        if take < k:
            break
    return count


class _Kinds:
    """Kinds of room for the joint check, as columns: each kind's costs in the five budgets,
    whether it is a Sentry (1 or 0) and how many rooms of it are on offer."""

    def __init__(
        self,
        costs: tuple[list[int], list[int], list[int], list[int], list[int]],
        sentry: list[int],
        count: list[int],
        wanted: int,
        must: int,
    ) -> None:
        self.cost0, self.cost1, self.cost2, self.cost3, self.cost4 = costs
        self.sentry = sentry
        self.count = count
        self.wanted = wanted
        self.must = must
        size = len(count)
        rest = [0] * (size + 1)
        rest_sentries = [0] * (size + 1)
        # The cheapest room left at each depth in the budgets paying for moves: no more
        # rooms than such a budget buys at that price can still be added. (Where none is
        # left, ``fill`` stops before dividing; -1 keeps the lists to small numbers.)
        low0 = [-1] * (size + 1)
        low3 = [-1] * (size + 1)
        low4 = [-1] * (size + 1)
        cheapest0 = cheapest3 = cheapest4 = -1
        for i in range(size - 1, -1, -1):
            n = count[i]
            rest[i] = rest[i + 1] + n
            rest_sentries[i] = rest_sentries[i + 1] + n * sentry[i]
            if n:
                if cheapest0 < 0 or self.cost0[i] < cheapest0:
                    cheapest0 = self.cost0[i]
                if cheapest3 < 0 or self.cost3[i] < cheapest3:
                    cheapest3 = self.cost3[i]
                if cheapest4 < 0 or self.cost4[i] < cheapest4:
                    cheapest4 = self.cost4[i]
            low0[i] = cheapest0
            low3[i] = cheapest3
            low4[i] = cheapest4
        self.rest = rest
        self.rest_sentries = rest_sentries
        self.low0 = low0
        self.low3 = low3
        self.low4 = low4

    def fit(self, budgets: tuple[int, ...]) -> bool:
        """Whether ``wanted`` rooms, ``must`` of them Sentries, fit the five budgets."""
        b0, b1, b2, b3, b4 = budgets[0], budgets[1], budgets[2], budgets[3], budgets[4]
        if b0 < 0 or b1 < 0 or b2 < 0 or b3 < 0 or b4 < 0:
            return False
        return self.fill(0, b0, b1, b2, b3, b4, 0, 0)

    def fill(
        self, i: int, b0: int, b1: int, b2: int, b3: int, b4: int, taken: int, guards: int
    ) -> bool:
        """Whether kinds ``i`` onwards complete a choice fitting budgets ``b0``-``b4``."""
        wanted = self.wanted
        if taken >= wanted and guards >= self.must:
            return True
        if taken + self.rest[i] < wanted or guards + self.rest_sentries[i] < self.must:
            return False
        fit = b0 // self.low0[i]
        other = b3 // self.low3[i]
        if other < fit:
            fit = other
        other = b4 // self.low4[i]
        if other < fit:
            fit = other
        if taken + fit < wanted:
            return False
        most = self.count[i]
        if not most:
            return self.fill(i + 1, b0, b1, b2, b3, b4, taken, guards)
        m0 = self.cost0[i]
        m1 = self.cost1[i]
        m2 = self.cost2[i]
        m3 = self.cost3[i]
        m4 = self.cost4[i]
        if b0 // m0 < most:  # a room always costs its move: m0, m3 and m4 are positive
            most = b0 // m0
        if b3 // m3 < most:
            most = b3 // m3
        if b4 // m4 < most:
            most = b4 // m4
        if m1 and b1 // m1 < most:
            most = b1 // m1
        if m2 and b2 // m2 < most:
            most = b2 // m2
        step = self.sentry[i]
        for x in range(most, -1, -1):
            if self.fill(
                i + 1,
                b0 - x * m0,
                b1 - x * m1,
                b2 - x * m2,
                b3 - x * m3,
                b4 - x * m4,
                taken + x,
                guards + x * step,
            ):
                return True
        return False


class _OutOfBudget(Exception):
    """The search visited more states than allowed."""


class _Bounds:
    """The search's optimistic bound (:meth:`promising`) and what it draws on, with caches:
    distances between rooms, tours through Secrets, budgets weighed in pairs, far rooms'
    classes and the joint check. It reads the best exploration found and where the search
    stands from lists it shares with :func:`solve`."""

    def __init__(
        self,
        p: _Problem,
        best: list[Any],
        pos_of: list[int],
        mask_of: list[int],
        teleported_of: list[bool],
        light: bool = False,
    ) -> None:
        self.p = p
        self.light = light
        # The search's best exploration so far and where it stands, shared with it.
        self.best = best
        self.pos_of = pos_of
        self.mask_of = mask_of
        self.teleported_of = teleported_of
        grid = p.grid
        self.cols = grid.cols
        self.has_drill = p.drill is not None
        self.has_teleport = p.teleport is not None
        self.bonus_applies = bool(p.secret_plus or p.secret_double)
        self.full_masks = grid.direction_masks(0)
        # Fewest moves between rooms, walls included unless a drill could open one: a walk
        # visiting several rooms takes at least these moves from one to the next.
        hop_masks = self.full_masks if self.has_drill else p.base_masks
        self.hop_masks = hop_masks
        # A grid is two-coloured and each move changes colour (a teleport need not).
        self.parity = not self.has_teleport
        black = 0
        for room in range(grid.size):
            if (room // grid.cols + room % grid.cols) % 2 == 0:
                black |= 1 << room
        white = ((1 << grid.size) - 1) & ~black
        self.colour_other = [white if black >> r & 1 else black for r in range(grid.size)]
        self.joint_cache: dict[tuple[Any, ...], bool] = {}
        self.joint_setups: dict[int, JointSetup] = {}
        self.backs_cache: dict[int, list[list[tuple[int, tuple[int, ...]]]]] = {}
        self.tour_cache: dict[tuple[int, int], int] = {}
        self.walks_cache: dict[tuple[int, int, int], list[tuple[int, int, int, int]]] = {}
        self.pair_cache: dict[tuple[int, ...], list[tuple[list[tuple[int, int]], int, int]]] = {}
        self.lonely_cache: dict[int, list[list[tuple[int, int]]]] = {}
        allowed = p.allowed
        self.hops: dict[int, list[int]] = {}
        for room in bits(allowed):
            far = [INF] * grid.size
            far[room] = 0
            seen = layer = 1 << room
            distance = 0
            while layer:
                distance += 1
                layer = expand(grid.cols, layer, hop_masks) & allowed & ~seen
                seen |= layer
                for other in bits(layer):
                    far[other] = distance
            self.hops[room] = far

    def joint_setup(self, lonely: int) -> JointSetup:
        """The joint check's kinds of room ((costs, Sentry or not, rooms, costs without the
        extra move)) with one more move for rooms of ``lonely``, and for each free pass the
        kinds it may be spent on: (kind, its rooms the pass targets, what it gives back);
        then the kinds' costs by budget and whether each is a Sentry, as columns."""
        cached = self.joint_setups.get(lonely)
        if cached is not None:
            return cached
        groups: list[JointGroup] = []
        for costs, is_sentry, members in self.p.joint_groups:
            groups.append((costs, is_sentry, members & ~lonely, costs))
            if lonely:
                further = (costs[0] + 1, costs[1], costs[2], costs[3] + 1, costs[4] + 1)
                groups.append((further, is_sentry, members & lonely, costs))
        spendable = [
            [
                (index, members & targets, waived(base, waive))
                for index, (_costs, _is_sentry, members, base) in enumerate(groups)
                if members & targets
            ]
            for _item, targets, waive in self.p.passes
        ]
        columns = (
            [g[0][0] for g in groups],
            [g[0][1] for g in groups],
            [g[0][2] for g in groups],
            [g[0][3] for g in groups],
            [g[0][4] for g in groups],
        )
        sentry = [1 if g[1] else 0 for g in groups]
        setup = (groups, spendable, columns, sentry)
        self.joint_setups[lonely] = setup
        return setup

    def explored_backs(self, mask: int) -> list[list[tuple[int, tuple[int, ...]]]]:
        """Per free pass, what spending it on an explored room can give back: each kind
        explored that it targets, leaving out a saving no larger in any budget than another
        (or nothing when it targets no explored room)."""
        presence = 0
        for kind_mask in self.p.pass_kind_masks:
            presence = presence << 1 | (1 if mask & kind_mask else 0)
        cached = self.backs_cache.get(presence)
        if cached is not None:
            return cached
        out = []
        for kinds in self.p.pass_kinds:
            backs = [vector for vector, kind_rooms in kinds if mask & kind_rooms]
            backs = [
                v
                for v in backs
                if not any(w != v and all(a >= b for a, b in zip(w, v, strict=True)) for w in backs)
            ]
            out.append([(-1, v) for v in dict.fromkeys(backs)] or [(-1, (0, 0, 0, 0, 0))])
        self.backs_cache[presence] = out
        return out

    def jointly(
        self,
        mask: int,
        zone: int,
        budgets: tuple[int, ...],
        wanted: int,
        must: int,
        lonely: int = 0,
    ) -> bool:
        """Whether ``wanted`` rooms of ``zone``, ``must`` of them Sentries, fit all five
        budgets at once, each room costing what its kind costs (one more move for a room of
        ``lonely``): a small integer program over kinds of room, solved exactly. Each free
        pass is tried unused, on an explored room of each kind it targets (giving that cost
        back) or on a new room of each kind."""
        groups, spendable, columns, sentry = self.joint_setup(lonely)
        counts = [popcount(zone & g[2]) for g in groups]
        # The answer depends on the explored rooms only through the kinds the passes may
        # give back, and on the zone through the counts and the kinds each pass may be
        # spent on: key on those (kind i costs the same whatever ``lonely`` is, given as
        # many kinds).
        presence = 0
        for kind_mask in self.p.pass_kind_masks:
            presence = presence << 1 | (1 if mask & kind_mask else 0)
        spendable_now = []
        for kinds in spendable:
            usable = 0
            for index, rooms, _vector in kinds:
                if zone & rooms:
                    usable |= 1 << index
            spendable_now.append(usable)
        key = (tuple(counts), budgets[:5], wanted, must, presence, tuple(spendable_now))
        cached = self.joint_cache.get(key)
        if cached is not None:
            return cached
        choices: list[list[tuple[int, tuple[int, ...]]]] = []
        if self.p.passes:
            for backs, kinds in zip(self.explored_backs(mask), spendable, strict=True):
                choices.append(backs + [(index, v) for index, rooms, v in kinds if zone & rooms])
        on_offer = _Kinds(columns, sentry, counts, wanted, must)
        if self.p.passes and not on_offer.fit(budgets):
            # Each pass gives back no more than its most in each budget, which ``budgets``
            # already hold: if no choice of rooms fits them, none fits with the passes spent.
            self.joint_cache[key] = False
            return False
        slack = self.p.slack
        raw = tuple(budgets[d] - slack[d] for d in range(5))
        answer = False
        for combo in itertools.product(*choices):
            left = list(raw)
            pool = list(counts)
            spent: list[tuple[int, tuple[int, ...]]] = []
            feasible = True
            for index, vector in combo:
                if index < 0:
                    for d in range(5):
                        left[d] += vector[d]
                    continue
                if not pool[index]:
                    feasible = False
                    break
                pool[index] -= 1
                spent.append((index, vector))
            if not feasible:
                continue
            if not spent:
                if on_offer.fit(tuple(left)):
                    answer = True
                    break
                continue
            # Each room a pass is spent on is a kind of its own, costing less.
            offer_costs = (
                [*columns[0]],
                [*columns[1]],
                [*columns[2]],
                [*columns[3]],
                [*columns[4]],
            )
            offer_sentry = [*sentry]
            for index, vector in spent:
                for d in range(5):
                    offer_costs[d].append(columns[d][index] - vector[d])
                offer_sentry.append(sentry[index])
                pool.append(1)
            if _Kinds(offer_costs, offer_sentry, pool, wanted, must).fit(tuple(left)):
                answer = True
                break
        self.joint_cache[key] = answer
        return answer

    def tour(self, here: int, targets: int) -> int:
        """Fewest moves of a walk from ``here`` entering every room of ``targets``."""
        if not targets:
            return 0
        key = (here, targets)
        cached = self.tour_cache.get(key)
        if cached is not None:
            return cached
        far = self.hops[here]
        shortest = INF
        rest = targets
        while rest:
            low = rest & -rest
            rest ^= low
            room = low.bit_length() - 1
            first = far[room]
            if first < shortest:
                length = first + self.tour(room, targets ^ low)
                if length < shortest:
                    shortest = length
        self.tour_cache[key] = shortest
        return shortest

    def secret_walks(self, here: int, secrets: int, budget: int) -> list[tuple[int, int, int, int]]:
        """(value, most valuable, count, the set) of every set of ``secrets`` one walk of
        ``budget`` moves from ``here`` can enter."""
        key = (here, secrets, budget)
        cached = self.walks_cache.get(key)
        if cached is not None:
            return cached
        # Every walk from here entering Secrets one after another within the budget,
        # keeping the fewest moves per (last Secret, Secrets entered).
        fewest: dict[tuple[int, int], int] = {}
        entered = {0}
        stack = [(here, 0, 0)]
        while stack:
            at, done, spent = stack.pop()
            far = self.hops[at]
            rest = secrets & ~done
            while rest:
                low = rest & -rest
                rest ^= low
                room = low.bit_length() - 1
                length = spent + far[room]
                if length > budget:
                    continue
                now = done | low
                if fewest.get((room, now), INF) <= length:
                    continue
                fewest[(room, now)] = length
                entered.add(now)
                stack.append((room, now, length))
        out = []
        for subset in entered:
            gain = 0
            top = 0
            for room in bits(subset):
                gain += self.p.value[room]
                top = max(top, self.p.value[room])
            out.append((gain, top, popcount(subset), subset))
        self.walks_cache[key] = out
        return out

    def top_secrets(self, secrets: int) -> list[tuple[int, int, int, int]]:
        """(value, most valuable, count, 0) of the k most valuable ``secrets``, every k."""
        out = [(0, 0, 0, 0)]
        gain = 0
        top = 0
        count = 0
        for secret_value, cls in self.p.secret_classes:
            for _ in range(popcount(secrets & cls)):
                gain += secret_value
                top = max(top, secret_value)
                count += 1
                out.append((gain, top, count, 0))
        return out

    def paired(self, budgets: tuple[int, ...]) -> list[tuple[list[tuple[int, int]], int, int]]:
        """Two budgets weighed together: a set of rooms fitting both budgets ``b1`` and
        ``b2`` also fits ``c1 * b2 + c2 * b1 <= 2 * b1 * b2`` (exact integers). Returns
        (cost classes, capacity, a Secret's weight) per pair of positive budgets."""
        key = budgets[:4]
        cached = self.pair_cache.get(key)
        if cached is not None:
            return cached
        out = []
        for first, second in PAIRS:
            b1, b2 = budgets[first], budgets[second]
            if b1 <= 0 or b2 <= 0:
                continue
            table: dict[int, int] = {}
            for costs, rooms in self.p.groups:
                weight = costs[first] * b2 + costs[second] * b1
                table[weight] = table.get(weight, 0) | rooms
            secret_weight = self.p.secret_cost[first] * b2 + self.p.secret_cost[second] * b1
            out.append((sorted(table.items()), 2 * b1 * b2, secret_weight))
        self.pair_cache[key] = out
        return out

    def lonely_classes(self, lonely: int) -> list[list[tuple[int, int]]]:
        """Cost classes by budget with one more move for each room of ``lonely``."""
        if not lonely:
            return self.p.dim_classes
        cached = self.lonely_cache.get(lonely)
        if cached is not None:
            return cached
        out = []
        for dim, classes in enumerate(self.p.dim_classes):
            if dim in (1, 2):  # Stealth and Combat alone do not pay for moves
                out.append(classes)
                continue
            table: dict[int, int] = {}
            for cost, cls in classes:
                if cls & ~lonely:
                    table[cost] = table.get(cost, 0) | cls & ~lonely
                if cls & lonely:
                    table[cost + 1] = table.get(cost + 1, 0) | cls & lonely
            out.append(sorted(table.items()))
        self.lonely_cache[lonely] = out
        return out

    def promising(
        self,
        mask: int,
        moves: int,
        sums: tuple[int, int, int, int],
        value: int,
        sentries: int,
        rooms: int,
    ) -> bool:
        """Whether some continuation might still beat the self.best exploration found.

        Relaxation: any rooms of the zone the agent could walk to may be added, each paid
        for on its own (no path between them) except that Secrets must fit in one walk.
        The objective is lexicographic, so each tier is checked with the tiers above it
        held at the self.best's level: to tie the self.best value the continuation must hold at
        least so many Secrets, whose cost is set aside before counting Sentries, and so
        on. A cheap check with the largest budgets any boost could give comes first; then
        each way of spending the boosts is checked on its own.
        """
        slack = self.p.slack
        left = self.p.max_movement - moves - sums[0] + slack[0]
        if left <= 0:
            return False
        # Moves (not Movement) left: a free pass only gives back an explored Trap's cost.
        back = self.p.moves_back(mask) if self.p.pass_movement else 0
        walk_left = self.p.max_movement - moves - sums[0] + back
        if walk_left <= 0:
            return False
        budgets = (
            left,
            self.p.max_caps[1] - sums[1] + slack[1],
            self.p.max_caps[2] - sums[2] + slack[2],
            self.p.max_pool - moves - sums[0] - sums[1] - sums[3] + slack[3],
            self.p.max_all - moves - sums[0] - sums[1] - sums[2] - sums[3] + slack[4],
            walk_left,
        )
        # Only rooms the agent can still walk to from where it stands (explored rooms cost
        # 1 Movement each to cross again) can be entered.
        masks = self.full_masks if self.has_drill else self.p.base_masks
        sources = mask if self.has_teleport and not self.teleported_of[0] else 1 << self.pos_of[0]
        zone = 0
        for layer in self.p.walk_layers(sources, mask, walk_left, masks):
            zone |= layer
        zone &= ~mask
        held_max = 0
        for secret_value, cls in self.p.secret_classes:
            if mask & cls:
                held_max = secret_value
                break
        if not self.tiers(zone, budgets, False, value, sentries, rooms, held_max):
            return False
        if self.light:
            return True
        for dim in (3, 1, 2):
            zone &= self.p.reach(dim, mask, budgets[dim], masks)
        if len(self.p.cap_options) == 1:
            return self.tiers(zone, budgets, True, value, sentries, rooms, held_max)
        spent = sums[0] + sums[1] + sums[2] + sums[3]
        for caps, _choices in self.p.cap_options:
            option = (
                caps[0] - moves - sums[0] + slack[0],
                caps[1] - sums[1] + slack[1],
                caps[2] - sums[2] + slack[2],
                caps[0] + caps[1] - moves - sums[0] - sums[1] - sums[3] + slack[3],
                caps[0] + caps[1] + caps[2] - moves - spent + slack[4],
                caps[0] - moves - sums[0] + back,
            )
            if min(min(option[0], option[1]), min(option[2], option[3])) < 0:
                continue
            if min(option[4], option[5]) < 0:
                continue
            if self.tiers(zone, option, True, value, sentries, rooms, held_max):
                return True
        return False

    def tiers(
        self,
        zone: int,
        budgets: tuple[int, int, int, int, int, int],
        thorough: bool,
        value: int,
        sentries: int,
        rooms: int,
        held_max: int,
    ) -> bool:
        """Whether rooms of ``zone`` bought with ``budgets`` might beat the self.best, tier by
        tier (see :func:`promising`); ``thorough`` adds the walk and paired budgets."""
        best_value, best_sentries, best_rooms = self.best[0]
        left = budgets[5]  # moves left
        if left <= 0:
            return False
        if self.parity:
            # A grid is two-coloured: each move changes colour, so at most half of
            # the moves left can reach rooms of either colour.
            other = self.colour_other[self.pos_of[0]]
            new_rooms = min(popcount(zone & other), (left + 1) // 2) + min(
                popcount(zone & ~other), left // 2
            )
        else:
            new_rooms = min(left, popcount(zone))
        # Value: the most valuable Secrets, one Movement each; when thorough, only sets of
        # Secrets one walk of the Movement left can enter.
        secrets = zone & self.p.secret_mask
        room_for = min(new_rooms, min(budgets[3], budgets[4]))
        walking = (
            thorough
            and not (self.has_teleport and not self.teleported_of[0])
            and popcount(secrets) <= MAX_WALK_SECRETS
        )
        options = (
            self.secret_walks(self.pos_of[0], secrets, left)
            if walking
            else self.top_secrets(secrets)
        )
        best_total = -1
        needed = -1  # fewest new Secrets that reach the self.best value
        tying: list[int] = []  # the sets of Secrets that do
        for gain, top, count, subset in options:
            if count > room_for:
                continue
            total = value + gain
            if self.bonus_applies:
                top = max(top, held_max)
                if top:
                    total += self.p.secret_plus + (top if self.p.secret_double else 0)
            if total > best_total:
                best_total = total
            if total >= best_value:
                tying.append(subset)
                if needed < 0 or count < needed:
                    needed = count
        if needed < 0:
            return False  # not even the self.best value
        if best_total > best_value:
            return True
        if walking and needed and all(popcount(s) < MAX_WALK_SECRETS for s in tying):
            # The walk must enter one of those sets of Secrets: any other room it enters
            # has to fit in one walk with them.
            here = self.pos_of[0]
            near = 0
            for subset in tying:
                near |= subset
                for room in bits(zone & ~subset):
                    if self.tour(here, subset | 1 << room) <= left:
                        near |= 1 << room
            zone &= near
        # Sentries, once those Secrets are paid for: each budget on its own, then (when
        # thorough) pairs of budgets weighed together.
        zone_sentries = zone & self.p.sentry_mask
        lonely = 0
        most = min(popcount(zone_sentries), new_rooms - needed)
        dim_classes = self.p.dim_classes
        if thorough and not (self.has_teleport and not self.teleported_of[0]):
            # A walk enters its Sentries one after another, from where it stands or from
            # a Secret or Sentry it entered before: a Sentry next to none of those takes
            # at least two moves to reach.
            targets = zone_sentries | zone & self.p.secret_mask | 1 << self.pos_of[0]
            lonely = zone_sentries & ~expand(self.cols, targets, self.hop_masks)
            dim_classes = self.lonely_classes(lonely)
        for dim in range(5):
            most = min(
                most,
                greedy(
                    dim_classes[dim],
                    zone_sentries,
                    budgets[dim] - needed * self.p.secret_cost[dim],
                ),
            )
        pairs = self.paired(budgets) if thorough else []
        for classes, capacity, secret_weight in pairs:
            if most <= best_sentries - sentries:
                break
            most = min(most, greedy(classes, zone_sentries, capacity - needed * secret_weight))
        if thorough and sentries + most > best_sentries:
            beat = best_sentries + 1 - sentries
            if not self.jointly(self.mask_of[0], zone, budgets, needed + beat, beat, lonely):
                most = beat - 1
        if sentries + most != best_sentries:
            return bool(sentries + most > best_sentries)
        # Rooms, once those Secrets and the Sentries tying the self.best are paid for.
        must = best_sentries - sentries
        extra = new_rooms - needed - must
        dim_classes = self.p.dim_classes
        lonely = 0
        if thorough and not (self.has_teleport and not self.teleported_of[0]):
            # Likewise a room of the zone next to no other one nor to where the agent
            # stands takes at least two moves to reach.
            lonely = zone & ~expand(self.cols, zone | 1 << self.pos_of[0], self.hop_masks)
            dim_classes = self.lonely_classes(lonely)
        checks = [
            (dim_classes[dim], budgets[dim], self.p.secret_cost[dim]) for dim in range(5)
        ] + pairs
        for classes, capacity, secret_weight in checks:
            budget = capacity - needed * secret_weight - cheapest(classes, zone_sentries, must)
            if budget < 0:
                return False
            extra = min(
                extra,
                affordable(
                    classes, zone, budget, needed, must, self.p.secret_mask, self.p.sentry_mask
                ),
            )
            if rooms + needed + must + extra <= best_rooms:
                return False
        if thorough:
            # Each budget on its own (and in pairs) may afford the rooms, but all five at
            # once must: count kinds of room jointly.
            return self.jointly(
                self.mask_of[0], zone, budgets, best_rooms + 1 - rooms, must, lonely
            )
        return True


def solve(
    lair: Lair,
    explorer: Explorer,
    max_states: int | None = None,
    *,
    prune: bool = True,
    light: bool = False,
) -> Plan:
    """The exact best exploration of ``lair`` by ``explorer`` (see module docstring).

    With ``max_states`` the search stops after that many states and returns the best
    exploration found so far with ``exact = False``. ``prune=False`` turns the bound off and
    visits every state: slow, it is there to check the bound against. ``light`` keeps only
    the bound's first, cheap check (the largest budgets, Secrets one Movement each): a
    looser bound visits more states, but each costs about a third, which pays when a small
    ``max_states`` cuts the search short anyway.
    """
    p = _Problem(lair, explorer)
    grid = lair.grid
    cols = grid.cols
    start = lair.start
    allowed = p.allowed
    value_of = p.value
    # Dominance between states: for each (explored rooms, drilled wall, teleport used), the
    # fewest moves at which a visited state stood in each explored room or could walk to it
    # through explored rooms. Crossing explored rooms costs Movement only, so a state standing
    # in a room with at least those moves can do nothing the earlier state could not.
    memo: dict[tuple[int, int, bool], dict[int, int]] = {}
    # A second dominance: rooms holding no Trap or Sentry cost nothing but their move, so a
    # state standing in the same room with the same costly rooms explored, no more moves
    # and free rooms explored that include the other's can do all it can and has more.
    # By (room, costly rooms explored, drilled wall, teleport used): (free rooms, moves).
    free_memo: dict[tuple[int, int, int, bool], list[tuple[int, int]]] = {}
    costly = p.costly_mask
    best: list[Any] = [(p.secret_bonus(0), 0, 1), [], 1 << start, 0]
    trail: list[tuple[int, int, bool]] = []  # (room, drilled edge now or -1, teleport now)
    states = 0
    has_drill = p.drill is not None
    has_teleport = p.teleport is not None
    deltas = (-cols, 1, cols, -1)

    pos_of = [start]
    mask_of = [1 << start]
    teleported_of = [False]
    bounds = _Bounds(p, best, pos_of, mask_of, teleported_of, light)

    def shortcuts(
        pos: int,
        mask: int,
        moves: int,
        teleported: bool,
        standing: dict[int, int],
        walls_inside: list[tuple[int, int, int]],
        found: dict[tuple[int, int, bool], int],
    ) -> None:
        """New rooms the Laser Drill brings nearer by opening a wall between two explored
        rooms on the way (the game allows it; the wall then stays open). Only a wall that
        shortens the way to some new room is worth drilling now: otherwise keeping the
        drill does everything drilling would, later."""
        for w, u, distance in walls_inside:
            if standing.get(u, INF) <= moves + distance + 1 or u == pos:
                continue  # no shorter through the wall than around it
            edge = grid.edge_between(w, u)
            masks = p.masks(edge)
            seen = layer = 1 << pos
            reached = 0
            steps = 0
            while layer:
                new = expand(cols, layer, masks) & allowed & ~mask & ~reached
                reached |= new
                for room in bits(new):
                    there = moves + steps + 1
                    if there < found.get((room, -1, teleported), INF) and there < found.get(
                        (room, edge, teleported), INF
                    ):
                        found[(room, edge, teleported)] = there
                layer = expand(cols, layer, masks) & mask & ~seen
                seen |= layer
                steps += 1

    def visit(
        mask: int,
        pos: int,
        moves: int,
        drilled: int,
        teleported: bool,
        sums: tuple[int, int, int, int],
        value: int,
        sentries: int,
        rooms: int,
    ) -> None:
        nonlocal states
        states += 1
        if max_states is not None and states > max_states:
            raise _OutOfBudget
        pos_of[0] = pos
        mask_of[0] = mask
        teleported_of[0] = teleported
        here = (value + p.secret_bonus(mask), sentries, rooms)
        if here > best[0]:
            best[0] = here
            best[1] = list(trail)
            best[2] = mask
            best[3] = moves
        if prune and not bounds.promising(mask, moves, sums, value, sentries, rooms):
            return
        masks = p.masks(drilled)
        drill_ok = has_drill and drilled < 0
        standing = memo.get((mask, drilled, teleported))
        if standing is None:
            standing = memo[(mask, drilled, teleported)] = {}
        # Candidate new rooms: (room, moves after entering, drilled edge, teleport used).
        found: dict[tuple[int, int, bool], int] = {}
        seen = 1 << pos
        layer = seen
        reached = 0
        distance = 0
        walls_inside: list[tuple[int, int, int]] = []  # (from, to, moves to from): both explored
        while layer:
            new = expand(cols, layer, masks) & allowed & ~mask & ~reached
            for room in bits(new):
                found[(room, drilled, teleported)] = moves + distance + 1
            reached |= new
            if drill_ok:
                for d, delta in enumerate(deltas):
                    src = layer & p.walled[d]
                    for w in bits(src):
                        u = w + delta
                        if allowed >> u & 1:
                            if mask >> u & 1:
                                walls_inside.append((w, u, distance))
                                continue
                            key = (u, grid.edge_between(w, u), teleported)
                            if key not in found:
                                found[key] = moves + distance + 1
            layer = expand(cols, layer, masks) & mask & ~seen
            seen |= layer
            distance += 1
            there = moves + distance
            for room in bits(layer):
                if standing.get(room, INF) > there:
                    standing[room] = there
        if walls_inside:
            shortcuts(pos, mask, moves, teleported, standing, walls_inside, found)
        if has_teleport and not teleported:
            frontier = expand(cols, mask, masks) & allowed & ~mask
            for room in bits(frontier):
                key = (room, drilled, True)
                if found.get((room, drilled, False), INF) > moves + 1:
                    found[key] = moves + 1
            if drill_ok:
                for d, delta in enumerate(deltas):
                    for w in bits(mask & p.walled[d]):
                        u = w + delta
                        if allowed >> u & 1 and not mask >> u & 1:
                            found.setdefault((u, grid.edge_between(w, u), True), moves + 1)
        # The objective's order: Secrets first, then Sentries; then rooms with the fewest
        # unexplored neighbours (a walk that leaves dead ends for later must come back for
        # them, so this finds walks entering more rooms sooner), nearest first.
        unexplored = allowed & ~mask
        order = sorted(
            found.items(),
            key=lambda kv: (
                -value_of[kv[0][0]],
                -(p.sentry_mask >> kv[0][0] & 1),
                popcount(expand(cols, 1 << kv[0][0], masks) & unexplored),
                kv[1],
            ),
        )
        for (room, edge, tele), new_moves in order:
            bit = 1 << room
            new_mask = mask | bit
            new_sums = (
                sums[0] + p.cm[room],
                sums[1] + p.cs[room],
                sums[2] + p.cc[room],
                sums[3] + p.ca[room],
            )
            set_key = (new_mask, edge, tele)
            standing = memo.get(set_key)
            if standing is None:
                standing = memo[set_key] = {}
            elif standing.get(room, INF) <= new_moves:
                continue
            free_key = (room, new_mask & costly, edge, tele)
            free_rooms = new_mask & ~costly
            earlier = free_memo.get(free_key)
            if earlier is None:
                earlier = free_memo[free_key] = []
            elif any(f & free_rooms == free_rooms and m <= new_moves for f, m in earlier):
                continue
            if p.fit(new_sums, new_moves, new_mask) is None:
                continue
            standing[room] = new_moves
            earlier.append((free_rooms, new_moves))
            trail.append((room, edge if edge != drilled else -1, tele and not teleported))
            visit(
                new_mask,
                room,
                new_moves,
                edge,
                tele,
                new_sums,
                value + value_of[room],
                sentries + (1 if p.sentry_mask & bit else 0),
                rooms + 1,
            )
            trail.pop()

    exact = True
    try:
        visit(1 << start, start, 0, -1, False, (0, 0, 0, 0), 0, 0, 1)
    except _OutOfBudget:
        exact = False
    key, order, mask, moves = best
    plan = Plan(key[0], key[1], key[2], mask, states=states, exact=exact)
    _walk(p, plan, order, moves)
    return plan


def _walk(p: _Problem, plan: Plan, order: list[tuple[int, int, bool]], moves: int) -> None:
    """Turn the order of new rooms into moves, free passes, boosts and Shark Pool payments."""
    grid = p.grid
    lair = p.lair
    mask = 1 << lair.start
    pos = lair.start
    drilled = -1
    sums = [0, 0, 0, 0]
    raw: list[tuple[int, int, bool, bool, int]] = []  # (from, to, new, teleport, drill edge)
    for room, edge, teleport in order:
        if edge >= 0:
            drilled = edge
        masks = p.masks(drilled)
        if teleport:
            # Jump next to the room (free), then step in.
            for w in bits(mask):
                if _joined(grid, masks, w, room):
                    raw.append((pos, w, False, True, -1))
                    pos = w
                    break
        else:
            path = _shortest(grid, masks, mask, pos, room)
            for a, b in itertools.pairwise(path[:-1]):
                raw.append((a, b, False, False, -1))
            pos = path[-2]
        raw.append((pos, room, True, False, edge))
        pos = room
        mask |= 1 << room
        sums[0] += p.cm[room]
        sums[1] += p.cs[room]
        sums[2] += p.cc[room]
        sums[3] += p.ca[room]
    fit = p.fit((sums[0], sums[1], sums[2], sums[3]), moves, mask)
    if fit is not None and fit[1] and not all(mask >> room & 1 for _i, room in fit[1]):
        fit = p._fit_passes((sums[0], sums[1], sums[2], sums[3]), moves, mask)
    assert fit is not None, "the planned walk must be affordable"
    boosts, passes = fit
    plan.boosts = boosts
    use_at = {room: item for item, room in passes}
    caps = [p.caps[0], p.caps[1], p.caps[2]]
    for item, stat in boosts:
        for it in p.items:
            if it.number == item:
                caps[STATS.index(stat)] += it.effect.amount
    # Stealth left over after every fixed Stealth cost pays the Shark Pools first.
    stealth_needed = sum(
        p.cs[r] for r in bits(mask) if not (r in use_at and _waives(p, use_at[r], r, 1))
    )
    spare_stealth = caps[1] - stealth_needed
    for a, b, new, teleport, _edge in raw:
        use = 0
        stealth = 0
        if new and b in use_at:
            use = use_at[b]
        if new and p.ca[b] and not (use and _waives(p, use, b, 3)):
            stealth = max(0, min(spare_stealth, p.ca[b]))
            spare_stealth -= stealth
        direction = ""
        if not teleport:
            direction = next(d for d in DIRECTIONS if grid.step(a, d) == b)
        plan.steps.append(Step(b, direction, new, use, stealth, teleport))


def _waives(p: _Problem, item: int, room: int, index: int) -> bool:
    for it, targets, waive in p.passes:
        if it.number == item and targets >> room & 1:
            return waive[index]
    return False


def _joined(grid: Any, masks: tuple[int, int, int, int], a: int, b: int) -> bool:
    return bool(expand(grid.cols, 1 << a, masks) >> b & 1)


def _shortest(
    grid: Any, masks: tuple[int, int, int, int], mask: int, src: int, dst: int
) -> list[int]:
    """Shortest path from src through explored rooms to dst (dst itself may be new)."""
    parents = {src: src}
    frontier = [src]
    while frontier:
        nxt = []
        for a in frontier:
            for d in DIRECTIONS:
                b = grid.step(a, d)
                if b is None or b in parents or not _joined(grid, masks, a, b):
                    continue
                if b == dst:
                    path = [b, a]
                    while path[-1] != src:
                        path.append(parents[path[-1]])
                    return path[::-1]
                if mask >> b & 1:
                    parents[b] = a
                    nxt.append(b)
        frontier = nxt
    raise ValueError("no path to the planned room")
