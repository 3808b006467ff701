"""Briefcase in the browser: set up a payoff, then move an agent by clicking the map."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from test_game_views import open_as_first_seat

#: Answers that let the bots' turns go by: the table's seed is random, so the bot may move
#: first and ask whether the browser's seat challenges.
LET_IT_GO = (
    ".challenge-form button.pass",
    ".challenge-form button.concede",
    ".power-form button.skip-power",
)


def wait_for_own_move(page: Any, seconds: float = 120.0) -> None:
    """Wait until an agent can be clicked, declining challenges met on the way (``seconds``
    bound a hang, not the speed of a busy machine)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator(".agent.clickable").count():
            return
        for selector in LET_IT_GO:
            button = page.locator(selector)
            if button.count():
                button.first.click()
                break
        page.wait_for_timeout(200)
    raise AssertionError("the browser's seat was never offered a move")


def test_move_an_agent_by_clicking_it_then_a_city(
    server: Any, page: Any, screenshots: Path
) -> None:
    open_as_first_seat(server, page, "briefcase", players=2)
    page.wait_for_selector(".briefcase-map")
    # Setup: one sovereign each on two agents, picked in two lists (the second offers only
    # the agents that may go with the first).
    page.wait_for_selector(".setup-form")
    # Everyone chooses at once: once the bot has chosen, only this seat is "to play".
    rows = page.locator(".seats-list li")
    page.wait_for_function(
        "() => { const rows = [...document.querySelectorAll('.seats-list li')];"
        " return rows.length === 2 && !rows[1].textContent.includes('to play'); }",
        timeout=30_000,
    )
    assert "to play" in rows.nth(0).inner_text()
    firsts = page.locator(".setup-form select[aria-label='first agent'] option").all_inner_texts()
    page.select_option(".setup-form select[aria-label='first agent']", firsts[-1])
    seconds = page.locator(".setup-form select[aria-label='second agent'] option")
    assert firsts[-1] not in seconds.all_inner_texts()
    page.click(".setup-form button")
    wait_for_own_move(page)
    agent = page.locator(".agent.clickable").first
    name = agent.get_attribute("data-agent")
    assert page.locator(".city.target").count() == 0  # nothing to click before an agent
    # Read out with where it stands, not picked yet; Escape lets go of a picked agent.
    spoken = agent.get_attribute("aria-label")
    assert spoken.startswith(f"{name} in ") and ": pick it" in spoken, spoken
    assert agent.get_attribute("aria-pressed") == "false"
    agent.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".city.target")
    picked = f".agent[data-agent='{name}']"
    assert page.locator(picked).get_attribute("aria-pressed") == "true"
    page.keyboard.press("Escape")
    page.wait_for_selector(".city.target", state="detached")
    assert page.locator(picked).get_attribute("aria-pressed") == "false"
    agent = page.locator(picked)
    agent.click()
    page.wait_for_selector(".city.target")
    targets = page.locator(".city.target")
    assert targets.count() >= 1
    city = targets.first.get_attribute("data-city")
    page.screenshot(path=str(screenshots / "briefcase-move.png"))
    # Wait for the answer to this move (the page keeps body.acting until its ack is in, after
    # the frame the move made is drawn), not for the log to grow: a bot's line could do that.
    sent = page.evaluate("document.body.dataset.sent || ''")
    targets.first.click()
    page.wait_for_function(
        "sent => (document.body.dataset.sent || '') !== sent"
        " && !document.body.classList.contains('acting')",
        arg=sent,
    )
    log = page.locator("#log").inner_text()
    assert name in log and (city in log or "challenge" in log.lower())
    assert page.errors == []


def test_no_red_line_runs_through_a_city_it_does_not_link(
    server: Any, page: Any, screenshots: Path
) -> None:
    """Toulouse, Marseille and Barcelona stand in a row on the map: the Toulouse-Barcelona
    line, drawn straight, ran through Marseille and read as a link from Marseille to
    Barcelona, which the rules do not have. Every line keeps clear of the cities it does not
    join (measured on the drawing, at 41 points along each line)."""
    open_as_first_seat(server, page, "briefcase", players=2)
    page.wait_for_selector(".briefcase-map .red-line", state="attached")
    crossings = page.evaluate(
        """() => {
          const cities = [...document.querySelectorAll('.briefcase-map g.city')].map((g) => {
            const m = g.transform.baseVal.consolidate().matrix;
            return { name: g.dataset.city, x: m.e, y: m.f };
          });
          const found = [];
          for (const line of document.querySelectorAll('.briefcase-map .red-line')) {
            const length = line.getTotalLength();
            const start = line.getPointAtLength(0);
            const end = line.getPointAtLength(length);
            const at = (c, p) => Math.hypot(c.x - p.x, c.y - p.y) < 1;
            const ends = cities.filter((c) => at(c, start) || at(c, end));
            for (let i = 1; i < 40; i++) {
              const p = line.getPointAtLength((length * i) / 40);
              for (const c of cities) {
                if (!ends.includes(c) && Math.hypot(c.x - p.x, c.y - p.y) < 18) {
                  found.push(`${ends.map((e) => e.name).join('-')} near ${c.name}`);
                }
              }
            }
          }
          return [...new Set(found)];
        }"""
    )
    page.locator(".briefcase-map").screenshot(path=str(screenshots / "briefcase-map-lines.png"))
    assert crossings == []
    assert page.errors == []
