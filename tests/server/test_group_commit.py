"""Work per action under load: actions of many tables arriving together are stored in one
transaction (each caller still waits for its own row), a row the database refuses fails
alone, and frames relayed to one process leave in one Redis message, in order."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from liveserver import NEEDS_POSTGRES, person, store_table
from sqlalchemy.exc import DBAPIError, IntegrityError

from topsecret.server import db
from topsecret.server.cluster import FRAMES, pack, unpack_frames
from topsecret.server.db import LogRow, Store


def stored_table(store: Store, table_id: str) -> None:
    store_table(store, table_id, "fakecards", [person(0, "Ann", "a"), person(1, "Bob", "b")])


def filled_store(url: str) -> Store:
    store = Store(url)
    store.migrate()
    for n in range(10):
        stored_table(store, f"t{n}")
    return store


@pytest.fixture
def store(database_url: str) -> Store:
    """Ten stored tables, on each backend."""
    return filled_store(database_url)


@pytest.fixture
def postgres_store(postgres_url: str) -> Store:
    """Ten stored tables on PostgreSQL, for its own group-commit path."""
    return filled_store(postgres_url)


def test_actions_arriving_together_share_one_transaction(store: Store) -> None:
    async def scenario() -> None:
        # Given ten tables whose players act at once: each waits for its own commit.
        await asyncio.gather(
            *(store.append(f"t{n}", LogRow(1, 0, {"card": n}, None), None) for n in range(10))
        )

    asyncio.run(scenario())
    # Then every row is stored, in fewer transactions than actions: the first goes alone,
    # the nine that queued behind it go together.
    assert [store.count_actions(f"t{n}") for n in range(10)] == [1] * 10
    assert store.grouped_actions == 10 and store.group_commits == 2
    assert store.load_log("t7") == [LogRow(1, 0, {"card": 7}, None)]
    store.close()


def test_a_refused_row_fails_alone_and_the_others_are_stored(store: Store) -> None:
    store.append_action("t3", LogRow(1, 0, {"card": 0}, None))

    async def scenario() -> list[BaseException | None]:
        results = await asyncio.gather(
            *(store.append(f"t{n}", LogRow(1, 1, {"card": n}, None), None) for n in range(10)),
            return_exceptions=True,
        )
        return [r if isinstance(r, BaseException) else None for r in results]

    # When one of the grouped rows takes a place in the log that is already taken...
    errors = asyncio.run(scenario())
    # ...then only its caller hears of it; the rest are committed as usual.
    assert [n for n, e in enumerate(errors) if e is not None] == [3]
    assert isinstance(errors[3], IntegrityError)
    assert [store.count_actions(f"t{n}") for n in range(10)] == [1] * 10
    assert store.load_log("t3") == [LogRow(1, 0, {"card": 0}, None)]
    store.close()


def test_the_end_of_a_game_is_stored_with_its_last_action(store: Store) -> None:
    async def scenario() -> None:
        await asyncio.gather(
            store.append("t0", LogRow(1, 0, {"card": 0}, None), None),
            store.append("t1", LogRow(1, 0, {"card": 1}, None), [1.0, 0.0]),
            store.append("t2", LogRow(1, 0, {"card": 2}, None), None),
        )

    asyncio.run(scenario())
    finished = store.load_table("t1")
    assert finished is not None and finished.status == "finished"
    assert finished.scores == [1.0, 0.0]
    assert [store.load_table(t).status for t in ("t0", "t2")] == ["playing", "playing"]  # type: ignore[union-attr]
    store.close()


def test_rows_read_back_as_they_were_written(store: Store) -> None:
    """The actions go to the database's driver directly; what is read back is what was
    written: a clock tick's row without an action, words in any script, the clock's time."""
    rows = [
        LogRow(1, 0, {"type": "say", "text": "Éloïse ☂ 木"}, None),
        LogRow(2, -1, None, 12.5),
        LogRow(3, 1, {"type": "pick", "cards": [1, 2], "ok": True, "x": None}, 13.25),
    ]
    for row in rows:
        store.append_action("t4", row)
    assert store.load_log("t4") == rows
    store.close()


class TracedCursor:
    """A driver cursor that notes the statements sent through it."""

    def __init__(self, real: Any, sent: list[str]) -> None:
        self.real, self.sent = real, sent

    def execute(self, sql: str, *args: Any) -> Any:
        self.sent.append(sql.split(" (")[0])
        return self.real.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> Any:
        self.sent.append("many: " + sql.split(" (")[0])
        return self.real.executemany(sql, *args)

    def close(self) -> None:
        self.real.close()


def trace_statements(store: Store) -> list[str]:
    """The list the store's group-commit connections record the start of each statement in,
    as they send it."""
    sent: list[str] = []
    engine = store._append_engine
    assert engine is not None
    checkout = engine.raw_connection

    def traced() -> Any:
        connection = checkout()
        real = connection.cursor
        connection.cursor = lambda: TracedCursor(real(), sent)  # type: ignore[method-assign]
        return connection

    engine.raw_connection = traced  # type: ignore[method-assign]
    return sent


@NEEDS_POSTGRES
def test_on_postgresql_a_group_without_an_ended_game_is_one_statement(
    postgres_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One INSERT of every row, committed by itself: one round trip to the database, where
    a ping, the INSERT and a COMMIT took three."""
    store = postgres_store
    sent = trace_statements(store)
    store.append_actions([(f"t{n}", LogRow(1, 0, {"card": n}, None), None) for n in range(3)])
    assert sent == ["INSERT INTO actions"]
    assert [store.count_actions(f"t{n}") for n in range(3)] == [1, 1, 1]
    # With a game that ended, the rows and the table's end are one transaction of several.
    store.append_actions(
        [("t0", LogRow(2, 1, {"card": 9}, None), [1.0, 0.0]), ("t1", LogRow(2, 1, {}, None), None)]
    )
    assert [line.split(" SET")[0] for line in sent[1:]] == [
        "BEGIN",
        "many: INSERT INTO actions",
        "UPDATE game_tables",
    ]
    finished = store.load_table("t0")
    assert finished is not None and finished.scores == [1.0, 0.0]
    # A group larger than one statement may carry is a transaction of several too.
    monkeypatch.setattr(db, "MAX_ROWS_PER_INSERT", 2)
    del sent[:]
    store.append_actions([(f"t{n}", LogRow(3, 0, {"card": n}, None), None) for n in range(3)])
    assert sent == ["BEGIN", "many: INSERT INTO actions"]
    assert [store.count_actions(f"t{n}") for n in range(3)] == [3, 3, 2]
    store.close()


