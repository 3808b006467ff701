"""One server process with its work counted (not a unit test; used by server_load.py).

    python benchmarks/server_profile.py --counters OUT.json [--cprofile OUT.prof] -- \\
        --port 8001 --database sqlite:///load.sqlite3 --exempt 127.0.0.1

runs ``topsecret.server`` with the arguments after ``--`` and, when it stops (SIGTERM),
writes what it did to ``OUT.json``: actions committed, frames built and pushed, bytes put on
sockets, messages and bytes sent to other processes through Redis, SQL statements and
transactions, how far the event loop fell behind (sampled every 50 ms), and the cycle
collector's collections by generation with the longest pause of each (and the objects it
tracks at the end, what a full collection walks), between the
first two SIGUSR1 signals it receives (the measured window). Dividing by the
actions gives the work each action costs, a figure that does not depend on how busy the
machine is. ``--cprofile`` also records a cProfile of the whole process (slower).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import functools
import gc
import json
import signal
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

COUNTS: Counter[str] = Counter()
LAGS: list[float] = []
#: How long each storage write kept its table waiting (seconds).
WRITE_WAITS: list[float] = []
#: Each collection of the cycle collector: (generation, seconds the process stood still).
GC_PAUSES: list[tuple[int, float]] = []
#: (counters, CPU seconds, samples of lag so far, write waits so far, collections so far)
#: at each SIGUSR1: the measured window.
MARKS: list[tuple[Counter[str], float, int, int, int]] = []
#: Objects the cycle collector tracked at the end of the window (what a full collection walks).
TRACKED: list[int] = []
#: How many of them by type, written beside the counters (``OUT.types.json``).
TRACKED_TYPES: Counter[str] = Counter()


def mark(*_args: Any) -> None:
    MARKS.append(
        (Counter(COUNTS), time.process_time(), len(LAGS), len(WRITE_WAITS), len(GC_PAUSES))
    )
    if len(MARKS) == 2:  # at the end of the window: counting takes a moment
        tracked = gc.get_objects()
        TRACKED.append(len(tracked))
        TRACKED_TYPES.update(type(thing).__name__ for thing in tracked)


def time_collections() -> None:
    """Time every collection of the cycle collector (it stops the event loop while it runs)."""
    started: list[float] = []

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[:] = [time.perf_counter()]
        elif started:
            GC_PAUSES.append((info["generation"], time.perf_counter() - started[0]))

    gc.callbacks.append(callback)


def _count_calls(owner: Any, name: str, key: str) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    def counted(*args: Any, **kwargs: Any) -> Any:
        COUNTS[key] += 1
        return original(*args, **kwargs)

    setattr(owner, name, counted)


def instrument() -> None:
    """Wrap the server's hot spots with counters (before the app is built)."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    from topsecret.server import cluster, db, tables

    @event.listens_for(Engine, "before_cursor_execute")
    def _statement(*_args: Any) -> None:
        COUNTS["sql_statements"] += 1

    @event.listens_for(Engine, "commit")
    def _commit(*_args: Any) -> None:
        COUNTS["sql_commits"] += 1

    push = tables.Connection.push

    def counted_push(self: Any, frame: str) -> None:
        COUNTS["frames_pushed"] += 1
        COUNTS["frame_bytes_pushed"] += len(frame)
        push(self, frame)

    tables.Connection.push = counted_push  # type: ignore[method-assign]
    if hasattr(cluster, "pack"):  # queued messages are packed, frames grouped
        pack = cluster.pack

        def counted_pack(batch: Any) -> Any:
            out = pack(batch)
            COUNTS["redis_published"] += len(out)
            COUNTS["redis_bytes_published"] += sum(len(data) for _, data in out)
            return out

        cluster.pack = counted_pack
    else:  # every message is published as it was sent
        send = cluster.Cluster.send

        def counted_send(self: Any, node: str, message: dict[str, Any]) -> None:
            COUNTS["redis_published"] += 1
            COUNTS["redis_bytes_published"] += len(cluster.orjson.dumps(message))
            send(self, node, message)

        cluster.Cluster.send = counted_send  # type: ignore[method-assign]
    # Every action the tables commit goes through one of these (grouped, or one by one).
    store_call = "append" if hasattr(db.Store, "append") else "append_action"
    for name, key in (
        (store_call, "actions"),
        ("update_seat", "seat_writes"),
        ("load_log", "log_loads"),
        ("load_table", "table_loads"),
    ):
        if hasattr(db.Store, name):
            _count_calls(db.Store, name, key)
    for name, key in (
        ("_frame_for", "frames_built"),
        ("_view", "views_built"),
        ("replay", "replays"),
        ("broadcast", "broadcasts"),
    ):
        if hasattr(tables.TableRuntime, name):
            _count_calls(tables.TableRuntime, name, key)
    original_dumps = tables.orjson.dumps

    class CountingOrjson:
        OPT_NON_STR_KEYS = tables.orjson.OPT_NON_STR_KEYS
        loads = staticmethod(tables.orjson.loads)

        @staticmethod
        def dumps(value: Any, *args: Any, **kwargs: Any) -> bytes:
            out = original_dumps(value, *args, **kwargs)
            COUNTS["frames_encoded"] += 1
            COUNTS["frame_bytes_encoded"] += len(out)
            return out

    tables.orjson = CountingOrjson  # type: ignore[assignment]
    write = db.Store.write

    async def timed_write(self: Any, call: Any, *args: Any) -> Any:
        before = time.perf_counter()
        try:
            return await write(self, call, *args)
        finally:
            WRITE_WAITS.append(time.perf_counter() - before)

    db.Store.write = timed_write  # type: ignore[method-assign]
    if hasattr(db.Store, "append"):  # actions are committed here (grouped)
        append = db.Store.append

        async def timed_append(self: Any, *args: Any) -> Any:
            before = time.perf_counter()
            try:
                return await append(self, *args)
            finally:
                WRITE_WAITS.append(time.perf_counter() - before)

        db.Store.append = timed_append  # type: ignore[method-assign]
    broadcast = tables.TableRuntime.broadcast

    def timed_broadcast(self: Any, *args: Any, **kwargs: Any) -> None:
        before = time.perf_counter()
        try:
            broadcast(self, *args, **kwargs)
        finally:
            COUNTS["broadcast_us"] += int(1e6 * (time.perf_counter() - before))

    tables.TableRuntime.broadcast = timed_broadcast  # type: ignore[method-assign]


