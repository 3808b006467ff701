"""The HTTP and WebSocket application: lobby API, table sockets, replays, the web client."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

import orjson
from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from ..core import ActionFormatError, IllegalAction, InvalidOptions, TopSecretError
from ..core.errors import N_
from ..games import get_game
from ..i18n import ENGLISH, Translator, filled_message, game_text, message_text
from . import collector
from .cluster import CallFailed, Cluster
from .db import Store
from .limits import (
    BodyLimit,
    ChatLimiter,
    ConnectionCounter,
    Limits,
    QuotaError,
    client_address,
    reader,
)
from .lobby import (
    MAX_PAGE,
    HostOnly,
    Lobby,
    RulesRefused,
    describe_games,
    stored_info,
)
from .messages import (
    CLIENT_MESSAGE,
    ActMessage,
    ChatMessage,
    ClientMessage,
    CloseTable,
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
from .tables import (
    CLOSE_TABLE_CLOSED,
    DAMAGED,
    Connection,
    InvalidRequest,
    StorageError,
    TableError,
    error_frame,
    event_json,
    stored_reason,
    view_assets,
)

log = logging.getLogger("topsecret.server")

WEB_ROOT = Path(str(resources.files("topsecret") / "web"))
#: WebSocket close codes the server uses besides the standard ones.
CLOSE_REFUSED = 4400
CLOSE_NO_TABLE = 4404
CLOSE_IDLE = 4408
CLOSE_TOO_MANY = 4429
#: The table's process did not answer (another process is taking it over): try again.
CLOSE_TRY_AGAIN = 1013


def create_app(
    store: Store,
    limits: Limits | None = None,
    cluster: Cluster | None = None,
    *,
    tune_collector: bool = False,
) -> FastAPI:
    """The server for one store; migrations run and unfinished tables resume at startup.

    With a :class:`Cluster` (``--redis``) the process shares the database with others: it
    serves the tables it holds a lease on and relays sockets and requests for the rest.
    ``tune_collector`` (a server process of its own, as :func:`.run` makes) runs Python's cycle
    collector the server's way once started up: see :mod:`.collector`.
    """
    limits = limits or Limits()
    lobby = Lobby(store, limits, cluster)
    chat_limiter = ChatLimiter(limits)

    async def handle_message(runtime: Any, conn: Connection, message: Any) -> None:
        await _handle(runtime, conn, message, chat_limiter)

    lobby.handle_message = handle_message
    # Several processes count one client's sockets together (through Redis).
    sockets = cluster.connection_counter(limits) if cluster else ConnectionCounter(limits)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store.take_ownership(shared=cluster is not None)
        store.migrate()
        if cluster is None:
            resumed = lobby.resume()
            if resumed:
                log.info("resumed %d unfinished table(s)", resumed)
        else:
            await cluster.start(lobby.on_call)  # tables are taken as their leases are free
        lobby.start_tasks()
        if tune_collector:
            collector.tune()
        yield
        await lobby.shutdown()
        # A clean stop leaves everything in the database file itself, not in its WAL.
        try:
            store.checkpoint()
        except Exception:
            log.exception("the WAL checkpoint at shutdown failed")
        store.release_ownership()

    app = FastAPI(title="Top Secret", lifespan=lifespan, docs_url="/api/docs")
    app.state.lobby = lobby
    app.state.limits = limits
    app.add_middleware(BodyLimit, limit=limits.max_body)

    # Error bodies are in the reader's language (``lang`` parameter, else Accept-Language):
    # ``detail`` is the message, ``template`` its English before values are filled in.
    @app.exception_handler(TableError)
    async def _table_error(request: Request, exc: TableError) -> JSONResponse:
        return JSONResponse(error_body(exc, reader(request.scope)), status_code=409)

    @app.exception_handler(InvalidRequest)
    async def _invalid_request(request: Request, exc: InvalidRequest) -> JSONResponse:
        return JSONResponse(error_body(exc, reader(request.scope)), status_code=422)

    @app.exception_handler(StorageError)
    async def _storage(request: Request, exc: StorageError) -> JSONResponse:
        return JSONResponse(
            error_body(exc, reader(request.scope)), status_code=503, headers={"Retry-After": "1"}
        )

    @app.exception_handler(HostOnly)
    async def _host_only(request: Request, exc: HostOnly) -> JSONResponse:
        return JSONResponse(error_body(exc, reader(request.scope)), status_code=403)

    @app.exception_handler(QuotaError)
    async def _quota(request: Request, exc: QuotaError) -> JSONResponse:
        return JSONResponse(
            error_body(exc, reader(request.scope)),
            status_code=429,
            headers={"Retry-After": str(max(1, math.ceil(exc.retry_after)))},
        )

    @app.exception_handler(Relayed)
    async def _relayed(_request: Request, exc: Relayed) -> JSONResponse:
        # Written in the reader's language by the process that serves the table.
        failed = exc.failed
        body: dict[str, Any] = {"detail": str(failed)}
        if failed.template is not None:
            body["template"] = failed.template
        retry = failed.retry_after
        headers = {"Retry-After": str(max(1, math.ceil(retry)))} if retry else None
        return JSONResponse(body, status_code=failed.status, headers=headers)

    @app.exception_handler(Refusal)
    async def _refusal(request: Request, exc: Refusal) -> JSONResponse:
        return JSONResponse(error_body(exc, reader(request.scope)), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # Where and why, never the input itself: echoing it back multiplied large bodies and
        # failed to encode NaN or lone surrogates.
        summary = validation_summary(exc.errors(), reader(request.scope))
        return JSONResponse({"detail": summary}, status_code=422)

    # -- lobby ------------------------------------------------------------------------

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return describe_games()

    @app.get("/api/health")
    async def health() -> JSONResponse:
        """For a load balancer: 200 while this process serves, with the live tables it holds;
        503 while, with --redis, it cannot tell whether its leases are still its own (it
        stores nothing then), so requests go to another process."""
        live = sum(1 for runtime in lobby.tables.values() if runtime.live)
        if cluster is not None and not cluster.leases_current():
            return JSONResponse(
                {"status": "out of touch", "tables": live},
                status_code=503,
                headers={"Retry-After": "1"},
            )
        return JSONResponse({"status": "ok", "tables": live})

    @app.get("/api/tables")
    async def tables(
        status: Literal["open", "playing", "finished", "damaged"] | None = None,
        game: Annotated[str | None, Query(max_length=32)] = None,
        players: Annotated[int | None, Query(ge=1, le=16)] = None,
        limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 20,
        offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    ) -> dict[str, Any]:
        return await lobby.listing(status, game, players, limit, offset)

    @app.post("/api/tables")
    async def create(request: CreateTable, http: Request) -> dict[str, Any]:
        created = await lobby.create(request, client_address(http.scope))
        runtime, seat, token, host, invite = created
        return {
            "table": runtime.info().model_dump(),
            "seat": seat,
            "token": token,
            "host_token": host,
            "invite": invite,
        }

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, http: Request) -> dict[str, Any]:
        return await _perform(table_id, "info", {}, http)

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: JoinTable, http: Request) -> SeatTicket:
        args = {"request": request.model_dump()}
        return SeatTicket.model_validate(await _perform(table_id, "join", args, http))

    @app.post("/api/tables/{table_id}/close")
    async def close(table_id: str, request: CloseTable, http: Request) -> dict[str, Any]:
        return await _perform(table_id, "close", {"token": request.token}, http)

    async def _perform(
        table_id: str, op: str, args: dict[str, Any], http: Request
    ) -> dict[str, Any]:
        """A table request, done here or by the process that serves the table."""
        try:
            where = await lobby.locate(table_id) if _plausible_id(table_id) else None
        except RulesRefused as exc:
            if op == "info":  # what storage holds: the seats, the status, the scores
                return stored_info(exc.data).model_dump()
            raise
        if where is None:
            raise _no_table(table_id)
        client = client_address(http.scope)
        if isinstance(where, str):
            assert cluster is not None
            try:
                return await cluster.call(
                    where,
                    "perform",
                    table=table_id,
                    request=op,
                    args=args,
                    client=client,
                    lang=reader(http.scope).lang,
                )
            except CallFailed as exc:
                raise Relayed(exc) from None
        return await lobby.perform(where, op, args, client)

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: LeaveTable, http: Request) -> SeatTicket:
        """A finished table's player asks for a rematch (``Lobby.rematch``): the same game,
        options, settings, people and bots, or only the tied seats when the game's rules
        have tied players play again; set up once, stored, and found again after a restart."""
        where = await lobby.locate(table_id) if _plausible_id(table_id) else None
        if where is None:
            raise _no_table(table_id)
        if isinstance(where, str):
            # The process that served the game holds its lease a moment after the end;
            # storage settles which rematch is played, so any process may set it up.
            where = await lobby.finished_table(table_id)
            if where is None:
                raise TableError.of(N_("the game is not over yet"))
        ticket = await lobby.rematch(where, request.token, client_address(http.scope))
        return SeatTicket.model_validate(ticket)

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: LeaveTable, http: Request) -> dict[str, Any]:
        return await _perform(table_id, "leave", {"token": request.token}, http)

    # -- replays of finished games ----------------------------------------------------

    # Plain functions: FastAPI runs them in its thread pool, so their reads and replays
    # stay off the event loop.
    @app.get("/api/tables/{table_id}/replay")
    def replay_log(table_id: str, http: Request) -> dict[str, Any]:
        data, rows = _finished(store, table_id)
        game = get_game(data.game)
        codec = game.codec(data.players)
        tr = reader(http.scope)
        words = game_text(game, tr)
        actions = []
        with _quarantined_on_failure(store, table_id):
            for row in rows:
                label = (
                    words.action(codec.from_json(row.action))
                    if row.action is not None
                    else tr.gettext(N_("time passes"))
                )
                actions.append({"seq": row.seq, "seat": row.seat, "label": label, "time": row.time})
        return {
            "id": data.id,
            "game": data.game,
            "title": game.title,
            "players": data.players,
            "names": [s.name for s in data.seats],
            "bots": [s.bot for s in data.seats],
            "scores": data.scores,
            "actions": actions,
            "assets": _replay_assets(game, data.players, data.options, tr),
            # Table talk is part of the table's story: the replay shows it.
            "chat": store.load_chat(table_id),
        }

    @app.get("/api/tables/{table_id}/replay/{step}")
    def replay_step(
        table_id: str, step: int, http: Request, seat: int | None = None
    ) -> dict[str, Any]:
        data, rows = _finished(store, table_id)
        if not 0 <= step <= len(rows):
            raise Refusal.of(N_("this game has steps 0..{last}"), last=len(rows)).answered(404)
        if seat is not None and not 0 <= seat < data.players:
            # ``seat`` counts from 0, as the replay log does; a player's text, from 1. A seat
            # the table does not have is content it cannot take (422), as at /join.
            raise Refusal.of(N_("there is no seat {seat}"), seat=seat + 1).answered(422)
        game = get_game(data.game)
        codec = game.codec(data.players)
        try:
            state = game.new_state(data.players, data.options, data.seed)
        except InvalidOptions as exc:
            # Made under rules this version cannot replay (rules_versions.toml, `refused`):
            # the log and the stored scores stand, only positions cannot be rebuilt. The
            # table is not damaged, so it is not quarantined.
            raise Refusal(str(exc)).with_message_of(exc).answered(410) from None
        words = game_text(game, reader(http.scope))
        events: list[dict[str, Any]] = []
        with _quarantined_on_failure(store, table_id):
            for row in rows[:step]:
                happened = []
                if row.time is not None:
                    happened += state.advance_time(row.time)
                if row.action is not None:
                    happened += state.apply(row.seat, codec.from_json(row.action))
                events = [event_json(game, e, seat, words) for e in happened if e.visible_to(seat)]
        return {
            "step": step,
            "seat": seat,
            "observation": state.observation(seat),
            "events": events,
            "over": state.is_over(),
            "scores": state.scores() if state.is_over() else None,
            "winners": state.winners() if state.is_over() else None,
        }

    # -- live tables ------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        client = client_address(websocket.scope)
        tr = reader(websocket.scope)
        if not await sockets.enter(client):
            too_many = TableError.of(
                N_(
                    "too many connections from your address (at most {most}): close other "
                    "tabs first"
                ),
                most=limits.connections_per_client,
            )
            await _refuse(websocket, too_many, CLOSE_TOO_MANY, tr)
            return
        try:
            await _serve_socket(websocket, table_id, tr)
        finally:
            sockets.closed(client)

    async def _serve_socket(websocket: WebSocket, table_id: str, tr: Translator) -> None:
        try:
            where = await lobby.locate(table_id) if _plausible_id(table_id) else None
        except RulesRefused as exc:
            await _refuse(websocket, exc, CLOSE_TABLE_CLOSED, tr)
            return
        if where is None:
            await _refuse(websocket, _no_table(table_id), CLOSE_NO_TABLE, tr)
            return
        if isinstance(where, str):
            await _relay_socket(websocket, table_id, where, tr)
            return
        runtime = where
        if runtime.status == "damaged":
            damaged = TableError.of(
                N_("this table is {reason}"), reason=stored_reason(runtime.closed_reason or "")
            )
            await _refuse(websocket, damaged, CLOSE_TABLE_CLOSED, tr)
            return
        try:
            text = await asyncio.wait_for(websocket.receive_text(), limits.hello_seconds)
            hello = CLIENT_MESSAGE.validate_json(text)
            if not isinstance(hello, HelloMessage):
                raise _say_hello()
            seat = runtime.authenticate(hello.token)
        except TimeoutError:
            await _refuse(websocket, _say_hello(), CLOSE_REFUSED, tr)
            return
        except (ValidationError, TableError, WebSocketDisconnect, KeyError) as exc:
            await _refuse(websocket, _socket_error(exc), CLOSE_REFUSED, tr)
            return
        conn = Connection(seat, tr=tr)
        async with runtime.lock:
            crowded = runtime.crowded(seat, limits)
            if crowded is None:
                await runtime.attach(conn)
        if crowded is not None:
            await _refuse(websocket, crowded, CLOSE_TOO_MANY, tr)
            return
        writer = asyncio.create_task(_write(websocket, conn))

        async def handle(_text: str, message: ClientMessage) -> None:
            await handle_message(runtime, conn, message)

        try:
            await _read_messages(websocket, conn, handle)
        except (WebSocketDisconnect, RuntimeError, KeyError):
            # The client went away, or the server closed this socket (shutdown, too slow);
            # KeyError: a binary frame where text was expected.
            pass
        finally:
            async with runtime.lock:
                runtime.detach(conn)
            writer.cancel()

    async def _read_messages(
        websocket: WebSocket,
        conn: Connection,
        deliver: Callable[[str, ClientMessage], Awaitable[None]],
    ) -> None:
        """A socket's messages, bounded and validated, each delivered in turn, until the
        socket stays silent too long (closed with a reason, which ends the read with
        ``WebSocketDisconnect``) or goes away (raises)."""
        loop = asyncio.get_running_loop()
        heard = loop.time()
        timer: asyncio.TimerHandle

        def check_silence() -> None:
            # One timer per socket, moved on only when it fires: a timeout scope around
            # every read armed and cancelled a timer for each message.
            nonlocal timer
            silent = loop.time() - heard
            if silent < limits.idle_seconds:
                timer = loop.call_later(limits.idle_seconds - silent, check_silence)
                return
            idle = TableError.of(
                N_("closed after {seconds} s without a message"),
                seconds=f"{limits.idle_seconds:g}",
            )
            conn.push(error_frame(idle, tr=conn.tr))
            conn.close(CLOSE_IDLE)

        timer = loop.call_later(limits.idle_seconds, check_silence)
        try:
            while True:
                text = await websocket.receive_text()
                heard = loop.time()
                if len(text) > limits.max_frame:
                    conn.push(error_frame(TableError.of(N_("message too large")), tr=conn.tr))
                    continue
                try:
                    message = CLIENT_MESSAGE.validate_json(text)
                except ValidationError as exc:
                    conn.push(error_frame(_socket_error(exc), ref=given_ref(text), tr=conn.tr))
                    continue
                await deliver(text, message)
        finally:
            timer.cancel()

    async def _relay_socket(websocket: WebSocket, table_id: str, node: str, tr: Translator) -> None:
        """A socket for a table another process serves: messages go to it, frames come back
        (through Redis); the same checks as a local socket are made here first."""
        assert cluster is not None
        try:
            text = await asyncio.wait_for(websocket.receive_text(), limits.hello_seconds)
            hello = CLIENT_MESSAGE.validate_json(text)
            if not isinstance(hello, HelloMessage):
                raise _say_hello()
        except TimeoutError:
            await _refuse(websocket, _say_hello(), CLOSE_REFUSED, tr)
            return
        except (ValidationError, TableError, WebSocketDisconnect, KeyError) as exc:
            await _refuse(websocket, _socket_error(exc), CLOSE_REFUSED, tr)
            return
        conn_id = secrets.token_hex(8)
        conn = Connection(None, tr=tr)
        cluster.relayed[conn_id] = (conn, table_id, node)
        try:
            # The owner writes this socket's frames, in its reader's language.
            reply = await cluster.call(
                node, "attach", table=table_id, conn=conn_id, token=hello.token, lang=tr.lang
            )
        except CallFailed as exc:
            cluster.relayed.pop(conn_id, None)
            code = {429: CLOSE_TOO_MANY, 503: CLOSE_TRY_AGAIN}.get(exc.status, CLOSE_REFUSED)
            await _refuse(websocket, str(exc), code, tr, template=exc.template)
            return
        conn.seat = reply["seat"]
        writer = asyncio.create_task(_write(websocket, conn))

        async def relay(text: str, _message: ClientMessage) -> None:
            assert cluster is not None
            cluster.send(node, {"t": "msg", "conn": conn_id, "text": text})

        try:
            await _read_messages(websocket, conn, relay)
        except (WebSocketDisconnect, RuntimeError, KeyError):
            pass
        finally:
            if cluster.relayed.pop(conn_id, None) is not None:
                cluster.send(
                    node,
                    {"t": "call", "op": "detach", "id": "", "from": cluster.node, "conn": conn_id},
                )
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


#: Why Pydantic refused a value, by its error type, as catalogue messages; the names in
#: braces are the values of the error's context. A type not listed keeps Pydantic's English.
VALIDATION_REASONS: dict[str, str] = {
    "missing": N_("this field is required"),
    "extra_forbidden": N_("this field is not allowed"),
    "string_type": N_("must be text"),
    "int_type": N_("must be a whole number"),
    "int_parsing": N_("must be a whole number"),
    "int_from_float": N_("must be a whole number"),
    "float_type": N_("must be a number"),
    "float_parsing": N_("must be a number"),
    "finite_number": N_("must be a finite number"),
    "bool_type": N_("must be true or false"),
    "bool_parsing": N_("must be true or false"),
    "dict_type": N_("must be an object"),
    "model_type": N_("must be an object"),
    "model_attributes_type": N_("must be an object"),
    "list_type": N_("must be a list"),
    "string_too_long": N_("must be at most {max_length} characters"),
    "string_too_short": N_("must be at least {min_length} characters"),
    "too_long": N_("must have at most {max_length} items"),
    "too_short": N_("must have at least {min_length} items"),
    "greater_than_equal": N_("must be at least {ge}"),
    "less_than_equal": N_("must be at most {le}"),
    "greater_than": N_("must be more than {gt}"),
    "less_than": N_("must be less than {lt}"),
    "literal_error": N_("must be one of: {expected}"),
    "union_tag_invalid": N_("unknown {discriminator} {tag}; expected one of: {expected_tags}"),
    "union_tag_not_found": N_("a message needs its {discriminator}"),
    "json_invalid": N_("not valid JSON"),
}


def validation_reason(error: Mapping[str, Any]) -> tuple[str, dict[str, object]]:
    """Why Pydantic refused a value, as a message each reader gets in their language (its
    context's values as they are, a list's "or" made a comma); Pydantic's own English for a
    kind of error not in :data:`VALIDATION_REASONS`."""
    template = VALIDATION_REASONS.get(str(error.get("type", "")))
    context = error.get("ctx") or {}
    params: dict[str, object] = {
        key: re.sub(r"\s+or\s+", ", ", str(_printable(value, 200)))
        for key, value in context.items()
    }
    if template is not None:
        try:
            template.format(**params)
        except (KeyError, IndexError):
            template = None
    if template is None:
        return (str(_printable(error.get("msg", ""), 200)), {})
    return (template, {key: params[key] for key in params if "{" + key + "}" in template})


def validation_summary(errors: Any, tr: Translator | None = None) -> list[dict[str, Any]]:
    """Pydantic's errors reduced to where and why, never the input, each part short; ``msg``
    is in ``tr``'s language (English without one), ``type`` is Pydantic's for programs."""
    out = []
    for error in list(errors)[:10]:
        reason = validation_reason(error)
        out.append(
            {
                "loc": [_printable(part, 64) for part in error.get("loc", ())][:8],
                "msg": filled_message(reason, tr or ENGLISH),
                "type": _printable(error.get("type", ""), 64),
            }
        )
    return out


def _printable(value: Any, limit: int) -> str | int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value)[:limit]
    return text.encode("utf-8", "replace").decode("utf-8")


def error_body(exc: TopSecretError, tr: Translator) -> dict[str, Any]:
    """An HTTP error's body: ``detail`` in the reader's language, and ``template``, the
    English message before its values are filled in, for programs, when it has one."""
    body: dict[str, Any] = {"detail": message_text(exc, tr)}
    if exc.template is not None:
        body["template"] = exc.template
    return body


class Refusal(TopSecretError):
    """An HTTP request refused with ``status``, in the reader's language."""

    status = 400

    def answered(self, status: int) -> Refusal:
        self.status = status
        return self


