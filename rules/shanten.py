"""Shanten: how many tiles a hand is from tenpai, over the three winning forms.

Definition (RULESETS.md §3.1). A hand's shanten is the least number of tiles it
lacks from some complete hand, minus one: -1 complete, 0 tenpai, 1 one tile from
tenpai, ... The complete hand must be a real one, so no kind may appear more than
four times in it. That is why `1111m234567p789s` is 1-shanten and not tenpai: its
only "wait" would be a fifth 1m. Counting against real hands keeps the answers the
game relies on in agreement: shanten 0 iff the hand has a wait (`rules.waits`),
-1 iff it is complete, and the ukeire the AI ranks discards by.

Why it is fast. The standard form (sets + one pair) is solved per *group* (each
suit, and the honors). For a group's counts we compute once a *distance vector*:
for every number of sets m (0-4) and pairs p (0-1), the fewest tiles the group
lacks to hold m sets and p pairs. Vectors are memoised by the group's counts as
`bytes`, then interned: the 405,350 suits of up to 14 tiles share 126 distinct
vectors, so vectors get small int ids and the min-plus combination of two ids is
memoised as well. A warm call is one C call that cuts the counts into the four
groups' `bytes`, four dict look-ups, three combination look-ups and one index;
there is no Python loop over tiles. A group not seen yet in this process is read
from a precomputed table of every suit and honor group (`rules.shanten_table`),
not searched: games meet new groups all the time, and the search cost tens of µs
each. The same file holds every combination of vectors a real hand can need, so
a new hand never pays for a min-plus combination in Python (~10 µs) either.

Chiitoitsu and kokushi need only a few counts per group (pairs, kinds, terminal
and honor kinds and pairs). Those are stored in the same memo entry as the vector
id, in bit fields wide enough that the four groups' entries can simply be added:
one addition gives the whole hand's counts, and a table gives both shanten.
"""

from __future__ import annotations

import struct
import threading
from collections.abc import Sequence
from functools import cache
from itertools import combinations, product

from rules.shanten_table import NOT_IN_TABLE, GroupTable, build, index_of, read
from rules.tiles import KIND_COUNT

__all__ = [
    "shanten",
    "shanten_by_draw",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "shanten_standard",
]

_MAX_SETS = 4
_VECTOR_LEN = 2 * (_MAX_SETS + 1)  # a distance vector is indexed m * 2 + p
_INF = 99  # "unreachable"; also what `shanten_by_draw` reports for a fifth copy
GROUP_SLICES = ((0, 9), (9, 18), (18, 27), (27, 34))  # man, pin, sou, honors

# A memo entry is `stats | vector_id << _ID_SHIFT`. The stats bit fields are wide
# enough that the four groups' sums never overflow one (at most 34 kinds, 13 of
# them terminals or honors); the ids above them may carry into each other when
# added, which no reader minds. The layout keeps an entry, and the sum of a real
# hand's four entries (ids < 256), below 2**30: CPython's one-digit ints, whose
# additions, shifts and masks are a third cheaper than those of wider ints (the
# hot path does eleven of them). The hot paths spell the masks and shifts
# literally (a constant beats a global look-up); the asserts keep them honest.
_PAIRS, _KINDS, _YAOCHUU_KINDS, _YAOCHUU_PAIRS, _STATS_BITS = 0, 6, 12, 16, 20
_ID_SHIFT = _STATS_BITS
_STATS_MASK = (1 << _STATS_BITS) - 1
_CHIITOITSU_FIELDS = (1 << _YAOCHUU_KINDS) - 1  # pairs and kinds
assert (_ID_SHIFT, _STATS_MASK, _CHIITOITSU_FIELDS, _YAOCHUU_KINDS) == (20, 0xFFFFF, 0xFFF, 12)


class _SuitMemo(dict[bytes, int]):
    """A suit's 9 counts -> its memo entry; `_HonorMemo` the same for the 7 honors.

    A miss fills the entry through `__missing__`, so the hot path is four plain
    subscripts: no `get` call on a hit, no exception raised on a miss. One class
    per group kind keeps the miss lean (a quarter of the real hands met in a game
    hold a group not seen yet): its table half-parts are module constants, not
    picked by the counts' length.
    """

    __slots__ = ()

    def __missing__(self, counts: bytes) -> int:
        # The table read inline (the common miss), else `_new_entry` (loads the
        # table first, or searches a group the table lacks or a count above 4).
        try:
            both = _SUIT_LOW[counts[:5]] + _SUIT_HIGH[counts[5:]]
        except KeyError:
            entry = self[counts] = _new_entry(counts)
            return entry
        number = _SUIT_BODY[both >> 20]
        if number == 255:  # NOT_IN_TABLE: more than 14 tiles
            entry = self[counts] = _new_entry(counts)
            return entry
        entry = self[counts] = _table_ids[number] | both & 0xFFFFF
        return entry


