"""The exact best exploration of a finished lair, with the path that achieves it.

Objective, in order: most value stolen, then most Sentries neutralised, then most rooms
explored (the starting square counts).

Why it is exact and fast: every cost in an exploration only ever subtracts from the
explorer's stats, so a walk is affordable exactly when its totals are. The totals depend only
on the set of rooms explored (their Traps, Sentries and free passes) and on the number of
moves. A search state is therefore (explored rooms, current room, drilled wall, teleport used)
and only the fewest moves reaching it matter. The search adds one new room at a time, reached
by a shortest path through explored rooms (bit-parallel BFS), keeps the fewest moves per
state, and prunes with an optimistic bound (secrets and rooms within the movement left).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from .components import SECRETS, SENTRIES, STATS, TRAPS
from .explorer import Explorer, Item
from .grid import DIRECTIONS, bits, expand
from .lair import Lair

INF = 1 << 30


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a planned walk."""

    room: int  # room entered
    direction: str  # "" for a teleport
    new: bool  # first time in this room
    use: int = 0  # item used on entering (gadget number, 6 = power, 0 = none)
    stealth: int = 0  # Stealth paid into a Shark Pool (the rest of it from Movement)
    teleport: bool = False


@dataclass(slots=True)
class Plan:
    """The best exploration found: its score and how to walk it."""

    value: int
    sentries: int
    rooms: int
    explored: int  # bit mask of rooms explored
    steps: list[Step] = field(default_factory=list)
    boosts: list[tuple[int, str]] = field(default_factory=list)  # (item, stat) used at start
    states: int = 0  # search states visited
    exact: bool = True  # False when a state budget cut the search short

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.value, self.sentries, self.rooms)

    def to_json(self, lair: Lair) -> dict[str, Any]:
        grid = lair.grid
        return {
            "value": self.value,
            "sentries": self.sentries,
            "rooms": self.rooms,
            "explored": [list(grid.row_col(r)) for r in bits(self.explored)],
            "boosts": [{"item": i, "stat": s} for i, s in self.boosts],
            "path": [
                {
                    "room": list(grid.row_col(s.room)),
                    "direction": s.direction,
                    "new": s.new,
                    "use": s.use,
                    "shark_stealth": s.stealth,
                    "teleport": s.teleport,
                }
                for s in self.steps
            ],
            "states": self.states,
            "exact": self.exact,
        }


class _Problem:
    """Precomputed per-room numbers and the explorer's options."""

    def __init__(self, lair: Lair, explorer: Explorer) -> None:
        self.lair = lair
        self.grid = lair.grid
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
        self.stealth_classes = by_cost(lambda r: self.cs[r], everything)
        self.combat_classes = by_cost(lambda r: self.cc[r], everything)
        self.pool_classes = by_cost(lambda r: 1 + self.cm[r] + self.cs[r] + self.ca[r], everything)
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
        self.slack = tuple(slack)
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
        cols = self.grid.cols
        north, east, south, west = masks
        weights = self.weights[dim]
        budget = max(budget, 0)
        buckets = [0] * (budget + 1)
        buckets[0] = sources
        settled = 0
        for d in range(budget + 1):
            frontier = buckets[d] & ~settled
            while frontier:
                settled |= frontier
                around = (
                    (
                        ((frontier & north) >> cols)
                        | ((frontier & south) << cols)
                        | ((frontier & east) << 1)
                        | ((frontier & west) >> 1)
                    )
                    & allowed
                    & ~settled
                )
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
        cols = self.grid.cols
        north, east, south, west = masks
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
            around = (
                (
                    ((frontier & north) >> cols)
                    | ((frontier & south) << cols)
                    | ((frontier & east) << 1)
                    | ((frontier & west) >> 1)
                )
                & allowed
                & ~settled
            )
            if not around or d == budget:
                continue
            buckets[d + 1] |= around & mask
            around &= ~mask
            for weight, cls in weights:
                hit = around & cls
                if hit and d + weight <= budget:
                    buckets[d + weight] |= hit
        return buckets

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
        presence = tuple(min(bin(mask & k).count("1"), 3) for k in self.pass_kind_masks)
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


class _OutOfBudget(Exception):
    """The search visited more states than allowed."""


