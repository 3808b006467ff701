"""Rulebook 002 §Paires homogènes: pairs, the joker, and what happens to broken pairs."""

from topsecret.games.vault import VaultState
from topsecret.games.vault.state import is_pair

from .table import LOOT_FACE_UP, decide, everyone_plays, face_up, moles_steal, x1, x2


def test_two_documents_of_the_same_value_make_a_pair():
    state = VaultState.arranged([["doc15", "doc5"], ["doc5", "doc5"]], face_up=[["doc15"], []])
    everyone_plays(state, {0: "doc15", 1: "doc5"})
    assert x2(state, 0) == [["doc15", "doc15"]]
    assert face_up(state, 0) == []


def test_the_colour_of_two_equal_documents_does_not_matter():
    deck = VaultState.arranged([["doc5"], ["doc5"]]).cards
    crimson_20, cobalt_20 = (
        next(c for c in deck if c.colour == colour and c.value == 20)
        for colour in ("crimson", "cobalt")
    )
    assert is_pair(crimson_20, cobalt_20)
    ten = next(c for c in deck if c.value == 10)
    assert not is_pair(crimson_20, ten)


def test_a_document_and_a_special_agent_make_a_pair_the_agent_as_joker():
    state = VaultState.arranged([["special", "doc5"], ["doc5", "doc5"]], face_up=[["doc10"], []])
    everyone_plays(state, {0: "special", 1: "doc5"})
    assert x2(state, 0) == [["doc10", "special"]]


def test_the_special_agent_may_come_first_and_the_document_second():
    state = VaultState.arranged([["doc20", "doc5"], ["doc5", "doc5"]], face_up=[["special"], []])
    everyone_plays(state, {0: "doc20", 1: "doc5"})
    assert x2(state, 0) == [["special", "doc20"]]


def test_two_special_agents_are_no_pair():
    state = VaultState.arranged([["special", "doc5"], ["doc5", "doc5"]], face_up=[["special"], []])
    everyone_plays(state, {0: "special", 1: "doc5"})
    assert x2(state, 0) == []
    assert x1(state, 0) == ["special", "special"]


def test_two_face_up_cards_that_do_not_match_go_to_the_x1_side():
    state = VaultState.arranged([["doc10", "doc5"], ["doc5", "doc5"]], face_up=[["doc20"], []])
    everyone_plays(state, {0: "doc10", 1: "doc5"})
    assert x1(state, 0) == ["doc20", "doc10"]
    assert face_up(state, 0) == []


def test_never_more_than_two_face_up_cards():
    state = VaultState.arranged(
        [["doc5", "doc10", "doc15", "doc20"], ["doc5", "doc10", "doc15", "doc20"]]
    )
    while not state.is_over():
        for seat in state.acting_players():
            state.apply(seat, state.legal_actions(seat)[-1])  # always keep face up
        assert all(len(stack) <= 1 for stack in state.face_up)


def test_in_the_face_up_variant_a_pair_completed_by_a_mole_goes_to_the_x2_side():
    """§Paires homogènes 2b: "Vous jouez une taupe et volez une carte correspondante": the
    way the rulebook's "plus loin" explains why loot may lie face up (§Une taupe)."""
    state = VaultState.arranged(
        [["mole", "doc5"], ["doc20", "doc5"]], face_up=[["doc20"], []], options=LOOT_FACE_UP
    )
    everyone_plays(state, {0: "mole", 1: "doc20"})
    moles_steal(state, {0: 1})
    assert x2(state, 0) == [["doc20", "doc20"]]


def test_by_the_rule_hidden_loot_completes_no_pair():
    state = VaultState.arranged([["mole", "doc5"], ["doc20", "doc5"]], face_up=[["doc20"], []])
    everyone_plays(state, {0: "mole", 1: "doc20"})
    moles_steal(state, {0: 1})
    assert x2(state, 0) == [] and x1(state, 0) == ["doc20"] and face_up(state, 0) == ["doc20"]


def test_a_pair_attempt_fails_if_a_mole_steals_the_second_card_and_the_player_chooses_again():
    state = VaultState.arranged([["doc15", "doc5"], ["mole", "doc5"]], face_up=[["doc15"], []])
    everyone_plays(state, {0: "doc15", 1: "mole"})
    moles_steal(state, {1: 0})
    assert face_up(state, 0) == ["doc15"]
    # Only the robbed player chooses: by the rule the thief's loot lies hidden by its safe.
    assert state.phase == "bank" and state.acting_players() == (0,)
    decide(state, {0: True})
    assert x1(state, 0) == ["doc15"] and x1(state, 1) == ["doc15"]


def test_a_bomb_on_a_special_agent_then_document_pair_leaves_the_agent_to_choose_again():
    state = VaultState.arranged(
        [["doc15", "doc5"], ["assassin", "doc5"]], face_up=[["special"], []]
    )
    everyone_plays(state, {0: "doc15", 1: "assassin"})
    assert face_up(state, 0) == ["special"]
    assert state.phase == "bank" and state.acting_players() == (0,)