class _HonorMemo(dict[bytes, int]):
    """The honors' 7 counts -> their memo entry (see `_SuitMemo`)."""

    __slots__ = ()

    def __missing__(self, counts: bytes) -> int:
        try:
            both = _HONOR_LOW[counts[:4]] + _HONOR_HIGH[counts[4:]]
        except KeyError:
            entry = self[counts] = _new_entry(counts)
            return entry
        number = _HONOR_BODY[both >> 20]
        if number == 255:
            entry = self[counts] = _new_entry(counts)
            return entry
        entry = self[counts] = _table_ids[number] | both & 0xFFFFF
        return entry


# one C call: a hand's 34 counts -> the four groups' counts as `bytes` (dict keys)
_split_groups = struct.Struct("9s9s9s7s").unpack

# --- memo caches: the module's only mutable state ----------------------------------
_SUITS = _SuitMemo()
_HONOR_GROUPS = _HonorMemo()
# vector id -> distance vector (tiles lacking for m sets and p pairs, at m * 2 + p)
_VECTORS: list[tuple[int, ...]] = []
# vector id -> the standard form's shanten by number of melds (0-4), read off the vector
_STANDARD: list[tuple[int, ...]] = []
_VECTOR_IDS: dict[tuple[int, ...], int] = {}
# _COMBINED[a][b] -> id of the min-plus combination of vectors a and b
_COMBINED: list[dict[int, int]] = []
# a group's counts -> memo entries of that group with one more tile of each kind
_DRAWN: dict[bytes, tuple[int, ...]] = {}
_INTERN_LOCK = threading.Lock()


def _chiitoitsu_from(pairs: int, kinds: int) -> int:
    """Four of a kind is one pair, not two (§3.1): kinds beyond the seventh do not
    help, and each missing kind costs a tile on top of the missing pairs."""
    return max(-1, 6 - pairs + max(0, 7 - kinds))


def _kokushi_from(yaochuu_kinds: int, has_pair: bool) -> int:
    return 13 - yaochuu_kinds - has_pair


# shanten by the stats fields each form reads, for every value of those fields
_YAOCHUU_KINDS_BITS = _YAOCHUU_PAIRS - _YAOCHUU_KINDS
_CHIITOITSU_TABLE = tuple(
    _chiitoitsu_from(stats & (1 << _KINDS) - 1, stats >> _KINDS)
    for stats in range(1 << _YAOCHUU_KINDS)
)
_KOKUSHI_TABLE = tuple(
    _kokushi_from(stats & (1 << _YAOCHUU_KINDS_BITS) - 1, stats >> _YAOCHUU_KINDS_BITS > 0)
    for stats in range(1 << (_STATS_BITS - _YAOCHUU_KINDS))
)


# the whole hand's stats -> the better of chiitoitsu and kokushi (the hands met
# hold a few hundred distinct stats: a memo, not a table of all 2**22)
_OTHER_FORMS: dict[int, int] = {}


def _other_forms(stats: int) -> int:
    found = _OTHER_FORMS[stats] = min(
        _CHIITOITSU_TABLE[stats & _CHIITOITSU_FIELDS], _KOKUSHI_TABLE[stats >> _YAOCHUU_KINDS]
    )
    return found


def _intern(vector: tuple[int, ...]) -> int:
    """The id of a distance vector, registering it on first sight.

    Locked (slow path only) so that threads sharing the caches never hand out one
    id for two vectors; every other cache write is a single dict assignment.
    """
    with _INTERN_LOCK:
        vector_id = _VECTOR_IDS.get(vector)
        if vector_id is None:
            vector_id = len(_VECTORS)
            _COMBINED.append({})
            _VECTORS.append(vector)
            _STANDARD.append(tuple(vector[9 - 2 * melds] - 1 for melds in range(_MAX_SETS + 1)))
            _VECTOR_IDS[vector] = vector_id
        return vector_id


