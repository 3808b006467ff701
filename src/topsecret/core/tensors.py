"""Observations as fixed-size tensors, for learning agents.

A game describes its tensor for a player count as a :class:`TensorLayout`: named slices laid
end to end (as OpenSpiel's observers name theirs), each with a short description. The values
are computed from a seat's *observation* only, never from the state, so a tensor can hold
nothing the seat may not know: the same leak property the observation dict has, for free.

The engine keeps to plain Python (a list of floats); the research adapters turn it into a
NumPy array.

That reference path (observation dict, then tensor) is exact but slow: it builds the whole
dict, events and all, for a handful of floats. A game may also ship a module
``tensor_writer`` in its package (``topsecret.games.vault.tensor_writer``) whose writer
sets the same floats straight from the state in an all-zero ``array('f')``. It reads the
state, so it is trusted only because the tests hold it equal, float for float, to the
reference path over random positions of every game and table size: the fast tensor then
encodes exactly what the seat may know. The writers are plain typed Python, which the
install compiles with mypyc where it can (:mod:`topsecret.core.native`); the research
adapters use them through :func:`state_encoder`.

Example::

    layout = TensorLayout((TensorSlice("hand", 16, "cards in hand, one-hot by card"),
                           TensorSlice("round", 1, "round number / 3")))
    layout.size            # 17
    layout.offsets()["round"]   # 16
"""

from __future__ import annotations

import importlib
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .native import fastest

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


class TensorWriter(Protocol):
    """A game's fast path: sets a seat's non-zero floats in an all-zero buffer."""

    def write(self, state: Any, seat: int, out: Floats) -> None:
        """Set the seat's non-zero floats in ``out``, which is all zero and as long as the
        layout."""


class StateEncoder:
    """A seat's tensor written straight from the state by a game's :class:`TensorWriter`,
    equal to the reference path ``game.observation_tensor(state.observation(seat), players)``
    float for float; :meth:`encode` hands out a fresh buffer each call (a caller may keep
    it)."""

    def __init__(self, layout: TensorLayout, writer: TensorWriter) -> None:
        self.layout = layout
        self.size = layout.size
        self.writer = writer
        # Bound once, not looked up on every step the adapters encode.
        self._write = writer.write
        self._zeros = array("f", bytes(4 * self.size))

    def encode(self, state: State, seat: int) -> Floats:
        """The seat's tensor as a fresh ``array('f')`` (NumPy reads it without a copy)."""
        out = self._zeros[:]
        self._write(state, seat, out)
        return out

    def write(self, state: State, seat: int, out: Floats) -> None:
        """Set the seat's non-zero floats in ``out``, which is all zero and ``size`` long."""
        self._write(state, seat, out)


def state_encoder(game: Game, players: int, *, compiled: bool = True) -> StateEncoder | None:
    """The game's fast encoder for a table of ``players``, or ``None`` when its package ships
    no writer (or it declines this game object): callers then take the reference path.

    The writer comes from the module ``tensor_writer`` next to the game's ``tensor`` module,
    as a function ``writer(game, players)``, from its compiled build when the install made a
    current one (``compiled=False`` runs the module in Python, as the tests also do)."""
    package = type(game).__module__.rpartition(".")[0]
    name = f"{package}.tensor_writer"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise
    if compiled:
        module = fastest(module)
    factory = getattr(module, "writer", None)
    layout = game.tensor_layout(players)
    if factory is None or layout is None:
        return None
    found = factory(game, players)
    return None if found is None else StateEncoder(layout, found)


__all__ = [
    "Floats",
    "StateEncoder",
    "TensorLayout",
    "TensorSlice",
    "TensorWriter",
    "state_encoder",
]
