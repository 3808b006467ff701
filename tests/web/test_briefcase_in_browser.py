"""Briefcase in the browser: set up a payoff, then move an agent by clicking the map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_game_views import open_as_first_seat


def test_move_an_agent_by_clicking_it_then_a_city(
    server: Any, page: Any, screenshots: Path
) -> None:
    open_as_first_seat(server, page, "briefcase", players=2)
    page.wait_for_selector(".briefcase-map")
    # Setup: one sovereign each on two agents, chosen from the offered pairs.
    page.locator(".decisions .choice-list button").first.click()
    page.wait_for_selector(".agent.clickable", timeout=30_000)
    agent = page.locator(".agent.clickable").first
    name = agent.get_attribute("data-agent")
    assert page.locator(".city.target").count() == 0  # nothing to click before an agent
    agent.click()
    page.wait_for_selector(".city.target")
    targets = page.locator(".city.target")
    assert targets.count() >= 1
    city = targets.first.get_attribute("data-city")
    page.screenshot(path=str(screenshots / "briefcase-move.png"))
    seq_before = page.evaluate("document.querySelectorAll('#log li').length")
    targets.first.click()
    page.wait_for_function(
        "n => document.querySelectorAll('#log li').length > n", arg=seq_before, timeout=15_000
    )
    log = page.locator("#log").inner_text()
    assert name in log and (city in log or "challenge" in log.lower())
    assert page.errors == []
