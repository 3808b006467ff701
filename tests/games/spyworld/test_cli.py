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
