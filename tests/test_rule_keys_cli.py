"""A `--rule` error sends the user to something they have: `mahjong-tui rulesets
--rules`, which lists every rule key with its meaning and allowed values (issue 19)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rules.ruleset import ENUMS, RULE_KEYS, allowed_text

ROOT = Path(__file__).resolve().parent.parent


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_rulesets_rules_lists_every_key_with_meaning_and_allowed_values() -> None:
    out = _cli("rulesets", "--rules")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    for key in RULE_KEYS:
        [line] = [line for line in lines if line.split()[:1] == [key]]
        meaning, _, allowed = line.split(None, 1)[1].rpartition(": ")
        assert meaning.strip() and allowed == allowed_text(key), line
    rows = json.loads(_cli("rulesets", "--rules", "--json").stdout)
    assert [row["key"] for row in rows] == sorted(RULE_KEYS, key=[r["key"] for r in rows].index)
    assert {row["key"] for row in rows} == set(RULE_KEYS)
    for key, values in ENUMS.items():
        assert all(repr(v) in allowed_text(key) for v in values)


def test_an_unknown_rule_key_points_to_rulesets_rules() -> None:
    out = _cli("--rule", "nosuchkey=1")
    assert out.returncode == 2
    assert "mahjong-tui rulesets --rules" in out.stderr
    assert "RULESETS.md" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
