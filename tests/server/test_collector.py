"""A server process runs the cycle collector its own way once started (docs/server.md)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from topsecret.server import collector
from topsecret.server.app import create_app
from topsecret.server.db import Store


@pytest.fixture
def restored_collector() -> Iterator[None]:
    """Whatever a test does to the collector is undone for the tests after it."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_tuning_freezes_what_is_alive_and_spaces_the_collections_out(
    restored_collector: None,
) -> None:
    alive: list[object] = [object()]  # a container, which the collector tracks
    assert any(thing is alive for thing in gc.get_objects())
    collector.tune()
    assert gc.get_threshold() == collector.THRESHOLDS
    assert gc.get_freeze_count() > 0
    # Frozen: no collection walks it again.
    assert not any(thing is alive for thing in gc.get_objects())


def test_a_server_process_tunes_the_collector_once_started(
    tmp_path: Path, restored_collector: None
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'gc.sqlite3'}")
    gc.set_threshold(700, 10, 10)
    with TestClient(create_app(store, tune_collector=True)):
        assert gc.get_threshold() == collector.THRESHOLDS
    store.close()


def test_an_app_built_in_a_test_leaves_the_collector_as_it_was(
    tmp_path: Path, restored_collector: None
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'gc.sqlite3'}")
    gc.set_threshold(700, 10, 10)
    with TestClient(create_app(store)):
        assert gc.get_threshold() == (700, 10, 10)
    store.close()
