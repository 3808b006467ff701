"""Planning phase rules (Rulebook 003 §Setup, §Planning Phase and the card sections)."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction
from topsecret.games.spyworld import GAME
from topsecret.games.spyworld.actions import (
    ChooseAgent,
    ClaimMission,
    DeclineMissions,
    Pass,
    PlaceUpgrade,
    PlaceWall,
    TakeCards,
    TakeGadget,
)
from topsecret.games.spyworld.components import cards, missions, sheet
from topsecret.games.spyworld.state import SpyWorldState

from .helpers import table


def both(state: SpyWorldState, a0, a1) -> None:  # type: ignore[no-untyped-def]
    state.apply(0, a0)
    state.apply(1, a1)


def test_setup_three_decks_of_36_with_one_card_face_up() -> None:
    """Rulebook 003 §Setup: 3 decks of 36, the top card of each placed face up below it."""
    state = GAME.new_state(3, {"lair": "superyacht"}, seed=4)
    assert isinstance(state, SpyWorldState)
    assert [len(d) for d in state.decks] == [35, 35, 35]
    assert len(state.faceup) == 3
    everything = sorted([*state.faceup, *[c for d in state.decks for c in d]])
    assert everything == list(range(108))
    assert len(state.missions) == 3


def test_setup_agents_two_dealt_up_to_four_players() -> None:
    """Rulebook 003 §Setup: up to 4 players, deal 2 Agent cards, each secretly keeps one."""
    state = GAME.new_state(3, {}, seed=1)
    assert isinstance(state, SpyWorldState)
    assert state.phase == "agents"
    for seat in range(3):
        options = state.legal_actions(seat)
        assert len(options) == 2 and all(isinstance(a, ChooseAgent) for a in options)
    dealt = [a for sh in state.sheets for a in sh.dealt]
    assert len(set(dealt)) == 6


def test_setup_four_players_are_dealt_two_agents_each() -> None:
    """Rulebook 003 §Setup: "up to 4 players" are dealt 2 Agent cards (the note's "4-9 get
    one" is read as from 5, docs/games/spyworld.md)."""
    state = GAME.new_state(4, {}, seed=1)
    assert isinstance(state, SpyWorldState)
    assert [len(sheet.dealt) for sheet in state.sheets] == [2, 2, 2, 2]


def test_setup_one_agent_for_five_to_nine_and_free_choice_above() -> None:
    """Rulebook 003 §Setup note: 4-9 players get one Agent; more than 9 choose freely."""
    five = GAME.new_state(6, {}, seed=1)
    assert isinstance(five, SpyWorldState)
    assert five.phase == "choose" and all(sh.agent >= 0 for sh in five.sheets)
    ten = GAME.new_state(10, {}, seed=1)
    assert ten.legal_actions(0) == [ChooseAgent(a) for a in range(9)]


def test_superyacht_has_no_agents() -> None:
    """Superyacht board: an initiation lair, no Agent cards and no bonus."""
    state = GAME.new_state(2, {"lair": "superyacht"}, seed=1)
    assert isinstance(state, SpyWorldState)
    assert state.phase == "choose" and all(sh.agent < 0 for sh in state.sheets)


def test_beginner_variant_gives_five_more() -> None:
    """Rulebook 003 §Beginner Variant: +5 budget for beginners."""
    state = GAME.new_state(3, {"beginners": "1"}, seed=1)
    assert isinstance(state, SpyWorldState)
    assert [sh.budget for sh in state.sheets] == [10, 15, 10]


def test_choices_stay_hidden_until_everyone_chose() -> None:
    """Rulebook 003 §Planning Phase: players choose simultaneously."""
    state = table(["secret1", "wall", "movement"], ["R1", "R2", "R3"])
    state.apply(0, TakeCards((0,)))
    obs = state.observation(1)
    assert obs["step"]["chosen"] == [0] and obs["step"]["my_choice"] is None
    assert state.observation(0)["step"]["my_choice"] == {"type": "take_cards", "slots": [0]}


def test_pass_earns_one() -> None:
    """Rulebook 003 §Important #1: a player who passes receives 1."""
    state = table(["secret1", "wall", "movement"], ["R1", "R2", "R3"])
    both(state, Pass(), Pass())
    assert [sh.budget for sh in state.sheets] == [11, 11]


def test_several_players_may_take_the_same_card() -> None:
    """Rulebook 003 §Planning Phase: multiple players can pick the same card."""
    state = table(["secret1", "wall", "movement"], ["R2", "R2", "R3"])
    both(state, TakeCards((0,)), TakeCards((0,)))
    assert state.acting_players() == (0, 1)
    state.apply(0, PlaceUpgrade(2, 1))
    state.apply(1, PlaceUpgrade(2, 5))
    assert state.sheets[0].rooms[5] == "secret1" and state.sheets[1].rooms[9] == "secret1"


def test_bonus_actions_buy_more_cards_at_their_cost() -> None:
    """Rulebook 003 §Important #3: pay a bonus action for a second and a third card."""
    state = table(["movement", "stealth", "combat"], ["R1", "R1", "R1"])
    costs = sheet().bonus_costs
    both(state, TakeCards((0, 1, 2)), Pass())
    sh = state.sheets[0]
    assert sh.bonus_used == 2
    assert sh.budget == 10 - costs[0] - costs[1] - 3  # three trainings at 1 each
    assert all(v > 0 for v in sh.stats)


def test_only_five_bonus_actions_per_game() -> None:
    """Rulebook 003 §Important #3: you only get 5 bonus actions."""
    state = table(["movement", "stealth", "combat"], ["R1", "R1", "R1"], budget=40)
    state.sheets[0].bonus_used = 4
    legal = state.legal_actions(0)
    assert TakeCards((0, 1)) in legal and TakeCards((0, 1, 2)) not in legal
    with pytest.raises(IllegalAction):
        state.apply(0, TakeCards((0, 1, 2)))


def test_upgrade_goes_in_the_row_of_the_deck_top_above() -> None:
    """Rulebook 003 §If the chosen card is a Lair Upgrade: draw it in the indicated row."""
    state = table(["guard", "wall", "movement"], ["R2", "B4", "R3"])
    both(state, TakeCards((0,)), Pass())
    free = [a for a in state.legal_actions(0) if isinstance(a, PlaceUpgrade) and a.row == 2]
    assert len(free) == 5
    before = state.sheets[0].budget
    state.apply(0, PlaceUpgrade(4, 1))  # moved two rows: 2 x 2
    assert state.sheets[0].budget == before - 4
    assert state.sheets[0].rooms[15] == "guard"


def test_blue_back_means_a_column() -> None:
    """Rulebook 003 §Planning Cards: a blue back indicates a column."""
    state = table(["guard", "wall", "movement"], ["B4", "B4", "R3"], budget=0)
    both(state, TakeCards((0,)), Pass())
    assert {(a.row, a.col) for a in state.legal_actions(0)} == {(r, 4) for r in range(1, 6)}


def test_superyacht_switches_row_and_column_for_two() -> None:
    """Superyacht board: moving an upgrade costs 2 to turn a row number into a column number."""
    state = table(["guard", "wall", "movement"], ["R2", "R2", "R3"], board="superyacht")
    both(state, TakeCards((0,)), Pass())
    places = {(a.row, a.col) for a in state.legal_actions(0)}
    assert places == {(2, c) for c in range(1, 6)} | {(r, 2) for r in range(1, 6)}
    state.apply(0, PlaceUpgrade(4, 2))
    assert state.sheets[0].budget == 8


def test_starting_square_cannot_be_upgraded_and_entryway_refuses_shark_and_robot() -> None:
    """Rulebook 003 §Starting Square and Entryway."""
    state = table(["robot", "guard", "movement"], ["R5", "R5", "R3"], budget=0)
    both(state, TakeCards((0,)), Pass())
    robot_rooms = {(a.row, a.col) for a in state.legal_actions(0)}
    assert robot_rooms == {(5, 1), (5, 5)}  # (5,3) is the start, (5,2) and (5,4) entryway
    with pytest.raises(IllegalAction) as err:
        state.apply(0, PlaceUpgrade(5, 2))
    assert "Entryway" in err.value.rule or "Upgrade" in err.value.rule


def test_secret_pays_immediately_and_can_pay_its_own_move() -> None:
    """Rulebook 003 §Secrets and Budget: a Secret earns at once; that money can move it."""
    state = table(["secret3", "wall", "movement"], ["R1", "R1", "R3"], budget=0)
    both(state, TakeCards((0,)), Pass())
    state.apply(0, PlaceUpgrade(3, 1))  # earns 4, moving two rows costs 4
    assert state.sheets[0].budget == 0 and state.sheets[0].earned == 4


def test_earnings_are_capped_at_forty() -> None:
    """Rulebook 003 §Secrets and Budget: no more than 40 earned; excess is lost."""
    state = table(["secret3", "wall", "movement"], ["R1", "R1", "R3"], budget=0)
    state.sheets[0].earned = 38
    both(state, TakeCards((0,)), Pass())
    state.apply(0, PlaceUpgrade(1, 1))
    assert state.sheets[0].budget == 2 and state.sheets[0].earned == 40


def test_a_pass_earns_nothing_once_forty_has_been_earned() -> None:
    """Rulebook 003 §Secrets and Budget: no player may earn more than 40 in the game, the
    money of a pass included."""
    state = table(["wall", "guard", "movement"], ["B1", "R2", "R3"])
    state.sheets[0].earned = 40
    both(state, Pass(), Pass())
    assert state.sheets[0].budget == 10 and state.sheets[0].earned == 40
    assert state.sheets[1].budget == 11


def test_worked_example_theo_places_a_wall_in_column_1() -> None:
    """Rulebook 003 §If the chosen card is a Wall: "Theo places a Wall in column 1 as
    indicated by the draw pile". Under a blue 1, the Walls that cost nothing are the sides of
    column 1's rooms; any other edge costs the move."""
    state = table(["wall", "guard", "movement"], ["B1", "R2", "R3"])
    both(state, TakeCards((0,)), Pass())
    walls = state.legal_actions(0)
    assert all(isinstance(a, PlaceWall) for a in walls)
    costs = state.costs_for(0)
    free = {(a.row, a.col, a.side) for a, c in zip(walls, costs, strict=True) if c["cost"] == 0}
    assert free == {(r, 1, "east") for r in range(1, 6)} | {(r, 1, "south") for r in range(1, 5)}
    assert len(walls) > len(free)


def test_wall_on_a_side_of_a_room_but_never_at_the_start() -> None:
    """Rulebook 003 §If the chosen card is a Wall: not on the starting square's exits."""
    state = table(["wall", "guard", "movement"], ["R5", "R5", "R3"], budget=0)
    both(state, TakeCards((0,)), Pass())
    walls = state.legal_actions(0)
    assert all(isinstance(a, PlaceWall) for a in walls)
    named = {(a.row, a.col, a.side) for a in walls}
    assert (5, 2, "east") not in named and (5, 3, "east") not in named
    assert (4, 3, "south") not in named
    assert (5, 1, "east") in named
    state.apply(0, PlaceWall(5, 1, "east"))
    assert state.sheets[0].walls != 0


def test_no_wall_edges_refuse_walls() -> None:
    """Game sheet: "~~ = No Walls Here"."""
    state = table(["wall", "guard", "movement"], ["R4", "R5", "R3"], budget=0)
    both(state, TakeCards((0,)), Pass())
    named = {(a.row, a.col, a.side) for a in state.legal_actions(0)}
    assert (4, 2, "south") not in named and (4, 4, "south") not in named
    assert (4, 1, "south") in named


def test_training_costs_the_number_and_caps_at_twenty() -> None:
    """Rulebook 003 §If the chosen card is Agent Training: pay the number; 20 at most."""
    state = table(["movement", "wall", "guard"], ["R4", "R1", "R1"])
    state.sheets[0].stats = [19, 0, 0]
    both(state, TakeCards((0,)), Pass())
    assert state.sheets[0].stats[0] == 20 and state.sheets[0].budget == 6


def test_training_needs_the_money() -> None:
    """Rulebook 003 §Agent Training: first the player pays for Training."""
    state = table(["movement", "wall", "guard"], ["R5", "R1", "R1"], budget=4)
    assert TakeCards((0,)) not in state.legal_actions(0)


def test_gadget_by_number_changed_for_two_per_step_never_twice() -> None:
    """Rulebook 003 §If the chosen card is a Gadget."""
    state = table(["gadget", "wall", "guard"], ["R2", "R1", "R1"], budget=4)
    state.sheets[0].gadgets = [3]
    both(state, TakeCards((0,)), Pass())
    assert set(state.legal_actions(0)) == {TakeGadget(1), TakeGadget(2), TakeGadget(4)}
    state.apply(0, TakeGadget(4))
    assert state.sheets[0].gadgets == [3, 4] and state.sheets[0].budget == 0


def test_superyacht_gadget_change_costs_three_for_any_other() -> None:
    """Superyacht board: modify a gadget: 3 to choose a different gadget."""
    state = table(["gadget", "wall", "guard"], ["R1", "R1", "R1"], board="superyacht", budget=3)
    both(state, TakeCards((0,)), Pass())
    assert len(state.legal_actions(0)) == 5
    state.apply(0, TakeGadget(5))
    assert state.sheets[0].budget == 0


def test_a_card_with_no_possible_use_cannot_be_taken() -> None:
    """Rulebook 003 §Important #1: a player who cannot choose a card passes."""
    state = table(["gadget", "wall", "guard"], ["R1", "R1", "R1"], budget=0)
    state.sheets[0].gadgets = [1, 2, 3, 4, 5]
    assert TakeCards((0,)) not in state.legal_actions(0)


def test_two_cards_that_need_the_same_last_cheap_room_are_not_both_offered() -> None:
    """Rulebook 003 §Important #3 and §If the chosen card is a Lair Upgrade: two Guards for
    row 1 with one room left there; the second would have to move a row (2), which the
    budget left after the bonus action (0) cannot pay, so the pair is not offered."""
    state = table(["guard", "guard", "movement"], ["R1", "R1", "R1"], budget=1)
    state.sheets[0].rooms[0:4] = ["lasers"] * 4  # one empty room left in row 1
    legal = state.legal_actions(0)
    assert TakeCards((0,)) in legal and TakeCards((1,)) in legal
    assert TakeCards((0, 1)) not in legal


def test_cards_whose_costs_together_exceed_the_budget_are_not_offered() -> None:
    """Rulebook 003 §Important #3 and §If the chosen card is Agent Training: a bonus action
    (1) and two Trainings at 5 each cost 11; with 10 the pair is refused, each alone is not,
    and no Training is ever lost after the reveal."""
    state = table(["movement", "stealth", "wall"], ["R5", "R5", "R1"], budget=10)
    legal = state.legal_actions(0)
    assert TakeCards((0,)) in legal and TakeCards((1,)) in legal
    assert TakeCards((0, 1)) not in legal
    with pytest.raises(IllegalAction):
        state.apply(0, TakeCards((0, 1)))
    state.sheets[0].budget = 11
    assert TakeCards((0, 1)) in state.legal_actions(0)
    offered = {tuple(c["action"]["slots"]): c for c in state.costs_for(0) if "order" in c}
    assert offered[(0, 1)]["cost"] == 11 and offered[(0, 1)]["order"] == [0, 1]
    points = [state.card_in(0).points, state.card_in(1).points]
    events = state.apply(0, TakeCards((0, 1)))
    events += state.apply(1, Pass())
    assert [e.kind for e in events].count("trained") == 2
    assert state.sheets[0].stats[:2] == points
    assert state.sheets[0].budget == 0


def test_a_placement_never_spends_money_owed_for_a_training_of_the_same_round() -> None:
    """Rulebook 003 §If the chosen card is Agent Training ("first the player pays") and §If
    the chosen card is a Lair Upgrade (2 per row moved): a Guard for row 1 and a Movement at
    4 with 7; after the bonus action (1) and the Training, 2 is left, so the Guard may move
    one row at most."""
    state = table(["guard", "movement", "wall"], ["R1", "R4", "R1"], budget=7)
    both(state, TakeCards((0, 1)), Pass())
    rows = {a.row for a in state.legal_actions(0) if isinstance(a, PlaceUpgrade)}
    assert rows == {1, 2}
    state.apply(0, PlaceUpgrade(2, 1))
    sh = state.sheets[0]
    assert sh.rooms[5] == "guard" and sh.stats[0] > 0 and sh.budget == 0


def test_a_secrets_own_money_may_pay_for_a_training_taken_with_it() -> None:
    """Rulebook 003 §Secrets and Budget (a Secret's money is earned when it is placed) and
    §Missions ("this money can be used to purchase Training"): with 2, a Movement at 3 in
    slot 1 and a Secret I (earning 2 on the Polar Base) in slot 2 are payable if the Secret
    is placed first; the pair is offered and resolved in that order."""
    state = table(["movement", "secret1", "wall"], ["R3", "R1", "R1"], budget=2)
    assert state.board.secrets["secret1"].now == 2
    assert TakeCards((0, 1)) in state.legal_actions(0)
    events = state.apply(0, TakeCards((0, 1)))
    events += state.apply(1, Pass())
    took = next(e for e in events if e.kind == "took" and e.data["seat"] == 0)
    assert took.data["order"] == [1, 0]
    assert state.pending[0] == [1, 0]
    # 1 left after the bonus action, +2 from the Secret, 3 kept for the Training: no move.
    assert {a.row for a in state.legal_actions(0) if isinstance(a, PlaceUpgrade)} == {1}
    events = state.apply(0, PlaceUpgrade(1, 1))
    assert [e.kind for e in events][:2] == ["placed", "trained"]
    sh = state.sheets[0]
    assert sh.rooms[0] == "secret1" and sh.budget == 0 and sh.stats[0] > 0


def test_mission_claimed_for_money_or_points_then_gone() -> None:
    """Rulebook 003 §Missions: each claimant chooses one reward; then the card is flipped."""
    state = table(["guard", "guard", "movement"], ["R1", "R1", "R1"], budget=10)
    athlete = next(i for i, m in enumerate(missions()) if m.id == "athlete")
    state.missions = [athlete, 0, 1]
    state.mission_claimed = [False, False, False]
    state.sheets[0].stats = [12, 0, 0]
    state.sheets[1].stats = [0, 12, 0]
    both(state, Pass(), Pass())
    assert state.phase == "missions"
    state.apply(0, ClaimMission(0, "money"))
    state.apply(1, ClaimMission(0, "points"))
    assert state.mission_claimed[0]
    assert state.sheets[0].budget == 11 + 3 and state.sheets[1].mission_points == 15


def test_a_player_claims_one_mission_a_round_even_if_several_are_met() -> None:
    """Rulebook 003 §Missions: at the end of each round a player can claim one of the 3
    missions. Given Ann meeting three of them, she is offered each (for money or points),
    claims one, and the round moves on."""
    state = table(["wall", "guard", "movement"], ["B1", "R2", "R3"])
    ids = [m.id for m in missions()]
    state.missions = [ids.index("athlete"), ids.index("all_rounder"), ids.index("miser")]
    state.mission_claimed = [False, False, False]
    state.sheets[0].stats = [12, 6, 6]
    state.sheets[0].budget = 30
    both(state, Pass(), Pass())
    assert state.phase == "missions" and state.acting_players() == (0,)
    claims = [a for a in state.legal_actions(0) if isinstance(a, ClaimMission)]
    assert len(claims) == 6
    state.apply(0, ClaimMission(0, "money"))
    assert state.phase == "choose" and state.mission_claimed == [True, False, False]


def test_mission_may_be_declined() -> None:
    """Rulebook 003 §Missions: a player *can* claim a mission."""
    state = table(["guard", "guard", "movement"], ["R1", "R1", "R1"])
    state.missions = [3, 0, 1]  # athlete
    state.sheets[0].stats = [12, 0, 0]
    both(state, Pass(), Pass())
    state.apply(0, DeclineMissions())
    assert not any(state.mission_claimed)


def test_full_lair_triggers_one_last_round() -> None:
    """Rulebook 003 §End of the Planning Phase: a full lair, then one last round."""
    state = table(["guard", "wall", "movement"], ["R1", "R1", "R1"], budget=0)
    sh = state.sheets[0]
    for room in range(25):
        if room not in (0, sheet().start):
            sh.rooms[room] = "lasers"
    both(state, TakeCards((0,)), Pass())
    state.apply(0, PlaceUpgrade(1, 1))
    assert state.final_round == 2
    # one more round, then exploration
    state.apply(0, Pass())
    state.apply(1, Pass())
    assert state.phase in ("explore", "over")


def test_planning_ends_after_thirty_five_rounds() -> None:
    """Rulebook 003 §End of the Planning Phase: one card left in each deck, 35 rounds."""
    state = GAME.new_state(2, {"lair": "superyacht"}, seed=3)
    assert isinstance(state, SpyWorldState)
    rounds = 0
    while state.phase == "choose":
        rounds += 1
        state.apply(0, Pass())
        state.apply(1, Pass())
        if state.phase == "missions":
            for seat in state.acting_players():
                state.apply(seat, DeclineMissions())
    assert rounds == 35
    assert [len(d) for d in state.decks] == [1, 1, 1]


def test_lairs_passed_by_colour_majority() -> None:
    """Rulebook 003 §End of the Planning Phase: red majority to the left, blue to the right."""
    for colour, expected in (("R", [1, 2, 0]), ("B", [2, 0, 1])):
        state = table(["guard", "wall", "movement"], [f"{colour}1", f"{colour}2", "R3"], players=3)
        state.start_exploration()
        assert state.explorer_of == expected


def test_two_players_swap_lairs() -> None:
    """Rulebook 003: in a two-player game, give section (A) to your opponent."""
    state = table(["guard", "wall", "movement"], ["B1", "B2", "B3"])
    state.start_exploration()
    assert state.explorer_of == [1, 0]


def test_agent_bonus_added_capped_at_twenty() -> None:
    """Rulebook 003 §Agent Training: bonuses added at exploration, never above 20."""
    state = table(["guard", "wall", "movement"], ["B1", "B2", "B3"])
    state.sheets[0].agent = 0  # Agent 42: +3 / +7 / +5
    state.sheets[0].stats = [19, 5, 0]
    state.start_exploration()
    assert state.sheets[0].stats == [20, 12, 5]


def test_card_counts() -> None:
    """Rulebook 003 §Components: 108 planning cards, backs red/blue numbered 1-5."""
    assert len(cards()) == 108
    assert {c.colour for c in cards()} == {"R", "B"}
    assert {c.number for c in cards()} == {1, 2, 3, 4, 5}


def test_every_lair_drawn_in_play_passes_the_solvers_legality_check() -> None:
    """Rulebook 003 §Starting Square and Entryway, §If the chosen card is a Wall: the lairs
    the engine lets players draw are exactly ones ``topsecret spyworld solve`` accepts."""
    from topsecret.core import Rng
    from topsecret.games.spyworld.lair import lair_faults

    for seed, lair in enumerate(("superyacht", "polar_base", "jungle_temple", "moon_base")):
        state = GAME.new_state(3, {"lair": lair}, seed)
        assert isinstance(state, SpyWorldState)
        rng = Rng(seed)
        while state.phase not in ("explore", "over"):
            for seat in state.acting_players():
                if seat in state.acting_players():
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
        for seat in range(3):
            assert lair_faults(state.lair_of(seat)) == []
