"""Load benchmark for the multiplayer server (not a unit test).

Starts the real server in its own process on loopback with a fresh SQLite file, opens
``--tables`` vault tables of four people each, and connects one scripted WebSocket client per
seat. Every client acts about once a second whenever its seat owes a move (uniform pause of
0.5-1.5 s by default, then a random legal action). It reports connections held, accepted actions per
second, errors, and the latency from sending an action to the moment every seat of the table
has received the update it caused (p50, p99, max), and where the machine's CPU went in the
measured window: each server process, the load clients, PostgreSQL and Redis, and all cores
together (the clients run here too, so a full machine shows as the latency's tail).

    python benchmarks/server_load.py --tables 125 --seconds 60

    python benchmarks/server_load.py --processes 2 --redis --route owner --tables 500 \\
        --client-procs 2 --single 125,250

runs one SQLite process at 500 and 1,000 seats, then two processes on PostgreSQL + Redis
at 2,000 seats (each seat on its table's process; ``--route random`` sends seats to any
process, relayed through Redis), and reports them together with the CPU of each server
process. On two cores, two server processes do better than three, which only add
contention (docs/server.md, "Two server processes on two cores").

The clients stand in for browsers on other machines but share this one, so they are
written to cost little (``SeatSocket``, ``quick_update``).

Bounded: at most 500 tables and 600 seconds; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

from topsecret.server import collector

MAX_TABLES = 500
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


class SeatSocket(asyncio.Protocol):
    """One seat's WebSocket: websockets' sans-I/O client protocol on a plain asyncio
    transport, each text frame handed to ``on_text`` as it is parsed.

    The clients stand in for browsers on other machines but share this one with the
    servers, so they should cost as little as a client can: the library's asyncio connection
    (a reader task, a message queue and a future per frame) took about a third of a client's
    CPU; the protocol object does the same framing, masking and closing handshake."""

    def __init__(self, uri: str, on_text: Any) -> None:
        self.ws = ClientProtocol(parse_uri(uri), max_size=2**22)
        self.request = self.ws.connect()
        self.on_text = on_text
        self.transport: asyncio.Transport | None = None
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self.ws.send_request(self.request)
        self.flush()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Response):
                if event.status_code != 101:
                    self.fail(ConnectionError(f"handshake refused: {event.status_code}"))
                elif not self.opened.done():
                    self.opened.set_result(None)
            elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                if not event.fin:
                    self.fail(ConnectionError("a fragmented frame (the server sends whole ones)"))
                    return
                self.on_text(event.data)
        self.flush()  # pongs and the closing handshake
        if self.ws.close_expected() and self.transport is not None:
            self.transport.close()

    def send(self, text: str) -> None:
        if self.ws.state is not State.OPEN:
            return  # closing: a pause that ends now has nothing left to act on
        self.ws.send_text(text.encode())
        self.flush()

    def flush(self) -> None:
        if self.transport is None or self.transport.is_closing():
            return
        for chunk in self.ws.data_to_send():
            if chunk:
                self.transport.write(chunk)

    def fail(self, error: Exception) -> None:
        for future in (self.opened, self.closed):
            if not future.done():
                future.set_exception(error)
        if self.transport is not None:
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.ws.receive_eof()
        error = exc or ConnectionError(f"closed by the server: {self.ws.close_code}")
        for future in (self.opened, self.closed):
            if not future.done():
                future.set_exception(error)


#: How every update frame's JSON text begins (the server writes its keys in one order).
UPDATE_HEAD = b'{"type":"update","seq":'


def quick_update(text: bytes) -> tuple[int, bool, bytes | None, bool] | None:
    """What a bot needs of an update frame, read without parsing it: its ``seq``, whether it
    answers this seat's action (``ref``, which the server appends last), the JSON text of
    its legal moves (None when there are none; parsed only when the seat acts) and whether
    the game is over. ``None`` for anything else (a full frame, an error, a frame laid out
    otherwise), which the caller parses whole.

    The clients stand in for browsers on other machines but share this one with the
    servers: parsing every frame whole and freeing the one before took a third of a
    client's CPU, most of it spent on views a bot never reads."""
    if not text.startswith(UPDATE_HEAD):
        return None
    end = text.find(b",", len(UPDATE_HEAD))
    if end < 0 or not text.startswith(b'"full":false,', end + 1):
        return None
    seq = int(text[len(UPDATE_HEAD) : end])
    start = text.find(b',"legal":', end)
    stop = text.find(b',"events":', start)
    if start < 0 or stop < 0 or b',"over":false,' not in text:
        return None
    legal = text[start + len(b',"legal":') : stop]
    answers = text.rfind(b',"ref":', len(text) - 32) >= 0
    return seq, answers, (None if legal == b"[]" else legal), False


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
    pinger: asyncio.TimerHandle | None = None
    seat: dict[str, Any] = {
        "latest": None,
        "pending": None,
        "timer": None,
        "acted_on": -1,
    }
    uri = f"{ws_base}/ws/tables/{table_id}"
    socket_: SeatSocket

    def act() -> None:
        seat["timer"] = None
        latest = seat["latest"]
        if stop.is_set() or latest is None or not latest["legal"] or seat["pending"]:
            return
        if latest["seq"] == seat["acted_on"]:
            return
        move = rng.choice(orjson.loads(latest["legal"]))["action"]
        seat["pending"] = time.perf_counter()
        seat["acted_on"] = latest["seq"]
        socket_.send(json.dumps({"type": "act", "action": move, "seq": latest["seq"], "ref": 1}))

    def plan() -> None:
        latest = seat["latest"]
        ready = latest is not None and latest["legal"] and seat["pending"] is None
        if ready and seat["timer"] is None and latest["seq"] != seat["acted_on"]:
            seat["timer"] = loop.call_later(rng.uniform(*think), act)

    def keep_alive() -> None:
        # Like the web client: a ping every 30 s, so the idle rule keeps the seat.
        nonlocal pinger
        socket_.send('{"type": "ping"}')
        pinger = loop.call_later(30, keep_alive)

    def on_text(text: bytes) -> None:
        if socket_.closed.done():
            return
        now = time.perf_counter()
        update = quick_update(text)
        if update is None:
            frame = orjson.loads(text)
            if frame["type"] == "update":
                legal = orjson.dumps(frame["legal"]) if frame["legal"] else None
                update = (frame["seq"], "ref" in frame, legal, bool(frame["over"]))
            elif frame["type"] == "error":
                stats.errors.append(frame["message"])
                seat["pending"] = None
        if update is not None:
            seq, answers, legal, over = update
            seat["latest"] = {"seq": seq, "legal": legal}
            if stats.measuring:
                stats.arrived[(table_id, seq)].append(now)
            if answers:  # the update this seat's action caused: its answer
                if seat["pending"] is not None and stats.measuring:
                    stats.sent[(table_id, seq)] = seat["pending"]
                    stats.actions += 1
                seat["pending"] = None
            if over:
                socket_.closed.set_result(None)
                return
        plan()

    socket_ = SeatSocket(uri, on_text)
    host, port = ws_base.removeprefix("ws://").rsplit(":", 1)
    try:
        transport, _ = await asyncio.wait_for(
            loop.create_connection(lambda: socket_, host, int(port)), 60
        )
        await asyncio.wait_for(socket_.opened, 60)
        socket_.send(json.dumps({"type": "hello", "token": token}))
        stats.connected += 1
        counted = True
        pinger = loop.call_later(30, keep_alive)
        await socket_.closed
        transport.close()
    except Exception as exc:  # a dropped connection is an error of the run
        if not stop.is_set():
            stats.errors.append(f"{type(exc).__name__}: {exc}")
    finally:
        if pinger is not None:
            pinger.cancel()
        if seat["timer"] is not None:
            seat["timer"].cancel()
        if socket_.transport is not None:
            socket_.transport.close()
        if counted:
            stats.connected -= 1