def _close(kept: list[int]) -> tuple[int, ...]:
    """Distance vector from the most tiles kept, allowing groups that keep nothing.

    A set or pair that uses none of the hand's tiles costs 3 or 2 tiles and fits
    on any kind nobody else needs (a target has at most 14 tiles, there are 34
    kinds), so it can always be added; closing every vector under that lets the
    per-group searches ignore such groups and makes vectors canonical (fewer ids).
    """
    distance = [
        3 * (i >> 1) + 2 * (i & 1) - kept[i] if kept[i] >= 0 else _INF for i in range(_VECTOR_LEN)
    ]
    for i in range(_VECTOR_LEN):
        if i >= 2:
            distance[i] = min(distance[i], distance[i - 2] + 3)
        if i & 1:
            distance[i] = min(distance[i], distance[i - 1] + 2)
    return tuple(distance)


_Moves = dict[int, tuple[tuple[int, int], ...]]


@cache
def _moves(group_cap: int, near_cap: int, runs: bool, most: int) -> _Moves:
    """Moves of the suit search at one kind, for every state; built once per key.

    A state packs (u, v, m, p): u runs started one kind back (they need this kind
    and the next), v runs started two back (they need this kind only), m sets
    started so far, p pairs so far. A move starts t triplets and q pairs here
    (t + q <= group_cap) and, if `runs`, r runs (t + q + r <= near_cap). Its
    *demand* is how many of this kind the target then holds: at most four. No
    more than `most` groups in all.

    The caps come from the hand. A group worth starting keeps a held tile of its
    own: a triplet or pair one of this kind, any group starting here one of this
    kind or the next two. Groups that keep nothing are added back by `_close` at
    their fixed cost, so leaving them out changes no answer and keeps the search
    small.
    """
    moves: _Moves = {}
    for m in range(_MAX_SETS + 1):
        for p in (0, 1):
            for u in range(m + 1):
                for v in range(m + 1 - u):
                    options = []
                    for t in range(min(group_cap, 1) + 1):
                        for q in range(min(group_cap - t, 1 - p) + 1):
                            for r in range(near_cap - t - q + 1 if runs else 1):
                                demand = u + v + 3 * t + 2 * q + r
                                new_m = m + t + r
                                if demand <= 4 and new_m <= _MAX_SETS and new_m + p + q <= most:
                                    new_state = r | u << 3 | new_m << 6 | (p + q) << 9
                                    options.append((demand, new_state))
                    moves[u | v << 3 | m << 6 | p << 9] = tuple(options)
    return moves


def _suit_kept(counts: bytes) -> list[int]:
    """Most of a suit's tiles that m sets and p pairs inside the suit can keep.

    Exact, four-copy limit included: a forward search over the nine kinds. At each
    kind the target's demand is met from the hand as far as it goes, so a kind
    contributes min(demand, held) kept tiles. -1 where no groups reach (m, p).
    """
    most = min(sum(counts), _MAX_SETS + 1)
    states: dict[int, int] = {0: 0}
    for i in range(9):
        held = counts[i]
        near = held + (counts[i + 1] if i < 8 else 0) + (counts[i + 2] if i < 7 else 0)
        moves = _moves(min(held, 2), min(near, _MAX_SETS), i < 7, most)
        following: dict[int, int] = {}
        get = following.get
        for state, kept in states.items():
            for demand, new_state in moves[state]:
                value = kept + (demand if demand < held else held)
                if get(new_state, -1) < value:
                    following[new_state] = value
        states = following
    kept_by_target = [-1] * _VECTOR_LEN
    for state, value in states.items():
        i = (state >> 6 & 7) * 2 + (state >> 9)
        kept_by_target[i] = max(kept_by_target[i], value)
    return kept_by_target


def _honor_kept(counts: bytes) -> list[int]:
    """The same for honors: only triplets and a pair, each on a kind of its own."""
    kept = [-1] * _VECTOR_LEN
    held = [c for c in counts if c]
    for m in range(min(_MAX_SETS, len(held)) + 1):
        for triplets in combinations(range(len(held)), m):
            base = sum(min(held[k], 3) for k in triplets)
            kept[m * 2] = max(kept[m * 2], base)
            for k in range(len(held)):
                if k not in triplets:
                    kept[m * 2 + 1] = max(kept[m * 2 + 1], base + min(held[k], 2))
    return kept


