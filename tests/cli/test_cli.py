"""The topsecret command: every command works, bad input gives a message, never a traceback."""

import json
import subprocess
import sys

import pytest

from topsecret.core import ReplayLog


def run(*args, input_text=None):
    return subprocess.run(
        [sys.executable, "-m", "topsecret.cli", *args],
        capture_output=True,
        text=True,
        input=input_text,
        timeout=300,
    )


def test_every_command_has_help():
    from typer.testing import CliRunner

    from topsecret.cli import app

    runner = CliRunner()
    for command in ("games", "play", "simulate", "replay", "bench"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0, result.output
        assert "Usage" in result.output and len(result.output.splitlines()) > 5


def test_games_json_lists_vault_with_its_player_range():
    result = run("games", "--json")
    games = {g["id"]: g for g in json.loads(result.stdout)}
    assert games["vault"]["min_players"] == 2 and games["vault"]["max_players"] == 6
    assert "heuristic" in games["vault"]["bots"]


def test_simulate_json_has_the_documented_fields_and_is_byte_identical_for_a_seed():
    args = (
        "simulate",
        "vault",
        "--players",
        "3",
        "--games",
        "6",
        "--seed",
        "42",
        "--bots",
        "heuristic,random",
        "--json",
        "-o",
        "single_deal=true",
    )
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    report = json.loads(first.stdout)
    for key in ("game", "games", "players", "wins", "mean_scores", "errors"):
        assert key in report
    assert report["games"] == 6 and report["errors"] == 0
    assert sum(report["wins"]) == pytest.approx(6)
    assert report["bots"] == ["heuristic", "random", "heuristic"]


def test_simulate_saves_logs_that_replay_to_the_same_scores(tmp_path):
    result = run(
        "simulate",
        "vault",
        "-p",
        "2",
        "-n",
        "2",
        "--seed",
        "1",
        "--save-logs",
        str(tmp_path),
        "--json",
        "-o",
        "target=300",
    )
    assert result.returncode == 0, result.stderr
    logs = sorted(tmp_path.glob("*.json"))
    assert len(logs) == 2
    replayed = run("replay", str(logs[0]), "--json")
    assert replayed.returncode == 0, replayed.stderr
    out = json.loads(replayed.stdout)
    assert out["scores"] == ReplayLog.load(logs[0]).scores and out["over"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "chess"), "unknown game"),
        (("simulate", "vault", "--players", "9"), "2-6 players"),
        (("simulate", "vault", "--bots", "genius"), "no bot 'genius'"),
        (
            ("simulate", "vault", "-p", "2", "--bots", "random,heuristic,ismcts"),
            "--bots names more bots than there are seats (3 > 2)",
        ),
        (
            ("simulate", "vault", "--bots", "random,,heuristic"),
            "--bots has an empty name (name 2): remove the extra comma",
        ),
        (("tournament", "vault", "--bots", ",random"), "--bots has an empty name (name 1)"),
        (("play", "vault", "--bots", "random,"), "--bots has an empty name (name 2)"),
        (("simulate", "vault", "-o", "colour=red"), "unknown option"),
        (("simulate", "vault", "-o", "target=lots"), "whole number"),
        (("simulate", "vault", "-o", "target"), "name=value"),
        (("play", "vault", "--seat", "5"), "--seat"),
        (("replay", "/no/such/file.json"), "cannot read"),
        (("bench", "chess"), "unknown game"),
    ],
)
def test_bad_input_gives_a_clear_error_and_a_non_zero_exit(args, message):
    result = run(*args)
    assert result.returncode != 0
    assert message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


