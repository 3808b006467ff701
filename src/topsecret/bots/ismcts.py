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
  hidden commitment is. A choice another seat already made is taken back in each sampled
  world (:meth:`SimultaneousStep.withdraw`), so that seat chooses again in the tree beside
  the searching one, as if it had been asked first: treating it as chance would favour
  whichever seat is asked first. The child is keyed by the joint choice.
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

Rollouts and the opponent model (``opponents=heuristic``) play the game's ``rollout`` bot
when it has one (:class:`WorldPolicy`: it plays a seat straight from a sampled world, which
holds only what the searching seat may know), else its heuristic. ``paired=K`` replaces the
tree with a paired comparison at the root: K candidate moves, the heuristic's first, are
played out from every sampled world with the same random numbers, and another move is
played only when its mean lead over the heuristic's passes ``gate`` standard errors.

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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ..core import Action, Bot, Event, Game, Rng, SeatView, State, play_random_step, win_shares
from ..core.errors import N_, TopSecretError


class SettingError(TopSecretError, ValueError):
    """A search setting out of range or unknown (a ``ValueError`` as before), with a
    translatable message: the bot registry passes it on as an unknown bot name."""


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
#: Ways to play the other seats inside the search (see :attr:`SearchSettings.opponents`).
OPPONENT_MODELS = ("search", "heuristic")
#: Paired comparison: standard errors by which a move must beat the heuristic's.
DEFAULT_GATE = 1.0


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
    #: How the other seats are played inside the tree and the rollouts: ``search`` (each
    #: seat picks by its own statistics, max^n) or ``heuristic`` (the game's heuristic, an
    #: opponent model: the tree then branches on the searching seat's choices alone).
    opponents: str = "search"
    #: Paired comparison at the root instead of a tree: this many candidate moves (the
    #: heuristic's first) are each played out from every sampled world with the same
    #: random numbers, and another move is played only if it beats the heuristic's by
    #: ``gate`` standard errors of the paired differences (0: the tree search).
    paired: int = 0
    #: Standard errors a candidate's paired lead over the heuristic's move must exceed.
    gate: float = DEFAULT_GATE
    #: With ``paired``, a race: from this many sampled worlds on, a candidate whose mean
    #: paired lead is below zero (behind the heuristic's move) plays no more worlds, and
    #: once only the heuristic's move is left the search stops (0: every candidate plays
    #: every world).
    race: int = 0

    def __post_init__(self) -> None:
        if self.iterations is not None and self.iterations < 1:
            raise SettingError.of(N_("{name} must be at least 1"), name="iterations")
        if self.ms is not None and self.ms <= 0:
            raise SettingError.of(N_("{name} must be positive"), name="ms")
        if self.exploration < 0:
            raise SettingError.of(N_("{name} must not be negative"), name="exploration")
        if self.horizon < 0:
            raise SettingError.of(N_("{name} must not be negative"), name="horizon")
        if not 0 <= self.guided <= self.horizon:
            raise SettingError.of(N_("guided must be between 0 and the horizon"))
        if self.widen < 0:
            raise SettingError.of(N_("{name} must not be negative"), name="widen")
        if self.hint < 0:
            raise SettingError.of(N_("{name} must not be negative"), name="hint")
        if not 0 <= self.trust <= 1:
            raise SettingError.of(N_("trust must be between 0 and 1"))
        if self.opponents not in OPPONENT_MODELS:
            raise SettingError.of(
                N_("opponents must be one of {choices}"), choices=", ".join(OPPONENT_MODELS)
            )
        if self.paired < 0 or self.paired == 1:
            raise SettingError.of(N_("paired must be 0 (the tree) or at least 2 candidates"))
        if self.gate < 0:
            raise SettingError.of(N_("{name} must not be negative"), name="gate")
        if self.race < 0:
            raise SettingError.of(N_("{name} must not be negative"), name="race")

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
    #: With ``paired``: each candidate's mean reward over its trials (``visits``).
    means: dict[str, float] = field(default_factory=dict)


