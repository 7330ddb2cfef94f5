"""The `mjai` package's rule-based bot as an arena seat (issue 24: hard is measured
against it), through `benchmarks/mjai_rulebase_bot.py` in a venv of its own (`mjai`
pins `mahjong~=1.2`; the venv is `tests/test_mjai_referee.py`'s, built once)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent
WRAPPER = PROJECT / "benchmarks" / "mjai_rulebase_bot.py"


def test_the_wrapper_without_mjai_says_so_and_exits_2():
    out = subprocess.run([sys.executable, str(WRAPPER)], input="", capture_output=True,
                         text=True, timeout=60)
    if out.returncode == 0:
        pytest.skip("mjai is importable here")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "mjai" in out.stderr


@pytest.mark.slow
def test_hard_plays_a_set_against_three_rule_based_bots():
    from test_mjai_referee import _python

    python = _python()
    spec = f"mjai:{python} {WRAPPER}"
    out = subprocess.run(
        [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())",
         "arena", "--ruleset", "tenhou", "--challenger", "hard", "--opponents", spec,
         "--sets", "1", "--seed", "5", "--workers", "1"],
        capture_output=True, text=True, timeout=900, cwd=PROJECT,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    # a timeout or an illegal answer is replaced by the default and logged as "mjai: ..."
    assert "mjai:" not in out.stderr, out.stderr[-2000:]
    summary = json.loads(out.stdout)
    assert summary["errors"] == 0 and summary["games"] == 4
    bot = summary["players"][spec]
    assert bot["win_rate"] > 0  # the bot played: it won hands, not only passed


class _Recorder:
    """A stand-in for mjai's `Bot`: the batches it is told and its game-long lists."""

    def __init__(self) -> None:
        self.told: list[list[str]] = []
        self._Bot__call_events = [{"type": "pon"}]
        self._Bot__discard_events = [{"type": "dahai"}]
        self._Bot__dora_indicators = ["1m"]

    def react(self, line: str) -> str:
        batch = json.loads(line)
        self.told.append([e["type"] for e in batch])
        for event in batch:  # what mjai's `Bot.react` keeps, as it keeps it
            if event["type"] == "pon":
                self._Bot__call_events.append(event)
            if event["type"] == "start_kyoku":
                self._Bot__dora_indicators.append(event["dora_marker"])
        return '{"type":"none"}'


def _wrapper_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("mjai_rulebase_bot", WRAPPER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fresh_each_hand_clears_the_bots_game_long_lists_at_each_new_hand():
    react = _wrapper_module().react
    batch = [{"type": "end_kyoku"}, {"type": "start_kyoku", "dora_marker": "5p"},
             {"type": "tsumo", "actor": 0, "pai": "1m"}]
    bot = _Recorder()
    react(bot, batch, True)
    # the events before the new hand are told first, then the lists are cleared
    assert bot.told == [["end_kyoku"], ["start_kyoku", "tsumo"]]
    assert bot._Bot__call_events == [] and bot._Bot__discard_events == []
    assert bot._Bot__dora_indicators == ["5p"]
    published = _Recorder()
    react(published, batch, False)  # the bot as published keeps them
    assert published.told == [["end_kyoku", "start_kyoku", "tsumo"]]
    assert published._Bot__call_events == [{"type": "pon"}]
    assert published._Bot__dora_indicators == ["1m", "5p"]
