"""The winking game's browser view names the signal the table agreed on.

Rulebook 001 §Alternative Signale: "Sollte ein Mitspieler nicht zwinkern können, kann zu
Beginn des Spiels auch ein alternatives Signal vereinbart werden, wie z.B. Blinzeln, Heben
der Augenbrauen oder Nicken mit dem Kopf." The `signal` option records the choice; the text
view already names it, and so must the browser.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest


def open_wink_table(server: Any, page: Any, signal: str) -> None:
    created = httpx.post(
        f"{server.http}/api/tables",
        json={
            "game": "wink",
            "players": 4,
            "name": "Ann",
            "seats": [None] + ["heuristic"] * 3,
            "options": {"signal": signal},
            "settings": {"bot_delay": 0.3},
        },
        timeout=10,
    ).json()
    table_id = created["table"]["id"]
    page.goto(server.http + "/")
    page.evaluate(
        "([id, seat]) => localStorage.setItem(`topsecret.seat.${id}`, JSON.stringify(seat))",
        [table_id, {"seat": created["seat"], "token": created["token"], "name": "Ann"}],
    )
    page.goto(f"{server.http}/t/{table_id}")


@pytest.mark.parametrize(
    ("signal", "name"), [("wink", "wink"), ("nod", "nod"), ("eyebrows", "raised eyebrows")]
)
def test_the_browser_names_the_agreed_signal(
    server: Any, page: Any, signal: str, name: str
) -> None:
    open_wink_table(server, page, signal)
    page.wait_for_selector(".wink svg")
    phase = page.locator(".wink .phase").inner_text()
    assert f"agreed signal: {name}" in phase
    empty = page.locator(".wink-controls .muted-light").inner_text()
    assert f"a {name} is seen only" in empty
    assert page.errors == []
