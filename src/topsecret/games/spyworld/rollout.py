"""A fast SpyWorld player read straight from a table: the search's rollouts and opponent model.

It makes the heuristic's planning decisions (the same functions of :mod:`.bots`, the same
draws from its generator) without building an observation for each of them, and walks a lair
as the heuristic does, by the exploration solver's plan, but with a small state budget
(:data:`ROLLOUT_STATES`) and a cache of plans shared by every copy of the player: a sampled
world's exploration is often one the search has solved already (every rollout of a decision
late in planning, and all of them once exploration has begun). A heuristic game cost about
115 ms on a quiet machine, 60% of it in the solver and a quarter in observations; with this
player an iteration of the search's opponent model costs about a fifth of what it did with the
heuristic (docs/bots.md has the figures).

**What it reads.** Only what its seat may know: the face-up cards and the backs on the decks,
every sheet (they lie open on the table), the cards each seat still has to draw this round,
the explorations (played in the open) and its own Agent. It never reads the order of the
decks, another seat's Agent before exploration or another seat's hidden choice, as the
search's contract for such players asks (:class:`topsecret.bots.ismcts.WorldPolicy`).
"""

from __future__ import annotations

from typing import Any

from ...core import Action, Bot, Rng, SeatView, State
from .actions import Stop
from .bots import (
    EXPLORE_STATES,
    actions_for_plan,
    card_value,
    choose_cards,
    claim_mission,
    pick_agent,
    place,
)
from .components import agents, gadgets
from .explorer import Explorer, explorer_kit
from .lair import Lair
from .solver import solve
from .state import SpyWorldState

#: States the solver may visit to plan one walk in a rollout (the heuristic allows 20,000),
#: with the solver's light bound (``solve(..., light=True)``). On the 60 lairs that ended 30
#: seeded two-player heuristic games (mean best value stolen 97.3), 300 states with the
#: light bound lost 5.1 of it per explorer in 2.8 ms a walk, where 100 states with the full
#: bound lost 9.3 in 4.3 ms and the exact walk took 25 ms (docs/bots.md).
ROLLOUT_STATES = 300
#: Plans kept between rollouts; the cache is emptied when it is full.
CACHE_SIZE = 4096

_plans: dict[tuple[Any, ...], tuple[Lair, tuple[Action, ...]]] = {}


def planned_walk(
    lair: Lair, kit: Explorer, max_states: int, light: bool = False
) -> tuple[Action, ...]:
    """The exploration actions of the solver's plan for ``kit`` in ``lair`` (within
    ``max_states``, with the light bound if ``light``), from a cache shared by every rollout
    player."""
    key = (id(lair.board), lair.rooms, lair.walls, lair.start, kit, max_states, light)
    found = _plans.get(key)
    if found is not None:
        return found[1]
    plan = solve(lair, kit, max_states=max_states, light=light)
    walk = tuple(actions_for_plan(plan, lair))
    if len(_plans) >= CACHE_SIZE:
        _plans.clear()
    # The lair is kept with its walk, so its board lives as long as the key naming it.
    _plans[key] = (lair, walk)
    return walk


def exploration_problem(world: SpyWorldState, seat: int) -> tuple[Lair, Explorer]:
    """The lair left to explore by ``seat`` (explored rooms emptied, the Agent's room as the
    start, a drilled wall open) and what the explorer has left: what the heuristic reads from
    its observation."""
    run = world.runs[seat]
    assert run is not None
    base = run.lair
    grid = base.grid
    visited = run.visited
    rooms = tuple("" if visited >> i & 1 else k for i, k in enumerate(base.rooms))
    walls = base.walls
    if run.drilled >= 0:
        walls &= ~(1 << run.drilled)
    lair = Lair(base.board, rooms, walls, grid, run.pos)
    sh = world.sheets[seat]
    used = set(run.used)
    expert = world.expert
    held = [
        (gadgets()[g - 1], expert[g - 1] == "E")
        for g in sh.gadgets
        if g not in used and not (gadgets()[g - 1].id == "laser_drill" and run.drilled >= 0)
    ]
    agent = None
    if sh.agent >= 0 and 6 not in used and base.board.agents:
        agent = agents()[sh.agent]
    kit = explorer_kit((run.stats[0], run.stats[1], run.stats[2]), held, agent)
    return lair, kit


class RolloutBot(Bot):
    """The heuristic's decisions, read from a table (:mod:`.rollout`)."""

    name = "rollout"

    def __init__(self, seed: int = 0, max_states: int = ROLLOUT_STATES) -> None:
        self._rng = Rng(seed)
        self._max_states = max_states
        self._script: list[Action] = []
        #: Whether the player's first decision was a walk's: then the search is deciding
        #: walks, and this player plans them as the heuristic does (below).
        self._walking_from_start: bool | None = None

    def choose(self, view: SeatView) -> Action:
        return self.choose_in(view.determinize(self._rng), view.seat)

    def choose_in(self, world: State, seat: int) -> Action:
        """The seat's move on ``world``, read from the table's own fields."""
        assert isinstance(world, SpyWorldState)
        legal = world.legal_actions(seat)
        phase = world.phase
        if self._walking_from_start is None:
            self._walking_from_start = phase == "explore"
        if phase == "choose":
            sh = world.sheets[seat]
            board = world.board
            values = []
            for slot in range(3):
                card = world.card_in(slot)
                values.append(
                    card_value(
                        board,
                        card.front,
                        card.points,
                        world.top_back(slot).number,
                        sh.rooms,
                        sh.walls,
                        sh.stats,
                        len(sh.gadgets),
                    )
                )
            return choose_cards(values, sh.bonus_used, legal, self._rng)
        if phase == "resolve":
            pending = world.pending[seat]
            front = world.card_in(pending[0]).front if pending else ""
            return place(
                front,
                world.lair_of(seat),
                legal,
                self._rng,
                lambda action: world.placement_price(seat, action)["cost"],
            )
        if phase == "missions":
            return claim_mission(legal)
        if phase == "agents":
            return pick_agent(legal)
        if phase == "explore":
            return self._explore(world, seat, legal)
        return legal[0]

    def _explore(self, world: SpyWorldState, seat: int, legal: list[Action]) -> Action:
        if self._script and self._script[0] in legal:
            return self._script.pop(0)
        lair, kit = exploration_problem(world, seat)
        # Once exploration has begun, the search decides steps of walks, and a rollout
        # judges a step by the walk planned after it: a plan cut short by a small budget
        # could make a worse step look better than the heuristic's exact one. So a player
        # that starts in exploration plans with the heuristic's budget; the cache makes
        # that cheap, as every rollout of the decision meets the same few lairs and explorers.
        # The light bound is for a rollout's small budget; with the heuristic's budget (or
        # more) the player plans as the heuristic does, which the light bound, cut short,
        # does not always match.
        if self._walking_from_start:
            walk = planned_walk(lair, kit, max(self._max_states, EXPLORE_STATES))
        else:
            light = self._max_states < EXPLORE_STATES
            walk = planned_walk(lair, kit, self._max_states, light=light)
        self._script = list(walk)
        if self._script and self._script[0] in legal:
            return self._script.pop(0)
        return Stop()


__all__ = ["ROLLOUT_STATES", "RolloutBot", "exploration_problem", "planned_walk"]
