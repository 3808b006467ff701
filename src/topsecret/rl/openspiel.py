"""Every Top Secret game as an OpenSpiel Python game.

Importing this module registers one game per id, named ``topsecret_<id>``::

    import pyspiel
    import topsecret.rl.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("topsecret_vault", {"players": 3, "single_deal": True, "seed": 7})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

How the engine contract maps onto OpenSpiel (``pyspiel.GameType`` of every game):

Dynamics: SEQUENTIAL.
    A commit-then-reveal step is presented turn by turn: the waiting seats commit one at a
    time, in seat order, and the step resolves when the last one commits. A commitment is
    hidden, so it never reaches another seat's information state (the engine's
    ``observation(seat)`` shows others only "has chosen"). Outside steps, when several seats
    owe a decision at once (SpyWorld's explorations), the adapter plays rounds exactly like
    :func:`topsecret.arena.match.play_match`: the seats acting at the start of a round are
    asked in order, each once, skipping any whose decision has lapsed.

Real time (wink): rounds of the virtual clock.
    Round ``k`` starts by telling the game the time ``k * tick_ms`` (parameter ``tick_ms``,
    default 250, as in ``play_match``), so signals fade and turn timers run; then every seat
    that may act is asked once, the first seat rotating with ``k`` so no seat always wins a
    race. A seat may let the round pass: its legal ids end with one more, ``codec.size``,
    "wait" (as in the PettingZoo and Gymnasium adapters), so ``num_distinct_actions`` is the
    codec size plus one and each round is one decision per seat. ``tick_ms=0`` stops the
    clock, which is what the engine's own random playouts and search rollouts do; with the
    clock stopped waiting would change nothing, so no "wait" is offered.

Chance: SAMPLED_STOCHASTIC.
    The engine draws chance inside ``apply`` from the state's own seeded generator; there are
    no chance nodes and no list of outcomes with probabilities. Algorithms that walk or weigh
    the whole tree (exact CFR, best response, exploitability) therefore cannot work on these
    games; sampling algorithms (IS-MCTS, outcome-sampling MCCFR, evaluation by playing) do.
    The game parameter ``seed`` seeds the game's own generator of deals, as OpenSpiel's
    sampled games do: each ``new_initial_state()`` is a new deal drawn from it, so
    outcome-sampling MCCFR, ``rl_environment`` and evaluation loops meet many deals, and
    the same ``seed`` gives the same sequence of deals in every run.
    :meth:`TopSecretGame.new_initial_state_from_seed` deals one table from a seed of your own.

Observation tensor: the game's tensor of ``observation(seat)``, laid out as
``game.tensor_layout(players)`` says (``observation_tensor_shape()`` is its size; the
observer's ``dict`` holds one view per named slice, as OpenSpiel's own observers do). It is
written straight from the state by the game's fast encoder
(:func:`topsecret.core.tensors.state_encoder`), which the tests hold equal, float for float,
to the tensor of the observation dict, so it holds exactly what the seat may know; a game
that ships no encoder takes that reference path. There is no information state tensor:
a tensor of everything a seat saw happen would need a fixed bound on that history.

Information state string: ``{"history": ..., "observation": ...}`` as canonical JSON (orjson,
sorted keys).
    ``observation`` is ``observation(seat)``, exactly what the engine lets the seat know now.
    Observations need not remember how the table got here (Vault's shows only the last
    trick in full), so ``history`` is a 128-bit BLAKE2b chain over everything the
    seat saw happen: each event whose audience includes the seat, and the seat's own action
    ids. Distinct histories the seat can tell apart thus get distinct
    strings (up to hash collisions), and nothing outside the seat's audience is mixed in.
    ``observation_string`` is the observation alone.

Returns: the share of the win, terminal only, GENERAL_SUM.
    At the end each seat gets ``1/k`` if it is one of ``k`` seats with the best score, else 0,
    the same objective our own IS-MCTS maximises (so the terminal returns add up to 1);
    before the end every return is 0. Raw scores: :meth:`TopSecretState.scores`.

Game parameters: ``players`` (default as the CLI: 4, clamped to the game's range), ``seed``
(default 0), every game option by its own name with its own default, ``rules`` (the rules
version: only the current one, as for every new table; earlier versions only replay), and
for real-time games ``tick_ms``.

Actions: the ids of ``game.codec(players)``; ``num_distinct_actions`` is the codec size (one
more in a real-time game on a running clock: ``codec.size`` is "wait").

Resampling: :meth:`TopSecretState.resample_from_infostate` draws an integer seed from the
probability sampler and wraps ``determinize(seat, Rng(seed))``: a full world consistent with
the seat's observation. The seat's own history digest is kept; the other seats' digests become
a value derived from it, because their true histories are exactly what the seat does not
know. The resampled state's ``history()`` starts empty.

``max_game_length``: the game's own bound, measured by random play (:meth:`Game.max_decisions`),
scaled up in real time for a ``tick_ms`` under 250 as the PettingZoo and Gymnasium adapters
scale ``max_steps`` (:func:`topsecret.rl.episodes.default_max_steps`). The rules do not bound
every game (seats that always wait in wink), so the bound is also enforced: a game that
reaches it ends there, terminal, with every return 0, as a truncated PettingZoo episode.
:meth:`TopSecretState.truncated` tells such an end from a finished game.

Cloning: OpenSpiel clones a Python state by deep-copying its attributes; the adapter keeps
the whole table in one holder whose ``__deepcopy__`` uses the engine's fast ``clone()``, and a
fresh adapter state builds its table only when first used, so a clone never pays for a setup.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import orjson
import pyspiel

from ..core import (
    TICK_SECONDS,
    ActionCodec,
    ActionFormatError,
    Event,
    Game,
    IllegalAction,
    InvalidOptions,
    Rng,
    State,
    TensorLayout,
    tick_order,
    win_shares,
)
from ..core.errors import N_
from ..core.rules_versions import RULES
from ..core.tensors import StateEncoder, state_encoder
from ..games import all_games
from .episodes import default_max_steps

#: Prefix of every registered game's short name.
PREFIX = "topsecret_"
#: Virtual milliseconds per round of a real-time game: the clock's tick, in the integer
#: milliseconds OpenSpiel's game parameters take.
DEFAULT_TICK_MS = round(TICK_SECONDS * 1000)

_JSON = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS
_DIGEST = 16


def short_name(game: Game) -> str:
    return f"{PREFIX}{game.id}"


def _realtime(game: Game) -> bool:
    return game.play_style == "realtime"


def game_type(game: Game) -> Any:
    """The ``pyspiel.GameType`` of one of our games."""
    spec: dict[str, Any] = {"players": game.default_players(), "seed": 0}
    for option in game.option_specs:
        spec[option.name] = option.default
    # The rules version, as every table records it: a new game takes only the current one.
    spec[RULES] = game.rules_history.current
    if _realtime(game):
        spec["tick_ms"] = DEFAULT_TICK_MS
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Top Secret: {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


class _Context:
    """What every state of one loaded game shares; never copied."""

    __slots__ = (
        "_encoder",
        "_layout",
        "codec",
        "game",
        "max_decisions",
        "options",
        "players",
        "seed",
        "tick_seconds",
        "wait",
    )

    def __init__(
        self,
        game: Game,
        players: int,
        options: dict[str, Any],
        seed: int,
        tick_seconds: float,
        max_decisions: int,
    ) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        self.tick_seconds = tick_seconds
        #: Decisions after which a game ends, truncated (``max_game_length``).
        self.max_decisions = max_decisions
        self.codec: ActionCodec = game.codec(players)
        #: The "wait" id of a real-time game on a running clock; ``None`` otherwise.
        self.wait: int | None = self.codec.size if _realtime(game) and tick_seconds > 0 else None
        self._layout: TensorLayout | None = None
        self._encoder: StateEncoder | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self

    def layout(self) -> TensorLayout:
        """The observation tensor's layout (worked out when first asked for)."""
        if self._layout is None:
            layout = self.game.tensor_layout(self.players)
            if layout is None:
                raise InvalidOptions(f"{self.game.id} has no observation tensor yet")
            self._layout = layout
            self._encoder = state_encoder(self.game, self.players)
        return self._layout

    def write_tensor(self, state: State, seat: int, out: Any) -> None:
        """The seat's observation tensor into ``out``, an all-zero ``array('f')``."""
        layout = self.layout()
        if self._encoder is not None:
            self._encoder.write(state, seat, out)
            return
        values = self.game.observation_tensor(state.observation(seat), self.players)
        if len(values) != layout.size:
            raise ValueError(
                f"{self.game.id}: observation tensor has {len(values)} values, "
                f"its layout says {layout.size}"
            )
        out[:] = array("f", values)


