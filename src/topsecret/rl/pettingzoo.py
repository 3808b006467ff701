"""Every Top Secret game as a PettingZoo environment, AEC and parallel.

Entry points, named as PettingZoo's own games name them::

    from topsecret.rl.pettingzoo import env as make_env

    aec = make_env("vault", players=3, single_deal=True)
    aec.reset(seed=7)
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, info = aec.last()
        if termination or truncation:
            action = None
        else:
            action = int(observation["action_mask"].nonzero()[0][0])
        aec.step(action)
    print(aec.unwrapped.final_rewards)

- ``env(game, players=N, **options)``: the AEC environment in PettingZoo's standard wrappers
  for classic games (``TerminateIllegalWrapper`` with reward -1, ``AssertOutOfBoundsWrapper``,
  ``OrderEnforcingWrapper``);
- ``raw_env(...)``: the AEC environment alone; an illegal id raises the engine's
  :class:`~topsecret.core.IllegalAction`, which names the rule;
- ``parallel_env(..., illegal="raise")``: the Parallel API; ``illegal="terminate"`` ends the
  episode at an illegal action instead, as ``env()``'s wrapper does (see below).

``game`` is a game id or a :class:`~topsecret.core.Game`; ``players`` defaults to four (or the
nearest count the game allows). Keyword options: ``tick_seconds`` (real-time games only,
positive, default 0.25; a turn-based game refuses it), ``max_steps`` (truncation),
``render_mode`` (``"ansi"``) and every game option by its own name (``single_deal=True``).
A game without an observation tensor is refused with
``InvalidOptions("<game> has no observation tensor yet")``.

Agents: ``"player_0"`` .. ``"player_{N-1}"``, seat ``i`` is ``"player_i"``.

Spaces (PettingZoo's classic-games convention, as chess and connect four):
    observation: ``Dict(observation=Box(-inf, inf, (n,), float32), action_mask=Box(0, 1,
    (A,), int8))``, where ``observation`` is the game's tensor of ``observation(seat)``
    (laid out as ``game.tensor_layout(players)`` says; the layout gives no ranges, hence
    the unbounded box) and ``action_mask`` is 1 for the ids the agent may take now. The
    tensor is written straight from the state by the game's fast encoder
    (:func:`topsecret.core.tensors.state_encoder`), which the tests hold equal, float for
    float, to the tensor of the observation dict; each call hands out new arrays.
    action: ``Discrete(A)``: the ids of ``game.codec(players)``, ``A = codec.size``; in a
    real-time game (wink) ``A = codec.size + 1`` and the last id, ``codec.size``, is "wait".

AEC turn order (as the OpenSpiel adapter and ``play_match``):
    the seats acting at the start of a round are asked in order, each once, skipping any
    whose decision has lapsed. A commit-then-reveal step is asked seat by seat; every
    observation comes from ``observation(seat)``, so an agent sees of another seat's
    commitment only that it "has chosen". Only the selected agent's mask is non-zero.

Real time (wink), the clock policy:
    round ``k`` tells the game the time ``k * tick_seconds`` (``state.advance_time``), so
    signals fade and turn timers run; then every seat that may act is asked once, the
    first seat rotating with ``k`` so no seat always wins a race. Each of them is offered
    "wait" besides its game actions. In the parallel API one step is one round.

Parallel API:
    each step, every seat that owes a decision (real time: may act) acts; their masks are
    non-zero, the others' are all zero and the action given for them is ignored (pass any
    id, 0 say). Actions are taken in the AEC order above. An action that was legal when
    observed but no longer is because a seat before it in the same step changed the table
    (a lost race in real time) is dropped and that agent's info says ``"dropped": True``;
    an action that was never legal raises :class:`~topsecret.core.IllegalAction`, or with
    ``illegal="terminate"`` ends the episode as PettingZoo's ``TerminateIllegalWrapper``
    ends an AEC one: every agent terminates, the offender's reward is -1, the others' 0,
    and the offender's info says ``"illegal_action": True`` (so agents that sample without
    the mask, as PettingZoo's ``parallel_seed_test`` does, can play).

Rewards: terminal only, each seat's share of the win: ``1/k`` if it is one of ``k`` seats
with the best score, else 0, as the OpenSpiel adapter's returns. ``final_rewards`` and
``final_scores`` keep them after the agents are gone. All agents terminate together at the
end.

Truncation: after ``max_steps`` steps (AEC: agent steps; parallel: joint steps), default the
game's own measured bound on decisions (:func:`default_max_steps`), all agents are
truncated with reward 0.

Seeding: ``reset(seed=s)`` seeds the environment's generator, which draws the game's seed; the
same seed gives the same game, and later resets without a seed give new games. ``reset``'s
``options`` is unused (game options go to the constructor).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import orjson
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from ..core import Game, InvalidOptions, win_shares
from ..core.tensors import state_encoder
from .gymnasium import (
    ActionIds,
    Mask,
    Table,
    Tensor,
    checked_max_steps,
    checked_tick,
    default_max_steps,
    game_in_play,
    is_realtime,
    require_layout,
    resolve_game,
    tensor_space,
)

Observation = dict[str, Tensor | Mask]
#: What a parallel step answers: observations, rewards, terminations, truncations, infos.
ParallelStep = tuple[
    dict[str, Observation],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]

_SEED_BOUND = 1 << 62


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class _Base:
    """What the AEC and parallel environments share: spaces, setup and seeding."""

    metadata: dict[str, Any]

    def __init__(
        self,
        game: str | Game,
        players: int | None,
        tick_seconds: float | None,
        max_steps: int | None,
        render_mode: str | None,
        options: Mapping[str, Any],
    ) -> None:
        self.game = resolve_game(game)
        self.players = self.game.default_players() if players is None else players
        self.game.check_players(self.players)
        tick_seconds = checked_tick(self.game, tick_seconds)
        if render_mode not in (None, "ansi"):
            raise InvalidOptions(f"render_mode {render_mode!r} is not supported")
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"topsecret_{self.game.id}_v0",
            # Seats do not act in a cycle, so PettingZoo's aec_to_parallel cannot convert the
            # AEC env (it checks this flag): parallel_env() is the Parallel API.
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.options = self.game.new_table_options(options)
        self.game = game_in_play(self.game, self.players, self.options)
        self.layout = require_layout(self.game, self.players)
        self.codec = self.game.codec(self.players)
        self.encoder = state_encoder(self.game, self.players)
        self.action_ids = ActionIds(self.codec)
        self.tick_seconds = tick_seconds
        checked_max_steps(max_steps)
        self.max_steps = (
            default_max_steps(self.game, self.players, self.options, tick_seconds)
            if max_steps is None
            else max_steps
        )
        self.possible_agents = [agent_name(seat) for seat in range(self.players)]
        self.seats = {name: seat for seat, name in enumerate(self.possible_agents)}
        actions = self.codec.size + (1 if is_realtime(self.game) else 0)
        observation = spaces.Dict(
            {
                "observation": tensor_space(self.layout),
                "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
            }
        )
        action = spaces.Discrete(actions)
        # One object per agent, shared: the API tests require the same object every call.
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self._rng = np.random.default_rng()
        self._table: Table | None = None
        #: Each agent's share of the win once the game is over (kept after agents leave).
        self.final_rewards: dict[str, float] = {}
        #: The game's own scores once the game is over.
        self.final_scores: list[float] = []

    @property
    def table(self) -> Table:
        if self._table is None:
            raise RuntimeError("call reset() first")
        return self._table

    def _new_table(self, seed: int | None) -> Table:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.final_rewards = {}
        self.final_scores = []
        self._table = Table(
            self.game,
            self.players,
            self.options,
            int(self._rng.integers(_SEED_BOUND)),
            self.tick_seconds,
            self.codec,
            self.layout,
            encoder=self.encoder,
            action_ids=self.action_ids,
            record=False,
        )
        return self._table

    def _finish(self) -> dict[str, float]:
        state = self.table.state
        self.final_scores = state.scores()
        shares = win_shares(self.final_scores)
        self.final_rewards = {name: shares[seat] for name, seat in self.seats.items()}
        return dict(self.final_rewards)

    def _observe(self, seat: int, asked: bool) -> Observation:
        table = self.table
        return {
            "observation": table.tensor(seat),
            "action_mask": table.mask(seat if asked else None),
        }

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def render(self) -> str | None:
        """``"ansi"``: the spectator's view (public information only) as JSON."""
        if self.render_mode != "ansi" or self._table is None:
            return None
        return orjson.dumps(self._table.state.observation(None)).decode()

    def close(self) -> None:
        """Nothing to release."""


