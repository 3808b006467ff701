"""Every message the server reads or writes, as Pydantic models with size limits."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

#: Largest WebSocket text frame a client may send, in bytes.
MAX_CLIENT_FRAME = 16_384
#: Largest action object, once encoded as JSON.
MAX_ACTION_JSON = 4_096
MAX_NAME = 40
MAX_TOKEN = 128

OptionValue = bool | int | Annotated[str, Field(max_length=200)]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TableSettings(Strict):
    """How the server runs a table (not game rules)."""

    #: Seconds a seat has to decide before its default action is played; 0 means no timer.
    turn_seconds: int = Field(default=0, ge=0, le=3600)
    #: Seconds after a player's last connection closes before a bot takes their seat over.
    away_seconds: float = Field(default=30.0, ge=0, le=3600)
    #: Pause before each bot move, so people can follow the game.
    bot_delay: float = Field(default=0.6, ge=0, le=30)
    #: Bot that plays for a player who left; None picks the game's own bot, else "random".
    takeover_bot: Annotated[str, Field(max_length=64)] | None = None


class CreateTable(Strict):
    game: Annotated[str, Field(min_length=1, max_length=32)]
    players: int = Field(ge=1, le=16)
    options: dict[Annotated[str, Field(max_length=64)], OptionValue] = Field(
        default_factory=dict, max_length=32
    )
    #: One entry per seat: None for a person, or the name of the bot that plays it.
    seats: list[Annotated[str, Field(max_length=64)] | None] | None = Field(
        default=None, max_length=16
    )
    #: The creator's name; when given, the creator takes the first person seat.
    name: Name | None = None
    settings: TableSettings = Field(default_factory=TableSettings)


class JoinTable(Strict):
    name: Name
    seat: int | None = Field(default=None, ge=0, le=15)


class LeaveTable(Strict):
    token: Annotated[str, Field(min_length=1, max_length=MAX_TOKEN)]


class SeatTicket(Strict):
    table_id: str
    seat: int
    token: str


class HelloMessage(Strict):
    type: Literal["hello"]
    token: Annotated[str, Field(max_length=MAX_TOKEN)] | None = None


class ActMessage(Strict):
    type: Literal["act"]
    action: dict[Annotated[str, Field(max_length=64)], Any] = Field(max_length=32)
    #: The update the client acted on (informative: legality is checked on the table as is).
    seq: int | None = Field(default=None, ge=0)
    #: Echoed in the acknowledgement or error, so a client knows which action it concerns.
    ref: int | None = Field(default=None, ge=0, le=2**53)

    @field_validator("action")
    @classmethod
    def _small(cls, value: dict[str, Any]) -> dict[str, Any]:
        if len(json.dumps(value)) > MAX_ACTION_JSON:
            raise ValueError(f"an action may take at most {MAX_ACTION_JSON} bytes")
        return value


class LeaveMessage(Strict):
    type: Literal["leave"]


class PingMessage(Strict):
    type: Literal["ping"]


ClientMessage = Annotated[
    HelloMessage | ActMessage | LeaveMessage | PingMessage, Field(discriminator="type")
]
CLIENT_MESSAGE: TypeAdapter[HelloMessage | ActMessage | LeaveMessage | PingMessage] = TypeAdapter(
    ClientMessage
)


class SeatInfo(BaseModel):
    seat: int
    name: str | None
    bot: str | None
    #: A person's seat that nobody has taken yet.
    open: bool
    connected: bool
    #: The player left; a bot plays for them until they return.
    away: bool


class TableInfo(BaseModel):
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


class LegalAction(BaseModel):
    action: dict[str, Any]
    label: str


class UpdateFrame(BaseModel):
    """What one seat (or a spectator) sees after each change at the table."""

    type: Literal["update"] = "update"
    seq: int
    #: True for the first frame on a connection: ``events`` is then the whole visible log.
    full: bool
    table: TableInfo
    you: int | None
    observation: dict[str, Any]
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


class ErrorFrame(BaseModel):
    type: Literal["error"] = "error"
    message: str
    rule: str | None = None
    ref: int | None = None


class AckFrame(BaseModel):
    """Sent to the acting connection only, after the frames its action caused."""

    type: Literal["ack"] = "ack"
    ref: int | None
    seq: int


class PongFrame(BaseModel):
    type: Literal["pong"] = "pong"
