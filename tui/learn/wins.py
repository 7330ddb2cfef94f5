"""Winning hands for the fu, points and yaku drills, as `score` requests (CONTRACT.md).

Two sources, both seeded: real wins of simulated games (`benchmarks/data/
hands.jsonl.gz`, 10,000 of them with their flags) when the file is there, and a
generator that builds four sets and a pair, perhaps one call, and random flags.
Only requests the scorer accepts as a win are kept; the answer is the scorer's.
"""

from __future__ import annotations

import gzip
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from rules.request import answer
from rules.ruleset import Ruleset
from rules.tiles import KIND_COUNT, WIND_LETTERS, format_tiles

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "hands.jsonl.gz"
_TRIES = 200


@cache
def recorded_wins(path: Path = DATA) -> tuple[dict[str, Any], ...]:
    """The recorded wins (empty when the file is not there: an installed copy)."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as stream:
            rows = [json.loads(line) for line in stream if line.strip()]
    except OSError:
        return ()
    return tuple({k: v for k, v in row.items() if not k.startswith("_")} for row in rows)


def _group(rng: random.Random) -> list[int]:
    if rng.random() < 0.65:
        suit = rng.randrange(3)
        start = suit * 9 + rng.randrange(7)
        return [start, start + 1, start + 2]
    kind = rng.randrange(KIND_COUNT)
    return [kind] * 3


def generated_win(rng: random.Random) -> dict[str, Any] | None:
    """One random complete hand with flags, or None when the draw broke a count."""
    groups = [_group(rng) for _ in range(4)]
    pair = rng.randrange(KIND_COUNT)
    counts = [0] * KIND_COUNT
    for kind in [k for g in groups for k in g] + [pair, pair]:
        counts[kind] += 1
    if max(counts) > 4:
        return None
    melds: list[dict[str, str]] = []
    concealed_groups = groups
    if rng.random() < 0.3:
        called = groups[0]
        call = "chi" if called[0] != called[1] else "pon"
        melds.append({"type": call, "tiles": format_tiles(called),
                      "from": "kamicha" if call == "chi" else rng.choice(["toimen", "shimocha"])})
        concealed_groups = groups[1:]
    tiles = [k for g in concealed_groups for k in g] + [pair, pair]
    win = tiles.pop(rng.randrange(len(tiles)))
    closed = not melds
    tsumo = rng.random() < 0.4
    request: dict[str, Any] = {
        "concealed": format_tiles(sorted(tiles)),
        "win": format_tiles([win]),
        "melds": melds,
        "tsumo": tsumo,
        "riichi": closed and rng.random() < 0.6,
        "seat_wind": rng.choice(WIND_LETTERS),
        "round_wind": rng.choice("ES"),
        "dora_indicators": format_tiles([rng.randrange(KIND_COUNT)]),
        "honba": rng.choice([0, 0, 1, 2]),
    }
    return request


def winning_hand(rng: random.Random, ruleset: Ruleset, *, recorded: bool,
                 yakuman: bool = False) -> tuple[dict[str, Any], dict[str, Any]]:
    """(request, the scorer's answer) of a win with a yaku (no yakuman unless asked)."""
    pool = recorded_wins() if recorded else ()
    for _ in range(_TRIES):
        request = dict(rng.choice(pool)) if pool else generated_win(rng)
        if request is None:
            continue
        result = answer(request, ruleset)
        if result.get("ok") and (yakuman or not result["yakuman"]) and result["yaku"]:
            return request, result
    raise RuntimeError("no winning hand found: the generator is broken")
