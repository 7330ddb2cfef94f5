"""Arena speed-up: the same duplicate sets with 1 worker and with K (issue 24).

    .venv/bin/python benchmarks/bench_arena.py                       # 8 sets, K = 2
    .venv/bin/python benchmarks/bench_arena.py --sets 20 --workers 4 --challenger hard

Plays the sets once in this process (`--workers 1`) and once in a pool of K
processes, on the same seeds, and prints the wall time of each, the speed-up
(wall 1 / wall K), the cores each run kept busy (CPU seconds of this process and
its workers over wall seconds) and the load average before and after: on a
machine shared with other work the wall speed-up says as much about the load as
about the pool, the cores used say what the pool got. It also checks that both
runs gave the same figures. Goal (issue 24): >= 1.8x with 2 workers on 2 idle cores.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.arena import run_arena
from rules.ruleset import resolve
from tui.player_specs import resolve_spec


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(args: argparse.Namespace, workers: int) -> tuple[dict, float, float]:
    cpu, wall = _cpu(), time.perf_counter()
    summary = run_arena(
        resolve(args.ruleset), args.challenger, args.opponents, args.sets, args.seed,
        resolve_spec, workers=workers,
    )
    return summary, time.perf_counter() - wall, _cpu() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="tenhou")
    parser.add_argument("--challenger", default="easy")
    parser.add_argument("--opponents", default="jansou:SmartEfficiencyAgent")
    parser.add_argument("--sets", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    load_before = os.getloadavg()
    one, wall_1, cpu_1 = timed(args, 1)
    many, wall_k, cpu_k = timed(args, args.workers)
    load_after = os.getloadavg()
    same = {k: v for k, v in one.items() if k != "seconds"} == {
        k: v for k, v in many.items() if k != "seconds"
    }
    games = 4 * args.sets
    report = {
        "sets": args.sets,
        "games": games,
        "cpus": os.cpu_count(),
        "workers": args.workers,
        "wall_1": round(wall_1, 2),
        f"wall_{args.workers}": round(wall_k, 2),
        "speedup": round(wall_1 / wall_k, 2),
        "cores_used_1": round(cpu_1 / wall_1, 2),
        f"cores_used_{args.workers}": round(cpu_k / wall_k, 2),
        "games_per_s_1": round(games / wall_1, 2),
        f"games_per_s_{args.workers}": round(games / wall_k, 2),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in load_after],
        "same_figures": same,
    }
    print(json.dumps(report))
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
