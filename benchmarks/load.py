"""Load: N concurrent rooms played through real websocket clients on loopback.

Run: ``python3 benchmarks/load.py [--model human|bots] [--game rook] [--seconds S]
[--start N] [--max-rooms N] [--time-limit S] [--db URL] [--json]``.

Starts ``tricktable serve`` in its own process (SQLite in a temporary folder
unless ``--db``; 127.0.0.1, a free port), waits for its solver warm-up, and plays
N = start, 2·start, ...
rooms at once, each level for ``--seconds`` after a warm-up:

- ``--model human`` (every seat a person): every seat is a websocket client
  that plays a random legal action ``--think`` seconds (0.5 s, ±50%) after its
  turn comes; the server's bots are not used.
- ``--model bots`` (the realistic model): one person and three bots a room
  (two seats of a two-player game: one person, one bot). The bots are the
  server's, at the served ``--bot-delay`` (0.8 s); the person is a websocket
  client acting 2 to 4 s (uniform) after their turn comes.

The latency of an action is the time from sending it to receiving, on the same
connection, the state frame of the version it made: the server's check,
apply, store commit and fan-out. For each level it reports p50/p99, the
actions the server accepted per second (every seat's, bots' included), the
server's CPU time per accepted action (user + system, from /proc, of the
server process and its children), and its resident memory: the growth since
before the first level divided by the rooms created so far (rooms of earlier
levels stay loaded). The clients run in this process, on the same machine:
their CPU competes with the server's. A second line per level gives the
server's loop watch over the level (``/api/health``: stalls of 100 ms or
more, garbage collections per generation and their CPU) and the worst lag of
this process's own loop (a late client makes latencies that are not the
server's). This process tunes its garbage collection as the server does
(``tricktable.server.heap``). It stops at the first level whose p99
is over 100 ms (unless ``--keep-going``), at ``--max-rooms``, or at ``--time-limit``
seconds in all.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from tricktable.server.heap import freeze_heap, tune_gc

LIMIT_MS = 100.0
MAX_ROOMS = 2048  # a hard bound whatever is asked
NO_LIMITS = "--rooms-per-minute 1000000 --all-rooms-per-minute 1000000"


@dataclass
class Level:
    """One load level's measurements."""

    rooms: int
    connections: int = 0
    latencies: list[float] = field(default_factory=list)  # seconds, after the warm-up
    errors: int = 0
    seconds: float = 0.0
    versions: dict[str, list[int]] = field(default_factory=dict)  # room: [at warm, last]
    cpu_seconds: float = 0.0
    rss_mib: float = 0.0
    rooms_so_far: int = 0
    base_rss_mib: float = 0.0
    server_loop: dict[str, Any] = field(default_factory=dict)  # /api/health's, this level
    client_worst_lag: float = 0.0  # seconds, this process's event loop, while measuring

    def seen(self, room: str, version: int, warm: bool) -> None:
        """A state frame of ``room`` at ``version``; ``warm``: the measure has begun."""
        marks = self.versions.setdefault(room, [version, version])
        if not warm:
            marks[0] = version
        marks[1] = max(marks[1], version)

    def summary(self) -> dict[str, Any]:
        """p50/p99/max in milliseconds, throughput, CPU per action and memory per room."""
        ms = sorted(x * 1000 for x in self.latencies)

        def pct(p: float) -> float:
            return round(ms[min(len(ms) - 1, int(p * len(ms)))], 2) if ms else float("nan")

        accepted = sum(last - first for first, last in self.versions.values())
        per_room = (self.rss_mib - self.base_rss_mib) / max(1, self.rooms_so_far)
        return {"rooms": self.rooms, "connections": self.connections,
                "timed_actions": len(ms),
                "actions_per_s": round(accepted / max(self.seconds, 1e-9), 1),
                "p50_ms": pct(0.50), "p99_ms": pct(0.99),
                "max_ms": round(ms[-1], 2) if ms else float("nan"),
                "mean_ms": round(statistics.fmean(ms), 2) if ms else float("nan"),
                "cpu_ms_per_action": round(1000 * self.cpu_seconds / max(1, accepted), 3),
                "server_cpu_percent": round(100 * self.cpu_seconds / max(self.seconds, 1e-9), 1),
                "rss_mib": round(self.rss_mib, 1),
                "mib_per_room": round(per_room, 3), "errors": self.errors,
                "server_loop": self.server_loop,
                "client_worst_lag_ms": round(1000 * self.client_worst_lag, 1)}


