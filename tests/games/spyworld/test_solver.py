"""The exploration solver is exact: it matches brute force over every walk."""

from __future__ import annotations

import random

from topsecret.games.spyworld.actions import Stop, Undo
from topsecret.games.spyworld.bots import actions_for_plan
from topsecret.games.spyworld.components import UPGRADES, agents, gadgets, lairs, sheet
from topsecret.games.spyworld.explorer import Explorer, explorer_kit
from topsecret.games.spyworld.exploring import Run
from topsecret.games.spyworld.lair import Lair, load_lair_sheet
from topsecret.games.spyworld.solver import Plan, solve

from .helpers import lair_from, plain


def brute_force(lair: Lair, explorer: Explorer) -> tuple[int, int, int]:
    """The best (value, sentries, rooms) over every sequence of legal exploration actions.

    Two orders of the same actions often lead to the very same explorer: same room, same
    explored rooms, budgets, items used, Traps, Sentries and Secrets taken. Such a state is
    walked on once; only the path drawn differs, which no rule reads. This is equality, not
    the solver's dominance between different states, which is what the tests check."""
    best = (0, 0, 1)
    seen: set[tuple[object, ...]] = set()

    def walk(run: Run) -> None:
        nonlocal best
        state = (
            run.pos,
            run.visited,
            tuple(run.stats),
            tuple(sorted(run.used)),
            run.drilled,
            run.sentries,
            run.traps,
            tuple(sorted(run.stolen)),
            run.done,
        )
        if state in seen:
            return
        seen.add(state)
        best = max(best, (run.stolen_value(), run.sentries, run.rooms))
        for action in run.legal():
            if isinstance(action, (Stop, Undo)):
                continue
            nxt = run.clone()
            nxt.apply(action)
            walk(nxt)

    walk(Run.begin(explorer, lair))
    return best


def random_walls(rng: random.Random) -> int:
    """Up to eight random walls, none on the starting square's exits (Rulebook 003)."""
    s = sheet()
    walls = 0
    for _ in range(rng.randint(0, 8)):
        edge = rng.randrange(s.grid.edge_count)
        if s.start not in s.grid.edge_rooms(edge):
            walls |= 1 << edge
    return walls


def random_lair(rng: random.Random, board_id: str, fill: float = 0.9) -> Lair:
    s = sheet()
    board = lairs()[board_id]
    rooms = [
        rng.choice(UPGRADES)
        if r != s.start and r not in board.blocked and rng.random() < fill
        else ""
        for r in range(s.grid.size)
    ]
    return Lair(board, tuple(rooms), random_walls(rng), s.grid, s.start)


def executes(lair: Lair, explorer: Explorer, plan: Plan | None = None) -> tuple[int, int, int]:
    """Walk the solver's plan (or ``plan``) with the game's own exploration rules."""
    plan = plan if plan is not None else solve(lair, explorer)
    run = Run.begin(explorer, lair)
    for action in actions_for_plan(plan, lair):
        if run.done:
            break
        assert action in run.legal(), (action, run.legal())
        run.apply(action)
    assert (run.stolen_value(), run.sentries, run.rooms) == plan.key
    return plan.key


def test_solver_matches_brute_force_on_small_budgets() -> None:
    """Exact, not greedy: 60 random lairs and small explorers, every walk enumerated."""
    rng = random.Random(7)
    for case in range(60):
        board = list(lairs())[case % 4]
        lair = random_lair(rng, board)
        held = [(g, rng.random() < 0.5) for g in gadgets() if rng.random() < 0.25]
        agent = rng.choice(agents()) if lairs()[board].agents and rng.random() < 0.5 else None
        stats = (rng.randint(2, 4), rng.randint(0, 6), rng.randint(0, 6))
        explorer = explorer_kit(stats, held, agent)
        assert executes(lair, explorer) == brute_force(lair, explorer), case


def test_solver_prefers_value_then_sentries_then_rooms() -> None:
    """The objective order: value stolen, then Sentries neutralised, then rooms."""
    lair = lair_from("superyacht", {(4, 3): "guard_dog", (5, 2): "secret1", (5, 4): "guard_dog"})
    assert solve(lair, plain(2, 0, 2)).key == (10, 0, 3)  # a Secret beats a Sentry
    # north past the Guard Dog, west, south onto the Secret: 3 Movement, 4 rooms
    assert solve(lair, plain(3, 0, 2)).key == (10, 1, 4)
    assert solve(lair, plain(3, 0, 1)).key == (10, 0, 4)  # no Combat for the dog


def test_worked_example_could_have_stolen_more() -> None:
    """000 worked example: "Fred could have stolen 10 more. Do you see how?" The solver
    answers that question for a finished exploration."""
    from topsecret.games.spyworld.actions import Move

    lair = lair_from(
        "superyacht",
        {(4, 3): "guard_dog", (3, 3): "secret1", (5, 4): "secret1", (5, 5): "secret1"},
    )
    fred = Run.begin(plain(3, 0, 2), lair)
    fred.apply(Move("north"))  # past the Guard Dog: 1 Movement + 2 Combat
    fred.apply(Move("north"))
    assert fred.stolen_value() == 10
    best = solve(lair, plain(3, 0, 2))
    assert best.value - fred.stolen_value() == 10  # east twice: two Secrets
    assert [step.direction for step in best.steps][:2] == ["east", "east"]


