"""``topsecret spyworld solve`` and ``example``, in the locale's language (issue 16)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.i18n.words import english_left
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


def run_in(lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``topsecret spyworld ...`` under a locale: its help and messages follow ``LANG``."""
    environ = {
        k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")
    }
    environ.update({"LANG": lang, "COLUMNS": "200"})
    return subprocess.run(
        [sys.executable, "-m", "topsecret.cli", "spyworld", *args],
        capture_output=True,
        text=True,
        env=environ,
        timeout=300,
    )


@pytest.mark.parametrize(
    ("lang", "best", "legend"),
    [
        ("fr_FR.UTF-8", "Meilleure exploration : 80 volés", "Sa Scie géante"),
        ("de_DE.UTF-8", "Beste Erkundung: 80 gestohlen", "Sa Riesensäge"),
        ("it_IT.UTF-8", "Esplorazione migliore: 80 rubati", "Sa Sega gigante"),
    ],
)
def test_the_solver_speaks_the_locales_language(
    tmp_path: Path, lang: str, best: str, legend: str
) -> None:
    """Given the example lair, when it is solved under a French, German or Italian locale,
    then the path, the legend and the example's comment are in that language."""
    sheet = tmp_path / "lair.toml"
    example_text = run_in(lang, "example")
    assert example_text.returncode == 0, example_text.stderr
    sheet.write_text(example_text.stdout)
    result = run_in(lang, "solve", str(sheet), "-g", "stun_gun")
    assert result.returncode == 0, result.stderr
    assert best in result.stdout and legend in result.stdout
    assert english_left(result.stdout, lang[:2]) == set(), result.stdout
    comment = "".join(line for line in example_text.stdout.splitlines() if line.startswith("#"))
    assert english_left(comment, lang[:2]) == set(), comment


def test_the_solvers_help_and_errors_follow_the_locale(tmp_path: Path) -> None:
    help_text = run_in("it_IT.UTF-8", "solve", "--help")
    assert help_text.returncode == 0
    assert "tabella [explorer] facoltativa" in help_text.stdout
    assert "Punti di Furtività (sostituiscono il file)." in help_text.stdout
    missing = run_in("de_DE.UTF-8", "solve", str(tmp_path / "nope.toml"))
    assert missing.returncode == 2 and "Fehler:" in missing.stderr


def test_an_illegal_lair_is_refused_in_the_locales_language(tmp_path: Path) -> None:
    """Rulebook 003 §Starting Square and Entryway and §If the chosen card is a Wall, told to a
    French player; the JSON answer keeps its English, as the rest of the JSON does."""
    path = illegal(tmp_path, ".. Sh >> .. $1", '"5,3,east"')
    refused = run_in("fr_FR.UTF-8", "solve", str(path))
    assert refused.returncode == 2
    assert "un Bassin à requins dans le hall d'entrée en (5,2)" in refused.stderr
    assert "toutes ses sorties doivent rester ouvertes" in refused.stderr
    assert "Règle 003 §Starting Square and Entryway (case de départ et hall d'entrée)" in (
        refused.stderr
    )
    # The path and the wall as written in the file ("5,3,east") are the player's own words.
    told = refused.stderr.replace(str(path), "").replace('"5,3,east"', "")
    assert english_left(told, "fr") == set(), refused.stderr
    answer = run_in("fr_FR.UTF-8", "solve", str(path), "--allow-illegal", "--json")
    body = answer.stdout[answer.stdout.index("{") :]
    assert any("exits must remain open" in f for f in json.loads(body)["illegal_lair"])
