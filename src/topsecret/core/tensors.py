"""Observations as fixed-size tensors, for learning agents.

A game describes its tensor for a player count as a :class:`TensorLayout`: named slices laid
end to end (as OpenSpiel's observers name theirs), each with a short description. The values
are computed from a seat's *observation* only, never from the state, so a tensor can hold
nothing the seat may not know: the same leak property the observation dict has, for free.

The engine keeps to plain Python (a list of floats); the research adapters turn it into a
NumPy array.

That reference path (observation dict, then tensor) is exact but slow: it builds the whole
dict, events and all, for a handful of floats. A game may also ship a :class:`StateEncoder`
in a module ``state_tensor`` of its package (``topsecret.games.vault.state_tensor``), which
writes the same floats straight from the state into a preallocated ``array('f')``. It reads
the state, so it is trusted only because the tests hold it equal, float for float, to the
reference path over random positions of every game and table size: the fast tensor then
encodes exactly what the seat may know. The research adapters use it when it exists
(:func:`state_encoder`).

Example::

    layout = TensorLayout((TensorSlice("hand", 16, "cards in hand, one-hot by card"),
                           TensorSlice("round", 1, "round number / 3")))
    layout.size            # 17
    layout.offsets()["round"]   # 16
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import TypeAlias

    from .game import Game, State

    #: A tensor as the fast encoders write it: 32-bit floats, which NumPy reads in place.
    #: (``array`` takes a type parameter at run time only from Python 3.12.)
    Floats: TypeAlias = "array[float]"
else:
    Floats = array


@dataclass(frozen=True, slots=True)
class TensorSlice:
    """One named part of a tensor: ``size`` floats starting where the previous part ends."""

    name: str
    size: int
    description: str

    def __post_init__(self) -> None:
        if self.size < 1:
            raise ValueError(f"tensor slice {self.name!r} needs a positive size")


@dataclass(frozen=True, slots=True)
class TensorLayout:
    """The whole tensor: its slices in order; its size is their sum."""

    slices: tuple[TensorSlice, ...]

    def __post_init__(self) -> None:
        names = [part.name for part in self.slices]
        if len(set(names)) != len(names):
            raise ValueError(f"tensor slice names repeat: {names}")

    @property
    def size(self) -> int:
        return sum(part.size for part in self.slices)

    def offsets(self) -> dict[str, int]:
        """Where each slice starts."""
        out: dict[str, int] = {}
        start = 0
        for part in self.slices:
            out[part.name] = start
            start += part.size
        return out

    def split(self, values: Sequence[float]) -> dict[str, list[float]]:
        """A flat tensor cut into its named slices (for tests and for reading a tensor)."""
        if len(values) != self.size:
            raise ValueError(f"tensor has {len(values)} values, layout needs {self.size}")
        out: dict[str, list[float]] = {}
        start = 0
        for part in self.slices:
            out[part.name] = list(values[start : start + part.size])
            start += part.size
        return out

    def describe(self) -> list[dict[str, object]]:
        """The layout as a table: name, offset, size, description."""
        offsets = self.offsets()
        return [
            {
                "name": p.name,
                "offset": offsets[p.name],
                "size": p.size,
                "description": p.description,
            }
            for p in self.slices
        ]


class StateEncoder(ABC):
    """A seat's tensor written straight from the state, equal to the reference path
    ``game.observation_tensor(state.observation(seat), players)`` float for float.

    Subclasses implement :meth:`write`, which sets the non-zero floats of an all-zero buffer;
    :meth:`encode` hands out a fresh buffer each call (a caller may keep it)."""

    def __init__(self, layout: TensorLayout) -> None:
        self.layout = layout
        self.size = layout.size
        offsets = layout.offsets()
        #: Where each slice starts, by name (encoders read their offsets from here).
        self.offsets = offsets
        self._zeros = array("f", bytes(4 * self.size))

    def encode(self, state: State, seat: int) -> Floats:
        """The seat's tensor as a fresh ``array('f')`` (NumPy reads it without a copy)."""
        out = self._zeros[:]
        self.write(state, seat, out)
        return out

    @abstractmethod
    def write(self, state: State, seat: int, out: Floats) -> None:
        """Set the seat's non-zero floats in ``out``, which is all zero and ``size`` long."""


def state_encoder(game: Game, players: int) -> StateEncoder | None:
    """The game's fast encoder for a table of ``players``, or ``None`` when its package ships
    none (or declines this game object, say a custom board): callers then take the reference
    path. The encoder lives in the module ``state_tensor`` next to the game's ``tensor``
    module, as a function ``encoder(game, players)``."""
    package = type(game).__module__.rpartition(".")[0]
    name = f"{package}.state_tensor"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise
    factory = getattr(module, "encoder", None)
    if factory is None:
        return None
    found = factory(game, players)
    if found is not None and not isinstance(found, StateEncoder):
        raise TypeError(f"{name}.encoder returned {type(found).__name__}, not a StateEncoder")
    return found


__all__ = ["Floats", "StateEncoder", "TensorLayout", "TensorSlice", "state_encoder"]
