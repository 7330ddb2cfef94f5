"""The table server under load (a benchmark, not a timed test; issue #23).

    .venv/bin/python benchmarks/bench_server.py TABLES SECONDS [--think F] [--procs N]
        [--warmup S] [--seed N] [--ruleset ID] [--profile PATH]

One server process (`engine.server.app.TableServer`, its limits raised for one
address) and `--procs` client processes (default 1) holding TABLES tables of four
scripted remote clients over loopback websockets; every seat is a person (no AI). A
table whose game ends is replaced by a new one. It runs SECONDS in all and measures
after `--warmup` seconds (default a third of the run, at most 15), when every table
is seated; then it prints, in one run, everything the goal asks for.

What the clients model. People think before they answer: each decision waits a
seeded think time, `--think` times a draw of its own. A discard (or any turn
action) waits 0.4 s plus an exponential of mean 0.6 s, so about a second (online
players take one to two seconds a discard; the 0.4 s floor is reading the hand); a
pass offered on a claim waits 0.15 s plus an exponential of mean 0.25 s, so about
0.4 s (the call button is a glance, many players pass almost at once); every wait is
cut at 5 s (Tenhou's time per decision). `--think 0` answers at once: the server
saturated, its throughput. What they play: pass where they may, else the first
plain discard; the games are dealt from seeds SEED*1000003 + k (k counts the games
the server deals), each seat's think times from its own generator seeded by (SEED,
table slot, seat, game). The clients are light: they parse each message's JSON and
read the type, the number of game events and the legal actions, no more (no fold).

The latency is the server's, per answer: from the moment a client sends an answer
to the moment every seat the server told in response has received that response
(the events the answer caused; the seats a claim window keeps waiting are told at
the window's close, which is the closing answer's response). A message is given to
the answer it responds to by the count of game events each seat has received (host
`status` and `seated` events not counted): an answer sent by a seat that had seen
B events is answered by the messages that take a seat past B, up to the next
answer's B. So another player's think time is never inside the figure, and a
message that arrives after the next answer was sent is still given to its own. An
answer of a claim window that did not close it caused nothing yet and has no figure.
Answers sent within the measured part are counted.

It prints: tables held (and games finished), actions per second (answers sent in
the measured part), the server's CPU per action and in % of a core (from
/proc/PID/stat), the p50/p90/p99/max latency, the server's resident memory per
table (its RSS at the end of the measured part, all tables up, less its RSS before
the first table, over TABLES), and the clients' CPU (if the clients are saturated,
their own queueing is inside the latencies), and how late the server's and the
clients' event loops wake from a 10 ms sleep (a loop that wakes late is busy, or
waits for a CPU: on a shared machine the latencies are then the machine's).
`--profile PATH` runs cProfile in the server over the measured part on the thread's
CPU clock (a server waiting for a CPU is not counted as slow; that clock makes the
profiled server several times slower, so read its CPU and latencies from a run
without it), writes the stats to PATH (`python -m pstats PATH`) and prints where
the time goes. The machine is shared: compare runs made in the same conditions.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from typing import Any

HOST_EVENTS = {"status", "seated"}
CUT = 5.0  # seconds: the longest think time


def _serve(conn: Any, tables: int, seed: int, quiet_gc: bool = True) -> None:
    """The server process: listens, sends its port, then obeys `conn`: "begin" (or
    "begin profile") the measured part, "end" (or "end PATH", the profile written
    there), answered with the loop's wake-up lags in the measured part."""
    import cProfile

    from engine.game import Game
    from engine.player_seat import PlayerSeat
    from engine.server.app import Limits, TableServer
    from engine.server.quiet_gc import QuietCollector
    from rules.ruleset import Ruleset

    dealt = 0

    def game(ruleset: Ruleset) -> Game:
        nonlocal dealt
        dealt += 1
        return Game.new(ruleset, seed * 1000003 + dealt, clock=time.monotonic)

    def ai(level: str, seat: int, seed: int) -> PlayerSeat:
        from ai import LEVELS

        return PlayerSeat(LEVELS[level](seat, seed))

    profile = cProfile.Profile(time.thread_time)  # CPU time: a preempted server is not "slow"
    lags: list[float] = []
    measuring = False

    async def probe() -> None:
        """How late the server's event loop wakes up: a busy (or starved) loop."""
        while True:
            began = time.monotonic()
            await asyncio.sleep(0.01)
            if measuring:
                lags.append(time.monotonic() - began - 0.01)

    async def main() -> None:
        nonlocal measuring
        server = TableServer(
            ai, default_level="tsumogiri", game_factory=game,
            limits=Limits(per_address=10 * tables + 10, tables=2 * tables + 10, rate=1000,
                          burst=1000, backlog=100_000),
        )
        port = await server.start("127.0.0.1", 0)
        if quiet_gc:  # as `serve` and `host` run it
            QuietCollector().install()
        conn.send(port)
        loop = asyncio.get_running_loop()
        done = asyncio.Event()
        prober = loop.create_task(probe())

        def command() -> None:
            nonlocal measuring
            try:
                order = conn.recv()
            except EOFError:
                done.set()
                return
            if order.startswith("begin"):
                measuring = True
                if order == "begin profile":
                    profile.enable()
            elif order.startswith("end"):
                measuring = False
                if order != "end":
                    profile.disable()
                    profile.dump_stats(order[4:])
                conn.send(sorted(lags))

        loop.add_reader(conn.fileno(), command)
        await done.wait()
        prober.cancel()

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


