"""Rulebook 002 §Début du tour de jeu: hidden choice, simultaneous reveal, what cards do."""

from typing import Any

import pytest

from topsecret.core import IllegalAction, Rng
from topsecret.games.vault import GAME, Bank, KeepFaceUp, PlayCard, Steal, VaultState

from .table import LOOT_FACE_UP, decide, everyone_plays, face_up, labels, moles_steal, x1, x2


def test_choices_stay_hidden_until_everyone_has_chosen():
    state = VaultState.arranged([["doc20", "doc5"], ["doc10", "doc5"], ["mole", "doc5"]])
    state.apply(0, PlayCard("document", 20))
    for viewer in (1, 2, None):
        seen = state.observation(viewer)
        assert seen["step"]["chosen"] == [0]
        assert seen["step"]["my_choice"] is None
        assert seen["seats"][0]["face_up"] == []
    assert state.observation(0)["step"]["my_choice"] == {
        "type": "play",
        "card": "document",
        "value": 20,
    }
    assert state.acting_players() == (1, 2)


def test_a_seat_cannot_choose_twice_in_one_trick():
    state = VaultState.arranged([["doc20", "doc5"], ["doc10", "doc5"]])
    state.apply(0, PlayCard("document", 20))
    with pytest.raises(IllegalAction, match="no decision"):
        state.apply(0, PlayCard("document", 5))


def test_playing_a_card_you_do_not_hold_is_refused_and_changes_nothing():
    state = VaultState.arranged([["doc20", "doc5"], ["doc10", "doc5"]])
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="Début du tour de jeu") as caught:
        state.apply(0, PlayCard("assassin"))
    assert "holds no assassin" in str(caught.value)
    assert state.snapshot() == before


def test_an_assassin_played_with_a_value_is_refused_for_its_value_not_its_absence():
    """Given a seat holding an assassin, when it plays "assassin 99", then the refusal says
    that only secret documents have a value, not that the seat holds no assassin."""
    state = VaultState.arranged([["assassin", "doc5"], ["doc10", "doc5"]])
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="Début du tour de jeu") as caught:
        state.apply(0, PlayCard("assassin", 99))
    assert str(caught.value).startswith(
        "only secret documents have a value: play the assassin with value 0"
    )
    assert state.snapshot() == before
    state.apply(0, PlayCard("assassin", 0))


def test_all_cards_are_revealed_together_on_the_players_safes():
    state = VaultState.arranged([["doc20", "doc5"], ["doc10", "doc5"]])
    events = everyone_plays(state, {0: "doc20", 1: "doc10"})
    revealed = [e for e in events if e.kind == "revealed"]
    assert len(revealed) == 1 and revealed[0].audience is None
    assert face_up(state, 0) == ["doc20"]
    assert face_up(state, 1) == ["doc10"]


def test_a_document_stays_its_players_when_nobody_steals_or_bombs_it():
    state = VaultState.arranged([["doc20", "doc5"], ["doc10", "doc5"]])
    everyone_plays(state, {0: "doc20", 1: "doc10"})
    assert face_up(state, 0) == ["doc20"]


def test_boom_discards_every_card_just_played_but_special_agents():
    state = VaultState.arranged(
        [["assassin", "doc5"], ["doc20", "doc5"], ["special", "doc5"], ["mole", "doc5"]]
    )
    everyone_plays(state, {0: "assassin", 1: "doc20", 2: "special", 3: "mole"})
    assert state.last_trick["boom"]
    assert face_up(state, 1) == []
    assert face_up(state, 2) == ["special"]
    assert face_up(state, 3) == []
    discarded = sorted(state.cards[c].kind for c in state.discard)
    assert discarded == ["assassin", "document", "mole"]


def test_boom_also_destroys_cards_left_face_up_from_an_earlier_trick():
    state = VaultState.arranged([["assassin", "doc5"], ["doc5", "doc5"]], face_up=[[], ["doc20"]])
    everyone_plays(state, {0: "assassin", 1: "doc5"})
    assert face_up(state, 1) == []


def test_boom_destroys_the_bombers_own_face_up_card_too():
    """§Un assassin a été joué: "Tous les joueurs défaussent" their face-up cards, the one
    who played the assassin as well."""
    state = VaultState.arranged([["assassin", "doc5"], ["doc5", "doc5"]], face_up=[["doc20"], []])
    everyone_plays(state, {0: "assassin", 1: "doc5"})
    assert face_up(state, 0) == [] and face_up(state, 1) == []
    assert "doc20" in labels(state, state.discard)


