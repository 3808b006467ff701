"""The server speaks each connection's language (docs/languages.md, server messages): a
socket names it with a ``lang`` parameter on its address (the web client's page language)
or its Accept-Language header, an HTTP request with its Accept-Language header (or
``lang``). Error frames and bodies keep the English template for programs; a language we do
not have gets English."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets
from liveserver import LiveServer
from wsclient import FRAME_SECONDS, SeatClient, seated, set_up_table

from topsecret.server.messages import ErrorFrame

TALK_OFF = {
    "en": "table talk is off at this table",
    "fr": "la discussion est coupée à cette table",
    "de": "das Tischgespräch ist an diesem Tisch ausgeschaltet",
    "it": "le chiacchiere sono disattivate a questo tavolo",
}


async def say(client: SeatClient, text: str) -> dict[str, Any]:
    await client._ws.send(json.dumps({"type": "chat", "text": text}))
    return await client.reply()


def test_a_french_seat_is_refused_table_talk_in_french(sqlite_server: LiveServer) -> None:
    """Given a table whose host turned table talk off, when a player whose page is in French
    speaks, then the refusal is in French and carries the English template."""
    table = set_up_table(sqlite_server.http, "Ann", "Bob", settings={"chat": False})

    async def run() -> dict[str, Any]:
        ann = await seated(sqlite_server.ws, table.id, table.tokens[0], "fr")
        try:
            return await say(ann, "bonjour")
        finally:
            await ann.close()

    refused = asyncio.run(run())
    assert refused["type"] == "error"
    assert refused["message"] == TALK_OFF["fr"]
    assert refused["template"] == TALK_OFF["en"]


def test_one_table_refuses_each_seat_in_its_own_language(sqlite_server: LiveServer) -> None:
    """Given a table of four players reading German, Italian, English and Japanese (which we
    do not have), when each speaks at a table without talk, then each reads the refusal in
    their language and the Japanese reader in English."""
    names = ("Ann", "Bob", "Cid", "Dee")
    table = set_up_table(sqlite_server.http, *names, settings={"chat": False}, players=4)
    langs = ("de", "it", "en", "ja")

    async def run() -> list[dict[str, Any]]:
        clients = [
            await seated(sqlite_server.ws, table.id, table.tokens[seat], lang)
            for seat, lang in enumerate(langs)
        ]
        try:
            return [await say(client, "hello") for client in clients]
        finally:
            for client in clients:
                await client.close()

    messages = [frame["message"] for frame in asyncio.run(run())]
    assert messages == [TALK_OFF["de"], TALK_OFF["it"], TALK_OFF["en"], TALK_OFF["en"]]


def test_the_accept_language_header_names_a_sockets_language(sqlite_server: LiveServer) -> None:
    """Given a socket without a ``lang`` parameter whose handshake prefers Italian, when its
    spectator tries to act, then the refusal is in Italian."""
    table = set_up_table(sqlite_server.http, "Ann", "Bob")

    async def run() -> dict[str, Any]:
        url = f"{sqlite_server.ws}/ws/tables/{table.id}"
        headers = {"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"}
        async with websockets.connect(url, additional_headers=headers) as socket:
            await socket.send(json.dumps({"type": "hello", "token": None}))
            await socket.send(json.dumps({"type": "act", "action": {}, "seq": 0, "ref": 7}))
            while True:
                frame: dict[str, Any] = json.loads(
                    await asyncio.wait_for(socket.recv(), FRAME_SECONDS)
                )
                if frame["type"] == "error":
                    return frame

    refused = asyncio.run(run())
    expected = ErrorFrame(
        message="gli spettatori non possono giocare", ref=7, template="spectators cannot act"
    )
    assert refused == expected.model_dump()


def test_a_stale_link_is_refused_in_the_pages_language(sqlite_server: LiveServer) -> None:
    """Given a link whose token holds no seat, when a French page opens the table, then the
    socket is refused in French before it is closed, and the template still names the token
    (the web client forgets the seat by it)."""
    table = set_up_table(sqlite_server.http, "Ann", "Bob")

    async def run() -> dict[str, Any]:
        client = SeatClient(sqlite_server.ws, table.id, "not-a-token")
        client.url += "?lang=fr"
        await client.connect()
        try:
            return await client.reply()
        finally:
            await client.close()

    refused = asyncio.run(run())
    assert refused["message"] == "le jeton de ce lien ne tient aucune place à cette table"
    assert "token" in refused["template"]


def test_a_german_request_gets_a_german_error_body(sqlite_server: LiveServer) -> None:
    """Given a full table, when a German browser asks for a seat, then the 409's body is in
    German, with the English template beside it."""
    table = set_up_table(sqlite_server.http, "Ann", "Bob")
    response = httpx.post(
        f"{sqlite_server.http}/api/tables/{table.id}/join",
        json={"name": "Eve", "invite": table.invite},
        headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"},
        timeout=10,
    )
    assert response.status_code == 409
    assert response.json() == {
        "detail": "alle Plätze an diesem Tisch sind besetzt",
        "template": "every seat at this table is taken",
    }


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({"Accept-Language": "fr"}, "l'option 'rounds' doit valoir au plus 4"),
        ({"Accept-Language": "it"}, "l'opzione 'rounds' deve valere al massimo 4"),
        ({"Accept-Language": "ja,zh;q=0.8"}, "option 'rounds' must be at most 4"),
        ({}, "option 'rounds' must be at most 4"),
    ],
)
def test_a_bad_option_is_refused_in_the_requests_language(
    sqlite_server: LiveServer, headers: dict[str, str], expected: str
) -> None:
    """Given a game of at most 4 rounds, when a table of 9 rounds is asked for, then the
    refusal is in the request's language, and in English for a language we do not have."""
    response = httpx.post(
        f"{sqlite_server.http}/api/tables",
        json={"game": "fakecards", "players": 2, "options": {"rounds": 9}},
        headers=headers,
        timeout=10,
    )
    assert response.status_code == 422
    assert response.json() == {
        "detail": expected,
        "template": "option '{name}' must be at most {maximum}",
    }


