"""Every reading of a complete concealed hand: sets + pair, seven pairs, thirteen orphans.

The scorer must try every reading (高点法, RULESETS.md §3.1), so this returns all
of them, not just one. Each suit is decomposed on its own and the per-suit
results are memoised by the suit's nine counts: a hand repeats suits far more
often than it repeats whole, so the cache stays small and warm.
"""

from __future__ import annotations

import marshal
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import combinations_with_replacement, product
from typing import NamedTuple

from .tiles import HATSU, KIND_COUNT


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
        combos: Iterable[tuple[_SuitReading, ...]] = (tuple(o[0] for o in per_suit),)
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


# ---------------------------------------------------------------------------
# Group shapes: the per-suit facts the scorer combines
#
# The scorer does not build `Reading`s. It packs the concealed tiles into one int
# (three bits per kind, `PACK[kind]`), cuts that into its four groups (man, pin,
# sou, honors) and looks each group up here. A `GroupShape` is computed once per
# distinct group and memoised. Its readings (`GroupPart`s) are in positions within
# the group (0 is a suit's 1, or East), so the three suits share one shape: it is
# built once per distinct counts, whichever suit holds them. A part's counts are
# packed into one int so that the counts of a whole reading are the sum of its
# four parts' (fields are wide enough never to carry into the next).
#
# The hot path is shaped by what CPython 3.11 makes expensive: every arithmetic
# result above 256 is a new int object (small ints are cached), and a dict look-up
# needs a key object. So the facts the scorer combines per hand come as ready-made
# ints, and the masks it ANDs across suits are kept within a suit (7 and 9 bits).

PACK_BITS = 3  # a kind's count in a packed hand: 0-4 fit, and four groups' sums stay apart
PACK = tuple(1 << (PACK_BITS * kind) for kind in range(KIND_COUNT))
GROUP_BASES = (0, 9, 18, 27)
SUIT_KEY_MASK = (1 << (PACK_BITS * 9)) - 1

# Fields of `GroupPart.facts` (bit offset; width in the comment), 24 bits in all.
F_SEQS = 0  # 3: sequences
F_SIMPLE_TRIPS = 3  # 3: triplets of 2-8
F_YAOCHUU_TRIPS = 6  # 3: triplets of terminals or honors
F_PAIRS = 9  # 3: pairs (a reading of the whole hand has exactly one)
F_HONOR_PAIR = 12  # 6: an honor pair's position + 1 (1 East ... 7 Chun), else 0
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

# `GroupShape.pairs` and `.orphans` of a group that cannot take part in chiitoitsu or
# kokushi: no sum over four groups survives it.
NOT_A_FORM = 16

_GREEN = frozenset({19, 20, 21, 23, 25, HATSU})
_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_SUIT_YAOCHUU = (True, False, False, False, False, False, False, False, True)


class Role(NamedTuple):
    """How the winning tile completes a part: its wait, and the triplet it may close."""

    wait: int  # RYANMEN ... SHANPON
    triplet: int = -1  # shanpon: the triplet's position in the group
    open_cut: int = 0  # shanpon: the fu the triplet loses when a ron opens it (§3.1)


@dataclass(frozen=True, slots=True)
class GroupPart:
    """One reading of one group into sets and at most one pair, with its facts.

    Positions within the group. (Slotted classes rather than named tuples for the
    records of the hot path: Python 3.11 reads their fields much faster.)
    """

    sequences: tuple[int, ...]  # start positions
    triplets: tuple[int, ...]  # positions
    pair: int  # position, -1: the pair is in another group
    facts: int  # packed F_* fields; a hand's reading sums its parts
    seq_rel: int  # bit i: a sequence starts at position i
    trip_rel: int  # bit i: a triplet at position i
    roles: tuple[tuple[Role, ...], ...]  # by position: the winning tile's roles


