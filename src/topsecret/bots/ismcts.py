"""Information-set Monte Carlo tree search for every game, written once against the contract.

The search follows Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree
Search": one tree for the searching seat, grown over determinizations. Every iteration samples
a full world consistent with what the seat knows (:meth:`SeatView.determinize`, which the
conformance suite proves leak-free), walks the tree in that world, adds one node, plays the
world on with a rollout policy and backs the result up.

How the engine's kinds of play map onto the tree:

- Sequential turns: a node is one seat's decision; the edges are its actions.
- Chance: resolved inside ``apply`` from the sampled world's own generator, so each
  iteration meets a freshly drawn chance outcome; nothing special is needed.
- Commit-then-reveal steps: the seats of a step choose *decoupled*, each from its own
  statistics at the node and without seeing the others' choices, which is exactly what a
  hidden commitment is (a choice already made by another seat is resampled by the
  determinization and is not in the tree at all). The child is keyed by the joint choice.
- Real time: the search decides what to do at a decision point; *when* a seat acts is left
  to the game's own bot, whose reaction times model a person (see :class:`IsmctsBot`).

Different worlds offer different legal actions at the same node (an opponent's hand differs
between samples), so selection uses availability counts: an action's exploration term counts
the iterations in which it was legal, not all visits of the node (the "subset-armed bandit"
of the paper).

Wide choices (a briefcase payoff of 1 to 27 coins to any of six agents, a SpyWorld
placement) would spread a small budget one rollout per action, so *progressive widening* lets
a choice visited n times consider ceil(widen * sqrt(n)) actions in a seeded order. At the root
the game's heuristic, sitting at the real table beside the search, names its move: that move
is let in first, gets a bonus that fades with its visits (progressive bias) and, with
``trust``, a head start when the answer is picked. The heuristic can also play the first
``guided`` decisions of each rollout.

Rewards are per seat and in [0, 1]: at the end of a game a seat earns its share of the win;
a rollout cut off at the horizon scores each seat by its lead over the average of the others,
squashed by the spread of leads seen so far in this search, so games scored in tens or in
thousands need no tuning. Each seat's choices are judged by its own reward (max^n).

Example::

    from topsecret.arena.match import play_match
    from topsecret.games import get_game

    result = play_match(get_game("vault"), 2, ["ismcts:iterations=200", "heuristic"], seed=1)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import Action, Bot, Event, Game, Rng, SeatView, State, play_random_step, win_shares

#: Exploration constant of UCB1; rewards are in [0, 1].
DEFAULT_EXPLORATION = 0.7
#: Decisions a rollout plays before the table is scored as it stands.
DEFAULT_HORIZON = 200
#: Iterations per decision when neither ``iterations`` nor ``ms`` is given.
DEFAULT_ITERATIONS = 400
#: Progressive widening: a choice visited n times considers ceil(WIDEN * sqrt(n)) actions.
DEFAULT_WIDEN = 2.0
#: Progressive bias: the heuristic's move gets HINT_BONUS / (visits + 1) on top of UCB1.
DEFAULT_HINT_BONUS = 1.0
#: ``trust`` credits the hint with a share of at least this many iterations: a search that
#: ran only a handful (a loaded machine, a short budget) must not overturn the heuristic on
#: one lucky rollout.
TRUST_FLOOR = 20


class _Arm:
    """Statistics of one action for one seat at one node."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class _Choice:
    """One seat's decision at one node: its arms, the order in which actions are let in by
    progressive widening (the heuristic's move first, then a seeded shuffle), and how often
    the seat has chosen here."""

    __slots__ = ("arms", "hint", "order", "visits")

    def __init__(self, hint: Action | None) -> None:
        self.arms: dict[Action, _Arm] = {}
        self.order: list[Action] = []
        self.visits = 0
        self.hint = hint