class Relayed(Exception):
    """A table request that the table's process refused (its answer, passed on)."""

    def __init__(self, failed: CallFailed) -> None:
        super().__init__(str(failed))
        self.failed = failed


def _no_table(table_id: str) -> Refusal:
    return Refusal.of(N_("no table {table}"), table=repr(table_id[:32])).answered(404)


def _say_hello() -> TableError:
    return TableError.of(N_("say hello first"))


def given_ref(text: str) -> int | None:
    """The ``ref`` a refused message carried, when it was a whole number: the error frame
    answers with it, so a client matches the refusal to its message even when another field
    was wrong."""
    try:
        message = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    ref = message.get("ref") if isinstance(message, dict) else None
    return ref if isinstance(ref, int) and not isinstance(ref, bool) else None


def _socket_error(exc: Exception) -> TopSecretError:
    """Why a socket's message was refused, Pydantic's reason in the reader's language."""
    if isinstance(exc, TopSecretError):
        return exc
    if isinstance(exc, ValidationError):
        errors = exc.errors()
        if not errors:
            return TableError.of(N_("bad message: {reason}"), reason=(N_("invalid"), {}))
        first = errors[0]
        reason = validation_reason(first)
        where = ".".join(str(_printable(p, 64)) for p in first.get("loc", ())[:8])
        if where:
            return TableError.of(N_("bad message: {reason} ({where})"), reason=reason, where=where)
        return TableError.of(N_("bad message: {reason}"), reason=reason)
    if isinstance(exc, KeyError):
        return TableError.of(N_("send text frames with JSON messages"))
    if isinstance(exc, WebSocketDisconnect):
        return TableError.of(N_("the connection closed"))
    return TableError(str(exc) or type(exc).__name__)


