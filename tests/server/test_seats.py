"""Lobby, seats, leaving and returning, bots taking over, turn timers, real-time clocks."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
from wsclient import (
    SeatClient,
    Table,
    create_table,
    join_table,
    seated,
    set_up_table,
    wait_for_status,
)


def test_lobby_lists_games_and_tables_and_join_fills_seats(sqlite_server: Any) -> None:
    games = httpx.get(f"{sqlite_server.http}/api/games").json()
    fake = next(g for g in games if g["id"] == "fakecards")
    assert fake["min_players"] == 2 and "random" in fake["bots"]
    assert fake["options"][0]["name"] == "rounds"

    created = create_table(sqlite_server.http, game="fakecards", players=3, name="Ann")
    table_id = created["table"]["id"]
    listing = httpx.get(f"{sqlite_server.http}/api/tables").json()
    assert [t["id"] for t in listing["open"]] == [table_id]
    # A seat the table does not have is content it cannot take (422); one already taken is
    # a state it refuses (409).
    nowhere = httpx.post(
        f"{sqlite_server.http}/api/tables/{table_id}/join", json={"name": "Bob", "seat": 9}
    )
    assert nowhere.status_code == 422 and "no seat 10" in nowhere.json()["detail"]
    taken = httpx.post(
        f"{sqlite_server.http}/api/tables/{table_id}/join", json={"name": "Bob", "seat": 0}
    )
    assert taken.status_code == 409 and "seat 1 is not free" in taken.json()["detail"]
    bob = join_table(sqlite_server.http, table_id, "Bob")
    assert bob["seat"] == 1
    cyd = join_table(sqlite_server.http, table_id, "Cyd")
    assert cyd["seat"] == 2
    full = httpx.post(f"{sqlite_server.http}/api/tables/{table_id}/join", json={"name": "Dan"})
    assert full.status_code == 409 and "taken" in full.json()["detail"]
    listing = httpx.get(f"{sqlite_server.http}/api/tables").json()
    assert [t["id"] for t in listing["playing"]] == [table_id]
    info = httpx.get(f"{sqlite_server.http}/api/tables/{table_id}").json()
    assert [s["name"] for s in info["seats"]] == ["Ann", "Bob", "Cyd"]
    # Tokens are stored hashed: the database never holds the secret itself.
    data = sqlite_server.store.load_table(table_id)
    assert all(s.token_hash != created["token"] and len(s.token_hash) == 64 for s in data.seats)


def test_bad_requests_are_refused_with_reasons(sqlite_server: Any) -> None:
    base = sqlite_server.http
    cases = [
        ({"game": "chess", "players": 2}, "unknown game"),
        ({"game": "fakecards", "players": 9}, "2-4 players"),
        ({"game": "fakecards", "players": 2, "options": {"rounds": 9}}, "at most 4"),
        ({"game": "fakecards", "players": 2, "options": {"speed": 1}}, "unknown option"),
        ({"game": "fakecards", "players": 2, "seats": ["random", "mcts9"]}, "no bot"),
        ({"game": "vault", "players": 2, "seats": ["ismcts:speed=3", None]}, "no option 'speed'"),
        ({"game": "vault", "players": 2, "seats": ["medium:ms=3", None]}, "takes no options"),
        ({"game": "fakecards", "players": 2, "seats": ["random"]}, "one entry per seat"),
        (
            {"game": "fakecards", "players": 2, "seats": ["random", "random"], "name": "Ann"},
            "every seat is a bot",
        ),
        # An option that may name a file on the server takes only its listed values here.
        ({"game": "briefcase", "players": 2, "options": {"map": "/etc/passwd"}}, "name a file"),
        (
            {"game": "spyworld", "players": 2, "options": {"lair": "/tmp/x.toml"}},
            # Each value once, the default first.
            "takes only 'polar_base', 'superyacht', 'jungle_temple', 'moon_base'",
        ),
        ({"game": "spyworld", "players": 2, "options": {"gadgets": "shiny"}}, "gadget"),
    ]
    for body, reason in cases:
        # Content the server cannot take is 422, as for a malformed body; 409 is for what
        # a table's state refuses (a seat already taken, above).
        response = httpx.post(f"{base}/api/tables", json=body)
        assert response.status_code == 422, body
        assert reason in response.json()["detail"], (body, response.json())
    too_long = httpx.post(
        f"{base}/api/tables", json={"game": "fakecards", "players": 2, "name": "x" * 500}
    )
    assert too_long.status_code == 422
    extra = httpx.post(f"{base}/api/tables", json={"game": "fakecards", "players": 2, "evil": 1})
    assert extra.status_code == 422


def test_oversized_and_malformed_socket_messages_are_refused(sqlite_server: Any) -> None:
    table = set_up_table(sqlite_server.http, "Ann", players=2)

    async def scenario() -> None:
        ann = await seated(sqlite_server.ws, table.id, table.token)
        await ann._ws.send(
            '{"type": "act", "action": {"type": "play", "card": "' + "a" * 5000 + '"}}'
        )
        frame = await ann.reply()
        assert frame["type"] == "error" and "bad message" in frame["message"]
        await ann._ws.send("not json")
        frame = await ann.reply()
        assert frame["type"] == "error" and frame["ref"] is None
        # A message refused for one field still answers with its ref, so a client knows
        # which of its messages the error is about.
        await ann._ws.send('{"type": "act", "action": "x", "seq": 0, "ref": 4}')
        frame = await ann.reply()
        assert frame["type"] == "error" and "bad message" in frame["message"]
        assert frame["ref"] == 4
        await ann._ws.send('{"type": "act", "action": "x", "seq": 0, "ref": "r1"}')
        frame = await ann.reply()
        assert frame["type"] == "error" and frame["ref"] is None
        await ann._ws.send('{"type": "ping"}')
        assert (await ann.reply())["type"] == "pong"
        await ann.close()

    asyncio.run(scenario())


def test_leaving_before_the_start_opens_the_seat_again(sqlite_server: Any) -> None:
    table = set_up_table(sqlite_server.http, "Ann", players=2)
    leave = f"{sqlite_server.http}/api/tables/{table.id}/leave"
    left = httpx.post(leave, json={"token": table.token})
    assert left.status_code == 200
    info = httpx.get(f"{sqlite_server.http}/api/tables/{table.id}").json()
    assert info["seats"][0]["open"] and info["seats"][0]["name"] is None
    wrong = httpx.post(leave, json={"token": table.token})
    assert wrong.status_code == 409


def ann_and_bob(server: Any) -> Table:
    """Ann and Bob at a four-round table whose seats a bot plays after 0.2 s without a
    connection."""
    return set_up_table(
        server.http,
        "Ann",
        "Bob",
        options={"rounds": 4},
        settings={"bot_delay": 0, "away_seconds": 0.2},
    )


async def ann_plays_while_a_bot_plays_for_bob(ann: SeatClient) -> None:
    await ann.act(ann.last["legal"][0]["action"])
    while not ann.last["table"]["seats"][1]["away"] or ann.last["seq"] < 2:
        await ann.update()
    assert ann.last["seq"] == 2  # the bot played Bob's card and the round resolved


def test_a_bot_takes_over_a_seat_whose_player_left_and_hands_it_back(sqlite_server: Any) -> None:
    table = ann_and_bob(sqlite_server)

    async def scenario() -> None:
        ann = await seated(sqlite_server.ws, table.id, table.tokens[0])
        bob_client = await seated(sqlite_server.ws, table.id, table.tokens[1])
        await bob_client.close()  # Bob's tab closes; after away_seconds a bot plays for him
        await ann_plays_while_a_bot_plays_for_bob(ann)
        # Bob comes back with his token: the seat is his again and the bot stops.
        back = await seated(sqlite_server.ws, table.id, table.tokens[1])
        frame = back.last
        assert frame["you"] == 1 and not frame["table"]["seats"][1]["away"]
        await ann.act(ann.last["legal"][0]["action"])
        await asyncio.sleep(0.3)
        while True:
            frame = await back.update()
            if frame["seq"] >= 3:
                break
        assert 1 in frame["acting"] and frame["legal"]  # nobody played for Bob this time
        await ann.close()
        await back.close()

    asyncio.run(scenario())


def test_a_player_who_took_a_seat_and_never_came_is_played_by_a_bot_then_returns(
    sqlite_server: Any,
) -> None:
    """Given Bob took a seat and never opened the table, when play starts, then after
    ``away_seconds`` a bot plays his seat, as after a restart or a takeover; when he comes,
    the seat is his again."""
    table = ann_and_bob(sqlite_server)

    async def scenario() -> None:
        ann = await seated(sqlite_server.ws, table.id, table.tokens[0])
        await ann_plays_while_a_bot_plays_for_bob(ann)
        bob = await seated(sqlite_server.ws, table.id, table.tokens[1])
        assert bob.last["you"] == 1 and not bob.last["table"]["seats"][1]["away"]
        await ann.close()
        await bob.close()

    asyncio.run(scenario())


def test_turn_timer_plays_the_default_action_on_timeout(sqlite_server: Any) -> None:
    # The turn starts when the table does (the bot fills it), so the clock starts before.
    started = time.monotonic()
    table = set_up_table(
        sqlite_server.http,
        "Ann",
        bots=["random"],
        options={"rounds": 1},
        settings={"bot_delay": 0, "turn_seconds": 1},
    )

    async def scenario() -> None:
        ann = await SeatClient(sqlite_server.ws, table.id, table.token).connect()
        frame = await ann.update(timeout=30)
        default = frame["legal"][0]["action"]
        told: list[dict[str, Any]] = []
        while not ann.last["over"]:
            frame = await ann.update(timeout=30)
            told += [e for e in frame["events"] if e["kind"] == "timed_out"]
            if frame["deadlines"]:
                # Seconds left: 0 in a frame built after the deadline, before the timer ran.
                assert 0 <= frame["deadlines"]["0"] <= 1
        # The default was not played before the second had passed.
        assert time.monotonic() - started >= 0.9
        assert ann.last["observation"]["played"][0][0] == default["card"]
        # The table said whose move it played, before the move's own events.
        assert told and told[0]["seat"] == 0
        assert told[0]["text"] == "Your time is up: the table played for you"
        await ann.close()

    asyncio.run(scenario())


def test_real_time_game_runs_on_the_server_clock_and_logs_the_ticks(sqlite_server: Any) -> None:
    table = set_up_table(
        sqlite_server.http,
        "Ann",
        bots=["random"],
        game="fakeclock",
        # Five seconds of play: Ann's two taps land before time is up even on a busy machine.
        options={"seconds": 5},
        settings={"bot_delay": 0.3},
    )
    table_id = table.id

    async def scenario() -> None:
        ann = await seated(sqlite_server.ws, table_id, table.token)
        assert (await ann.act({"type": "tap"}))["type"] == "update"
        assert (await ann.act({"type": "tap"}))["type"] == "update"
        while not ann.last["over"]:
            await ann.update(timeout=30)
        assert ann.last["observation"]["mine"] == 2
        assert ann.last["clock"] >= 5.0
        assert any(e["kind"] == "time_up" for e in ann.last["events"])
        await ann.close()

    asyncio.run(scenario())
    rows = sqlite_server.store.load_log(table_id)
    assert all(r.time is not None for r in rows)
    assert rows[-1].seat == -1 and rows[-1].action is None  # the tick that ended the game
    assert [r.time for r in rows] == sorted(r.time for r in rows)
    replay = httpx.get(f"{sqlite_server.http}/api/tables/{table_id}/replay/{len(rows)}").json()
    assert replay["over"] and replay["scores"][0] == 2.0
    # The last step names the winners, as the live table's last frame does.
    best = max(replay["scores"])
    assert replay["winners"] == [s for s, score in enumerate(replay["scores"]) if score == best]


def test_replays_open_only_when_the_game_is_over(sqlite_server: Any) -> None:
    table = set_up_table(
        sqlite_server.http,
        bots=["random", "random"],
        options={"rounds": 2},
        settings={"bot_delay": 0},
    )
    table_id = table.id
    assert table.created["token"] is None and table.created["table"]["status"] == "playing"
    wait_for_status(sqlite_server.http, table_id, "finished")
    log = httpx.get(f"{sqlite_server.http}/api/tables/{table_id}/replay").json()
    assert [a["seat"] for a in log["actions"]] == [0, 1, 0, 1]
    assert log["actions"][0]["label"].startswith("play gem-")
    start = httpx.get(f"{sqlite_server.http}/api/tables/{table_id}/replay/0").json()
    assert start["observation"]["round"] == 0 and start["observation"]["hand"] is None
    seat_view = httpx.get(f"{sqlite_server.http}/api/tables/{table_id}/replay/2?seat=1").json()
    assert seat_view["observation"]["round"] == 1 and len(seat_view["observation"]["hand"]) == 3
    assert any(e["kind"] == "reveal" for e in seat_view["events"])
    beyond = httpx.get(f"{sqlite_server.http}/api/tables/{table_id}/replay/99")
    assert beyond.status_code == 404
    # A seat the table does not have is refused as /join refuses it: content, 422.
    no_seat = httpx.get(f"{sqlite_server.http}/api/tables/{table_id}/replay/2?seat=7")
    assert no_seat.status_code == 422 and no_seat.json()["detail"] == "there is no seat 8"
    listing = httpx.get(f"{sqlite_server.http}/api/tables").json()
    assert listing["finished"][0]["id"] == table_id

    live = set_up_table(sqlite_server.http, "Ann", players=2)
    refused = httpx.get(f"{sqlite_server.http}/api/tables/{live.id}/replay")
    assert refused.status_code == 409


def test_a_bot_that_breaks_does_not_stall_the_table(sqlite_server: Any, monkeypatch: Any) -> None:
    from topsecret.bots import RandomBot

    def broken(self: Any, view: Any) -> Any:
        raise RuntimeError("this bot is broken")

    monkeypatch.setattr(RandomBot, "choose", broken)
    table = set_up_table(
        sqlite_server.http, "Ann", bots=["random"], options={"rounds": 1}, settings={"bot_delay": 0}
    )

    async def scenario() -> None:
        ann = await seated(sqlite_server.ws, table.id, table.token)
        await ann.act(ann.last["legal"][0]["action"])
        while not ann.last["over"]:
            await ann.update(timeout=20)  # the broken bot's seat played its default card
        await ann.close()

    asyncio.run(scenario())


def test_a_replay_step_carries_the_games_own_sentences(sqlite_server: Any) -> None:
    """The replay page reads its log like a live table: each event worded by the game."""
    table_id = set_up_table(
        sqlite_server.http, bots=["random", "random"], game="spyworld", settings={"bot_delay": 0}
    ).id
    wait_for_status(sqlite_server.http, table_id, "finished")
    # Steps 1-2 choose the Agents, 3-4 the first round's cards: step 4 reveals what was taken.
    step = httpx.get(f"{sqlite_server.http}/api/tables/{table_id}/replay/4?seat=0").json()
    texts = [e["text"] for e in step["events"] if not e.get("quiet")]
    assert texts and all(isinstance(t, str) and "=" not in t and "{" not in t for t in texts)
    assert any(
        t.startswith(("You take", "You pass", "Seat 1 takes", "Seat 1 passes")) for t in texts
    )
    spectator = httpx.get(f"{sqlite_server.http}/api/tables/{table_id}/replay/4").json()
    assert all("You " not in e.get("text", "") for e in spectator["events"])


def test_a_browser_may_pick_a_boxed_lair_and_the_expert_gadgets(sqlite_server: Any) -> None:
    body = {
        "game": "spyworld",
        "players": 2,
        "name": "Ann",
        "seats": [None, "random"],
        "options": {"lair": "moon_base", "gadgets": "expert", "beginners": "all"},
    }
    response = httpx.post(f"{sqlite_server.http}/api/tables", json=body)
    assert response.status_code == 200, response.json()
    assert response.json()["table"]["options"]["lair"] == "moon_base"


def test_a_table_may_seat_the_levels_and_the_search_with_options(sqlite_server: Any) -> None:
    base = sqlite_server.http
    body = {"game": "vault", "players": 4, "seats": [None, "easy", "hard", "ismcts:iterations=5"]}
    response = httpx.post(f"{base}/api/tables", json=body)
    assert response.status_code in (200, 201), response.text
    games = httpx.get(f"{base}/api/games").json()
    vault = next(game for game in games if game["id"] == "vault")
    assert {"easy", "medium", "hard", "ismcts"} <= set(vault["bots"])


def test_a_timed_out_seat_is_named_to_the_others_in_their_language() -> None:
    """The others read whose time was up ("seat 2", which the browser shows with the
    player's name); the seat itself reads that the table played for it."""
    from topsecret.core import public
    from topsecret.i18n import translator
    from topsecret.server.tables import TIMED_OUT, timed_out_text

    event = public(TIMED_OUT, seat=1)
    assert timed_out_text(event, 0, translator("en")) == (
        "Time is up for seat 2: the table played for them"
    )
    assert timed_out_text(event, None, translator("fr")) == (
        "Le temps de joueur 2 est écoulé : la table a joué à sa place"
    )
    assert timed_out_text(event, 1, translator("de")) == (
        "Deine Zeit ist um: der Tisch hat für dich gespielt"
    )