class TopSecretAECEnv(_Base, AECEnv[str, Observation, int | None]):  # type: ignore[misc]
    """A Top Secret game as a PettingZoo AEC environment; see the module docstring."""

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        tick_seconds: float | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        AECEnv.__init__(self)
        _Base.__init__(self, game, players, tick_seconds, max_steps, render_mode, options)
        self._steps = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        table = self._new_table(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps = 0
        table.settle()
        self._select()

    def _select(self) -> None:
        table = self.table
        if table.state.is_over():
            self.rewards = self._finish()
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[table.queue[0]]
            return
        # The game has ended: agents now leave one by one through ``step(None)``.
        if not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Observation:
        table = self.table
        seat = self.seats[agent]
        queue = table.queue
        asked = bool(queue) and queue[0] == seat and agent == self.agent_selection
        return {
            "observation": table.tensor(seat),
            "action_mask": table.mask(seat if asked else None),
        }

    def step(self, action: int | None) -> None:
        if not self.agents:
            raise RuntimeError("the game is over and every agent has left: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is still playing and must give an action id")
        table = self.table
        self._cumulative_rewards[agent] = 0.0
        table.take(self.seats[agent], int(action))
        table.queue = table.queue[1:]
        self._steps += 1
        table.settle()
        queue = table.queue
        if queue and self._steps < self.max_steps:
            # Play goes on (``settle`` empties the queue only once the game is over).
            self.agent_selection = self.possible_agents[queue[0]]
            return
        self._select()
        # Rewards are zero until the game ends, when ``_select`` sets them.
        if table.queue == ():
            self._accumulate_rewards()


#: What the parallel env does with an action that was never legal.
ILLEGAL_CHOICES = ("raise", "terminate")

#: The reward of an agent whose illegal action ends the episode, as ``env()``'s wrapper.
ILLEGAL_REWARD = -1.0


class TopSecretParallelEnv(_Base, ParallelEnv[str, Observation, int]):  # type: ignore[misc]
    """A Top Secret game as a PettingZoo parallel environment; see the module docstring."""

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        tick_seconds: float | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
        illegal: str = "raise",
        **options: Any,
    ) -> None:
        if illegal not in ILLEGAL_CHOICES:
            raise InvalidOptions(
                f"illegal must be one of {', '.join(ILLEGAL_CHOICES)}, not {illegal!r}"
            )
        _Base.__init__(self, game, players, tick_seconds, max_steps, render_mode, options)
        self.illegal = illegal
        self.agents: list[str] = []
        self._steps = 0
        self._acting: tuple[int, ...] = ()

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self._new_table(seed)
        self.agents = list(self.possible_agents)
        self._steps = 0
        self._start_round()
        return self._observations(), {agent: {} for agent in self.agents}

    def _start_round(self) -> None:
        table = self.table
        if not table.state.is_over():
            table.start_round()
        self._acting = table.queue

    def _observations(self) -> dict[str, Observation]:
        acting = set(self._acting)
        return {
            agent: self._observe(self.seats[agent], self.seats[agent] in acting)
            for agent in self.agents
        }

    def step(self, actions: dict[str, int]) -> ParallelStep:
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        table = self.table
        state = table.state
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        offered = {seat: list(table.legal_ids(seat)) for seat in self._acting}
        for seat in self._acting:
            agent = agent_name(seat)
            if agent not in actions:
                raise ValueError(f"{agent} owes a decision but no action was given")
            action = int(actions[agent])
            if state.is_over() or seat not in state.acting_players():
                continue
            if action not in table.legal_ids(seat):
                if action in offered[seat]:
                    infos[agent]["dropped"] = True
                    continue
                if self.illegal == "terminate":
                    return self._end_illegal(agent, infos)
            table.take(seat, action)
        self._steps += 1
        self._start_round()
        rewards = dict.fromkeys(self.agents, 0.0)
        over = state.is_over()
        truncated = not over and self._steps >= self.max_steps
        if over:
            rewards = self._finish()
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _end_illegal(self, offender: str, infos: dict[str, dict[str, Any]]) -> ParallelStep:
        """The episode ends at ``offender``'s illegal action (``illegal="terminate"``)."""
        self._steps += 1
        self._acting = ()
        infos[offender]["illegal_action"] = True
        rewards = {agent: ILLEGAL_REWARD if agent == offender else 0.0 for agent in self.agents}
        self.final_rewards = dict(rewards)
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, True)
        truncations = dict.fromkeys(self.agents, False)
        self.agents = []
        return observations, rewards, terminations, truncations, infos


def raw_env(game: str | Game, players: int | None = None, **options: Any) -> TopSecretAECEnv:
    """The AEC environment without wrappers."""
    return TopSecretAECEnv(game, players, **options)


def env(game: str | Game, players: int | None = None, **options: Any) -> AECEnv[str, Any, Any]:
    """The AEC environment in PettingZoo's standard wrappers for classic games."""
    wrapped: AECEnv[str, Any, Any] = raw_env(game, players, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(
    game: str | Game, players: int | None = None, **options: Any
) -> TopSecretParallelEnv:
    """The Parallel API: every seat that owes a decision acts in one step; ``illegal=
    "terminate"`` ends the episode at an illegal action instead of raising."""
    return TopSecretParallelEnv(game, players, **options)


__all__ = [
    "TopSecretAECEnv",
    "TopSecretParallelEnv",
    "agent_name",
    "env",
    "parallel_env",
    "raw_env",
]
