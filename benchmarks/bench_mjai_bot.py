"""`mahjong-tui bot` answer latency: one recorded game's mjai stream per seat, fed a line at a
time (mjai.app's dialect); the time from writing a line to reading its answer, at the
lines where the bot acts (p50, p99, max in ms), per level.

    .venv/bin/python benchmarks/bench_mjai_bot.py [--levels easy,normal,hard] [--games N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.storage.records.mjai import masked_for

CLI = [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())"]


def record(seed: int) -> list[dict]:
    with tempfile.TemporaryDirectory() as logs:
        subprocess.run([*CLI, "sim", "--ruleset", "tenhou", "--seed", str(seed), "--ai", "easy",
                        "--log", logs], check=True, capture_output=True)
        out = subprocess.run([*CLI, "export", "--format", "mjai",
                              str(Path(logs) / f"game-{seed}.jsonl")],
                             check=True, capture_output=True, text=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def latencies(level: str, lines: list[dict], seat: int) -> list[float]:
    proc = subprocess.Popen([*CLI, "bot", "--level", level], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    out = []
    for event in masked_for(lines, seat):
        began = time.perf_counter()
        proc.stdin.write(json.dumps([event]) + "\n")
        proc.stdin.flush()
        answer = proc.stdout.readline()
        took = time.perf_counter() - began
        if '"none"' not in answer:
            out.append(took * 1000)
    proc.stdin.close()
    proc.wait()
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    games = [record(seed) for seed in range(args.games)]
    for level in args.levels.split(","):
        times = sorted(t for lines in games for seat in range(4)
                       for t in latencies(level, lines, seat))
        n = len(times)
        print(json.dumps({"level": level, "answers": n,
                          "p50_ms": round(times[n // 2], 2),
                          "p99_ms": round(times[min(n - 1, int(n * 0.99))], 2),
                          "max_ms": round(times[-1], 2)}))


if __name__ == "__main__":
    main()