def think_time(rng: random.Random, legal: list[dict[str, Any]], scale: float) -> float:
    """A person's time for one decision (see the module's docstring); 0 at scale 0."""
    if scale <= 0:
        return 0.0
    if any(a["type"] == "pass" for a in legal):
        wait = 0.15 + rng.expovariate(1 / 0.25)
    else:
        wait = 0.4 + rng.expovariate(1 / 0.6)
    return min(CUT, wait * scale)


class Stats:
    """One client process's figures over the measured part."""

    def __init__(self, begin: float, stop: float) -> None:
        self.begin, self.stop = begin, stop
        self.answers = 0  # sent in the measured part
        self.latencies: list[float] = []
        self.silent = 0  # measured answers that caused nothing (a window not yet closed)
        self.games = 0
        self.tables = 0  # seated at some point


class Answers:
    """A table's answers in order: when sent, and how many game events the answering
    seat had seen (B); each message is given to the last answer with B below the
    count it takes its seat to, sent before it arrived."""

    def __init__(self) -> None:
        self.sent: list[float] = []
        self.bound: list[int] = []
        self.last: list[float] = []  # the last arrival of its response (0: none yet)

    def add(self, when: float, bound: int) -> None:
        self.sent.append(when)
        self.bound.append(bound)
        self.last.append(0.0)

    def arrived(self, count: int, when: float) -> None:
        for k in range(len(self.sent) - 1, -1, -1):
            if self.bound[k] < count and self.sent[k] <= when:
                if when > self.last[k]:
                    self.last[k] = when
                return

    def close(self, stats: Stats) -> None:
        for sent, last in zip(self.sent, self.last, strict=True):
            if stats.begin <= sent < stats.stop:
                if last:
                    stats.latencies.append(last - sent)
                else:
                    stats.silent += 1


async def _call(ws: Any, message: dict[str, Any], want: str) -> dict[str, Any]:
    await ws.send(json.dumps(message))
    while True:
        reply = json.loads(await ws.recv())
        if reply["type"] == want:
            return dict(reply)
        if reply["type"] == "error":
            raise RuntimeError(reply)


async def _slot(url: str, slot: int, args: argparse.Namespace, stats: Stats) -> None:
    """Tables one after another in one slot, until the end."""
    game = 0
    while time.monotonic() < stats.stop:
        await _game(url, slot, game, args, stats)
        game += 1


async def _game(url: str, slot: int, game: int, args: argparse.Namespace,
                stats: Stats) -> None:
    from websockets.asyncio.client import connect

    sockets = [await connect(url, max_size=None, ping_interval=None) for _ in range(4)]
    for ws in sockets:
        await _call(ws, {"type": "hello", "version": 1}, "welcome")
    created = await _call(sockets[0], {"type": "create", "ruleset": args.ruleset}, "created")
    answers = Answers()
    seen = [0, 0, 0, 0]  # game events each seat has received
    over = asyncio.Event()
    pending: set[asyncio.Task[None]] = set()

    async def answer(ws: Any, i: int, message: dict[str, Any], wait: float) -> None:
        if wait:
            await asyncio.sleep(wait)
        action = _choose(message["legal"])
        answers.add(time.monotonic(), seen[i])
        if stats.begin <= time.monotonic() < stats.stop:
            stats.answers += 1
        with contextlib.suppress(Exception):
            await ws.send(json.dumps({"type": "answer", "seq": message["seq"],
                                      "action": action}))

    async def seat(i: int, ws: Any) -> None:
        rng = random.Random(f"{args.seed}/{slot}/{i}/{game}")
        await _call(ws, {"type": "join", "invitation": created["invitation"],
                         "name": f"p{i}"}, "joined")
        async for text in ws:
            now = time.monotonic()
            message = json.loads(text)
            kind = message["type"]
            if kind == "events":
                new = sum(1 for e in message["events"] if e["type"] not in HOST_EVENTS)
                if new:
                    seen[i] += new
                    answers.arrived(seen[i], now)
                if any(e["type"] == "game_ended" for e in message["events"]):
                    over.set()
            elif kind == "decide":
                wait = think_time(rng, message["legal"], args.think)
                task = asyncio.create_task(answer(ws, i, message, wait))
                pending.add(task)
                task.add_done_callback(pending.discard)
            if over.is_set() or now > stats.stop:
                return

    stats.tables += 1
    playing = asyncio.gather(*(seat(i, ws) for i, ws in enumerate(sockets)))
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(playing, max(0.1, stats.stop - time.monotonic()))
    for task in list(pending):
        task.cancel()
    for ws in sockets:
        await ws.close()
    answers.close(stats)
    if over.is_set():
        stats.games += 1


