"""Every Top Secret game as a single-agent Gymnasium environment against bots.

The learner plays one seat; the other seats are bots from the registry
(:func:`topsecret.bots.registry.make_bot`)::

    from topsecret.rl.gymnasium import env as make_env

    env = make_env("vault", players=3, opponents="random", single_deal=True)
    observation, info = env.reset(seed=7)
    terminated = truncated = False
    while not (terminated or truncated):
        action = int(info["action_mask"].nonzero()[0][0])
        observation, reward, terminated, truncated, info = env.step(action)
    print(reward)

Spaces:
    ``observation_space`` is ``Box(-inf, inf, (n,), float32)``, the game's observation tensor
    (``game.tensor_layout(players)``) for the learner's seat. The layout names its slices but
    does not state their ranges, so the box is unbounded rather than wrongly bounded. It is
    written straight from the state by the game's fast encoder, held equal by the tests to
    the tensor of ``observation(seat)``.
    ``action_space`` is ``Discrete(codec.size)``, the ids of ``game.codec(players)``; a
    real-time game (wink) has one more id, ``codec.size``, meaning "wait" (do nothing this
    tick). ``action_masks()`` (the convention of sb3-contrib's MaskablePPO) and
    ``info["action_mask"]`` give the legal ids now (int8, 1 = legal).

Turns: exactly as :func:`topsecret.arena.match.play_match` and the OpenSpiel adapter. The
seats acting at the start of a round are asked in order, each once, skipping any whose
decision has lapsed; a commit-then-reveal step is asked seat by seat, and a bot never sees
another seat's hidden commitment (each decides from its own :class:`SeatView`). ``step``
returns when the learner owes a decision again or the game ends.

Real time (wink): a virtual clock. Round ``k`` tells the game the time ``k * tick_seconds``
(default 0.25 s, as in ``play_match``; positive; a turn-based game refuses a
``tick_seconds``, as OpenSpiel's adapter refuses ``tick_ms``), then asks every seat that may
act, the first seat rotating with ``k`` so no seat always wins a race. Bots answer
:meth:`Bot.act_at` (``None`` waits); the learner answers with an id, the wait id included.

Rewards: terminal only, the learner's share of the win: ``1/k`` if it is one of ``k`` seats
with the best score, else 0 (as the OpenSpiel adapter's returns). Raw scores are in
``info["scores"]`` at the end.

Illegal actions (``illegal=``):
    ``"substitute"`` (default): an id that is not legal now is replaced by the state's
    ``default_action`` for the seat (in wink, by "wait"), ``illegal_penalty`` (default 0.1) is
    subtracted from that step's reward and ``info["illegal_action"]`` is ``True``. Random
    exploration and environment checkers, which sample without the mask, keep working.
    ``"raise"``: the engine's :class:`IllegalAction`, which names the rule.

Truncation: after ``max_steps`` learner decisions (default :func:`default_max_steps`, from the
game's own measured bound, :meth:`Game.max_decisions`).

Seeding: ``reset(seed=s)`` seeds the environment's generator; every reset draws the game's
seed and the bots' seeds from it, so the same seed gives the same game and the same bots,
and later resets without a seed give new games.

This module also holds what the PettingZoo adapter shares with it (game lookup, tensors,
masks, rounds of the clock), so both behave alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat, cast

import gymnasium
import numpy as np
import numpy.typing as npt
import orjson
from gymnasium import spaces

from ..bots.registry import make_bot
from ..core import (
    TICK_SECONDS,
    Action,
    ActionCodec,
    Bot,
    Event,
    Game,
    InvalidOptions,
    SeatView,
    State,
    TensorLayout,
    tick_order,
    visible_events,
    win_shares,
)
from ..core.tensors import StateEncoder, state_encoder
from ..games import get_game
from .episodes import default_max_steps

#: Virtual seconds per round of a real-time game, as in ``play_match`` and OpenSpiel's
#: ``tick_ms=250``.
DEFAULT_TICK_SECONDS = TICK_SECONDS

Tensor = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

_SEED_BOUND = 1 << 62

# Dtype objects made once and passed by position: NumPy parses a keyword ``dtype=np.int8``
# on every call, which costs about as much as the array itself (a mask or tensor each step).
_FLOAT32 = np.dtype(np.float32)
_INT8 = np.dtype(np.int8)


def is_realtime(game: Game) -> bool:
    return game.play_style == "realtime"


def resolve_game(game: str | Game) -> Game:
    if isinstance(game, str):
        return get_game(game)
    if not isinstance(game, Game):
        raise TypeError(f"game must be a game id or a Game, not {type(game).__name__}")
    return game


def checked_tick(game: Game, tick_seconds: float | None) -> float:
    """The tick a table uses: ``tick_seconds`` for a real-time game (default
    :data:`DEFAULT_TICK_SECONDS`), refused unless positive since the clock moves one tick a
    round; a turn-based game has no clock, so a tick given for one is refused as OpenSpiel's
    adapter refuses ``tick_ms``, rather than silently ignored."""
    if not is_realtime(game):
        if tick_seconds is not None:
            raise InvalidOptions(
                f"{game.id} is turn-based: tick_seconds applies to real-time games only"
            )
        return DEFAULT_TICK_SECONDS
    if tick_seconds is None:
        return DEFAULT_TICK_SECONDS
    number = isinstance(tick_seconds, int | float) and not isinstance(tick_seconds, bool)
    if not number or not tick_seconds > 0:
        raise InvalidOptions(
            f"tick_seconds must be a positive number of seconds (the clock moves one tick a"
            f" round), not {tick_seconds!r}"
        )
    return float(tick_seconds)


def checked_max_steps(max_steps: int | None) -> None:
    """Refuse a ``max_steps`` that would truncate a game before its first step."""
    if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
        raise InvalidOptions(f"max_steps must be a whole number of at least 1, not {max_steps!r}")


def game_in_play(game: Game, players: int, options: Mapping[str, Any]) -> Game:
    """The game a table set up with these (resolved) options plays, as its state answers
    ``state.game``: a game whose options choose its components (the briefcase game on a house
    map, ``map=FILE``) answers another game object, whose action codec, tensor layout and
    fast encoder follow them. The adapters build their spaces from it."""
    return game.new_state(players, options, 0).game


def require_layout(game: Game, players: int) -> TensorLayout:
    """The game's tensor layout, or a clear refusal for a game without one."""
    layout = game.tensor_layout(players)
    if layout is None:
        raise InvalidOptions(f"{game.id} has no observation tensor yet")
    return layout


