"""What a SpyWorld rollout's walk costs and loses, by the solver's state budget.

Plays seeded two-player games between heuristic bots to the end of planning, then solves
each explorer's lair exactly (the heuristic's walk) and with each state budget, printing the
processor milliseconds per walk and the value stolen lost per explorer against the best walk,
with the solver's full bound and with its light one (``solve(..., light=True)``). The search's
rollout player (``topsecret.games.spyworld.rollout``) plans its walks with ``ROLLOUT_STATES``
states and the light bound. Processor time, not wall time: compare the rows of one run.

    python benchmarks/spyworld_rollout_walks.py --games 30
"""

from __future__ import annotations

import argparse
import time

from topsecret.core import SeatView
from topsecret.games import get_game
from topsecret.games.spyworld.bots import HeuristicBot
from topsecret.games.spyworld.explorer import Explorer
from topsecret.games.spyworld.lair import Lair
from topsecret.games.spyworld.solver import solve
from topsecret.games.spyworld.state import SpyWorldState


def final_lairs(games: int) -> list[tuple[Lair, Explorer]]:
    """Every (lair, explorer) pair at the end of planning of seeded heuristic games."""
    game = get_game("spyworld")
    cases = []
    for seed in range(games):
        state = game.new_state(2, seed=seed)
        assert isinstance(state, SpyWorldState)
        bots = [HeuristicBot(seed * 2 + seat) for seat in range(2)]
        while state.phase not in ("explore", "over"):
            for seat in state.acting_players():
                if seat in state.acting_players() and state.phase not in ("explore", "over"):
                    state.apply_unchecked(seat, bots[seat].choose(SeatView(state, seat)))
        for owner in range(2):
            cases.append((state.lair_of(owner), state.explorer_kit(state.explorer_of[owner])))
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="seeded heuristic games")
    parser.add_argument(
        "--budgets", default="30,100,300,1000", help="state budgets, comma-separated"
    )
    parser.add_argument("--full-only", action="store_true", help="skip the light bound's rows")
    args = parser.parse_args()
    cases = final_lairs(args.games)
    start = time.process_time()
    exact = [solve(lair, kit) for lair, kit in cases]
    seconds = time.process_time() - start
    mean = sum(plan.value for plan in exact) / len(cases)
    print(
        f"{len(cases)} walks; exact: {1000 * seconds / len(cases):.1f} ms a walk, "
        f"mean value stolen {mean:.1f}"
    )
    for light in (False,) if args.full_only else (False, True):
        for budget in (int(b) for b in args.budgets.split(",")):
            start = time.process_time()
            plans = [solve(lair, kit, max_states=budget, light=light) for lair, kit in cases]
            seconds = time.process_time() - start
            lost = sum(e.value - p.value for e, p in zip(exact, plans, strict=True)) / len(cases)
            print(
                f"{budget} states, {'light' if light else 'full'} bound: "
                f"{1000 * seconds / len(cases):.1f} ms a walk, value lost {lost:.1f} per explorer"
            )


if __name__ == "__main__":
    main()