def _clients(conn: Any, url: str, slots: list[int], args: argparse.Namespace,
             begin: float, stop: float) -> None:
    """One client process: its share of the tables; its figures back through `conn`."""
    stats = Stats(begin, stop)

    async def main() -> None:
        async def cpu_at_begin() -> float:
            await asyncio.sleep(max(0.0, begin - time.monotonic()))
            return time.process_time()

        lags: list[float] = []

        async def probe() -> None:
            while True:
                began = time.monotonic()
                await asyncio.sleep(0.01)
                if begin <= began < stop:
                    lags.append(time.monotonic() - began - 0.01)

        prober = asyncio.create_task(probe())
        first = asyncio.create_task(cpu_at_begin())
        runs = []
        for slot in slots:  # a few at a time: 800 handshakes at once queue up
            runs.append(asyncio.create_task(_slot(url, slot, args, stats)))
            await asyncio.sleep(0.005)
        cpu0 = await first
        await asyncio.sleep(max(0.0, stop - time.monotonic()))
        cpu = time.process_time() - cpu0
        await asyncio.gather(*runs, return_exceptions=True)
        prober.cancel()
        lags.sort()
        conn.send({"lag": _q(lags, 0.99) / 1000, "answers": stats.answers,
                   "latencies": stats.latencies,
                   "silent": stats.silent, "games": stats.games, "tables": stats.tables,
                   "cpu": cpu})

    asyncio.run(main())


def _q(values: list[float], q: float) -> float:
    """The q-quantile of sorted `values`, in ms."""
    return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else 0.0


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench_server.py", description=__doc__.split("\n")[0])
    parser.add_argument("tables", type=int, nargs="?", default=20)
    parser.add_argument("seconds", type=float, nargs="?", default=30.0)
    parser.add_argument("--think", type=float, default=1.0,
                        help="scale of the think times (0: answer at once)")
    parser.add_argument("--procs", type=int, default=1, help="client processes")
    parser.add_argument("--warmup", type=float, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="wrc")
    parser.add_argument("--profile", default=None, help="write the server's cProfile here")
    parser.add_argument("--default-gc", action="store_true",
                        help="leave the cyclic GC as Python sets it (serve and host run "
                             "engine.server.quiet_gc)")
    args = parser.parse_args(argv)
    if args.warmup is None:
        args.warmup = min(15.0, args.seconds / 3)
    if not (1 <= args.tables <= 2000 and 0 < args.warmup < args.seconds <= 600
            and args.think >= 0 and 1 <= args.procs <= 8):
        print("bench_server.py: TABLES 1..2000, 0 < warmup < SECONDS <= 600, --think >= 0, "
              "--procs 1..8", file=sys.stderr)
        sys.exit(2)
    return args