# --- the group table: every group's vector, precomputed (`rules.shanten_table`) ----
# Read on the first miss (a few ms). A group never seen before then costs two
# small dict look-ups (each half of its counts gives its part of the table index
# and of the stats), one byte and one list index, instead of a search.

_table: GroupTable | None = None
# the file's vector numbers -> this process's vector ids, shifted as in an entry
_table_ids: list[int] = []
# A half of a group's counts -> its part of the table index << _ID_SHIFT | its
# stats: the two halves' parts add up to the group's index and stats, the stats
# already where a memo entry wants them. Empty until the table is read, so that
# the first miss takes the slow path and reads it.
_SUIT_LOW: dict[bytes, int] = {}
_SUIT_HIGH: dict[bytes, int] = {}
_HONOR_LOW: dict[bytes, int] = {}
_HONOR_HIGH: dict[bytes, int] = {}
_SUIT_BODY = _HONOR_BODY = b""  # the table: a group's index -> its vector's number
_table_failed = False
_SUIT_SPLIT, _HONOR_SPLIT = 5, 4  # kinds in the low half of a suit, of the honors
_SUIT_ENDS, _HONORS = b"\1\0\0\0\0\0\0\0\1", b"\1" * 7  # 1: a terminal or honor kind
# the memo classes spell these literally (a constant beats a global look-up)
assert (_SUIT_SPLIT, _HONOR_SPLIT, NOT_IN_TABLE) == (5, 4, 255)


def _stats(counts: bytes, yaochuu: bytes) -> int:
    """The chiitoitsu / kokushi stats fields of some counts (`yaochuu`: 1 per terminal)."""
    return (
        sum(c >= 2 for c in counts) << _PAIRS
        | sum(c >= 1 for c in counts) << _KINDS
        | sum(c >= 1 for c, y in zip(counts, yaochuu, strict=True) if y) << _YAOCHUU_KINDS
        | sum(c >= 2 for c, y in zip(counts, yaochuu, strict=True) if y) << _YAOCHUU_PAIRS
    )


def _half_parts(kinds: int, offset: int, yaochuu: bytes) -> dict[bytes, int]:
    """Counts of `kinds` kinds starting at kind `offset` -> index part << _ID_SHIFT | stats."""
    return {
        counts: index_of(counts) * 5**offset << _ID_SHIFT | _stats(counts, yaochuu)
        for counts in map(bytes, product(range(5), repeat=kinds))
    }


def _load_table() -> GroupTable | None:
    """Read the group table and register its vectors, or None if it cannot be read."""
    global _table, _table_ids, _table_failed, _SUIT_BODY, _HONOR_BODY
    table = read()
    if table is None:
        _table_failed = True
        return None
    ids = [_intern(vector) for vector in table.vectors]
    _table_ids = [vector_id << _ID_SHIFT for vector_id in ids]
    count = len(ids)
    matrix = table.combined
    for a in range(count):
        row = matrix[a * count : (a + 1) * count]
        _COMBINED[ids[a]].update(
            (ids[b], ids[number]) for b, number in enumerate(row) if number != NOT_IN_TABLE
        )
    s, h = _SUIT_SPLIT, _HONOR_SPLIT
    _SUIT_BODY, _HONOR_BODY = table.suits, table.honors
    _SUIT_LOW.update(_half_parts(s, 0, _SUIT_ENDS[:s]))
    _SUIT_HIGH.update(_half_parts(9 - s, s, _SUIT_ENDS[s:]))
    _HONOR_LOW.update(_half_parts(h, 0, _HONORS[:h]))
    _HONOR_HIGH.update(_half_parts(7 - h, h, _HONORS[h:]))
    _table = table
    return table


def _table_entry(counts: bytes) -> int:
    """A group's memo entry from the table; -1 if the table cannot answer (search)."""
    table = _table
    if table is None:
        if _table_failed:
            return -1
        table = _load_table()
        if table is None:
            return -1
    suited = len(counts) == 9
    split = _SUIT_SPLIT if suited else _HONOR_SPLIT
    low, high = (_SUIT_LOW, _SUIT_HIGH) if suited else (_HONOR_LOW, _HONOR_HIGH)
    try:
        both = low[counts[:split]] + high[counts[split:]]
    except KeyError:  # a count above 4: not a real hand
        return -1
    number = (table.suits if suited else table.honors)[both >> _ID_SHIFT]
    if number == NOT_IN_TABLE:
        return -1
    return _table_ids[number] | both & _STATS_MASK