def tensor_space(layout: TensorLayout) -> spaces.Box:
    return spaces.Box(-np.inf, np.inf, shape=(layout.size,), dtype=np.float32)


class ActionIds:
    """The codec's ids of lists of actions, fast: action objects are often shared by a game
    (one per card, say), so ids are remembered by object identity. Each remembered object is
    kept alive here, and while it lives no other object can have its identity, so a hit is
    always the very same action; anything else goes through the codec. A game that makes new
    action objects on every listing gains nothing from remembering them, so after a trial of
    ``trial`` actions with fewer than half found by identity, every id comes from the codec.
    """

    def __init__(self, codec: ActionCodec, limit: int = 1 << 14, trial: int = 2000) -> None:
        self.codec = codec
        #: Every action of the codec's space, by id (what ``codec.from_id`` answers).
        self.space: tuple[Action, ...] = tuple(codec.from_id(i) for i in range(codec.size))
        # The codec's own table, read by one C-level lookup per action instead of a call of
        # ``to_id``; equal actions get equal ids, as ``to_id`` gives them.
        self._by_value: dict[Action, int] = {action: i for i, action in enumerate(self.space)}
        self.limit = limit
        self.trial = trial
        self._known: dict[int, int] = {}
        self._alive: list[Action] = []
        self._looked = 0
        self._found = 0
        self._by_identity = True

    def of(self, actions: Sequence[Action]) -> list[int]:
        """The ids of ``actions``, in their order (a new list)."""
        if not self._by_identity:
            return self._by_values(actions)
        ids = list(map(self._known.get, map(id, actions)))
        if None in ids:
            known = self._known
            missed = 0
            for index, number in enumerate(ids):
                if number is None:
                    missed += 1
                    action = actions[index]
                    number = self._by_value.get(action)
                    if number is None:
                        number = self.codec.to_id(action)  # raises, naming the action
                    if len(known) >= self.limit:
                        known.clear()
                        self._alive.clear()
                    known[id(action)] = number
                    self._alive.append(action)
                    ids[index] = number
            if self._looked < self.trial:
                self._looked += len(ids)
                self._found += len(ids) - missed
                if self._looked >= self.trial and 2 * self._found < self._looked:
                    self._by_identity = False
                    known.clear()
                    self._alive.clear()
        elif self._looked < self.trial:
            self._looked += len(ids)
            self._found += len(ids)
        return ids  # type: ignore[return-value]

    def _by_values(self, actions: Sequence[Action]) -> list[int]:
        try:
            return list(map(self._by_value.__getitem__, actions))
        except KeyError:
            to_id = self.codec.to_id  # raises, naming the action outside the space
            return [to_id(action) for action in actions]


