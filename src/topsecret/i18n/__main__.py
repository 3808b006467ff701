"""``python -m topsecret.i18n extract|update|check|export``: keep the catalogues in step.

- ``extract``: scan the source (``babel.cfg``) and rewrite the template ``topsecret.pot``;
- ``update``: merge the template into every language's ``.po`` (new messages come in
  empty, changed ones fuzzy);
- ``check``: list every message a catalogue lacks or has fuzzy; exit 1 if any;
- ``export [DIR]``: write each language's catalogue as JSON for the web client
  (``<lang>.json``; default ``DIR``: ``src/topsecret/web/locale``, which the server serves
  as ``/static/locale/``). Run it after every change to a catalogue: a test checks that the
  exported files match the catalogues.

``extract`` and ``update`` run from a source checkout (they write into ``src/``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import DOMAIN, LANGUAGES, LOCALE_DIR, TEMPLATE, catalogue_path
from .catalogues import catalogue_json, missing_messages

ROOT = LOCALE_DIR.parent.parent.parent
#: Where the web client reads its catalogues (served as /static/locale/<lang>.json).
WEB_LOCALE = LOCALE_DIR.parent / "web" / "locale"


def extract() -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(  # type: ignore[no-untyped-call]
        [
            "pybabel",
            "-q",
            "extract",
            "-F",
            str(ROOT / "babel.cfg"),
            "-o",
            str(TEMPLATE),
            "--no-location",
            "--sort-output",
            "--omit-header",
            str(LOCALE_DIR.parent),
        ]
    )


def update() -> None:
    from babel.messages.frontend import CommandLineInterface

    for lang in LANGUAGES[1:]:
        CommandLineInterface().run(  # type: ignore[no-untyped-call]
            [
                "pybabel",
                "-q",
                "update",
                "-i",
                str(TEMPLATE),
                "-d",
                str(LOCALE_DIR),
                "-D",
                DOMAIN,
                "-l",
                lang,
                "--no-wrap",
                "--ignore-obsolete",
            ]
        )


def check() -> int:
    problems = 0
    for lang in LANGUAGES[1:]:
        for message, why in missing_messages(lang):
            print(f"{catalogue_path(lang).relative_to(ROOT)}: {why}: {message!r}")
            problems += 1
    print(f"{problems} missing or fuzzy messages" if problems else "every catalogue is complete")
    return 1 if problems else 0


def exported_text(lang: str) -> str:
    """The JSON file of one language, as ``export`` writes it."""
    return json.dumps(catalogue_json(lang), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def export(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        path = directory / f"{lang}.json"
        path.write_text(exported_text(lang), encoding="utf-8")
        print(f"wrote {path}")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("extract", "update", "check", "export"):
        print(__doc__)
        return 2
    command = argv[0]
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "check":
        return check()
    else:
        export(Path(argv[1]) if len(argv) > 1 else WEB_LOCALE)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