def search_vector(counts: bytes) -> tuple[int, ...]:
    """A group's distance vector by search (what the table holds; for building and tests)."""
    return _close(_suit_kept(counts) if len(counts) == 9 else _honor_kept(counts))


def build_group_table() -> bytes:
    """The bytes of `rules/group_table.bin` (minutes: every suit is searched)."""
    return build(search_vector, search_vector, combine_vectors)


def _new_entry(counts: bytes) -> int:
    """Memo entry of a group not met yet: from the table, else by search."""
    entry = _table_entry(counts)
    if entry < 0:
        stats = _stats(counts, _SUIT_ENDS if len(counts) == 9 else _HONORS)
        entry = stats | _intern(search_vector(counts)) << _ID_SHIFT
    return entry


def _group_entry(counts: bytes) -> int:
    """Memo entry of one suit (9 bytes) or of the honors (7 bytes): vector id + stats."""
    return _SUITS[counts] if len(counts) == 9 else _HONOR_GROUPS[counts]


def combine_vectors(va: tuple[int, ...], vb: tuple[int, ...]) -> tuple[int, ...]:
    """The distance vector of two groups together: the min-plus convolution over
    (sets, pairs), at most one pair in all."""
    out = [_INF] * _VECTOR_LEN
    for i in range(_VECTOR_LEN):
        for j in range(_VECTOR_LEN - i):
            if i & j & 1 == 0 and va[i] + vb[j] < out[i + j]:
                out[i + j] = va[i] + vb[j]
    return tuple(out)


def _combine(a: int, b: int) -> int:
    """Id of the min-plus combination of two distance vectors; memoised (the table
    holds every combination a real hand needs: this computes only the others)."""
    combined = _COMBINED[a].get(b)
    if combined is None:
        combined = _COMBINED[a][b] = _intern(combine_vectors(_VECTORS[a], _VECTORS[b]))
    return combined


def _hand_id(man: int, pin: int, sou: int, honors: int) -> int:
    """Distance-vector id of a whole hand from its groups' entries (slow path)."""
    shift = _ID_SHIFT
    return _combine(_combine(_combine(man >> shift, pin >> shift), sou >> shift), honors >> shift)


def shanten(
    counts: Sequence[int], melds: int = 0, *, chiitoitsu: bool = True, kokushi: bool = True
) -> int:
    """Shanten over the forms allowed: the least of standard, chiitoitsu and kokushi.

    `counts` is the 34-count vector of the concealed tiles, 3n+1 or 3n+2 of them
    with n = 4 - melds (not checked: this is the hot path). Chiitoitsu and kokushi
    are closed 14-tile hands, so they count only without melds; `chiitoitsu=False`
    is for rulebooks without seven pairs (`renmei_classic`).
    """
    man_counts, pin_counts, sou_counts, honor_counts = _split_groups(bytearray(counts))
    suits = _SUITS
    man = suits[man_counts]
    pin = suits[pin_counts]
    sou = suits[sou_counts]
    honors = _HONOR_GROUPS[honor_counts]
    rows = _COMBINED
    try:
        hand = rows[rows[rows[man >> 20][pin >> 20]][sou >> 20]][honors >> 20]
    except KeyError:
        hand = _hand_id(man, pin, sou, honors)
    best = _STANDARD[hand][melds]
    if melds == 0:
        stats = (man + pin + sou + honors) & 0xFFFFF
        if chiitoitsu and kokushi:  # the usual call: one look-up for both forms
            try:
                other = _OTHER_FORMS[stats]
            except KeyError:
                other = _other_forms(stats)
            return other if other < best else best
        if chiitoitsu:
            other = _CHIITOITSU_TABLE[stats & 0xFFF]
            if other < best:
                best = other
        if kokushi:
            other = _KOKUSHI_TABLE[stats >> 12]
            if other < best:
                best = other
    return best


