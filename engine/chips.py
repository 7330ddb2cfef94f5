"""Chips (祝儀, RULESETS.md §8.5): the lucky elements of a win, paid beside the points.

A ruleset's `chips` says what earns them (red fives, ura dora, ippatsu, yakuman) and
how many chips each is worth; every payer of the win hands that many over: the
discarder on a ron, each other seat on a tsumo. Chips never move points: they are
counted apart, hand by hand (`Won.chips`) and for the game (`GameEnded.chips`), so a
chip lobby's record can be checked chip for chip and a house-rule game shows them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.hand import Meld
from rules.ruleset import Ruleset
from rules.scoring import ScoreResult
from rules.tiles import Tile, dora_skipping

from .events import Event, Won

SEATS = 4


def chip_items(
    r: Ruleset,
    result: ScoreResult,
    tiles: Sequence[Tile],
    melds: Sequence[Meld],
    ura_indicators: Sequence[Tile],
) -> tuple[tuple[str, int], ...]:
    """What of this win earns chips, as (element, how many) in the ruleset's order;
    `tiles` the concealed hand with the winning tile, `melds` the calls. A yakuman
    earns its yakuman chips only: its red fives, ura dora and ippatsu count for nothing,
    as in its score (a Tenhou record names chip yaku like its `yaku`, which a yakuman
    hand does not list)."""
    values = dict(r.chips)
    if not values:
        return ()
    if result.yakuman:
        return (("yakuman", result.yakuman),) if "yakuman" in values else ()
    every = [*tiles, *(t for m in melds for t in m.tiles)]
    reds = sum(t.red for t in every)
    closed = not any(m.opened for m in melds)
    ura_kinds = [dora_skipping(t.kind, r.removed_kinds) for t in ura_indicators]  # §9: 1m→9m
    counts = {
        "red_five": reds if closed else 0,
        "red_five_open": 0 if closed else reds,
        "ura_dora": sum(t.kind == kind for kind in ura_kinds for t in every),
        "ippatsu": int(any(y.id == "ippatsu" for y in result.yaku)),
        "yakuman": result.yakuman,
    }
    return tuple((name, counts[name]) for name in values if counts[name])


def chip_deltas(
    r: Ruleset, items: Iterable[tuple[str, int]], winner: int, discarder: int | None
) -> tuple[int, ...]:
    """Each seat's chips moved by one win: every payer hands over the win's chips."""
    values = dict(r.chips)
    each = sum(values[name] * count for name, count in items)
    deltas = [0] * SEATS
    if not each:
        return tuple(deltas) if values else ()
    # a tsumo: every seat in play pays; a three-player game's empty seat 3 does not (§9)
    payers = [discarder] if discarder is not None else [s for s in r.seats if s != winner]
    for seat in payers:
        deltas[seat] -= each
        deltas[winner] += each
    return tuple(deltas)


def chip_totals(events: Iterable[Event]) -> tuple[int, ...]:
    """Every seat's chips over the game so far (the sum of the wins' chips)."""
    totals = [0] * SEATS
    for event in events:
        if isinstance(event, Won) and event.chips:
            for seat, d in enumerate(event.chips):
                totals[seat] += d
    return tuple(totals)


__all__ = ["chip_deltas", "chip_items", "chip_totals"]