@dataclass(frozen=True, slots=True)
class GroupShape:
    """Everything the scorer needs from one group's concealed counts."""

    parts: tuple[GroupPart, ...]  # sorted as `standard_readings` orders them; () if none
    # K_* flags by the group the counts are held in (man, pin, sou, honors): the three
    # suits share one shape, so a suit met in one is known in the others
    kinds: tuple[int, int, int, int]
    pairs: int  # kinds held exactly twice; NOT_A_FORM if some kind is held 1, 3 or 4 times
    orphans: int  # terminal and honor kinds held; NOT_A_FORM if a simple or three of a kind
    chuuren: bool  # 1112345678999 plus one tile of the suit (九蓮宝燈's shape)
    counts: tuple[int, ...]  # by position in the group


# The memo: per group (man, pin, sou, honors), packed counts -> shape; the three
# suits share one dict.
_SUIT_SHAPES: dict[int, GroupShape] = {}
GROUP_SHAPES: tuple[dict[int, GroupShape], ...] = (_SUIT_SHAPES, _SUIT_SHAPES, _SUIT_SHAPES, {})


def group_shapes(packed: int) -> tuple[GroupShape, GroupShape, GroupShape, GroupShape]:
    """The shapes of man, pin, sou and honors of a packed hand (memoised per group)."""
    man, pin, sou, honors = GROUP_SHAPES
    key = packed & SUIT_KEY_MASK
    m = man.get(key) or group_shape(0, key)
    key = (packed >> 27) & SUIT_KEY_MASK
    p = pin.get(key) or group_shape(1, key)
    key = (packed >> 54) & SUIT_KEY_MASK
    s = sou.get(key) or group_shape(2, key)
    key = packed >> 81
    h = honors.get(key) or group_shape(3, key)
    return m, p, s, h


def group_shape(group: int, key: int) -> GroupShape:
    """The shape of one group (0 man ... 3 honors) from its packed counts (memoised)."""
    shape = GROUP_SHAPES[group].get(key)
    if shape is None:
        shape = GROUP_SHAPES[group][key] = _new_shape(group, key)
    return shape


def clear_group_shapes() -> None:
    """Forget the memoised shapes, suit readings and the parts table (for cold measurements)."""
    global _parts_table, _parts_table_failed
    for shapes in GROUP_SHAPES:
        shapes.clear()
    for halves in _HALVES:
        for half in halves:
            half.clear()
    _suit_readings.cache_clear()
    _parts_table, _parts_table_failed = None, False


# A group's key cut in two halves (a suit's kinds 0-4 and 5-8, the honors' 0-3 and
# 4-6): what `_new_shape` reads off each half (its counts, K_* flags, and the pair
# and orphan sums) is memoised by group and half, and halves repeat far more often
# than whole groups, so a new group is usually two look-ups and a few additions.
_HALF_KINDS = (5, 5, 5, 4)  # kinds in the low half, by group
_HALVES: tuple[tuple[dict[int, tuple[tuple[int, ...], int, int]], ...], ...] = tuple(
    ({}, {}) for _ in range(4)
)
_SUM_FIELD = 8  # `_half` packs the pair sum below bit 8, the orphan sum above


def _half(group: int, high: int, key: int) -> tuple[tuple[int, ...], int, int]:
    """One half of a group: (its counts, its K_* flags, pairs | orphans << 8), memoised.

    The sums are `GroupShape.pairs` and `.orphans` before capping: each held kind
    adds 1 (held twice / a terminal or honor held at most twice) or NOT_A_FORM.
    """
    honors = group == 3
    first = _HALF_KINDS[group] if high else 0
    size = (7 if honors else 9) - _HALF_KINDS[group] if high else _HALF_KINDS[group]
    counts = tuple((key >> (PACK_BITS * i)) & 7 for i in range(size))
    kinds = pairs = orphans = 0
    for i, count in enumerate(counts, first):
        if not count:
            continue
        kind = GROUP_BASES[group] + i
        yaochuu = honors or _SUIT_YAOCHUU[i]
        kinds |= K_GROUP[group] | (K_YAOCHUU if yaochuu else K_SIMPLE)
        if kind not in _GREEN:
            kinds |= K_NOT_GREEN
        if kind == HATSU:
            kinds |= K_HATSU
        pairs += 1 if count == 2 else NOT_A_FORM
        orphans += 1 if yaochuu and count <= 2 else NOT_A_FORM
    found = _HALVES[group][high][key] = (counts, kinds, pairs | orphans << _SUM_FIELD)
    return found


