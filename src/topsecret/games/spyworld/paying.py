"""Paying for every card taken in one round, in an order that works.

Rulebook 003 §Important #3 lets a player buy one or both of the other face-up cards with
bonus actions; each card is then paid as its own section says: a Training costs the number
on the deck above it, moving an Upgrade, a Wall or a Gadget costs per step, and a Secret
first earns its immediate value, which "can be used to move the Secret" (§Secrets and
Budget). §Missions adds that money earned "can be used to purchase Training or move
Upgrades". The rulebook never says in which order several cards of one round are paid; a
player at the table pays them in whatever order works. So a set of cards is offered only if
it can be paid in full in some order, the engine resolves it in such an order, and each
placement offered keeps the cards still to come payable: nothing taken is ever lost.

Only a Secret brings money in, and only the Secret placed itself can use it before its own
cost, so an order that places the Secrets first is payable whenever any order is (moving a
Secret earlier only leaves more money at each step, and once the Secrets are placed the money
only goes down to the same final amount). The engine therefore tries the Secrets first (in
each of their orders, slot order first) and then the other cards in slot order.

Cards of one kind compete for the same rooms (Upgrades), edges (Walls) or gadgets: then the
cheapest spot of one card may be the one another wants, and :func:`need` tries each place of
the earlier card. Otherwise each card's cheapest spot is all that matters.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations

from ...core import Action
from .actions import PlaceUpgrade, PlaceWall, TakeGadget
from .components import SECRETS, TRAINING, UPGRADES, Card, LairBoard, sheet
from .placing import (
    gadget_actions,
    gadget_prices,
    upgrade_actions,
    upgrade_levels,
    wall_actions,
    wall_levels,
)
from .sheets import INF, PlayerSheet

#: A card taken this round with the card on top of the deck above it (its back prices it).
Taken = tuple[Card, Card]


def kind(front: str) -> str:
    """What a card spends on the sheet: a room, an edge, a gadget, or nothing (Training)."""
    if front in UPGRADES:
        return "room"
    if front == "wall":
        return "edge"
    if front == "gadget":
        return "gadget"
    return "training"


def secret_gain(board: LairBoard, front: str, earned: int) -> int:
    """Rulebook 003 §Secrets and Budget: a Secret earns its immediate value, 40 a game."""
    if front not in SECRETS:
        return 0
    return max(0, min(board.secrets[front].now, sheet().earn_cap - earned))


def least_cost(board: LairBoard, sh: PlayerSheet, card: Card, back: Card) -> int:
    """What the card costs at its cheapest spot still open on the sheet (INF: no spot)."""
    front = card.front
    if front in TRAINING:
        return back.number
    if front in UPGRADES:
        entry_banned = front in sheet().entry_forbidden
        return upgrade_levels(board, back, entry_banned).least_free_room(sh.rooms)
    if front == "wall":
        return wall_levels(board, back).least_free_edge(sh.walls)
    if front == "gadget":
        return min(
            (
                cost
                for i, cost in enumerate(gadget_prices(board, back.number))
                if i + 1 not in sh.gadgets
            ),
            default=INF,
        )
    return INF


def spots(
    board: LairBoard, sh: PlayerSheet, card: Card, back: Card
) -> Iterator[tuple[int, Action]]:
    """Every place the card may go on the sheet with its cost, cheapest first (lazily: the
    search below rarely needs more than the first)."""
    front = card.front
    if front in UPGRADES:
        place = upgrade_actions()
        levels = upgrade_levels(board, back, front in sheet().entry_forbidden)
        for room, cost in levels.cheapest:
            if cost >= INF:
                return
            if not sh.rooms[room]:
                yield cost, place[room]
    elif front == "wall":
        build = wall_actions()
        for bit, cost in wall_levels(board, back).cheapest:
            if cost >= INF:
                return
            if not sh.walls & bit:
                yield cost, build[bit.bit_length() - 1]
    elif front == "gadget":
        take = gadget_actions()
        prices = gadget_prices(board, back.number)
        for i in sorted(range(len(prices)), key=prices.__getitem__):
            if i + 1 not in sh.gadgets and prices[i] < INF:
                yield prices[i], take[i]


def marked(sh: PlayerSheet, front: str, action: Action) -> PlayerSheet:
    """A copy of the sheet with the card drawn where the action says (money untouched)."""
    grid = sheet().grid
    # Only what the pricing reads: the rooms, the walls and the gadgets.
    copy = PlayerSheet(list(sh.rooms), sh.walls, gadgets=list(sh.gadgets), earned=sh.earned)
    if isinstance(action, PlaceUpgrade):
        copy.rooms[grid.room(action.row, action.col)] = front
    elif isinstance(action, PlaceWall):
        edge = grid.edge_of_side(grid.room(action.row, action.col), action.side)
        assert edge is not None
        copy.walls |= 1 << edge
    elif isinstance(action, TakeGadget):
        copy.gadgets.append(action.number)
    return copy


def need(board: LairBoard, sh: PlayerSheet, seq: Sequence[Taken], earned: int) -> int:
    """The least money with which the cards can be paid in this order (INF: never).

    ``earned`` is what the sheet has earned so far (a Secret's money stops at 40 a game).
    A Secret's money comes before its own cost; money never goes below zero.
    """
    if not seq:
        return 0
    card, back = seq[0]
    rest = seq[1:]
    front = card.front
    if front in TRAINING:
        after = need(board, sh, rest, earned)
        return back.number + after if after < INF else INF
    gain = secret_gain(board, front, earned)
    later = earned + gain
    if all(kind(c.front) != kind(front) for c, _ in rest):
        cost = least_cost(board, sh, card, back)
        after = need(board, sh, rest, later) if cost < INF else INF
        return max(0, cost - gain + after) if after < INF else INF
    best = INF
    floor = -1  # what the rest needs on the sheet as it is: it never needs less after a spot
    for cost, action in spots(board, sh, card, back):
        if cost - gain >= best:
            break
        after = need(board, marked(sh, front, action), rest, later)
        if after < INF:
            best = min(best, cost - gain + after)
        if floor < 0:
            floor = need(board, sh, rest, later)
        if floor >= INF or best <= cost - gain + floor:
            break  # no dearer spot can do better
    return max(0, best) if best < INF else INF


def payable_order(
    board: LairBoard, sh: PlayerSheet, taken: Sequence[tuple[int, Taken]], money: int
) -> tuple[int, ...] | None:
    """Slots in an order in which ``money`` pays every card taken (None: no order does).

    ``taken`` pairs each slot with its card and back, in slot order. The Secrets go first
    (see the module's note); then the others in slot order.
    """
    secrets = [t for t in taken if t[1][0].front in SECRETS]
    others = [t for t in taken if t[1][0].front not in SECRETS]
    for first in permutations(secrets):
        order = [*first, *others]
        if need(board, sh, [t for _, t in order], sh.earned) <= money:
            return tuple(slot for slot, _ in order)
    return None


__all__ = [
    "Taken",
    "kind",
    "least_cost",
    "marked",
    "need",
    "payable_order",
    "secret_gain",
    "spots",
]
