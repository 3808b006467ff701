"""Rulebook 002 §Fin de la partie: counting the safe at the end of a deal."""

from topsecret.games.vault import VaultState

from .table import everyone_plays, x1, x2


def finished_deal(hands, face_up, options=None):
    state = VaultState.arranged(
        hands, face_up=face_up, options={"single_deal": True, **(options or {})}
    )
    return state


def test_two_twenties_on_the_x2_side_score_80():
    state = finished_deal([["doc20"], ["doc5"]], [["doc20"], []])
    everyone_plays(state, {0: "doc20", 1: "doc5"})
    assert x2(state, 0) == [["doc20", "doc20"]]
    assert state.is_over()
    assert state.scores()[0] == 80


def test_x1_cards_score_their_face_value():
    state = finished_deal([["doc10"], ["doc5"]], [["doc15"], []])
    everyone_plays(state, {0: "doc10", 1: "doc5"})
    assert x1(state, 0) == ["doc15", "doc10"]
    assert state.scores() == [25, 5]


def test_a_special_agent_on_the_x1_side_is_worth_nothing():
    state = finished_deal([["doc10"], ["special"]], [[], ["special"]])
    everyone_plays(state, {0: "doc10", 1: "special"})
    assert x1(state, 1) == ["special", "special"]
    assert state.scores()[1] == 0


def test_a_special_agent_on_the_x2_side_is_worth_what_its_document_is_worth():
    state = finished_deal([["special"], ["doc5"]], [["doc20"], []])
    everyone_plays(state, {0: "special", 1: "doc5"})
    # Like two 20s: the document doubled (40) and the joker worth as much (40).
    assert state.scores()[0] == 80


def test_the_deal_ends_when_all_cards_are_played_and_lone_face_up_cards_are_banked():
    state = finished_deal([["doc10"], ["doc5"]], [[], []])
    everyone_plays(state, {0: "doc10", 1: "doc5"})
    assert state.is_over()
    assert x1(state, 0) == ["doc10"] and x1(state, 1) == ["doc5"]
    assert state.scores() == [10, 5]


def test_the_player_with_most_points_is_master_spy():
    state = finished_deal([["doc10"], ["doc5"]], [[], []])
    everyone_plays(state, {0: "doc10", 1: "doc5"})
    assert state.winners() == [0]


def test_equal_totals_share_the_win():
    state = finished_deal([["doc10"], ["doc10"]], [[], []])
    everyone_plays(state, {0: "doc10", 1: "doc10"})
    assert state.winners() == [0, 1]
