"""Actions: frozen dataclasses with a stable JSON form and a stable integer id.

A game declares its action classes and, for reinforcement learning, the fixed list of every
action that can ever be legal for a given number of players. The :class:`ActionCodec` turns
actions into JSON and integers and back, with clear errors for anything malformed.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Union, get_type_hints

from .errors import N_, TopSecretError

JsonDict = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses set ``kind``, the name used in JSON."""

    kind: ClassVar[str] = "action"
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> JsonDict:
        out: JsonDict = {"type": self.kind}
        # __match_args__ lists the dataclass fields and is much cheaper than fields().
        for name in self.__match_args__:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


class ActionFormatError(TopSecretError):
    """JSON that does not describe an action of this game."""


def _check_value(name: str, value: Any, hint: Any) -> Any:
    """Coerce a JSON value to the declared field type, or explain why it cannot be."""
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        errors = []
        for option in typing.get_args(hint):
            if option is type(None):
                if value is None:
                    return None
                continue
            try:
                return _check_value(name, value, option)
            except ActionFormatError as exc:
                errors.append(str(exc))
        raise ActionFormatError.of(
            N_("field '{name}': {value} fits none of {hint}"),
            name=name,
            value=repr(value),
            hint=str(hint),
        )
    if origin is typing.Literal:
        if value in typing.get_args(hint):
            return value
        raise ActionFormatError.of(
            N_("field '{name}' must be one of {allowed}"),
            name=name,
            allowed=str(typing.get_args(hint)),
        )
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise ActionFormatError.of(N_("field '{name}' must be a list"), name=name)
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_check_value(name, v, args[0]) for v in value)
        if len(args) != len(value):
            raise ActionFormatError.of(
                N_("field '{name}' must have {count} items"), name=name, count=len(args)
            )
        return tuple(_check_value(name, v, a) for v, a in zip(value, args, strict=True))
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise ActionFormatError.of(N_("field '{name}' must be true or false"), name=name)
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise ActionFormatError.of(N_("field '{name}' must be a whole number"), name=name)
    if hint is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        raise ActionFormatError.of(N_("field '{name}' must be a number"), name=name)
    if hint is str:
        if isinstance(value, str):
            return value
        raise ActionFormatError.of(N_("field '{name}' must be text"), name=name)
    raise ActionFormatError.of(
        N_("field '{name}' has a type the codec cannot read: {hint}"), name=name, hint=str(hint)
    )


class ActionCodec:
    """JSON and integer forms of one game's actions.

    ``classes`` are the game's action types; ``space`` is the fixed, ordered list of every
    action that may ever be legal (its index is the action id).
    """

    def __init__(self, classes: Iterable[type[Action]], space: Sequence[Action]) -> None:
        self._classes: dict[str, type[Action]] = {}
        for cls in classes:
            if cls.kind in self._classes:
                raise ValueError(f"two action classes share the name {cls.kind!r}")
            self._classes[cls.kind] = cls
        self._space: tuple[Action, ...] = tuple(space)
        self._ids: dict[Action, int] = {}
        for index, action in enumerate(self._space):
            if action in self._ids:
                raise ValueError(f"action listed twice in the action space: {action!r}")
            self._ids[action] = index
        self._hints = {kind: get_type_hints(cls) for kind, cls in self._classes.items()}

    @property
    def size(self) -> int:
        """How many distinct action ids exist."""
        return len(self._space)

    def to_id(self, action: Action) -> int:
        try:
            return self._ids[action]
        except KeyError:
            raise ActionFormatError.of(
                N_("{action} is not in this game's action space"), action=repr(action)
            ) from None

    def from_id(self, action_id: int) -> Action:
        if not 0 <= action_id < len(self._space):
            raise ActionFormatError.of(
                N_("action id {id} is outside 0..{last}"), id=action_id, last=len(self._space) - 1
            )
        return self._space[action_id]

    def from_json(self, data: Any) -> Action:
        if not isinstance(data, Mapping):
            raise ActionFormatError.of(N_("an action must be a JSON object with a 'type'"))
        kind = data.get("type")
        cls = self._classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self._classes))
            raise ActionFormatError.of(
                N_("unknown action type {kind}; this game knows: {known}"),
                kind=repr(kind),
                known=known,
            )
        hints = self._hints[kind]  # type: ignore[index]
        fields = {f.name: f for f in dataclasses.fields(cls)}
        extra = set(data) - set(fields) - {"type"}
        if extra:
            raise ActionFormatError.of(
                N_("action '{kind}' has unknown fields: {fields}"),
                kind=kind,
                fields=str(sorted(extra)),
            )
        values: dict[str, Any] = {}
        for name, field in fields.items():
            if name not in data:
                if field.default is not dataclasses.MISSING:
                    continue
                raise ActionFormatError.of(
                    N_("action '{kind}' needs the field '{name}'"), kind=kind, name=name
                )
            values[name] = _check_value(name, data[name], hints[name])
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise ActionFormatError.of(
                N_("action '{kind}': {reason}"), kind=kind, reason=(str(exc), {})
            ) from None

    def to_json(self, action: Action) -> JsonDict:
        return action.to_json()