class _Node:
    """A point in the searching seat's tree: one choice per seat that acts here, and
    children keyed by the joint choice that left it."""

    __slots__ = ("children", "choices")

    def __init__(self) -> None:
        self.choices: dict[int, _Choice] = {}
        self.children: dict[tuple[tuple[int, Action], ...], _Node] = {}


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How hard and how the search looks; every field can be set in a bot name."""

    iterations: int | None = None
    ms: float | None = None
    exploration: float = DEFAULT_EXPLORATION
    horizon: int = DEFAULT_HORIZON
    #: Decisions of each rollout the game's heuristic plays before random play takes over
    #: (0: random rollouts).
    guided: int = 0
    #: Progressive widening constant (0 considers every legal action at once).
    widen: float = DEFAULT_WIDEN
    #: Weight of the heuristic's move in selection (0: no hints are asked for).
    hint: float = DEFAULT_HINT_BONUS
    #: Share of the iterations credited to the heuristic's move when the search picks its
    #: answer: another move must beat it by that many visits to be played instead.
    trust: float = 0.0

    def __post_init__(self) -> None:
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("iterations must be at least 1")
        if self.ms is not None and self.ms <= 0:
            raise ValueError("ms must be positive")
        if self.exploration < 0:
            raise ValueError("exploration must not be negative")
        if self.horizon < 0:
            raise ValueError("horizon must not be negative")
        if not 0 <= self.guided <= self.horizon:
            raise ValueError("guided must be between 0 and the horizon")
        if self.widen < 0:
            raise ValueError("widen must not be negative")
        if self.hint < 0:
            raise ValueError("hint must not be negative")
        if not 0 <= self.trust <= 1:
            raise ValueError("trust must be between 0 and 1")

    @property
    def deterministic(self) -> bool:
        """An iteration budget repeats exactly for a seed; a time budget depends on load."""
        return self.ms is None


@dataclass(slots=True)
class SearchReport:
    """What the last search did, for benchmarks and curious players."""

    iterations: int = 0
    seconds: float = 0.0
    visits: dict[str, int] = field(default_factory=dict)


RolloutPolicy = Callable[[State, Rng], None]


def random_rollout(horizon: int) -> RolloutPolicy:
    """Uniformly random legal actions, applied unchecked and quietly, until about ``horizon``
    decisions are taken (a simultaneous step is finished) or the game ends."""

    def rollout(world: State, rng: Rng) -> None:
        decisions = 0
        while decisions < horizon and not world.is_over():
            acted = play_random_step(world, rng)
            if acted == 0:
                return
            decisions += acted

    return rollout


class Guide:
    """The game's own heuristic, lent to the search's rollouts.

    A heuristic may keep notes between its decisions (a walk it has planned, say), so each
    rollout gets fresh ones, never told events: they play from each sampled world's
    observations alone. A heuristic reads an observation for every decision, which costs far
    more than a random pick, so it plays only the first ``guided`` decisions of a rollout.
    """

    def __init__(self, game: Game, seed: int) -> None:
        self._factory = game.bots().get("heuristic")
        self._seeds = Rng(seed)

    def __bool__(self) -> bool:
        return self._factory is not None

    def rollout(self, guided: int, horizon: int) -> RolloutPolicy:
        """Heuristic play for ``guided`` decisions, then random play to the horizon."""
        factory = self._factory
        if factory is None or guided == 0:
            return random_rollout(horizon)
        finish = random_rollout(max(0, horizon - guided))
        seeds = self._seeds

        def rollout(world: State, rng: Rng) -> None:
            bots: dict[int, Bot] = {}
            decisions = 0
            while decisions < guided and not world.is_over():
                acted = False
                for seat in world.acting_players():
                    if world.is_over() or seat not in world.acting_players():
                        continue
                    if not world.legal_actions(seat):
                        continue
                    bot = bots.get(seat)
                    if bot is None:
                        bot = bots[seat] = factory(seeds.next_u64())
                    action = bot.choose(SeatView(world, seat))
                    world.apply_unchecked(seat, action, record=False)
                    decisions += 1
                    acted = True
                if not acted:
                    return
            finish(world, rng)

        return rollout


class _Evaluator:
    """Turns a world where a rollout stopped into one reward per seat, in [0, 1]."""

    __slots__ = ("_lead_sum", "_leads")

    def __init__(self) -> None:
        self._lead_sum = 0.0
        self._leads = 0

    def __call__(self, world: State) -> list[float]:
        scores = world.scores()
        players = len(scores)
        if world.is_over():
            return win_shares(scores)
        total = sum(scores)
        leads = [s - (total - s) / (players - 1) for s in scores] if players > 1 else [0.0]
        for lead in leads:
            self._lead_sum += abs(lead)
        self._leads += players
        scale = max(self._lead_sum / self._leads, 1e-9)
        return [0.5 + 0.5 * math.tanh(lead / (2.0 * scale)) for lead in leads]


class IsmctsSearch:
    """One search from one seat's view; reusable across decisions of a bot.

    ``guide`` lends the game's heuristic for hints and guided rollouts; without one the
    search is the plain algorithm with random rollouts.
    """

    def __init__(
        self,
        settings: SearchSettings,
        rollout: RolloutPolicy | None = None,
        guide: Guide | None = None,
    ) -> None:
        self.settings = settings
        if rollout is None:
            rollout = (
                guide.rollout(settings.guided, settings.horizon)
                if guide
                else random_rollout(settings.horizon)
            )
        self._rollout = rollout
        self.report = SearchReport()

    def best_action(self, view: SeatView, rng: Rng, hint: Action | None = None) -> Action:
        """The seat's move. ``hint``, a move worth trying first (the game's heuristic move,
        say), is let in first at the root, gets the progressive-bias bonus there and the
        ``trust`` head start at the answer."""
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make")
        if len(legal) == 1:
            self.report = SearchReport(0, 0.0, {})
            return legal[0]
        root = _Node()
        if hint is not None and hint in legal and self.settings.hint > 0:
            root.choices[view.seat] = _Choice(hint)
        evaluate = _Evaluator()
        budget = self.settings.iterations
        if budget is None and self.settings.ms is None:
            budget = DEFAULT_ITERATIONS
        start = time.perf_counter()
        ms = self.settings.ms
        deadline = start + ms / 1000.0 if ms is not None else None
        done = 0
        while True:
            self._iterate(view, root, rng, evaluate)
            done += 1
            if budget is not None and done >= budget:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        mine = root.choices.get(view.seat)
        arms = mine.arms if mine is not None else {}
        credit = self.settings.trust * max(done, TRUST_FLOOR)
        head_start = {mine.hint: credit} if mine and mine.hint else {}
        choice = max(legal, key=lambda a: _final_key(arms.get(a), head_start.get(a, 0.0)))
        self.report = SearchReport(
            done,
            time.perf_counter() - start,
            {repr(a): arms[a].visits for a in legal if a in arms and arms[a].visits},
        )
        return choice

    def _iterate(self, view: SeatView, root: _Node, rng: Rng, evaluate: _Evaluator) -> None:
        world = view.determinize(rng)
        node = root
        path: list[tuple[_Node, tuple[tuple[int, Action], ...]]] = []
        settings = self.settings
        while not world.is_over():
            acting = world.acting_players()
            if not acting:
                break
            joint: list[tuple[int, Action]] = []
            for seat in acting:
                if world.is_over() or seat not in world.acting_players():
                    continue
                actions = world.legal_actions(seat)
                if not actions:
                    continue
                choice = node.choices.get(seat)
                if choice is None:
                    choice = node.choices[seat] = _Choice(None)
                action = _select(choice, actions, settings, rng)
                world.apply_unchecked(seat, action, record=False)
                joint.append((seat, action))
            if not joint:
                break
            key = tuple(joint)
            path.append((node, key))
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break
            node = child
        self._rollout(world, rng)
        rewards = evaluate(world)
        for visited, key in path:
            for seat, action in key:
                arm = visited.choices[seat].arms[action]
                arm.visits += 1
                arm.total += rewards[seat]


def _select(
    choice: _Choice, actions: Sequence[Action], settings: SearchSettings, rng: Rng
) -> Action:
    """UCB1 with availability counts over the actions let in so far.

    Progressive widening lets in ceil(widen * sqrt(visits)) actions, in the choice's order,
    so a wide choice (a payment of 1 to 27 coins to any of six agents) is not spread one
    rollout per action. An action let in but never tried is tried first. The heuristic's
    move, first in the order, gets a bonus that fades as it is visited.
    """
    choice.visits += 1
    arms = choice.arms
    fresh = [a for a in actions if a not in arms]
    if fresh:
        if len(fresh) > 1:
            rng.shuffle(fresh)
        hint = choice.hint
        if hint is not None and hint in fresh:
            fresh.remove(hint)
            fresh.insert(0, hint)
        for action in fresh:
            arms[action] = _Arm()
        choice.order.extend(fresh)
    width = len(actions)
    if settings.widen > 0:
        width = min(width, math.ceil(settings.widen * math.sqrt(choice.visits)))
    # Other worlds may have let in actions this world does not offer (another hand).
    legal = set(actions)
    candidates: list[Action] = []
    for action in choice.order:
        if action in legal:
            candidates.append(action)
            if len(candidates) == width:
                break
    untried: Action | None = None
    for action in candidates:
        arm = arms[action]
        arm.available += 1
        if untried is None and arm.visits == 0:
            untried = action
    if untried is not None:
        return untried
    c = settings.exploration
    bonus = settings.hint
    hint = choice.hint
    best: Action = candidates[0]
    best_value = -1.0
    for action in candidates:
        arm = arms[action]
        value = arm.total / arm.visits + c * math.sqrt(math.log(arm.available) / arm.visits)
        if action == hint:
            value += bonus / (arm.visits + 1)
        if value > best_value:
            best, best_value = action, value
    return best


def _final_key(arm: _Arm | None, head_start: float) -> tuple[float, float]:
    """The most visited action is the search's answer; the mean breaks ties."""
    if arm is None or arm.visits == 0:
        return (head_start, 0.0)
    return (arm.visits + head_start, arm.total / arm.visits)


