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