def _where(path: str) -> None:
    """Where the server's time went (cProfile over the measured part)."""
    import pstats

    stats = pstats.Stats(path)
    rows = stats.stats  # type: ignore[attr-defined]
    idle = sum(tt for (_, _, name), (_, _, tt, _, _) in rows.items() if "poll" in name)
    total = stats.total_tt - idle  # type: ignore[attr-defined]
    print(f"server profile ({path}): {total:.1f} s of work in the measured part "
          f"({idle:.1f} s in epoll left out; CPU time, the profiler slowing the server: "
          "compare CPU and latency from runs without --profile)")
    keys = ["host.py:.*\\(_tell\\)", "host.py:.*\\(_view\\)", "table.py:.*\\(update\\)",
            "table.py:.*\\(encode\\)", "protocol.py:.*\\(view_checksum\\)",
            "protocol.py:.*\\(dump\\)", "app.py:.*\\(writer\\)", "app.py:.*\\(handle\\)",
            "game.py:.*\\(apply\\)", "seat_view.py:.*\\(build_view\\)"]
    import re

    for key in keys:
        for (file, line, name), (_, _, _, cum, _) in rows.items():
            if re.search(key, f"{os.path.basename(file)}:{line}({name})"):
                print(f"  {os.path.basename(file)}:{name}: {cum:.2f} s cumulative "
                      f"({cum / total * 100:.0f}%)")
                break
    print("  most time itself (tottime):")
    top = sorted(((k, v) for k, v in rows.items() if "poll" not in k[2]),
                 key=lambda kv: kv[1][2], reverse=True)[:14]
    for (file, line, name), (_, _, tt, _, _) in top:
        print(f"    {tt:6.2f} s  {os.path.basename(file)}:{line}({name})")


def main(argv: list[str]) -> None:
    args = _parse(argv)
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe()
    server = ctx.Process(target=_serve, args=(child, args.tables, args.seed, not args.default_gc),
                         daemon=True)
    server.start()
    port = parent.recv()
    pid = server.pid or 0
    before = _rss_kb(pid)
    url = f"ws://127.0.0.1:{port}"
    start = time.monotonic()
    begin, stop = start + args.warmup, start + args.seconds
    procs, pipes = [], []
    for p in range(args.procs):
        mine, theirs = ctx.Pipe()
        slots = list(range(p, args.tables, args.procs))
        proc = ctx.Process(target=_clients, args=(theirs, url, slots, args, begin, stop),
                           daemon=True)
        proc.start()
        procs.append(proc)
        pipes.append(mine)
    try:
        time.sleep(max(0.0, begin - time.monotonic()))
        cpu0 = _cpu_seconds(pid)
        parent.send("begin profile" if args.profile else "begin")
        time.sleep(max(0.0, stop - time.monotonic()))
        cpu = _cpu_seconds(pid) - cpu0
        during = _rss_kb(pid)
        parent.send(f"end {os.path.abspath(args.profile)}" if args.profile else "end")
        lags = parent.recv()
        results = [pipe.recv() for pipe in pipes]
    finally:
        for proc in procs:
            proc.join(30)
            if proc.is_alive():
                proc.terminate()
        server.terminate()
        server.join(10)
    elapsed = stop - begin
    done = sum(r["answers"] for r in results)
    lat = sorted(x for r in results for x in r["latencies"])

    def p(q: float) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else 0.0

    client_cpu = sum(r["cpu"] for r in results)
    print(f"bench_server.py {args.tables} {args.seconds:g} --think {args.think:g} "
          f"--procs {args.procs} --warmup {args.warmup:g} --seed {args.seed} "
          f"--ruleset {args.ruleset}; measured {elapsed:.0f} s; load average "
          f"{os.getloadavg()[0]:.1f}")
    print(f"tables held: {args.tables} (seated: {sum(r['tables'] for r in results)}, "
          f"games finished: {sum(r['games'] for r in results)})")
    print(f"actions/s: {done / elapsed:.0f} ({done} answers); server CPU "
          f"{cpu / max(done, 1) * 1000:.2f} ms an action, {cpu / elapsed * 100:.0f}% of a core")
    print(f"server latency, answer sent -> every seat told has its response: "
          f"p50 {p(0.50):.1f} ms, p90 {p(0.90):.1f} ms, p99 {p(0.99):.1f} ms, "
          f"max {p(1.0):.1f} ms (mean {statistics.fmean(lat) * 1000 if lat else 0:.1f} ms, "
          f"n={len(lat)}; answers that caused nothing yet: "
          f"{sum(r['silent'] for r in results)})")
    print(f"server memory: {before / 1024:.1f} MB before, {during / 1024:.1f} MB with the "
          f"tables; {(during - before) / args.tables / 1024:.2f} MB per table")
    print(f"clients: {args.procs} process(es), {client_cpu / elapsed * 100:.0f}% of a core, "
          f"their event loops woke late by p99 "
          f"{max(r['lag'] for r in results) * 1000:.1f} ms")
    print(f"server event loop woke late by (a 10 ms sleep): p50 {_q(lags, 0.5):.1f} ms, "
          f"p99 {_q(lags, 0.99):.1f} ms, max {_q(lags, 1.0):.1f} ms")
    if args.profile:
        _where(args.profile)


if __name__ == "__main__":
    main(sys.argv[1:])
