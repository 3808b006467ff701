"""Compiled builds of plain typed modules, used only when built from the code as it stands.

A few hot modules are written in plain typed Python that mypyc compiles well (the SpyWorld
exploration search, the games' tensor writers). ``setup.py`` copies each of them to
``_<name>_native.py`` next to it, marks the copy with the SHA-256 of the source it was made
from, and compiles the copies into C extensions; without mypyc or a C compiler it builds
nothing and the package runs the Python modules, which answer the same. An edited source in a
development install leaves its old build behind: the digest tells it apart, and the Python
module is used until the next ``pip install -e .``.
"""

from __future__ import annotations

import hashlib
import importlib
from functools import cache
from pathlib import Path
from types import ModuleType

__all__ = ["built_from_current_code", "compiled_build", "fastest"]


def _native_name(module: ModuleType) -> str:
    package, _, name = module.__name__.rpartition(".")
    return f"{package}._{name}_native"


@cache
def _digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def built_from_current_code(build: ModuleType, source: ModuleType) -> bool:
    """Whether ``build`` was compiled from ``source`` as it is now."""
    if source.__file__ is None:
        return False
    return getattr(build, "BUILT_FROM", None) == _digest(source.__file__)


@cache
def compiled_build(module: ModuleType) -> ModuleType | None:
    """The compiled build of ``module``, or ``None`` when the install made none, the build is
    the generated Python copy (no C compiler), or it was made from older code."""
    try:
        build = importlib.import_module(_native_name(module))
    except ImportError:
        return None
    compiled = bool(build.__file__) and not str(build.__file__).endswith(".py")
    return build if compiled and built_from_current_code(build, module) else None


def fastest(module: ModuleType) -> ModuleType:
    """The compiled build of ``module`` when there is a current one, else ``module``."""
    return compiled_build(module) or module