class Budget:
    """When a search stops: after ``iterations`` of them, or when ``ms`` have passed since it
    started (``DEFAULT_ITERATIONS`` when the settings name neither)."""

    __slots__ = ("deadline", "iterations", "start")

    def __init__(self, settings: SearchSettings) -> None:
        self.iterations = settings.iterations
        if self.iterations is None and settings.ms is None:
            self.iterations = DEFAULT_ITERATIONS
        self.start = time.perf_counter()
        ms = settings.ms
        self.deadline = self.start + ms / 1000.0 if ms is not None else None

    def spent(self, done: int, next_cost: int = 1) -> bool:
        """Whether to stop after ``done`` iterations, when the next round would cost
        ``next_cost`` more."""
        if self.iterations is not None and done + next_cost > self.iterations:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def seconds(self) -> float:
        return time.perf_counter() - self.start


class PairedLead:
    """How one candidate move fared against the anchor move (the one to beat), world by world:
    both were played out from the same sampled world with the same random numbers, so each
    lead is the moves' doing rather than luck (common random numbers)."""

    __slots__ = ("leads",)

    def __init__(self, leads: Iterable[float] = ()) -> None:
        self.leads: list[float] = list(leads)

    def add(self, lead: float) -> None:
        self.leads.append(lead)

    @property
    def count(self) -> int:
        return len(self.leads)

    @property
    def mean(self) -> float:
        return sum(self.leads) / len(self.leads) if self.leads else 0.0

    def standard_error(self) -> float:
        """The standard error of the mean lead (0 below two trials)."""
        n = len(self.leads)
        if n < 2:
            return 0.0
        mean = self.mean
        spread = sum((lead - mean) ** 2 for lead in self.leads) / (n - 1)
        return math.sqrt(spread / n)


def paired_choice(
    anchor: Action,
    leads: Mapping[Action, PairedLead],
    margin: Callable[[int], float],
    min_count: int = 1,
) -> Action:
    """The paired comparison's answer: of the candidates tried at least ``min_count`` times
    whose mean lead over ``anchor`` is above zero by more than ``margin(count)`` standard
    errors, the one with the best mean lead (the first of equals); else the anchor. Both
    searches decide so: the turn-based one's ``paired`` option and the real-time search."""
    best, best_lead = anchor, 0.0
    for action, lead in leads.items():
        if action == anchor or lead.count < min_count:
            continue
        mean = lead.mean
        if mean <= best_lead:
            continue
        if mean > margin(lead.count) * lead.standard_error():
            best, best_lead = action, mean
    return best


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


@runtime_checkable
class WorldPolicy(Protocol):
    """A game's bot that can play a seat straight from a table, without building the seat's
    observation: the game's ``rollout`` bot, which the search prefers over its ``heuristic``
    for rollouts and the opponent model. The search only hands it sampled worlds (each a
    determinization for the searching seat, holding nothing that seat has not seen), and the
    bot must read no more of a world than the seat it plays may know: each seat then plays
    from its own side of the sampled world, as the heuristic would from its observation of
    it. At a real table (``choose``, through a seat's view) such a bot first draws a
    determinization for its seat, which keeps everything the seat knows, and plays from
    that."""

    def choose_in(self, world: State, seat: int) -> Action:
        """The move of ``seat`` on ``world``."""


class HeuristicPlayers:
    """Fresh copies of the game's rollout player, one per seat, for one iteration of the search.

    A heuristic may keep notes between its decisions (a walk it has planned, say), so each
    iteration gets new ones, never told events: they play from the sampled world's
    observations alone, or straight from the sampled world when the game's bot can
    (:class:`WorldPolicy`).
    """

    __slots__ = ("_factory", "_moves", "_seeds", "direct")

    def __init__(self, factory: Callable[[int], Bot], seeds: Rng, direct: bool = False) -> None:
        self._factory = factory
        self._seeds = seeds
        self._moves: dict[int, Callable[[State, int], Action]] = {}
        #: The players read the world directly and answer any decision, a forced one too,
        #: so a rollout need not list the legal actions before asking them.
        self.direct = direct

    def choose(self, world: State, seat: int) -> Action:
        move = self._moves.get(seat)
        if move is None:
            move = self._moves[seat] = _mover(self._factory(self._seeds.next_u64()))
        return move(world, seat)


def _mover(bot: Bot) -> Callable[[State, int], Action]:
    """How a bot plays a seat of a sampled world: directly if it can, else from a view."""
    if isinstance(bot, WorldPolicy):
        return bot.choose_in

    def move(world: State, seat: int) -> Action:
        return bot.choose(SeatView(world, seat))

    return move