def test_lair_sheet_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A finished lair written as a lair sheet reads back identically."""
    rng = random.Random(3)
    lair = random_lair(rng, "moon_base")
    path = tmp_path / "lair.toml"
    path.write_text(lair.to_toml({"movement": 8, "stealth": 6, "combat": 4}))
    again, explorer = load_lair_sheet(path)
    assert again == lair and explorer["movement"] == 8


def big_problem(rng: random.Random, case: int) -> tuple[Lair, Explorer]:
    """A lair too big for brute force (the boards in turn) and an explorer with some gadgets
    and often an Agent."""
    board = list(lairs())[case % 4]
    lair = random_lair(rng, board, fill=rng.choice((0.7, 1.0)))
    held = [(g, rng.random() < 0.5) for g in gadgets() if rng.random() < 0.4]
    agent = rng.choice(agents()) if lairs()[board].agents and rng.random() < 0.7 else None
    stats = (rng.randint(5, 7), rng.randint(2, 10), rng.randint(2, 10))
    return lair, explorer_kit(stats, held, agent)


def test_bound_only_cuts_walks_that_cannot_win() -> None:
    """The bound is what makes the solver fast, and its shortcuts (Secrets walked in one
    tour, budgets weighed in pairs, boosts tried one way at a time) are where it could go
    wrong: on lairs too big for brute force, the pruned search must find the same best
    exploration as the search that visits every state."""
    rng = random.Random(2026)
    for case in range(48):
        lair, explorer = big_problem(rng, case)
        assert solve(lair, explorer).key == solve(lair, explorer, prune=False).key, case


def test_the_light_bound_is_still_exact_without_a_state_budget() -> None:
    """The light bound (its first, cheap check alone) is looser, never wrong: searching
    every state it lets through finds the same best exploration as the full bound, and a
    plan cut short by a state budget is still a walk the game's rules allow."""
    rng = random.Random(2027)
    for case in range(24):
        lair, explorer = big_problem(rng, case)
        exact = solve(lair, explorer)
        light = solve(lair, explorer, light=True)
        assert light.key == exact.key and light.exact, case
        cut = solve(lair, explorer, max_states=30, light=True)
        assert cut.key <= exact.key, case
        assert executes(lair, explorer, cut) == cut.key, case


def test_solver_matches_brute_force_with_every_kind_of_item() -> None:
    """Exact with two to four gadgets each (free passes, boosts, the drill, the
    Safecracker) and often an Agent's power (a free pass, a boost, the teleport, a Secret
    bonus): every walk enumerated."""
    rng = random.Random(2026)
    for case in range(48):
        board = list(lairs())[case % 4]
        lair = random_lair(rng, board, fill=rng.choice((0.6, 0.9)))
        held = [(g, rng.random() < 0.5) for g in rng.sample(gadgets(), rng.randint(2, 4))]
        agent = rng.choice(agents()) if lairs()[board].agents and rng.random() < 0.7 else None
        stats = (rng.randint(2, 4), rng.randint(0, 6), rng.randint(0, 6))
        explorer = explorer_kit(stats, held, agent)
        assert executes(lair, explorer) == brute_force(lair, explorer), case


def saw_heavy_lair(rng: random.Random, board_id: str) -> Lair:
    """A lair where Giant Saws (Movement) are common, so the Smoke Bomb matters."""
    s = sheet()
    board = lairs()[board_id]
    kinds = ["giant_saw"] * 4 + list(UPGRADES)
    rooms = [
        rng.choice(kinds) if r != s.start and r not in board.blocked else ""
        for r in range(s.grid.size)
    ]
    return Lair(board, tuple(rooms), random_walls(rng), s.grid, s.start)


def test_a_free_pass_gives_back_moves_only_through_an_explored_trap() -> None:
    """The Smoke Bomb waives a Giant Saw's Movement, but a Saw entered later still costs its
    move: the bound counts the moves left with only the explored Saws given back. Given
    Movement-bound explorers holding the Smoke Bomb (sometimes with the Laser Drill or an
    Agent's teleport), the pruned search finds what every walk finds on small budgets and
    what the unpruned search finds on larger ones."""
    smoke_bomb = next(g for g in gadgets() if g.id == "smoke_bomb")
    extras = [g for g in gadgets() if g.id in ("laser_drill", "adrenaline")]
    rng = random.Random(11)
    for case in range(24):
        board = list(lairs())[case % 4]
        lair = saw_heavy_lair(rng, board)
        held = [(smoke_bomb, False)] + [(g, False) for g in extras if rng.random() < 0.4]
        agent = rng.choice(agents()) if lairs()[board].agents and rng.random() < 0.5 else None
        if case < 12:
            explorer = explorer_kit(
                (rng.randint(2, 5), rng.randint(0, 5), rng.randint(0, 5)), held, agent
            )
            assert executes(lair, explorer) == brute_force(lair, explorer), case
        else:
            explorer = explorer_kit(
                (rng.randint(6, 9), rng.randint(3, 9), rng.randint(3, 9)), held, agent
            )
            assert solve(lair, explorer).key == solve(lair, explorer, prune=False).key, case


