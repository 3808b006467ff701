"""Each game's rules in one minute, as the web client's rules dialog and the terminal's ``r``
key show them.

The texts live in one data file, ``web/rules.json`` (``{game: {blurb, title, items,
footer?}}``), which the browser fetches and this module reads; every text is an English
message of the catalogues, translated where it is shown. The rules' texts carry ``<b>``
markup (bold, some with a colour): :func:`plain_markup` turns it into the terminal's.

``babel.cfg`` names :func:`extract_rules_json` as the file's extractor, so its messages join the
catalogues with the rest.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import IO, Any

from . import ENGLISH, Translator

#: The data file, served to browsers as /static/rules.json.
RULES_FILE = Path(__file__).resolve().parent.parent / "web" / "rules.json"

#: What a summary holds, in the order it is read.
FIELDS = ("blurb", "title", "items", "footer")

_BOLD = re.compile(r"<b(?:\s[^>]*)?>(.*?)</b>", re.DOTALL)


@dataclass(frozen=True)
class RulesSummary:
    """One game's rules in one minute, in one language."""

    blurb: str
    title: str
    items: tuple[str, ...]
    #: How the web table is used (what is clickable); ``None`` where the game has none.
    footer: str | None


def _messages(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The file's games, each checked to hold the fields a summary needs."""
    games: dict[str, dict[str, Any]] = {}
    for game_id, summary in data.items():
        if not isinstance(summary, dict) or not isinstance(summary.get("items"), list):
            raise ValueError(f"{RULES_FILE}: {game_id!r} has no list of items")
        for field in ("blurb", "title"):
            if not isinstance(summary.get(field), str):
                raise ValueError(f"{RULES_FILE}: {game_id!r} has no {field}")
        games[game_id] = summary
    return games


@cache
def _stored() -> dict[str, dict[str, Any]]:
    return _messages(json.loads(RULES_FILE.read_text(encoding="utf-8")))


def rules_summary(game_id: str, tr: Translator = ENGLISH) -> RulesSummary | None:
    """``game_id``'s rules in one minute in ``tr``'s language (markup kept), or ``None`` for
    a game the file does not cover."""
    summary = _stored().get(game_id)
    if summary is None:
        return None
    footer = summary.get("footer")
    return RulesSummary(
        blurb=tr.gettext(summary["blurb"]),
        title=tr.gettext(summary["title"]),
        items=tuple(tr.gettext(item) for item in summary["items"]),
        footer=tr.gettext(footer) if isinstance(footer, str) else None,
    )


def plain_markup(text: str, escape: Callable[[str], str] | None = None) -> str:
    """``<b>…</b>`` (with or without a style) as Rich's ``[bold]…[/bold]``; everything else
    passed through ``escape`` (Rich's, say) so the text cannot open markup of its own."""
    quote = escape if escape is not None else str
    out: list[str] = []
    at = 0
    for found in _BOLD.finditer(text):
        out.append(quote(text[at : found.start()]))
        out.append(f"[bold]{quote(found.group(1))}[/bold]")
        at = found.end()
    out.append(quote(text[at:]))
    return "".join(out)


def extract_rules_json(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction-method interface: every text of every game's summary."""
    encoding = options.get("encoding", "utf-8")
    games = _messages(json.loads(fileobj.read().decode(encoding)))
    for summary in games.values():
        for field in FIELDS:
            value = summary.get(field)
            for text in value if isinstance(value, list) else [value]:
                if isinstance(text, str):
                    yield 0, None, text, []