def test_the_lang_parameter_names_a_requests_language(sqlite_server: LiveServer) -> None:
    """Given no table by that name, when a request asks for it with ``?lang=de`` and an
    English header, then the parameter wins and the 404 is in German."""
    response = httpx.get(
        f"{sqlite_server.http}/api/tables/nosuchtable?lang=de",
        headers={"Accept-Language": "en"},
        timeout=10,
    )
    assert response.status_code == 404
    assert response.json() == {"detail": "kein Tisch 'nosuchtable'", "template": "no table {table}"}


def test_a_seat_refused_in_french_keeps_its_english_key(sqlite_server: LiveServer) -> None:
    """Given a table whose first seat is taken, when a French reader asks for that seat,
    then the refusal names it in French; the English reader gets the same template."""
    table = set_up_table(sqlite_server.http, "Ann", players=3)
    join = f"{sqlite_server.http}/api/tables/{table.id}/join"
    bodies = {
        lang: httpx.post(
            join,
            json={"name": "Eve", "seat": 0, "invite": table.invite},
            headers={"Accept-Language": lang},
            timeout=10,
        ).json()
        for lang in ("fr", "en")
    }
    # The request counts seats from 0; what a player reads counts them from 1.
    assert bodies["fr"]["detail"] == "la place 1 n'est pas libre"
    assert bodies["en"]["detail"] == "seat 1 is not free"
    assert bodies["fr"]["template"] == bodies["en"]["template"] == "seat {seat} is not free"


def test_a_spectator_watching_in_german_reads_the_refusals_in_german(
    sqlite_server: LiveServer,
) -> None:
    """Given a German spectator, when they try to talk, then they are told so in German."""
    table = set_up_table(sqlite_server.http, "Ann", "Bob")

    async def run() -> dict[str, Any]:
        watcher = await seated(sqlite_server.ws, table.id, None, "de")
        try:
            return await say(watcher, "hallo")
        finally:
            await watcher.close()

    assert asyncio.run(run())["message"] == "Zuschauer können nicht mitreden"


def test_an_english_reader_is_answered_as_before(sqlite_server: LiveServer) -> None:
    """Given a socket that names no language, when it talks at a table without talk, then
    the refusal is the English one."""
    table = set_up_table(sqlite_server.http, "Ann", "Bob", settings={"chat": False})

    async def run() -> dict[str, Any]:
        ann = await seated(sqlite_server.ws, table.id, table.tokens[0])
        try:
            return await say(ann, "hello")
        finally:
            await ann.close()

    assert asyncio.run(run())["message"] == TALK_OFF["en"]


def test_a_body_too_large_is_refused_in_the_requests_language(sqlite_server: LiveServer) -> None:
    """Given the server's bound on request bodies, when an Italian browser sends more, then
    the 413 is refused from its headers with the reason in Italian."""
    limit = sqlite_server.limits.max_body
    response = httpx.post(
        f"{sqlite_server.http}/api/tables",
        content=b"x" * (limit + 1),
        headers={"Accept-Language": "it", "Content-Type": "application/json"},
        timeout=10,
    )
    assert response.status_code == 413
    assert response.json() == {
        "detail": f"corpo della richiesta più grande di {limit} byte",
        "template": "request body larger than {limit} bytes",
    }


def test_an_illegal_card_is_refused_with_its_rule_in_each_seats_language(
    sqlite_server: LiveServer,
) -> None:
    """Given a vault table where Ann reads French and Bob German, when each plays a card
    they do not hold (Rulebook 002 §Début du tour de jeu: a card from one's hand), then each
    reads the reason and the rule in their language, with the same English template."""
    table = set_up_table(sqlite_server.http, "Ann", "Bob", game="vault")
    card = {"type": "play", "card": "nonsense", "value": 0}

    async def run() -> list[dict[str, Any]]:
        ann = await seated(sqlite_server.ws, table.id, table.tokens[0], "fr")
        bob = await seated(sqlite_server.ws, table.id, table.tokens[1], "de")
        try:
            return [await ann.act(card), await bob.act(card)]
        finally:
            await ann.close()
            await bob.close()

    ann, bob = asyncio.run(run())
    assert ann["type"] == bob["type"] == "error"
    assert ann["message"] == "le joueur 1 n'a pas cette carte en main : nonsense"
    assert (
        ann["rule"] == "Règle 002 §Début du tour de jeu : chaque joueur joue une carte de sa main"
    )
    assert bob["message"] == "Spieler 2 hat diese Karte nicht auf der Hand: nonsense"
    assert bob["rule"] == (
        "Spielregel 002 §Début du tour de jeu: Jeder Spieler spielt eine Karte aus seiner Hand"
    )
    assert ann["template"] == bob["template"] == "seat {seat} holds no {card}"


