"""Every message the server reads or writes, as Pydantic models with size limits."""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Any, Literal

import orjson
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    field_validator,
    model_validator,
)

#: Largest WebSocket text frame a client may send, in bytes.
MAX_CLIENT_FRAME = 16_384
#: Largest action object, once encoded as JSON.
MAX_ACTION_JSON = 4_096
#: Longest display name, in characters (after surrounding spaces are removed).
MAX_NAME = 40
#: Longest chat line, in characters.
MAX_CHAT = 300
MAX_TOKEN = 128


def _encodable(text: str) -> str:
    """Refuse text that cannot be stored or sent as UTF-8 (a lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text must be valid Unicode") from None
    return text


def _display(text: str) -> str:
    """A name or chat line: valid Unicode, no control characters, not blank."""
    text = _encodable(text).strip()
    if not text:
        raise ValueError("must not be blank")
    if any(_control(ch) for ch in text):
        raise ValueError("must not contain control characters")
    return text


def _control(ch: str) -> bool:
    """Control, private-use and format characters (bidi overrides...), except the joiners
    that emoji sequences need."""
    category = unicodedata.category(ch)
    return category in ("Cc", "Co", "Cs") or (category == "Cf" and ch not in "\u200c\u200d")


Short64 = Annotated[str, Field(max_length=64), AfterValidator(_encodable)]
Token = Annotated[str, Field(min_length=1, max_length=MAX_TOKEN), AfterValidator(_encodable)]
OptionValue = bool | int | Annotated[str, Field(max_length=200), AfterValidator(_encodable)]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME), AfterValidator(_display)]
ChatText = Annotated[str, Field(min_length=1, max_length=MAX_CHAT), AfterValidator(_display)]
BotName = Short64


class Strict(BaseModel):
    """A request body or client message: unknown fields, NaN and infinities are refused."""

    # NaN and infinities are refused too: no field of the protocol takes them.
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class TableSettings(Strict):
    """How the server runs a table (not game rules)."""

    #: Seconds a seat has to decide before its default action is played; 0 means no timer.
    turn_seconds: int = Field(default=0, ge=0, le=3600)
    #: Seconds after a player's last connection closes before a bot takes their seat over.
    away_seconds: float = Field(default=30.0, ge=0, le=3600)
    #: Pause before each bot move, so people can follow the game.
    bot_delay: float = Field(default=0.6, ge=0, le=30)
    #: Bot that plays for a player who left; None picks the game's own bot, else "random".
    takeover_bot: BotName | None = None
    #: Table talk: seated players may chat (a winking table may prefer silence).
    chat: bool = True


class CreateTable(Strict):
    """``POST /api/tables``: a new table of ``game`` for ``players`` seats."""

    game: Annotated[str, Field(min_length=1, max_length=32), AfterValidator(_encodable)]
    players: int = Field(ge=1, le=16)
    options: dict[Short64, OptionValue] = Field(default_factory=dict, max_length=32)
    #: One entry per seat: None for a person, or the name of the bot that plays it.
    seats: list[BotName | None] | None = Field(default=None, max_length=16)
    #: The creator's name; when given, the creator takes the first person seat.
    name: Name | None = None
    settings: TableSettings = Field(default_factory=TableSettings)
    #: A private table is not listed, and its seats are taken only with its invite code.
    private: bool = False


class JoinTable(Strict):
    """``POST /api/tables/{id}/join``: take a person's seat (the first open one by default)."""

    name: Name
    seat: int | None = Field(default=None, ge=0, le=15)
    #: The invite code of a private table (the ``invite`` parameter of its link).
    invite: Token | None = None


class LeaveTable(Strict):
    """``POST /api/tables/{id}/leave``: leave the seat that ``token`` holds (as
    :class:`LeaveMessage`)."""

    token: Token


class CloseTable(Strict):
    """``POST /api/tables/{id}/close``: the host ends a table before it is over."""

    #: The host token the creation returned (the creator's seat token when they took one).
    token: Token


class SeatTicket(Strict):
    """The answer to a creation or a join: the seat taken and the token that holds it."""

    table_id: str
    seat: int
    token: str


class HelloMessage(Strict):
    """The first WebSocket message: the seat's token, or none to watch as a spectator."""

    type: Literal["hello"]
    token: Token | None = None


class ActMessage(Strict):
    """An action of the seat this connection holds."""

    type: Literal["act"]
    action: dict[Short64, Any] = Field(max_length=32)
    #: The ``seq`` of the last update the client had when it acted: required (an action
    #: without it is refused), and one older than the seat's current decision is refused.
    seq: int | None = Field(default=None, ge=0, le=2**31)
    #: Echoed in the acknowledgement or error, so a client knows which action it concerns.
    ref: int | None = Field(default=None, ge=0, le=2**53)

    @field_validator("action")
    @classmethod
    def _small(cls, value: dict[str, Any]) -> dict[str, Any]:
        # The size is that of ``json.dumps`` (spaces after commas and colons), which is at
        # most twice orjson's compact text: an action whose compact text is under half the
        # limit is small enough, known at a tenth of the cost (every action comes through
        # here); the rest are measured as before.
        try:
            compact = len(orjson.dumps(value))
        except (TypeError, orjson.JSONEncodeError):
            compact = MAX_ACTION_JSON  # an integer of more than 64 bits, a lone surrogate
        if 2 * compact <= MAX_ACTION_JSON:
            return value
        if len(json.dumps(value, ensure_ascii=False).encode("utf-8")) > MAX_ACTION_JSON:
            raise ValueError(f"an action may take at most {MAX_ACTION_JSON} bytes")
        return value


