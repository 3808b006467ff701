"""Rulebook 002 §Fin de la partie and §Manches: the game is one deal; playing several deals to
a target is an option the players may choose ("Les joueurs peuvent décider de faire plusieurs
manches, en comptant leurs points après chacune d'entre elles. Le premier qui atteint 1200
points est le vainqueur.")."""

import tomllib
from importlib import resources

import pytest

from topsecret.core import Rng, run_random_game
from topsecret.games.vault import GAME, VaultState

from .table import everyone_plays

#: Several deals, to the printed 1200 (the tests below that start from set totals use it).
TO_1200 = {"single_deal": False, "target": 1200}


def test_by_default_the_game_is_one_deal_as_the_rulebook_plays_it():
    """§Fin de la partie: "Quand toutes les cartes ont été jouées, chacun additionne ses
    points. [...] Le joueur qui a le plus de points est nommé Maître Espion et gagne la
    partie." """
    assert GAME.resolve_options(None)["single_deal"] is True
    for players in (2, 4, 6):
        state = GAME.new_state(players, seed=players)
        run_random_game(state, Rng(players))
        assert state.is_over() and len(state.deal_scores) == 1
        best = max(state.totals)
        assert state.winners() == [s for s in range(players) if state.totals[s] == best]


def test_playing_several_deals_is_the_players_choice():
    state = VaultState.arranged([["doc10"], ["doc5"]], options={"single_deal": False})
    everyone_plays(state, {0: "doc10", 1: "doc5"})
    assert not state.is_over() and state.deal == 1


def test_the_printed_1200_is_kept_and_this_decks_targets_are_designed():
    """The rulebook's 1200 goes with its printed document values, which its text does not
    give; with this project's values (source "project") 1200 would take 6 to 20 deals, so each
    table size has its own target, measured to end a game in about three deals."""
    data = tomllib.loads(
        resources.files("topsecret.games.vault").joinpath("data.toml").read_text("utf-8")
    )
    assert data["scoring"] == {
        "target": 1200,
        "forgotten_boom_penalty": 50,
        "source": "rulebook",
    }
    assert GAME.components.printed_target == 1200
    designed = {entry["players"]: entry for entry in data["manches"]}
    assert sorted(designed) == [2, 3, 4, 5, 6]
    for players, entry in designed.items():
        assert entry["source"] == "project"
        assert GAME.components.target_for(players) == entry["target"] < 1200
        state = GAME.new_state(players, {"single_deal": False}, seed=0)
        assert state.target() == entry["target"]
        assert state.observation(None)["target"] == entry["target"]


def test_a_target_set_by_the_players_replaces_the_designed_one():
    state = GAME.new_state(4, TO_1200, seed=0)
    assert state.target() == 1200 and state.observation(0)["target"] == 1200


def test_a_new_deal_starts_with_fresh_hands_while_nobody_has_reached_the_target():
    state = VaultState.arranged([["doc10"], ["doc5"]], totals=[100, 100], options=TO_1200)
    everyone_plays(state, {0: "doc10", 1: "doc5"})
    assert not state.is_over()
    assert state.totals == [110, 105]
    assert state.deal == 1 and state.trick == 1
    assert [len(h) for h in state.hands] == [16, 16]  # two players: 17 cards with the safe


def test_the_game_ends_after_the_deal_in_which_someone_reaches_the_target():
    state = VaultState.arranged([["doc10"], ["doc5"]], totals=[1195, 100], options=TO_1200)
    everyone_plays(state, {0: "doc10", 1: "doc5"})
    assert state.is_over()
    assert state.winners() == [0]


def test_when_two_pass_the_target_in_the_same_deal_the_higher_total_wins():
    """§Manches: "Le premier qui atteint 1200 points est le vainqueur"; both got there in
    the same deal, so the higher total is first."""
    state = VaultState.arranged([["doc10"], ["doc15"]], totals=[1195, 1192], options=TO_1200)
    everyone_plays(state, {0: "doc10", 1: "doc15"})
    assert state.totals == [1205, 1207] and state.winners() == [1]


def test_when_two_pass_the_target_with_equal_totals_they_share_the_win():
    state = VaultState.arranged([["doc10"], ["doc15"]], totals=[1195, 1190], options=TO_1200)
    everyone_plays(state, {0: "doc10", 1: "doc15"})
    assert state.totals == [1205, 1205] and state.winners() == [0, 1]


def test_reaching_the_target_exactly_ends_the_game():
    """§Manches: the first who "atteint" (reaches) 1200 wins: 1200 itself is enough."""
    state = VaultState.arranged([["doc10"], ["doc5"]], totals=[1190, 0], options=TO_1200)
    everyone_plays(state, {0: "doc10", 1: "doc5"})
    assert state.totals == [1200, 5]
    assert state.is_over() and state.winners() == [0]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_whole_game_to_the_target_ends_with_a_winner_over_it(players):
    state = GAME.new_state(players, {"single_deal": False}, seed=21)
    run_random_game(state, Rng(4))
    best = max(state.totals)
    assert best >= state.target()
    assert state.winners() == [s for s in range(players) if state.totals[s] == best]
    assert len(state.deal_scores) == state.deal + 1
    assert sum(sum(d) for d in state.deal_scores) == sum(state.totals)
    # Every deal before the last left everyone short of the target.
    totals = [0] * players
    for scores in state.deal_scores[:-1]:
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        assert max(totals) < state.target()


def test_each_deal_keeps_its_x1_and_x2_split_after_the_next_deal_clears_the_safes():
    """§Manches: "en comptant leurs points après chacune d'entre elles". A deal's safes are
    emptied for the next deal, but what each side was worth stays on the score sheet, for
    every seat and spectator alike (every card in a safe was seen when it arrived)."""
    state = VaultState.arranged(
        [["doc20"], ["doc5"]],
        face_up=[["doc20"], []],
        x1=[["doc15"], ["doc10"]],
        options=TO_1200,
    )
    everyone_plays(state, {0: "doc20", 1: "doc5"})
    assert not state.is_over() and state.deal == 1
    assert state.x1 == [[], []] and state.x2 == [[], []]  # the new deal's safes
    first = [{"x1": 15, "x2": 80, "pairs": 1}, {"x1": 15, "x2": 0, "pairs": 0}]
    for viewer in (0, 1, None):
        observed = state.observation(viewer)
        assert observed["deal_sides"] == [first]
        assert observed["deal_scores"] == [[95, 15]]


def test_every_deals_split_adds_up_to_its_score_in_a_game_of_several_deals():
    state = GAME.new_state(3, {"single_deal": False, "target": 150}, seed=5)
    run_random_game(state, Rng(5))
    observed = state.observation(None)
    assert len(observed["deal_sides"]) == len(observed["deal_scores"]) == state.deal + 1 >= 2
    for sides, scores in zip(observed["deal_sides"], observed["deal_scores"], strict=True):
        assert [side["x1"] + side["x2"] for side in sides] == scores
        # A pair is worth four times its document, so the x2 side is at least 20 a pair.
        assert all(side["x2"] >= 20 * side["pairs"] for side in sides)
    assert state.clone().observation(2) == state.observation(2)


def test_a_lower_target_gives_shorter_games():
    short = GAME.new_state(3, {"single_deal": False, "target": 100}, seed=2)
    run_random_game(short, Rng(2))
    assert max(short.totals) >= 100 and short.deal < 4
