"""SpyWorld observations as fixed-size tensors (docs/games/spyworld.md, "Observation tensor").

Everything here reads the observation dict a seat receives, never the state, so the tensor
holds exactly what the seat may know. Seats are taken relative to the observer: block 0 is
the observer's own lair, sheet and run, block 1 the next seat in turn order, and so on, so a
policy learnt in one seat plays in any other.

Rooms are laid out as 5x5 planes, row by row from the top (room ``(row - 1) * 5 + col - 1``),
so a convolutional network can read a lair as an image. Counts are divided by the maximum
the rules allow (from ``data/sheet.toml``) so every value lies in [0, 1].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ...core.errors import DataFileError
from ...core.tensors import TensorLayout, TensorSlice
from .components import (
    CARD_FRONTS,
    SECRETS,
    SENTRIES,
    STATS,
    TRAPS,
    LairBoard,
    agents,
    cards,
    gadgets,
    lair_board,
    lairs,
    missions,
    sheet,
)

PHASES = ("agents", "choose", "resolve", "missions", "explore", "over")
AGENT_MODES = ("none", "one", "two", "free")
#: What a room can hold, in plane order; "" is an empty room.
ROOM_KINDS = ("", *TRAPS, *SENTRIES, *SECRETS)
ROOM_PLANES = ("empty", *TRAPS, *SENTRIES, *SECRETS)
COST_FIELDS = ("movement", "stealth", "combat", "any")
REWARD_KINDS = ("money", "points")
#: Item numbers an explorer may use: gadgets 1-5, then the Agent's power.
ITEMS = 6
#: A Secret's end value reads 1 from here up (the boxed boards go to 30).
SECRET_END_SCALE = 50
SLOTS = 3


@cache
def _limits() -> dict[str, int]:
    """The maxima every count is divided by, read from the data so a changed rule follows."""
    rules = sheet()
    boosts = [
        max(side.effect.amount for side in (g.normal, g.expert) if side.effect.kind == "boost")
        for g in gadgets()
        if any(side.effect.kind == "boost" for side in (g.normal, g.expert))
    ]
    powers = [a.power.amount for a in agents() if a.power.kind == "boost"]
    return {
        # A budget starts at 10, a beginner gets 5 more, and at most 40 is earned in a game.
        "budget": rules.start_budget + rules.beginner_bonus + rules.earn_cap,
        "earned": rules.earn_cap,
        "stat": rules.stat_cap,
        # During a run boosts may lift a stat above the training cap.
        "run_stat": rules.stat_cap + sum(boosts) + max(powers, default=0),
        "bonus": len(rules.bonus_costs),
        "rounds": rules.max_rounds,
        "deck": rules.deck_size,
        "points": max((c.points for c in cards()), default=1) or 1,
        "rooms": rules.grid.size,
        "edges": rules.grid.edge_count,
    }


def layout(players: int) -> TensorLayout:
    """The named slices for a table of ``players`` seats."""
    rules = sheet()
    limits = _limits()
    size = rules.grid.size
    n_agents = len(agents())
    n_missions = len(missions())
    parts = [
        TensorSlice("phase", len(PHASES), "phase one-hot: " + ", ".join(PHASES)),
        TensorSlice(
            "round",
            3,
            f"round / {limits['rounds']}; the final round is announced; this is it",
        ),
        TensorSlice(
            "rules",
            5 + 1 + len(AGENT_MODES),
            "expert side of gadgets 1-5; lenient; agent mode one-hot (none, one, two, free)",
        ),
        TensorSlice("board", len(lairs()), "lair board one-hot in box order (custom: none)"),
        TensorSlice(
            "board_costs",
            len(TRAPS + SENTRIES) * len(COST_FIELDS),
            "per Trap then Sentry kind: Movement, Stealth, Combat, either; "
            f"min(cost, {limits['stat']}) / {limits['stat']}",
        ),
        TensorSlice(
            "board_secrets",
            2 * len(SECRETS),
            f"per Secret kind: value when placed / {limits['earned']}, "
            f"value at the end / {SECRET_END_SCALE} (both capped at 1)",
        ),
        TensorSlice("board_blocked", size, "5x5 plane: rooms the board blocks"),
        TensorSlice(
            "offer_fronts",
            SLOTS * len(CARD_FRONTS),
            "per face-up slot: card front one-hot (" + ", ".join(CARD_FRONTS) + ")",
        ),
        TensorSlice(
            "offer_points", SLOTS, f"per face-up slot: training points / {limits['points']}"
        ),
        TensorSlice(
            "offer_backs",
            SLOTS * 7,
            "per deck: top back colour (red row, blue column), then number 1-5 one-hot",
        ),
        TensorSlice("deck_sizes", SLOTS, f"cards left in each deck / {limits['deck']}"),
        TensorSlice(
            "missions",
            SLOTS * (n_missions + 1),
            "per mission slot: mission one-hot in missions.toml order, then claimed",
        ),
    ]
    for k in range(players):
        parts.append(
            TensorSlice(
                f"lair{k}_rooms",
                len(ROOM_PLANES) * size,
                f"lair of seat +{k} (0 = mine): 5x5 planes, one per kind: "
                + ", ".join(ROOM_PLANES),
            )
        )
        parts.append(
            TensorSlice(
                f"lair{k}_walls",
                2 * size,
                f"lair of seat +{k}: 5x5 planes, wall on a room's east side, on its south side",
            )
        )
    for k in range(players):
        parts += [
            TensorSlice(
                f"sheet{k}_money",
                4,
                f"seat +{k}: budget / {limits['budget']}, earned / {limits['earned']}, "
                f"bonus actions used / {limits['bonus']}, passes / {limits['rounds']}",
            ),
            TensorSlice(
                f"sheet{k}_stats", len(STATS), f"seat +{k}: training / {limits['stat']} (M, S, C)"
            ),
            TensorSlice(f"sheet{k}_gadgets", len(gadgets()), f"seat +{k}: gadgets 1-5 held"),
            TensorSlice(
                f"sheet{k}_missions",
                SLOTS * len(REWARD_KINDS),
                f"seat +{k}: per mission slot, claimed for money, for points",
            ),
            TensorSlice(
                f"sheet{k}_agent", n_agents, f"seat +{k}: Agent kept, one-hot (none if unknown)"
            ),
            TensorSlice(
                f"sheet{k}_dealt", n_agents, f"seat +{k}: Agent cards dealt (none if unknown)"
            ),
            TensorSlice(
                f"seat{k}_turn",
                2 + SLOTS + 1 + SLOTS,
                f"seat +{k}: acting, has chosen in the open step, slots still to resolve (3), "
                "last round's choice: pass, slots taken (3)",
            ),
        ]
    for k in range(players):
        parts += [
            TensorSlice(
                f"run{k}_explorer",
                players,
                f"explorer of lair +{k}: relative seat one-hot (none before exploration)",
            ),
            TensorSlice(f"run{k}_position", size, f"lair +{k}: 5x5 plane, the explorer's room"),
            TensorSlice(f"run{k}_visited", size, f"lair +{k}: 5x5 plane, rooms explored"),
            TensorSlice(
                f"run{k}_drilled",
                2 * size,
                f"lair +{k}: 5x5 planes, wall drilled on a room's east side, south side",
            ),
            TensorSlice(
                f"run{k}_stats",
                len(STATS),
                f"lair +{k}: explorer's stats left / {limits['run_stat']} (M, S, C)",
            ),
            TensorSlice(
                f"run{k}_used", ITEMS, f"lair +{k}: gadgets 1-5 and the Agent's power used"
            ),
            TensorSlice(
                f"run{k}_counts",
                4,
                f"lair +{k}: rooms explored, Sentries, Traps, each / {limits['rooms']}; run done",
            ),
        ]
    return TensorLayout(tuple(parts))


@cache
def _board_by_name(name: str) -> LairBoard | None:
    try:
        return lair_board(name)
    except (DataFileError, OSError):
        return None


def _board(observation: Mapping[str, Any]) -> LairBoard | None:
    name = str(observation.get("board_name") or "")
    if name.endswith(".toml"):
        return _board_by_name(name)
    return lairs().get(str(observation["board"]))


def _room(cell: Sequence[int]) -> int:
    """Room index of a 1-based [row, col] from the observation."""
    grid = sheet().grid
    return grid.room(int(cell[0]), int(cell[1]))


def _edge_planes(row: int, col: int, side: str) -> tuple[int, int]:
    """(plane, room) of an edge named by its west/north room: east plane 0, south plane 1."""
    grid = sheet().grid
    return (0 if side == "east" else 1), grid.room(row, col)


def _wall_planes(walls: int) -> list[float]:
    grid = sheet().grid
    out = [0.0] * (2 * grid.size)
    for edge in range(grid.edge_count):
        if walls >> edge & 1:
            plane, room = _edge_planes(*grid.edge_name(edge))
            out[plane * grid.size + room] = 1.0
    return out


def board_features(board: LairBoard | None, rooms: int) -> list[float]:
    """The slices board, board_costs, board_secrets and board_blocked, laid end to end (zeros
    for a house board's one-hot, all zeros when no board is known)."""
    rules = sheet()
    names = list(lairs())
    out = _one_hot(names.index(board.id) if board and board.id in names else -1, len(names))
    blocked = [0.0] * rooms
    if board is None:
        out += [0.0] * (len(TRAPS + SENTRIES) * len(COST_FIELDS) + 2 * len(SECRETS))
    else:
        cap = rules.stat_cap
        for kind in TRAPS + SENTRIES:
            cost = board.costs[kind]
            out += [min(getattr(cost, name), cap) / cap for name in COST_FIELDS]
        for kind in SECRETS:
            value = board.secrets[kind]
            out += [
                min(value.now, rules.earn_cap) / rules.earn_cap,
                min(value.end, SECRET_END_SCALE) / SECRET_END_SCALE,
            ]
        for room in board.blocked:
            blocked[room] = 1.0
    return out + blocked


def _one_hot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def encode(observation: Mapping[str, Any], players: int) -> list[float]:
    """A seat's observation as the flat tensor :func:`layout` describes."""
    rules = sheet()
    limits = _limits()
    size = rules.grid.size
    seat = observation.get("seat")
    me = int(seat) if seat is not None else 0
    order = [(me + k) % players for k in range(players)]
    agent_ids = [a.id for a in agents()]
    mission_ids = [m.id for m in missions()]
    out: list[float] = []

    out += _one_hot(PHASES.index(observation["phase"]), len(PHASES))
    final = int(observation["final_round"])
    out += [
        int(observation["round"]) / limits["rounds"],
        float(final >= 0),
        float(final == int(observation["round"])),
    ]
    out += [float(letter == "E") for letter in str(observation["expert"])]
    out.append(float(bool(observation["lenient"])))
    out += _one_hot(AGENT_MODES.index(observation["agent_mode"]), len(AGENT_MODES))

    board = _board(observation)
    out += board_features(board, size)

    faceup = observation["faceup"]
    for card in faceup:
        out += _one_hot(CARD_FRONTS.index(card["front"]), len(CARD_FRONTS))
    out += [int(card["points"]) / limits["points"] for card in faceup]
    for back in observation["top_backs"]:
        out += [float(back[0] == "R"), float(back[0] == "B")]
        out += _one_hot(int(back[1]) - 1, 5)
    out += [int(n) / limits["deck"] for n in observation["deck_sizes"]]
    slot_of: dict[str, int] = {}
    for slot, mission in enumerate(observation["missions"]):
        slot_of[mission["id"]] = slot
        out += _one_hot(mission_ids.index(mission["id"]), len(mission_ids))
        out.append(float(bool(mission["claimed"])))

    sheets = observation["sheets"]
    for owner in order:
        rooms = sheets[owner]["rooms"]
        planes = [0.0] * (len(ROOM_KINDS) * size)
        for room, kind in enumerate(rooms):
            if room in (board.blocked if board else ()) or room == rules.start:
                # Neither holds anything nor can be entered as an empty room can.
                continue
            planes[ROOM_KINDS.index(kind) * size + room] = 1.0
        out += planes
        out += _wall_planes(int(sheets[owner]["walls"]))

    step = observation.get("step") or {}
    chosen = set(step.get("chosen", ()))
    acting = set(observation.get("acting", ()))
    pending = observation["pending"]
    last = observation["last_choices"]
    for owner in order:
        sh = sheets[owner]
        out += [
            int(sh["budget"]) / limits["budget"],
            int(sh["earned"]) / limits["earned"],
            int(sh["bonus_used"]) / limits["bonus"],
            int(sh["passes"]) / limits["rounds"],
        ]
        out += [int(v) / limits["stat"] for v in sh["stats"]]
        held = set(sh["gadgets"])
        out += [float(g.number in held) for g in gadgets()]
        claims = [0.0] * (SLOTS * len(REWARD_KINDS))
        for mission_id, reward in sh["missions"]:
            if mission_id in slot_of:
                claims[slot_of[mission_id] * len(REWARD_KINDS) + REWARD_KINDS.index(reward)] = 1.0
        out += claims
        agent = sh["agent"]
        out += _one_hot(agent_ids.index(agent) if agent is not None else -1, len(agent_ids))
        dealt = set(sh["dealt"] or ())
        out += [float(a in dealt) for a in agent_ids]
        out += [float(owner in acting), float(owner in chosen)]
        waiting = set(pending[owner])
        out += [float(slot in waiting) for slot in range(SLOTS)]
        choice = last.get(str(owner))
        out.append(float(choice == "pass"))
        taken = set(choice) if isinstance(choice, list) else set()
        out += [float(slot in taken) for slot in range(SLOTS)]

    runs = observation.get("runs")
    explorer_of = observation.get("explorer_of")
    for owner in order:
        run = None
        explorer = -1
        if runs is not None and explorer_of is not None:
            explorer = int(explorer_of[owner])
            run = runs[explorer]
        out += _one_hot((explorer - me) % players if explorer >= 0 else -1, players)
        if run is None:
            out += [0.0] * (4 * size + len(STATS) + ITEMS + 4)
            continue
        out += _one_hot(_room(run["pos"]), size)
        visited = [0.0] * size
        for cell in run["visited"]:
            visited[_room(cell)] = 1.0
        out += visited
        drilled = [0.0] * (2 * size)
        if run["drilled"] is not None:
            row, col, side = run["drilled"]
            plane, room = _edge_planes(int(row), int(col), str(side))
            drilled[plane * size + room] = 1.0
        out += drilled
        out += [int(v) / limits["run_stat"] for v in run["stats"]]
        used = set(run["used"])
        out += [float(item in used) for item in range(1, ITEMS + 1)]
        out += [
            int(run["rooms"]) / limits["rooms"],
            int(run["sentries"]) / limits["rooms"],
            int(run["traps"]) / limits["rooms"],
            float(bool(run["done"])),
        ]
    return out


__all__ = ["PHASES", "ROOM_PLANES", "encode", "layout"]
