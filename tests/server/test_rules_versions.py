"""A table keeps the rules it was created with (topsecret.core.rules_versions; each game page,
"Rules versions").

Defaults and designed values change (issue #14 made vault one deal by default with stolen
cards hidden, gave the briefcase game a new map and the printed HQ rule, made wink's looks
take time). The replay logs in ``rules1_logs/`` were played and saved by the release before
those changes, with its heuristic bots; they and a server database written then must still
replay to the same end.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from typer.testing import CliRunner

from topsecret.cli import app
from topsecret.core import InvalidOptions, ReplayError, ReplayLog, replay
from topsecret.core.rules_versions import RULES
from topsecret.games import get_game
from topsecret.server.db import MIGRATIONS, LogRow, SeatData, Store, TableData
from topsecret.server.tables import TableRuntime

LOGS = Path(__file__).with_name("rules1_logs")
#: Logs of rules 1 that today's engine replays (each game's rules_versions.toml).
REPLAYABLE = sorted(
    p.name for p in LOGS.glob("*.json") if p.name.startswith(("vault", "briefcase", "wink"))
)


def old_log(name: str) -> ReplayLog:
    return ReplayLog.load(LOGS / name)


# -- replay log files --------------------------------------------------------------------


@pytest.mark.parametrize("name", REPLAYABLE)
def test_a_log_saved_before_rules_versions_replays_to_its_end(name: str) -> None:
    # Given a log written by the release before rules versions (format version 1)
    log = old_log(name)
    assert json.loads((LOGS / name).read_text())["version"] == 1
    # then it is read as played under rules 1
    assert log.options[RULES] == 1
    # and replays to the end with the logged scores (replay checks them)
    state = replay(get_game(log.game), log)
    assert state.is_over()
    assert state.scores() == log.scores


def test_the_replay_command_replays_a_log_from_before() -> None:
    result = CliRunner().invoke(app, ["replay", str(LOGS / "vault-2p-seed2.json"), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["over"] is True
    assert out["scores"] == old_log("vault-2p-seed2.json").scores


def test_a_vault_log_of_rules_1_plays_deals_to_1200_with_stolen_cards_face_up() -> None:
    # Rules 1's defaults: deals to a target of 1200 (§Manches), stolen cards face up
    log = old_log("vault-2p-seed2.json")
    state = replay(get_game("vault"), log)
    assert max(state.scores()) >= 1200
    assert get_game("vault").resolve_options({RULES: 1}) == {
        "target": 1200,
        "single_deal": False,
        "stolen": "face_up",
        RULES: 1,
    }


def test_a_briefcase_log_of_rules_1_replays_on_the_first_map() -> None:
    game = get_game("briefcase")
    log = old_log("briefcase-3p-seed2.json")
    state = replay(game, log)
    first = state.game.board  # type: ignore[attr-defined]
    assert first.key != game.board.key  # not today's map...
    assert first.key == game.board_for({RULES: 1}).key  # ...the one rules 1 played on
    assert game.resolve_options({RULES: 1})["hq_win"] == "owner"


def test_a_wink_log_of_rules_1_ends_when_no_location_card_is_left() -> None:
    # Rules 1 ended the game on an empty location deck; rules 2 refills it (our design)
    state = replay(get_game("wink"), old_log("wink-8p-seed3.json"))
    assert state.end_reason == "a location card could not be drawn"  # type: ignore[attr-defined]
    options = get_game("wink").resolve_options({RULES: 1, "signal_ms": 600})
    assert "signal_ms" not in options  # an option rules 2 no longer has
    assert (options["look_ms"], options["notice_ms"]) == (0, 0)


def test_options_a_table_named_keep_their_value_under_its_rules() -> None:
    # A rules-1 vault table that chose one deal keeps it; only unnamed options get rules 1's
    options = get_game("vault").resolve_options({RULES: 1, "single_deal": True})
    assert options["single_deal"] is True
    assert options["stolen"] == "face_up"


def test_a_spyworld_log_of_rules_1_is_refused_with_the_reason() -> None:
    with pytest.raises(ReplayError, match=r"SpyWorld rules 1.*Secrets and Budget"):
        replay(get_game("spyworld"), old_log("spyworld-2p-seed2.json"))


def test_new_tables_name_the_current_rules_and_their_logs_keep_them(tmp_path: Path) -> None:
    for game_id in ("vault", "briefcase", "wink", "spyworld"):
        game = get_game(game_id)
        options = game.resolve_options({})
        assert options[RULES] == game.rules_version
        assert game.describe()["rules"] == game.rules_version
        log = ReplayLog(game.id, game.default_players(), 1, dict(options))
        log.save(tmp_path / f"{game_id}.json")
        assert ReplayLog.load(tmp_path / f"{game_id}.json").options[RULES] == game.rules_version


def test_rules_newer_than_this_version_are_refused() -> None:
    game = get_game("vault")
    with pytest.raises(InvalidOptions, match="upgrade"):
        game.resolve_options({RULES: game.rules_version + 1})
    with pytest.raises(InvalidOptions, match="whole number"):
        game.resolve_options({RULES: "1"})


# -- a server database written before ------------------------------------------------------


def migrate_to(store: Store, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def store_as_before(store: Store, table_id: str, log: ReplayLog, status: str) -> None:
    """A table as the release before stored it: its options as resolved then (no rules)."""
    options = {k: v for k, v in log.options.items() if k != RULES}
    seats = tuple(SeatData(s, "heuristic", None, None, False) for s in range(log.players))
    store.create_table(
        TableData(
            table_id,
            log.game,
            log.players,
            log.seed,
            options,
            {},
            status,
            time.time(),
            None,
            None,
            seats,
        )
    )
    for seq, entry in enumerate(log.actions):
        store.append_action(table_id, LogRow(seq, entry.seat, entry.action, entry.time))


def test_tables_stored_before_replay_as_played_after_the_upgrade(database_url: str) -> None:
    store = Store(database_url)
    try:
        # Given a database at the schema before rules versions, holding tables of then
        migrate_to(store, "0004")
        for number, name in enumerate(REPLAYABLE):
            store_as_before(store, f"old{number}", old_log(name), "playing")
        store_as_before(store, "oldspy", old_log("spyworld-2p-seed2.json"), "playing")
        # when the server upgrades
        store.migrate()
        # then every table names rules 1 and replays to the end of its log as played
        for number, name in enumerate(REPLAYABLE):
            data = store.load_table(f"old{number}")
            assert data is not None
            assert data.options[RULES] == 1
            runtime = TableRuntime(data, get_game(data.game), store)
            runtime.replay(store.load_log(data.id))
            assert runtime.state.is_over(), name
            assert runtime.state.scores() == old_log(name).scores, name
        # and an unfinished SpyWorld table of rules 1, which cannot go on, is closed saying why
        spy = store.load_table("oldspy")
        assert spy is not None
        assert spy.status == "closed"
        assert spy.closed_reason is not None and "SpyWorld rules 1" in spy.closed_reason
        assert spy.options[RULES] == 1
    finally:
        store.close()
