"""The tabulated placements and the kept exploration options equal a listing from scratch.

Planning lists its placements by filtering price tables, and an exploration keeps the options
it listed last; both must give exactly what pricing every room, edge and move afresh gives,
in the same order, on every board and at every budget.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations

import pytest

from topsecret.core import Action, IllegalAction, Rng
from topsecret.games.spyworld import GAME
from topsecret.games.spyworld.actions import (
    Move,
    PlaceUpgrade,
    PlaceWall,
    TakeCards,
    TakeGadget,
    action_space,
)
from topsecret.games.spyworld.components import (
    SECRETS,
    TRAINING,
    UPGRADES,
    cards,
    gadgets,
    lairs,
    sheet,
)
from topsecret.games.spyworld.exploring import Run
from topsecret.games.spyworld.grid import DIRECTIONS, Grid
from topsecret.games.spyworld.placing import back_prices
from topsecret.games.spyworld.sheets import INF, PlayerSheet, gadget_cost, line_cost
from topsecret.games.spyworld.state import SpyWorldState

LAIRS = ["superyacht", "polar_base", "jungle_temple", "moon_base"]


def scratch_placements(
    state: SpyWorldState, seat: int, slot: int, money: int, sh: PlayerSheet | None = None
) -> list[Action]:
    """Every placement priced room by room and edge by edge from the card's back."""
    return [a for a, _ in scratch_spots(state, sh or state.sheets[seat], slot, money)]


def scratch_spots(
    state: SpyWorldState, sh: PlayerSheet, slot: int, money: int
) -> list[tuple[Action, int]]:
    """Each placement that ``money`` affords on a sheet, with its price."""
    card, back = state.card_in(slot), state.top_back(slot)
    rules = sheet()
    grid = rules.grid
    out: list[tuple[Action, int]] = []
    if card.front in UPGRADES:
        if card.front in SECRETS:
            gain = state.board.secrets[card.front].now
            money += max(0, min(gain, rules.earn_cap - sh.earned))
        for room in range(grid.size):
            if room == rules.start or room in state.board.blocked or sh.rooms[room]:
                continue
            if room in rules.entryway and card.front in rules.entry_forbidden:
                continue
            cost = line_cost(state.board, back, *grid.row_col(room))
            if cost <= money:
                out.append((PlaceUpgrade(*grid.row_col(room)), cost))
    elif card.front == "wall":
        for edge in range(grid.edge_count):
            a, b = grid.edge_rooms(edge)
            if sh.walls >> edge & 1 or edge in rules.no_wall_edges or rules.start in (a, b):
                continue
            cost = min(line_cost(state.board, back, *grid.row_col(r)) for r in (a, b))
            if cost <= money:
                out.append((PlaceWall(*grid.edge_name(edge)), cost))
    elif card.front == "gadget":
        for number in range(1, len(gadgets()) + 1):
            cost = gadget_cost(state.board, back.number, number)
            if number not in sh.gadgets and cost <= money:
                out.append((TakeGadget(number), cost))
    return out


def scratch_usable(state: SpyWorldState, seat: int, slot: int, budget: int) -> bool:
    if state.card_in(slot).front in TRAINING:
        return state.top_back(slot).number <= budget
    return bool(scratch_placements(state, seat, slot, budget))


def scratch_payable(
    state: SpyWorldState, sh: PlayerSheet, order: tuple[int, ...], money: int
) -> bool:
    """Whether the cards of these slots can be paid in this order, trying every placement
    (Rulebook 003: a Secret's money comes first and may pay its own move and what follows)."""
    if not order:
        return True
    slot, rest = order[0], order[1:]
    card = state.card_in(slot)
    if card.front in TRAINING:
        price = state.top_back(slot).number
        return price <= money and scratch_payable(state, sh, rest, money - price)
    rules = sheet()
    gain = 0
    if card.front in SECRETS:
        gain = max(0, min(state.board.secrets[card.front].now, rules.earn_cap - sh.earned))
    for action, cost in scratch_spots(state, sh, slot, money):
        after = sh.clone()
        after.earned += gain
        if isinstance(action, PlaceUpgrade):
            after.rooms[rules.grid.room(action.row, action.col)] = card.front
        elif isinstance(action, PlaceWall):
            room = rules.grid.room(action.row, action.col)
            after.walls |= 1 << (rules.grid.edge_of_side(room, action.side) or 0)
        elif isinstance(action, TakeGadget):
            after.gadgets.append(action.number)
        if scratch_payable(state, after, rest, money + gain - cost):
            return True
    return False


