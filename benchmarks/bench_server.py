"""The table server under load (a benchmark, not a timed test; issue #23).

    .venv/bin/python benchmarks/bench_server.py [TABLES] [SECONDS]

A server process (`engine.server.app.TableServer`, limits raised for one address)
and, in this process, TABLES tables of four scripted remote clients over loopback
websockets, every seat a person (no AI), each client answering at once: pass where it
may, else a plain discard. A table whose game ends is replaced by a new one. After
SECONDS it prints: tables held, actions per second (answers the server took), the
p50/p99 time from a discard's answer to every seat of its table having the discard
event (a claim window in between included, as the players live it), and the
server's memory per table (its resident memory with the tables up, less before).

The clients do not fold (they read JSON and answer): this process measures the
server, not the clients. The machine is shared and the clients share it: compare
figures from one run.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import statistics
import sys
import time
from typing import Any


def _serve(conn: Any, tables: int) -> None:
    from engine.player_seat import PlayerSeat
    from engine.server.app import Limits, TableServer

    def ai(level: str, seat: int, seed: int) -> PlayerSeat:
        from ai import LEVELS

        return PlayerSeat(LEVELS[level](seat, seed))

    async def main() -> None:
        server = TableServer(
            ai, default_level="tsumogiri",
            limits=Limits(per_address=10 * tables + 10, tables=2 * tables + 10, rate=1000,
                          burst=1000, backlog=100_000),
        )
        port = await server.start("127.0.0.1", 0)
        conn.send(port)
        await asyncio.Event().wait()

    asyncio.run(main())


def _rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (/proc/PID/stat fields 14 and 15)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _choose(legal: list[dict[str, Any]]) -> dict[str, Any]:
    for action in legal:
        if action["type"] == "pass":
            return action
    for action in legal:
        if action["type"] == "discard" and not action.get("riichi"):
            return action
    return legal[0]


class Stats:
    def __init__(self) -> None:
        self.answers = 0
        self.latencies: list[float] = []
        self.games = 0


async def _call(ws: Any, message: dict[str, Any], want: str) -> dict[str, Any]:
    await ws.send(json.dumps(message))
    while True:
        reply = json.loads(await ws.recv())
        if reply["type"] == want:
            return dict(reply)
        if reply["type"] == "error":
            raise RuntimeError(reply)


async def _table(url: str, stats: Stats, stop: float) -> None:
    """Tables one after another in one slot, until `stop`."""
    while time.perf_counter() < stop:
        await _game(url, stats, stop)


async def _game(url: str, stats: Stats, stop: float) -> None:
    from websockets.asyncio.client import connect

    sockets = [await connect(url, max_size=None) for _ in range(4)]
    for ws in sockets:
        await _call(ws, {"type": "hello", "version": 1}, "welcome")
    created = await _call(sockets[0], {"type": "create", "ruleset": "wrc"}, "created")
    sent: dict[int, float] = {}  # the k-th discard of the table: when it was answered
    seen: dict[int, int] = {}  # how many seats have it
    counts = [0, 0, 0, 0]
    over = asyncio.Event()

    async def seat(i: int, ws: Any) -> None:
        await _call(ws, {"type": "join", "invitation": created["invitation"],
                         "name": f"p{i}"}, "joined")
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "events":
                for event in message["events"]:
                    if event["type"] == "discarded":
                        counts[i] += 1
                        k = counts[i]
                        seen[k] = seen.get(k, 0) + 1
                        if seen[k] == 4 and k in sent:
                            stats.latencies.append(time.perf_counter() - sent.pop(k))
                    elif event["type"] == "game_ended":
                        over.set()
            elif message["type"] == "decide":
                action = _choose(message["legal"])
                if action["type"] == "discard":
                    sent[counts[i] + 1] = time.perf_counter()
                await ws.send(json.dumps({"type": "answer", "seq": message["seq"],
                                          "action": action}))
                stats.answers += 1
            if over.is_set() or time.perf_counter() > stop:
                return

    playing = asyncio.gather(*(seat(i, ws) for i, ws in enumerate(sockets)))
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(playing, max(0.1, stop - time.perf_counter()))
    for ws in sockets:
        await ws.close()
    if over.is_set():
        stats.games += 1


async def _load(url: str, tables: int, seconds: float, pid: int) -> None:
    stats = Stats()
    before = _rss_kb(pid)
    began = time.perf_counter()
    stop = began + seconds
    runs = [asyncio.create_task(_table(url, stats, stop)) for _ in range(tables)]
    await asyncio.sleep(min(seconds / 2, 10))
    during = _rss_kb(pid)
    answers0, t0, cpu0 = stats.answers, time.perf_counter(), _cpu_seconds(pid)
    await asyncio.gather(*runs)
    elapsed = time.perf_counter() - t0
    cpu = _cpu_seconds(pid) - cpu0
    done = stats.answers - answers0
    lat = sorted(stats.latencies)
    p = (lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000) if lat else (lambda q: 0)
    print(f"tables held: {tables} (games finished: {stats.games})")
    print(f"actions/s (answers taken, second half): {done / elapsed:.0f}; server CPU "
          f"{cpu / elapsed * 100:.0f}% of a core, {cpu / max(done, 1) * 1000:.2f} ms an action")
    print(f"answer -> every seat has the discard: p50 {p(0.50):.1f} ms, p99 {p(0.99):.1f} ms "
          f"(mean {statistics.fmean(lat) * 1000 if lat else 0:.1f} ms, n={len(lat)})")
    print(f"server memory: {before / 1024:.1f} MB before, {during / 1024:.1f} MB with the "
          f"tables; {(during - before) / tables / 1024:.2f} MB per table")


def main(argv: list[str]) -> None:
    tables = int(argv[0]) if argv else 20
    seconds = float(argv[1]) if len(argv) > 1 else 20.0
    parent, child = multiprocessing.Pipe()
    server = multiprocessing.Process(target=_serve, args=(child, tables), daemon=True)
    server.start()
    port = parent.recv()
    try:
        asyncio.run(_load(f"ws://127.0.0.1:{port}", tables, seconds, server.pid or 0))
    finally:
        server.terminate()
        server.join(10)


if __name__ == "__main__":
    main(sys.argv[1:])
