"""A table keeps the rules it was created with (topsecret.core.rules_versions; each game page,
"Rules versions").

Defaults and designed values change (issue #14 made vault one deal by default with stolen
cards hidden, gave the briefcase game a new map and the printed HQ rule, made wink's looks
take time). The replay logs in ``rules1_logs/`` were played and saved by the release before
those changes, with its heuristic bots; they and a server database written then must still
replay to the same end.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.config import Config
from liveserver import LOOPBACK_EXEMPT, LiveServer, bot, person, store_table
from typer.testing import CliRunner
from wsclient import SeatClient, seated, set_up_table

from topsecret.cli import app
from topsecret.core import InvalidOptions, ReplayError, ReplayLog, replay
from topsecret.core.rules_versions import RULES
from topsecret.games import get_game
from topsecret.server.db import MIGRATIONS, SeatData, Store
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
    # A log from before the `stolen` option replays with loot face up, as it was played
    # (docs/games/vault.md, "Replays recorded before these options"), with nothing added
    assert "stolen" not in json.loads((LOGS / "vault-2p-seed2.json").read_text())["options"]
    assert state.options["stolen"] == "face_up"  # type: ignore[attr-defined]
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


def store_as_before(store: Store, table_id: str, log: ReplayLog) -> None:
    """A table as the release before stored it: its options as resolved then (no rules)."""
    store_table(
        store,
        table_id,
        log.game,
        [bot(seat, "heuristic") for seat in range(log.players)],
        seed=log.seed,
        options={k: v for k, v in log.options.items() if k != RULES},
        actions=[(entry.seat, entry.action, entry.time) for entry in log.actions],
    )


def store_played(
    url: str, table_id: str, log: ReplayLog, seats: list[SeatData], upto: int | None = None
) -> None:
    """Store a logged game as today's server holds it, options with their rules version:
    its first ``upto`` actions, or the whole game ended with the logged scores."""
    store = Store(url)
    store.migrate()
    actions = log.actions if upto is None else log.actions[:upto]
    store_table(
        store,
        table_id,
        log.game,
        seats,
        seed=log.seed,
        options=dict(log.options),
        actions=[(entry.seat, entry.action, entry.time) for entry in actions],
        scores=log.scores if upto is None else None,
    )
    store.close()


def test_tables_stored_before_replay_as_played_after_the_upgrade(database_url: str) -> None:
    store = Store(database_url)
    try:
        # Given a database at the schema before rules versions, holding tables of then
        migrate_to(store, "0004")
        for number, name in enumerate(REPLAYABLE):
            store_as_before(store, f"old{number}", old_log(name))
        store_as_before(store, "oldspy", old_log("spyworld-2p-seed2.json"))
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


# -- the lobby: new tables under today's rules, stored ones under their own -----------------


def test_a_new_table_is_created_only_under_the_current_rules(sqlite_url: str) -> None:
    """Earlier rules exist so that stored tables replay as played; a new table is made under
    the current rules, and asking for another version is refused naming the one allowed."""
    with LiveServer(sqlite_url, LOOPBACK_EXEMPT) as server:
        for game_id in ("vault", "briefcase", "wink", "spyworld"):
            game = get_game(game_id)
            current = game.rules_version
            for wrong in (current - 1, current + 1, str(current), True):
                refused = httpx.post(
                    f"{server.http}/api/tables",
                    json={
                        "game": game_id,
                        "players": game.default_players(),
                        "options": {RULES: wrong},
                    },
                    timeout=10,
                )
                assert refused.status_code == 422, (game_id, wrong)
                detail = refused.json()["detail"]
                assert f"option 'rules' takes only {current} (or leave it out)" in detail
                assert f"{game.title}: new tables are played under the current rules" in detail
            named = set_up_table(
                server.http,
                game=game_id,
                players=game.default_players(),
                options={RULES: current},
            )
            unnamed = set_up_table(server.http, game=game_id, players=game.default_players())
            for table in (named, unnamed):
                assert table.created["table"]["options"][RULES] == current
                stored = server.store.load_table(table.id)
                assert stored is not None and stored.options[RULES] == current


def test_a_table_stored_under_rules_1_is_played_on_to_its_end_under_them(
    database_url: str,
) -> None:
    """Given a two-player vault table of rules 1 stored half-way (Ann and Bob seated), when
    the server starts, then it goes on under rules 1: the rest of the logged game, played
    through the sockets, is accepted move by move and ends with the logged scores (deals to
    1200, stolen cards face up: Rulebook 002 §Manches and its 'more exciting' variant)."""
    log = old_log("vault-2p-seed2.json")
    half = len(log.actions) // 2
    tokens = ["ann-token", "bob-token"]
    store_played(
        database_url,
        "oldvault",
        log,
        [person(0, "Ann", tokens[0]), person(1, "Bob", tokens[1])],
        upto=half,
    )
    with LiveServer(database_url) as server:
        info = httpx.get(f"{server.http}/api/tables/oldvault", timeout=10).json()
        assert info["status"] == "playing" and info["options"][RULES] == 1

        async def play_the_rest() -> list[float]:
            seats = [await seated(server.ws, "oldvault", token) for token in tokens]
            assert [client.last["you"] for client in seats] == [0, 1]
            assert seats[0].last["seq"] == half
            for seq, entry in enumerate(log.actions[half:], half):
                reply = await seats[entry.seat].act(entry.action, seq)
                assert reply["type"] == "update", (seq, reply)
            last = seats[0]
            while not last.last["over"]:
                await last.update()
            for client in seats:
                await client.close()
            scores: list[float] = last.last["scores"]
            return scores

        assert asyncio.run(play_the_rest()) == log.scores
        stored = server.store.load_table("oldvault")
        assert stored is not None and stored.status == "finished"
        assert stored.options[RULES] == 1


def test_the_rematch_of_a_rules_1_table_is_played_under_the_current_rules(
    database_url: str,
) -> None:
    """Given a finished vault game of rules 1, when Ann asks for the rematch, then the new
    table is made under today's rules (new tables always are) with the options the old one
    played with, rules 1's deals to 1200 among them, now named as plain options."""
    log = old_log("vault-2p-seed2.json")
    store_played(
        database_url,
        "oldvault",
        log,
        [person(0, "Ann", "ann-token"), person(1, "Bob", "bob-token")],
    )
    with LiveServer(database_url) as server:
        asked = httpx.post(
            f"{server.http}/api/tables/oldvault/rematch", json={"token": "ann-token"}, timeout=10
        )
        assert asked.status_code == 200, asked.text
        new = server.store.load_table(asked.json()["table_id"])
        assert new is not None and new.status == "playing"
        vault = get_game("vault")
        assert new.options[RULES] == vault.rules_version
        old_options = vault.resolve_options({RULES: 1})
        assert {k: new.options[k] for k in ("single_deal", "target", "stolen")} == {
            k: old_options[k] for k in ("single_deal", "target", "stolen")
        }