async def sample_lag() -> None:
    """How late a 50 ms sleep wakes up: the event loop's backlog."""
    while True:
        before = time.perf_counter()
        await asyncio.sleep(0.05)
        LAGS.append(time.perf_counter() - before - 0.05)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--counters", type=Path, required=True)
    parser.add_argument("--cprofile", type=Path, default=None)
    parser.add_argument("server_args", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    server_args = [a for a in args.server_args if a != "--"]
    instrument()
    time_collections()
    signal.signal(signal.SIGUSR1, mark)
    # uvicorn stops on SIGTERM, then raises it again with the handler found before it ran:
    # this one lets the counters be written instead of the default ending the process.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    from topsecret.server import lobby

    start_tasks = lobby.Lobby.start_tasks

    def start_with_sampler(self: Any) -> None:
        start_tasks(self)
        asyncio.get_running_loop().create_task(sample_lag())

    lobby.Lobby.start_tasks = start_with_sampler  # type: ignore[method-assign]
    import topsecret.server as server

    # CPU time, not wall time: on a busy machine wall time counts the waits for a core.
    profile = cProfile.Profile(time.process_time) if args.cprofile is not None else None
    started = time.process_time()
    if profile is not None:
        profile.enable()
    try:
        server.main(server_args)
    finally:
        if profile is not None:
            profile.disable()
            profile.dump_stats(args.cprofile)
        if len(MARKS) >= 2:
            (first, cpu0, lag0, w0, g0), (last, cpu1, lag1, w1, g1) = MARKS[0], MARKS[1]
            out: dict[str, Any] = dict(last - first)
            out["cpu_seconds"] = round(cpu1 - cpu0, 2)
            lags = sorted(LAGS[lag0:lag1])
            waits = sorted(WRITE_WAITS[w0:w1])
            pauses = GC_PAUSES[g0:g1]
            out["gc_tracked_objects_max"] = TRACKED[0]
        else:  # no window marked: the whole life of the process
            out = dict(COUNTS)
            out["cpu_seconds"] = round(time.process_time() - started, 2)
            lags = sorted(LAGS)
            waits = sorted(WRITE_WAITS)
            pauses = GC_PAUSES
        for generation in range(3):
            times = [seconds for g, seconds in pauses if g == generation]
            out[f"gc{generation}_collections"] = len(times)
            out[f"gc{generation}_pause_ms_max"] = round(1000 * max(times, default=0.0), 1)
        if waits:
            out["write_wait_ms_p50"] = round(1000 * waits[len(waits) // 2], 1)
            out["write_wait_ms_p99"] = round(1000 * waits[int(0.99 * (len(waits) - 1))], 1)
        if lags:
            out["loop_lag_ms_p50"] = round(1000 * lags[len(lags) // 2], 1)
            out["loop_lag_ms_p99"] = round(1000 * lags[int(0.99 * (len(lags) - 1))], 1)
            out["loop_lag_ms_max"] = round(1000 * lags[-1], 1)
        args.counters.write_text(json.dumps(out, indent=2))
        if TRACKED_TYPES:
            types = dict(TRACKED_TYPES.most_common(30))
            args.counters.with_suffix(".types.json").write_text(json.dumps(types, indent=2))


if __name__ == "__main__":
    main()
