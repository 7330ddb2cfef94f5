"""The scorer's answers on 10,000 distinct real winning hands, pinned.

Why: the scorer is optimised again and again (memos, packed facts, lazy
explanations); each change must give the very same answers on hands it was not
tuned on. `benchmarks/data/hands.jsonl.gz` holds the distinct wins the engine
scored in seeded AI games of every preset (`benchmarks/collect_hands.py`); this
test scores each under the preset it was played in, through the CONTRACT.md
request path, and compares every field with `benchmarks/data/hands_answers.jsonl.gz`,
written by the scorer before the optimisations of issue 13.

Regenerate the answers only for a deliberate rule change, and say why in the commit:

    .venv/bin/python tests/test_distinct_hands.py --write
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "benchmarks" / "data" / "hands.jsonl.gz"
ANSWERS = ROOT / "benchmarks" / "data" / "hands_answers.jsonl.gz"
SHOWN = 5  # differences printed in a failure message


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in gzip.decompress(path.read_bytes()).decode().splitlines()]


def _answers() -> list[dict[str, Any]]:
    """Each hand's answer under the preset it was played in (fresh memos, in file order)."""
    from rules import scoring
    from rules.request import answer
    from rules.ruleset import load_preset

    scoring.clear_caches()
    out = []
    for hand in _lines(HANDS):
        preset = hand["_preset"]
        request = {k: v for k, v in hand.items() if k != "_preset"}
        out.append(answer(request, load_preset(preset)))
    return out


def test_hands_are_distinct_real_wins() -> None:
    hands = _lines(HANDS)
    assert len(hands) == 10_000
    assert len({json.dumps(h, sort_keys=True) for h in hands}) == len(hands)
    assert {h["_preset"] for h in hands} == {
        "jpm",
        "renmei_classic",
        "jpml",
        "wrc",
        "teiai",
        "gifu",
    }


def test_answers_unchanged_on_distinct_hands() -> None:
    got = _answers()
    expected = _lines(ANSWERS)
    assert len(got) == len(expected)
    assert all(answer["ok"] for answer in got), "the engine scored each of these as a win"
    differences = [
        (i, want, have)
        for i, (want, have) in enumerate(zip(expected, got, strict=True))
        if want != have
    ]
    assert not differences, f"{len(differences)} answers changed, e.g.\n" + "\n".join(
        f"hand {i}: expected {json.dumps(want)}\n got {json.dumps(have)}"
        for i, want, have in differences[:SHOWN]
    )


def test_answers_do_not_depend_on_memo_state() -> None:
    """The same hands scored again, memos full and in reverse order, answer the same."""
    from rules.request import answer
    from rules.ruleset import load_preset

    hands = _lines(HANDS)[::25]
    first = _answers()[::25]
    again = [
        answer({k: v for k, v in h.items() if k != "_preset"}, load_preset(h["_preset"]))
        for h in reversed(hands)
    ]
    assert first == again[::-1]


if __name__ == "__main__" and "--write" in sys.argv:
    sys.path.insert(0, str(ROOT))
    text = "".join(
        json.dumps(a, ensure_ascii=False, separators=(",", ":")) + "\n" for a in _answers()
    )
    ANSWERS.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(f"{ANSWERS.relative_to(ROOT)}: {ANSWERS.stat().st_size:,} bytes")
