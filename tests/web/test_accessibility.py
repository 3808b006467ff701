"""axe-core, injected into each page, finds no serious or critical accessibility violation on
the lobby, the join page and each game's table."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from test_game_views import VIEW_ROOTS, open_as_first_seat

#: Run axe over the whole page; keep only what blocks or seriously hinders people.
RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at `
      + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | "));
}"""

#: The order of headings, a moderate rule the run above leaves out.
RUN_AXE_HEADINGS = """async () => {
  const result = await axe.run(document, { runOnly: ["heading-order"] });
  return result.violations.map((v) => v.nodes.map((n) => n.target.join(" ")).join(" | "));
}"""


def violations(page: Any, axe_source: str) -> list[str]:
    page.add_script_tag(content=axe_source)
    return list(page.evaluate(RUN_AXE))


def test_the_lobby_has_no_serious_violation(server: Any, page: Any, axe_source: str) -> None:
    page.goto(server.http + "/")
    page.wait_for_selector("#seat-rows select")
    assert violations(page, axe_source) == []


def test_the_join_page_has_no_serious_violation(server: Any, page: Any, axe_source: str) -> None:
    created = httpx.post(
        f"{server.http}/api/tables",
        json={"game": "vault", "players": 2, "name": "Ann", "seats": [None, None]},
        timeout=10,
    ).json()
    page.goto(f"{server.http}/t/{created['table']['id']}")
    page.wait_for_selector("#join-panel:not([hidden])")
    assert violations(page, axe_source) == []


@pytest.mark.parametrize("width", [1400, 390])
@pytest.mark.parametrize("game_id", sorted(VIEW_ROOTS))
def test_each_table_has_no_serious_violation(
    game_id: str, width: int, server: Any, browser: Any, axe_source: str
) -> None:
    """At a laptop's width and a phone's (where the layout is one column)."""
    context = browser.new_context(viewport={"width": width, "height": 900 if width > 400 else 844})
    page = context.new_page()
    try:
        open_as_first_seat(server, page, game_id)
        page.wait_for_selector(VIEW_ROOTS[game_id])
        page.wait_for_selector(".seat-panel .seat.you")
        page.wait_for_timeout(500)
        assert violations(page, axe_source) == []
        # Headings go down one level at a time (h1 the table, h2 its parts), so a screen
        # reader's list of headings reads as an outline.
        assert page.evaluate(RUN_AXE_HEADINGS) == []
    finally:
        context.close()
