"""The SpyWorld tensor's floats, written from the state: the game's fast tensor path.

It writes exactly the floats :func:`.tensor.encode` computes from ``observation(seat)`` (the
layout, scales and reasons are there and in docs/games/spyworld.md), without building the
observation dict: the tests hold the two equal, float for float, over random positions of
every table size, so this path knows no more than the observation does (another seat's
Agent cards stay out until exploration reveals them, as in the observation).

A lair's planes (rooms and walls, 300 floats) change only when something is drawn in it, so
they are kept by the lair's contents and copied in whole. A table on a custom board file
takes the reference path.

Plain typed Python that mypyc compiles (``setup.py``; :func:`topsecret.core.native.fastest`
picks the build); the tests hold both this module and its build equal to the reference.
"""

from __future__ import annotations

from array import array
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ...core.tensors import Floats
from .components import CARD_FRONTS, agents, cards, gadgets, lairs
from .components import missions as all_missions
from .components import sheet as rules_sheet
from .tensor import (
    AGENT_MODES,
    ITEMS,
    PHASES,
    REWARD_KINDS,
    ROOM_KINDS,
    SLOTS,
    _edge_planes,
    _limits,
    board_features,
    encode,
    layout,
)

if TYPE_CHECKING:
    from .components import LairBoard
    from .exploring import Run
    from .state import SpyWorldState

#: Lairs remembered before the memory starts afresh.
_LAIRS_KEPT = 4096

#: A deck's top card (a C-level getter: the offer's key is built on every tensor).
_top = itemgetter(-1)


#: The shared slices :meth:`SpyWorldWriter.write` writes, in the order it unpacks them.
_SLICES = (
    "phase",
    "round",
    "rules",
    "board",
    "offer_fronts",
    "offer_points",
    "offer_backs",
    "deck_sizes",
    "missions",
)


