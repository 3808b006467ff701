"""The heuristic bot plays sensibly: it wins clearly more than its share against random bots."""

from topsecret.arena import play_match
from topsecret.core import SeatView
from topsecret.games.vault import GAME, Bank, KeepFaceUp, PlayCard, Steal, VaultState
from topsecret.games.vault.heuristic import HeuristicVaultBot

from .table import everyone_plays


def test_heuristic_wins_clearly_more_than_its_share_against_random_bots():
    players, games = 4, 120
    wins = 0.0
    for index in range(games):
        seat = index % players
        lineup = ["random"] * players
        lineup[seat] = "heuristic"
        result = play_match(GAME, players, lineup, seed=1000 + index, options={"single_deal": True})
        if seat in result.winners:
            wins += 1 / len(result.winners)
    share = wins / games
    # A fair share is 25%; the heuristic bot is measured at about 45%.
    assert share > 0.36, share


def test_it_completes_a_pair_with_the_matching_document():
    state = VaultState.arranged([["doc20", "doc5"], ["doc5", "doc5"]], face_up=[["doc20"], []])
    assert HeuristicVaultBot(0).choose(SeatView(state, 0)) == PlayCard("document", 20)


def test_it_shields_a_pair_with_the_special_agent_when_bombs_are_about():
    state = VaultState.arranged(
        [["special", "doc20", "doc5"], ["assassin", "assassin", "assassin"]],
        face_up=[["doc20"], []],
    )
    assert HeuristicVaultBot(0).choose(SeatView(state, 0)) == PlayCard("special_agent")


def test_it_aims_the_mole_at_the_richest_card():
    state = VaultState.arranged([["mole", "doc5"], ["doc10", "doc5"], ["doc20", "doc5"]])
    everyone_plays(state, {0: "mole", 1: "doc10", 2: "doc20"})
    assert HeuristicVaultBot(0).choose(SeatView(state, 0)) == Steal(2)


def test_it_banks_when_an_assassin_is_likely_and_keeps_when_the_table_is_calm():
    risky = VaultState.arranged([["doc20", "doc20", "doc5"], ["doc5", "assassin", "assassin"]])
    everyone_plays(risky, {0: "doc20", 1: "doc5"})
    assert HeuristicVaultBot(0).choose(SeatView(risky, 0)) == Bank()

    calm = VaultState.arranged([["doc20", "doc20", "doc5"], ["doc5", "doc10", "doc10"]])
    everyone_plays(calm, {0: "doc20", 1: "doc5"})
    assert HeuristicVaultBot(0).choose(SeatView(calm, 0)) == KeepFaceUp()
