"""The API reference builds from the docstrings, with a page for every public package."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

BUILD_API = Path(__file__).resolve().parents[1] / "docs" / "build_api.py"


def load_builder() -> ModuleType:
    # docs/ is not a package, so the script is loaded from its path.
    spec = importlib.util.spec_from_file_location("build_api", BUILD_API)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_api_reference_builds(tmp_path: Path) -> None:
    pytest.importorskip("pdoc", reason="the API reference needs pdoc (the dev extra)")
    builder = load_builder()
    # Every page, without the highlighted source of every function (pygments' work, three
    # quarters of the build's time).
    names = builder.build(tmp_path, show_source=False)

    assert (tmp_path / "index.html").is_file()
    for package in ("topsecret.core", "topsecret.bots", "topsecret.arena", "topsecret.rl"):
        page = tmp_path / (package.replace(".", "/") + ".html")
        assert page.is_file(), f"no page for {package}"
    # Submodules of packages with __all__ are the ones plain `pdoc topsecret` loses.
    for module in ("topsecret.arena.tournament", "topsecret.bots.ismcts", "topsecret.rl.gymnasium"):
        assert module in names
        page = tmp_path / (module.replace(".", "/") + ".html")
        assert page.is_file(), f"no page for {module}"
    page = (tmp_path / "topsecret/arena/tournament.html").read_text(encoding="utf-8")
    assert "Schedule, play and rate a round robin" in page
    assert not any(name.startswith("topsecret.server.migrations") for name in names)


def test_every_public_class_has_its_own_docstring() -> None:
    """A class without a docstring shows its base's in the reference (pydantic's, with links
    into pydantic's own docs that lead nowhere from ours) or nothing at all."""
    builder = load_builder()
    undocumented = []
    for name in builder.importable(builder.module_names()):
        module = importlib.import_module(name)
        for attribute, value in vars(module).items():
            if (
                isinstance(value, type)
                and value.__module__ == name
                and not attribute.startswith("_")
                and not value.__dict__.get("__doc__")
            ):
                undocumented.append(f"{name}.{attribute}")
    assert undocumented == []