_NOT_KINDS = (0, 0, 0, 0)


def _new_shape(group: int, key: int) -> GroupShape:
    """The shape of new counts; a suit's is read as man and holds all three suits' flags."""
    honors = group == 3
    group = 3 if honors else 0
    bits = PACK_BITS * _HALF_KINDS[group]
    low_key, high_key = key & ((1 << bits) - 1), key >> bits
    low_halves, high_halves = _HALVES[group]
    low = low_halves.get(low_key) or _half(group, 0, low_key)
    high = high_halves.get(high_key) or _half(group, 1, high_key)
    counts = low[0] + high[0]
    flags = low[1] | high[1]
    if not flags:
        kinds = _NOT_KINDS
    elif honors:
        kinds = (0, 0, 0, flags)
    else:
        plain = flags & (K_SIMPLE | K_YAOCHUU)
        # 1s 5s 7s 9s are not in 緑一色
        sou_green = K_NOT_GREEN if counts[0] or counts[4] or counts[6] or counts[8] else 0
        kinds = (
            flags,
            plain | K_GROUP[1] | K_NOT_GREEN,
            plain | K_GROUP[2] | sou_green,
            0,
        )
    parts = _parts_from_table(key, counts, honors)
    if parts is None:
        parts = tuple(_part(counts, r, honors) for r in _suit_readings(0, counts, honors))
    sums = low[2] + high[2]
    return GroupShape(
        parts=parts,
        kinds=kinds,
        pairs=min(sums & ((1 << _SUM_FIELD) - 1), NOT_A_FORM),
        orphans=min(sums >> _SUM_FIELD, NOT_A_FORM),
        chuuren=not honors and sum(counts) == 14 and all(map(int.__ge__, counts, _CHUUREN)),
        counts=counts,
    )


def _part(counts: tuple[int, ...], reading: _SuitReading, honors: bool) -> GroupPart:
    """A reading of a group's counts, in positions (`_suit_readings` with base 0)."""
    seqs, trips, pair = reading
    yaochuu = (True,) * 7 if honors else _SUIT_YAOCHUU
    simple_trips = plain = 0
    for t in trips:
        if not yaochuu[t]:
            simple_trips += 1
    for start in seqs:
        if start not in (0, 6):
            plain += 1
    plain += simple_trips + (pair >= 0 and not yaochuu[pair])
    facts = (
        len(seqs) << F_SEQS
        | simple_trips << F_SIMPLE_TRIPS
        | (len(trips) - simple_trips) << F_YAOCHUU_TRIPS
        | (pair >= 0) << F_PAIRS
        | (pair + 1 if honors and pair >= 0 else 0) << F_HONOR_PAIR
        | _identical_pairs(seqs) << F_PEIKOU
        | plain << F_PLAIN
    )
    seq_rel = trip_rel = 0
    for start in seqs:
        seq_rel |= 1 << start
    for t in trips:
        trip_rel |= 1 << t
    roles = _all_roles(len(counts), seqs, trips, pair, yaochuu)
    return GroupPart(seqs, trips, pair, facts, seq_rel, trip_rel, roles)


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