class Guide:
    """The game's own player, lent to the search: rollout play and an opponent model.

    That is the game's ``rollout`` bot if it has one (a fast player that reads a table
    directly, :class:`WorldPolicy`), else its ``heuristic``. A heuristic reads an observation
    for every decision, which costs far more than a random pick, so in plain rollouts it
    plays only the first ``guided`` decisions.
    """

    def __init__(self, game: Game, seed: int) -> None:
        own = game.bots()
        self._factory = own.get("rollout") or own.get("heuristic")
        self._seeds = Rng(seed)
        self._direct = self._factory is not None and isinstance(self._factory(0), WorldPolicy)

    def __bool__(self) -> bool:
        return self._factory is not None

    def players(self, seed: int | None = None) -> HeuristicPlayers | None:
        """Heuristic players for one iteration, or ``None`` if the game has no heuristic;
        ``seed`` seeds them afresh (players seeded alike play alike on alike worlds)."""
        if self._factory is None:
            return None
        seeds = self._seeds if seed is None else Rng(seed)
        return HeuristicPlayers(self._factory, seeds, self._direct)

    def rollout(self, guided: int, horizon: int) -> RolloutPolicy:
        """Heuristic play for ``guided`` decisions, then random play to the horizon."""
        if self._factory is None or guided == 0:
            return random_rollout(horizon)
        finish = random_rollout(max(0, horizon - guided))

        def rollout(world: State, rng: Rng) -> None:
            players = self.players()
            assert players is not None
            decisions = 0
            while decisions < guided and not world.is_over():
                acted = False
                for seat in world.acting_players():
                    if world.is_over() or seat not in world.acting_players():
                        continue
                    if not world.legal_actions(seat):
                        continue
                    world.apply_unchecked(seat, players.choose(world, seat), record=False)
                    decisions += 1
                    acted = True
                if not acted:
                    return
            finish(world, rng)

        return rollout


