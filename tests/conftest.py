"""Shared helpers: score one hand written in mpsz, the way RULESETS.md writes hands.

    scored("wrc", "234m67m345p678s55p", "8m", riichi=True, dora_indicators="7s")
    scored("jpml", "234p678p34s55s", "2s", ["chi 456m kamicha"], seat_wind="W")

A meld is one string, "TYPE TILES [FROM]" ("pon 555z toimen", "ankan 9999p").
Unless a test says otherwise the winner sits South (a non-dealer) in the East round,
as in the worked examples of RULESETS.md §4.11. `rules` are house-rule overrides
(`{"kiriage_30_4": False}`), validated like `--rule KEY=VALUE`.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from rules.request import answer
from rules.ruleset import load_preset

# Hundreds of tests start `python -m tui.cli`; where the environment says never to write
# bytecode (PYTHONDONTWRITEBYTECODE, as some CI images do) each of them compiles the whole
# project again. They share one compiled copy instead (__pycache__ is git-ignored).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

MODERN = ("jpm", "jpml", "wrc", "teiai", "gifu")


def meld(text: str) -> dict[str, str]:
    """'pon 555z toimen' → the CONTRACT.md meld object."""
    kind, tiles, *source = text.split()
    out = {"type": kind, "tiles": tiles}
    if source:
        out["from"] = source[0]
    return out


def make_request(
    concealed: str, win: str, melds: Iterable[str] = (), **fields: Any
) -> dict[str, Any]:
    """A CONTRACT.md `score` request (South seat, East round unless given)."""
    req: dict[str, Any] = {
        "concealed": concealed,
        "win": win,
        "melds": [meld(m) for m in melds],
        "seat_wind": "S",
        "round_wind": "E",
    }
    req.update(fields)
    return req


def scored(
    preset: str,
    concealed: str,
    win: str,
    melds: Iterable[str] = (),
    *,
    rules: Mapping[str, Any] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """The CONTRACT.md answer for one hand under `preset` (plus house rules)."""
    ruleset = load_preset(preset)
    if rules:
        ruleset = ruleset.with_overrides(dict(rules))
    return answer(make_request(concealed, win, melds, **fields), ruleset)


def yaku(result: dict[str, Any]) -> dict[str, int]:
    """{yaku id: han} of a winning answer (fails loudly on a non-win)."""
    assert result["ok"], result
    return {y["id"]: y["han"] for y in result["yaku"]}


def paid(result: dict[str, Any]) -> tuple:
    """What changes hands, without honba and sticks: ron, or (non-dealer each, dealer)."""
    assert result["ok"], result
    p = result["points"]
    if p["ron"] is not None:
        return p["ron"]
    if p["tsumo_dealer"] is None:  # a dealer's tsumo: "N all"
        return (p["tsumo_non_dealer"], "all")
    return (p["tsumo_non_dealer"], p["tsumo_dealer"])


def pytest_collection_finish(session: pytest.Session) -> None:
    """The cycle collector spared the objects every test shares, and run less often.

    After collection the heap holds every imported module, class and parsed preset;
    Python's default thresholds make the collector walk them again and again while
    Textual screens allocate: measured side by side, the geometry and pilot tests took
    9-15% less CPU this way (game-only tests about the same). Frozen, those objects
    are never walked; garbage cycles the tests make are still collected, in larger
    batches."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked `slow` (soaks) run only when asked for (`-m slow`), so the default
    run stays short (README: under 10 minutes)."""
    if "slow" in (config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason="a slow soak: run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (pyproject's addopts): one worker more than the machine has cores.
    Much of the suite waits rather than computes (CLI subprocesses, servers over
    loopback, Textual pilots pausing), so a core-count pool leaves cores idle: on
    2 cores the whole suite took 603 s with 2 workers and 436 s with 3 (fresh clone,
    quiet machine, 2026-11-28). `-n 0` still runs it in one process."""
    return (os.cpu_count() or 1) + 1
