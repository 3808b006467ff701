"""Babel extraction from the web client's pages: the text of every element marked
``data-i18n``, and each attribute that ``data-i18n-attr`` names (``"placeholder aria-label"``),
is a message.

``babel.cfg`` names it as ``[topsecret.i18n.html.extract_html: web/**.html]``.
"""

from __future__ import annotations

import html.parser
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any


def normalize_space(text: str) -> str:
    return " ".join(text.split())


class _Marked(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        #: Open marked elements: (tag, line, text so far).
        self.open: list[tuple[str, int, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        line = self.getpos()[0]
        for attribute in (named.get("data-i18n-attr") or "").split():
            value = normalize_space(named.get(attribute) or "")
            if value:
                self.found.append((line, value))
        if "data-i18n" in named:
            self.open.append((tag, line, []))

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][2].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1][0] == tag:
            _, line, parts = self.open.pop()
            text = normalize_space("".join(parts))
            if text:
                self.found.append((line, text))


def marked_messages(source: str) -> list[tuple[int, str]]:
    """The marked texts of a page with their line numbers."""
    parser = _Marked()
    parser.feed(source)
    parser.close()
    return parser.found


def extract_html(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction-method interface."""
    encoding = options.get("encoding", "utf-8")
    for line, text in marked_messages(fileobj.read().decode(encoding)):
        yield line, None, text, []
