"""Exploration and scoring rules (Rulebook 003 §Lair Exploration Phase to §Final Score)."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction
from topsecret.games.spyworld.actions import Boost, Move, Stop, Teleport, Undo
from topsecret.games.spyworld.components import agent_by_id, gadget_by_id, lairs, sheet
from topsecret.games.spyworld.explorer import explorer_kit
from topsecret.games.spyworld.exploring import Run
from topsecret.games.spyworld.state import award, rank_title
from topsecret.games.spyworld.text import final_parts

from .helpers import lair_from, plain, table


def test_worked_example_guard_dog_on_the_superyacht() -> None:
    """000 worked example: entering a Guard Dog's room on the Superyacht costs 1 Movement
    plus 2 Combat."""
    lair = lair_from("superyacht", {(4, 3): "guard_dog"})
    run = Run.begin(plain(5, 5, 5), lair)
    run.apply(Move("north"))
    assert run.stats == [4, 5, 3]
    assert run.sentries == 1


def test_agent_42_neutralises_a_guard_without_combat_once() -> None:
    """000 Agent card: once per game, neutralise a Guard without losing Combat points."""
    lair = lair_from("polar_base", {(4, 3): "guard", (3, 3): "guard"})
    kit = explorer_kit((5, 5, 5), [], agent_by_id("agent_42"))
    run = Run.begin(kit, lair)
    run.apply(Move("north", 0, 6))
    assert run.stats == [4, 3, 5]  # Stealth 2 still paid, Combat waived
    assert Move("north", 0, 6) not in run.legal()
    run.apply(Move("north"))
    assert run.stats == [3, 1, 2]


def test_entering_costs_one_movement_and_walls_block() -> None:
    """Rulebook 003 §Lair Exploration Phase: 1 Movement per room; no moving through walls."""
    lair = lair_from("polar_base", {})
    wall = lair.grid.edge_between(lair.grid.room(5, 3), lair.grid.room(4, 3))
    walled = type(lair)(lair.board, lair.rooms, 1 << wall, lair.grid, lair.start)
    run = Run.begin(plain(3, 0, 0), walled)
    assert Move("north") not in run.legal()
    with pytest.raises(AssertionError):
        run.apply(Move("north"))
    run.apply(Move("east"))
    assert run.stats[0] == 2


def test_cannot_enter_without_the_points_and_gets_stuck() -> None:
    """Rulebook 003: impossible to enter without the Training Points; an Agent can get stuck."""
    lair = lair_from("polar_base", {(4, 3): "robot", (5, 2): "robot", (5, 4): "robot"})
    run = Run.begin(plain(5, 1, 4), lair)
    assert run.done  # every exit needs 5 Combat


def test_traps_cost_stealth_and_movement_shark_pool_any_mix() -> None:
    """Rulebook 003 §Traps: Stealth and Movement; the Shark Pool in any mix."""
    lair = lair_from("polar_base", {(4, 3): "lasers", (5, 2): "shark_pool"})
    run = Run.begin(plain(10, 10, 0), lair)
    run.apply(Move("north"))
    assert run.stats[:2] == [8, 7]
    run = Run.begin(plain(10, 10, 0), lair)
    splits = {a.stealth for a in run.legal() if isinstance(a, Move) and a.direction == "west"}
    assert splits == set(range(7))
    run.apply(Move("west", 4))
    assert run.stats[:2] == [10 - 1 - 2, 6]


def test_backtracking_pays_movement_only() -> None:
    """Rulebook 003 §Continuing Exploration: backtrack paying 1 Movement, nothing else."""
    lair = lair_from("polar_base", {(4, 3): "guard_dog", (3, 3): "secret2"})
    run = Run.begin(plain(10, 10, 10), lair)
    run.apply(Move("north"))
    run.apply(Move("north"))
    run.apply(Move("south"))
    assert run.stats == [7, 9, 8]
    # a Secret II on the Polar Base: its end value from the board (lairs/polar_base.toml)
    assert run.stolen_value() == lairs()["polar_base"].secrets["secret2"].end
    assert run.sentries == 1
    with pytest.raises(AssertionError):
        run.apply(Move("south", 0, 2))


def test_random_explorer_stops_when_movement_runs_out() -> None:
    """Rulebook 003: an Agent stops exploring when it can no longer move."""
    lair = lair_from("polar_base", {})
    run = Run.begin(plain(2, 0, 0), lair)
    run.apply(Move("north"))
    run.apply(Move("south"))
    assert run.done


def test_stop_by_choice() -> None:
    """Rulebook 003: agents need not return; they stop where they are."""
    run = Run.begin(plain(5, 5, 5), lair_from("polar_base", {}))
    run.apply(Stop())
    assert run.done and run.legal() == []


def test_laser_drill_opens_one_permanent_passage() -> None:
    """000 Laser Drill: drill a permanent passage in any one wall."""
    lair = lair_from("polar_base", {})
    grid = lair.grid
    walls = 1 << grid.edge_between(grid.room(5, 3), grid.room(4, 3))
    walls |= 1 << grid.edge_between(grid.room(5, 3), grid.room(5, 2))
    lair = type(lair)(lair.board, lair.rooms, walls, grid, lair.start)
    kit = explorer_kit((5, 0, 0), [(gadget_by_id("laser_drill"), False)], None)
    run = Run.begin(kit, lair)
    run.apply(Move("north"))  # drills
    run.apply(Move("south"))  # the passage stays open
    assert run.stats[0] == 3
    assert Move("west") not in run.legal()  # only one wall


def test_gadgets_used_once() -> None:
    """Rulebook 003 §Gadgets: each Gadget can only be used once."""
    lair = lair_from("polar_base", {(4, 3): "guard", (3, 3): "guard"})
    kit = explorer_kit((5, 10, 10), [(gadget_by_id("stun_gun"), False)], None)
    run = Run.begin(kit, lair)
    run.apply(Move("north", 0, 2))
    assert run.stats == [4, 10, 10]
    assert Move("north", 0, 2) not in run.legal()


def test_adrenaline_boost() -> None:
    """Gadget 3 (project): once, gain 4 Movement."""
    kit = explorer_kit((0, 0, 0), [(gadget_by_id("adrenaline"), False)], None)
    run = Run.begin(kit, lair_from("polar_base", {}))
    assert not run.done
    run.apply(Boost(3, "movement"))
    assert run.stats[0] == 4


def test_teleport_power() -> None:
    """Agent Swift (project): once, go back to an explored room without paying Movement."""
    kit = explorer_kit((3, 0, 0), [], agent_by_id("swift"))
    run = Run.begin(kit, lair_from("polar_base", {}))
    run.apply(Move("north"))
    run.apply(Move("north"))
    run.apply(Teleport(5, 3))
    assert run.stats[0] == 1 and run.pos == run.lair.start


def test_lenient_variant_undoes_a_move() -> None:
    """Rulebook 003 §Variant 2: be lenient, let players adjust their path."""
    run = Run.begin(plain(3, 0, 0), lair_from("polar_base", {(4, 3): "secret1"}), lenient=True)
    run.apply(Move("north"))
    assert Undo() in run.legal()
    run.apply(Undo())
    assert run.stats[0] == 3 and run.stolen == []
    strict = Run.begin(plain(3, 0, 0), lair_from("polar_base", {}))
    strict.apply(Move("north"))
    assert Undo() not in strict.legal()


def test_walled_off_secrets_score_nothing() -> None:
    """Rulebook 003 §Walled Off Secrets."""
    lair = lair_from("polar_base", {(1, 1): "secret3", (1, 5): "secret1"})
    grid = lair.grid
    walls = (1 << grid.edge_between(0, 1)) | (1 << grid.edge_between(0, 5))
    lair = type(lair)(lair.board, lair.rooms, walls, grid, lair.start)
    assert lair.walled_off_secrets() == [0]


def test_the_final_score_leaves_out_walled_off_secrets_and_pays_brutal() -> None:
    """Rulebook 003 §Walled Off Secrets (a Secret no Agent could ever reach scores nothing
    for its owner) and §Rewards and Penalties (Brutal: the most Sentries met, +20). Given
    Ann's lair with a Secret III walled into its corner and a Secret I in reach, and Bob's
    with a Guard Dog and a Robot on the way in, when Ann explores through both and Bob
    cannot move, then Ann keeps only her Secret I and earns Brutal."""
    grid = sheet().grid
    state = table(["wall", "guard", "movement"], ["B1", "R2", "R3"])
    ann, bob = state.sheets
    ann.rooms[grid.room(1, 1)] = "secret3"
    ann.rooms[grid.room(1, 5)] = "secret1"
    corner = grid.room(1, 1)
    ann.walls = (1 << grid.edge_between(corner, grid.room(1, 2))) | (
        1 << grid.edge_between(corner, grid.room(2, 1))
    )
    bob.rooms[grid.room(4, 3)] = "guard_dog"
    bob.rooms[grid.room(3, 3)] = "robot"
    ann.stats = [10, 10, 10]
    bob.stats = [0, 0, 0]
    state.start_exploration()
    state.apply(0, Move("north"))
    state.apply(0, Move("north"))
    state.apply(0, Stop())
    results = state.results
    secrets = lairs()["polar_base"].secrets
    assert results["walled_off"] == [secrets["secret3"].end, 0]
    assert results["remaining"] == [secrets["secret1"].end, 0]
    assert results["sentries"] == [2, 0] and results["brutal"] == [20, 0]


def test_rewards_ties_all_earn_and_everyone_tied_earns_nothing() -> None:
    """Rulebook 003 §Rewards and Penalties."""
    assert award([3, 3, 1], 20) == [20, 20, 0]
    assert award([2, 2, 2], 20) == [0, 0, 0]
    assert award([0, 4], 5) == [0, 5]


def test_the_printed_rewards_and_penalties() -> None:
    """Rulebook 003 §Rewards and Penalties (Gadget Lover -20, Brutal +20) and the printed
    fragment 000 (Trapper +10, Explorer +5); the score sheet explains each with its amount."""
    assert dict(sheet().rewards) == {
        "trapper": 10,
        "gadget_lover": -20,
        "explorer": 5,
        "brutal": 20,
    }
    reasons = {key: why for key, _, why in final_parts()}
    assert reasons["trapper"].startswith("+10") and reasons["gadget_lover"].startswith("-20")


def test_rank_table() -> None:
    """Rulebook 003 §End of the Game: the rank table."""
    assert rank_title(250) == "World Overlord"
    assert rank_title(220) == "Apprentice Despot"
    assert rank_title(180) == "Second-Rate Autocrat"
    assert rank_title(130) == "Regional Tyrant"
    assert rank_title(70) == "Town Ruler"
    assert rank_title(69) == "Henchman"


def test_final_score_sums_every_part() -> None:
    """Rulebook 003 §Final Score: kept + stolen + budget + rewards/penalties + missions."""
    state = table(["guard", "wall", "movement"], ["B1", "B2", "B3"])
    s0, s1 = state.sheets
    grid = state.lair_of(0).grid
    s0.rooms[grid.room(4, 3)] = "secret2"  # seat 1 will steal it
    s0.rooms[grid.room(1, 1)] = "secret1"  # kept
    s1.rooms[grid.room(4, 3)] = "lasers"
    s1.rooms[grid.room(3, 3)] = "secret3"
    s0.stats = [5, 5, 5]
    s1.stats = [5, 5, 5]
    s0.gadgets = [4]  # Laser Drill counts 2: Gadget Lover
    s1.mission_points = 15
    state.start_exploration()
    state.apply(1, Move("north"))
    state.apply(1, Stop())
    state.apply(0, Move("north"))
    state.apply(0, Move("north"))
    state.apply(0, Stop())
    res = state.results
    assert res is not None
    # what each Secret is worth at the end on this board (lairs/polar_base.toml)
    one, two, three = (state.board.secrets[k].end for k in ("secret1", "secret2", "secret3"))
    assert res["remaining"] == [one, 0]
    assert res["stolen"] == [three, two]
    assert res["trapper"] == [0, 10]  # seat 1's lair had a Trap triggered
    assert res["gadget_lover"] == [-20, 0]
    assert res["explorer"] == [5, 0]  # 3 rooms against 2
    assert res["brutal"] == [0, 0]
    assert res["total"] == [one + three + 10 + 0 - 20 + 5, 0 + two + 10 + 10 + 15]
    assert state.scores() == [float(t) for t in res["total"]]


def test_illegal_move_names_the_rule() -> None:
    """Rulebook 003 §Lair Exploration Phase: cannot enter without the points."""
    state = table(["guard", "wall", "movement"], ["B1", "B2", "B3"])
    state.sheets[1].rooms[17] = "robot"
    state.sheets[0].stats = [1, 0, 0]
    state.start_exploration()
    before = state.snapshot()
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Move("north"))
    assert "Rulebook 003" in err.value.rule
    assert state.snapshot() == before