def scratch_choices(state: SpyWorldState, seat: int) -> list[TakeCards]:
    """The round's TakeCards from scratch: the bonus actions paid, then every card payable
    in at least one order of the player's choosing."""
    sh = state.sheets[seat]
    costs = sheet().bonus_costs
    out = []
    for mask in range(1, 8):
        slots = tuple(s for s in range(3) if mask >> s & 1)
        extra = len(slots) - 1
        if sh.bonus_used + extra > len(costs):
            continue
        cost = sum(costs[sh.bonus_used : sh.bonus_used + extra])
        if cost > sh.budget:
            continue
        if any(
            scratch_payable(state, sh, order, sh.budget - cost) for order in permutations(slots)
        ):
            out.append(TakeCards(slots))
    return out


def planning_positions(games: int) -> Iterator[SpyWorldState]:
    """Positions of seeded random games on every board, while planning is under way."""
    for g in range(games):
        options = {"lair": LAIRS[g % len(LAIRS)], "beginners": "all" if g % 3 == 0 else "none"}
        state = GAME.new_state(2 + g % 4, options, seed=500 + g)
        assert isinstance(state, SpyWorldState)
        rng = Rng(g)
        while state.phase not in ("explore", "over"):
            if state.phase in ("choose", "resolve"):
                yield state
            for seat in state.acting_players():
                if seat in state.acting_players():
                    state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_given_any_back_and_board_when_tabulated_then_prices_match_the_rules() -> None:
    rules = sheet()
    grid = rules.grid
    for board in lairs().values():
        for back in cards():
            prices = back_prices(board, back)
            rooms = [line_cost(board, back, *grid.row_col(r)) for r in range(grid.size)]
            assert list(prices.rooms) == rooms
            for edge in range(grid.edge_count):
                a, b = grid.edge_rooms(edge)
                closed = edge in rules.no_wall_edges or rules.start in (a, b)
                assert prices.walls[edge] == (INF if closed else min(rooms[a], rooms[b]))


def test_given_random_tables_when_listing_placements_then_they_equal_a_listing_from_scratch() -> (
    None
):
    checked = 0
    for state in planning_positions(10):
        for seat in range(state.n):
            for slot in range(3):
                for budget in (-1, 0, 2, 5, 9, None):
                    money = state.sheets[seat].budget if budget is None else budget
                    expected = scratch_placements(state, seat, slot, money)
                    assert state.placements(seat, slot, budget) == expected
                    assert state.usable(seat, slot, money) == scratch_usable(
                        state, seat, slot, money
                    )
                    checked += 1
    assert checked > 2000


def test_given_random_tables_when_asking_the_least_budget_then_the_card_is_usable_from_it() -> None:
    for state in planning_positions(3):
        for seat in range(state.n):
            for slot in range(3):
                usable_from = [b for b in range(-5, 60) if scratch_usable(state, seat, slot, b)]
                least = state.least_budget(seat, slot)
                if usable_from:
                    assert least == usable_from[0]
                    assert usable_from == list(range(least, 60))
                else:
                    assert least >= 60


def test_given_random_tables_when_choosing_cards_then_the_offer_equals_one_from_scratch() -> None:
    choices = 0
    for state in planning_positions(24):
        if state.phase != "choose":
            continue
        for seat in state.acting_players():
            listed = state.legal_actions(seat)
            assert listed[1:] == scratch_choices(state, seat)
            choices += len(listed) - 1
    assert choices > 100


