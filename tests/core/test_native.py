"""Compiled builds of plain typed modules are used only when made from the code as it is."""

from __future__ import annotations

import types

from topsecret.core.native import built_from_current_code, compiled_build, fastest
from topsecret.games.vault import tensor, tensor_writer


def test_a_module_without_a_build_runs_as_it_is() -> None:
    """The vault's tensor layout module is not compiled: ``fastest`` answers the module."""
    assert compiled_build(tensor) is None
    assert fastest(tensor) is tensor


def test_a_build_is_recognised_by_the_digest_of_the_source_it_was_made_from() -> None:
    """A build records the SHA-256 of its source; another digest, or none, is stale."""
    build = compiled_build(tensor_writer)
    assert build is not None
    assert built_from_current_code(build, tensor_writer)
    stale = types.ModuleType("stale")
    stale.BUILT_FROM = "0" * 64  # type: ignore[attr-defined]
    assert not built_from_current_code(stale, tensor_writer)
    assert not built_from_current_code(types.ModuleType("unmarked"), tensor_writer)
    # A build of one module is not current for another.
    assert not built_from_current_code(build, tensor)
