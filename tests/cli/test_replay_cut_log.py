"""`topsecret replay` on a log cut before the end of its game says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from topsecret.core import ReplayError, ReplayLog, replay
from topsecret.games import get_game

from .commands import refused, run


@pytest.fixture(scope="module")
def whole_log(tmp_path_factory: pytest.TempPathFactory) -> ReplayLog:
    folder = tmp_path_factory.mktemp("logs")
    args = ("simulate", "vault", "-p", "2", "-n", "1", "--seed", "1", "-o", "target=300")
    result = run(*args, "--save-logs", str(folder), "--json")
    assert result.returncode == 0, result.stderr
    (path,) = folder.glob("*.json")
    return ReplayLog.load(path)


def _read(scores: list[float]) -> str:
    """Scores as the messages print them, as players read them: [65, 125], not [65.0, 125.0]."""
    return "[" + ", ".join(f"{score:g}" for score in scores) + "]"


def _cut(log: ReplayLog, keep: int) -> ReplayLog:
    data = log.to_json()
    data["actions"] = data["actions"][:keep]
    return ReplayLog.from_json(data)


def test_a_log_cut_before_the_end_says_it_ends_early(whole_log: ReplayLog, tmp_path: Path) -> None:
    """Given a finished game's log with its scores, when its last actions are cut off and the
    user replays it, then the command says the log ends before the game is over."""
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(_cut(whole_log, 5).to_json()))
    refused(
        run("replay", str(path)),
        f"the log ends before the game is over, after 5 actions, so its scores "
        f"{_read(whole_log.scores)} cannot be checked",
    )


def test_a_whole_log_with_other_scores_still_says_the_scores_differ(
    whole_log: ReplayLog,
) -> None:
    assert whole_log.scores is not None
    changed = _cut(whole_log, len(whole_log.actions))
    changed.scores = [score + 1 for score in whole_log.scores]
    with pytest.raises(ReplayError) as refused_scores:
        replay(get_game("vault"), changed)
    assert str(refused_scores.value) == (
        f"replayed scores {_read(whole_log.scores)} differ from the logged scores "
        f"{_read(changed.scores)}"
    )
    assert ".0" not in str(refused_scores.value)


def test_a_cut_log_without_scores_replays_as_an_unfinished_game(whole_log: ReplayLog) -> None:
    cut = _cut(whole_log, 5)
    cut.scores = None
    assert not replay(get_game("vault"), cut).is_over()