class SpyWorldWriter:
    """One table size: offsets, scales and index tables worked out once."""

    def __init__(self, players: int) -> None:
        self.offsets = layout(players).offsets()
        self.players = players
        rules = rules_sheet()
        self.limits = _limits()
        self.room_count = rules.grid.size
        self.start = rules.start
        grid = rules.grid
        self.edges = tuple(
            (plane * grid.size + room)
            for plane, room in (_edge_planes(*grid.edge_name(e)) for e in range(grid.edge_count))
        )
        self.boards = list(lairs())
        self.agent_count = len(agents())
        self.mission_count = len(all_missions())
        # Each id read back as the reference path reads it (the first of equal ids).
        agent_ids = [a.id for a in agents()]
        self.agent_index = tuple(agent_ids.index(a.id) for a in agents())
        mission_ids = [m.id for m in all_missions()]
        self.mission_index = tuple(mission_ids.index(m.id) for m in all_missions())
        self.mission_id = tuple(m.id for m in all_missions())
        self.gadget_numbers = tuple(g.number for g in gadgets())
        #: Each gadget number's places in the gadgets slice (the reference marks every
        #: gadget whose number a sheet holds).
        self.gadget_places: dict[int, tuple[int, ...]] = {}
        for i, number in enumerate(self.gadget_numbers):
            self.gadget_places[number] = (*self.gadget_places.get(number, ()), i)
        #: Each reward kind's place (the first of equal kinds, as ``index`` finds it).
        self.reward_index = {kind: i for i, kind in reversed(list(enumerate(REWARD_KINDS)))}
        #: The seats in relative order, "me" first, for each seat.
        self.orders = tuple(
            tuple((me + k) % players for k in range(players)) for me in range(players)
        )
        self.front_index = {front: i for i, front in reversed(list(enumerate(CARD_FRONTS)))}
        self.kind_index = {kind: i for i, kind in reversed(list(enumerate(ROOM_KINDS)))}
        # Each card's offer features by card id, as the reference computes them.
        all_cards = cards()
        self.card_front = tuple(self.front_index[card.front] for card in all_cards)
        self.card_points = tuple(int(card.points) / self.limits["points"] for card in all_cards)
        self.card_back = tuple(
            (float(card.back[0] == "R"), float(card.back[0] == "B"), int(card.back[1]) - 1)
            for card in all_cards
        )
        offsets = self.offsets
        self.lair_at = tuple(offsets[f"lair{k}_rooms"] for k in range(players))
        self.sheet_at = tuple(
            tuple(
                offsets[f"{prefix}{k}_{name}"]
                for prefix, name in (
                    ("sheet", "money"),
                    ("sheet", "stats"),
                    ("sheet", "gadgets"),
                    ("sheet", "missions"),
                    ("sheet", "agent"),
                    ("sheet", "dealt"),
                    ("seat", "turn"),
                )
            )
            for k in range(players)
        )
        self.run_at = tuple(
            (offsets[f"run{k}_explorer"], offsets[f"run{k}_position"]) for k in range(players)
        )
        self._at = tuple(offsets[name] for name in _SLICES)
        self._runs: dict[tuple[Any, ...], Floats] = {}
        self._heads: dict[tuple[Any, ...], tuple[Floats, dict[str, int]]] = {}
        # The shared slices come first, the lairs right after them.
        self._head_size = offsets["lair0_rooms"]
        if offsets["phase"] != 0:
            raise ValueError("the SpyWorld layout no longer starts with the shared slices")
        self._board_parts: dict[str, Floats] = {}
        self._fixed: dict[tuple[Any, ...], Floats] = {}
        self._rooms: dict[tuple[Any, ...], Floats] = {}
        self._walls: dict[int, Floats] = {}

    def _board_block(self, board: LairBoard | None) -> Floats:
        """board, board_costs, board_secrets and board_blocked, laid end to end."""
        key = board.id if board is not None else ""
        found = self._board_parts.get(key)
        if found is not None:
            return found
        found = self._board_parts[key] = array("f", board_features(board, self.room_count))
        return found

    def _room_planes(self, board: LairBoard | None, rooms: list[str]) -> Floats:
        """One lair's room planes, kept by the board and the rooms' contents."""
        key = (board.id if board is not None else "", tuple(rooms))
        found = self._rooms.get(key)
        if found is None:
            size = self.room_count
            found = array("f", bytes(4 * len(ROOM_KINDS) * size))
            skip = set(board.blocked if board else ())
            skip.add(self.start)
            kind_index = self.kind_index
            for room, kind in enumerate(rooms):
                if room not in skip:
                    found[kind_index[kind] * size + room] = 1.0
            if len(self._rooms) >= _LAIRS_KEPT:
                self._rooms.clear()
            self._rooms[key] = found
        return found

    def _wall_planes(self, walls: int) -> Floats:
        """One lair's wall planes, kept by its walls."""
        found = self._walls.get(walls)
        if found is None:
            found = array("f", bytes(4 * 2 * self.room_count))
            edges = self.edges
            rest = walls
            while rest:
                low = rest & -rest
                found[edges[low.bit_length() - 1]] = 1.0
                rest ^= low
            if len(self._walls) >= _LAIRS_KEPT:
                self._walls.clear()
            self._walls[walls] = found
        return found

    def _head(self, s: SpyWorldState, board: LairBoard | None) -> tuple[Floats, dict[str, int]]:
        """The slices every seat sees alike from rules to missions (phase and round, which
        change every few steps, are left at zero for :meth:`write`), and the slot of each
        mission in play."""
        (
            _at_phase,
            _at_round,
            at_rules,
            at_board,
            at_offer_fronts,
            at_offer_points,
            at_offer_backs,
            at_deck_sizes,
            at_missions,
        ) = self._at
        limits = self.limits
        rules_key = (s.expert, s.lenient, s.agent_mode, board.id if board is not None else "")
        fixed = self._fixed.get(rules_key)
        if fixed is None:
            # The rules and the board, which stay as they are for the whole game.
            fixed = array("f", bytes(4 * self._head_size))
            base = at_rules
            for i, letter in enumerate(str(s.expert)):
                fixed[base + i] = float(letter == "E")
            base += len(str(s.expert))
            fixed[base] = float(bool(s.lenient))
            fixed[base + 1 + AGENT_MODES.index(s.agent_mode)] = 1.0
            block = self._board_block(board)
            base = at_board
            fixed[base : base + len(block)] = block
            if len(self._fixed) >= _LAIRS_KEPT:
                self._fixed.clear()
            self._fixed[rules_key] = fixed
        out = fixed[:]

        base = at_offer_fronts
        points = at_offer_points
        fronts = len(CARD_FRONTS)
        card_front = self.card_front
        card_points = self.card_points
        for slot, c in enumerate(s.faceup):
            out[base + slot * fronts + card_front[c]] = 1.0
            out[points + slot] = card_points[c]
        base = at_offer_backs
        card_back = self.card_back
        for slot, deck in enumerate(s.decks):
            red, blue, number = card_back[deck[-1]]
            at = base + slot * 7
            out[at] = red
            out[at + 1] = blue
            if 0 <= number < 5:
                out[at + 2 + number] = 1.0
        base = at_deck_sizes
        for slot, deck in enumerate(s.decks):
            out[base + slot] = len(deck) / limits["deck"]
        base = at_missions
        slot_of: dict[str, int] = {}
        width = self.mission_count + 1
        for slot, m in enumerate(s.missions):
            slot_of[self.mission_id[m]] = slot
            out[base + slot * width + self.mission_index[m]] = 1.0
            out[base + slot * width + self.mission_count] = float(bool(s.mission_claimed[slot]))

        return out, slot_of

    def write(self, s: SpyWorldState, seat: int, out: Floats) -> None:
        if str(s.board_name or "").endswith(".toml"):
            out[:] = array("f", encode(s.observation(seat), self.players))
            return
        n = self.players
        limits = self.limits
        me = seat
        order = self.orders[me]
        revealed = s.phase in ("explore", "over")

        board = lairs().get(str(s.board.id))
        decks = s.decks
        key = (
            s.expert,
            s.lenient,
            s.agent_mode,
            board.id if board is not None else "",
            tuple(s.faceup),
            tuple(map(_top, decks)),
            tuple(map(len, decks)),
            tuple(s.missions),
            tuple(s.mission_claimed),
        )
        found = self._heads.get(key)
        if found is None:
            found = self._head(s, board)
            if len(self._heads) >= _LAIRS_KEPT:
                self._heads.clear()
            self._heads[key] = found
        head, slot_of = found
        out[0 : len(head)] = head
        phase_at, round_at = self._at[0], self._at[1]
        out[phase_at + PHASES.index(s.phase)] = 1.0
        final = s.final_round
        out[round_at] = s.round / limits["rounds"]
        out[round_at + 1] = float(final >= 0)
        out[round_at + 2] = float(final == s.round)

        sheets = s.sheets
        for k, owner in enumerate(order):
            sh = sheets[owner]
            planes = self._room_planes(board, sh.rooms)
            base = self.lair_at[k]
            out[base : base + len(planes)] = planes
            walls = self._wall_planes(int(sh.walls))
            base += len(planes)
            out[base : base + len(walls)] = walls

        step = s.step
        chosen: set[int] = set()
        if step is not None:
            chosen = {other for other in step.seats if step.has_chosen(other)}
        acting = set(s.acting_players()) if not s.is_over() else set()
        pending = s.pending
        last = s.last_choices
        budget_scale = limits["budget"]
        earned_scale = limits["earned"]
        bonus_scale = limits["bonus"]
        rounds_scale = limits["rounds"]
        stat_scale = limits["stat"]
        gadget_places = self.gadget_places
        agent_index = self.agent_index
        reward_index = self.reward_index
        rewards = len(REWARD_KINDS)
        for k, owner in enumerate(order):
            sh = sheets[owner]
            money, stats, gadget_at, missions_at, agent_at, dealt_at, turn = self.sheet_at[k]
            base = money
            out[base] = int(sh.budget) / budget_scale
            out[base + 1] = int(sh.earned) / earned_scale
            out[base + 2] = int(sh.bonus_used) / bonus_scale
            out[base + 3] = int(sh.passes) / rounds_scale
            base = stats
            for i, v in enumerate(sh.stats):
                out[base + i] = int(v) / stat_scale
            base = gadget_at
            for number in sh.gadgets:
                for i in gadget_places.get(number, ()):
                    out[base + i] = 1.0
            base = missions_at
            for mission_id, reward in sh.missions:
                if mission_id in slot_of:
                    at = slot_of[mission_id] * rewards + reward_index[reward]
                    out[base + at] = 1.0
            if revealed or owner == me:
                if sh.agent >= 0:
                    out[agent_at + agent_index[sh.agent]] = 1.0
                base = dealt_at
                for a in sh.dealt:
                    out[base + agent_index[a]] = 1.0
            base = turn
            # The buffer starts at zero, so only the flags that are set are written.
            if owner in acting:
                out[base] = 1.0
            if owner in chosen:
                out[base + 1] = 1.0
            for slot in pending[owner]:
                if 0 <= slot < SLOTS:
                    out[base + 2 + slot] = 1.0
            choice = last.get(owner)
            if choice == "pass":
                out[base + 2 + SLOTS] = 1.0
            elif isinstance(choice, list):
                for slot in choice:
                    if 0 <= slot < SLOTS:
                        out[base + 3 + SLOTS + slot] = 1.0

        if not revealed:
            return
        for k, owner in enumerate(order):
            explorer = int(s.explorer_of[owner])
            run = s.runs[explorer]
            explorer_at, base = self.run_at[k]
            if explorer >= 0:
                out[explorer_at + (explorer - me) % n] = 1.0
            if run is not None:
                block = self._run_block(run)
                out[base : base + len(block)] = block

    def _run_block(self, run: Run) -> Floats:
        """position, visited, drilled, stats, used and counts of one run, laid end to end."""
        key = (
            run.pos,
            run.visited,
            run.drilled,
            tuple(run.stats),
            tuple(run.used),
            run.sentries,
            run.traps,
            run.done,
        )
        found = self._runs.get(key)
        if found is not None:
            return found
        size = self.room_count
        limits = self.limits
        block = array("f", bytes(4 * (4 * size + 3 + ITEMS + 4)))
        block[run.pos] = 1.0
        for room in range(size):
            if run.visited >> room & 1:
                block[size + room] = 1.0
        if run.drilled >= 0:
            block[2 * size + self.edges[run.drilled]] = 1.0
        base = 4 * size
        for i, v in enumerate(run.stats):
            block[base + i] = int(v) / limits["run_stat"]
        base += 3
        for item in run.used:
            if 1 <= item <= ITEMS:
                block[base + item - 1] = 1.0
        base += ITEMS
        block[base] = run.rooms / limits["rooms"]
        block[base + 1] = run.sentries / limits["rooms"]
        block[base + 2] = run.traps / limits["rooms"]
        block[base + 3] = float(bool(run.done))
        if len(self._runs) >= _LAIRS_KEPT:
            self._runs.clear()
        self._runs[key] = block
        return block


def writer(game: Any, players: int) -> SpyWorldWriter:
    """The writer for a SpyWorld table of ``players`` seats."""
    return SpyWorldWriter(players)