def tree_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and its live children (from /proc)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for process in [pid, *children(pid)]:
        try:
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def children(pid: int) -> list[int]:
    """Every descendant of a process."""
    found: list[int] = []
    try:
        direct = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return found
    for child in map(int, direct):
        found += [child, *children(child)]
    return found


def tree_rss_mib(pid: int) -> float:
    """Resident memory of a process and its children, MiB."""
    total = 0
    for process in [pid, *children(pid)]:
        try:
            for line in Path(f"/proc/{process}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def wait_for_warm_up(base: str, limit: float = 300.0) -> None:
    """Wait until the server's compiled-solver warm-up is over (``/api/health``), so that
    its CPU does not land in the first level's figures."""
    deadline = time.monotonic() + limit
    said = False
    while httpx.get(f"{base}/api/health", timeout=30).json().get("solver") == "loading":
        if not said:
            print("waiting for the server's solver warm-up ...", file=sys.stderr, flush=True)
            said = True
        if time.monotonic() > deadline:
            raise SystemExit(f"the server's solver warm-up took more than {limit:g} s")
        time.sleep(0.5)


def start_server(folder: Path, db: str | None, bot_delay: float, extra: str
                 ) -> tuple[subprocess.Popen[str], str]:
    """``tricktable serve`` on a free loopback port; returns the process and its URL."""
    command = [sys.executable, "-c", "from tricktable.cli import main; main()", "serve",
               "--no-browser", "--port", "0", "--db", db or str(folder / "load.db"),
               "--bot-delay", str(bot_delay), "--log-level", "error", *shlex.split(extra)]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               text=True)
    assert process.stderr is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
        if match:
            wait_for_warm_up(match.group(1))
            return process, match.group(1)
        if not line and process.poll() is not None:
            break
    process.kill()
    raise SystemExit("the server did not start")


async def make_room(http: httpx.AsyncClient, game: str, model: str
                    ) -> tuple[str, list[str]]:
    """A room of the model; returns its id and the tokens of its persons.

    Its deal is random: the server seats no other person with one who chose the deal.
    """
    info = (await http.get(f"/api/games/{game}")).json()
    players = info["player_counts"][0]
    kinds = ["human"] * players if model == "human" else ["human"] + ["bot"] * (players - 1)
    response = await http.post("/api/rooms", json={
        "game": game, "name": "load0", "seats": [{"kind": kind} for kind in kinds]})
    if response.status_code != 201:
        raise SystemExit(f"the server refused a room: {response.text}")
    made = response.json()
    room = made["room"]["id"]
    tokens = [made["token"]]
    for seat in range(1, kinds.count("human")):
        joined = (await http.post(f"/api/rooms/{room}/join",
                                  json={"name": f"load{seat}", "seat": seat})).json()
        tokens.append(joined["token"])
    return room, tokens


@dataclass
class Pace:
    """When a person acts: ``low`` to ``high`` seconds after their turn comes."""

    low: float
    high: float


async def seat_client(url: str, room: str, token: str, pace: Pace, stop: float, warm: float,
                      level: Level, rng: random.Random) -> None:
    """One person: act at their turns, time each action until its update arrives."""
    async with connect(url, max_size=2**22, open_timeout=60) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token}))
        level.connections += 1
        await play(socket, room, pace, stop, warm, level, rng)


async def play(socket: ClientConnection, room: str, pace: Pace, stop: float, warm: float,
               level: Level, rng: random.Random) -> None:
    """The person's loop until ``stop`` (loop time)."""
    loop = asyncio.get_running_loop()
    sent_at: dict[int, float] = {}
    acted = -1
    turn: asyncio.Task[None] | None = None
    while loop.time() < stop:
        try:
            text = await asyncio.wait_for(socket.recv(), timeout=max(0.05, stop - loop.time()))
        except TimeoutError:
            break
        frame = json.loads(text)
        if frame["type"] == "error":
            level.errors += 1
            continue
        if frame["type"] != "state":
            continue
        version = frame["version"]
        now = loop.time()
        level.seen(room, version, now >= warm)
        started = sent_at.pop(version - 1, None)
        if started is not None and started >= warm:
            level.latencies.append(now - started)
        if frame["legal"] and version > acted and frame["view"]["phase"] != "game_over":
            acted = version
            action = rng.choice(frame["legal"])["text"]
            turn = asyncio.create_task(act(socket, version, action,
                                           rng.uniform(pace.low, pace.high), sent_at))
    if turn is not None:
        turn.cancel()


