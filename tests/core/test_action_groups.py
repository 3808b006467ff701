"""Game.action_groups: menu headings for terminal play."""

from topsecret.games import get_game


def test_by_default_every_action_is_its_own_heading():
    game = get_game("vault")
    state = game.new_state(3, seed=1)
    actions = state.legal_actions(state.acting_players()[0])
    groups = game.action_groups(actions)
    assert [members for _, members in groups] == [[action] for action in actions]
    assert [label for label, _ in groups] == [game.describe_action(a) for a in actions]
