"""The conformance suite every game runs: determinization that leaks nothing.

Information-set search plays a seat's decision in many sampled worlds, so a sampled world
must hold exactly what that seat knows and nothing more. A determinization that copies a
hidden card, an opponent's private note or the real random generator lets a bot play as if
it could see them. This suite checks, on positions reached by seeded random play:

- the seat's observation of the sample equals its real observation, and so does a
  spectator's (the public part is the same world);
- the sample owns a fresh generator: its future chance is not the real game's;
- the sample depends only on what the seat knows: two states the seat cannot tell apart
  (the real one and a determinization of it) give identical samples from one generator;
- sampling leaves the real state untouched, and the sample plays on under the rules.

Each game's tests call :func:`check_determinization`; a game written outside this package
can run it the same way. A failed check raises :class:`ConformanceError` naming the
property, the seat and the position.

Example::

    from topsecret.core.conformance import check_determinization
    from topsecret.games import get_game

    check_determinization(get_game("vault"), players=3, seeds=range(5))
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .game import Game, State
from .rng import Rng


class ConformanceError(AssertionError):
    """A game broke a property of the engine contract."""


@dataclass(frozen=True, slots=True)
class Position:
    """A state reached by seeded random play, and how it was reached."""

    state: State
    seed: int
    decisions: int

    def describe(self) -> str:
        return f"{self.state.game.id} game seed {self.seed} after {self.decisions} decisions"


def random_positions(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    count: int = 6,
    max_decisions: int = 5_000,
) -> Iterator[Position]:
    """Positions of one seeded random game, spread over its whole length.

    A first pass measures the game's length; a second replays it and yields copies at
    ``count`` decision points drawn from the seed, one of them always in the last twentieth
    of the game, so a short final phase (an exploration, a last trick) is never missed.
    """
    length = _random_game_length(game, players, seed, options, max_decisions)
    rng = Rng(seed ^ 0xC0F0_12A7)
    last_stretch = max(1, length // 20)
    drawn = {rng.below(length + 1) for _ in range(max(0, count - 1))}
    drawn.add(length - 1 - rng.below(last_stretch) if length > 0 else 0)
    stops = sorted(drawn)
    state = game.new_state(players, options, seed)
    play = Rng(seed)
    decisions = 0
    for stop in stops:
        while decisions < stop and not state.is_over():
            decisions += _random_step(state, play)
        yield Position(state.clone(), seed, decisions)


def _random_game_length(
    game: Game, players: int, seed: int, options: Mapping[str, Any] | None, limit: int
) -> int:
    state = game.new_state(players, options, seed)
    play = Rng(seed)
    decisions = 0
    while not state.is_over() and decisions < limit:
        decisions += _random_step(state, play)
    return decisions


def _random_step(state: State, rng: Rng) -> int:
    """One random decision by the first acting seat (checked: the suite trusts nothing)."""
    for seat in state.acting_players():
        actions = state.legal_actions(seat)
        if actions:
            state.apply(seat, rng.choice(actions))
            return 1
    raise ConformanceError(f"{state.game.id}: nobody can act but the game is not over")


def check_determinization(
    game: Game,
    players: int,
    seeds: Iterable[int],
    options: Mapping[str, Any] | None = None,
    positions_per_game: int = 6,
    playout_decisions: int = 200,
) -> int:
    """Run every determinization check for every seat on positions of seeded random games.

    Returns how many (position, seat) pairs were checked, so a caller can assert the suite
    did real work.
    """
    checked = 0
    for seed in seeds:
        for position in random_positions(game, players, seed, options, positions_per_game):
            for seat in range(players):
                sample_seed = seed * 7919 + seat
                check_position(position, seat, sample_seed, playout_decisions)
                checked += 1
    return checked


def check_position(position: Position, seat: int, sample_seed: int, playout: int = 200) -> None:
    """Every determinization property for one seat at one position."""
    state = position.state
    where = f"seat {seat}, {position.describe()}"
    before = copy.deepcopy(state.snapshot())  # snapshots may share lists with the state
    sample = state.determinize(seat, Rng(sample_seed))
    if state.snapshot() != before:
        raise ConformanceError(f"determinize changed the real state ({where})")
    if sample is state:
        raise ConformanceError(f"determinize returned the real state itself ({where})")
    _check_same_observations(state, sample, seat, where)
    _check_fresh_generator(state, seat, sample_seed, where)
    _check_reads_only_what_the_seat_knows(state, sample, seat, sample_seed, where)
    _check_plays_on(sample, sample_seed, playout, where)


def _check_same_observations(state: State, sample: State, seat: int, where: str) -> None:
    if sample.observation(seat) != state.observation(seat):
        raise ConformanceError(
            f"the sampled world looks different to the seat it was sampled for ({where}): "
            f"{_first_difference(state.observation(seat), sample.observation(seat))}"
        )
    if sample.observation(None) != state.observation(None):
        raise ConformanceError(
            f"the sampled world's public view differs from the real one ({where}): "
            f"{_first_difference(state.observation(None), sample.observation(None))}"
        )
    if sample.is_over() != state.is_over() or sample.acting_players() != state.acting_players():
        raise ConformanceError(f"the sampled world has another turn order ({where})")


def _check_fresh_generator(state: State, seat: int, sample_seed: int, where: str) -> None:
    first = state.determinize(seat, Rng(sample_seed))
    second = state.determinize(seat, Rng(sample_seed + 1))
    if first.rng.state == state.rng.state:
        raise ConformanceError(
            f"the sampled world kept the real game's random generator, so it knows the "
            f"real game's future chance ({where})"
        )
    if first.rng.state == second.rng.state:
        raise ConformanceError(
            f"samples from different generators share one future: the sampled world's "
            f"generator must come from the sampling generator ({where})"
        )


def _check_reads_only_what_the_seat_knows(
    state: State, sample: State, seat: int, sample_seed: int, where: str
) -> None:
    """The real state and a sample of it are indistinguishable to the seat, so sampling
    from either with the same generator must give the same world.

    This is why a game gathers the cards it deals again in a canonical order (sorted, say)
    before shuffling: shuffling them in the real table's order would carry that order, a
    hidden fact, into the sample.
    """
    from_real = state.determinize(seat, Rng(sample_seed ^ 0x5A5A)).snapshot()
    from_sample = sample.determinize(seat, Rng(sample_seed ^ 0x5A5A)).snapshot()
    if from_real != from_sample:
        raise ConformanceError(
            f"determinize read something the seat cannot know: two states it cannot tell "
            f"apart gave different samples from one generator ({where}): "
            f"{_first_difference(from_real, from_sample)}"
        )
    again = state.determinize(seat, Rng(sample_seed ^ 0x5A5A)).snapshot()
    if again != from_real:
        raise ConformanceError(f"determinize is not a function of its generator ({where})")


def _check_plays_on(sample: State, seed: int, decisions: int, where: str) -> None:
    world = sample.clone()
    play = Rng(seed ^ 0x9E37)
    for _ in range(decisions):
        if world.is_over():
            return
        try:
            _random_step(world, play)
        except ConformanceError:
            raise
        except Exception as exc:
            raise ConformanceError(
                f"the sampled world cannot be played on under the rules ({where}): {exc!r}"
            ) from exc


def check_resampled(
    state: State, seat: int, part: Callable[[State], Any], samples: int = 16, seed: int = 0
) -> None:
    """A hidden part of the table (picked by ``part``) must be drawn again, not copied.

    The indistinguishability check cannot see a determinization that copies a hidden part
    unchanged (both worlds it compares then hold the real part). Games name their hidden
    parts in their own tests and call this where the seat cannot know them: across
    ``samples`` draws the part must differ from the real one at least once.
    """
    real = part(state)
    for index in range(samples):
        if part(state.determinize(seat, Rng(seed + index))) != real:
            return
    raise ConformanceError(
        f"{state.game.id}: a part seat {seat} cannot know was copied into every one of "
        f"{samples} sampled worlds instead of being drawn again"
    )


def _first_difference(left: Any, right: Any, path: str = "") -> str:
    """Where two JSON-like values first differ, for a readable failure."""
    if isinstance(left, dict) and isinstance(right, dict):
        for key in sorted(set(left) | set(right), key=str):
            if key not in left or key not in right:
                return f"{path}.{key} present on one side only"
            if left[key] != right[key]:
                return _first_difference(left[key], right[key], f"{path}.{key}")
    if isinstance(left, list) and isinstance(right, list):
        if len(left) != len(right):
            return f"{path} has {len(left)} items on one side, {len(right)} on the other"
        for index, (a, b) in enumerate(zip(left, right, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{path}[{index}]")
    return f"{path or 'value'}: {str(left)[:120]} != {str(right)[:120]}"


__all__ = [
    "ConformanceError",
    "Position",
    "check_determinization",
    "check_position",
    "check_resampled",
    "random_positions",
]