#: The processes of the database and of Redis, by the name the kernel gives them.
STORE_PROCESSES = ("postgres", "redis-server")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy_seconds() -> float:
    """CPU time every core of the machine has spent busy so far (Linux ``/proc/stat``): all
    but idle and waiting for disk."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle, iowait = fields[3], fields[4]
    return (sum(fields[:8]) - idle - iowait) / os.sysconf("SC_CLK_TCK")


def named_cpu_seconds(names: tuple[str, ...]) -> dict[int, float]:
    """CPU time so far of each process whose name is one of ``names`` (PostgreSQL's and
    Redis's), by pid."""
    found: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().strip() in names:
                found[int(entry.name)] = cpu_seconds(int(entry.name))
        except OSError:
            continue  # gone meanwhile
    return found


def create_tables(https: list[str], count: int) -> list[tuple[str, list[str], int]]:
    """Tables created round-robin on the servers (each is served by the one creating it)."""
    tables: list[tuple[str, list[str], int]] = []
    clients = [httpx.Client(base_url=http, timeout=30) for http in https]
    try:
        for n in range(count):
            owner = n % len(clients)
            client = clients[owner]
            created = client.post(
                "/api/tables",
                json={
                    "game": "vault",
                    "players": PLAYERS,
                    "name": "p0",
                    # Deals to a far target: no game ends within the run, so it
                    # measures steady play of every seat, not set-up and end screens.
                    "options": {"single_deal": False, "target": 100_000},
                },
            ).json()
            table_id = created["table"]["id"]
            tokens = [created["token"]]
            for seat in range(1, PLAYERS):
                joined = client.post(f"/api/tables/{table_id}/join", json={"name": f"p{seat}"})
                tokens.append(joined.json()["token"])
            tables.append((table_id, tokens, owner))
    finally:
        for client in clients:
            client.close()
    return tables


async def drive(
    args: argparse.Namespace,
    ws_bases: list[str],
    tables: list[tuple[str, list[str], int]],
    start_at: float,
    seed: float,
) -> dict[str, Any]:
    """One client process: its share of the tables, measured from ``start_at`` (wall clock).

    With several servers each seat connects to a random one (``--route random``, as behind
    a load balancer) or to the one serving its table (``--route owner``).
    """
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(seed)
    tasks = []
    for table_id, tokens, owner in tables:
        for token in tokens:
            seat_rng = random.Random(rng.random())
            ws_base = ws_bases[owner] if args.route == "owner" else rng.choice(ws_bases)
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


def client_process(
    job: tuple[argparse.Namespace, list[str], list[Any], float, float],
) -> dict[str, Any]:
    try:
        import uvloop

        uvloop.install()  # the server runs on uvloop too (uvicorn[standard])
    except ImportError:
        pass
    # The clients stand in for browsers on other machines: a long collection of this
    # process's heap (every seat's last frame) would hold up a thousand receipts at once and
    # count as server latency, so the clients collect the way the servers do.
    collector.tune()
    args, ws_bases, tables, start_at, seed = job
    return asyncio.run(drive(args, ws_bases, tables, start_at, seed))


def run(args: argparse.Namespace, servers: list[tuple[str, str, int]]) -> dict[str, Any]:
    """One measured run against the started servers (http base, ws base, pid each)."""
    tables = create_tables([http for http, _, _ in servers], args.tables)
    ws_bases = [ws for _, ws, _ in servers]
    pids = [pid for _, _, pid in servers]
    procs = max(1, min(args.client_procs, len(tables)))
    shares = [tables[i::procs] for i in range(procs)]
    start_at = time.time() + args.warmup + 0.004 * PLAYERS * len(shares[0])
    rng = random.Random(args.seed)
    jobs = [(args, ws_bases, share, start_at, rng.random()) for share in shares]
    with multiprocessing.get_context("spawn").Pool(procs) as pool:
        pending = pool.map_async(client_process, jobs)
        time.sleep(max(0.0, start_at - time.time()))
        cpu_before = [cpu_seconds(pid) for pid in pids]
        machine_before = machine_busy_seconds()
        stores_before = named_cpu_seconds(STORE_PROCESSES)
        if args.profile is not None:
            for pid in pids:
                os.kill(pid, signal.SIGUSR1)  # the counted window starts
        time.sleep(args.seconds)
        machine_busy = machine_busy_seconds() - machine_before
        # A process started in the window counts from zero (PostgreSQL starts one per
        # connection); one that ended in it is left out.
        stores_cpu = sum(
            seconds - stores_before.get(pid, 0.0)
            for pid, seconds in named_cpu_seconds(STORE_PROCESSES).items()
        )
        server_cpus = [
            cpu_seconds(pid) - before for pid, before in zip(pids, cpu_before, strict=True)
        ]
        if args.profile is not None:
            for pid in pids:
                os.kill(pid, signal.SIGUSR1)  # and ends
        parts = pending.get(timeout=args.seconds + 600)
    latencies = [x for part in parts for x in part["latencies"]]
    actions = sum(part["actions"] for part in parts)
    errors = [e for part in parts for e in part["errors"]]
    return {
        "server_processes": len(servers),
        "route": args.route if len(servers) > 1 else None,
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
        "server_cpu_percent_of_one_core": round(100 * sum(server_cpus) / args.seconds, 1),
        "server_cpu_percent_per_process": [round(100 * c / args.seconds, 1) for c in server_cpus],
        "clients_cpu_percent_of_one_core": round(
            100 * sum(part["cpu"] for part in parts) / args.seconds, 1
        ),
        # Where the rest of the machine went: the database and Redis, and every core's busy
        # time together (at most 100 times the number of cores).
        "database_and_redis_cpu_percent_of_one_core": round(100 * stores_cpu / args.seconds, 1),
        "machine_busy_percent_of_one_core": round(100 * machine_busy / args.seconds, 1),
        "errors": len(errors),
        "first_errors": errors[:5],
    }


@contextlib.contextmanager
def started_servers(
    count: int, url: str, redis: str | None, counters: list[Path] | None = None
) -> Iterator[list[tuple[str, str, int]]]:
    """``count`` server processes on loopback; one client address opens every table and
    seat here, so the per-client quotas are lifted for it. With ``counters`` (one path per
    process) each runs under server_profile.py, which writes its work counts there."""
    processes = []
    try:
        for index in range(count):
            port = free_port()
            launcher = ["-m", "topsecret.server"]
            if counters is not None:
                profiler = Path(__file__).with_name("server_profile.py")
                launcher = [str(profiler), "--counters", str(counters[index])]
                if os.environ.get("TOPSECRET_CPROFILE"):
                    launcher += ["--cprofile", str(counters[index].with_suffix(".prof"))]
                launcher.append("--")
            command = [
                sys.executable,
                *launcher,
                "--port",
                str(port),
                "--database",
                url,
                "--exempt",
                "127.0.0.1",
            ]
            if redis is not None:
                command += ["--redis", redis]
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
            processes.append((f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", process))
        for http, _, process in processes:
            deadline = time.monotonic() + 120
            while True:
                try:
                    httpx.get(f"{http}/api/games", timeout=1)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise SystemExit("a server did not start") from None
                    time.sleep(0.1)
        yield [(http, ws, process.pid) for http, ws, process in processes]
    finally:
        for _, _, process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for _, _, process in processes:
            process.wait(timeout=60)


@contextlib.contextmanager
def postgres_schema() -> Iterator[str]:
    """A fresh schema on the local PostgreSQL (database ``test``), dropped afterwards."""
    import psycopg

    schema = f"ts_load_{os.getpid()}_{random.randrange(10**6)}"
    admin = "postgresql://postgres@127.0.0.1:5432/test"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def measure(args: argparse.Namespace, processes: int, tables: int) -> dict[str, Any]:
    """Start the servers, run the load once, stop them."""
    args = argparse.Namespace(**{**vars(args), "tables": tables})
    with contextlib.ExitStack() as stack:
        if processes > 1 or args.redis:
            url = args.database or stack.enter_context(postgres_schema())
        else:
            tmp = stack.enter_context(tempfile.TemporaryDirectory())
            url = args.database or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        redis = args.redis if processes > 1 or args.redis else None
        counters = None
        if args.profile is not None:
            args.profile.mkdir(parents=True, exist_ok=True)
            tag = f"{processes}p-{tables}t-{int(time.time())}"
            counters = [args.profile / f"server-{tag}-{i}.json" for i in range(processes)]
        servers = stack.enter_context(started_servers(processes, url, redis, counters))
        result = run(args, servers)
    if counters is not None:
        result["work_per_action"] = work_per_action(counters)
    result["database"] = url.split(":", 1)[0]
    result["load_average_1min"] = os.getloadavg()[0]
    return result


def work_per_action(paths: list[Path]) -> dict[str, Any]:
    """The servers' counted work in the measured window, summed, and per action they
    committed in it (the clients' count lags behind when the servers do)."""
    total: dict[str, float] = defaultdict(float)
    per_process: dict[str, list[Any]] = defaultdict(list)
    for path in paths:
        counts = json.loads(path.read_text())
        for key in list(counts):
            if key.endswith(("_p50", "_p99", "_max")):
                per_process[key].append(counts.pop(key))
        for key, value in counts.items():
            total[key] += value
    actions = total.pop("actions", 0)
    per = {key: round(value / max(1, actions), 3) for key, value in sorted(total.items())}
    return {
        "actions_committed": int(actions),
        "per_action": per,
        **{f"{key}_per_process": v for key, v in per_process.items()},
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
    parser.add_argument(
        "--database",
        default=None,
        help="SQLAlchemy URL (default: a temporary SQLite file, or with several processes "
        "a temporary schema on the local PostgreSQL)",
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes (more than 1 needs --redis)"
    )
    parser.add_argument(
        "--redis",
        nargs="?",
        const="redis://127.0.0.1:6379/0",
        default=None,
        metavar="URL",
        help="join the server processes through Redis (default URL: the local one)",
    )
    parser.add_argument(
        "--route",
        choices=("random", "owner"),
        default="random",
        help="with several processes: each seat connects to a random one, or to its table's",
    )
    parser.add_argument(
        "--single",
        default="",
        metavar="TABLES,...",
        help="first measure one SQLite process at these table counts (e.g. 125,250), "
        "reported beside the main run",
    )
    parser.add_argument(
        "--profile",
        type=Path,
        default=None,
        metavar="DIR",
        help="run each server under server_profile.py and report the work each action cost "
        "(frames built, bytes encoded, SQL statements, Redis messages, event-loop lag)",
    )
    args = parser.parse_args()
    counts = [int(t) for t in args.single.split(",") if t]
    for tables in [args.tables, *counts]:
        if not 1 <= tables <= MAX_TABLES:
            parser.error(f"table counts must be 1..{MAX_TABLES}")
    if not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds must be in 0..{MAX_SECONDS}")
    if args.processes > 1 and not args.redis:
        parser.error("several processes share their tables through Redis: add --redis")
    runs = []
    for tables in counts:
        single = argparse.Namespace(**{**vars(args), "redis": None, "database": None})
        runs.append(measure(single, 1, tables))
    runs.append(measure(args, args.processes, args.tables))
    print(json.dumps({"cpus": os.cpu_count(), "runs": runs}, indent=2))


if __name__ == "__main__":
    main()
