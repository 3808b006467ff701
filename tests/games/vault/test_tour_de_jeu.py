"""Rulebook 002 §Tour de jeu: after the reveal, bank a lone document or leave it face up."""

import pytest

from topsecret.core import IllegalAction
from topsecret.games.vault import Bank, KeepFaceUp, PlayCard, VaultState

from .table import LOOT_FACE_UP, decide, everyone_plays, face_up, moles_steal, x1


def table_after_a_quiet_trick():
    from topsecret.games.vault import VaultState

    state = VaultState.arranged([["doc20", "doc20", "doc5"], ["doc10", "doc15", "doc5"]])
    everyone_plays(state, {0: "doc20", 1: "doc10"})
    return state


def test_each_player_with_a_new_lone_document_chooses_bank_or_keep():
    state = table_after_a_quiet_trick()
    assert state.phase == "bank"
    assert state.acting_players() == (0, 1)
    assert state.legal_actions(0) == [Bank(), KeepFaceUp()]


def test_banking_puts_the_document_on_the_x1_side_of_the_safe():
    state = table_after_a_quiet_trick()
    decide(state, {0: True, 1: False})
    assert x1(state, 0) == ["doc20"] and face_up(state, 0) == []
    assert face_up(state, 1) == ["doc10"] and x1(state, 1) == []
    assert state.phase == "play" and state.trick == 2


def test_the_bank_choice_is_hidden_until_both_have_decided():
    state = table_after_a_quiet_trick()
    state.apply(0, Bank())
    assert state.observation(1)["step"]["my_choice"] is None
    assert face_up(state, 0) == ["doc20"]


def test_in_the_face_up_variant_a_stolen_document_can_be_kept_face_up_by_the_thief():
    """ "les joueurs qui possèdent maintenant un document secret, qu'il l'ait posé ou volé":
    with loot face up (§Une taupe, the variant) the thief chooses like any player."""
    from topsecret.games.vault import VaultState

    state = VaultState.arranged([["mole", "doc5"], ["doc20", "doc5"]], options=LOOT_FACE_UP)
    everyone_plays(state, {0: "mole", 1: "doc20"})
    moles_steal(state, {0: 1})
    assert state.phase == "bank" and state.acting_players() == (0,)
    decide(state, {0: False})
    assert face_up(state, 0) == ["doc20"]


def test_a_card_left_face_up_is_not_asked_about_again_while_nothing_happens_to_it():
    from topsecret.games.vault import VaultState

    state = VaultState.arranged(
        [["mole", "doc5", "doc5"], ["mole", "doc5", "doc5"]], face_up=[["doc20"], []]
    )
    everyone_plays(state, {0: "mole", 1: "mole"})
    assert state.phase == "play" and face_up(state, 0) == ["doc20"]


def test_bank_or_keep_is_refused_outside_the_bank_step():
    from topsecret.games.vault import VaultState

    state = VaultState.arranged([["doc20", "doc5"], ["doc10", "doc5"]])
    with pytest.raises(IllegalAction, match="Début du tour de jeu"):
        state.apply(0, Bank())
    state.apply(0, PlayCard("document", 20))
    assert state.phase == "play"


def test_a_lone_special_agent_may_be_banked_and_alone_it_is_worth_nothing():
    """§Tour de jeu: a player with a lone face-up card chooses to bank it or keep it; §Fin de
    la partie: on the x1 side a special agent alone counts for nothing."""
    state = VaultState.arranged([["special", "doc5"], ["doc5", "doc5"]])
    everyone_plays(state, {0: "special", 1: "doc5"})
    assert set(state.legal_actions(0)) == {Bank(), KeepFaceUp()}
    decide(state, {0: True, 1: True})
    assert x1(state, 0) == ["special"] and state.deal_score(0) == 0
