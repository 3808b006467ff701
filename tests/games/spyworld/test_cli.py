"""``topsecret spyworld solve``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from topsecret.cli_spyworld import app

runner = CliRunner()


def example(tmp_path: Path) -> Path:
    result = runner.invoke(app, ["example"])
    assert result.exit_code == 0
    path = tmp_path / "lair.toml"
    path.write_text(result.output)
    return path


def test_solve_prints_the_best_path(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", str(example(tmp_path))])
    assert result.exit_code == 0, result.output
    assert "Best exploration" in result.output and "row" in result.output


def test_solve_json_with_overrides(tmp_path: Path) -> None:
    path = example(tmp_path)
    result = runner.invoke(app, ["solve", str(path), "--json", "-m", "12", "-g", "stun_gun"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["value"] == 80 and data["path"] and data["exact"]
    capped = runner.invoke(app, ["solve", str(path), "--max-states", "50"])
    assert capped.exit_code == 0 and "cut short" in capped.output


def test_bad_files_fail_cleanly(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["solve", str(tmp_path / "nope.toml")])
    assert missing.exit_code == 2 and "not found" in missing.output
    broken = tmp_path / "broken.toml"
    broken.write_text('rooms = ["?? .. .. .. .."]\n')
    result = runner.invoke(app, ["solve", str(broken)])
    assert result.exit_code == 2 and "error" in result.output
    assert "Traceback" not in result.output
    bad_agent = runner.invoke(app, ["solve", str(example(tmp_path)), "--agent", "bond"])
    assert bad_agent.exit_code == 2 and "unknown agent" in bad_agent.output


def test_help_names_the_explorer_table() -> None:
    """The help says which TOML table holds the explorer (the brackets survive Rich)."""
    result = runner.invoke(app, ["solve", "--help"], terminal_width=200)
    assert result.exit_code == 0
    assert "optional [explorer] table" in result.output


def illegal(tmp_path: Path, row5: str, walls: str) -> Path:
    path = tmp_path / "illegal.toml"
    path.write_text(
        'board = "polar_base"\n'
        "rooms = [\n"
        '  "$3 Gu .. Sa $1",\n'
        '  "Do .. La .. .. ",\n'
        '  "$2 .. .. Gu $2",\n'
        '  "La Do .. Sa ..",\n'
        f'  "{row5}",\n'
        "]\n"
        f"walls = [{walls}]\n"
        "[explorer]\nmovement = 12\nstealth = 8\ncombat = 6\n"
    )
    return path


def test_a_wall_on_an_exit_of_the_starting_square_is_refused_with_the_rule(
    tmp_path: Path,
) -> None:
    """Rulebook 003 §If the chosen card is a Wall: "You cannot place a wall on the starting
    square; all its exits must remain open." The start is row 5, column 3."""
    path = illegal(tmp_path, ".. .. >> .. $1", '"5,3,east"')
    result = runner.invoke(app, ["solve", str(path)])
    assert result.exit_code == 2
    assert "exits must remain open" in result.output and "Rulebook 003" in result.output
    assert "Best exploration" not in result.output


def test_a_shark_pool_or_robot_in_the_entryway_is_refused_with_the_rule(tmp_path: Path) -> None:
    """Rulebook 003 §Starting Square and Entryway: "Shark Pools and Robots cannot be placed
    on the squares of the entryway" (rooms (5,2), (5,4) and (4,3) on our sheet)."""
    path = illegal(tmp_path, ".. Sh >> Ro $1", "")
    result = runner.invoke(app, ["solve", str(path)])
    assert result.exit_code == 2
    assert result.output.count("cannot be placed on the squares of the entryway") == 2


def test_an_illegal_lair_solved_anyway_is_labelled_as_such(tmp_path: Path) -> None:
    """Asked explicitly, the solver answers for an illegal lair and says so, in text and JSON."""
    path = illegal(tmp_path, ".. Sh >> .. $1", '"5,3,east"')
    text = runner.invoke(app, ["solve", str(path), "--allow-illegal"])
    assert text.exit_code == 0
    assert "warning: illegal lair" in text.output
    assert "This answer is for an illegal lair" in text.output
    data = runner.invoke(app, ["solve", str(path), "--allow-illegal", "--json"])
    assert data.exit_code == 0
    body = data.stdout[data.stdout.index("{") :]
    assert len(json.loads(body)["illegal_lair"]) == 2


def test_the_example_lair_is_legal(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", str(example(tmp_path))])
    assert result.exit_code == 0 and "illegal" not in result.output
