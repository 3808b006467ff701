"""A scripted table client over a real WebSocket, recording every frame it receives."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import httpx
import websockets

from topsecret.server.messages import merged_view

#: Seconds to wait for a frame that is due: a bound on a hang, generous for a busy machine.
FRAME_SECONDS = 30.0


class SeatClient:
    """One browser tab, reduced to its protocol: hello, frames, actions.

    Every update in ``updates`` holds the whole ``observation``: one that carried only what
    changed has it merged into the previous one, as a browser does.
    """

    def __init__(self, ws_base: str, table_id: str, token: str | None) -> None:
        self.url = f"{ws_base}/ws/tables/{table_id}"
        self.token = token
        self.raw: list[str] = []
        self.updates: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self._ws: Any = None
        self._ref = 0

    async def connect(self) -> SeatClient:
        self._ws = await websockets.connect(self.url)
        await self._ws.send(json.dumps({"type": "hello", "token": self.token}))
        return self

    async def close(self) -> None:
        await self._ws.close()

    async def receive(self, timeout: float = FRAME_SECONDS) -> dict[str, Any]:
        text = await asyncio.wait_for(self._ws.recv(), timeout)
        self.raw.append(text)
        frame: dict[str, Any] = json.loads(text)
        if frame["type"] == "update":
            if "observation" not in frame:
                frame["observation"] = merged_view(
                    self.updates[-1]["observation"], frame["changed"], frame["removed"]
                )
            if "table" not in frame:  # unchanged since the last frame, which holds it
                frame["table"] = self.updates[-1]["table"]
            self.updates.append(frame)
        elif frame["type"] == "error":
            self.errors.append(frame)
        return frame

    async def reply(self, timeout: float = FRAME_SECONDS) -> dict[str, Any]:
        """The next frame that is not a table update (an error, a pong)."""
        while True:
            frame = await self.receive(timeout)
            if frame["type"] != "update":
                return frame

    async def update(self, timeout: float = FRAME_SECONDS) -> dict[str, Any]:
        while True:
            frame = await self.receive(timeout)
            if frame["type"] == "update":
                return frame

    async def send_act(self, action: dict[str, Any], seq: int | None = None) -> int:
        """Send an action answering update ``seq`` (default: the last one received)."""
        self._ref += 1
        if seq is None and self.updates:
            seq = self.last["seq"]
        message = {"type": "act", "action": action, "seq": seq, "ref": self._ref}
        await self._ws.send(json.dumps(message))
        return self._ref

    async def answer(self, ref: int) -> dict[str, Any]:
        """Read frames until the answer to action ``ref`` comes back: the update it caused,
        which carries its ``ref`` on this connection, or an error."""
        while True:
            frame = await self.receive()
            if "ref" in frame and frame["ref"] == ref:
                return frame

    async def act(self, action: dict[str, Any], seq: int | None = None) -> dict[str, Any]:
        """Send an action and read frames until its answer comes back (see :meth:`answer`)."""
        return await self.answer(await self.send_act(action, seq))

    @property
    def last(self) -> dict[str, Any]:
        return self.updates[-1]

    async def play_until_over(self, pick: int = 0, timeout: float = 30.0) -> None:
        """Act with a legal action whenever this seat owes one, until the game ends."""

        async def run() -> None:
            if not self.updates:
                await self.update()
            while not self.last["over"]:
                if self.last["legal"]:
                    options = self.last["legal"]
                    reply = await self.act(options[pick % len(options)]["action"])
                    if reply["type"] == "error":
                        raise AssertionError(f"legal action refused: {reply}")
                else:
                    await self.update()

        await asyncio.wait_for(run(), timeout)


def create_table(http_base: str, **body: Any) -> dict[str, Any]:
    response = httpx.post(f"{http_base}/api/tables", json=body, timeout=10)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def join_table(
    http_base: str, table_id: str, name: str, invite: str | None = None
) -> dict[str, Any]:
    body = {"name": name} if invite is None else {"name": name, "invite": invite}
    response = httpx.post(f"{http_base}/api/tables/{table_id}/join", json=body, timeout=10)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


@dataclass(frozen=True)
class Table:
    """A table set up over HTTP: its id, each person's token by seat, the host's token."""

    id: str
    tokens: dict[int, str]
    host_token: str
    invite: str | None
    #: The creation's reply (the table's info as created).
    created: dict[str, Any]

    @property
    def token(self) -> str:
        """The creator's seat token (the first person seat's)."""
        return self.tokens[min(self.tokens)]


def set_up_table(
    http_base: str,
    *names: str,
    bots: Sequence[str] = (),
    players: int | None = None,
    game: str = "fakecards",
    **body: Any,
) -> Table:
    """A table where ``names`` take the first seats in order (the first creates it, the
    others join) and ``bots`` play the last ones; ``players`` leaves seats open between.
    ``body`` is the rest of the creation (options, settings, private)."""
    players = players if players is not None else len(names) + len(bots)
    if bots:
        body["seats"] = [None] * (players - len(bots)) + list(bots)
    if names:
        body["name"] = names[0]
    created = create_table(http_base, game=game, players=players, **body)
    table_id = created["table"]["id"]
    tokens = {created["seat"]: created["token"]} if names else {}
    for name in names[1:]:
        joined = join_table(http_base, table_id, name, created["invite"])
        tokens[joined["seat"]] = joined["token"]
    return Table(table_id, tokens, created["host_token"], created["invite"], created)


async def seated(
    ws_base: str, table_id: str, token: str | None, lang: str | None = None
) -> SeatClient:
    """A client connected to a table that has had its first frame; with ``lang``, its
    address names the reader's language, as the web client's does."""
    client = SeatClient(ws_base, table_id, token)
    if lang is not None:
        client.url += f"?lang={lang}"
    await client.connect()
    await client.update()
    return client


async def seat_held(ws_base: str, table_id: str, token: str) -> int | None:
    """The seat a token holds at a table, as the table's own socket tells it."""
    client = await seated(ws_base, table_id, token)
    await client.close()
    you: int | None = client.last["you"]
    return you


def wait_for_status(http_base: str, table_id: str, status: str, seconds: float = 60) -> None:
    """Wait until a table's info says ``status`` (bots play on their own time)."""
    deadline = time.monotonic() + seconds
    while httpx.get(f"{http_base}/api/tables/{table_id}", timeout=10).json()["status"] != status:
        assert time.monotonic() < deadline, f"table {table_id} is not {status} after {seconds} s"
        time.sleep(0.05)
