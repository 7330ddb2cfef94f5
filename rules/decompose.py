"""Every reading of a complete concealed hand: sets + pair, seven pairs, thirteen orphans.

The scorer must try every reading (高点法, RULESETS.md §3.1), so this returns all
of them, not just one. Each suit is decomposed on its own and the per-suit
results are memoised by the suit's nine counts: a hand repeats suits far more
often than it repeats whole, so the cache stays small and warm.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from typing import NamedTuple

from .tiles import KIND_COUNT, YAOCHUU_KINDS


class Reading(NamedTuple):
    """One way to split the concealed tiles into sets and a pair.

    `sequences` holds the lowest kind of each sequence, `triplets` the kind of
    each triplet; both sorted. `pair` is the pair's kind.
    """

    sequences: tuple[int, ...]
    triplets: tuple[int, ...]
    pair: int


# A per-suit partial reading: (sequence starts, triplet kinds, pair kind or -1).
_SuitReading = tuple[tuple[int, ...], tuple[int, ...], int]


@lru_cache(maxsize=1 << 16)
def _suit_readings(base: int, counts: tuple[int, ...], honors: bool) -> tuple[_SuitReading, ...]:
    """All ways to split one suit's counts into sequences, triplets and at most one pair."""
    results: list[_SuitReading] = []
    work = list(counts)

    def walk(start: int, seqs: list[int], trips: list[int], pair: int) -> None:
        i = start
        while i < len(work) and work[i] == 0:
            i += 1
        if i == len(work):
            results.append((tuple(seqs), tuple(trips), pair))
            return
        if work[i] >= 3:
            work[i] -= 3
            trips.append(base + i)
            walk(i, seqs, trips, pair)
            trips.pop()
            work[i] += 3
        if pair < 0 and work[i] >= 2:
            work[i] -= 2
            walk(i, seqs, trips, base + i)
            work[i] += 2
        if not honors and i <= 6 and work[i + 1] and work[i + 2]:
            work[i] -= 1
            work[i + 1] -= 1
            work[i + 2] -= 1
            seqs.append(base + i)
            walk(i, seqs, trips, pair)
            seqs.pop()
            work[i] += 1
            work[i + 1] += 1
            work[i + 2] += 1

    walk(0, [], [], -1)
    return tuple(sorted(set(results)))


_NO_TILES = {0: (0,) * 9, 27: (0,) * 7}


def standard_readings(counts: Sequence[int]) -> list[Reading]:
    """Every (sets + one pair) reading of the concealed counts; empty if none.

    The number of sets follows from the tile count (3n + 2 tiles → n sets).
    """
    if sum(counts) % 3 != 2:
        return []
    per_suit = []
    for base in (0, 9, 18, 27):
        chunk = tuple(counts[base : base + 9])
        if chunk == _NO_TILES[0 if base < 27 else 27]:
            continue
        options = _suit_readings(base, chunk, base == 27)
        if not options:
            return []
        per_suit.append(options)
    if all(len(options) == 1 for options in per_suit):
        # The common case: one way to read each suit, so no product to build.
        combos: object = (tuple(options[0] for options in per_suit),)
    else:
        combos = product(*per_suit)
    readings = []
    for combo in combos:
        pair = -1
        seqs: tuple[int, ...] = ()
        trips: tuple[int, ...] = ()
        for part_seqs, part_trips, part_pair in combo:
            if part_pair >= 0:
                if pair >= 0:
                    break
                pair = part_pair
            seqs += part_seqs
            trips += part_trips
        else:
            if pair >= 0:
                readings.append(Reading(seqs, trips, pair))
    return readings


def is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Seven pairs of seven different kinds (four identical tiles are not two pairs)."""
    pairs = 0
    for c in counts:
        if c == 2:
            pairs += 1
        elif c:
            return False
    return pairs == 7


def is_kokushi(counts: Sequence[int]) -> bool:
    """One of each terminal and honor plus a duplicate of one of them."""
    if sum(counts) != 14:
        return False
    return all(counts[k] >= 1 for k in YAOCHUU_KINDS) and all(
        counts[k] == 0 for k in range(KIND_COUNT) if k not in YAOCHUU_KINDS
    )
