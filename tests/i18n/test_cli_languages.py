"""The ``topsecret`` command in the locale's language (issue 16): help texts and the messages
of the commands other than ``play`` (which takes ``--lang``) follow ``LANG``/``LC_ALL``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .words import english_left

TYPER_FRAME = re.compile(r"--?[\w-]+|<[^>]*>|\[default: [^\]]*\]|\[required\]")
METAVAR = re.compile(r"\b[A-Z]{3,}\b")


def run(*args: str, lang: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LANG")}
    environ.update({"LANG": lang, "COLUMNS": "200"})
    return subprocess.run(
        [sys.executable, "-m", "topsecret.cli", *args],
        capture_output=True,
        text=True,
        input=stdin,
        env=environ,
        timeout=300,
    )


@pytest.mark.parametrize(
    ("lang", "phrase"),
    [
        ("fr_FR.UTF-8", "Jouer une partie entière dans le terminal contre des bots."),
        ("de_DE.UTF-8", "Eine ganze Partie im Terminal gegen Bots spielen."),
        ("it_IT.UTF-8", "Giocare una partita intera nel terminale contro dei bot."),
    ],
)
def test_the_help_of_play_follows_the_locale(lang: str, phrase: str) -> None:
    result = run("play", "--help", lang=lang)
    assert result.returncode == 0, result.stderr
    assert phrase in result.stdout
    # Our own help texts are all translated; Typer's frame ("Usage", "Options", the option
    # names, types and defaults, the help of --help) stays as Typer writes it.
    ours = result.stdout.split("Options")[-1].replace("Show this message and exit.", "")
    ours = TYPER_FRAME.sub(" ", ours)
    assert english_left(ours, lang[:2]) == set(), result.stdout


def test_a_replay_is_reported_in_german_with_seats_counted_from_one(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    played = run(
        "play",
        "vault",
        "-p",
        "2",
        "--seed",
        "3",
        "--save-log",
        str(log),
        lang="C.UTF-8",
        stdin="1\n" * 100,
    )
    assert played.returncode == 0, played.stderr
    result = run("replay", str(log), lang="de_DE.UTF-8")
    assert result.returncode == 0, result.stderr
    assert "vault: beendete Partie mit 2 Spielern" in result.stdout
    assert "Spieler 1:" in result.stdout and "Spieler 2:" in result.stdout
    assert "die Punkte stimmen mit dem Protokoll überein" in result.stdout


def test_an_error_is_prefixed_in_the_locales_language(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "missing.json"), lang="it_IT.UTF-8")
    assert result.returncode != 0
    assert result.stderr.lstrip().startswith("errore")


def test_the_list_of_games_follows_the_locale() -> None:
    """``topsecret games`` in German: the headings, the titles and how turns go; the ids, bots
    and option defaults are what one types and stay as they are."""
    result = run("games", lang="de_DE.UTF-8")
    assert result.returncode == 0, result.stderr
    for phrase in ("TOP-SECRET-Spiele", "Spielweise", "gleichzeitig", "Echtzeit", "reihum"):
        assert phrase in result.stdout
    assert "Zwinkerspiel" in result.stdout


@pytest.mark.parametrize(
    ("command", "lang", "phrase"),
    [
        ("serve", "fr_FR.UTF-8", "Démarre le serveur"),
        ("serve", "de_DE.UTF-8", "Startet den Server"),
        ("backup", "it_IT.UTF-8", "Copia il database SQLite del server"),
    ],
)
def test_the_help_of_serve_and_backup_follows_the_locale(
    command: str, lang: str, phrase: str
) -> None:
    result = run(command, "--help", lang=lang)
    assert result.returncode == 0, result.stderr
    assert phrase in result.stdout
    ours = result.stdout.split("Options")[-1].replace("Show this message and exit.", "")
    # Metavars (URL, ADDRESS) name what to type, as the option names do.
    ours = METAVAR.sub(" ", TYPER_FRAME.sub(" ", ours))
    assert english_left(ours, lang[:2]) == set(), result.stdout


#: What the research tools print that is typed, not read: bot and game ids, the rating's
#: own terms.
IDS = re.compile(r"\b(random|heuristic|vault|mu|sigma|ordinal|OpenSkill|OpenSpiel)\b")


@pytest.mark.parametrize("lang", ["fr_FR.UTF-8", "de_DE.UTF-8", "it_IT.UTF-8"])
def test_simulate_reports_in_the_locales_language(lang: str) -> None:
    """Given a locale, when `topsecret simulate vault` plays a few games with the same bot
    twice, then its table, the per-bot table and its closing line speak that language, and
    its seats are counted from 1."""
    result = run("simulate", "vault", "-n", "3", "-p", "2", "--bots", "random", lang=lang)
    assert result.returncode == 0, result.stderr
    assert english_left(IDS.sub(" ", result.stdout), lang[:2]) == set(), result.stdout
    assert re.search(r"│\s+1\s+│\s+random", result.stdout), result.stdout


@pytest.mark.parametrize("lang", ["de_DE.UTF-8"])
def test_tournament_and_bench_report_in_the_locales_language(lang: str) -> None:
    pytest.importorskip("openskill", reason="tournaments need the analysis extra")
    result = run("tournament", "vault", "--bots", "random,heuristic", "--games", "2", lang=lang)
    assert result.returncode == 0, result.stderr
    assert english_left(IDS.sub(" ", result.stdout), lang[:2]) == set(), result.stdout
    bench = run("bench", "vault", "--seconds", "0.2", "--no-peer", lang=lang)
    assert bench.returncode == 0, bench.stderr
    shown = IDS.sub(" ", bench.stdout + bench.stderr)
    assert english_left(shown, lang[:2]) == set(), shown
