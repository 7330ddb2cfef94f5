"""Scoring speed: our scorer against `mahjong`'s HandCalculator on the same hands.

Run: .venv/bin/python -m pytest benchmarks/bench_score.py --benchmark-enable
Both sides get the same 2,000 seeded winning hands (tests/handgen.py), already
parsed into each library's own input, so only scoring itself is timed.
"""

from __future__ import annotations

import sys
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


@pytest.fixture(scope="module")
def our_wins():
    return [win_from_request(request) for request in HANDS]


@pytest.fixture(scope="module")
def lib_inputs(monkeypatch_module=None):
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


@pytest.mark.benchmark(group="score 2,000 hands")
def test_score_ours(benchmark, our_wins):
    ruleset = load_preset("wrc")
    benchmark(lambda: [scoring.score(win, ruleset) for win in our_wins])


@pytest.mark.benchmark(group="score 2,000 hands")
def test_score_mahjong_package(benchmark, lib_inputs):
    estimate = HandCalculator.estimate_hand_value
    benchmark(lambda: [estimate(*args, **kwargs) for args, kwargs in lib_inputs])