class LeaveMessage(Strict):
    """The seat's player leaves: before the start the seat opens again; later a bot plays it
    until they come back with the token."""

    type: Literal["leave"]


class PingMessage(Strict):
    """Keeps the connection alive; answered with a :class:`PongFrame`."""

    type: Literal["ping"]


class ChatMessage(Strict):
    """A line of table talk from a seated player."""

    type: Literal["chat"]
    text: ChatText


ClientMessage = Annotated[
    HelloMessage | ActMessage | LeaveMessage | PingMessage | ChatMessage,
    Field(discriminator="type"),
]
CLIENT_MESSAGE: TypeAdapter[
    HelloMessage | ActMessage | LeaveMessage | PingMessage | ChatMessage
] = TypeAdapter(ClientMessage)


class SeatInfo(BaseModel):
    """One seat of a table as everyone may see it: who sits there and whether they are in."""

    seat: int
    name: str | None
    bot: str | None
    #: A person's seat that nobody has taken yet.
    open: bool
    connected: bool
    #: The player left; a bot plays for them until they return.
    away: bool


class TableInfo(BaseModel):
    """A table as the lobby and every seat see it: game, options, settings and seats."""

    id: str
    game: str
    title: str
    players: int
    status: str
    options: dict[str, Any]
    settings: TableSettings
    seats: list[SeatInfo]
    play_style: str
    created_at: float
    #: Seats only through the invite link; never listed in the lobby.
    private: bool = False
    #: Why a table whose status is "closed" was closed (expired, abandoned, by its host...).
    closed_reason: str | None = None


class LegalAction(BaseModel):
    """One action the seat may take now, as JSON, with its label in the reader's language."""

    action: dict[str, Any]
    label: str


class UpdateFrame(BaseModel):
    """What one seat (or a spectator) sees after each change at the table."""

    type: Literal["update"] = "update"
    seq: int
    #: True for the first frame on a connection: ``events`` is then the whole visible log.
    full: bool
    #: The table's public info: in a ``full`` frame, and whenever it changed since the
    #: previous frame on this connection (a seat, a connection, the status); otherwise
    #: absent, and the info of the previous frame holds.
    table: TableInfo | None = None
    you: int | None
    #: The seat's whole view: in a ``full`` frame, and whenever the server does not know
    #: which view the connection holds. Otherwise the frame carries ``changed`` and
    #: ``removed`` instead, to merge into the view the previous frame left.
    observation: dict[str, Any] | None = None
    #: The top-level keys of the view whose values changed, with their new values.
    changed: dict[str, Any] | None = None
    #: The top-level keys the view no longer has.
    removed: list[str] | None = None
    acting: list[int]
    step: dict[str, Any] | None
    legal: list[LegalAction]
    #: Seconds left to decide, by seat, when the table has a turn timer.
    deadlines: dict[int, float]
    events: list[dict[str, Any]]
    over: bool
    scores: list[float] | None
    winners: list[int] | None
    clock: float | None
    #: Public drawing data from the game's optional ``view_assets`` hook (full frames only).
    assets: dict[str, Any] | None = None
    #: Only in the update an action caused, on the connection that sent it: that message's
    #: ``ref`` (``null`` if it gave none). This frame is the action's acknowledgement.
    ref: int | None = None

    @model_validator(mode="after")
    def _whole_or_changes(self) -> UpdateFrame:
        whole = self.observation is not None
        if whole == (self.changed is not None or self.removed is not None):
            raise ValueError("an update carries either the observation or what changed in it")
        if self.full and not whole:
            raise ValueError("a full update carries the whole observation")
        if self.full and self.table is None:
            raise ValueError("a full update carries the table's info")
        if not whole and (self.changed is None or self.removed is None):
            raise ValueError("an update of what changed carries both changed and removed")
        return self


def merged_view(
    held: dict[str, Any], changed: dict[str, Any], removed: list[str]
) -> dict[str, Any]:
    """The view a client holds after an :class:`UpdateFrame` that carries only what changed:
    ``changed`` replaces whole top-level values, ``removed`` drops keys. A new dict, so that
    the views of earlier frames stay as they were. (The web client merges the same way.)"""
    view = {**held, **changed}
    for key in removed:
        del view[key]
    return view


class ErrorFrame(BaseModel):
    """An error or notice, in the connection's language (the ``lang`` parameter of the
    socket's address, else its ``Accept-Language``)."""

    type: Literal["error"] = "error"
    message: str
    rule: str | None = None
    ref: int | None = None
    #: The English message before its values are filled in, the same in every language
    #: (a stable key for programs); None for a message without one.
    template: str | None = None


class PongFrame(BaseModel):
    """The answer to a :class:`PingMessage`."""

    type: Literal["pong"] = "pong"


class RematchFrame(BaseModel):
    """To a seat of a finished table: its seat at the rematch, with the token that holds it."""

    type: Literal["rematch"] = "rematch"
    table_id: str
    seat: int
    token: str


class ChatLine(BaseModel):
    """One line of table talk: who said it, from which seat, and when."""

    seat: int
    name: str
    text: str
    #: Wall-clock time it was said (seconds since the epoch).
    at: float


class ChatFrame(BaseModel):
    """Table talk: every line so far on a new connection (``full``), then each new line."""

    type: Literal["chat"] = "chat"
    full: bool
    lines: list[ChatLine]