def test_a_special_agent_protects_the_document_under_it():
    state = VaultState.arranged(
        [["assassin", "doc5"], ["special", "doc5"]], face_up=[[], ["doc15"]]
    )
    everyone_plays(state, {0: "assassin", 1: "special"})
    # Both survive, and being a pair they go to the x2 side at once.
    assert state.x2[1] and sorted(face_up(state, 1)) == []


def test_a_document_played_on_top_of_a_special_agent_is_not_protected():
    state = VaultState.arranged(
        [["assassin", "doc5"], ["doc15", "doc5"]], face_up=[[], ["special"]]
    )
    everyone_plays(state, {0: "assassin", 1: "doc15"})
    assert face_up(state, 1) == ["special"]
    assert state.x2[1] == []


def test_several_assassins_have_the_same_effect_as_one():
    state = VaultState.arranged([["assassin", "doc5"], ["assassin", "doc5"], ["doc20", "doc5"]])
    everyone_plays(state, {0: "assassin", 1: "assassin", 2: "doc20"})
    assert face_up(state, 2) == []
    assert len(state.discard) == 3


def test_moles_blow_up_with_the_bomb_and_steal_nothing():
    state = VaultState.arranged([["assassin", "doc5"], ["mole", "doc5"], ["special", "doc5"]])
    everyone_plays(state, {0: "assassin", 1: "mole", 2: "special"})
    assert state.phase == "bank"  # no steal step
    assert face_up(state, 1) == []
    assert face_up(state, 2) == ["special"]


def test_a_mole_steals_a_document_just_played_by_an_opponent():
    state = VaultState.arranged([["mole", "doc5"], ["doc20", "doc5"], ["doc10", "doc5"]])
    everyone_plays(state, {0: "mole", 1: "doc20", 2: "doc10"})
    assert state.phase == "steal"
    assert state.acting_players() == (0,)
    assert state.legal_actions(0) == [Steal(1), Steal(2)]
    moles_steal(state, {0: 1})
    # By the rule the loot lies hidden beside the thief's safe (see below).
    assert x1(state, 0) == ["doc20"] and face_up(state, 0) == []
    assert face_up(state, 1) == []
    assert face_up(state, 2) == ["doc10"]
    assert "mole" in [state.cards[c].kind for c in state.discard]


def test_a_mole_may_steal_a_special_agent():
    state = VaultState.arranged([["mole", "doc5"], ["special", "doc5"]])
    everyone_plays(state, {0: "mole", 1: "special"})
    moles_steal(state, {0: 1})
    assert x1(state, 0) == ["special"] and face_up(state, 1) == []


def test_a_mole_cannot_take_a_card_left_from_an_earlier_trick():
    state = VaultState.arranged([["mole", "doc5"], ["doc10", "doc5"]], face_up=[[], ["doc20"]])
    everyone_plays(state, {0: "mole", 1: "doc10"})
    # doc20 + doc10 would have left seat 1 two unmatched cards; the mole may only take doc10.
    assert state.legal_actions(0) == [Steal(1)]
    moles_steal(state, {0: 1})
    assert x1(state, 0) == ["doc10"]
    assert face_up(state, 1) == ["doc20"]


def test_a_mole_with_nothing_to_steal_is_simply_discarded():
    state = VaultState.arranged([["mole", "doc5"], ["mole", "doc5"]])
    everyone_plays(state, {0: "mole", 1: "mole"})
    assert state.phase == "play" and state.trick == 2
    assert len(state.discard) == 2


def test_a_mole_cannot_steal_from_its_own_player():
    state = VaultState.arranged([["mole", "doc5"], ["doc10", "doc5"]])
    everyone_plays(state, {0: "mole", 1: "doc10"})
    with pytest.raises(IllegalAction, match="Une taupe"):
        state.apply(0, Steal(0))


def test_two_moles_after_one_card_the_first_hand_takes_it_and_the_other_gets_nothing():
    winners = set()
    for seed in range(12):
        state = VaultState.arranged(
            [["mole", "doc5"], ["mole", "doc5"], ["doc20", "doc5"]], seed=seed
        )
        everyone_plays(state, {0: "mole", 1: "mole", 2: "doc20"})
        events = moles_steal(state, {0: 2, 1: 2})
        stolen = [e for e in events if e.kind == "stolen"]
        assert len(stolen) == 1
        thief = stolen[0].data["thief"]
        loser = 1 - thief
        assert stolen[0].data["too_slow"] == [loser]
        assert x1(state, thief) == ["doc20"]
        assert x1(state, loser) == [] and face_up(state, loser) == []
        # "Chaque taupe ne sert qu'une fois": the mole that lost the draw is spent too.
        assert labels(state, state.discard) == ["mole", "mole"]
        winners.add(thief)
    # The race is settled by the seeded draw, not always the same seat.
    assert winners == {0, 1}


