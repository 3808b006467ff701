"""SpyWorld in words: action labels, log lines, what a card on offer does, mission texts.

The terminal, the server's log and the browser all read these sentences, so a rule is put
into words once. Seats are "seat N" (the web client swaps in the players' names) and the
person reading is "you".
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ...core import Action, ActionCodec, Event
from .actions import (
    Boost,
    ChooseAgent,
    ClaimMission,
    DeclineMissions,
    Discard,
    KeepRound,
    Move,
    Pass,
    PlaceUpgrade,
    PlaceWall,
    Stop,
    TakeBack,
    TakeCards,
    TakeGadget,
    Teleport,
    Undo,
    make_codec,
)
from .components import (
    NAMES,
    STATS,
    TRAINING,
    UPGRADES,
    Agent,
    Card,
    LairBoard,
    Mission,
    agent_by_id,
    agents,
    gadgets,
    missions,
    sheet,
)
from .explorer import POWER_ITEM

#: What each mission condition asks for, with {n} for its amount.
REQUIREMENTS = {
    "sentries": "at least {n} Sentries in your lair",
    "traps": "at least {n} Traps in your lair",
    "walls": "at least {n} Walls in your lair",
    "secret_value": "Secrets in your lair worth at least {n} at the end of the game",
    "any_stat": "one Training stat at {n} or more",
    "every_stat": "every Training stat at {n} or more",
    "gadgets": "at least {n} Gadgets (the Laser Drill counts 2)",
    "full_line": "a full row or column (every room upgraded)",
    "budget": "at least {n} in your budget",
}

#: Why each reward or penalty is given; the amounts come from the sheet's data.
REWARD_REASONS = {
    "trapper": ("Trapper", "most Traps set off in your lair"),
    "explorer": ("Explorer", "most rooms explored"),
    "brutal": ("Brutal", "most Sentries neutralised"),
    "gadget_lover": ("Gadget Lover", "most Gadgets"),
}


def final_parts() -> list[tuple[str, str, str]]:
    """The lines of the final score sheet: (result key, label, why), in scoring order."""
    rewards = sheet().rewards
    return [
        ("remaining", "Secrets kept", "your Secrets nobody stole (walled-off ones do not count)"),
        ("stolen", "Secrets stolen", "what your Agent stole"),
        ("budget", "Budget left", "money left at the end of planning"),
        *(
            (key, label, f"{rewards[key]:+d}: {why}")
            for key, (label, why) in REWARD_REASONS.items()
        ),
        ("missions", "Missions", "points from missions"),
    ]


def rank_table_text() -> str:
    rules = sheet()
    titles = ", ".join(f"{title} {score}+" for score, title in rules.ranks)
    return f"Ranks: {titles}, else {rules.rank_below_table}."


def item_name(number: int) -> str:
    """Gadgets 1-5 by name; item 6 is whatever power the Agent has."""
    if number == POWER_ITEM:
        return "your Agent's power"
    return gadgets()[number - 1].name


def mission_requirement(mission: Mission) -> str:
    return REQUIREMENTS[mission.condition].format(n=mission.amount)


def mission_by_id(mission_id: str) -> Mission:
    return next(m for m in missions() if m.id == mission_id)


def agent_summary(agent: Agent) -> str:
    bonus = ", ".join(
        f"+{value} {NAMES[stat]}" for stat, value in zip(STATS, agent.bonus, strict=True)
    )
    return f"{agent.name} ({bonus}; {agent.text})"


def line_word(colour: str) -> str:
    return "row" if colour == "R" else "column"


def offer_text(card: Card, back: Card, board: LairBoard) -> str:
    """What taking a face-up card means, given the back on top of the deck above it."""
    line = f"{line_word(back.colour)} {back.number}"
    if card.front in UPGRADES:
        if board.upgrade_move == "shift":
            move = f"{board.upgrade_move_cost} per row or column moved"
        else:
            other = line_word("B" if back.colour == "R" else "R")
            move = f"{board.upgrade_move_cost} to use {other} {back.number} instead"
        worth = ""
        if card.front in board.secrets:
            value = board.secrets[card.front]
            worth = f"; earns {value.now} now, worth {value.end} at the end"
        return f"draw {NAMES[card.front]} in an empty room of {line} ({move}){worth}"
    if card.front == "wall":
        return f"draw a Wall on a side of a room in {line}"
    if card.front in TRAINING:
        return f"pay {back.number} for +{card.points} {NAMES[card.front]}"
    gadget = gadgets()[back.number - 1]
    if board.gadget_change == "step":
        change = f"{board.gadget_change_cost} per step to another number"
    else:
        change = f"{board.gadget_change_cost} for any other"
    return f"take gadget {back.number}, {gadget.name}, for free ({change})"


def describe_action(action: Action) -> str:
    """A button label: what the action does, with the names printed on the cards."""
    if isinstance(action, ChooseAgent):
        agent = agents()[action.agent]
        return f"choose Agent {agent_summary(agent)}"
    if isinstance(action, TakeCards):
        slots = " and ".join(str(s + 1) for s in action.slots)
        extra = len(action.slots) - 1
        bonus = f" ({extra} bonus action{'s' if extra > 1 else ''})" if extra else ""
        return f"take card{'s' if extra else ''} {slots}{bonus}"
    if isinstance(action, Pass):
        return "pass (+1 to your budget)"
    if isinstance(action, PlaceUpgrade):
        return f"draw it in row {action.row}, column {action.col}"
    if isinstance(action, PlaceWall):
        return f"wall on the {action.side} side of row {action.row}, column {action.col}"
    if isinstance(action, TakeGadget):
        return f"take gadget {action.number}: {gadgets()[action.number - 1].name}"
    if isinstance(action, Discard):
        return "discard the card (it cannot be used)"
    if isinstance(action, ClaimMission):
        reward = "money now" if action.reward == "money" else "points at the end"
        return f"claim mission {action.slot + 1} for {reward}"
    if isinstance(action, DeclineMissions):
        return "claim no mission"
    if isinstance(action, Move):
        text = f"move {action.direction}"
        if action.use:
            text += f" using {item_name(action.use)}"
        if action.stealth:
            text += f", {action.stealth} Stealth into the Shark Pool"
        return text
    if isinstance(action, Teleport):
        return f"teleport (Agent's power) to row {action.row}, column {action.col}"
    if isinstance(action, Boost):
        return f"use {item_name(action.item)} for {NAMES[action.stat]}"
    if isinstance(action, Stop):
        return "stop exploring"
    if isinstance(action, Undo):
        return "undo the last move"
    if isinstance(action, TakeBack):
        return "take back your last drawing of this round"
    if isinstance(action, KeepRound):
        return "keep this round's drawing"
    return repr(action)


def _who(seat: int | None, viewer: int | None) -> str:
    return "you" if seat is not None and seat == viewer else f"seat {seat}"


def _says(seat: int, viewer: int | None, you: str, they: str) -> str:
    """``"You take …"`` or ``"Seat 2 takes …"``: the verb agrees with its subject."""
    return f"You {you}" if seat == viewer else f"Seat {seat} {they}"


def _verb(seat: int, viewer: int | None, you: str, they: str) -> str:
    return you if seat == viewer else they


def _whose(seat: int, viewer: int | None) -> str:
    return "your" if seat == viewer else f"seat {seat}'s"


def _card(front: str) -> str:
    return NAMES.get(front, front)


def _paid(amount: int) -> str:
    return "for free" if amount == 0 else f"for {amount}"


def _step_text(step: str) -> str:
    if step == "agents":
        return "chosen an Agent"
    if step.startswith("missions"):
        return "decided about the missions"
    return f"made a choice for {step}"


def describe_event(event: Event, viewer: int | None) -> str | None:
    """One log line as the person at ``viewer`` reads it; ``None`` keeps it out of the log."""
    if event.audience is not None and (viewer is None or viewer not in event.audience):
        return None
    d = event.data
    kind = event.kind
    seat: int = d.get("seat", -1)
    if kind == "chosen":
        # Like the other games: your own commitment is already on screen.
        if seat == viewer:
            return None
        return f"Seat {seat} has {_step_text(d['step'])}"
    if kind == "my_choice":
        return f"You chose: {_choice_text(d['action'])} (hidden until everyone has chosen)"
    if kind == "agents_chosen":
        return "Everyone has chosen an Agent, face down"
    if kind == "agent":
        return f"Your Agent: {agent_summary(agent_by_id(d['agent']))}"
    if kind == "passed":
        if not d["gain"]:
            return _says(seat, viewer, "pass", "passes") + " (40 earned already: no gain)"
        earn = _verb(seat, viewer, "earn", "earns")
        return _says(seat, viewer, "pass", "passes") + f" and {earn} {d['gain']}"
    if kind == "took":
        cards = " and ".join(
            f"card {slot + 1} ({_card(front)})"
            for slot, front in zip(d["slots"], d["cards"], strict=True)
        )
        bonus = len(d["slots"]) - 1
        extra = (
            f", paying {d['bonus_cost']} for {bonus} bonus action{'s' if bonus > 1 else ''}"
            if bonus
            else ""
        )
        order = d.get("order", d["slots"])
        if list(order) != sorted(order):
            firsts = " then ".join(f"card {slot + 1}" for slot in order)
            extra += f" (placed in the order {firsts}, so the Secret's money pays the rest)"
        return _says(seat, viewer, "take", "takes") + f" {cards}{extra}"
    if kind == "trained":
        return _says(seat, viewer, "pay", "pays") + (
            f" {d['paid']} for +{d['points']} {_card(d['stat'])}"
        )
    if kind == "placed":
        earned = f", earning {d['earned']}" if d["earned"] else ""
        return _says(seat, viewer, "draw", "draws") + (
            f" {_card(d['upgrade'])} in row {d['row']}, column {d['col']} "
            f"{_paid(d['paid'])}{earned}"
        )
    if kind == "wall":
        return _says(seat, viewer, "draw", "draws") + (
            f" a Wall on the {d['side']} side of row {d['row']}, column {d['col']} "
            f"{_paid(d['paid'])}"
        )
    if kind == "gadget":
        name = gadgets()[d["number"] - 1].name
        return _says(seat, viewer, "take", "takes") + (
            f" gadget {d['number']}, the {name}, {_paid(d['paid'])}"
        )
    if kind == "took_back":
        left = d["left"]
        return _says(seat, viewer, "take", "takes") + (
            f" back the drawing of card {d['slot'] + 1} (lenient play; "
            f"{left} take-back{'s' if left != 1 else ''} left)"
        )
    if kind == "confirmed":
        return _says(seat, viewer, "keep", "keeps") + " this round's drawing"
    if kind == "last_round_next":
        return f"A lair is full: round {d['round']} is the last planning round"
    if kind == "mission":
        mission = mission_by_id(d["mission"])
        reward = f"{d['gain']} now" if d["reward"] == "money" else f"{d['gain']} points at the end"
        take = _verb(seat, viewer, "take", "takes")
        return _says(seat, viewer, "complete", "completes") + (
            f" the mission {mission.name} and {take} {reward}"
        )
    if kind == "round":
        return f"Round {d['round']}: three new cards are turned face up"
    if kind == "planning_over":
        return _planning_over(d, viewer)
    if kind == "explored":
        return _explored(d, viewer)
    if kind == "final_score":
        return _final_score(d, viewer)
    return None


@cache
def _codec() -> ActionCodec:
    return make_codec()


def _choice_text(action: Mapping[str, Any]) -> str:
    decoded = _codec().from_json(dict(action))
    if isinstance(decoded, ChooseAgent):
        return f"Agent {agents()[decoded.agent].name}"  # the next line says what it does
    return describe_action(decoded)


def _planning_over(d: Mapping[str, Any], viewer: int | None) -> str:
    side = "left" if d["direction"] == "left" else "right"
    pairs = "; ".join(
        f"{_who(explorer, viewer)} explore{'' if explorer == viewer else 's'} "
        f"{_whose(owner, viewer)} lair"
        for owner, explorer in enumerate(d["explorer_of"])
    )
    named = ", ".join(
        f"{_who(s, viewer)} {_verb(s, viewer, 'have', 'has')} {agent_by_id(a).name}"
        for s, a in enumerate(d["agents"])
        if a is not None
    )
    agents_text = f" Agents revealed: {named}." if named else ""
    return f"Planning is over; the lairs are passed to the {side}: {pairs}.{agents_text}"


def _explored(d: Mapping[str, Any], viewer: int | None) -> str:
    seat = d["seat"]
    where = f"in {_whose(d['owner'], viewer)} lair"
    if d.get("stop"):
        return _says(seat, viewer, "stop", "stops") + f" exploring {where}"
    if d.get("undo"):
        return _says(seat, viewer, "take", "takes") + f" back the last move {where}"
    if "boost" in d:
        return _says(seat, viewer, "use", "uses") + (
            f" {_item(d)} for +{d['amount']} {_card(d['boost'])}"
        )
    if "teleport" in d:
        row, col = d["teleport"]
        return _says(seat, viewer, "use", "uses") + (
            f" {_item(d)} to go back to row {row}, column {col} {where}"
        )
    row, col = d["room"]
    content = d["content"]
    m, s, c = d["paid"]
    cost = ", ".join(
        f"{amount} {name}"
        for amount, name in ((m, "Movement"), (s, "Stealth"), (c, "Combat"))
        if amount
    )
    text = _says(seat, viewer, "enter", "enters") + f" row {row}, column {col} {where}"
    if not d["new"]:
        text += " again"
    elif content in UPGRADES:
        text += f": {_card(content)}"
        if "value" in d:
            text += f", a Secret worth {d['value']} stolen"
    if d.get("drilled"):
        text += ", drilling through the wall"
    if d.get("item") and d["action"].get("use"):
        text += f", using {_item(d)}"
    text += f" (paid {cost or 'nothing'})"
    if d.get("done"):
        text += "; the Agent can go no further"
    return text


def _item(d: Mapping[str, Any]) -> str:
    return str(d.get("item") or "an item")


def _final_score(d: Mapping[str, Any], viewer: int | None) -> str:
    order = sorted(range(len(d["total"])), key=lambda s: -d["total"][s])
    text = "Final scores: " + "; ".join(
        f"{_who(s, viewer)} {d['total'][s]} ({d['ranks'][s]})" for s in order
    )
    return text + tie_sentence(d.get("play_again", []), viewer)


def tie_sentence(tied: list[int], viewer: int | None) -> str:
    """Rulebook 003 §Final Score: tied players play again to determine the winner."""
    if not tied:
        return ""
    names = [_who(s, viewer) for s in tied]
    joined = ", ".join(names[:-1]) + " and " + names[-1]
    return f". {joined} tie for the win: the rulebook has tied players play again"


__all__ = [
    "agent_summary",
    "describe_action",
    "describe_event",
    "final_parts",
    "item_name",
    "mission_requirement",
    "offer_text",
    "tie_sentence",
    "view_assets",
]


def view_assets(board: LairBoard, expert: str) -> dict[str, Any]:
    """Public data for drawing and explaining a table: sheet geometry, board, cards, texts."""
    rules = sheet()
    grid = rules.grid
    return {
        "grid": {"rows": grid.rows, "cols": grid.cols},
        "start": list(grid.row_col(rules.start)),
        "entryway": [list(grid.row_col(r)) for r in sorted(rules.entryway)],
        "entry_forbidden": sorted(rules.entry_forbidden),
        "no_walls": [list(grid.edge_name(e)) for e in sorted(rules.no_wall_edges)],
        "blocked": [list(grid.row_col(r)) for r in sorted(board.blocked)],
        "board": {
            "id": board.id,
            "name": board.name,
            "number": board.number,
            "agents": board.agents,
            "special": board.special,
        },
        "costs": {
            kind: {
                "movement": cost.movement,
                "stealth": cost.stealth,
                "combat": cost.combat,
                "any": cost.any,
            }
            for kind, cost in board.costs.items()
        },
        "secrets": {kind: {"now": v.now, "end": v.end} for kind, v in board.secrets.items()},
        "names": dict(NAMES),
        "gadgets": [
            {
                "number": g.number,
                "name": g.name,
                "side": "expert" if expert[g.number - 1] == "E" else "normal",
                "text": (g.expert if expert[g.number - 1] == "E" else g.normal).text,
            }
            for g in gadgets()
        ],
        # In the order of ChooseAgent's index.
        "agents": [
            {"id": a.id, "name": a.name, "bonus": list(a.bonus), "text": a.text} for a in agents()
        ],
        "missions": {
            m.id: {
                "name": m.name,
                "requires": mission_requirement(m),
                "money": m.money,
                "points": m.points,
            }
            for m in missions()
        },
        "stat_cap": rules.stat_cap,
        "earn_cap": rules.earn_cap,
        "bonus_costs": list(rules.bonus_costs),
        "final_parts": [list(p) for p in final_parts()],
        "rank_table": rank_table_text(),
    }
