"""One agent's exploration of one lair, room by room (Rulebook 003 §Lair Exploration Phase)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ...core import Action, IllegalAction
from ...i18n import N_
from .actions import Boost, Move, Stop, Teleport, Undo
from .components import SECRETS, SENTRIES, STATS, TRAPS
from .explorer import Explorer, Item
from .grid import DIRECTIONS
from .lair import Lair
from .text import illegal

#: Corrections allowed per exploration with the lenient "adjust my path" variant.
MAX_UNDOS = 10

RULE_MOVE = "Rulebook 003 §Lair Exploration Phase"
RULE_TRAPS = "Rulebook 003 §Traps"
RULE_SENTRIES = "Rulebook 003 §Sentries"
RULE_BACKTRACK = "Rulebook 003 §Continuing Exploration"
RULE_VARIANT2 = "Rulebook 003 §Variant 2"


@cache
def _move(direction: str, stealth: int, use: int) -> Move:
    """Moves are values: the few that exist are built once and shared."""
    return Move(direction, stealth, use)


@dataclass(slots=True)
class Run:
    """The explorer's state: where they are, what is left, what they did."""

    explorer: Explorer
    lair: Lair
    lenient: bool = False
    pos: int = 0
    visited: int = 0
    stats: list[int] = field(default_factory=lambda: [0, 0, 0])
    used: list[int] = field(default_factory=list)
    drilled: int = -1
    path: list[int] = field(default_factory=list)
    sentries: int = 0
    traps: int = 0
    stolen: list[int] = field(default_factory=list)
    done: bool = False
    undos: int = 0
    history: list[tuple[Any, ...]] = field(default_factory=list)
    options: tuple[Action, ...] = field(default=(), repr=False, compare=False)
    options_key: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def begin(cls, explorer: Explorer, lair: Lair, lenient: bool = False) -> Run:
        """Rulebook 003: each Agent begins in the starting square of the lair received."""
        run = cls(explorer, lair, lenient)
        run.pos = lair.start
        run.visited = 1 << lair.start
        run.stats = [explorer.movement, explorer.stealth, explorer.combat]
        run.path = [lair.start]
        run.refresh()
        return run

    def clone(self) -> Run:
        return Run(
            self.explorer,
            self.lair,
            self.lenient,
            self.pos,
            self.visited,
            list(self.stats),
            list(self.used),
            self.drilled,
            list(self.path),
            self.sentries,
            self.traps,
            list(self.stolen),
            self.done,
            self.undos,
            list(self.history),
            self.options,
            self.options_key,
        )

    # -- results -----------------------------------------------------------------------

    @property
    def rooms(self) -> int:
        """Rooms explored, the starting square counted."""
        return bin(self.visited).count("1")

    def stolen_value(self) -> int:
        values = [self.lair.secret_value(r) for r in self.stolen]
        total = sum(values)
        if values:
            for item in self.explorer.items:
                effect = item.effect
                if effect.kind == "secret_bonus":
                    total += effect.amount + (max(values) if effect.double else 0)
        return total

    # -- rules -------------------------------------------------------------------------

    def _item(self, number: int, kind: str) -> Item | None:
        item = self.explorer.item(number)
        if item is None or item.effect.kind != kind or number in self.used:
            return None
        return item

    def move_costs(self, action: Move) -> tuple[int, int, int, int, bool] | IllegalAction:
        """(target, movement, stealth, combat, drills) for a move, or why it is illegal."""
        if action.direction not in DIRECTIONS:
            return illegal(
                N_("{direction} is not a direction"), RULE_MOVE, direction=repr(action.direction)
            )
        passage = self._passage(action.direction)
        if isinstance(passage, IllegalAction):
            return passage
        target, drills = passage
        paid = self._entry(target, action.stealth, action.use)
        if isinstance(paid, IllegalAction):
            return paid
        m, s, c = paid
        return target, m, s, c, drills

    def _passage(self, direction: str) -> tuple[int, bool] | IllegalAction:
        """The room a direction leads to and whether reaching it drills a wall."""
        grid = self.lair.grid
        target = grid.step(self.pos, direction)
        if target is None or target in self.lair.board.blocked:
            return illegal(N_("there is no room that way"), RULE_MOVE)
        edge = grid.edge_between(self.pos, target)
        drills = False
        if self.lair.walls >> edge & 1 and edge != self.drilled:
            drill = next((i for i in self.explorer.items if i.effect.kind == "drill"), None)
            if drill is None or drill.number in self.used:
                return illegal(N_("Agents cannot move through walls"), RULE_MOVE)
            drills = True
        return target, drills

    def _entry(self, target: int, stealth: int, use: int) -> tuple[int, int, int] | IllegalAction:
        """What entering a neighbouring room costs (movement, stealth, combat), or why not."""
        m, s, c = 1, 0, 0
        if not self.visited >> target & 1:
            kind = self.lair.rooms[target]
            waive: tuple[str, ...] = ()
            if use:
                item = self._item(use, "free_pass")
                if item is None or kind not in item.effect.targets:
                    return illegal(N_("that item cannot be used on this room"), RULE_MOVE)
                waive = item.effect.waive
            if kind in TRAPS or kind in SENTRIES:
                cost = self.lair.board.costs[kind]
                every = "all" in waive
                m += 0 if every or "movement" in waive else cost.movement
                s += 0 if every or "stealth" in waive else cost.stealth
                c += 0 if every or "combat" in waive else cost.combat
                pool = 0 if every or "stealth" in waive or "movement" in waive else cost.any
                if not 0 <= stealth <= pool:
                    return illegal(
                        N_("split the Shark Pool's {pool} between Stealth and Movement"),
                        RULE_TRAPS,
                        pool=pool,
                    )
                s += stealth
                m += pool - stealth
            elif stealth:
                return illegal(N_("only a Shark Pool is paid in a mix"), RULE_TRAPS)
        elif use or stealth:
            return illegal(
                N_("backtracking pays 1 Movement only: no Trap, Sentry or item again"),
                RULE_BACKTRACK,
            )
        if m > self.stats[0] or s > self.stats[1] or c > self.stats[2]:
            return illegal(
                N_(
                    "entering costs {movement} Movement, {stealth} Stealth and {combat} Combat; "
                    "the Agent has {has_movement}, {has_stealth} and {has_combat}"
                ),
                RULE_MOVE,
                movement=m,
                stealth=s,
                combat=c,
                has_movement=self.stats[0],
                has_stealth=self.stats[1],
                has_combat=self.stats[2],
            )
        return m, s, c

    def _key(self) -> tuple[Any, ...]:
        """Everything :meth:`legal` reads, to tell whether its last answer still holds."""
        return (
            self.explorer,
            self.lair,
            self.lenient,
            self.pos,
            self.visited,
            tuple(self.stats),
            tuple(self.used),
            self.drilled,
            self.done,
            bool(self.history),
            self.undos,
        )

    def legal(self) -> list[Action]:
        if self.done:
            return []
        # Every action ends with refresh(), which lists the options to see whether the
        # Agent can still move; the decision that follows asks for the same list again.
        key = self._key()
        if key != self.options_key:
            self.options = tuple(self._legal())
            self.options_key = key
        return list(self.options)

    def _legal(self) -> list[Action]:
        out: list[Action] = []
        passes = [
            i
            for i in self.explorer.items
            if i.effect.kind == "free_pass" and i.number not in self.used
        ]
        grid = self.lair.grid
        for direction in DIRECTIONS:
            target = grid.step(self.pos, direction)
            if target is None:
                continue
            # A move's way through is the same whatever is paid on arrival.
            if isinstance(self._passage(direction), IllegalAction):
                continue
            kind = self.lair.rooms[target]
            pool = self.lair.board.costs[kind].any if kind in TRAPS else 0
            new = not self.visited >> target & 1
            uses = [0] + ([i.number for i in passes if kind in i.effect.targets] if new else [])
            for use in uses:
                for stealth in range(pool + 1 if new else 1):
                    if not isinstance(self._entry(target, stealth, use), IllegalAction):
                        out.append(_move(direction, stealth, use))
        if self._item(6, "teleport") is not None:
            for room in range(grid.size):
                if self.visited >> room & 1 and room != self.pos:
                    out.append(Teleport(*grid.row_col(room)))
        for item in self.explorer.items:
            if item.effect.kind == "boost" and item.number not in self.used:
                out += [Boost(item.number, stat) for stat in item.effect.stats]
        out.append(Stop())
        if self.lenient and self.history and self.undos < MAX_UNDOS:
            out.append(Undo())
        return out

    def explain(self, action: Action) -> IllegalAction:
        if self.done:
            return illegal(N_("this Agent has finished exploring"), RULE_MOVE)
        if isinstance(action, Move):
            result = self.move_costs(action)
            if isinstance(result, IllegalAction):
                return result
        if isinstance(action, Teleport):
            return illegal(N_("teleport only with that power, to an explored room"), RULE_MOVE)
        if isinstance(action, Boost):
            return illegal(N_("that item is not an unused boost for this stat"), RULE_MOVE)
        if isinstance(action, Undo):
            return illegal(N_("corrections need the lenient variant"), RULE_VARIANT2)
        return illegal(
            N_("{action} is not an exploration action now"), RULE_MOVE, action=repr(action)
        )

    def _save(self) -> None:
        if self.lenient:
            self.history.append(
                (
                    self.pos,
                    self.visited,
                    list(self.stats),
                    list(self.used),
                    self.drilled,
                    list(self.path),
                    self.sentries,
                    self.traps,
                    list(self.stolen),
                )
            )

    def apply(self, action: Action) -> dict[str, Any]:
        """Take a legal action; returns what happened (for the event log)."""
        grid = self.lair.grid
        if isinstance(action, Stop):
            self.done = True
            return {"stop": True}
        if isinstance(action, Undo):
            (
                self.pos,
                self.visited,
                self.stats,
                self.used,
                self.drilled,
                self.path,
                self.sentries,
                self.traps,
                self.stolen,
            ) = self.history.pop()
            self.undos += 1
            return {"undo": True}
        self._save()
        if isinstance(action, Boost):
            item = self.explorer.item(action.item)
            assert item is not None
            self.used.append(action.item)
            self.stats[STATS.index(action.stat)] += item.effect.amount
            self.refresh()
            return {"boost": action.stat, "amount": item.effect.amount}
        if isinstance(action, Teleport):
            self.used.append(6)
            self.pos = grid.room(action.row, action.col)
            self.path.append(self.pos)
            self.refresh()
            return {"teleport": [action.row, action.col]}
        assert isinstance(action, Move)
        result = self.move_costs(action)
        assert not isinstance(result, IllegalAction)
        target, m, s, c, drills = result
        if drills:
            drill = next(i for i in self.explorer.items if i.effect.kind == "drill")
            self.used.append(drill.number)
            self.drilled = grid.edge_between(self.pos, target)
        self.stats[0] -= m
        self.stats[1] -= s
        self.stats[2] -= c
        if action.use:
            self.used.append(action.use)
        new = not self.visited >> target & 1
        kind = self.lair.rooms[target]
        if new:
            self.visited |= 1 << target
            if kind in SENTRIES:
                self.sentries += 1
            elif kind in TRAPS:
                item = self.explorer.item(action.use) if action.use else None
                if item is None or not item.effect.untriggered:
                    self.traps += 1
            elif kind in SECRETS:
                self.stolen.append(target)
        self.pos = target
        self.path.append(target)
        self.refresh()
        return {
            "room": list(grid.row_col(target)),
            "new": new,
            "paid": [m, s, c],
            "drilled": drills,
            "content": kind,
        }

    def refresh(self) -> None:
        """Rulebook 003: an Agent stops exploring when it can no longer move."""
        if self.done:
            return
        options = self.legal()
        if all(isinstance(a, (Stop, Undo)) for a in options) and not any(
            isinstance(a, Undo) for a in options
        ):
            self.done = True

    def to_json(self) -> dict[str, Any]:
        grid = self.lair.grid
        return {
            "pos": list(grid.row_col(self.pos)),
            "visited": [list(grid.row_col(r)) for r in range(grid.size) if self.visited >> r & 1],
            "stats": list(self.stats),
            "used": list(self.used),
            "drilled": list(grid.edge_name(self.drilled)) if self.drilled >= 0 else None,
            "path": [list(grid.row_col(r)) for r in self.path],
            "rooms": self.rooms,
            "sentries": self.sentries,
            "traps": self.traps,
            "stolen": self.stolen_value(),
            "done": self.done,
        }
