"""Every reading of a complete concealed hand: sets + pair, seven pairs, thirteen orphans.

The scorer must try every reading (高点法, RULESETS.md §3.1), so this returns all
of them, not just one. Each suit is decomposed on its own and the per-suit
results are memoised by the suit's nine counts: a hand repeats suits far more
often than it repeats whole, so the cache stays small and warm.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from .tiles import KIND_COUNT, YAOCHUU_KINDS


@dataclass(frozen=True, slots=True)
class Reading:
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


def standard_readings(counts: Sequence[int]) -> list[Reading]:
    """Every (sets + one pair) reading of the concealed counts; empty if none.

    The number of sets follows from the tile count (3n + 2 tiles → n sets).
    """
    if sum(counts) % 3 != 2:
        return []
    per_suit = []
    for base in (0, 9, 18, 27):
        chunk = tuple(counts[base : base + 9]) if base < 27 else tuple(counts[27:34])
        if not any(chunk):
            continue
        options = _suit_readings(base, chunk, base == 27)
        if not options:
            return []
        per_suit.append(options)
    readings = []
    for combo in product(*per_suit):
        pairs = [part[2] for part in combo if part[2] >= 0]
        if len(pairs) != 1:
            continue
        seqs = tuple(sorted(s for part in combo for s in part[0]))
        trips = tuple(sorted(t for part in combo for t in part[1]))
        readings.append(Reading(seqs, trips, pairs[0]))
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
