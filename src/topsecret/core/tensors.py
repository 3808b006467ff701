"""Observations as fixed-size tensors, for learning agents.

A game describes its tensor for a player count as a :class:`TensorLayout`: named slices laid
end to end (as OpenSpiel's observers name theirs), each with a short description. The values
are computed from a seat's *observation* only, never from the state, so a tensor can hold
nothing the seat may not know: the same leak property the observation dict has, for free.

The engine keeps to plain Python (a list of floats); the research adapters turn it into a
NumPy array.

Example::

    layout = TensorLayout((TensorSlice("hand", 16, "cards in hand, one-hot by card"),
                           TensorSlice("round", 1, "round number / 3")))
    layout.size            # 17
    layout.offsets()["round"]   # 16
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


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


__all__ = ["TensorLayout", "TensorSlice"]