class Table:
    """One game in play, as the adapters see it: the state, whose turn in the round, the
    virtual clock, and each seat's tensor and legal ids.

    Rounds follow ``play_match``: the seats acting when a round starts are asked in order,
    each once; in real time each round first moves the clock one tick.

    Speed without giving up a guarantee: a seat's legal ids (behind its mask) are computed
    once per decision and kept until the state changes; an id is applied unchecked only when
    it is among them, and anything else goes through the engine's checked ``apply``; the
    tensor comes from the game's fast encoder (:func:`~topsecret.core.tensors.state_encoder`),
    held equal to the observation-dict path by the tests, or from that reference path when
    the game ships none. ``record=False`` skips the "has chosen" events of commitments, for
    callers that read no events.
    """

    def __init__(
        self,
        game: Game,
        players: int,
        options: Mapping[str, Any],
        seed: int,
        tick_seconds: float,
        codec: ActionCodec,
        layout: TensorLayout,
        *,
        encoder: StateEncoder | None = None,
        action_ids: ActionIds | None = None,
        record: bool = True,
    ) -> None:
        self.game = game
        self.players = players
        self.codec = codec
        self.layout = layout
        self.encoder = encoder
        self.record = record
        self.realtime = is_realtime(game)
        self.tick_seconds = tick_seconds
        #: The "wait" id of a real-time game; ``None`` in turn-based ones.
        self.wait: int | None = codec.size if self.realtime else None
        self.num_actions = codec.size + (1 if self.realtime else 0)
        self.state: State = game.new_state(players, options, seed)
        self.queue: tuple[int, ...] = ()
        self.tick = 0
        self.now = 0.0
        self._legal: dict[int, list[int]] = {}
        self.action_ids = action_ids if action_ids is not None else ActionIds(codec)

    def changed(self) -> None:
        self._legal.clear()

    def legal_ids(self, seat: int) -> list[int]:
        """The seat's legal ids now, sorted, "wait" last in real time (while it may act);
        computed once per decision."""
        ids = self._legal.get(seat)
        if ids is None:
            ids = self.action_ids.of(self.state.legal_actions(seat))
            ids.sort()
            if self.wait is not None and seat in self.state.acting_players():
                ids.append(self.wait)
            self._legal[seat] = ids
        return ids

    def mask(self, seat: int | None) -> Mask:
        """1 for each legal id of ``seat``; all zero for ``None`` (a seat not asked now)."""
        flags = bytearray(self.num_actions)
        if seat is not None and not self.state.is_over():
            ids = self._legal.get(seat)
            for number in self.legal_ids(seat) if ids is None else ids:
                flags[number] = 1
        return np.frombuffer(flags, _INT8)

    def tensor(self, seat: int) -> Tensor:
        if self.encoder is not None:
            return np.frombuffer(self.encoder.encode(self.state, seat), _FLOAT32)
        return self.reference_tensor(seat)

    def reference_tensor(self, seat: int) -> Tensor:
        """The tensor built from the observation dict, as the game documents it."""
        values = self.game.observation_tensor(self.state.observation(seat), self.players)
        if len(values) != self.layout.size:
            raise ValueError(
                f"{self.game.id}: observation tensor has {len(values)} values, "
                f"its layout says {self.layout.size}"
            )
        return np.asarray(values, dtype=np.float32)

    def take(self, seat: int, action_id: int) -> list[Event]:
        """Apply a seat's id ("wait" does nothing); an id that is not legal now goes through
        the engine's check, which raises :class:`IllegalAction` naming the rule."""
        if action_id == self.wait:
            return []
        legal = self._legal.get(seat)
        if action_id in (self.legal_ids(seat) if legal is None else legal):
            # A legal id is in the space, so the action is read without ``from_id``'s check.
            events = self.state.apply_unchecked(
                seat, self.action_ids.space[action_id], record=self.record
            )
        else:
            events = self.state.apply(seat, self.codec.from_id(action_id))
        self._legal.clear()
        return events

    def start_round(self) -> list[Event]:
        """A new round: in real time the clock moves to the round's tick first."""
        state = self.state
        events: list[Event] = []
        if self.realtime:
            self.now = self.tick * self.tick_seconds
            events = state.advance_time(self.now)
            self.changed()
            self.queue = tick_order(state.acting_players(), self.tick, self.players)
            self.tick += 1
        else:
            self.queue = state.acting_players()
        return events

    def settle(self) -> list[Event]:
        """Make ``queue[0]`` the seat asked next, starting rounds as needed; returns the
        events the clock caused. Leaves an empty queue once the game is over."""
        state = self.state
        events: list[Event] = []
        idle_rounds = 0
        while not state.is_over():
            queue = self.queue
            if queue:
                acting = state.acting_players()
                remaining: tuple[int, ...]
                if len(queue) == 1:
                    remaining = queue if queue[0] in acting else ()
                else:
                    remaining = tuple(seat for seat in queue if seat in acting)
                if remaining:
                    self.queue = remaining
                    return events
            events += self.start_round()
            if state.is_over():
                break
            if self.queue:
                # A new round asks exactly the seats acting as it starts.
                return events
            idle_rounds += 1
            # Real time may pass a tick where nobody can act; turns never should.
            if not self.realtime or idle_rounds > 100_000:
                raise RuntimeError(f"{self.game.id}: nobody can act but the game is not over")
        self.queue = ()
        return events


