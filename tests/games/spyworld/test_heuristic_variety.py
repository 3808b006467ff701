"""The SpyWorld heuristic varies its play from its seed: no all-tie self-play, no fixed game."""

from __future__ import annotations

from topsecret.arena.match import play_match
from topsecret.bots import make_bot
from topsecret.games import get_game

GAME = get_game("spyworld")


def test_heuristic_self_play_does_not_tie_every_seat():
    results = [play_match(GAME, 3, ["heuristic"] * 3, seed=seed) for seed in range(4)]
    assert all(len(set(result.scores)) > 1 for result in results)


def test_on_one_deal_bots_with_other_seeds_play_another_game():
    def actions(seeds: tuple[int, ...]) -> list[dict[str, object]]:
        bots = [make_bot(GAME, "heuristic", seed) for seed in seeds]
        return play_match(GAME, 3, bots, seed=5).log.to_json()["actions"]

    assert actions((1, 2, 3)) != actions((7, 8, 9))
    assert actions((1, 2, 3)) == actions((1, 2, 3))
