"""Table talk is bounded by the server's Limits: the length of a line and the lines one seat
may say within a window (docs/server.md, Limits; docs/web.md, Table talk)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from liveserver import LiveServer
from wsclient import seated, set_up_table

from topsecret.server import Limits
from topsecret.server.limits import ChatLimiter, QuotaError
from topsecret.server.messages import MAX_CHAT


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_defaults_are_300_characters_and_5_lines_in_10_seconds() -> None:
    limits = Limits()
    assert (limits.chat_length, limits.chat_lines, limits.chat_window) == (MAX_CHAT, 5, 10.0)
    assert MAX_CHAT == 300


def test_a_seat_says_its_lines_then_waits_for_the_window_to_pass() -> None:
    clock = Clock()
    chat = ChatLimiter(Limits(chat_lines=3, chat_window=10.0), clock)
    for _ in range(3):
        chat.check("t1", 0, "hello")
        chat.said("t1", 0)
        clock.now += 1.0
    with pytest.raises(QuotaError, match="at most 3 lines in 10 seconds") as refused:
        chat.check("t1", 0, "hello")
    assert refused.value.retry_after == pytest.approx(7.0)
    # Other seats and other tables have their own count.
    chat.check("t1", 1, "hello")
    chat.check("t2", 0, "hello")
    clock.now += 7.0  # the first line is 10 s old: one more may be said
    chat.check("t1", 0, "hello")


def test_a_line_longer_than_the_limit_is_refused_and_not_counted() -> None:
    chat = ChatLimiter(Limits(chat_length=5, chat_lines=1), Clock())
    with pytest.raises(QuotaError, match="at most 5 characters"):
        chat.check("t1", 0, "toolong")
    chat.check("t1", 0, "short")


def test_a_live_table_enforces_the_limits_it_was_given(sqlite_url: str) -> None:
    """Given a server allowing 12 characters and 2 lines a minute per seat, when Ann says a
    long line and then three short ones, then the long one and the third are refused with
    the reason, Bob may still talk, and only the accepted lines are kept."""
    limits = Limits(chat_length=12, chat_lines=2, chat_window=60.0)
    with LiveServer(sqlite_url, limits) as server:
        table = set_up_table(server.http, "Ann", "Bob", settings={"bot_delay": 0})
        table_id = table.id

        async def talk() -> list[dict[str, Any]]:
            ann = await seated(server.ws, table_id, table.tokens[0])
            bob = await seated(server.ws, table_id, table.tokens[1])
            replies = []
            for text in ("a line far too long", "hello", "all well", "third"):
                await ann._ws.send(f'{{"type": "chat", "text": "{text}"}}')
                replies.append(await ann.reply())
            await bob._ws.send('{"type": "chat", "text": "hi Ann"}')
            # Bob's socket also carries Ann's two lines; his own comes after them.
            while True:
                heard = await bob.reply()
                if heard["type"] != "chat" or heard["lines"][-1]["text"] == "hi Ann":
                    break
            replies.append(heard)
            await ann.close()
            await bob.close()
            return replies

        replies = asyncio.run(talk())
        kinds = [r["type"] for r in replies]
        assert kinds == ["error", "chat", "chat", "error", "chat"]
        assert "at most 12 characters" in replies[0]["message"]
        assert "slow down: at most 2 lines in 60 seconds" in replies[3]["message"]
        kept = [(line["name"], line["text"]) for line in server.store.load_chat(table_id)]
        assert kept == [("Ann", "hello"), ("Ann", "all well"), ("Bob", "hi Ann")]
