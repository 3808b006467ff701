"""The heuristic SpyWorld bot: plans a guarded lair and a trained agent, explores with the
exact solver."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...core import Action, Bot, Rng, SeatView
from .actions import (
    Boost,
    ChooseAgent,
    ClaimMission,
    DeclineMissions,
    KeepRound,
    Move,
    Pass,
    PlaceUpgrade,
    PlaceWall,
    Stop,
    TakeBack,
    TakeCards,
    TakeGadget,
    Teleport,
)
from .components import (
    SECRETS,
    SENTRIES,
    STATS,
    TRAPS,
    LairBoard,
    agents,
    gadgets,
    lair_board,
    sheet,
)
from .explorer import explorer_kit
from .grid import bits, expand
from .lair import Lair
from .solver import solve

KEEP = KeepRound()

#: Stats the bot trains towards (Movement, Stealth, Combat), before the agent bonus.
TARGETS = (16, 11, 10)


def _lair(obs: dict[str, Any], seat: int) -> Lair:
    rules = sheet()
    board = lair_board(obs["board_name"])
    sh = obs["sheets"][seat]
    return Lair(board, tuple(sh["rooms"]), sh["walls"], rules.grid, rules.start)


def actions_for_plan(plan: Any, lair: Lair) -> list[Action]:
    """The exploration actions that walk a solver plan."""
    out: list[Action] = [Boost(item, stat) for item, stat in plan.boosts]
    for step in plan.steps:
        if step.teleport:
            out.append(Teleport(*lair.grid.row_col(step.room)))
        else:
            out.append(Move(step.direction, step.stealth, step.use))
    out.append(Stop())
    return out


class HeuristicBot(Bot):
    """Reads its seat's observation and decides with the functions below, which the fast
    player of the search's rollouts (:mod:`.rollout`) shares, reading a table instead."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)
        self._script: list[Action] = []

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        obs = view.observation()
        phase = obs["phase"]
        if phase == "agents":
            return pick_agent(legal)
        if phase == "choose":
            return self._choose_cards(obs, view.seat, legal)
        if phase == "resolve":
            return self._place(view, obs, legal)
        if phase == "missions":
            return claim_mission(legal)
        if phase == "explore":
            return self._explore(view, obs, legal)
        return legal[0]

    # -- planning ----------------------------------------------------------------------

    def _card_value(self, obs: dict[str, Any], seat: int, slot: int) -> float:
        sh = obs["sheets"][seat]
        return card_value(
            lair_board(obs["board_name"]),
            obs["faceup"][slot]["front"],
            obs["faceup"][slot]["points"],
            int(obs["top_backs"][slot][1]),
            sh["rooms"],
            sh["walls"],
            sh["stats"],
            len(sh["gadgets"]),
        )

    def _choose_cards(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        values = [self._card_value(obs, seat, s) for s in range(3)]
        return choose_cards(values, obs["sheets"][seat]["bonus_used"], legal, self._rng)

    def _place(self, view: SeatView, obs: dict[str, Any], legal: list[Action]) -> Action:
        seat = view.seat
        slot = obs["pending"][seat][0] if obs["pending"][seat] else 0
        # What each placement costs, as the observation prices it for the seat.
        codec = view.game.codec(obs["players"])
        prices = {codec.from_json(entry["action"]): entry.get("cost", 0) for entry in obs["costs"]}
        return place(
            obs["faceup"][slot]["front"],
            _lair(obs, seat),
            legal,
            self._rng,
            lambda action: int(prices.get(action, 0)),
        )

    # -- exploration -------------------------------------------------------------------

    def _explore(self, view: SeatView, obs: dict[str, Any], legal: list[Action]) -> Action:
        if self._script and self._script[0] in legal:
            return self._script.pop(0)
        seat = view.seat
        run = obs["runs"][seat]
        owner = obs["explorer_of"].index(seat)
        base = _lair(obs, owner)
        grid = base.grid
        pos = grid.room(*run["pos"])
        visited = {grid.room(r, c) for r, c in run["visited"]}
        rooms = tuple("" if i in visited else k for i, k in enumerate(base.rooms))
        walls = base.walls
        if run["drilled"]:
            r, c, side = run["drilled"]
            edge = grid.edge_of_side(grid.room(r, c), side)
            assert edge is not None
            walls &= ~(1 << edge)
        lair = Lair(base.board, rooms, walls, grid, pos)
        sh = obs["sheets"][seat]
        expert = obs["expert"]
        used = set(run["used"])
        held = [
            (gadgets()[g - 1], expert[g - 1] == "E")
            for g in sh["gadgets"]
            if g not in used and not (gadgets()[g - 1].id == "laser_drill" and run["drilled"])
        ]
        agent = None
        if sh["agent"] is not None and 6 not in used and base.board.agents:
            agent = next(a for a in agents() if a.id == sh["agent"])
        kit = explorer_kit((run["stats"][0], run["stats"][1], run["stats"][2]), held, agent)
        # A second or two at most; 1 of the 1,000 benchmark lairs needs more states than
        # this (docs/games/spyworld.md), and then the bot walks the best plan found.
        plan = solve(lair, kit, max_states=EXPLORE_STATES)
        self._script = actions_for_plan(plan, lair)
        if self._script and self._script[0] in legal:
            return self._script.pop(0)
        return Stop()


#: States the heuristic's exploration solver may visit per plan (under a second compiled).
EXPLORE_STATES = 20_000


def pick_agent(legal: list[Action]) -> Action:
    """The Agent card with the largest bonus in all."""
    return max(
        legal,
        key=lambda a: sum(agents()[a.agent].bonus) if isinstance(a, ChooseAgent) else 0,
    )


def claim_mission(legal: list[Action]) -> Action:
    """The first mission met, for its points (kept to the end); else none."""
    claims = [a for a in legal if isinstance(a, ClaimMission) and a.reward == "points"]
    return claims[0] if claims else DeclineMissions()


def card_value(
    board: LairBoard,
    front: str,
    points: int,
    price: int,
    rooms: Sequence[str],
    walls: int,
    stats: Sequence[int],
    gadgets_held: int,
) -> float:
    """What a face-up card is worth to a sheet: Secrets while rooms are left, guards up to
    two a Secret, a few walls, Training towards :data:`TARGETS`, one gadget."""
    empty = sum(1 for r in rooms if not r) - 1 - len(board.blocked)
    if front in SECRETS:
        return board.secrets[front].end / 3 + board.secrets[front].now if empty > 1 else 0.5
    if front in TRAPS or front in SENTRIES:
        if empty <= 1:
            return 0.5
        secrets = sum(1 for r in rooms if r in SECRETS)
        guards = sum(1 for r in rooms if r in TRAPS or r in SENTRIES)
        return 5.0 if guards < secrets * 2 + 2 else 2.0
    if front == "wall":
        return 1.5 if bin(walls).count("1") < 6 else 0.2
    if front in STATS:
        index = STATS.index(front)
        need = TARGETS[index] - stats[index]
        gain: int = min(int(points), max(0, int(need)))
        return gain * 1.6 - price
    if front == "gadget":
        return 3.0 if gadgets_held < 1 else -2.0
    return 0.0


def choose_cards(values: Sequence[float], bonus_used: int, legal: list[Action], rng: Rng) -> Action:
    """The set of cards worth most after its bonus actions, if worth more than a pass."""
    costs = sheet().bonus_costs
    best: Action = Pass()
    best_score = 1.5
    for action in legal:
        if not isinstance(action, TakeCards):
            continue
        extra = len(action.slots) - 1
        score = (
            sum(values[s] for s in action.slots) - sum(costs[bonus_used : bonus_used + extra]) * 1.2
        )
        if score > best_score + 0.01 * rng.random():
            best, best_score = action, score
    return best


#: Points of a room's placement score one coin is worth: money left at the end scores one
#: point a coin (Rulebook 003 §Final Score), so a dearer room must be that much better.
PRICE_WEIGHT = 1.0


def place(
    front: str, lair: Lair, legal: list[Action], rng: Rng, price: Callable[[Action], int]
) -> Action:
    """Where to draw a card: Secrets far from the start, guards beside the Secrets, each
    room weighed against what drawing there costs (``price``, in coins); walls that wall no
    Secret off; the cheapest gadget (the Laser Drill last, then by number)."""
    # The bot draws what it means to draw: with the lenient option it keeps its round.
    if KEEP in legal:
        return KEEP
    legal = [a for a in legal if not isinstance(a, TakeBack)]
    grid = lair.grid
    if legal and isinstance(legal[0], PlaceUpgrade):
        distance = _distances(lair)
        secret_rooms = lair.secret_rooms()

        def room_score(a: PlaceUpgrade) -> float:
            room = grid.room(a.row, a.col)
            d = distance.get(room, 0)
            if front in SECRETS:
                return d * 2.0
            near = min(
                (abs(room // 5 - s // 5) + abs(room % 5 - s % 5) for s in secret_rooms), default=4
            )
            return 6.0 - near * 1.5 - d * 0.3

        ups = [a for a in legal if isinstance(a, PlaceUpgrade)]
        return max(ups, key=lambda a: (room_score(a) - PRICE_WEIGHT * price(a), rng.random()))
    if legal and isinstance(legal[0], PlaceWall):
        walls = [a for a in legal if isinstance(a, PlaceWall)]
        rng.shuffle(walls)
        for action in walls:
            edge = grid.edge_of_side(grid.room(action.row, action.col), action.side)
            assert edge is not None
            trial = Lair(lair.board, lair.rooms, lair.walls | 1 << edge, grid, lair.start)
            if not trial.walled_off_secrets():
                return action
        return walls[0]
    if legal and isinstance(legal[0], TakeGadget):
        gs = [a for a in legal if isinstance(a, TakeGadget)]
        return min(
            gs, key=lambda a: (gadgets()[a.number - 1].id == "laser_drill", price(a), a.number)
        )
    return legal[0]


def _distances(lair: Lair) -> dict[int, int]:
    masks = lair.open_masks()
    seen = 1 << lair.start
    layer = seen
    out = {lair.start: 0}
    d = 0
    while layer:
        d += 1
        layer = expand(lair.grid, layer, masks) & lair.allowed & ~seen
        seen |= layer
        for room in bits(layer):
            out[room] = d
    return out