@NEEDS_POSTGRES
def test_on_postgresql_a_large_group_is_one_statement_and_reads_back_as_written(
    postgres_store: Store,
) -> None:
    """Given a group of more rows than an INSERT written out row by row carries (its values
    go as one array a column), when it is stored, then it is one statement all the same, and
    every row reads back exactly as a small group's rows do: JSON with quotes, backslashes,
    braces, commas and any script, a clock tick without an action, the clock's times."""
    store = postgres_store
    sent = trace_statements(store)
    awkward = [
        {"type": "say", "text": 'a "quoted" \\ back\\slash, {brace} [1,2] Éloïse ☂ 木'},
        None,
        {"type": "pick", "cards": [1, 2], "ok": True, "x": None, "": {"nested": [{}]}},
        {"n": 1.5e-7, "big": 12345678901234, "neg": -3},
    ]
    group = [
        (f"t{n}", LogRow(1, n % 3 - 1, awkward[n % 4], 2.5 * n if n % 2 else None), None)
        for n in range(db.MAX_ROWS_WRITTEN_OUT + 2)
    ]
    store.append_actions(group)
    assert sent == ["INSERT INTO actions"]
    small = [
        (f"t{n}", LogRow(2, row.seat, row.action, row.time), None)
        for n, (_, row, _) in enumerate(group[:3])
    ]
    store.append_actions(small)
    for n, (table_id, row, _) in enumerate(group):
        stored = store.load_log(table_id)
        assert stored[0] == row
        if n < 3:
            assert stored[1] == LogRow(2, row.seat, row.action, row.time)
    store.close()


@NEEDS_POSTGRES
def test_on_postgresql_a_dropped_connection_fails_one_write_and_is_not_used_again(
    postgres_store: Store,
) -> None:
    """Group commits take connections without the pool's ping (a round trip each): one the
    database dropped fails the write it was given, as any storage fault does, and is then
    put aside, so the next write succeeds on a new connection."""
    store = postgres_store
    store.append_action("t5", LogRow(1, 0, {"card": 1}, None))
    engine = store._append_engine
    assert engine is not None
    pooled = engine.raw_connection()
    backend = pooled.dbapi_connection.info.backend_pid
    pooled.close()
    with store.engine.begin() as admin:
        admin.exec_driver_sql(f"SELECT pg_terminate_backend({int(backend)})")
    with pytest.raises(DBAPIError):
        store.append_action("t5", LogRow(2, 1, {"card": 2}, None))
    store.append_action("t5", LogRow(2, 1, {"card": 2}, None))
    assert store.load_log("t5") == [
        LogRow(1, 0, {"card": 1}, None),
        LogRow(2, 1, {"card": 2}, None),
    ]
    store.close()


def test_frames_for_one_process_leave_in_one_message_in_order() -> None:
    node_a, node_b = "topsecret:node:a", "topsecret:node:b"
    queued = [
        (node_a, ("c1", '{"type":"update","seq":4,"text":"é"}')),
        (node_b, ("c2", '{"type":"update","seq":4}')),
        (node_a, ("c3", '{"type":"update","seq":4}')),
        (node_a, b'{"t":"close","conn":"c1","code":4410}'),
        (node_a, ("c3", '{"type":"update","seq":5}')),
        (node_b, ("c4", '{"type":"update","seq":4}')),
    ]
    messages = pack(queued)
    # Process a: two frames, then the close that followed them, then the later frame.
    to_a = [data for node, data in messages if node == node_a]
    assert len(to_a) == 3 and to_a[1] == b'{"t":"close","conn":"c1","code":4410}'
    assert unpack_frames(to_a[0]) == [
        ("c1", '{"type":"update","seq":4,"text":"é"}'),
        ("c3", '{"type":"update","seq":4}'),
    ]
    assert unpack_frames(to_a[2]) == [("c3", '{"type":"update","seq":5}')]
    # Process b: both of its frames in one message.
    to_b = [data for node, data in messages if node == node_b]
    assert len(to_b) == 1 and to_b[0].startswith(FRAMES)
    assert unpack_frames(to_b[0]) == [
        ("c2", '{"type":"update","seq":4}'),
        ("c4", '{"type":"update","seq":4}'),
    ]
