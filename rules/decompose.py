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
from typing import NamedTuple

from .tiles import HATSU, KIND_COUNT, YAOCHUU_KINDS


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


# ---------------------------------------------------------------------------
# Group shapes: the per-suit facts the scorer combines
#
# The scorer does not build `Reading`s. It packs the concealed tiles into one int
# (three bits per kind, `PACK[kind]`), cuts that into its four groups (man, pin,
# sou, honors) and looks each group up here. A `GroupShape` is computed once per
# distinct group and memoised: every reading of the group as a `GroupPart`, whose
# counts are packed into one int so that the counts of a whole reading are the sum
# of its four parts' (fields are wide enough never to carry into the next). The
# hot ints stay below 2**30: CPython computes faster on ints of one 30-bit digit.

PACK_BITS = 3  # a kind's count in a packed hand: 0-4 fit, and four groups' sums stay apart
PACK = tuple(1 << (PACK_BITS * kind) for kind in range(KIND_COUNT))
GROUP_BASES = (0, 9, 18, 27)
SUIT_KEY_MASK = (1 << (PACK_BITS * 9)) - 1

# Fields of `GroupPart.facts` (bit offset; width in the comment), 24 bits in all.
F_SEQS = 0  # 3: sequences
F_SIMPLE_TRIPS = 3  # 3: triplets of 2-8
F_YAOCHUU_TRIPS = 6  # 3: triplets of terminals or honors
F_PAIRS = 9  # 3: pairs (a reading of the whole hand has exactly one)
F_PAIR = 12  # 6: the pair's kind + 1 (0: none)
F_PEIKOU = 18  # 3: disjoint pairs of identical sequences (一盃口 / 二盃口)
F_PLAIN = 21  # 3: blocks (sets or the pair) without a terminal or honor (chanta fails)
F_BITS = 24

# Wait of the winning tile in a part (`GroupPart.roles`), an index into WAITS.
WAITS = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon")
RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON = range(5)

# `GroupShape.kinds`: which kinds a group holds, OR-ed over the groups of a hand.
K_SIMPLE = 1  # some 2-8
K_YAOCHUU = 2  # some terminal or honor
K_NOT_GREEN = 4  # some tile outside 23468s and hatsu (緑一色)
K_HATSU = 8
K_GROUP = (16, 32, 64, 128)  # holds tiles of man, pin, sou, honors

# `GroupShape.forms`: a hand whose groups' forms sum to 7 pairs may be chiitoitsu (seven
# kinds held twice), to 13 orphans may be kokushi (all 13 terminal and honor kinds,
# nothing else, none more than twice). The scorer then checks the counts themselves.
FORMS_PAIRS = 0  # 8 bits: kinds held exactly twice (16: some kind held 1, 3 or 4 times)
FORMS_ORPHANS = 8  # 8 bits: terminal and honor kinds held (16: a simple or a triple)
FORMS_MASK = 0xFF

_GREEN = frozenset({19, 20, 21, 23, 25, HATSU})
_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)


class Role(NamedTuple):
    """How the winning tile completes a part: its wait, and the triplet it may close."""

    wait: int  # RYANMEN ... SHANPON
    triplet: int = -1  # shanpon: the triplet's kind (open on a ron, RULESETS.md §3.1)


@dataclass(frozen=True, slots=True)
class GroupPart:
    """One reading of one group into sets and at most one pair, with its facts.

    (Slotted classes rather than named tuples: Python 3.11 reads their fields faster.)
    """

    sequences: tuple[int, ...]
    triplets: tuple[int, ...]
    pair: int  # -1: the pair is in another group
    facts: int  # packed F_* fields; a hand's reading sums its parts
    seq_mask: int  # bit k: a sequence starts at kind k
    trip_mask: int  # bit k: a triplet of suited kind k; for the honors, bit k - 27
    roles: tuple[tuple[Role, ...], ...]  # by position in the group: the winning tile's roles


@dataclass(frozen=True, slots=True)
class GroupShape:
    """Everything the scorer needs from one group's concealed counts."""

    parts: tuple[GroupPart, ...]  # sorted as `standard_readings` orders them; () if none
    kinds: int  # K_* flags
    forms: int  # FORMS_* fields, summed over a hand's groups to spot chiitoitsu or kokushi
    chuuren: bool  # 1112345678999 plus one tile of the suit (九蓮宝燈's shape)


# The memo: per group (man, pin, sou, honors), packed counts -> shape.
GROUP_SHAPES: tuple[dict[int, GroupShape], ...] = ({}, {}, {}, {})
_SHAPES = GROUP_SHAPES


