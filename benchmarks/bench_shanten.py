"""Our shanten against the reference `mahjong` package (2.1.0), on the same hands.

    .venv/bin/python -m pytest benchmarks/bench_shanten.py -n 0 --benchmark-enable

Both sides analyse the same 4,000 seeded random hands (2,000 of 13 tiles, 2,000
of 14, dealt from a 136-tile wall) in the same run. Each benchmark round is one
pass over all hands; per-call times are the round's mean divided by the hand
count. Our memo caches are warmed by one pass first (the game and the AI analyse
the same few thousand suit shapes over and over); the cold first pass is timed
and reported too. The last test prints the ratios and records them in the
benchmark JSON (`extra_info`) when `--benchmark-json` is given.
"""

from __future__ import annotations

import random
import time

import pytest
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from rules.shanten import shanten
from rules.tiles import KIND_COUNT, to_counts
from rules.waits import is_complete

HAND_COUNT = 4000
SEED = 20240601
TARGET_RATIO = 20

_results: dict[str, float] = {}  # benchmark name -> mean µs per call


@pytest.fixture(scope="module")
def hands() -> list[list[int]]:
    rng = random.Random(SEED)
    wall = [kind for kind in range(KIND_COUNT) for _ in range(4)]
    dealt = [to_counts(rng.sample(wall, 13 + i % 2)) for i in range(HAND_COUNT)]
    start = time.perf_counter()
    for counts in dealt:
        shanten(counts)
    _results["ours, cold first pass"] = (time.perf_counter() - start) / HAND_COUNT * 1e6
    return dealt


def _per_call(benchmark, name: str, count: int) -> None:
    if benchmark.disabled:
        pytest.skip("run with -n 0 --benchmark-enable")
    _results[name] = benchmark.stats.stats.mean / count * 1e6
    benchmark.extra_info["us_per_call"] = round(_results[name], 3)


def test_shanten_ours(benchmark, hands):
    result = benchmark.pedantic(
        lambda: [shanten(counts) for counts in hands], rounds=40, warmup_rounds=1
    )
    assert len(result) == HAND_COUNT
    _per_call(benchmark, "shanten, ours", len(hands))


def test_shanten_mahjong_package(benchmark, hands):
    calculate = Shanten().calculate_shanten
    result = benchmark.pedantic(
        lambda: [calculate(counts) for counts in hands], rounds=5, warmup_rounds=1
    )
    assert result == [shanten(counts) for counts in hands]  # same answers, or no contest
    _per_call(benchmark, "shanten, mahjong", len(hands))


def test_is_complete_ours(benchmark, hands):
    fourteen = [counts for counts in hands if sum(counts) == 14]
    benchmark.pedantic(
        lambda: [is_complete(counts) for counts in fourteen], rounds=40, warmup_rounds=1
    )
    _per_call(benchmark, "is_complete, ours", len(fourteen))


def test_is_complete_mahjong_package(benchmark, hands):
    fourteen = [counts for counts in hands if sum(counts) == 14]
    is_agari = Agari().is_agari
    result = benchmark.pedantic(
        lambda: [is_agari(counts) for counts in fourteen], rounds=10, warmup_rounds=1
    )
    assert result == [is_complete(counts) for counts in fourteen]
    _per_call(benchmark, "is_complete, mahjong", len(fourteen))


def test_ratio(benchmark, capsys):
    # Uses the benchmark fixture only to know whether timing is on and to record.
    if benchmark.disabled:
        pytest.skip("run with -n 0 --benchmark-enable")
    benchmark.pedantic(lambda: None, rounds=1)
    shanten_ratio = _results["shanten, mahjong"] / _results["shanten, ours"]
    complete_ratio = _results["is_complete, mahjong"] / _results["is_complete, ours"]
    benchmark.extra_info.update(
        {name: round(value, 3) for name, value in _results.items()}
        | {"shanten_ratio": round(shanten_ratio, 1), "is_complete_ratio": round(complete_ratio, 1)}
    )
    with capsys.disabled():
        print(f"\n\n{HAND_COUNT} seeded random hands (seed {SEED}), µs per call:")
        for name, value in _results.items():
            print(f"  {name:<24} {value:8.2f}")
        print(f"  shanten:     ours is {shanten_ratio:.1f}x faster (target {TARGET_RATIO}x)")
        print(f"  is_complete: ours is {complete_ratio:.1f}x faster")