def test_given_a_resolving_seat_when_it_lists_then_the_placements_keep_the_rest_payable() -> None:
    """Rulebook 003 §Important #3: a placement never spends money owed for a card still to
    come this round, and a taken card always has a place (no card is lost)."""
    rules = sheet()
    checked = 0
    for state in planning_positions(8):
        if state.phase != "resolve":
            continue
        for seat in state.acting_players():
            order = tuple(state.pending[seat])
            slot, rest = order[0], order[1:]
            sh = state.sheets[seat]
            card = state.card_in(slot)
            gain = 0
            if card.front in SECRETS:
                gain = max(0, min(state.board.secrets[card.front].now, rules.earn_cap - sh.earned))
            expected = []
            for action, cost in scratch_spots(state, sh, slot, sh.budget):
                after = sh.clone()
                after.earned += gain
                if isinstance(action, PlaceUpgrade):
                    after.rooms[rules.grid.room(action.row, action.col)] = card.front
                elif isinstance(action, PlaceWall):
                    room = rules.grid.room(action.row, action.col)
                    after.walls |= 1 << (rules.grid.edge_of_side(room, action.side) or 0)
                elif isinstance(action, TakeGadget):
                    after.gadgets.append(action.number)
                if scratch_payable(state, after, rest, sh.budget + gain - cost):
                    expected.append(action)
            assert expected
            assert state.legal_actions(seat) == expected
            checked += bool(rest)
    assert checked > 0


def exploring_runs(games: int) -> Iterator[tuple[SpyWorldState, Run]]:
    """Every exploration decision of seeded random games, lenient ones included."""
    for g in range(games):
        options: dict[str, object] = {"lair": LAIRS[g % len(LAIRS)], "lenient": g % 2 == 0}
        if g % 3 == 0:
            options["gadgets"] = "expert"
        state = GAME.new_state(2 + g % 4, options, seed=900 + g)
        assert isinstance(state, SpyWorldState)
        rng = Rng(g)
        while not state.is_over():
            for seat in state.acting_players():
                if state.is_over() or seat not in state.acting_players():
                    continue
                run = state.runs[seat]
                if state.phase == "explore" and run is not None:
                    yield state, run
                state.apply(seat, rng.choice(state.legal_actions(seat)))


def scratch_moves(run: Run) -> list[Action]:
    """Every move of the fixed action space the rules allow, in the action space's order."""
    return [
        a
        for a in action_space()
        if isinstance(a, Move) and not isinstance(run.move_costs(a), IllegalAction)
    ]


def test_given_random_explorations_when_options_are_kept_then_they_equal_fresh_ones() -> None:
    decisions = 0
    for _state, run in exploring_runs(30):
        kept = run.legal()
        fresh = run.clone()
        fresh.options_key = None
        assert kept == fresh.legal()
        assert [a for a in kept if isinstance(a, Move)] == scratch_moves(run)
        decisions += 1
    assert decisions > 200


def test_given_kept_options_when_the_explorer_is_changed_by_hand_then_they_are_listed_again() -> (
    None
):
    for _state, run in exploring_runs(6):
        before = run.legal()
        if not any(isinstance(a, Move) for a in before):
            continue
        run.stats = [0, 0, 0]
        assert not any(isinstance(a, Move) for a in run.legal())
        return
    pytest.fail("no exploration with a move was found")


def test_given_random_walls_when_masking_directions_then_only_walled_sides_are_shut() -> None:
    rng = Rng(7)
    for grid in (sheet().grid, Grid(3, 4), Grid(6, 2)):
        for _ in range(2000):
            walls = rng.next_u64() & rng.next_u64() & ((1 << grid.edge_count + 2) - 1)
            expected = []
            for direction in DIRECTIONS:
                mask = 0
                for room in range(grid.size):
                    edge = grid.edge_of_side(room, direction)
                    if edge is not None and not walls >> edge & 1:
                        mask |= 1 << room
                expected.append(mask)
            assert list(grid.direction_masks(walls)) == expected
