"""One database, one owner: a second server process on the same SQLite file refuses to start
and says which process holds it; the lock goes with its holder, even after SIGKILL."""

from __future__ import annotations

from pathlib import Path

import httpx
from liveserver import NEEDS_POSTGRES, ServerProcess


def test_a_second_process_on_the_same_sqlite_file_refuses_to_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    first = ServerProcess(url).wait_ready()
    try:
        second = ServerProcess(url, capture=True)
        said, _ = second.popen.communicate(timeout=120)  # a start takes seconds when busy
        assert second.popen.returncode == 2
        assert f"another server (pid {first.popen.pid} on " in said
        assert f"is already using {tmp_path / 'shared.sqlite3'}: stop it first" in said
        # The first one never noticed.
        created = httpx.post(
            f"{first.http}/api/tables", json={"game": "fakecards", "players": 2, "name": "Ann"}
        )
        assert created.status_code == 200
    finally:
        first.kill()
    # Killed without a chance to clean up, the holder still released the file.
    third = ServerProcess(url).wait_ready()
    try:
        listing = httpx.get(f"{third.http}/api/tables").json()
        assert listing["total"]["open"] == 1
    finally:
        assert third.stop() == 0


def test_a_second_server_is_refused_in_the_readers_language(tmp_path: Path) -> None:
    """The refusal is a catalogue message: `serve` under a German locale says it in German."""
    from topsecret.i18n import message_text, translator
    from topsecret.server.db import OwnedElsewhere, Store

    url = f"sqlite:///{tmp_path / 'held.sqlite3'}"
    first = Store(url)
    first.take_ownership()
    second = Store(url)
    try:
        second.take_ownership()
    except OwnedElsewhere as exc:
        refused = exc
    else:  # pragma: no cover - the lock is per open file description, not per process
        raise AssertionError("the second store took the database")
    assert message_text(refused, translator("de")).startswith("ein anderer Server (")
    assert "verwendet " in message_text(refused, translator("de"))


def test_a_link_to_the_held_file_is_refused_as_the_file_itself(tmp_path: Path) -> None:
    """Given a server holding a SQLite file, when another store opens it through a symbolic
    link or a path spelled another way, then it is refused: the lock is the file's own."""
    from topsecret.server.db import OwnedElsewhere, Store

    held = tmp_path / "held.sqlite3"
    first = Store(f"sqlite:///{held}")
    first.take_ownership()
    (tmp_path / "link.sqlite3").symlink_to(held)
    (tmp_path / "sub").mkdir()
    for other in (tmp_path / "link.sqlite3", tmp_path / "sub" / ".." / "held.sqlite3"):
        second = Store(f"sqlite:///{other}")
        try:
            second.take_ownership()
        except OwnedElsewhere as exc:
            assert f"is already using {held}" in str(exc)
        else:
            raise AssertionError(f"{other} took the database held as {held}")
    first.release_ownership()


@NEEDS_POSTGRES
def test_on_postgresql_a_process_alone_and_a_group_never_serve_one_schema(
    postgres_url: str,
) -> None:
    """Given a server alone on a PostgreSQL schema, when a second one starts there, alone or
    as one of a group (--redis), it is refused with what to do; a group's processes share
    the schema, and a process alone is refused beside them. Killed, a holder lets go."""
    from topsecret.server.db import OwnedElsewhere, Store

    def refusal(store: Store, shared: bool) -> str:
        try:
            store.take_ownership(shared)
        except OwnedElsewhere as exc:
            return str(exc)
        store.release_ownership()
        raise AssertionError("the store took a schema another server holds")

    alone = Store(postgres_url)
    alone.take_ownership()
    try:
        assert refusal(Store(postgres_url), False).startswith(
            "another server is already using this database: stop it first"
        )
        assert refusal(Store(postgres_url), True).startswith(
            "another server is using this database alone (without --redis)"
        )
    finally:
        alone.release_ownership()
    first, second = Store(postgres_url), Store(postgres_url)
    first.take_ownership(shared=True)
    second.take_ownership(shared=True)
    try:
        assert refusal(Store(postgres_url), False).startswith(
            "a group of servers joined by --redis is using this database"
        )
    finally:
        first.release_ownership()
        second.release_ownership()
    # Every holder gone, a process alone takes the schema.
    again = Store(postgres_url)
    again.take_ownership()
    again.release_ownership()


@NEEDS_POSTGRES
def test_a_killed_holder_of_a_postgresql_schema_lets_it_go(postgres_url: str) -> None:
    first = ServerProcess(postgres_url).wait_ready()
    try:
        second = ServerProcess(postgres_url, capture=True)
        said, _ = second.popen.communicate(timeout=120)
        assert second.popen.returncode == 2
        assert "another server is already using this database: stop it first" in said
    finally:
        first.kill()
    third = ServerProcess(postgres_url).wait_ready()
    third.kill()