def modelled_rollout(
    world: State, rng: Rng, players: HeuristicPlayers, me: int, guided: int, horizon: int
) -> None:
    """Rollout under the opponent model: the other seats play the heuristic throughout, the
    searching seat ``me`` for its first ``guided`` decisions and at random after them.

    Players that read the world directly are asked without listing the legal actions first
    (most of a rollout's cost otherwise); each of their decisions counts toward ``guided``."""
    decisions = 0
    mine = 0
    direct = players.direct
    while decisions < horizon and not world.is_over():
        acted = False
        for seat in world.acting_players():
            if world.is_over() or seat not in world.acting_players():
                continue
            if direct and (seat != me or mine < guided):
                mine += seat == me
                world.apply_unchecked(seat, players.choose(world, seat), record=False)
                decisions += 1
                acted = True
                continue
            actions = world.legal_actions(seat)
            if not actions:
                continue
            if len(actions) == 1:
                action = actions[0]
            elif seat != me:
                action = players.choose(world, seat)
            elif mine < guided:
                action = players.choose(world, seat)
                mine += 1
            else:
                action = rng.choice(actions)
            world.apply_unchecked(seat, action, record=False)
            decisions += 1
            acted = True
        if not acted:
            return


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
        self._guide = guide if guide else None
        if settings.opponents == "heuristic" and self._guide is None:
            raise SettingError.of(N_("opponents=heuristic needs a game with a heuristic bot"))
        self.report = SearchReport()

    def best_action(
        self, view: SeatView, rng: Rng, hint: Action | None = None, now: float | None = None
    ) -> Action:
        """The seat's move. ``hint``, a move worth trying first (the game's heuristic move,
        say), is let in first at the root, gets the progressive-bias bonus there and the
        ``trust`` head start at the answer. ``now`` is the table's clock in a real-time game
        (read by the real-time search, :mod:`topsecret.bots.realtime`)."""
        legal = self._choices(view)
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        if hint is not None and hint in legal and self.settings.hint > 0:
            root.choices[view.seat] = _Choice(hint)
        evaluate = _Evaluator()
        budget = Budget(self.settings)
        if self.settings.paired:
            return self._paired(view, legal, hint, rng, budget)
        done = 0
        while True:
            self._iterate(view, root, rng, evaluate)
            done += 1
            if budget.spent(done):
                break
        mine = root.choices.get(view.seat)
        arms = mine.arms if mine is not None else {}
        credit = self.settings.trust * max(done, TRUST_FLOOR)
        head_start = {mine.hint: credit} if mine and mine.hint else {}
        choice = max(legal, key=lambda a: _final_key(arms.get(a), head_start.get(a, 0.0)))
        self.report = SearchReport(
            done,
            budget.seconds(),
            {repr(a): arms[a].visits for a in legal if a in arms and arms[a].visits},
        )
        return choice

    def _choices(self, view: SeatView) -> list[Action]:
        """The seat's legal actions; when there is only one, no search is needed and the
        report says so."""
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make")
        if len(legal) == 1:
            self.report = SearchReport(0, 0.0, {})
        return legal

    def _paired(
        self,
        view: SeatView,
        legal: Sequence[Action],
        hint: Action | None,
        rng: Rng,
        budget: Budget,
    ) -> Action:
        """Paired comparison at the root (``paired``): every sampled world plays each
        candidate out with the same random numbers (the same players' seeds, the world's
        own chance), so the differences between candidates are the moves' doing rather than
        luck; a move replaces the heuristic's only when its mean paired lead exceeds
        ``gate`` standard errors (:func:`paired_choice`). An iteration is one rollout."""
        settings = self.settings
        me = view.seat
        anchor = hint if hint in legal else None
        candidates = _candidates(legal, anchor, settings.paired, rng)
        rewards: dict[Action, list[float]] = {action: [] for action in candidates}
        evaluate = _Evaluator()
        active = list(candidates)
        done = 0
        while True:
            world = self._sample(view, rng)
            seed = rng.next_u64()
            for action in active:
                trial = world.clone()
                trial.apply_unchecked(me, action, record=False)
                self._play_out(trial, Rng(seed), me)
                rewards[action].append(evaluate(trial)[me])
            done += len(active)
            if settings.race and anchor is not None and len(rewards[anchor]) >= settings.race:
                # A move behind the heuristic's so far is unlikely to pass the gate later:
                # the worlds go to the moves still level or ahead, and a settled answer ends
                # early.
                active = [a for a in active if a == anchor or _lead(rewards, a, anchor) >= 0]
                if len(active) == 1:
                    break
            if budget.spent(done, len(active)):
                break
        if anchor is None:
            choice = max(rewards, key=lambda a: sum(rewards[a]) / len(rewards[a]))
        else:
            leads = {
                action: PairedLead(_leads(rewards, action, anchor))
                for action in rewards
                if action != anchor
            }
            gate = settings.gate
            # One trial has no spread: it may decide only when no margin is asked for.
            choice = paired_choice(anchor, leads, lambda _: gate, 1 if gate == 0 else 2)
        self.report = SearchReport(
            done,
            budget.seconds(),
            {repr(a): len(r) for a, r in rewards.items()},
            {repr(a): sum(r) / len(r) for a, r in rewards.items()},
        )
        return choice

    def _sample(self, view: SeatView, rng: Rng) -> State:
        """A world for one iteration: a determinization where the seats that committed
        before this one in an open step choose again."""
        world = view.determinize(rng)
        step = world.open_step()
        if step is not None:
            # Seats that committed before this one choose again in the tree, beside it, as
            # they would had it been asked first: their hidden choice is a decision, not chance.
            for seat in step.seats:
                if seat != view.seat and step.has_chosen(seat):
                    step.withdraw(seat)
        return world

    def _play_out(self, world: State, rng: Rng, me: int) -> None:
        """The rollout of one paired trial: the opponent model's players, seeded from
        ``rng``, or the search's rollout policy."""
        settings = self.settings
        if self._guide is not None and settings.opponents != "search":
            players = self._guide.players(rng.next_u64())
            assert players is not None
            modelled_rollout(world, rng, players, me, settings.guided, settings.horizon)
        else:
            self._rollout(world, rng)

    def _iterate(self, view: SeatView, root: _Node, rng: Rng, evaluate: _Evaluator) -> None:
        world = self._sample(view, rng)
        node = root
        path: list[tuple[_Node, tuple[tuple[int, Action], ...]]] = []
        settings = self.settings
        me = view.seat
        # Under the opponent model the other seats play heuristics kept for this iteration.
        model = self._guide.players() if self._guide and settings.opponents != "search" else None
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
                if model is not None and seat != me:
                    action = actions[0] if len(actions) == 1 else model.choose(world, seat)
                else:
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
        if model is not None:
            modelled_rollout(world, rng, model, me, settings.guided, settings.horizon)
        else:
            self._rollout(world, rng)
        rewards = evaluate(world)
        for visited, key in path:
            for seat, action in key:
                choice = visited.choices.get(seat)
                if choice is None:
                    continue  # a modelled seat: its move is part of the world, not a choice
                arm = choice.arms[action]
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