def _all_roles(
    size: int,
    seqs: tuple[int, ...],
    trips: tuple[int, ...],
    pair: int,
    yaochuu: tuple[bool, ...],
) -> tuple[tuple[Role, ...], ...]:
    """By position: each way a winning tile there completes the part, in the scorer's
    order (tanki, shanpon, then the sequences from the lowest, identical ones once)."""
    roles: list[list[Role]] = [[] for _ in range(size)]
    if pair >= 0:
        roles[pair].append(_TANKI)
    for t in trips:
        # A ron-completed triplet is open: 2 fu simple / 4 yaochuu instead of 4 / 8.
        roles[t].append(_SHANPON[yaochuu[t]][t])
    seen = -1
    for start in seqs:
        if start == seen:
            continue
        seen = start
        roles[start].append(_PENCHAN if start == 6 else _RYANMEN)
        roles[start + 1].append(_KANCHAN)
        roles[start + 2].append(_PENCHAN if start == 0 else _RYANMEN)
    return tuple(map(tuple, roles))


# The roles, made once.
_RYANMEN, _KANCHAN, _PENCHAN, _TANKI = (Role(w) for w in (RYANMEN, KANCHAN, PENCHAN, TANKI))
_SHANPON = tuple(tuple(Role(SHANPON, i, cut) for i in range(9)) for cut in (2, 4))


# ---------------------------------------------------------------------------
# The parts table: every group that reads as sets and a pair, precomputed
#
# Why: a game keeps meeting groups it has not decomposed yet, and each costs the
# search above plus building its parts, ~15 µs in all: the most of what scoring a
# new hand costs beyond a known one. Only 21,743 suits and 498 honor groups read
# as at most four sets and one pair, so `group_parts.bin` holds their parts, ready
# to build: a miss is then a binary search and one `marshal.loads` of a record.
# Any other group of at most 14 tiles has no reading at all. The file is read on
# the first miss and checked against the search by tests/test_decompose_table.py.
#
# A miss costs more inside a scoring run than alone (~17 µs against ~6: cold code
# and data between hot hands), and the groups of up to `PREFILL_TILES` tiles are
# most of a game's misses (two sets and a pair, three sets ...) yet only 1,911
# suits and 218 honor groups. So loading the table also builds their shapes, in
# one tight loop (~12 ms, once per process): a per-group table, like the rest.
#
# Format (zlib of marshal): (MAGIC, role rows, then for suits and honors: the
# packed keys (`array("I")` bytes, sorted), the record offsets (one more than the
# keys), the records, the keys of the groups of at most `PREFILL_TILES` tiles). A
# record is the marshal of a tuple of parts, each (sequences, triplets, pair,
# facts, seq_rel, trip_rel, role row numbers by position); a role row is a
# position's roles as (wait, triplet, open_cut) tuples.

PARTS_FILE = "group_parts.bin"
_PARTS_MAGIC = "MJGP1"
_MOST_TILES = 14
PREFILL_TILES = 9


class _PartsTable(NamedTuple):
    roles: tuple[tuple[Role, ...], ...]
    keys: tuple[array[int], array[int]]  # suits, honors
    offsets: tuple[array[int], array[int]]
    records: tuple[bytes, bytes]
    prefill: tuple[array[int], array[int]]  # keys of groups of at most PREFILL_TILES tiles


_parts_table: _PartsTable | None = None
_parts_table_failed = False


def group_patterns(honors: bool) -> list[tuple[int, ...]]:
    """Every suit's (or the honors') counts that read as at most four sets and one pair."""
    size = 7 if honors else 9
    sets = [tuple(3 if k == i else 0 for k in range(size)) for i in range(size)]
    if not honors:
        sets += [tuple(1 if i <= k <= i + 2 else 0 for k in range(size)) for i in range(size - 2)]
    found: set[tuple[int, ...]] = set()
    for n in range(5):
        for chosen in combinations_with_replacement(sets, n):
            counts = [sum(column) for column in zip(*chosen, strict=True)] if chosen else [0] * size
            if max(counts) > 4:
                continue
            found.add(tuple(counts))
            for i in range(size):
                if counts[i] <= 2:
                    found.add(tuple(c + 2 if k == i else c for k, c in enumerate(counts)))
    return sorted(found)


def _packed(counts: tuple[int, ...]) -> int:
    return sum(c << (PACK_BITS * i) for i, c in enumerate(counts))