async def act(socket: ClientConnection, version: int, action: str, wait: float,
              sent_at: dict[int, float]) -> None:
    """Send ``action`` at ``version`` after ``wait`` seconds (frames keep being read)."""
    await asyncio.sleep(wait)
    sent_at[version] = asyncio.get_running_loop().time()
    await socket.send(json.dumps({"type": "act", "version": version, "action": action}))


async def loop_stats(base: str) -> dict[str, Any]:
    """The server's event-loop watch (``/api/health``: stalls, collections)."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        stats: dict[str, Any] = (await http.get("/api/health")).json().get("loop", {})
        return stats


def loop_delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What the server's loop watch counted between two readings (worst: since start).

    >>> loop_delta({"stalls": 2, "collections": [9, 3, 1], "gc_ms": 5.0, "worst_ms": 120},
    ...            {"stalls": 3, "collections": [19, 4, 1], "gc_ms": 9.5, "worst_ms": 150})
    {'stalls': 1, 'collections': [10, 1, 0], 'gc_ms': 4.5, 'worst_ms_since_start': 150}
    """
    if not before or not after:
        return {}
    return {"stalls": after["stalls"] - before["stalls"],
            "collections": [a - b for a, b in zip(after["collections"], before["collections"],
                                                  strict=True)],
            "gc_ms": round(after["gc_ms"] - before["gc_ms"], 1),
            "worst_ms_since_start": after["worst_ms"]}