class IsmctsBot(Bot):
    """A seat played by :class:`IsmctsSearch`.

    In real-time games the search chooses *what* to do, and the game's own bot (``timing``)
    chooses *when*: a person needs time to notice a glance and to react, and a search that
    answered within one tick would play a different game. When the timing bot decides to act,
    the search picks the action among those legal at that moment.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int,
        settings: SearchSettings | None = None,
        rollout: RolloutPolicy | None = None,
        timing: Bot | None = None,
    ) -> None:
        self._rng = Rng(seed)
        self.settings = settings or SearchSettings()
        self._rollout = rollout
        self._timing = timing
        self._shadow: Bot | None = None
        self.search: IsmctsSearch | None = None

    def choose(self, view: SeatView) -> Action:
        return self._decide(view, None)

    def _decide(self, view: SeatView, planned: Action | None) -> Action:
        """Search the seat's move; ``planned``, the move the timing bot wants to make now,
        is the hint in real time, else the shadow heuristic names one."""
        if self.search is None:
            # The game is known only now: the guide and the shadow need its heuristic.
            self.search = IsmctsSearch(
                self.settings, self._rollout, Guide(view.game, self._rng.next_u64())
            )
            factory = view.game.bots().get("heuristic")
            if factory is not None and (self.settings.hint > 0 or self.settings.trust > 0):
                self._shadow = factory(self._rng.next_u64())
        hint = planned
        if hint is None and self._shadow is not None and len(view.legal_actions()) > 1:
            # The shadow sits at the real table and hears its events, so its move is the
            # one the game's heuristic would play here.
            hint = self._shadow.choose(view)
        return self.search.best_action(view, self._rng, hint)

    def observe(self, seat: int, events: Sequence[Event]) -> None:
        if self._shadow is not None:
            self._shadow.observe(seat, events)
        if self._timing is not None:
            self._timing.observe(seat, events)

    def act_at(self, view: SeatView, now: float) -> Action | None:
        if self._timing is None:
            return self.choose(view)
        planned = self._timing.act_at(view, now)
        if planned is None:
            return None
        return self._decide(view, planned)


def parse_settings(options: Mapping[str, str]) -> SearchSettings:
    """Search settings from a bot name's options (``iterations=400``, ``ms=100``, ``c=0.5``,
    ``horizon=100``, ``guided=10``, ``widen=2``, ``hint=1``, ``trust=0.2``); raises
    :class:`ValueError` naming a bad option."""
    known: dict[str, tuple[str, Callable[[str], Any]]] = {
        "iterations": ("iterations", int),
        "ms": ("ms", float),
        "c": ("exploration", float),
        "horizon": ("horizon", int),
        "guided": ("guided", int),
        "widen": ("widen", float),
        "hint": ("hint", float),
        "trust": ("trust", float),
    }
    values: dict[str, Any] = {}
    for key, text in options.items():
        if key not in known:
            raise ValueError(f"ismcts has no option {key!r}; it takes {', '.join(sorted(known))}")
        field_name, convert = known[key]
        try:
            values[field_name] = convert(text)
        except ValueError:
            raise ValueError(f"ismcts option {key}={text!r} is not a number") from None
    return SearchSettings(**values)


__all__ = [
    "Guide",
    "IsmctsBot",
    "IsmctsSearch",
    "SearchReport",
    "SearchSettings",
    "parse_settings",
    "random_rollout",
]
