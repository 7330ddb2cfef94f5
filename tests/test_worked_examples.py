"""Every worked example of RULESETS.md §4.11, read from ../shared/vectors (one test per line).

The vectors are sent through the real `mahjong-tui score` command (one process per
ruleset/override group) and compared as ../shared/vectors/README.md says.
"""

from __future__ import annotations

import collections
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT.parent / "shared" / "vectors" / "worked_examples.jsonl"


def _load() -> list[dict]:
    if not VECTORS.exists():  # pragma: no cover - CI always has ../shared
        pytest.fail(f"missing {VECTORS}: the worked examples must be beside the checkout")
    return [json.loads(line) for line in VECTORS.read_text().splitlines() if line.strip()]


ALL = _load()


def _group_key(vector: dict) -> tuple:
    rules = tuple(sorted((k, json.dumps(v)) for k, v in (vector.get("rules") or {}).items()))
    return vector["ruleset"], rules


@pytest.fixture(scope="module")
def answers() -> dict[str, dict]:
    """Run the CLI once per (ruleset, overrides) group, as an outside check would."""
    groups: dict[tuple, list[dict]] = collections.defaultdict(list)
    for vector in ALL:
        groups[_group_key(vector)].append(vector)
    out: dict[str, dict] = {}
    for (ruleset, rules), vectors in groups.items():
        cmd = [sys.executable, "-m", "tui.cli", "score", "--ruleset", ruleset]
        for key, value in rules:
            cmd += ["--rule", f"{key}={value}"]
        stdin = "".join(json.dumps(v["request"]) + "\n" for v in vectors)
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, cwd=ROOT)
        assert proc.returncode == 0, proc.stderr
        lines = proc.stdout.splitlines()
        assert len(lines) == len(vectors)
        for vector, line in zip(vectors, lines, strict=True):
            out[vector["id"]] = json.loads(line)
    return out


def _matches(expected, got) -> bool:
    if isinstance(expected, dict):
        if not isinstance(got, dict):
            return False
        for key, value in expected.items():
            if key == "yaku":
                want = sorted((y["id"], y.get("han") or 0) for y in value)
                have = sorted((y.get("id"), y.get("han") or 0) for y in got.get("yaku") or [])
                if want != have:
                    return False
            elif not _matches(value, got.get(key)):
                return False
        return True
    return expected == got


@pytest.mark.parametrize("vector", ALL, ids=[v["id"] for v in ALL])
def test_worked_example(vector, answers):
    got = answers[vector["id"]]
    expect = vector["expect"]
    if not expect.get("ok", True):
        assert (got["ok"], got.get("error")) == (False, expect["error"]), got
        return
    assert _matches(expect, got), f"\nexpected {json.dumps(expect)}\n     got {json.dumps(got)}"