def solve(lair: Lair, explorer: Explorer, max_states: int | None = None) -> Plan:
    """The exact best exploration of ``lair`` by ``explorer`` (see module docstring).

    With ``max_states`` the search stops after that many states and returns the best
    exploration found so far with ``exact = False`` (bots use this to bound their time).
    """
    p = _Problem(lair, explorer)
    grid = lair.grid
    cols = grid.cols
    start = lair.start
    allowed = p.allowed
    value_of = p.value
    memo: dict[tuple[int, int, int, bool], int] = {}
    best: list[Any] = [(p.secret_bonus(0), 0, 1), [], 1 << start, 0]
    trail: list[tuple[int, int, bool]] = []  # (room, drilled edge now or -1, teleport now)
    states = 0
    has_drill = p.drill is not None
    has_teleport = p.teleport is not None
    deltas = (-cols, 1, cols, -1)

    full_masks = grid.direction_masks(0)

    parity = not has_teleport
    black = 0
    for room in range(grid.size):
        if (room // cols + room % cols) % 2 == 0:
            black |= 1 << room
    white = ((1 << grid.size) - 1) & ~black
    colour_other = [white if black >> r & 1 else black for r in range(grid.size)]
    pos_of = [start]
    teleported_of = [False]

    popcount = int.bit_count

    def greedy(classes: list[tuple[int, int]], zone: int, budget: int) -> int:
        """How many rooms of ``zone`` the budget pays for, cheapest first."""
        count = 0
        for cost, cls in classes:
            k = popcount(zone & cls)
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

    def bound(
        mask: int,
        moves: int,
        sums: tuple[int, int, int, int],
        value: int,
        sentries: int,
        rooms: int,
    ) -> tuple[int, int, int]:
        slack = p.slack
        left = p.max_movement - moves - sums[0] + slack[0]
        here = (value + p.secret_bonus(mask), sentries, rooms)
        if left <= 0:
            return here
        masks = full_masks if has_drill else p.base_masks
        # Only rooms the agent can still walk to from where it stands (explored rooms cost
        # 1 Movement each to cross again) can be entered.
        sources = mask if has_teleport and not teleported_of[0] else 1 << pos_of[0]
        zone = 0
        for layer in p.walk_layers(sources, mask, left, masks):
            zone |= layer
        zone &= ~mask
        stealth_left = p.max_caps[1] - sums[1] + slack[1]
        combat_left = p.max_caps[2] - sums[2] + slack[2]
        pool_left = p.max_pool - moves - sums[0] - sums[1] - sums[3] + slack[3]
        for stage in range(2):
            if stage == 1:
                zone &= p.reach(3, mask, pool_left, masks)
                zone &= p.reach(1, mask, stealth_left, masks)
                zone &= p.reach(2, mask, combat_left, masks)
            secrets = zone & p.secret_mask
            extra = 0
            room_for = left
            for secret_value, cls in p.secret_classes:
                k = min(popcount(secrets & cls), room_for)
                extra += k * secret_value
                room_for -= k
                if not room_for:
                    break
            if parity:
                # A grid is two-coloured: each move changes colour, so at most half of
                # the moves left can reach rooms of either colour.
                other = colour_other[pos_of[0]]
                new_rooms = min(popcount(zone & other), (left + 1) // 2) + min(
                    popcount(zone & ~other), left // 2
                )
            else:
                new_rooms = min(left, popcount(zone))
            # Rooms are limited by each budget on its own: count how many of the cheapest
            # rooms each one could pay for.
            new_rooms = min(
                new_rooms,
                greedy(p.stealth_classes, zone, stealth_left),
                greedy(p.combat_classes, zone, combat_left),
                greedy(p.pool_classes, zone, pool_left),
            )
            ub = (
                value + extra + p.secret_bonus(mask | secrets),
                sentries
                + min(
                    greedy(p.combat_classes, zone & p.sentry_mask, combat_left),
                    greedy(p.stealth_classes, zone & p.sentry_mask, stealth_left),
                    greedy(p.pool_classes, zone & p.sentry_mask, pool_left),
                    popcount(zone & p.sentry_mask),
                ),
                rooms + new_rooms,
            )
            if ub <= best[0] or ub == here:
                return ub
        return ub

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
        teleported_of[0] = teleported
        here = (value + p.secret_bonus(mask), sentries, rooms)
        if here > best[0]:
            best[0] = here
            best[1] = list(trail)
            best[2] = mask
            best[3] = moves
        if bound(mask, moves, sums, value, sentries, rooms) <= best[0]:
            return
        masks = p.masks(drilled)
        drill_ok = has_drill and drilled < 0
        # Candidate new rooms: (room, moves after entering, drilled edge, teleport used).
        found: dict[tuple[int, int, bool], int] = {}
        seen = 1 << pos
        layer = seen
        reached = 0
        distance = 0
        while layer:
            new = expand(grid, layer, masks) & allowed & ~mask & ~reached
            for room in bits(new):
                found[(room, drilled, teleported)] = moves + distance + 1
            reached |= new
            if drill_ok:
                for d, delta in enumerate(deltas):
                    src = layer & p.walled[d]
                    for w in bits(src):
                        u = w + delta
                        if allowed >> u & 1 and not mask >> u & 1:
                            key = (u, grid.edge_between(w, u), teleported)
                            if key not in found:
                                found[key] = moves + distance + 1
            layer = expand(grid, layer, masks) & mask & ~seen
            seen |= layer
            distance += 1
        if has_teleport and not teleported:
            frontier = expand(grid, mask, masks) & allowed & ~mask
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
        order = sorted(found.items(), key=lambda kv: (-value_of[kv[0][0]], kv[1]))
        for (room, edge, tele), new_moves in order:
            bit = 1 << room
            new_mask = mask | bit
            new_sums = (
                sums[0] + p.cm[room],
                sums[1] + p.cs[room],
                sums[2] + p.cc[room],
                sums[3] + p.ca[room],
            )
            if p.fit(new_sums, new_moves, new_mask) is None:
                continue
            state_key = (new_mask, room, edge, tele)
            if memo.get(state_key, INF) <= new_moves:
                continue
            memo[state_key] = new_moves
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
    return bool(expand(grid, 1 << a, masks) >> b & 1)


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