@pytest.mark.parametrize(
    "content",
    [
        "not json at all",
        '{"format": "something else"}',
        '{"format": "topsecret-replay", "version": 1, "game": "vault"}',
        '{"format": "topsecret-replay", "version": 1, "game": "vault", "players": 2, '
        '"seed": 1, "actions": [{"seat": 0, "action": {"type": "fly"}}]}',
        '{"format": "topsecret-replay", "version": 1, "game": "vault", "players": 2, '
        '"seed": 1, "actions": [{"seat": 0, "action": {"type": "bank"}}]}',
        '{"format": "topsecret-replay", "version": 1, "game": "vault", "players": 2, '
        '"seed": 1, "actions": [], "scores": [5, 5]}',
    ],
)
def test_a_corrupt_replay_file_is_refused_cleanly(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = run("replay", str(path))
    assert result.returncode == 2
    assert "error:" in result.stderr
    assert "Traceback" not in result.stderr


def test_bench_reports_playouts_search_and_the_peer_ratio_as_json():
    result = run("bench", "vault", "--seconds", "0.2", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    (row,) = report["playouts"]
    assert row["game"] == "vault" and row["games"] >= 1 and row["steps_per_second"] > 0
    (search,) = report["search"]
    assert search["decisions"] >= 1 and search["iterations"] == 100 * search["decisions"]
    peer = report["peer"]
    if peer is None:  # OpenSpiel is an optional extra: then there is no ratio to report
        assert row["ratio_to_peer"] is None
    else:
        expected = row["steps_per_second"] / peer["steps_per_second"]
        assert row["ratio_to_peer"] == pytest.approx(expected, rel=0.01)


def test_bench_without_search_or_peer_measures_playouts_only():
    result = run("bench", "wink", "--seconds", "0.2", "--json", "--no-search", "--no-peer")
    report = json.loads(result.stdout)
    assert report["search"] == [] and report["peer"] is None
    assert report["playouts"][0]["game"] == "wink"


def test_bench_refuses_a_seat_count_one_game_cannot_seat_before_measuring_any():
    """Given six seats for every game, when briefcase (two to four players) cannot seat them,
    then bench refuses at once, naming it, instead of after measuring the games before it."""
    result = run("bench", "-p", "6", "--seconds", "0.2", "--no-search", "--no-peer")
    assert result.returncode == 2
    assert "briefcase is for 2-4 players, not 6" in result.stderr
    assert "measuring" not in result.stderr


def test_a_person_can_play_a_whole_game_and_nonsense_input_does_not_crash_it(tmp_path):
    log_path = tmp_path / "mine.json"
    typed = "hello\n0\n999\n\nh\nt\n" + "1\n" * 200
    result = run(
        "play",
        "vault",
        "-p",
        "3",
        "--seed",
        "7",
        "-o",
        "single_deal=true",
        "--save-log",
        str(log_path),
        input_text=typed,
    )
    assert result.returncode == 0, result.stderr
    assert "Please type a number" in result.stdout
    assert "Game over" in result.stdout
    log = ReplayLog.load(log_path)
    assert log.scores is not None and log.bots == ["you", "heuristic", "heuristic"]
    assert run("replay", str(log_path)).returncode == 0


def test_leaving_the_game_early_is_not_an_error():
    result = run("play", "vault", "--seed", "1", input_text="q\n")
    assert result.returncode == 0
    assert "left the table" in result.stdout


RULES_1_REFUSED = (
    "Top Secret: the vault card game: new tables are played under the current rules, 2: "
    "option 'rules' takes only 2 (or leave it out), not 1; earlier rules are kept only so "
    "that tables made under them replay as they were played"
)


@pytest.mark.parametrize(
    "args",
    [
        ("play", "vault", "--seed", "1"),
        ("simulate", "vault", "-n", "1"),
        ("tournament", "vault", "--bots", "random,heuristic", "--games", "2"),
    ],
)
def test_a_new_game_under_earlier_rules_is_refused_as_the_server_refuses_it(args):
    """Given vault at rules 2 (docs/engine.md §Rules versions, "New tables use the current
    version"), when a command that sets up new tables is given -o rules=1, then it says
    what the server says, rather than playing rules 1's deals to 1200."""
    result = run(*args, "-o", "rules=1", input_text="q\n")
    assert result.returncode == 2
    assert " ".join(result.stderr.split()) == f"error: {RULES_1_REFUSED}"


def test_a_new_game_naming_the_current_rules_is_played():
    simulated = run("simulate", "vault", "-n", "1", "--json", "-o", "rules=2")
    assert simulated.returncode == 0, simulated.stderr
    assert json.loads(simulated.stdout)["options"]["rules"] == 2
    played = run("play", "vault", "--seed", "1", "-o", "rules=2", input_text="q\n")
    assert played.returncode == 0, played.stderr
    assert "Rules version: 2" in played.stdout


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_wink_game_whose_looks_take_no_time_is_refused(command):
    """docs/games/wink.md §Looking takes a moment: at least 250 ms at a new table."""
    result = run(command, "wink", "-o", "look_ms=0", input_text="q\n")
    assert result.returncode == 2
    assert "option 'look_ms' must be at least 250" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_terminal_refuses_a_table_under_earlier_rules_before_dealing():
    """play_in_terminal is a library entry point too: rules 1 is refused, not played."""
    from io import StringIO

    from rich.console import Console

    from topsecret.core import InvalidOptions
    from topsecret.games import get_game
    from topsecret.terminal import play_in_terminal

    out = StringIO()
    with pytest.raises(InvalidOptions, match="played under the current rules, 2"):
        play_in_terminal(
            get_game("vault"), 2, 0, ["you", "heuristic"], 1, {"rules": 1}, Console(file=out)
        )
    assert out.getvalue() == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--database", "nonsense://x"), "cannot use the database"),
        (("--database", "sqlite:////no/such/dir/x.db"), "unable to open database file"),
        (("--port", "70000"), "between 1 and 65535"),
        (("--host", "no-such-host.invalid"), "unknown host"),
    ],
)
def test_serve_refuses_bad_settings_before_printing_an_address(args, message):
    result = run("serve", *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "ready at" not in result.stdout
    assert "Traceback" not in result.stderr + result.stdout


def test_serve_says_so_when_the_port_is_taken():
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run("serve", "--port", str(port))
    assert result.returncode == 2
    assert "cannot listen" in result.stderr


def test_spyworld_solver_is_reachable_from_the_main_command(tmp_path):
    example = run("spyworld", "example")
    assert example.returncode == 0, example.stderr
    lair = tmp_path / "lair.toml"
    lair.write_text(example.stdout)
    solved = run("spyworld", "solve", str(lair), "--json")
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout)


def test_games_lists_all_four_games():
    games = {g["id"] for g in json.loads(run("games", "--json").stdout)}
    assert games == {"vault", "spyworld", "briefcase", "wink"}


def test_serve_without_the_server_extra_says_how_to_install_it():
    """The engine installs lean; the server's libraries come with the `server` extra."""
    hide_fastapi = (
        "import sys; sys.modules['fastapi'] = None; sys.argv = ['topsecret', 'serve']; "
        "from topsecret.cli import main; main()"
    )
    result = subprocess.run(
        [sys.executable, "-c", hide_fastapi], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 2
    assert "pip install -e '.[server]'" in result.stderr
    assert "Traceback" not in result.stderr