class _Table:
    """The engine state and the adapter's bookkeeping: whose turn in the round, the clock
    round, each seat's history digest, and caches dropped on every change.

    Events are recorded as they happen and folded into the digests only when a digest is
    read: random rollouts never read one, and hashing on every move would slow them down.
    """

    __slots__ = (
        "_digests",
        "_unfolded",
        "decisions",
        "info",
        "legal",
        "listener",
        "queue",
        "state",
        "tick",
    )

    def __init__(
        self,
        state: State,
        queue: tuple[int, ...],
        tick: int,
        digests: list[bytes],
        decisions: int = 0,
    ) -> None:
        self.state = state
        self.queue = queue
        self.tick = tick
        self._digests = digests
        #: Decisions taken so far ("wait" included): the game ends at ``max_game_length``.
        self.decisions = decisions
        #: (acting seat or None, its action id, events) not yet folded into the digests.
        self._unfolded: list[tuple[int | None, int, Sequence[Event]]] = []
        self.legal: list[int] | None = None
        self.info: dict[int, str] = {}
        #: Told every event of this table (never of its copies): see ``TopSecretState.listen``.
        self.listener: Callable[[Sequence[Event]], None] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        copy = _Table(
            self.state.clone(), self.queue, self.tick, list(self._digests), self.decisions
        )
        # Events are immutable: sharing them between copies is safe.
        copy._unfolded = list(self._unfolded)
        copy.legal = self.legal
        copy.info = dict(self.info)
        return copy

    def record(
        self, events: Sequence[Event], actor: int | None = None, action_id: int = -1
    ) -> None:
        if events or actor is not None:
            self._unfolded.append((actor, action_id, events))
        if events and self.listener is not None:
            self.listener(events)

    def digests(self) -> list[bytes]:
        """Each seat's digest of what it saw happen (its events and its own action ids)."""
        for actor, action_id, events in self._unfolded:
            for seat in range(len(self._digests)):
                seen = [event.to_json() for event in events if event.visible_to(seat)]
                own = seat == actor
                if not seen and not own:
                    continue
                payload = orjson.dumps(
                    {"action": action_id if own else None, "events": seen}, option=_JSON
                )
                self._digests[seat] = hashlib.blake2b(
                    self._digests[seat] + payload, digest_size=_DIGEST
                ).digest()
        self._unfolded.clear()
        return self._digests


