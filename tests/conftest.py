"""The whole suite: long tests are handed out first.

pytest-xdist gives each worker tests in the order they are collected, and the browser
tests (``tests/web``, ``tests/i18n/test_web_*``) come last by name. Left there, the run
ended with one worker playing whole games in a browser while the other had nothing left
to do. Started first, they overlap the many short tests instead; the order within each
group is kept, so a run is still the same run every time.
"""

from __future__ import annotations

import pytest

#: Tests that start processes of their own (servers, the command line), after the browser.
SUBPROCESS_DIRECTORIES = ("server", "cli")


def expected_length(item: pytest.Item) -> int:
    """0 for a test that drives a browser, 1 for one that starts processes, 2 otherwise."""
    if "browser" in getattr(item, "fixturenames", ()):
        return 0
    if item.path.parent.name in SUBPROCESS_DIRECTORIES:
        return 1
    return 2


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=expected_length)
