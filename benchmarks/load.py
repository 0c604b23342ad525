"""Load: N concurrent rooms played by bots through real websocket clients on loopback.

Run: ``python3 benchmarks/load.py [--game rook] [--think 0.5] [--seconds 6]
[--max-rooms 256] [--time-limit 240] [--json]``.

Starts ``tricktable serve`` in its own process (SQLite in a temporary
folder, 127.0.0.1, a free port). For N = 1, 2, 4, ... rooms, every seat of
every room is a websocket client that plays a random legal action ``--think``
seconds after its turn comes (a bot's pace). The latency of an action is the
time from sending it to receiving, on the same connection, the state frame of
the version it made: the server's check, apply, store commit and fan-out to
every seat. The first second of each level is not counted. Reports p50/p99
per N and the largest N whose p99 stays under 100 ms; stops at the first N
over it, at ``--max-rooms``, or at ``--time-limit`` seconds in all.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
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

LIMIT_MS = 100.0
MAX_ROOMS = 1024  # a hard bound whatever is asked


@dataclass
class Level:
    """One load level's measurements."""

    rooms: int
    connections: int = 0
    latencies: list[float] = field(default_factory=list)  # seconds, after the warm-up
    actions: int = 0
    errors: int = 0
    seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        """p50/p99/max in milliseconds and throughput."""
        ms = sorted(x * 1000 for x in self.latencies)
        def pct(p: float) -> float:
            return round(ms[min(len(ms) - 1, int(p * len(ms)))], 2) if ms else float("nan")
        return {"rooms": self.rooms, "connections": self.connections,
                "actions": len(ms), "actions_per_s": round(len(ms) / max(self.seconds, 1e-9), 1),
                "p50_ms": pct(0.50), "p99_ms": pct(0.99),
                "max_ms": round(ms[-1], 2) if ms else float("nan"),
                "mean_ms": round(statistics.fmean(ms), 2) if ms else float("nan"),
                "errors": self.errors}


def start_server(folder: Path) -> tuple[subprocess.Popen[str], str]:
    """``tricktable serve`` on a free loopback port; returns the process and its URL."""
    command = [sys.executable, "-c", "from tricktable.cli import main; main()", "serve",
               "--no-browser", "--port", "0", "--db", str(folder / "load.db"),
               "--bot-delay", "0", "--log-level", "error"]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               text=True)
    assert process.stderr is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
        if match:
            return process, match.group(1)
        if not line and process.poll() is not None:
            break
    process.kill()
    raise SystemExit("the server did not start")


async def make_room(http: httpx.AsyncClient, game: str) -> tuple[str, list[str]]:
    """A room whose every seat is human; returns its id and the seat tokens.

    Its deal is random: the server seats no other person with one who chose the deal.
    """
    info = (await http.get(f"/api/games/{game}")).json()
    players = info["player_counts"][0]
    made = (await http.post("/api/rooms", json={
        "game": game, "name": "load0",
        "seats": [{"kind": "human"}] * players})).json()
    room = made["room"]["id"]
    tokens = [made["token"]]
    for seat in range(1, players):
        joined = (await http.post(f"/api/rooms/{room}/join",
                                  json={"name": f"load{seat}", "seat": seat})).json()
        tokens.append(joined["token"])
    return room, tokens


async def seat_client(url: str, token: str, think: float, stop: float, warm: float,
                      level: Level, rng: random.Random) -> None:
    """One seat: act at its turns, time each action until its update arrives."""
    async with connect(url, max_size=2**22, open_timeout=30) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token}))
        level.connections += 1
        await play(socket, think, stop, warm, level, rng)