def _settle(table: _Table, context: _Context) -> None:
    """Make ``queue[0]`` the seat that decides next, starting new rounds as needed."""
    state = table.state
    players = context.players
    realtime = _realtime(context.game)
    while not state.is_over():
        acting = state.acting_players()
        remaining = tuple(seat for seat in table.queue if seat in acting)
        if remaining:
            table.queue = remaining
            return
        if realtime:
            events = state.advance_time(table.tick * context.tick_seconds)
            table.record(events)
            if state.is_over():
                break
            table.queue = tick_order(state.acting_players(), table.tick, players)
            table.tick += 1
        else:
            table.queue = acting
        if not table.queue:
            raise RuntimeError(f"{context.game.id}: nobody can act but the game is not over")
    table.queue = ()


class TopSecretGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games, loaded with parameters (players, seed, options).

    Each game id has its own subclass naming the engine game (``engine_game``); OpenSpiel
    registers that class itself as the factory.
    """

    engine_game: ClassVar[Game]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        engine = game = self.engine_game
        params = dict(params or {})
        players = int(params.pop("players", game.default_players()))
        seed = int(params.pop("seed", 0))
        tick_ms = int(params.pop("tick_ms", DEFAULT_TICK_MS)) if _realtime(game) else 0
        if tick_ms < 0:
            raise InvalidOptions(f"tick_ms must not be negative, not {tick_ms}")
        game.check_players(players)
        options = game.new_table_options(params)
        # The game a table with these options plays (a house map has its own action ids).
        game = game.new_state(players, options, 0).game
        codec = game.codec(players)
        waits = _realtime(game) and tick_ms > 0
        bound = default_max_steps(game, players, options, tick_ms / 1000.0)
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.size + (1 if waits else 0),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=bound,
        )
        given = {"players": players, "seed": seed, **options}
        if _realtime(game):
            given["tick_ms"] = tick_ms
        super().__init__(game_type(engine), info, given)
        self.context = _Context(game, players, options, seed, tick_ms / 1000.0, bound)
        #: Draws the seed of each new deal: the ``seed`` parameter starts the sequence.
        self._deals = Rng(seed)

    @property
    def topsecret_game(self) -> Game:
        return self.context.game

    def new_initial_state(self) -> TopSecretState:
        """A new deal, the next of the sequence the ``seed`` parameter starts."""
        return TopSecretState(self, seed=self._deals.next_u64() >> 1)

    def new_initial_state_from_seed(self, seed: int) -> TopSecretState:
        """A table dealt with another seed, same players and options."""
        context = self.context
        return TopSecretState(self, _new_table(context, seed), seed)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        """The observation (tensor and string) or, with perfect recall, the information
        state (string only), both of one seat: public information and that seat's private
        information. Other kinds (public information only, or every seat's private
        information) are refused, rather than answered with what one seat knows."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            asked = (
                f"public_info={iig_obs_type.public_info}, "
                f"private_info={iig_obs_type.private_info.name}"
            )
            raise ValueError(
                "only a seat's own view is available (public information and the seat's "
                f"private information: public_info=True, private_info=SINGLE_PLAYER), not {asked}"
            )
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(perfect_recall, None if perfect_recall else self.context)


