"""`benchmarks/bench_ai.py` times the levels as a host asks them (issue 4's budget).

A level is a host seat (`engine.driver.ViewPlayer`): it is asked with its
`SeatView` alone. The benchmark's timing wrapper must take that same call, or
the first decision of the first game fails and nothing is measured.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_latency_benchmark_times_every_decision_of_a_game():
    spec = importlib.util.spec_from_file_location("bench_ai", ROOT / "benchmarks" / "bench_ai.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    times, trivial = bench.latencies("easy", "wrc", 1, 7_000)
    assert len(times) > 100 and trivial > 0
    assert all(t >= 0 for t in times)
