"""The HTTP and WebSocket application: lobby API, table sockets, replays, the web client."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from ..core import ActionFormatError, IllegalAction, TopSecretError
from ..games import get_game
from .db import Store
from .lobby import Lobby, describe_games
from .messages import (
    CLIENT_MESSAGE,
    MAX_CLIENT_FRAME,
    AckFrame,
    ActMessage,
    CreateTable,
    ErrorFrame,
    HelloMessage,
    JoinTable,
    LeaveMessage,
    LeaveTable,
    PingMessage,
    PongFrame,
    SeatTicket,
)
from .tables import Connection, TableError, error_frame, event_json

log = logging.getLogger("topsecret.server")

WEB_ROOT = Path(str(resources.files("topsecret") / "web"))
#: Seconds a new socket has to say hello before it is closed.
HELLO_TIMEOUT = 10.0


def create_app(store: Store) -> FastAPI:
    """The server for one store; migrations run and unfinished tables resume at startup."""
    lobby = Lobby(store)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store.migrate()
        resumed = lobby.resume()
        if resumed:
            log.info("resumed %d unfinished table(s)", resumed)
        lobby.start_tasks()
        yield
        lobby.close()

    app = FastAPI(title="Top Secret", lifespan=lifespan, docs_url="/api/docs")
    app.state.lobby = lobby

    @app.exception_handler(TableError)
    async def _table_error(_request: Any, exc: TableError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=409)

    # -- lobby ------------------------------------------------------------------------

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return describe_games()

    @app.get("/api/tables")
    async def tables() -> dict[str, Any]:
        return lobby.listing()

    @app.post("/api/tables")
    async def create(request: CreateTable) -> dict[str, Any]:
        runtime, seat, token = lobby.create(request)
        return {"table": runtime.info().model_dump(), "seat": seat, "token": token}

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str) -> dict[str, Any]:
        runtime = lobby.get(table_id)
        if runtime is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return runtime.info().model_dump()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: JoinTable) -> SeatTicket:
        runtime = lobby.get(table_id)
        if runtime is None:
            raise HTTPException(404, f"no table {table_id!r}")
        async with runtime.lock:
            seat, token = runtime.claim(request.name, request.seat)
        return SeatTicket(table_id=table_id, seat=seat, token=token)

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: LeaveTable) -> dict[str, str]:
        runtime = lobby.get(table_id)
        if runtime is None:
            raise HTTPException(404, f"no table {table_id!r}")
        async with runtime.lock:
            lobby.leave(table_id, request.token)
        return {"status": "left"}

    # -- replays of finished games ----------------------------------------------------

    @app.get("/api/tables/{table_id}/replay")
    async def replay_log(table_id: str) -> dict[str, Any]:
        data, rows = _finished(store, table_id)
        game = get_game(data.game)
        codec = game.codec(data.players)
        actions = []
        for row in rows:
            label = (
                game.describe_action(codec.from_json(row.action))
                if row.action is not None
                else "time passes"
            )
            actions.append({"seq": row.seq, "seat": row.seat, "label": label, "time": row.time})
        return {
            "id": data.id,
            "game": data.game,
            "title": game.title,
            "players": data.players,
            "names": [s.name for s in data.seats],
            "scores": data.scores,
            "actions": actions,
            "assets": _assets(game, data.players, data.options),
        }

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay_step(table_id: str, step: int, seat: int | None = None) -> dict[str, Any]:
        data, rows = _finished(store, table_id)
        if not 0 <= step <= len(rows):
            raise HTTPException(404, f"this game has steps 0..{len(rows)}")
        if seat is not None and not 0 <= seat < data.players:
            raise HTTPException(404, f"there is no seat {seat}")
        game = get_game(data.game)
        codec = game.codec(data.players)
        state = game.new_state(data.players, data.options, data.seed)
        events: list[dict[str, Any]] = []
        for row in rows[:step]:
            happened = []
            if row.time is not None:
                happened += state.advance_time(row.time)
            if row.action is not None:
                happened += state.apply(row.seat, codec.from_json(row.action))
            events = [event_json(game, e, seat) for e in happened if e.visible_to(seat)]
        return {
            "step": step,
            "seat": seat,
            "observation": state.observation(seat),
            "events": events,
            "over": state.is_over(),
            "scores": state.scores() if state.is_over() else None,
        }

    # -- live tables ------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        runtime = lobby.get(table_id)
        if runtime is None:
            await websocket.send_text(
                ErrorFrame(message=f"no table {table_id!r}").model_dump_json()
            )
            await websocket.close(code=4404)
            return
        try:
            text = await asyncio.wait_for(websocket.receive_text(), HELLO_TIMEOUT)
            hello = CLIENT_MESSAGE.validate_json(text)
            if not isinstance(hello, HelloMessage):
                raise TableError("say hello first")
            seat = runtime.authenticate(hello.token)
        except (TimeoutError, ValidationError, TableError, WebSocketDisconnect) as exc:
            with contextlib.suppress(Exception):
                await websocket.send_text(error_frame(exc))
                await websocket.close(code=4400)
            return
        conn = Connection(seat)
        async with runtime.lock:
            runtime.attach(conn)
        writer = asyncio.create_task(_write(websocket, conn))
        try:
            while True:
                text = await websocket.receive_text()
                if len(text) > MAX_CLIENT_FRAME:
                    conn.push(ErrorFrame(message="message too large").model_dump_json())
                    continue
                try:
                    message = CLIENT_MESSAGE.validate_json(text)
                except ValidationError as exc:
                    conn.push(
                        ErrorFrame(
                            message=f"bad message: {exc.errors()[0]['msg']}"
                        ).model_dump_json()
                    )
                    continue
                await _handle(runtime, conn, message)
        except (WebSocketDisconnect, RuntimeError):
            pass  # the client went away, or the server closed this socket (shutdown, too slow)
        finally:
            async with runtime.lock:
                runtime.detach(conn)
            writer.cancel()

    # -- the web client ---------------------------------------------------------------

    app.mount("/static", StaticFiles(directory=WEB_ROOT), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(WEB_ROOT / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB_ROOT / "table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(WEB_ROOT / "replay.html")

    return app


async def _handle(runtime: Any, conn: Connection, message: Any) -> None:
    if isinstance(message, PingMessage):
        conn.push(PongFrame().model_dump_json())
    elif isinstance(message, ActMessage):
        if conn.seat is None:
            conn.push(
                ErrorFrame(message="spectators cannot act", ref=message.ref).model_dump_json()
            )
            return
        try:
            seq = await runtime.submit(conn.seat, message.action, message.seq)
        except (IllegalAction, ActionFormatError, TopSecretError) as exc:
            conn.push(error_frame(exc, message.ref))
        else:
            conn.push(AckFrame(ref=message.ref, seq=seq).model_dump_json())
    elif isinstance(message, LeaveMessage):
        if conn.seat is not None:
            async with runtime.lock:
                runtime.leave(conn.seat)
    elif isinstance(message, HelloMessage):
        conn.push(ErrorFrame(message="already greeted").model_dump_json())


async def _write(websocket: WebSocket, conn: Connection) -> None:
    try:
        while True:
            frame = await conn.queue.get()
            if frame is None:
                await websocket.close()
                return
            await websocket.send_text(frame)
    except Exception:
        # The socket went away; the reader side notices and detaches.
        conn.closed = True


def _assets(game: Any, players: int, options: dict[str, Any]) -> dict[str, Any] | None:
    hook = getattr(game, "view_assets", None)
    return hook(players, dict(options)) if callable(hook) else None


def _finished(store: Store, table_id: str) -> tuple[Any, Any]:
    data = store.load_table(table_id) if len(table_id) <= 32 else None
    if data is None:
        raise HTTPException(404, f"no table {table_id!r}")
    if data.status != "finished":
        raise HTTPException(409, "replays open when the game is over")
    return data, store.load_log(table_id)