def group_shapes(packed: int) -> tuple[GroupShape, GroupShape, GroupShape, GroupShape]:
    """The shapes of man, pin, sou and honors of a packed hand (memoised per group)."""
    man, pin, sou, honors = _SHAPES
    key = packed & SUIT_KEY_MASK
    m = man.get(key) or _new_shape(0, key)
    key = (packed >> 27) & SUIT_KEY_MASK
    p = pin.get(key) or _new_shape(1, key)
    key = (packed >> 54) & SUIT_KEY_MASK
    s = sou.get(key) or _new_shape(2, key)
    key = packed >> 81
    h = honors.get(key) or _new_shape(3, key)
    return m, p, s, h


def group_shape(group: int, key: int) -> GroupShape:
    """The shape of one group (0 man ... 3 honors) from its packed counts."""
    return _SHAPES[group].get(key) or _new_shape(group, key)


def _new_shape(group: int, key: int) -> GroupShape:
    base = GROUP_BASES[group]
    size = 7 if group == 3 else 9
    counts = tuple((key >> (PACK_BITS * i)) & 7 for i in range(size))
    held = [base + i for i in range(size) if counts[i]]
    readings = _suit_readings(base, counts, group == 3)
    parts = tuple(_part(base, counts, reading) for reading in readings)
    kinds = K_GROUP[group] if held else 0
    for kind in held:
        kinds |= K_YAOCHUU if kind in YAOCHUU_KINDS else K_SIMPLE
        if kind not in _GREEN:
            kinds |= K_NOT_GREEN
        if kind == HATSU:
            kinds |= K_HATSU
    shape = GroupShape(
        parts=parts,
        kinds=kinds,
        forms=_forms(base, counts),
        chuuren=group < 3 and sum(counts) == 14 and all(map(int.__ge__, counts, _CHUUREN)),
    )
    _SHAPES[group][key] = shape
    return shape


def _forms(base: int, counts: tuple[int, ...]) -> int:
    """The FORMS_* fields of one group (a failing group gets 16, which no sum survives)."""
    pairs = sum(c == 2 for c in counts) if all(c in (0, 2) for c in counts) else 16
    orphans = sum(1 for i, c in enumerate(counts) if c and base + i in YAOCHUU_KINDS)
    if any((c and base + i not in YAOCHUU_KINDS) or c > 2 for i, c in enumerate(counts)):
        orphans = 16
    return pairs << FORMS_PAIRS | orphans << FORMS_ORPHANS


def _part(base: int, counts: tuple[int, ...], reading: _SuitReading) -> GroupPart:
    seqs, trips, pair = reading
    plain = sum(1 for s in seqs if (s - base) % 9 not in (0, 6))
    plain += sum(1 for t in trips if t not in YAOCHUU_KINDS)
    plain += pair >= 0 and pair not in YAOCHUU_KINDS
    simple_trips = sum(1 for t in trips if t not in YAOCHUU_KINDS)
    facts = (
        len(seqs) << F_SEQS
        | simple_trips << F_SIMPLE_TRIPS
        | (len(trips) - simple_trips) << F_YAOCHUU_TRIPS
        | (pair >= 0) << F_PAIRS
        | (pair + 1) << F_PAIR
        | _identical_pairs(seqs) << F_PEIKOU
        | plain << F_PLAIN
    )
    seq_mask = sum(1 << s for s in set(seqs))
    trip_mask = sum(1 << (t - base if t >= 27 else t) for t in trips)
    roles = tuple(_roles(seqs, trips, pair, base + i) for i in range(len(counts)))
    return GroupPart(seqs, trips, pair, facts, seq_mask, trip_mask, roles)


def _identical_pairs(seqs: tuple[int, ...]) -> int:
    """Disjoint pairs of identical sequences in a sorted tuple (2 → 二盃口)."""
    pairs = i = 0
    while i + 1 < len(seqs):
        if seqs[i] == seqs[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


def _roles(
    seqs: tuple[int, ...], trips: tuple[int, ...], pair: int, win_kind: int
) -> tuple[Role, ...]:
    """Each way a winning tile of `win_kind` completes the part, in the scorer's order."""
    roles = []
    if pair == win_kind:
        roles.append(Role(TANKI))
    if win_kind in trips:
        roles.append(Role(SHANPON, win_kind))
    seen = -1
    for start in seqs:
        offset = win_kind - start
        if not 0 <= offset <= 2 or start == seen:
            continue
        seen = start
        position = start % 9
        if offset == 1:
            roles.append(Role(KANCHAN))
        elif (offset == 0 and position == 6) or (offset == 2 and position == 0):
            roles.append(Role(PENCHAN))
        else:
            roles.append(Role(RYANMEN))
    return tuple(roles)