async def watch_lag(level: Level, warm: float, stop: float, period: float = 0.02) -> None:
    """Record the worst lateness of this process's loop between ``warm`` and ``stop``: a
    late client makes latencies that are not the server's."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, warm - loop.time()))
    while loop.time() < stop:
        due = loop.time() + period
        await asyncio.sleep(period)
        level.client_worst_lag = max(level.client_worst_lag, loop.time() - due)


async def run_level(base: str, args: argparse.Namespace, rooms: int, seed: int,
                    pid: int) -> Level:
    """N rooms at once for ``args.seconds`` after the warm-up."""
    level = Level(rooms)
    limits = httpx.Limits(max_connections=16)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=120) as http:
        made = []
        for start in range(0, rooms, 64):  # in bursts, not thousands at once
            made += await asyncio.gather(*(make_room(http, args.game, args.model)
                                           for _ in range(start, min(rooms, start + 64))))
    freeze_heap()  # the clients' process collects garbage as the server does (heap.py)
    loop = asyncio.get_running_loop()
    warm = loop.time() + args.warmup
    stop = warm + args.seconds
    ws = base.replace("http://", "ws://")
    rng = random.Random(seed)
    pace = (Pace(args.think * 0.5, args.think * 1.5) if args.model == "human"
            else Pace(args.person_low, args.person_high))
    tasks = [asyncio.create_task(seat_client(f"{ws}/ws/{room}", room, token, pace, stop, warm,
                                             level, random.Random(rng.random())))
             for room, tokens in made for token in tokens]
    lag = asyncio.create_task(watch_lag(level, warm, stop))
    await asyncio.sleep(max(0.0, warm - loop.time()))
    cpu = tree_cpu_seconds(pid) if pid else 0.0
    watched = await loop_stats(base)
    await asyncio.sleep(max(0.0, stop - loop.time()))
    if pid:
        level.cpu_seconds = tree_cpu_seconds(pid) - cpu
        level.rss_mib = tree_rss_mib(pid)
    level.server_loop = loop_delta(watched, await loop_stats(base))
    await asyncio.gather(*tasks, lag, return_exceptions=True)
    level.seconds = args.seconds
    return level


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", choices=("human", "bots"), default="human",
                        help="human: every seat a client; bots: one person and the server's bots")
    parser.add_argument("--game", default="rook")
    parser.add_argument("--think", type=float, default=0.5,
                        help="human model: seconds a client waits at its turn (mean)")
    parser.add_argument("--person-low", type=float, default=2.0,
                        help="bots model: the person acts this many seconds after their turn ...")
    parser.add_argument("--person-high", type=float, default=4.0, help="... to this many")
    parser.add_argument("--bot-delay", type=float, default=None,
                        help="the server's --bot-delay (default: 0 human model, 0.8 bots model)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="measured seconds per level (default: 6 human model, 20 bots)")
    parser.add_argument("--warmup", type=float, default=None,
                        help="seconds before measuring (default: 2 human model, 8 bots)")
    parser.add_argument("--start", type=int, default=1, help="rooms of the first level")
    parser.add_argument("--max-rooms", type=int, default=256)
    parser.add_argument("--time-limit", type=float, default=240.0,
                        help="stop starting new levels after this many seconds")
    parser.add_argument("--refine", type=int, default=2,
                        help="bisection steps between the last N under 100 ms and the first over")
    parser.add_argument("--db", default=None, help="the server's --db (default: SQLite in a "
                        "temporary folder)")
    parser.add_argument("--serve-args", default=NO_LIMITS,
                        help="more options for tricktable serve (default: new-room limits off)")
    parser.add_argument("--url", default=None, help="load a server already running here "
                        "(http://127.0.0.1:PORT) instead of starting one")
    parser.add_argument("--pid", type=int, default=None,
                        help="with --url: the server's process id, for its CPU and memory")
    parser.add_argument("--keep-going", action="store_true",
                        help="go on doubling past the first level over 100 ms (no bisection)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args()
    tune_gc()
    humans = args.model == "human"
    args.bot_delay = (0.0 if humans else 0.8) if args.bot_delay is None else args.bot_delay
    args.seconds = (6.0 if humans else 20.0) if args.seconds is None else args.seconds
    args.warmup = (2.0 if humans else 8.0) if args.warmup is None else args.warmup
    max_rooms = max(1, min(args.max_rooms, MAX_ROOMS))
    began = time.monotonic()
    results: list[dict[str, Any]] = []
    bad = 0
    with tempfile.TemporaryDirectory() as folder:
        if args.url:
            process, base = None, args.url.rstrip("/")
        else:
            process, base = start_server(Path(folder), args.db, args.bot_delay, args.serve_args)
        pid = process.pid if process is not None else (args.pid or 0)
        time.sleep(1.0)
        base_rss = tree_rss_mib(pid) if pid else 0.0
        created = 0
        try:
            def measure(rooms: int) -> bool:
                nonlocal created
                created += rooms
                level = asyncio.run(run_level(base, args, rooms, rooms * 1000, pid))
                level.rooms_so_far, level.base_rss_mib = created, base_rss
                summary = level.summary()
                results.append(summary)
                if not args.json:
                    print(f"{summary['rooms']:5d} rooms {summary['connections']:5d} sockets "
                          f"{summary['actions_per_s']:7.1f} actions/s  p50 {summary['p50_ms']:7.2f}"
                          f" ms  p99 {summary['p99_ms']:7.2f} ms  max {summary['max_ms']:7.2f} ms"
                          f"  cpu {summary['cpu_ms_per_action']:6.2f} ms/action"
                          f" ({summary['server_cpu_percent']:.0f}%)  rss {summary['rss_mib']:.0f}"
                          f" MiB ({summary['mib_per_room']:.3f}/room)"
                          f"  errors {summary['errors']}", flush=True)
                print(f"      server loop {summary['server_loop']}; the clients' worst loop lag "
                      f"{summary['client_worst_lag_ms']:.0f} ms", flush=True)
                return bool(summary["p99_ms"] < LIMIT_MS)

            def time_left() -> bool:
                return bool(time.monotonic() - began < args.time_limit)

            good = 0
            rooms = max(1, args.start)
            while rooms <= max_rooms and time_left():
                if measure(rooms):
                    good = rooms
                elif not bad:
                    bad = rooms
                    if not args.keep_going:
                        break
                rooms *= 2
            if args.keep_going:
                bad = 0  # no bisection
            for _ in range(args.refine if bad else 0):
                middle = (good + bad) // 2
                if middle in (good, bad) or not time_left():
                    break
                if measure(middle):
                    good = middle
                else:
                    bad = middle
        finally:
            if process is not None:
                process.kill()
                process.wait()
    passing = [int(r["rooms"]) for r in results if r["p99_ms"] < LIMIT_MS]
    best = max(passing) if passing else 0
    report = {"model": args.model, "game": args.game, "bot_delay_s": args.bot_delay,
              "seconds_per_level": args.seconds, "cpus": os.cpu_count(),
              "load_average": os.getloadavg(), "levels": results,
              "largest_rooms_p99_under_100ms": best,
              "stopped_by": "p99" if bad else "max-rooms, time-limit or --keep-going"}
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"largest N with p99 < {LIMIT_MS:.0f} ms: {best} rooms "
              f"(stopped by {report['stopped_by']}); load average before the end "
              f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs (shared)")


if __name__ == "__main__":
    main()
