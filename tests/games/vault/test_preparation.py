"""Rulebook 002 §Contenu and §Préparation: the deck and the hands."""

from collections import Counter

import pytest

from topsecret.core import DataFileError
from topsecret.games.vault import GAME, load_components
from topsecret.games.vault.cards import ASSASSIN, DOCUMENT, MOLE, SAFE, SPECIAL_AGENT


def hand_kinds(state, seat):
    return Counter(state.cards[c].type_key for c in state.hands[seat])


def test_contenu_96_cards_6_safes_30_agents_60_documents():
    deck = GAME.components.deck()
    kinds = Counter(card.kind for card in deck)
    assert len(deck) == 96
    assert kinds[SAFE] == 6
    assert kinds[ASSASSIN] + kinds[MOLE] + kinds[SPECIAL_AGENT] == 30
    assert kinds[DOCUMENT] == 60


def test_every_table_of_one_deck_shares_its_cards_numbered_0_to_95():
    """Cards are frozen, so tables share one deck: a server holding many keeps one copy."""
    first, second = GAME.new_state(4, seed=1), GAME.new_state(5, seed=2)
    assert first.cards is second.cards is GAME.components.deck()
    assert [card.id for card in first.cards] == list(range(96))


def test_preparation_six_colours_of_sixteen_cards():
    colours = Counter(card.colour for card in GAME.components.deck())
    assert len(colours) == 6
    assert set(colours.values()) == {16}


@pytest.mark.parametrize("players", [4, 5, 6])
def test_preparation_each_player_gets_one_colour_with_the_safe_face_up(players):
    state = GAME.new_state(players, seed=11)
    colours = [{state.cards[c].colour for c in hand} for hand in state.hands]
    assert all(len(c) == 1 for c in colours)
    assert len({next(iter(c)) for c in colours}) == players
    # 16 cards of a colour: the safe lies on the table, 15 are in hand.
    assert [len(hand) for hand in state.hands] == [15] * players
    assert all(state.cards[c].kind != SAFE for hand in state.hands for c in hand)


def test_preparation_two_players_add_one_mole_two_assassins_and_drop_the_20s():
    state = GAME.new_state(2, seed=3)
    for seat in range(2):
        kinds = hand_kinds(state, seat)
        # 17 cards counting the safe: 16 in hand.
        assert sum(kinds.values()) == 16
        assert kinds[(DOCUMENT, 20)] == 0
        assert kinds[(MOLE, 0)] == 2 + 1
        assert kinds[(ASSASSIN, 0)] == 2 + 2
        own = {state.cards[c].colour for c in state.hands[seat] if state.cards[c].kind == DOCUMENT}
        extra = [state.cards[c] for c in state.hands[seat] if state.cards[c].colour not in own]
        # The added agents come from colours nobody plays.
        played_colours = {
            state.cards[c].colour for h in state.hands for c in h if state.cards[c].kind == DOCUMENT
        }
        assert len(extra) == 3
        assert all(card.colour not in played_colours for card in extra)


def test_preparation_three_players_add_one_mole_one_assassin_and_drop_the_20s():
    state = GAME.new_state(3, seed=3)
    for seat in range(3):
        kinds = hand_kinds(state, seat)
        # 16 cards counting the safe: 15 in hand.
        assert sum(kinds.values()) == 15
        assert kinds[(DOCUMENT, 20)] == 0
        assert kinds[(MOLE, 0)] == 3
        assert kinds[(ASSASSIN, 0)] == 3


def test_preparation_hands_are_secret_only_their_size_and_public_counts_show():
    state = GAME.new_state(4, seed=1)
    seen_by_1 = state.observation(1)
    assert "hand" in seen_by_1
    assert [c["id"] for c in seen_by_1["hand"]] == state.hands[1]
    other = seen_by_1["seats"][2]
    assert other["hand_size"] == 15
    assert "hand" not in other
    assert "hand" not in state.observation(None)


@pytest.mark.parametrize("viewer", [None, 0, 2])
def test_preparation_every_safe_lies_face_up_so_every_seat_sees_each_colour(viewer):
    state = GAME.new_state(4, seed=1)
    seats = state.observation(viewer)["seats"]
    colours = [{state.cards[c].colour for c in hand} for hand in state.hands]
    assert [{seat["safe"]} for seat in seats] == colours


def test_a_deck_file_that_breaks_the_printed_counts_is_refused(tmp_path):
    from importlib import resources

    text = resources.files("topsecret.games.vault").joinpath("data.toml").read_text()
    broken = text.replace("value = 5\ncount = 2", "value = 5\ncount = 3", 1)
    path = tmp_path / "deck.toml"
    path.write_text(broken)
    with pytest.raises(DataFileError, match="17 cards, not 16"):
        load_components(path)


def test_a_deck_file_item_without_source_is_refused(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text("[deck]\ncolours = 6\n")
    with pytest.raises(DataFileError, match="source"):
        load_components(path)


def test_the_shipped_deck_marks_designed_values_as_project():
    import tomllib
    from importlib import resources

    data = tomllib.loads(resources.files("topsecret.games.vault").joinpath("data.toml").read_text())
    sources = {(c["kind"], c.get("value", 0)): c["source"] for c in data["card"]}
    assert sources[("safe", 0)] == "rulebook"
    assert sources[("assassin", 0)] == "project"
    assert sources[("document", 20)] == "project"
    assert all(c["source"] == "project" for c in data["colour"])