@pytest.mark.parametrize(
    ("request_body", "expected", "template"),
    [
        (
            {"game": "chess", "players": 2},
            "unbekanntes Spiel 'chess'; die Spiele sind: ",
            "unknown game {name}; the games are: {known}",
        ),
        (
            {"game": "fakecards", "players": 2, "seats": [None, "grandmaster"]},
            "kein Bot 'grandmaster' für fakecards; wähle aus: ",
            "no bot {name} for {game}; choose from: {known}",
        ),
        (
            {"game": "vault", "players": 9},
            "ist für 2 bis 6 Spieler, nicht 9",
            "{game} is for {low}-{high} players, not {count}",
        ),
        (
            {"game": "vault", "players": 2, "options": {"rules": 1}},
            "werden nach den aktuellen Regeln 2 gespielt",
            "{game}: new tables are played under the current rules, {current}: option '{name}' "
            "takes only {current} (or leave it out), not {given}; earlier rules are kept only "
            "so that tables made under them replay as they were played",
        ),
    ],
)
def test_a_new_table_is_refused_in_german_with_its_english_template(
    sqlite_server: LiveServer, request_body: dict[str, Any], expected: str, template: str
) -> None:
    """Given a German request for a table of an unknown game, with an unknown bot, for too
    many players or under earlier rules, then the refusal is in German and keeps the English
    template (the lobby passed on the game's, the bot registry's and the rules' message)."""
    response = httpx.post(
        f"{sqlite_server.http}/api/tables",
        json=request_body,
        headers={"Accept-Language": "de"},
        timeout=10,
    )
    assert response.status_code == 422, response.text
    body = response.json()
    assert expected in body["detail"]
    assert body["template"] == template


def test_a_malformed_socket_message_is_refused_in_the_sockets_language(
    sqlite_server: LiveServer,
) -> None:
    """Given a French seat, when it sends a message of no known type or with a field of the
    wrong type, then the refusal says why in French (Pydantic's reason mapped to a catalogue
    message), with the English template beside it."""
    table = set_up_table(sqlite_server.http, "Ann", players=2)

    async def run() -> list[dict[str, Any]]:
        ann = await seated(sqlite_server.ws, table.id, table.token, "fr")
        try:
            frames = []
            for sent in ('{"type": "dance"}', '{"type": "act", "action": {}, "ref": "a"}'):
                await ann._ws.send(sent)
                frames.append(await ann.reply())
            return frames
        finally:
            await ann.close()

    dance, act = asyncio.run(run())
    assert dance["message"] == (
        "message incorrect : 'type' inconnu dance ; attendu l'un de : "
        "'hello', 'act', 'leave', 'ping', 'chat'"
    )
    assert dance["template"] == "bad message: {reason}"
    assert act["message"] == "message incorrect : doit être un nombre entier (act.ref)"


def test_a_malformed_request_body_is_refused_in_the_requests_language(
    sqlite_server: LiveServer,
) -> None:
    """Given a German request whose body is too long a name and an unknown field, then each
    422 reason is in German; ``type`` stays Pydantic's, for programs."""
    response = httpx.post(
        f"{sqlite_server.http}/api/tables",
        json={"game": "fakecards", "players": 2, "name": "x" * 500, "evil": 1},
        headers={"Accept-Language": "de"},
        timeout=10,
    )
    assert response.status_code == 422
    reasons = {d["type"]: d["msg"] for d in response.json()["detail"]}
    assert reasons["extra_forbidden"] == "dieses Feld ist nicht erlaubt"
    assert reasons["string_too_long"].startswith("darf höchstens ")


def test_a_stored_reason_is_read_back_into_its_message() -> None:
    """Why a table was closed is stored in English, filled in; it is read back into its
    catalogue message and values, so each reader gets it in their language. A reason that is
    none of them (written by an older version) is shown as it is."""
    from topsecret.i18n import filled_message, translator
    from topsecret.server.tables import ABANDONED, DAMAGED_AT, stored_reason

    stored = ABANDONED.format(minutes="60")
    assert stored_reason(stored) == (ABANDONED, {"minutes": "60"})
    assert filled_message(stored_reason(stored), translator("it")) == (
        "abbandonato: nessuno era collegato da 60 minuti"
    )
    damaged = DAMAGED_AT.format(action=3, error="KeyError: 'x'")
    assert stored_reason(damaged) == (DAMAGED_AT, {"action": "3", "error": "KeyError: 'x'"})
    assert stored_reason("closed for the night") == ("closed for the night", {})
