"""Tournaments on Ray: the same schedule, the same ratings and CSV as local processes."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from topsecret import __version__
from topsecret.arena.distributed import (
    _play_chunk,
    check_reachable,
    chunks,
    require_ray,
    run_on_ray,
)
from topsecret.arena.tournament import tournament
from topsecret.core import TopSecretError
from topsecret.games import get_game

pytest.importorskip("openskill", reason="tournaments need the analysis extra")

COMMON = (
    "tournament",
    "vault",
    "--bots",
    "random,heuristic,ismcts:iterations=3",
    "--games",
    "12",
    "--seed",
    "5",
    "-o",
    "single_deal=true",
    "--json",
)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "topsecret.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_local_ray_instance_gives_the_same_ratings_and_csv_as_one_process(tmp_path: Path):
    pytest.importorskip("ray", reason="--ray needs the distributed extra: pip install -e '.[dev]'")
    one = run(*COMMON, "--jobs", "1", "--csv", str(tmp_path / "one.csv"))
    on_ray = run(*COMMON, "--ray", "local", "--jobs", "2", "--csv", str(tmp_path / "ray.csv"))
    assert one.returncode == 0, one.stderr
    assert on_ray.returncode == 0, on_ray.stderr
    assert on_ray.stdout == one.stdout
    assert (tmp_path / "ray.csv").read_bytes() == (tmp_path / "one.csv").read_bytes()
    data = json.loads(on_ray.stdout)
    assert data["games"] == 12 and data["errors"] == 0


@pytest.fixture(scope="module")
def ray_session() -> Iterator[Any]:
    """One local Ray for the tests that call the Python API (a driver that initialised Ray
    itself, as a notebook would: the runner uses it and leaves it running)."""
    ray = pytest.importorskip(
        "ray", reason="--ray needs the distributed extra: pip install -e '.[dev]'"
    )
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_the_python_api_on_ray_rates_as_one_process_does(ray_session: Any):
    game, bots = get_game("briefcase"), ["random", "heuristic"]
    local = tournament(game, 2, bots, 6, seed=2)
    on_ray = tournament(game, 2, bots, 6, seed=2, ray="local")
    assert on_ray.to_json() == local.to_json()
    assert on_ray.records == local.records
    assert ray_session.is_initialized()  # the driver's own Ray is left running


def test_a_task_that_fails_stops_the_run_and_names_its_games(ray_session: Any):
    # os.abort takes no argument, so each task raises TypeError on the worker (and the
    # worker survives it).
    with pytest.raises(TopSecretError, match=r"games \d+-\d+ failed: TypeError: .*abort"):
        run_on_ray("abort", [1, 2, 3], os.abort, "local")


def test_chunks_cover_the_schedule_in_order_a_few_per_worker():
    for total, workers in [(1, 4), (7, 1), (18, 2), (300, 2), (1000, 64)]:
        parts = chunks(total, workers)
        assert [i for part in parts for i in part] == list(range(total))
        assert all(1 <= len(part) <= 16 for part in parts)
    assert len(chunks(300, 2)) == 19  # 16 games a task at most
    assert len(chunks(18, 2)) == 6  # about four tasks a worker
    assert chunks(0, 2) == []


def test_a_worker_running_another_version_refuses_to_play():
    with pytest.raises(TopSecretError, match="same version on every node"):
        _play_chunk("0.0.0-other", str, [1])
    assert _play_chunk(__version__, str, [1, 2]) == ["1", "2"]


def test_an_address_nobody_listens_on_fails_at_once_with_the_way_to_start_a_head():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    # The socket is closed, so the port refuses connections.
    with pytest.raises(TopSecretError, match="ray start --head"):
        check_reachable(f"127.0.0.1:{port}", timeout=2)
    with pytest.raises(TopSecretError, match="HOST:PORT"):
        check_reachable("headnode")
    check_reachable("local")
    check_reachable("auto")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--ray", "127.0.0.1:6379", "--jobs", "2"), "local Ray instance only"),
        (("--ray", "not-an-address"), "HOST:PORT"),
    ],
)
def test_bad_ray_input_gives_a_message_and_exit_code_2(args: tuple[str, ...], message: str):
    pytest.importorskip("ray", reason="--ray needs the distributed extra: pip install -e '.[dev]'")
    result = run("tournament", "vault", "--games", "2", *args)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr


def test_without_ray_the_message_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail
    with pytest.raises(TopSecretError, match=r"pip install -e '\.\[distributed\]'"):
        require_ray()


def test_the_ray_option_has_help():
    from typer.testing import CliRunner

    from topsecret.cli import app

    result = CliRunner().invoke(app, ["tournament", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "--ray" in result.output and "distributed extra" in result.output
