"""Replay logs: the options, the seed and the action log reproduce a game exactly."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import ActionFormatError
from .errors import N_, IllegalAction, ReplayError, reason_of
from .game import Game, State
from .rules_versions import FIRST, RULES

FORMAT = "topsecret-replay"
#: Version 2 logs store the options with the table's rules version (``rules``); version 1
#: logs predate rules versions and are read as played under rules 1.
VERSION = 2
READABLE = (1, 2)


@dataclass(frozen=True, slots=True)
class LoggedAction:
    seat: int
    action: dict[str, Any]
    #: Server clock stamp in seconds, for real-time games; ``None`` otherwise.
    time: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "action": self.action}
        if self.time is not None:
            out["time"] = self.time
        return out


@dataclass(slots=True)
class ReplayLog:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[LoggedAction] = field(default_factory=list)
    scores: list[float] | None = None
    bots: list[str] | None = None

    def record(self, seat: int, action_json: dict[str, Any], time: float | None = None) -> None:
        self.actions.append(LoggedAction(seat, action_json, time))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": [a.to_json() for a in self.actions],
        }
        if self.bots is not None:
            out["bots"] = self.bots
        if self.scores is not None:
            out["scores"] = self.scores
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def save(self, path: str | Path) -> None:
        target = Path(path)
        tmp = target.with_suffix(target.suffix + ".tmp")
        tmp.write_text(self.dumps() + "\n", encoding="utf-8")
        tmp.replace(target)  # atomic: a crash never leaves half a log

    @classmethod
    def from_json(cls, data: Any) -> ReplayLog:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ReplayError.of(
                N_('not a Top Secret replay (expected "format": "{format}")'), format=FORMAT
            )
        if data.get("version") not in READABLE:
            raise ReplayError.of(
                N_("unsupported replay version {version}"), version=repr(data.get("version"))
            )
        try:
            game = data["game"]
            players = data["players"]
            seed = data["seed"]
            options = data.get("options", {})
            raw_actions = data["actions"]
        except KeyError as exc:
            raise ReplayError.of(
                N_("replay is missing the field {name}"), name=repr(exc.args[0])
            ) from None
        if not isinstance(game, str):
            raise ReplayError.of(N_("replay field 'game' must be text"))
        if not isinstance(players, int) or not isinstance(seed, int):
            raise ReplayError.of(N_("replay fields 'players' and 'seed' must be whole numbers"))
        if not isinstance(options, dict) or not isinstance(raw_actions, list):
            raise ReplayError.of(
                N_("replay fields 'options' and 'actions' must be an object and a list")
            )
        actions = []
        for index, entry in enumerate(raw_actions):
            if (
                not isinstance(entry, dict)
                or not isinstance(entry.get("seat"), int)
                or not isinstance(entry.get("action"), dict)
            ):
                raise ReplayError.of(
                    N_("action #{index} must be {shape}"),
                    index=index,
                    shape='{"seat": int, "action": {...}}',
                )
            time = entry.get("time")
            if time is not None and not isinstance(time, (int, float)):
                raise ReplayError.of(N_("action #{index}: 'time' must be a number"), index=index)
            actions.append(LoggedAction(entry["seat"], entry["action"], time))
        scores = data.get("scores")
        if scores is not None and (
            not isinstance(scores, list) or not all(isinstance(s, (int, float)) for s in scores)
        ):
            raise ReplayError.of(N_("replay field 'scores' must be a list of numbers"))
        bots = data.get("bots")
        if data["version"] == 1:
            # Written before rules versions: played under the first.
            options = {RULES: FIRST, **options}
        return cls(game, players, seed, options, actions, scores, bots)

    @classmethod
    def load(cls, path: str | Path) -> ReplayLog:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise ReplayError.of(
                N_("cannot read {path}: {reason}"), path=str(path), reason=str(exc.strerror or exc)
            ) from None
        except UnicodeDecodeError:
            raise ReplayError.of(N_("{path} is not a text file"), path=str(path)) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError.of(
                N_("{path} is not valid JSON: {reason}"), path=str(path), reason=str(exc)
            ) from None
        return cls.from_json(data)


def _scores_text(scores: Sequence[float]) -> str:
    """Scores as a player reads them: [65, 125, 85], not [65.0, 125.0, 85.0]."""
    return "[" + ", ".join(f"{score:g}" for score in scores) + "]"


def replay(game: Game, log: ReplayLog, *, check_scores: bool = True) -> State:
    """Rebuild a game from its log; raises :class:`ReplayError` on any mismatch."""
    if log.game != game.id:
        raise ReplayError.of(
            N_("this log is for {logged}, not {game}"), logged=repr(log.game), game=repr(game.id)
        )
    try:
        state = game.new_state(log.players, log.options, log.seed)
    except Exception as exc:
        raise ReplayError.of(
            N_("cannot set up the logged game: {reason}"), reason=reason_of(exc)
        ) from None
    codec = game.codec(log.players)
    for index, entry in enumerate(log.actions):
        try:
            action = codec.from_json(entry.action)
            if entry.time is not None:
                state.advance_time(entry.time)
            state.apply(entry.seat, action)
        except (ActionFormatError, IllegalAction) as exc:
            # Players count seats and actions from 1, the log from 0.
            raise ReplayError.of(
                N_("action #{index} by seat {seat} cannot be replayed: {reason}"),
                index=index + 1,
                seat=entry.seat + 1,
                reason=reason_of(exc),
            ) from None
    if check_scores and log.scores is not None and state.scores() != log.scores:
        if not state.is_over():
            # The actions stop short of the end the logged scores come from: a cut log.
            raise ReplayError.of(
                N_(
                    "the log ends before the game is over, after {actions} actions, so its "
                    "scores {logged} cannot be checked"
                ),
                actions=len(log.actions),
                logged=_scores_text(log.scores),
            )
        raise ReplayError.of(
            N_("replayed scores {replayed} differ from the logged scores {logged}"),
            replayed=_scores_text(state.scores()),
            logged=_scores_text(log.scores),
        )
    return state
