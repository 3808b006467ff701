"""Load benchmark for the multiplayer server (not a unit test).

Starts the real server in its own process on loopback with a fresh SQLite file, opens
``--tables`` vault tables of four people each, and connects one scripted WebSocket client per
seat. Every client acts about once a second whenever its seat owes a move (uniform pause of
0.5-1.5 s by default, then a random legal action). It reports connections held, accepted actions per
second, errors, and the latency from sending an action to the moment every seat of the table
has received the update it caused (p50, p99, max).

    python benchmarks/server_load.py --tables 125 --seconds 60

Bounded: at most 250 tables and 600 seconds; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

MAX_TABLES = 250
MAX_SECONDS = 600.0
PLAYERS = 4


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Stats:
    def __init__(self) -> None:
        #: (table, seq) -> time the action was sent
        self.sent: dict[tuple[str, int], float] = {}
        #: (table, seq) -> arrival time of that update at each seat
        self.arrived: dict[tuple[str, int], list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.actions = 0
        self.connected = 0
        self.measuring = False


async def seat_client(
    ws_base: str,
    table_id: str,
    token: str,
    stats: Stats,
    stop: asyncio.Event,
    rng: random.Random,
    think: tuple[float, float],
) -> None:
    """One seat: reads every frame as it arrives; acts after a pause when it owes a move."""
    loop = asyncio.get_running_loop()
    counted = False
    try:
        async with websockets.connect(
            f"{ws_base}/ws/tables/{table_id}", max_size=2**22, open_timeout=60
        ) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            stats.connected += 1
            counted = True
            seat: dict[str, Any] = {
                "latest": None,
                "pending": None,
                "timer": None,
                "acted_on": -1,
                "sending": None,
            }

            def act() -> None:
                seat["timer"] = None
                latest = seat["latest"]
                if stop.is_set() or latest is None or not latest["legal"] or seat["pending"]:
                    return
                if latest["seq"] == seat["acted_on"]:
                    return
                move = rng.choice(latest["legal"])["action"]
                seat["pending"] = time.perf_counter()
                seat["acted_on"] = latest["seq"]
                seat["sending"] = loop.create_task(
                    ws.send(json.dumps({"type": "act", "action": move, "ref": 1}))
                )

            def plan() -> None:
                latest = seat["latest"]
                ready = latest is not None and latest["legal"] and seat["pending"] is None
                if ready and seat["timer"] is None and latest["seq"] != seat["acted_on"]:
                    seat["timer"] = loop.call_later(rng.uniform(*think), act)

            async for text in ws:
                now = time.perf_counter()
                frame = orjson.loads(text)
                kind = frame["type"]
                if kind == "update":
                    seat["latest"] = frame
                    if stats.measuring:
                        stats.arrived[(table_id, frame["seq"])].append(now)
                    if frame["over"]:
                        return
                elif kind == "ack":
                    if seat["pending"] is not None and stats.measuring:
                        stats.sent[(table_id, frame["seq"])] = seat["pending"]
                        stats.actions += 1
                    seat["pending"] = None
                elif kind == "error":
                    stats.errors.append(frame["message"])
                    seat["pending"] = None
                plan()
                if stop.is_set():
                    return
    except Exception as exc:  # a dropped connection is an error of the run
        if not stop.is_set():
            stats.errors.append(f"{type(exc).__name__}: {exc}")
    finally:
        if counted:
            stats.connected -= 1


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def create_tables(http: str, count: int) -> list[tuple[str, list[str]]]:
    tables: list[tuple[str, list[str]]] = []
    with httpx.Client(base_url=http, timeout=30) as client:
        for _ in range(count):
            created = client.post(
                "/api/tables",
                json={
                    "game": "vault",
                    "players": PLAYERS,
                    "name": "p0",
                    "options": {"target": 100_000},
                },
            ).json()
            table_id = created["table"]["id"]
            tokens = [created["token"]]
            for n in range(1, PLAYERS):
                joined = client.post(f"/api/tables/{table_id}/join", json={"name": f"p{n}"})
                tokens.append(joined.json()["token"])
            tables.append((table_id, tokens))
    return tables


async def drive(
    args: argparse.Namespace,
    ws_base: str,
    tables: list[tuple[str, list[str]]],
    start_at: float,
    seed: float,
) -> dict[str, Any]:
    """One client process: its share of the tables, measured from ``start_at`` (wall clock)."""
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(seed)
    tasks = []
    for table_id, tokens in tables:
        for token in tokens:
            seat_rng = random.Random(rng.random())
            tasks.append(
                asyncio.create_task(
                    seat_client(
                        ws_base,
                        table_id,
                        token,
                        stats,
                        stop,
                        seat_rng,
                        (args.think_min, args.think_max),
                    )
                )
            )
            await asyncio.sleep(0.004)  # do not open every socket in the same millisecond
    await asyncio.sleep(max(0.0, start_at - time.time()))
    stats.measuring = True
    own_cpu = time.process_time()
    await asyncio.sleep(args.seconds)
    stats.measuring = False
    own_cpu = time.process_time() - own_cpu
    held = stats.connected
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = []
    incomplete = 0
    for key, sent in stats.sent.items():
        times = stats.arrived.get(key, [])
        if len(times) < PLAYERS:
            incomplete += 1
            continue
        latencies.append((max(times) - sent) * 1000)
    return {
        "latencies": latencies,
        "incomplete": incomplete,
        "actions": stats.actions,
        "held": held,
        "errors": stats.errors,
        "cpu": own_cpu,
    }


def client_process(job: tuple[argparse.Namespace, str, list[Any], float, float]) -> dict[str, Any]:
    try:
        import uvloop

        uvloop.install()  # the server runs on uvloop too (uvicorn[standard])
    except ImportError:
        pass
    args, ws_base, tables, start_at, seed = job
    return asyncio.run(drive(args, ws_base, tables, start_at, seed))


def run(args: argparse.Namespace, http: str, ws_base: str, server_pid: int) -> dict[str, Any]:
    tables = create_tables(http, args.tables)
    procs = max(1, min(args.client_procs, len(tables)))
    shares = [tables[i::procs] for i in range(procs)]
    start_at = time.time() + args.warmup + 0.004 * PLAYERS * len(shares[0])
    rng = random.Random(args.seed)
    jobs = [(args, ws_base, share, start_at, rng.random()) for share in shares]
    with multiprocessing.get_context("spawn").Pool(procs) as pool:
        pending = pool.map_async(client_process, jobs)
        time.sleep(max(0.0, start_at - time.time()))
        server_cpu = cpu_seconds(server_pid)
        time.sleep(args.seconds)
        server_cpu = cpu_seconds(server_pid) - server_cpu
        parts = pending.get(timeout=args.seconds + 600)
    latencies = [x for part in parts for x in part["latencies"]]
    actions = sum(part["actions"] for part in parts)
    errors = [e for part in parts for e in part["errors"]]
    return {
        "tables": args.tables,
        "seats": args.tables * PLAYERS,
        "client_processes": procs,
        "connections_held": sum(part["held"] for part in parts),
        "seconds": args.seconds,
        "think_seconds": [args.think_min, args.think_max],
        "actions": actions,
        "actions_per_second": round(actions / args.seconds, 1),
        "latency_ms_p50": round(percentile(latencies, 0.50), 1) if latencies else None,
        "latency_ms_p99": round(percentile(latencies, 0.99), 1) if latencies else None,
        "latency_ms_max": round(max(latencies), 1) if latencies else None,
        "updates_measured": len(latencies),
        "updates_missing_a_seat": sum(part["incomplete"] for part in parts),
        "server_cpu_percent_of_one_core": round(100 * server_cpu / args.seconds, 1),
        "clients_cpu_percent_of_one_core": round(
            100 * sum(part["cpu"] for part in parts) / args.seconds, 1
        ),
        "errors": len(errors),
        "first_errors": errors[:5],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=125)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--client-procs", type=int, default=1, help="client processes")
    parser.add_argument(
        "--think-min", type=float, default=0.5, help="shortest pause before a move (s)"
    )
    parser.add_argument(
        "--think-max", type=float, default=1.5, help="longest pause before a move (s)"
    )
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (default: temp SQLite)")
    args = parser.parse_args()
    if not 1 <= args.tables <= MAX_TABLES or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--tables must be 1..{MAX_TABLES} and --seconds 0..{MAX_SECONDS}")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        server = subprocess.Popen(
            [sys.executable, "-m", "topsecret.server", "--port", str(port), "--database", url],
            stdout=subprocess.DEVNULL,
        )
        try:
            http = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(f"{http}/api/games", timeout=1)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.1)
            result = run(args, http, f"ws://127.0.0.1:{port}", server.pid)
        finally:
            os.kill(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    result["cpus"] = os.cpu_count()
    result["load_average_1min"] = os.getloadavg()[0]
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