def shanten_standard(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten towards (4 - melds) sets and one pair; -1 only for 3n+2 tiles."""
    return shanten(counts, melds, chiitoitsu=False, kokushi=False)


def shanten_chiitoitsu(counts: Sequence[int]) -> int:
    """Shanten towards seven pairs of seven different kinds (a quad is one pair)."""
    return _chiitoitsu_from(sum(c >= 2 for c in counts), sum(c >= 1 for c in counts))


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Shanten towards kokushi: each of the 13 terminal and honor kinds, one of them twice."""
    yaochuu = [counts[k] for k in range(KIND_COUNT) if k >= 27 or k % 9 in (0, 8)]
    return _kokushi_from(sum(c >= 1 for c in yaochuu), any(c >= 2 for c in yaochuu))


def group_split(counts: bytes) -> int:
    """0 if a group (9 suit or 7 honor counts) is exactly sets, 1 if sets and one
    pair, -1 otherwise: the building block of `rules.waits`.

    Read off the group's distance vector: a group of 3m (+2) tiles splits iff it
    lacks nothing for m sets (and the pair).
    """
    tiles = sum(counts)
    sets, rest = divmod(tiles, 3)
    if rest == 1 or sets > 4:
        return -1
    pair = rest // 2
    vector = _VECTORS[_group_entry(counts) >> _ID_SHIFT]
    return pair if vector[sets * 2 + pair] == 0 else -1


def _drawn_entries(counts: bytes) -> tuple[int, ...]:
    """Memo entries of a group after drawing one more of each of its kinds (-1 if
    it already holds four: such a draw is impossible)."""
    drawn = _DRAWN.get(counts)
    if drawn is None:
        row = []
        for i, held in enumerate(counts):
            if held >= 4:
                row.append(-1)
            else:
                plus = bytearray(counts)
                plus[i] += 1
                row.append(_group_entry(bytes(plus)))
        drawn = _DRAWN[counts] = tuple(row)
    return drawn


def shanten_by_draw(
    counts: Sequence[int], melds: int = 0, *, chiitoitsu: bool = True, kokushi: bool = True
) -> list[int]:
    """The hand's shanten after drawing each kind: a 34-list, 99 for a kind held four times.

    This is what ukeire and discard choice need, in one pass: only the drawn
    kind's group changes, so each answer is one memoised combination of that
    group's new entry with the other three groups, already combined.
    """
    packed = bytes(counts)
    entries = [_group_entry(packed[lo:hi]) for lo, hi in GROUP_SLICES]
    ids = [entry >> _ID_SHIFT for entry in entries]
    stats_total = sum(entries) & _STATS_MASK
    man_pin = _combine(ids[0], ids[1])
    sou_honors = _combine(ids[2], ids[3])
    others = (
        _combine(ids[1], sou_honors),
        _combine(ids[0], sou_honors),
        _combine(man_pin, ids[3]),
        _combine(man_pin, ids[2]),
    )
    index = 9 - 2 * melds
    chiitoitsu_table = _CHIITOITSU_TABLE if chiitoitsu and melds == 0 else None
    kokushi_table = _KOKUSHI_TABLE if kokushi and melds == 0 else None
    vectors = _VECTORS
    out: list[int] = []
    append = out.append
    for group, (lo, hi) in enumerate(GROUP_SLICES):
        rest = others[group]
        row = _COMBINED[rest]
        stats_rest = stats_total - (entries[group] & _STATS_MASK)
        for entry in _drawn_entries(packed[lo:hi]):
            if entry < 0:
                append(_INF)
                continue
            hand = row.get(entry >> _ID_SHIFT)
            if hand is None:
                hand = _combine(rest, entry >> _ID_SHIFT)
            best = vectors[hand][index] - 1
            if chiitoitsu_table is not None:
                other = chiitoitsu_table[(stats_rest + (entry & _STATS_MASK)) & 0xFFF]
                if other < best:
                    best = other
            if kokushi_table is not None:
                other = kokushi_table[(stats_rest + (entry & _STATS_MASK)) >> 12]
                if other < best:
                    best = other
            append(best)
    return out


def clear_caches() -> None:
    """Forget every memo (group entries, vectors, combinations, the loaded suit table):
    for cold measurements, which then pay for reading the table too."""
    global _table, _table_failed
    _table, _table_failed = None, False
    for parts in (_SUIT_LOW, _SUIT_HIGH, _HONOR_LOW, _HONOR_HIGH):
        parts.clear()
    with _INTERN_LOCK:
        _SUITS.clear()
        _HONOR_GROUPS.clear()
        _VECTORS.clear()
        _STANDARD.clear()
        _VECTOR_IDS.clear()
        _COMBINED.clear()
        _DRAWN.clear()
        _OTHER_FORMS.clear()