def test_the_race_between_two_moles_is_the_same_for_the_same_seed():
    results = []
    for _ in range(2):
        state = VaultState.arranged([["mole", "doc5"], ["mole", "doc5"], ["doc20", "doc5"]], seed=5)
        everyone_plays(state, {0: "mole", 1: "mole", 2: "doc20"})
        results.append(moles_steal(state, {0: 2, 1: 2}))
    assert [e.to_json() for e in results[0]] == [e.to_json() for e in results[1]]


def test_two_moles_after_different_cards_both_steal():
    state = VaultState.arranged(
        [["mole", "doc5"], ["mole", "doc5"], ["doc20", "doc5"], ["doc15", "doc5"]]
    )
    everyone_plays(state, {0: "mole", 1: "mole", 2: "doc20", 3: "doc15"})
    moles_steal(state, {0: 2, 1: 3})
    assert x1(state, 0) == ["doc20"]
    assert x1(state, 1) == ["doc15"]


def test_cards_banked_in_the_safe_cannot_be_stolen_or_blown_up():
    state = VaultState.arranged([["assassin", "doc5"], ["doc5", "doc5"]], x1=[[], ["doc20"]])
    everyone_plays(state, {0: "assassin", 1: "doc5"})
    assert x1(state, 1) == ["doc20"]


# "Les cartes volées par la taupe ne rejoignent pas la main du joueur, mais sont placées cachées
# à côté du coffre-fort, ou, pour rendre le jeu plus passionnant, visibles, toujours à coté du
# coffre." The rule hides the loot; the option stolen=face_up plays the variant.


def test_by_default_the_loot_lies_hidden_as_the_rule_says():
    assert GAME.resolve_options(None)["stolen"] == "hidden"
    assert GAME.new_state(3, seed=0).observation(None)["stolen"] == "hidden"
    assert GAME.new_state(3, LOOT_FACE_UP, seed=0).observation(1)["stolen"] == "face_up"


def test_hidden_loot_is_not_offered_to_bank_or_keep_and_scores_its_face_value():
    state = VaultState.arranged([["mole", "doc5"], ["doc20", "doc5"]])
    everyone_plays(state, {0: "mole", 1: "doc20"})
    events = moles_steal(state, {0: 1})
    assert [e.data["hidden"] for e in events if e.kind == "stolen"] == [True]
    # Nothing of the thief's lies face up, so nobody has a card to bank or keep.
    assert state.phase == "play" and state.trick == 2
    # The last trick: what lies face up after it is banked (§Fin de la partie).
    everyone_plays(state, {0: "doc5", 1: "doc5"})
    assert state.is_over() and state.totals == [25, 5]


def test_hidden_loot_is_out_of_reach_of_a_later_assassin():
    state = VaultState.arranged([["mole", "doc5"], ["doc20", "assassin"]])
    everyone_plays(state, {0: "mole", 1: "doc20"})
    moles_steal(state, {0: 1})
    everyone_plays(state, {0: "doc5", 1: "assassin"})
    assert x1(state, 0) == ["doc20"]
    assert state.totals == [20, 0]


def test_hidden_loot_never_pairs_with_the_thiefs_face_up_card():
    state = VaultState.arranged([["mole", "doc5"], ["doc20", "doc5"]], face_up=[["doc20"], []])
    everyone_plays(state, {0: "mole", 1: "doc20"})
    moles_steal(state, {0: 1})
    assert x2(state, 0) == [] and x1(state, 0) == ["doc20"]
    # The thief's own 20 still lies face up, waiting for a partner.
    assert face_up(state, 0) == ["doc20"]


def test_a_hidden_special_agent_alone_scores_nothing():
    state = VaultState.arranged([["mole", "doc5"], ["special", "doc5"]])
    everyone_plays(state, {0: "mole", 1: "special"})
    moles_steal(state, {0: 1})
    everyone_plays(state, {0: "doc5", 1: "doc5"})
    assert state.is_over() and state.totals == [5, 5]


def test_in_the_variant_the_loot_lies_face_up_where_it_may_pair():
    state = VaultState.arranged(
        [["mole", "doc5"], ["doc20", "doc5"]], face_up=[["doc20"], []], options=LOOT_FACE_UP
    )
    events = everyone_plays(state, {0: "mole", 1: "doc20"})
    events = moles_steal(state, {0: 1})
    assert [e.data["hidden"] for e in events if e.kind == "stolen"] == [False]
    assert x2(state, 0) == [["doc20", "doc20"]] and x1(state, 0) == []