def _opponent_names(opponents: str | Sequence[str], count: int) -> list[str]:
    if isinstance(opponents, str):
        return [opponents] * count
    if not isinstance(opponents, Sequence) or not all(isinstance(n, str) for n in opponents):
        raise InvalidOptions(
            f"opponents must be a bot name or a list of bot names, not {opponents!r}"
        )
    names = list(opponents)
    if len(names) != count:
        raise InvalidOptions(f"need {count} opponents (one per other seat), not {len(names)}")
    return names


class TopSecretEnv(gymnasium.Env[Tensor, np.int64]):
    """One seat of a Top Secret game, the others played by bots; see the module docstring."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (Gymnasium declares it this way)

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        opponents: str | Sequence[str] = "heuristic",
        seat: int = 0,
        *,
        tick_seconds: float | None = None,
        max_steps: int | None = None,
        illegal: str = "substitute",
        illegal_penalty: float = 0.1,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = resolve_game(game)
        self.players = self.game.default_players() if players is None else players
        self.game.check_players(self.players)
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise InvalidOptions(f"seat {seat!r} is not at a table of {self.players}")
        tick_seconds = checked_tick(self.game, tick_seconds)
        if illegal not in ("substitute", "raise"):
            raise InvalidOptions(f"illegal must be 'substitute' or 'raise', not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOptions(f"render_mode {render_mode!r} is not supported")
        self.options = self.game.new_table_options(options)
        self.game = game_in_play(self.game, self.players, self.options)
        self.layout = require_layout(self.game, self.players)
        self.codec = self.game.codec(self.players)
        self.encoder = state_encoder(self.game, self.players)
        self.action_ids = ActionIds(self.codec)
        self.seat = seat
        self.opponents = _opponent_names(opponents, self.players - 1)
        for name in set(self.opponents):
            make_bot(self.game, name, 0)  # an unknown name fails here, not at reset
        self.tick_seconds = tick_seconds
        checked_max_steps(max_steps)
        self.max_steps = (
            default_max_steps(self.game, self.players, self.options, tick_seconds)
            if max_steps is None
            else max_steps
        )
        self.illegal = illegal
        self.illegal_penalty = illegal_penalty
        self.render_mode = render_mode
        self.observation_space = cast("spaces.Space[Tensor]", tensor_space(self.layout))
        extra = 1 if is_realtime(self.game) else 0
        self.action_space = spaces.Discrete(self.codec.size + extra)
        self._table: Table | None = None
        self._bots: dict[int, Bot] = {}
        self._steps = 0

    @property
    def table(self) -> Table:
        if self._table is None:
            raise RuntimeError("call reset() before step()")
        return self._table

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Tensor, dict[str, Any]]:
        """A new game; ``options`` is accepted for the API and unused (game options are
        given to the constructor)."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(_SEED_BOUND))
        self._table = Table(
            self.game,
            self.players,
            self.options,
            game_seed,
            self.tick_seconds,
            self.codec,
            self.layout,
            encoder=self.encoder,
            action_ids=self.action_ids,
        )
        others = [s for s in range(self.players) if s != self.seat]
        self._bots = {
            other: make_bot(self.game, name, int(self.np_random.integers(_SEED_BOUND)))
            for other, name in zip(others, self.opponents, strict=True)
        }
        self._steps = 0
        self._play_bots()
        return self.table.tensor(self.seat), self._info()

    def step(self, action: Any) -> tuple[Tensor, SupportsFloat, bool, bool, dict[str, Any]]:
        table = self.table
        if table.state.is_over() or not table.queue or table.queue[0] != self.seat:
            raise RuntimeError("the episode is over: call reset()")
        action_id = int(action)
        reward = 0.0
        illegal = action_id not in table.legal_ids(self.seat)
        if illegal and self.illegal == "substitute":
            reward -= self.illegal_penalty
            if table.wait is not None:
                action_id = table.wait
            else:
                default = table.state.default_action(self.seat)
                action_id = self.codec.to_id(default)
        self._tell(table.take(self.seat, action_id))
        table.queue = table.queue[1:]
        self._steps += 1
        self._play_bots()
        terminated = table.state.is_over()
        truncated = not terminated and self._steps >= self.max_steps
        info = self._info()
        if terminated:
            reward += win_shares(table.state.scores())[self.seat]
            info["scores"] = table.state.scores()
        if illegal:
            info["illegal_action"] = True
        return table.tensor(self.seat), reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Legal ids now, as booleans (sb3-contrib's MaskablePPO reads this)."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        """``"ansi"``: the spectator's view (public information only) as JSON."""
        if self.render_mode != "ansi" or self._table is None:
            return None
        return orjson.dumps(self._table.state.observation(None)).decode()

    # -- driving the bots ------------------------------------------------------------------

    def _mask(self) -> Mask:
        table = self.table
        asked = bool(table.queue) and table.queue[0] == self.seat
        return table.mask(self.seat if asked else None)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}

    def _tell(self, events: Sequence[Event]) -> None:
        if not events:
            return
        for other, bot in self._bots.items():
            seen = visible_events(events, other)
            if seen:
                bot.observe(other, seen)

    def _play_bots(self) -> None:
        """Let bots act until the learner is asked or the game ends."""
        table = self.table
        state = table.state
        while True:
            self._tell(table.settle())
            if state.is_over() or table.queue[0] == self.seat:
                return
            other = table.queue[0]
            view = SeatView(state, other)
            bot = self._bots[other]
            move = bot.act_at(view, table.now) if table.realtime else bot.choose(view)
            if move is not None:
                events = state.apply(other, move)
                table.changed()
                self._tell(events)
            table.queue = table.queue[1:]


def env(
    game: str | Game,
    players: int | None = None,
    opponents: str | Sequence[str] = "heuristic",
    seat: int = 0,
    **options: Any,
) -> TopSecretEnv:
    """A Gymnasium environment: the learner at ``seat``, bots (registry names) elsewhere.

    Keyword options: ``tick_seconds``, ``max_steps``, ``illegal``, ``illegal_penalty``,
    ``render_mode``, and every game option by its own name (``single_deal=True``).
    """
    return TopSecretEnv(game, players, opponents, seat, **options)


__all__ = [
    "DEFAULT_TICK_SECONDS",
    "ActionIds",
    "Table",
    "TopSecretEnv",
    "checked_max_steps",
    "checked_tick",
    "default_max_steps",
    "env",
    "game_in_play",
    "require_layout",
    "resolve_game",
]
