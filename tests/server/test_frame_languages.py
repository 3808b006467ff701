"""Each reader's frames speak their language (docs/languages.md): the move labels and the
log lines a socket receives are worded with the game's words in the language its address
names, and a replay is told in the language its request asks for. One table may mix
languages."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from liveserver import LiveServer
from wsclient import SeatClient, seated, set_up_table, wait_for_status

from topsecret.games import get_game
from topsecret.i18n import game_text, translator

VAULT = get_game("vault")


def every_vault_action() -> list[Any]:
    """Every action of a two-seat vault game (its codec's whole space)."""
    codec = VAULT.codec(2)
    return [codec.from_id(i) for i in range(codec.size)]


def labels_in(lang: str, frame: dict[str, Any]) -> list[str]:
    """The labels the game's own words give the frame's moves in ``lang``."""
    words = game_text(VAULT, translator(lang))
    codec = VAULT.codec(2)
    return [words.action(codec.from_json(move["action"])) for move in frame["legal"]]


def test_a_french_and_an_english_seat_read_their_moves_and_the_log_in_their_language(
    sqlite_server: LiveServer,
) -> None:
    """Given a vault table where Ann reads French and Bob English, when both play a card,
    then each one's move labels are the game's words in their language, and the log lines
    both receive for the same public events differ: Ann's speak of "joueur", Bob's of
    "seat"."""
    table = set_up_table(sqlite_server.http, "Ann", "Bob", game="vault")

    async def run() -> tuple[SeatClient, SeatClient]:
        ann = await seated(sqlite_server.ws, table.id, table.tokens[0], "fr")
        bob = await seated(sqlite_server.ws, table.id, table.tokens[1], "en")
        try:
            for client in (ann, bob):
                while not client.last["legal"]:
                    await client.update()
                await client.act(client.last["legal"][0]["action"])
            # Both cards are down: read on until each has log lines after the reveal.
            for client in (ann, bob):
                while len(public_lines(client)) < 2:
                    await client.update()
            return ann, bob
        finally:
            await ann.close()
            await bob.close()

    ann, bob = asyncio.run(run())
    for client, lang in ((ann, "fr"), (bob, "en")):
        asked = [frame for frame in client.updates if frame["legal"]]
        assert asked
        for frame in asked:
            assert [move["label"] for move in frame["legal"]] == labels_in(lang, frame)
    french_frame = next(frame for frame in ann.updates if frame["legal"])
    assert labels_in("fr", french_frame) != labels_in("en", french_frame)
    ann_lines, bob_lines = public_lines(ann), public_lines(bob)
    shared = sorted(set(ann_lines) & set(bob_lines))
    assert shared
    for place in shared:
        assert ann_lines[place] != bob_lines[place]


def public_lines(client: SeatClient) -> dict[tuple[int, str], str]:
    """The log lines a client received, by the event's place and kind."""
    return {
        (event["seq"], event["kind"]): event["text"]
        for frame in client.updates
        for event in frame["events"]
        if "text" in event and event.get("audience") is None
    }


def test_a_replay_is_told_in_the_language_its_request_asks_for(sqlite_server: LiveServer) -> None:
    """Given a finished vault game between two bots, when a French reader asks for its replay,
    then the moves are labelled in French and a step's log lines are French too."""
    table = set_up_table(
        sqlite_server.http, bots=["random", "random"], game="vault", settings={"bot_delay": 0}
    )
    wait_for_status(sqlite_server.http, table.id, "finished")
    base = f"{sqlite_server.http}/api/tables/{table.id}/replay"
    french_reader = {"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.5"}
    told = httpx.get(base, headers=french_reader, timeout=30).json()
    english = httpx.get(base, timeout=30).json()
    assert len(told["actions"]) == len(english["actions"]) > 0
    words_fr = game_text(VAULT, translator("fr"))
    labels = [a["label"] for a in told["actions"]]
    assert labels != [a["label"] for a in english["actions"]]
    # The same moves, worded as the game words them for a French reader.
    shown_in_play = {words_fr.action(action) for action in every_vault_action()}
    assert set(labels) <= shown_in_play
    step = httpx.get(f"{base}/1", headers=french_reader, timeout=30).json()
    english_step = httpx.get(f"{base}/1", timeout=30).json()
    lines = [e["text"] for e in step["events"] if "text" in e]
    english_lines = [e["text"] for e in english_step["events"] if "text" in e]
    assert lines and english_lines and lines != english_lines


def test_spyworld_assets_speak_each_readers_language(sqlite_server: LiveServer) -> None:
    """Given a SpyWorld table read in French by one seat and in German by the other, then each
    full frame's assets carry the missions' requirements, the score sheet's reasons and the
    rank table in the reader's language (made once per language), and a replay's assets in
    the language its request asks for."""
    spyworld = get_game("spyworld")
    table = set_up_table(sqlite_server.http, "Ann", "Bob", game="spyworld")

    async def run() -> tuple[dict[str, Any], dict[str, Any]]:
        ann = await seated(sqlite_server.ws, table.id, table.tokens[0], "fr")
        bob = await seated(sqlite_server.ws, table.id, table.tokens[1], "de")
        try:
            return ann.last, bob.last
        finally:
            await ann.close()
            await bob.close()

    ann, bob = asyncio.run(run())
    for frame, lang in ((ann, "fr"), (bob, "de")):
        expected = spyworld.view_assets(2, {}, translator(lang))  # type: ignore[attr-defined]
        assert frame["assets"]["rank_table"] == expected["rank_table"]
        assert frame["assets"]["final_parts"] == expected["final_parts"]
        assert frame["assets"]["missions"] == expected["missions"]
    assert ann["assets"]["rank_table"] != bob["assets"]["rank_table"]
    # The offers come as messages the page fills in, in the same shape for every reader.
    assert ann["observation"]["faceup"][0]["offer_message"][0]


def test_a_spyworld_replay_has_its_assets_in_the_readers_language(
    sqlite_server: LiveServer,
) -> None:
    table = set_up_table(
        sqlite_server.http, bots=["random", "random"], game="spyworld", settings={"bot_delay": 0}
    )
    wait_for_status(sqlite_server.http, table.id, "finished")
    base = f"{sqlite_server.http}/api/tables/{table.id}/replay"
    italian = httpx.get(base, headers={"Accept-Language": "it"}, timeout=60).json()
    expected = get_game("spyworld").view_assets(2, {}, translator("it"))  # type: ignore[attr-defined]
    assert italian["assets"]["rank_table"] == expected["rank_table"]