def _new_table(context: _Context, seed: int) -> _Table:
    state = context.game.new_state(context.players, context.options, seed)
    history = [
        hashlib.blake2b(bytes([seat]), digest_size=_DIGEST).digest()
        for seat in range(context.players)
    ]
    table = _Table(state, (), 0, history)
    _settle(table, context)
    return table


class TopSecretState(pyspiel.State):  # type: ignore[misc]
    """A table of one of our games, seen through OpenSpiel's state interface."""

    def __init__(
        self, game: TopSecretGame, table: _Table | None = None, seed: int | None = None
    ) -> None:
        super().__init__(game)
        self._context = game.context
        self._table_or_none = table
        #: The deal's seed, for a table built when first used (``None`` for a resampled
        #: world, which no seed deals).
        self._seed = seed

    @property
    def _table(self) -> _Table:
        table = self._table_or_none
        if table is None:
            seed = self._context.seed if self._seed is None else self._seed
            table = self._table_or_none = _new_table(self._context, seed)
        return table

    def deal_seed(self) -> int | None:
        """The seed this table was dealt with: ``game.new_initial_state_from_seed(seed)`` and
        the state's ``history()`` replay it exactly. ``None`` for a world drawn by
        :meth:`resample_from_infostate`."""
        return self._seed

    def truncated(self) -> bool:
        """Whether the game was cut at ``max_game_length`` decisions before it finished."""
        table = self._table
        return table.decisions >= self._context.max_decisions and not table.state.is_over()

    def _over(self) -> bool:
        table = self._table
        return table.state.is_over() or table.decisions >= self._context.max_decisions

    @property
    def topsecret_state(self) -> State:
        """The engine's state (read it; change it only through ``apply_action``)."""
        return self._table.state

    def scores(self) -> list[float]:
        """The game's own scores (points, or 1/0 for a win), final once terminal."""
        return self._table.state.scores()

    def virtual_time(self) -> float:
        """Seconds on the virtual clock of the round being played (0 in turn-based games),
        the ``now`` a real-time bot of our own is asked to act at."""
        table = self._table
        return max(table.tick - 1, 0) * self._context.tick_seconds

    def listen(self, listener: Callable[[Sequence[Event]], None] | None) -> None:
        """Tell ``listener`` every event this table lives through from now on: actions and
        the clock's. A driver that seats bots of our own beside OpenSpiel's passes each its
        seat's share (``Event.visible_to``). Clones and resampled worlds are not heard."""
        self._table.listener = listener

    # -- OpenSpiel's state interface ------------------------------------------------------

    def current_player(self) -> int:
        if self._over():
            return int(pyspiel.PlayerId.TERMINAL)
        return self._table.queue[0]

    def _legal_actions(self, player: int) -> list[int]:
        table = self._table
        if table.legal is None:
            to_id = self._context.codec.to_id
            table.legal = sorted(to_id(a) for a in table.state.legal_actions(table.queue[0]))
            if self._context.wait is not None:
                table.legal.append(self._context.wait)
        return list(table.legal)

    def _apply_action(self, action: int) -> None:
        table = self._table
        context = self._context
        if self.truncated():
            raise IllegalAction(
                f"the game was cut at max_game_length, {context.max_decisions} decisions",
                "max_game_length",
            )
        seat = table.queue[0]
        legal = table.legal
        events: Sequence[Event]
        if context.wait is not None and not 0 <= action <= context.wait:
            # The codec would name its own range, which leaves out "wait".
            raise ActionFormatError.of(
                N_("action id {id} is outside 0..{last}"), id=action, last=context.wait
            )
        if action == context.wait:
            events = ()
        elif legal is None or action not in legal:
            # The engine's own check names the rule an illegal action breaks.
            events = table.state.apply(seat, context.codec.from_id(action))
        else:
            events = table.state.apply_unchecked(seat, context.codec.from_id(action))
        table.legal = None
        table.info = {}
        # The seat has had its say this round, even if it may still act.
        table.queue = table.queue[1:]
        table.decisions += 1
        table.record(events, seat, action)
        _settle(table, context)

    def _action_to_string(self, player: int, action: int) -> str:
        context = self._context
        if action == context.wait:
            return "wait"
        return context.game.describe_action(context.codec.from_id(action))

    def is_terminal(self) -> bool:
        return self._over()

    def returns(self) -> list[float]:
        state = self._table.state
        if not state.is_over():
            # Before the end, and after a cut at ``max_game_length``: nobody has won.
            return [0.0] * self._context.players
        return win_shares(state.scores())

    def information_state_string(self, player: int | None = None) -> str:
        table = self._table
        seat = self.current_player() if player is None else int(player)
        self._check_seat(seat)
        text = table.info.get(seat)
        if text is None:
            data = {
                "history": table.digests()[seat].hex(),
                "observation": table.state.observation(seat),
            }
            text = table.info[seat] = orjson.dumps(data, option=_JSON).decode()
        return text

    def observation_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else int(player)
        self._check_seat(seat)
        return orjson.dumps(self._table.state.observation(seat), option=_JSON).decode()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TopSecretState:
        """A state ``player_id`` cannot tell from this one, hidden parts drawn again."""
        table = self._table
        seat = int(player_id)
        self._check_seat(seat)
        seed = int(probability_sampler() * (1 << 53))
        world = table.state.determinize(seat, Rng(seed))
        mine = table.digests()[seat]
        history = [
            mine
            if other == seat
            else hashlib.blake2b(mine + bytes([other]), digest_size=_DIGEST).digest()
            for other in range(self._context.players)
        ]
        return TopSecretState(
            self.get_game(), _Table(world, table.queue, table.tick, history, table.decisions)
        )

    def __str__(self) -> str:
        return orjson.dumps(self._table.state.snapshot(), option=_JSON).decode()

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self._context.players:
            raise IllegalAction(f"there is no seat {seat} at this table", "seats")


