"""Scoring speed: our scorer against `mahjong`'s HandCalculator on the same hands.

Run: .venv/bin/python -m pytest benchmarks/bench_score.py -n 0 --benchmark-enable
Both sides get the same 2,000 seeded winning hands (tests/handgen.py), already
parsed into each library's own input, so only scoring itself is timed.

Our scorer memoises per group of tiles (a suit's readings and their facts) and per
value (what a set of yaku is worth under the ruleset, limits, payments), never per
whole hand. The memos are emptied first and the cold first pass over the hands is
timed and reported; the benchmark rounds then run warm, as the engine does after
its first few hands. The last test prints the ratio.

These rounds score the same 2,000 hands again and again, so after the first round
every memo holds them: this is the *repeated* figure, the most flattering one. The
figures that count (distinct real hands, each scored once, cold and after a warm-up
on other hands) are `benchmarks/ratios.py`'s.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from handgen import generate_hands  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from test_differential_mahjong import lib_score  # noqa: E402

import rules.scoring as scoring  # noqa: E402
from rules.request import win_from_request  # noqa: E402
from rules.ruleset import load_preset  # noqa: E402

HANDS = [hand.request for hand in generate_hands(seed=2024, count=2000)]
TARGET_RATIO = 10

_results: dict[str, float] = {}  # name -> µs per hand


@pytest.fixture(scope="module")
def our_wins():
    wins = [win_from_request(request) for request in HANDS]
    ruleset = load_preset("wrc")
    scoring.clear_caches()
    start = time.perf_counter()
    for win in wins:
        scoring.score(win, ruleset)
    _results["ours, cold first pass"] = (time.perf_counter() - start) / len(wins) * 1e6
    return wins


@pytest.fixture(scope="module")
def lib_inputs():
    """Capture the library's prepared arguments once, so parsing is not timed."""
    calls = []
    original = HandCalculator.estimate_hand_value

    def capture(*args, **kwargs):
        calls.append((args, kwargs))
        return None

    HandCalculator.estimate_hand_value = staticmethod(capture)
    try:
        for request in HANDS:
            lib_score(request, "wrc")
    finally:
        HandCalculator.estimate_hand_value = original
    return calls


def _per_hand(benchmark, name: str) -> None:
    if benchmark.disabled:
        pytest.skip("run with -n 0 --benchmark-enable")
    _results[name] = benchmark.stats.stats.min / len(HANDS) * 1e6
    benchmark.extra_info["us_per_hand_best_round"] = round(_results[name], 3)


@pytest.mark.benchmark(group="score 2,000 hands")
def test_score_ours(benchmark, our_wins):
    ruleset = load_preset("wrc")
    benchmark(lambda: [scoring.score(win, ruleset) for win in our_wins])
    _per_hand(benchmark, "ours")


@pytest.mark.benchmark(group="score 2,000 hands")
def test_score_mahjong_package(benchmark, lib_inputs):
    estimate = HandCalculator.estimate_hand_value
    benchmark(lambda: [estimate(*args, **kwargs) for args, kwargs in lib_inputs])
    _per_hand(benchmark, "mahjong")


def test_ratio(benchmark, capsys):
    # Uses the benchmark fixture only to know whether timing is on and to record.
    if benchmark.disabled or "ours" not in _results or "mahjong" not in _results:
        pytest.skip("run with -n 0 --benchmark-enable, after the two scoring benchmarks")
    benchmark.pedantic(lambda: None, rounds=1)
    ratio = _results["mahjong"] / _results["ours"]
    benchmark.extra_info.update(
        {name: round(value, 3) for name, value in _results.items()} | {"ratio": round(ratio, 1)}
    )
    with capsys.disabled():
        print(f"\n\n{len(HANDS)} seeded winning hands, µs per hand (best round):")
        for name, value in _results.items():
            print(f"  {name:<24} {value:8.2f}")
        print(f"  scoring: ours is {ratio:.1f}x faster (target {TARGET_RATIO}x)")