def _plausible_id(table_id: str) -> bool:
    return 0 < len(table_id) <= 32


async def _refuse(
    websocket: WebSocket,
    why: TopSecretError | str,
    code: int,
    tr: Translator,
    template: str | None = None,
) -> None:
    """Tell a socket why it is refused, in its language, then close it with ``code``. A
    text is a reason written already (by the process that holds the table), with the
    ``template`` it was written from."""
    if isinstance(why, str):
        frame = ErrorFrame(message=why, template=template).model_dump_json()
    else:
        frame = error_frame(why, tr=tr)
    with contextlib.suppress(Exception):
        await websocket.send_text(frame)
        await websocket.close(code=code)


async def _handle(runtime: Any, conn: Connection, message: Any, chat_limiter: ChatLimiter) -> None:
    if isinstance(message, PingMessage):
        conn.push(PongFrame().model_dump_json())
    elif isinstance(message, ActMessage):
        if conn.seat is None:
            refused = TableError.of(N_("spectators cannot act"))
            conn.push(error_frame(refused, message.ref, conn.tr))
            return
        try:
            # The update this action causes carries ``ref`` on this connection: that frame
            # is the acknowledgement (one frame fewer per action than a separate ack).
            await runtime.submit(conn.seat, message.action, message.seq, reply=(conn, message.ref))
        except (IllegalAction, ActionFormatError, TopSecretError) as exc:
            conn.push(error_frame(exc, message.ref, conn.tr))
    elif isinstance(message, LeaveMessage):
        if conn.seat is not None:
            try:
                async with runtime.lock:
                    await runtime.leave(conn.seat)
            except TopSecretError as exc:
                conn.push(error_frame(exc, tr=conn.tr))
    elif isinstance(message, ChatMessage):
        if conn.seat is None:
            conn.push(error_frame(TableError.of(N_("spectators cannot chat")), tr=conn.tr))
            return
        try:
            # The length and rate of table talk are the server's Limits (chat_*).
            chat_limiter.check(runtime.id, conn.seat, message.text)
            async with runtime.lock:
                await runtime.say(conn.seat, message.text)
            chat_limiter.said(runtime.id, conn.seat)
        except TopSecretError as exc:
            conn.push(error_frame(exc, tr=conn.tr))
    elif isinstance(message, HelloMessage):
        conn.push(error_frame(TableError.of(N_("already greeted")), tr=conn.tr))


