"""What a search decision costs, in processor time, on positions of heuristic games.

Plays seeded games between the game's heuristic bots and, at the decisions of seat 0 that
offer a choice, runs one search with the given settings (its answer is not played, so every
setting meets the same positions). Prints iterations per processor second and processor
milliseconds per decision. Processor time, not wall time, so a loaded machine skews the
figure less (it still does: compare settings within one run of the machine's day).
``--heuristic-only`` makes the search ignore a game's ``rollout`` player, for comparison.

    python benchmarks/search_cost.py briefcase \\
        ismcts:iterations=40:opponents=heuristic:guided=200 --games 4
    python benchmarks/search_cost.py briefcase \\
        ismcts:iterations=40:opponents=heuristic:guided=200 --games 4 --heuristic-only
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Mapping

from topsecret.bots.ismcts import Guide, IsmctsSearch, parse_settings
from topsecret.bots.registry import make_bot, split_bot_name
from topsecret.core import Bot, Game, Rng, SeatView
from topsecret.games import get_game


class HeuristicOnly(Game):
    """The game as the search sees it without a rollout player."""

    def __init__(self, game: Game) -> None:
        self._inner = game

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        return {k: v for k, v in self._inner.bots().items() if k != "rollout"}

    def _new_state(self, *args: object) -> object:  # type: ignore[override]
        raise NotImplementedError

    def codec(self, players: int) -> object:  # type: ignore[override]
        raise NotImplementedError


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game id, e.g. briefcase")
    parser.add_argument("bot", help="search settings as a bot name, e.g. ismcts:iterations=40")
    parser.add_argument("--games", type=int, default=4, help="heuristic games to search in")
    parser.add_argument("--players", type=int, default=2, help="seats")
    parser.add_argument("--decisions", type=int, default=12, help="searched decisions a game")
    parser.add_argument("--seed", type=int, default=100, help="seed of the first game")
    parser.add_argument(
        "--heuristic-only", action="store_true", help="ignore the game's rollout player"
    )
    args = parser.parse_args()
    game = get_game(args.game)
    settings = parse_settings(split_bot_name(args.bot)[1])
    guided: Game = HeuristicOnly(game) if args.heuristic_only else game
    iterations = 0
    seconds = 0.0
    decisions = 0
    for index in range(args.games):
        state = game.new_state(args.players, seed=args.seed + index)
        bots = [make_bot(game, "heuristic", index * 10 + s) for s in range(args.players)]
        search = IsmctsSearch(settings, None, Guide(guided, index))
        rng = Rng(index)
        searched = 0
        while not state.is_over():
            for seat in state.acting_players():
                if state.is_over() or seat not in state.acting_players():
                    continue
                view = SeatView(state, seat)
                move = bots[seat].choose(view)
                if seat == 0 and searched < args.decisions and len(view.legal_actions()) > 1:
                    start = time.process_time()
                    search.best_action(view, rng, move)
                    seconds += time.process_time() - start
                    iterations += search.report.iterations
                    searched += 1
                state.apply(seat, move)
        decisions += searched
        print(f"game {index + 1}/{args.games}: {decisions} decisions searched", flush=True)
    print(
        f"{args.bot}{' (heuristic only)' if args.heuristic_only else ''}: {decisions} "
        f"decisions, {iterations / seconds:.0f} iterations per processor second, "
        f"{1000 * seconds / decisions:.1f} ms a decision"
    )


if __name__ == "__main__":
    main()
