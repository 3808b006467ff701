"""Seats over several processes (docs/server.md, Several processes): a player who reconnects
through another process than before keeps the seat and sees what happened while away; two
players asking for the rematch at the same moment, each at another process, get one table.

The processes are real servers run in this test process on one PostgreSQL schema and the
local Redis; every wait is for a condition, with a generous deadline.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import httpx
from liveserver import LOOPBACK_EXEMPT, NEEDS_SCALE_OUT, LiveServer, cluster_servers
from wsclient import seat_held, seated, set_up_table

pytestmark = NEEDS_SCALE_OUT


def test_a_seat_reconnecting_through_another_process_keeps_it_and_sees_the_moves_meanwhile(
    postgres_url: str,
) -> None:
    """Given Ann and Bob at a table served by process A, Ann connected through B, when Ann's
    socket drops after the first round and Bob commits his second card meanwhile, then Ann,
    reconnecting through C with her token, holds seat 0 again (her hello is relayed to A over
    Redis), her full frame shows Bob's choice and still owes hers, and her card completes the
    round."""
    with cluster_servers(postgres_url, 3, LOOPBACK_EXEMPT) as (a, b, c):
        table = set_up_table(a.http, "Ann", "Bob", options={"rounds": 3})
        assert table.id in a.app.state.lobby.owned  # the creating process serves it

        async def scenario() -> None:
            ann = await seated(b.ws, table.id, table.tokens[0])
            bob = await seated(a.ws, table.id, table.tokens[1])
            for client in (ann, bob):
                reply = await client.act(client.last["legal"][0]["action"])
                assert reply["type"] == "update", reply
            while ann.last["seq"] < 2:
                await ann.update()
            hand = ann.last["observation"]["hand"]
            await ann.close()
            while bob.last["seq"] < 2 or not bob.last["legal"]:
                await bob.update()
            bobs_card = bob.last["legal"][0]["action"]
            reply = await bob.act(bobs_card)
            assert reply["type"] == "update" and reply["seq"] == 3, reply

            back = await seated(c.ws, table.id, table.tokens[0])
            frame = back.last
            assert frame["full"] and frame["you"] == 0
            assert frame["seq"] == 3
            assert frame["step"]["chosen"] == [1] and frame["step"]["waiting"] == [0]
            assert any(event["seq"] == 3 for event in frame["events"])  # told of Bob's choice
            assert frame["observation"]["hand"] == hand and frame["legal"]
            assert bobs_card["card"] not in str(frame)  # a committed card stays hidden
            her_card = frame["legal"][0]["action"]
            reply = await back.act(her_card)
            assert reply["type"] == "update" and reply["seq"] == 4, reply
            assert back.last["observation"]["played"][1] == [her_card["card"], bobs_card["card"]]
            for client in (back, bob):
                await client.close()

        asyncio.run(scenario())


def ask_together(asks: list[tuple[LiveServer, str, str]]) -> list[httpx.Response]:
    """Ask for the rematch of each (server, table, token) at the same moment, from threads
    released together."""
    ready = threading.Barrier(len(asks))

    def ask(server: LiveServer, table_id: str, token: str) -> httpx.Response:
        ready.wait(timeout=60)
        return httpx.post(
            f"{server.http}/api/tables/{table_id}/rematch", json={"token": token}, timeout=60
        )

    with ThreadPoolExecutor(len(asks)) as pool:
        return list(pool.map(lambda a: ask(*a), asks))


def test_two_players_asking_for_the_rematch_at_once_at_two_processes_get_one_table(
    postgres_url: str,
) -> None:
    """Given a finished game of Ann and Bob served by process A, when Ann asks A for the
    rematch and Bob asks B at the same moment, then both are seated at the same new table
    (Ann first, Bob second), it is the only unfinished one and the one stored as the rematch,
    and each token holds its seat through either process. (Each process may set a table up;
    storage keeps one link, and the other process closes its own and seats its caller at the
    stored one through Redis.)"""
    with cluster_servers(postgres_url, 2, LOOPBACK_EXEMPT) as (a, b):
        table = set_up_table(a.http, "Ann", "Bob", options={"rounds": 1})

        async def play() -> None:
            ann = await seated(a.ws, table.id, table.tokens[0])
            bob = await seated(b.ws, table.id, table.tokens[1])
            await asyncio.gather(ann.play_until_over(), bob.play_until_over(pick=1))
            for client in (ann, bob):
                await client.close()

        asyncio.run(play())
        ann, bob = ask_together([(a, table.id, table.tokens[0]), (b, table.id, table.tokens[1])])
        assert ann.status_code == 200, ann.text
        assert bob.status_code == 200, bob.text
        new_id = ann.json()["table_id"]
        assert bob.json()["table_id"] == new_id
        assert (ann.json()["seat"], bob.json()["seat"]) == (0, 1)
        assert a.store.load_rematch(table.id) == (new_id, [0, 1])
        listing = httpx.get(f"{b.http}/api/tables", timeout=10).json()
        assert listing["total"]["open"] == 0 and listing["total"]["playing"] == 1
        assert [t["id"] for t in listing["playing"]] == [new_id]

        async def seats() -> list[int | None]:
            return [
                await seat_held(server.ws, new_id, ticket.json()["token"])
                for server in (a, b)
                for ticket in (ann, bob)
            ]

        assert asyncio.run(seats()) == [0, 1, 0, 1]
        # Asked again, each gets the same table and seat.
        again = ask_together([(b, table.id, table.tokens[0]), (a, table.id, table.tokens[1])])
        assert [(r.json()["table_id"], r.json()["seat"]) for r in again] == [
            (new_id, 0),
            (new_id, 1),
        ]