def test_a_state_no_better_placed_than_an_earlier_one_is_skipped_soundly() -> None:
    """Walking back through explored rooms costs Movement only, so the search skips a state
    whose explored rooms an earlier state shared, standing where that one could walk with no
    more moves. Given explorers with Movement for longer walks that double back, every walk
    enumerated still finds nothing better than the solver."""
    rng = random.Random(5)
    for case in range(24):
        board = list(lairs())[case % 4]
        lair = random_lair(rng, board, fill=0.5)
        held = [(g, rng.random() < 0.5) for g in gadgets() if rng.random() < 0.25]
        agent = rng.choice(agents()) if lairs()[board].agents and rng.random() < 0.5 else None
        stats = (rng.randint(5, 6), rng.randint(0, 4), rng.randint(0, 4))
        explorer = explorer_kit(stats, held, agent)
        assert executes(lair, explorer) == brute_force(lair, explorer), case


def test_rooms_are_counted_against_every_budget_at_once() -> None:
    """The bound asks whether one more Sentry, or one more room, fits Movement, Stealth and
    Combat all at once, kind by kind, as a small integer program. Given explorers whose
    three stats all run short together (and sometimes a boost to spend), the pruned search
    finds what every walk finds on small budgets and what the unpruned search finds on
    larger ones."""
    boost = next(g for g in gadgets() if g.id == "adrenaline")
    rng = random.Random(23)
    for case in range(24):
        board = list(lairs())[case % 4]
        lair = random_lair(rng, board, fill=1.0)
        held = [(boost, rng.random() < 0.5)] if rng.random() < 0.5 else []
        agent = rng.choice(agents()) if lairs()[board].agents and rng.random() < 0.3 else None
        if case < 12:
            stats = (rng.randint(3, 4), rng.randint(2, 5), rng.randint(2, 5))
            explorer = explorer_kit(stats, held, agent)
            assert executes(lair, explorer) == brute_force(lair, explorer), case
        else:
            stats = (rng.randint(6, 8), rng.randint(4, 8), rng.randint(4, 8))
            explorer = explorer_kit(stats, held, agent)
            assert solve(lair, explorer).key == solve(lair, explorer, prune=False).key, case


def test_the_drill_may_open_a_wall_between_two_explored_rooms() -> None:
    """000, the Laser Drill: "drill a permanent passage in any one wall". The wall may lie
    between two rooms already explored, a shortcut for the way back. Given a Jungle Temple
    lair where the best walk takes such a shortcut, the solver's walk drills it, the game
    accepts every move, and every walk enumerated finds nothing better."""
    s = sheet()
    rooms = (
        "secret1", "", "", "lasers", "",
        "", "secret2", "", "guard_dog", "",
        "", "", "", "guard_dog", "",
        "guard_dog", "", "secret1", "secret1", "",
        "", "lasers", "", "secret2", "guard_dog",
    )  # fmt: skip
    lair = Lair(lairs()["jungle_temple"], rooms, 314541399233, s.grid, s.start)
    drill = next(g for g in gadgets() if g.id == "laser_drill")
    explorer = explorer_kit((5, 6, 0), [(drill, False)], None)
    plan = solve(lair, explorer)
    pos = lair.start
    shortcuts = 0
    for step in plan.steps:
        if lair.walls >> s.grid.edge_between(pos, step.room) & 1:
            shortcuts += not step.new
        pos = step.room
    assert shortcuts == 1
    assert executes(lair, explorer) == brute_force(lair, explorer) == plan.key


def test_a_state_with_fewer_free_rooms_than_an_earlier_one_is_skipped_soundly() -> None:
    """Rooms with no Trap or Sentry cost nothing but the move into them, so the search skips
    a state when an earlier one stood in the same room with the same Traps and Sentries,
    more of the other rooms and no more moves. Given sparse lairs (many empty rooms and
    Secrets) and explorers who can double back, every walk enumerated still finds nothing
    better than the solver."""
    rng = random.Random(31)
    for case in range(30):
        board = list(lairs())[case % 4]
        lair = random_lair(rng, board, fill=0.35)
        held = [(g, rng.random() < 0.5) for g in gadgets() if rng.random() < 0.3]
        agent = rng.choice(agents()) if lairs()[board].agents and rng.random() < 0.5 else None
        stats = (4, rng.randint(0, 4), rng.randint(0, 4))
        explorer = explorer_kit(stats, held, agent)
        assert executes(lair, explorer) == brute_force(lair, explorer), case