def build_parts_table() -> bytes:
    """The bytes of `rules/group_parts.bin`, from the search and `_part` themselves."""
    role_rows: dict[tuple[Role, ...], int] = {}
    sections: list[bytes] = []
    for honors in (False, True):
        by_key = sorted((_packed(counts), counts) for counts in group_patterns(honors))
        offsets, records = [0], bytearray()
        for _, counts in by_key:
            record = tuple(
                (
                    bytes(part.sequences),
                    bytes(part.triplets),
                    part.pair,
                    part.facts,
                    part.seq_rel,
                    part.trip_rel,
                    bytes(role_rows.setdefault(roles, len(role_rows)) for roles in part.roles),
                )
                for part in (
                    _part(counts, reading, honors) for reading in _suit_readings(0, counts, honors)
                )
            )
            records += marshal.dumps(record)
            offsets.append(len(records))
        keys = array("I", (key for key, _ in by_key))
        small = array("I", (key for key, counts in by_key if sum(counts) <= PREFILL_TILES))
        sections += [
            keys.tobytes(),
            array("I", offsets).tobytes(),
            bytes(records),
            small.tobytes(),
        ]
    roles = tuple(tuple(tuple(role) for role in row) for row in role_rows)
    return zlib.compress(marshal.dumps((_PARTS_MAGIC, roles, *sections)), 9)


def _read_parts_table() -> _PartsTable | None:
    """The parts table shipped with the package, or None if missing or damaged."""
    try:
        raw = resources.files("rules").joinpath(PARTS_FILE).read_bytes()
        magic, roles, *sections = marshal.loads(zlib.decompress(raw))
    except (OSError, zlib.error, EOFError, ValueError, TypeError):
        return None
    if magic != _PARTS_MAGIC or len(sections) != 8:
        return None
    keys, offsets = (array("I"), array("I")), (array("I"), array("I"))
    prefill = (array("I"), array("I"))
    for i in (0, 1):
        keys[i].frombytes(sections[4 * i])
        offsets[i].frombytes(sections[4 * i + 1])
        prefill[i].frombytes(sections[4 * i + 3])
        if len(offsets[i]) != len(keys[i]) + 1:
            return None
    rows = tuple(tuple(Role(*role) for role in row) for row in roles)
    return _PartsTable(rows, keys, offsets, (sections[2], sections[6]), prefill)


def _parts_from_table(
    key: int, counts: tuple[int, ...], honors: bool
) -> tuple[GroupPart, ...] | None:
    """A group's parts from the table; None if the table cannot say (search instead)."""
    global _parts_table, _parts_table_failed
    table = _parts_table
    if table is None:
        if _parts_table_failed:
            return None
        table = _parts_table = _read_parts_table()
        if table is None:
            _parts_table_failed = True
            return None
        _prefill_shapes(table)
    keys = table.keys[honors]
    i = bisect_left(keys, key)
    if i == len(keys) or keys[i] != key:
        # Not a pattern of sets and a pair: no reading, if it is a group of a hand.
        return () if sum(counts) <= _MOST_TILES and max(counts) <= 4 else None
    offsets = table.offsets[honors]
    record = marshal.loads(table.records[honors][offsets[i] : offsets[i + 1]])
    rows = table.roles
    return tuple(
        GroupPart(
            tuple(seqs),
            tuple(trips),
            pair,
            facts,
            seq_rel,
            trip_rel,
            tuple(map(rows.__getitem__, role_numbers)),
        )
        for seqs, trips, pair, facts, seq_rel, trip_rel, role_numbers in record
    )


def _prefill_shapes(table: _PartsTable) -> None:
    """Build the shapes of the table's small groups (see the table's comment)."""
    for group, memo, keys in (
        (0, _SUIT_SHAPES, table.prefill[0]),
        (3, GROUP_SHAPES[3], table.prefill[1]),
    ):
        for key in keys:
            if key not in memo:
                memo[key] = _new_shape(group, key)