def _leads(rewards: Mapping[Action, list[float]], action: Action, anchor: Action) -> list[float]:
    """``action``'s paired leads over ``anchor``, one per world it was played in (the first
    worlds: a race drops a candidate for the rest, never the anchor)."""
    values = rewards[action]
    return [v - b for v, b in zip(values, rewards[anchor][: len(values)], strict=True)]


def _lead(rewards: Mapping[Action, list[float]], action: Action, anchor: Action) -> float:
    """``action``'s mean paired lead over ``anchor`` so far."""
    leads = _leads(rewards, action, anchor)
    return sum(leads) / len(leads) if leads else 0.0


def _candidates(
    legal: Sequence[Action], anchor: Action | None, count: int, rng: Rng
) -> list[Action]:
    """Up to ``count`` moves to compare, ``anchor`` (the heuristic's move) first, then one
    of each kind of action in turn (a payoff, a move, a pass...), drawn from the seeded
    generator, so a kind with a hundred members does not crowd out the others."""
    picked = [anchor] if anchor is not None else []
    kinds: dict[type, list[Action]] = {}
    for action in legal:
        if action != anchor:
            kinds.setdefault(type(action), []).append(action)
    groups = list(kinds.values())
    rng.shuffle(groups)
    for group in groups:
        rng.shuffle(group)
    while len(picked) < count and any(groups):
        for group in groups:
            if group and len(picked) < count:
                picked.append(group.pop())
    return picked


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

    def _decide(self, view: SeatView, planned: Action | None, now: float | None = None) -> Action:
        """Search the seat's move; ``planned``, the move the timing bot wants to make now,
        is the hint in real time, else the shadow heuristic names one."""
        if self.search is None:
            # The game is known only now: the guide and the shadow need its heuristic.
            guide = Guide(view.game, self._rng.next_u64())
            if view.game.play_style == "realtime":
                from .realtime import realtime_search  # it builds on this module

                self.search = realtime_search(self.settings, self._rollout, guide, view)
            else:
                self.search = IsmctsSearch(self.settings, self._rollout, guide)
            factory = view.game.bots().get("heuristic")
            if factory is not None and (self.settings.hint > 0 or self.settings.trust > 0):
                self._shadow = factory(self._rng.next_u64())
        hint = planned
        if hint is None and self._shadow is not None and len(view.legal_actions()) > 1:
            # The shadow sits at the real table and hears its events, so its move is the
            # one the game's heuristic would play here.
            hint = self._shadow.choose(view)
        return self.search.best_action(view, self._rng, hint, now)

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
        return self._decide(view, planned, now)


def parse_settings(options: Mapping[str, str]) -> SearchSettings:
    """Search settings from a bot name's options (``iterations=400``, ``ms=100``, ``c=0.5``,
    ``horizon=100``, ``guided=10``, ``widen=2``, ``hint=1``, ``trust=0.2``,
    ``opponents=heuristic``, ``paired=4``, ``gate=1``, ``race=2``); raises
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
        "opponents": ("opponents", str),
        "paired": ("paired", int),
        "gate": ("gate", float),
        "race": ("race", int),
    }
    values: dict[str, Any] = {}
    for key, text in options.items():
        if key not in known:
            raise SettingError.of(
                N_("ismcts has no option {key}; it takes {known}"),
                key=repr(key),
                known=", ".join(sorted(known)),
            )
        field_name, convert = known[key]
        try:
            values[field_name] = convert(text)
        except ValueError:
            raise SettingError.of(
                N_("ismcts option {key}={text} is not a number"), key=key, text=repr(text)
            ) from None
    return SearchSettings(**values)


__all__ = [
    "Budget",
    "Guide",
    "HeuristicPlayers",
    "IsmctsBot",
    "IsmctsSearch",
    "PairedLead",
    "SearchReport",
    "SearchSettings",
    "SettingError",
    "WorldPolicy",
    "paired_choice",
    "parse_settings",
    "random_rollout",
]