def test_in_the_variant_loot_kept_face_up_is_blown_up_by_a_later_assassin():
    """§Une taupe (the variant: "visibles") and §Un assassin: the loot lies face up like a
    card its thief played, so an assassin destroys it as it destroys any face-up card."""
    state = VaultState.arranged(
        [["mole", "doc5", "doc5"], ["doc20", "assassin", "doc5"]], options=LOOT_FACE_UP
    )
    everyone_plays(state, {0: "mole", 1: "doc20"})
    moles_steal(state, {0: 1})
    decide(state, {0: False})  # keep the stolen 20 face up, hoping for a pair
    assert face_up(state, 0) == ["doc20"]
    everyone_plays(state, {0: "doc5", 1: "assassin"})
    assert face_up(state, 0) == [] and x1(state, 0) == []
    assert "doc20" in labels(state, state.discard)


def test_in_the_variant_loot_that_does_not_match_sends_both_cards_to_x1():
    """§Paires homogènes: two face-up cards that do not match go to the x1 side, stolen or
    played alike in the variant."""
    state = VaultState.arranged(
        [["mole", "doc5"], ["doc20", "doc5"]], face_up=[["doc10"], []], options=LOOT_FACE_UP
    )
    everyone_plays(state, {0: "mole", 1: "doc20"})
    moles_steal(state, {0: 1})
    assert face_up(state, 0) == [] and sorted(x1(state, 0)) == ["doc10", "doc20"]


def test_a_special_agent_stolen_from_atop_a_document_leaves_the_document_to_its_owner():
    """§Une taupe: the mole takes the special agent just played; the document under it, from
    an earlier trick, stays, and its owner chooses again to bank it or keep it (§Paires 3)."""
    state = VaultState.arranged([["mole", "doc5"], ["special", "doc5"]], face_up=[[], ["doc15"]])
    everyone_plays(state, {0: "mole", 1: "special"})
    assert state.legal_actions(0) == [Steal(1)]
    moles_steal(state, {0: 1})
    assert x1(state, 0) == ["special"]
    assert face_up(state, 1) == ["doc15"]
    assert state.acting_players() == (1,)
    assert set(state.legal_actions(1)) == {Bank(), KeepFaceUp()}


# §Préparation: "Chaque joueur place son coffre-fort face visible devant lui sur la table." The
# safe shows the seat's colour, so everyone can tell whose colour a card is.


def first_theft(players: int, seed: int) -> tuple[VaultState, dict[str, Any]]:
    """A random deal played up to its first theft (dealt afresh until one happens)."""
    while True:
        state = GAME.new_state(players, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.acting_players()[0]
            for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
                if event.kind == "stolen":
                    return state, event.data
        seed += 1000


def test_every_observer_sees_each_seats_safe_colour_so_a_stolen_cards_owner_shows():
    for players in (2, 3, 4, 6):
        state, steal = first_theft(players, seed=players)
        for viewer in (None, *range(players)):
            seats = state.observation(viewer)["seats"]
            colours = [seat["safe"] for seat in seats]
            assert len(set(colours)) == players
            assert set(colours) <= set(GAME.components.colours)
            # The loot came from the victim's own colour: agents a small table adds from
            # unused colours are moles and assassins, which are never stolen.
            assert steal["card"]["colour"] == seats[steal["victim"]]["safe"]


def test_on_a_timeout_a_mole_takes_what_is_worth_most_where_the_loot_will_lie():
    """A special agent is worth something only as a joker, and only face-up loot can pair."""
    hands = [["mole", "doc5"], ["special", "doc5"], ["doc5", "doc5"]]
    plays = {0: "mole", 1: "special", 2: "doc5"}
    hidden = VaultState.arranged(hands, face_up=[["doc20"], [], []])
    everyone_plays(hidden, plays)
    assert hidden.default_action(0) == Steal(2)
    shown = VaultState.arranged(hands, face_up=[["doc20"], [], []], options=LOOT_FACE_UP)
    everyone_plays(shown, plays)
    assert shown.default_action(0) == Steal(1)


def test_a_mole_is_offered_each_steal_with_the_card_it_would_take():
    """Rulebook 002 §Une taupe a été jouée: the mole steals a card an opponent has just
    played, face up for all; the terminal's choice names that card, not only its seat."""
    from topsecret.i18n import game_text, translator

    state = VaultState.arranged([["mole", "doc5"], ["doc20", "doc5"]])
    state.apply(0, PlayCard("mole", 0))
    state.apply(1, PlayCard("document", 20))
    assert state.legal_actions(0) == [Steal(1)]
    note = game_text(GAME, translator("en")).menu_note([Steal(1)], state.observation(0))
    assert note == "(document 20)"