async def play(socket: ClientConnection, think: float, stop: float, warm: float, level: Level,
               rng: random.Random) -> None:
    """The seat's loop until ``stop`` (loop time)."""
    loop = asyncio.get_running_loop()
    sent_at: dict[int, float] = {}
    acted = -1
    while loop.time() < stop:
        try:
            text = await asyncio.wait_for(socket.recv(), timeout=max(0.05, stop - loop.time()))
        except TimeoutError:
            return
        frame = json.loads(text)
        if frame["type"] == "error":
            level.errors += 1
            continue
        if frame["type"] != "state":
            continue
        version = frame["version"]
        started = sent_at.pop(version - 1, None)
        if started is not None and started >= warm:
            level.latencies.append(loop.time() - started)
        if frame["legal"] and version > acted and frame["view"]["phase"] != "game_over":
            acted = version
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            action = rng.choice(frame["legal"])["text"]
            sent_at[version] = loop.time()
            await socket.send(json.dumps({"type": "act", "version": version, "action": action}))


async def run_level(base: str, game: str, rooms: int, think: float, seconds: float,
                    seed: int) -> Level:
    """N rooms at once for ``seconds``."""
    level = Level(rooms)
    limits = httpx.Limits(max_connections=32)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:
        made = await asyncio.gather(*(make_room(http, game) for _ in range(rooms)))
    loop = asyncio.get_running_loop()
    start = loop.time() + 1.0  # connections open during the first second
    warm, stop = start + 1.0, start + 1.0 + seconds
    ws = base.replace("http://", "ws://")
    rng = random.Random(seed)
    tasks = [seat_client(f"{ws}/ws/{room}", token, think, stop, warm, level,
                         random.Random(rng.random()))
             for room, tokens in made for token in tokens]
    await asyncio.gather(*tasks)
    level.seconds = seconds
    return level


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="rook")
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a client bot waits at its turn (mean)")
    parser.add_argument("--seconds", type=float, default=6.0, help="measured seconds per level")
    parser.add_argument("--max-rooms", type=int, default=256)
    parser.add_argument("--time-limit", type=float, default=240.0,
                        help="stop starting new levels after this many seconds")
    parser.add_argument("--refine", type=int, default=2,
                        help="bisection steps between the last N under 100 ms and the first over")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args()
    max_rooms = max(1, min(args.max_rooms, MAX_ROOMS))
    began = time.monotonic()
    results: list[dict[str, Any]] = []
    bad = 0
    with tempfile.TemporaryDirectory() as folder:
        process, base = start_server(Path(folder))
        try:
            def measure(rooms: int) -> bool:
                level = asyncio.run(run_level(base, args.game, rooms, args.think, args.seconds,
                                              seed=rooms * 1000))
                summary = level.summary()
                results.append(summary)
                if not args.json:
                    print(f"{summary['rooms']:5d} rooms {summary['connections']:5d} sockets "
                          f"{summary['actions_per_s']:8.1f} actions/s  p50 {summary['p50_ms']:7.2f}"
                          f" ms  p99 {summary['p99_ms']:7.2f} ms  max {summary['max_ms']:7.2f} ms"
                          f"  errors {summary['errors']}", flush=True)
                return bool(summary["p99_ms"] < LIMIT_MS)

            def time_left() -> bool:
                return bool(time.monotonic() - began < args.time_limit)

            rooms = good = bad = 0
            rooms = 1
            while rooms <= max_rooms and time_left():
                if not measure(rooms):
                    bad = rooms
                    break
                good, rooms = rooms, rooms * 2
            for _ in range(args.refine if bad else 0):
                middle = (good + bad) // 2
                if middle in (good, bad) or not time_left():
                    break
                if measure(middle):
                    good = middle
                else:
                    bad = middle
        finally:
            process.kill()
            process.wait()
    passing = [int(r["rooms"]) for r in results if r["p99_ms"] < LIMIT_MS]
    best = max(passing) if passing else 0
    report = {"game": args.game, "think_s": args.think, "seconds_per_level": args.seconds,
              "levels": results, "largest_rooms_p99_under_100ms": best,
              "stopped_by": "p99" if bad else "max-rooms or time-limit"}
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"largest N with p99 < {LIMIT_MS:.0f} ms: {best} rooms "
              f"(stopped by {report['stopped_by']})")


if __name__ == "__main__":
    main()