def test_a_new_wink_table_looks_at_human_speed_and_a_rules_1_rematch_is_raised_to_it(
    database_url: str,
) -> None:
    """Given a finished wink game of rules 1, whose looks took no time, when Ann asks for the
    rematch, then the new table looks and notices in 250 ms, the least a new table may
    (docs/games/wink.md §Looking takes a moment); asked for directly, 0 is refused by the
    lobby in the words of the CLI and the arena."""
    log = old_log("wink-4p-seed1.json")
    seats = [
        person(0, "Ann", "ann-token"),
        person(1, "Bob", "bob-token"),
        bot(2, "heuristic"),
        bot(3, "heuristic"),
    ]
    store_played(database_url, "oldwink", log, seats)
    with LiveServer(database_url) as server:
        refused = httpx.post(
            f"{server.http}/api/tables",
            json={"game": "wink", "players": 4, "options": {"look_ms": 0}},
            timeout=10,
        )
        assert refused.status_code == 422, refused.text
        assert refused.json()["detail"] == "option 'look_ms' must be at least 250"
        asked = httpx.post(
            f"{server.http}/api/tables/oldwink/rematch", json={"token": "ann-token"}, timeout=10
        )
        assert asked.status_code == 200, asked.text
        new = server.store.load_table(asked.json()["table_id"])
        assert new is not None
        assert new.options[RULES] == get_game("wink").rules_version
        assert (new.options["look_ms"], new.options["notice_ms"]) == (250, 250)
        assert new.options["signal"] == log.options["signal"]


def test_a_finished_table_of_refused_rules_keeps_its_scores_and_says_why_it_has_no_steps(
    database_url: str,
) -> None:
    """Given a finished SpyWorld game of rules 1, which today's engine cannot replay (its
    rounds were paid differently), then it stays listed as finished with its stored scores,
    seats and moves, and whatever would need its positions (a replay step, its socket, a
    rematch) says why there are none, without a server error and without marking the table
    damaged."""
    log = old_log("spyworld-2p-seed2.json")
    seats = [person(0, "Ann", "ann-token"), bot(1, "heuristic")]
    store_played(database_url, "oldspy", log, seats)
    with LiveServer(database_url) as server:
        base = f"{server.http}/api/tables/oldspy"
        info = httpx.get(base, timeout=10)
        assert info.status_code == 200, info.text
        assert info.json()["status"] == "finished"
        assert [s["name"] for s in info.json()["seats"]] == ["Ann", "heuristic"]
        moves = httpx.get(f"{base}/replay", timeout=10)
        assert moves.status_code == 200, moves.text
        assert moves.json()["scores"] == log.scores
        assert len(moves.json()["actions"]) == len(log.actions)
        listing = httpx.get(f"{server.http}/api/tables", params={"status": "finished"}).json()
        assert [(t["id"], t["scores"]) for t in listing["finished"]] == [("oldspy", log.scores)]
        step = httpx.get(f"{base}/replay/1", timeout=10)
        rematch = httpx.post(f"{base}/rematch", json={"token": "ann-token"}, timeout=10)
        assert (step.status_code, rematch.status_code) == (410, 409)

        async def hello() -> dict[str, Any]:
            client = await SeatClient(server.ws, "oldspy", "ann-token").connect()
            return await client.receive()

        refused = asyncio.run(hello())
        assert refused["type"] == "error"
        for said in (step.json()["detail"], rematch.json()["detail"], refused["message"]):
            assert "SpyWorld rules 1" in said and "Secrets and Budget" in said
        stored = server.store.load_table("oldspy")
        assert stored is not None and stored.status == "finished"
