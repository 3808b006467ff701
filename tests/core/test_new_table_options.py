"""A new table's options (``Game.new_table_options``; docs/engine.md §Rules versions, "New
tables use the current version"): every place that sets a new table up refuses an earlier
rules version as the server does, while stored logs of one still replay under it."""

from __future__ import annotations

from pathlib import Path

import pytest

from topsecret.core import InvalidOptions, ReplayLog, replay
from topsecret.core.rules_versions import RULES
from topsecret.games import game_ids, get_game

RULES1_LOGS = Path(__file__).parents[1] / "server" / "rules1_logs"
REFUSED = "tables are played under the current rules"


@pytest.mark.parametrize("game_id", game_ids())
def test_a_new_table_naming_an_earlier_rules_version_is_refused(game_id: str) -> None:
    """Given any game at rules 2, when a new table's options name rules 1, then they are
    refused with the server's words (``RulesHistory.check_new``)."""
    game = get_game(game_id)
    assert game.rules_version == 2
    with pytest.raises(InvalidOptions, match=f"{REFUSED}, 2: option 'rules' takes only 2"):
        game.new_table_options({RULES: 1})
    for wrong in (3, "1", True):
        with pytest.raises(InvalidOptions, match=REFUSED):
            game.new_table_options({RULES: wrong})


@pytest.mark.parametrize("game_id", game_ids())
def test_a_new_table_is_made_under_the_current_rules_named_or_not(game_id: str) -> None:
    """Given no options, or ``rules`` naming the current version, then the options are
    resolved as ``resolve_options`` resolves them, and resolved options pass again."""
    game = get_game(game_id)
    resolved = game.new_table_options({})
    assert resolved == game.resolve_options({})
    assert resolved[RULES] == game.rules_version
    assert game.new_table_options({RULES: game.rules_version}) == resolved
    assert game.new_table_options(resolved) == resolved


def test_a_new_vault_table_keeps_the_earlier_rules_choices_as_plain_options() -> None:
    """Given vault's rules 1 (deals to 1200, stolen cards face up, Rulebook 002 §Manches and
    its 'more exciting' variant), then a new table still chooses them as ordinary options."""
    options = get_game("vault").new_table_options(
        {"single_deal": False, "target": 1200, "stolen": "face_up"}
    )
    assert (options["single_deal"], options["target"], options["stolen"]) == (
        False,
        1200,
        "face_up",
    )
    assert options[RULES] == 2


def test_a_stored_log_of_rules_1_still_replays_under_them() -> None:
    """Given a vault log saved before rules versions (read as rules 1), when it is replayed,
    then it plays rules 1's deals to 1200 as logged: replays do not go through the new-table
    check."""
    log = ReplayLog.load(RULES1_LOGS / "vault-2p-seed2.json")
    assert log.options[RULES] == 1
    state = replay(get_game("vault"), log)
    assert state.is_over() and state.scores() == log.scores
    assert max(state.scores()) >= 1200


def test_options_typed_on_a_command_line_may_name_the_rules_version() -> None:
    """Given ``-o`` texts, then ``rules=N`` is read as a whole number for
    ``new_table_options`` to check, and the game's own options as before."""
    vault = get_game("vault")
    typed = vault.parse_option_texts(["rules=2", "target=600", "single_deal=false"])
    assert typed == {RULES: 2, "target": 600, "single_deal": False}
    assert vault.new_table_options(typed)[RULES] == 2
    with pytest.raises(InvalidOptions, match=f"{REFUSED}.*not 1;"):
        vault.new_table_options(vault.parse_option_texts(["rules=1"]))
    with pytest.raises(InvalidOptions, match=f"{REFUSED}.*not 'old'"):
        vault.new_table_options(vault.parse_option_texts(["rules=old"]))
    with pytest.raises(InvalidOptions, match="unknown option 'colour'"):
        vault.parse_option_texts(["colour=red"])