class _Observer:
    """OpenSpiel's observer protocol. The observation has a tensor, ``tensor``, with a view
    per named slice in ``dict``; the information state (``perfect_recall``) has strings
    only (``tensor`` is ``None``)."""

    def __init__(self, perfect_recall: bool, context: _Context | None) -> None:
        self.perfect_recall = perfect_recall
        self.dict: dict[str, Any] = {}
        self._context = context
        self._buffer: Any = None
        self.tensor: Any = None
        if context is not None:
            layout = context.layout()
            self._zeros = array("f", bytes(4 * layout.size))
            self._buffer = self._zeros[:]
            # A view on the buffer the encoder writes: OpenSpiel reads ``tensor`` after
            # ``set_from``, and the slices in ``dict`` follow it.
            self.tensor = np.frombuffer(self._buffer, dtype=np.float32)
            offset = 0
            for part in layout.slices:
                self.dict[part.name] = self.tensor[offset : offset + part.size]
                offset += part.size

    def set_from(self, state: TopSecretState, player: int) -> None:
        """The tensor of ``player``'s observation of ``state`` (nothing with perfect
        recall, which has no tensor)."""
        context = self._context
        if context is None:
            return
        seat = int(player)
        state._check_seat(seat)
        buffer = self._buffer
        buffer[:] = self._zeros
        context.write_tensor(state.topsecret_state, seat, buffer)

    def string_from(self, state: TopSecretState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def _register(game: Game) -> None:
    if short_name(game) in pyspiel.registered_names():
        return
    # A class, not a closure: OpenSpiel's registry outlives the interpreter, and releasing
    # the last reference to a closure at process exit, without the GIL, aborts Python.
    name = "TopSecret" + game.id.title().replace("_", "") + "Game"
    namespace = {
        "engine_game": game,
        "__module__": __name__,
        "__doc__": f"``{short_name(game)}``: {game.id} as an OpenSpiel game (see TopSecretGame).",
    }
    factory = type(name, (TopSecretGame,), namespace)
    globals()[name] = factory
    pyspiel.register_game(game_type(game), factory)


for _game in all_games():
    _register(_game)

__all__ = [
    "DEFAULT_TICK_MS",
    "PREFIX",
    "TopSecretGame",
    "TopSecretState",
    "game_type",
    "short_name",
]