async def _write(websocket: WebSocket, conn: Connection) -> None:
    try:
        while True:
            frame = await conn.queue.get()
            if frame is None:
                await websocket.close(code=conn.close_code)
                return
            await websocket.send_text(frame)
    except Exception:
        # The socket went away; the reader side notices and detaches.
        conn.closed = True


def _replay_assets(
    game: Any, players: int, options: dict[str, Any], tr: Translator
) -> dict[str, Any] | None:
    """A finished table's pictures, their sentences in the reader's language; none for rules
    this version cannot replay (the moves and scores are still listed)."""
    try:
        return view_assets(game, players, options, tr)
    except InvalidOptions:
        return None


@contextlib.contextmanager
def _quarantined_on_failure(store: Store, table_id: str) -> Iterator[None]:
    """A finished game whose log cannot be replayed is marked damaged, once (410 after)."""
    try:
        yield
    except Exception as exc:
        reason = DAMAGED.format(error=f"{type(exc).__name__}: {exc}")[:200]
        log.error("table %s quarantined: %s", table_id, reason)
        with contextlib.suppress(Exception):
            store.mark_damaged(table_id, reason)
        raise Refusal.of(N_("this table is {reason}"), reason=stored_reason(reason)).answered(
            410
        ) from None


def _finished(store: Store, table_id: str) -> tuple[Any, Any]:
    data = store.load_table(table_id) if _plausible_id(table_id) else None
    if data is None:
        raise _no_table(table_id)
    if data.status == "damaged":
        reason = stored_reason(data.closed_reason or "")
        raise Refusal.of(N_("this table is {reason}"), reason=reason).answered(410)
    if data.status != "finished":
        raise Refusal.of(N_("replays open when the game is over")).answered(409)
    return data, store.load_log(table_id)
