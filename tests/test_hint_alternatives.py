"""The hint's alternatives count the improving tiles even of discards the level did
not scan (issue #15: wrc, seed 932108758, East 4 said "discard 1m: 1-shanten, 0
tiles improve ()")."""

from __future__ import annotations

import re

import pytest
from test_ai_units import make_view, turn_legal

from ai import suggest
from rules.tiles import KIND_COUNT, kind_to_str, parse_tiles, to_counts
from rules.waits import ukeire

HAND, DRAWN = "1234566m3p234s66s", "5p"


def _expected(discard: str) -> tuple[int, list[str]]:
    """rules.waits.ukeire of the 13 kept tiles, the discarded copy counted as seen."""
    tiles = parse_tiles(HAND + DRAWN)
    kind = parse_tiles(discard)[0].kind
    counts = to_counts(tiles)
    counts[kind] -= 1
    seen = [0] * KIND_COUNT
    seen[kind] = 1
    found = ukeire(counts, 0, seen)
    return sum(left for _, left in found), [kind_to_str(k) for k, _ in found]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_alternatives_name_their_improving_tiles(level):
    view = make_view(HAND, drawn=DRAWN, hand_number=3)
    _, reasons = suggest(view, turn_legal(view), level)
    text = "\n".join(reasons)
    assert "0 tiles improve ()" not in text
    for discard in ("1m", "2m"):
        count, kinds = _expected(discard)
        line = re.search(rf"discard {discard}: 1-shanten, (\d+) tiles improve \(([^)]*)\)", text)
        assert line, text
        assert int(line.group(1)) == count
        assert line.group(2).split() == kinds
    assert _expected("1m")[0] == 18 and _expected("2m")[0] == 11
