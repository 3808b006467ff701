"""Build the API reference of the ``topsecret`` package from its docstrings with pdoc.

Run it from the repository root (needs the ``dev`` extra, which installs pdoc)::

    .venv/bin/python docs/build_api.py            # writes build/api/index.html
    .venv/bin/python docs/build_api.py -o out/api

Plain ``pdoc topsecret -o build/api`` stops at every package that defines ``__all__``
(pdoc documents only the submodules listed there, and ours list names, not modules), so
``topsecret.arena.tournament`` or ``topsecret.bots.ismcts`` would be missing. This script
lists every public module itself and hands them all to ``pdoc.pdoc``. Left out:

- private modules (a name starting with ``_``, such as SpyWorld's compiled search);
- ``topsecret.server.migrations``: Alembic scripts, whose ``env.py`` only runs inside
  Alembic and fails on a plain import;
- any module whose optional library is not installed (the server without its extra, say):
  it is named on stderr and skipped, so the rest of the reference still builds.

``topsecret.rl.openspiel`` registers its games with ``pyspiel`` when imported; pdoc imports
it once per build, which is harmless, so it is documented like the others.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
import warnings
from pathlib import Path

PACKAGE = "topsecret"
EXCLUDED = ("topsecret.server.migrations",)


def module_names(package: str = PACKAGE) -> list[str]:
    """Every public module of ``package``, found on disk without importing anything."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"{package} is not installed as a package: pip install -e .")
    root = Path(next(iter(spec.submodule_search_locations)))
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join(parts)
        if any(part.startswith("_") for part in parts[1:]):
            continue
        if any(name == e or name.startswith(e + ".") for e in EXCLUDED):
            continue
        names.append(name)
    return names


def importable(names: list[str]) -> list[str]:
    """The names that import; the others are reported, since pdoc would abort on them."""
    kept = []
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            print(f"skipped {name}: {exc}", file=sys.stderr)
        else:
            kept.append(name)
    return kept


def build(output: Path, show_source: bool = True) -> list[str]:
    """Write the reference into ``output``; returns the modules it documents.

    ``show_source=False`` leaves out each function's highlighted source, three quarters of
    the build's time, for a quick check that every page renders."""
    import pdoc
    import pdoc.render

    pdoc.render.configure(show_source=show_source)

    names = importable(module_names())
    with warnings.catch_warnings():
        # A module listed here is often also reached through its package; pdoc warns about
        # each such repeat, which is expected when listing every module.
        warnings.filterwarnings("ignore", message="The module specification")
        # The tensor writers' buffers are typed ``array[float]`` for mypy; before Python 3.12
        # ``array`` takes no type parameter at run time, so pdoc cannot evaluate the
        # annotation and shows it as written, which is what a reader needs.
        if sys.version_info < (3, 12):
            warnings.filterwarnings(
                "ignore", message=r"Error parsing type annotation .*'array\.array' is not"
            )
        pdoc.pdoc(*names, output_directory=output)
    return names


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "-o", "--output", type=Path, default=Path("build/api"), help="output directory"
    )
    args = parser.parse_args(argv)
    try:
        import pdoc  # noqa: F401
    except ImportError:
        raise SystemExit("the API reference needs pdoc: pip install -e '.[dev]'") from None
    names = build(args.output)
    print(f"{len(names)} modules documented: {args.output / 'index.html'}")


if __name__ == "__main__":
    main()
