"""Languages over several processes (docs/languages.md, server messages; docs/server.md,
Several processes): a socket or request that arrives at one process for a table another
serves is answered in its reader's language, since the language travels with the relayed
hello and request.

The processes are real servers run in this test process on one PostgreSQL schema and the
local Redis; every wait is for a condition, with a generous deadline.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from liveserver import LOOPBACK_EXEMPT, NEEDS_SCALE_OUT, cluster_servers
from wsclient import SeatClient, set_up_table

pytestmark = NEEDS_SCALE_OUT


def test_a_relayed_socket_and_request_are_answered_in_their_readers_language(
    postgres_url: str,
) -> None:
    """Given a table without talk served by process A, when Ann's French page talks through
    process B, and a German browser asks B for a seat at the full table, then Ann is refused
    in French and the German browser in German, both with the English template."""
    with cluster_servers(postgres_url, 2, LOOPBACK_EXEMPT) as (a, b):
        table = set_up_table(a.http, "Ann", "Bob", settings={"chat": False})
        assert table.id in a.app.state.lobby.owned  # A serves it; B relays

        async def talk() -> dict[str, Any]:
            ann = SeatClient(b.ws, table.id, table.tokens[0])
            ann.url += "?lang=fr"
            await ann.connect()
            try:
                await ann.update()
                await ann._ws.send(json.dumps({"type": "chat", "text": "bonjour"}))
                return await ann.reply()
            finally:
                await ann.close()

        refused = asyncio.run(talk())
        assert refused["message"] == "la discussion est coupée à cette table"
        assert refused["template"] == "table talk is off at this table"

        response = httpx.post(
            f"{b.http}/api/tables/{table.id}/join",
            json={"name": "Eve", "invite": table.invite},
            headers={"Accept-Language": "de"},
            timeout=30,
        )
        assert response.status_code == 409
        assert response.json() == {
            "detail": "alle Plätze an diesem Tisch sind besetzt",
            "template": "every seat at this table is taken",
        }
