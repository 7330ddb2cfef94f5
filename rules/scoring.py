"""One scorer for every preset: yaku, fu, han, limits and payments, explained.

For each reading of the hand and each role the winning tile can play in it,
the yaku, fu and payment are computed; the best-paying candidate is kept
(高点法, 000 第41条イ). Everything that differs between rulebooks is read
from the `Ruleset` and the yaku table of its scoring model (RULESETS.md §4).

Why it is fast (the engine scores every possible win, the AI many more):

- The concealed tiles are packed into one int, three bits per kind, and cut into
  their four groups (man, pin, sou, honors). Each group's readings come from a memo
  keyed by the group (`rules.decompose.GroupShape`), with the facts yaku and fu
  need already counted and packed so that a whole reading's counts are the sum of
  four ints, and its sequence and triplet positions as small per-suit bit masks.
- What the counts decide (toitoi, 一盃口, chanta, concealed triplets, their fu) is
  memoised by the counts (`_Summary`); the honor yaku by the honor triplets, the
  pair and the winds (`_honor_facts`). A candidate is then a few integer operations
  producing a yaku bit mask.
- What a mask is worth under a ruleset (the table, the exclusions, yakuman, the
  `YakuHan`s to show) is memoised per ruleset (`_Tables`), and so are limits,
  payment totals and candidate keys by (han, fu): different hands share these.
- Only the chosen candidate becomes `FuItem`s, `Payments` and a `ScoreResult`.

The hot path avoids what CPython 3.11 makes expensive: new int objects (every
arithmetic result above 256 is one; look-ups in nested tables by small ints
allocate nothing), named-tuple field reads (its records are slotted classes) and
function calls. `clear_caches()` empties every memo, for cold measurements.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from operator import attrgetter
from typing import Any, NamedTuple

from .decompose import (
    F_BITS,
    F_HONOR_PAIR,
    F_PAIRS,
    F_PEIKOU,
    F_PLAIN,
    F_SEQS,
    F_SIMPLE_TRIPS,
    F_YAOCHUU_TRIPS,
    GROUP_SHAPES,
    K_GROUP,
    PACK,
    RYANMEN,
    SUIT_KEY_MASK,
    TANKI,
    WAITS,
    GroupPart,
    GroupShape,
    Role,
    clear_group_shapes,
    group_shape,
    group_shapes,
    is_chiitoitsu,
)
from .hand import MeldKind, Win
from .ruleset import Ruleset
from .tiles import (
    EAST,
    NORTH,
    YAOCHUU_KINDS,
    Tile,
    dora_from_indicator,
    dora_skipping,
    format_tiles,
    is_yaochuu,
    tile_key,
)
from .yaku import (
    COND_CLOSED,
    COND_JUNSEI,
    COND_KOKUSHI_13,
    COND_NO_HONOR,
    COND_NO_SEQUENCE,
    COND_TANKI,
    COND_TSUMO,
    YAKU_BIT,
    count_yaku,
    honor_yaku,
    kinds_yaku,
)

STICK_VALUE = 1000  # a riichi stick (000 第32条ロ)


class YakuHan(NamedTuple):
    id: str
    han: int  # 0 for a yakuman (its weight is the result's `yakuman`)


class FuItem(NamedTuple):
    """One line of the fu breakdown, e.g. ("concealed_triplet", 8, 222m)."""

    item: str
    fu: int
    kind: int = -1  # the tile kind of the set or pair, -1 for other items
    copies: int = 0

    @property
    def tiles(self) -> str:
        """The set or pair in mpsz, e.g. "222m" (memoised: every answer shows these)."""
        if not self.copies:
            return ""
        text = _SET_TEXT.get((self.kind, self.copies))
        if text is None:
            text = _SET_TEXT[(self.kind, self.copies)] = format_tiles([self.kind] * self.copies)
        return text


_SET_TEXT: dict[tuple[int, int], str] = {}  # (kind, copies) -> mpsz


class DoraCount(NamedTuple):
    dora: int = 0
    aka: int = 0
    ura: int = 0

    @property
    def total(self) -> int:
        return self.dora + self.aka + self.ura


class Payments(NamedTuple):
    """CONTRACT.md `points`: hand value without honba, plus honba and sticks separately."""

    ron: int | None
    tsumo_dealer: int | None
    tsumo_non_dealer: int | None
    total: int
    honba: int
    sticks: int


class ScoreResult(NamedTuple):
    """A legal win and its full explanation."""

    han: int
    fu: int
    yaku: tuple[YakuHan, ...]
    dora: DoraCount
    yakuman: int
    limit: str | None
    fu_breakdown: tuple[FuItem, ...]
    points: Payments
    base: int  # 基本点 B
    form: str  # standard | chiitoitsu | kokushi
    wait: str  # ryanmen | kanchan | penchan | tanki | shanpon | kokushi | ...

    @property
    def ok(self) -> bool:
        """A legal win (`NoWin.ok` is False): the answer's `ok` field."""
        return True


class NoWin(NamedTuple):
    """Not a legal win: `error` is `no_yaku` or `not_a_win` (CONTRACT.md)."""

    error: str
    message: str

    @property
    def ok(self) -> bool:
        return False


# ---------------------------------------------------------------------------
# Constants of the hot path: yaku bits, fu items, per-kind tables

_B = YAKU_BIT
_RIICHI, _DOUBLE_RIICHI, _IPPATSU = _B["riichi"], _B["double_riichi"], _B["ippatsu"]
_MENZEN_TSUMO, _HAITEI, _RINSHAN = _B["menzen_tsumo"], _B["haitei"], _B["rinshan"]
_TENHOU, _CHIIHOU, _RENHOU = _B["tenhou"], _B["chiihou"], _B["renhou"]
_HOUTEI, _CHANKAN = _B["houtei"], _B["chankan"]
_PINFU, _IIPEIKOU, _RYANPEIKOU = _B["pinfu"], _B["iipeikou"], _B["ryanpeikou"]
_TOITOI, _SANANKOU, _SUUANKOU = _B["toitoi"], _B["sanankou"], _B["suuankou"]
_SANSHOKU, _SANSHOKU_DOUKOU = _B["sanshoku"], _B["sanshoku_doukou"]
_CHANTA, _JUNCHAN = _B["chanta"], _B["junchan"]
_SANKANTSU, _SUUKANTSU = _B["sankantsu"], _B["suukantsu"]
_CHIITOITSU, _KOKUSHI, _CHUUREN = _B["chiitoitsu"], _B["kokushi"], _B["chuuren"]
_KOKUSHI_SITUATIONS = _TENHOU | _CHIIHOU | _RENHOU  # the only other yaku kokushi keeps
_QUAD_YAKU = (0, 0, 0, _SANKANTSU, _SUUKANTSU)  # by the number of quads
_PEIKOU_YAKU = (0, _IIPEIKOU, _RYANPEIKOU)  # by disjoint pairs of identical sequences
_ITTSU_YAKU = _B["ittsu"]
_ITTSU = 0b1001001  # sequences from the 1, the 4 and the 7 of one suit (`seq_rel`)

_MAX_RAW_FU = 256  # above any hand's raw fu (four yaochuu ankan are 128)
_MAX_HAN = 128  # above any hand's han (yaku and every dora) for the memo rows
_WAIT_FU = (0, 2, 2, 2, 0)  # by wait: kanchan, penchan and tanki earn 2 fu
_YAOCHUU = tuple(is_yaochuu(kind) for kind in range(34))
_WIN_SPOT = tuple((kind // 9, kind % 9) for kind in range(34))  # (group, position)
# The dora an indicator points to, as a kind and as (group, position).
_DORA_OF = tuple(dora_from_indicator(kind) for kind in range(34))
_DORA_SPOT = tuple(_WIN_SPOT[kind] for kind in _DORA_OF)
_IS_RED = attrgetter("red")
_ALL = 99  # "every indicator", as a slice end

_BASE_ITEM = FuItem("base", 20)
_CHIITOITSU_ITEMS = (FuItem("chiitoitsu", 25),)
_BASE_HEAD = (_BASE_ITEM,)
_CLOSED_RON_HEAD = (_BASE_ITEM, FuItem("closed_ron", 10))
_TSUMO_HEAD = (_BASE_ITEM, FuItem("tsumo", 2))
_WAIT_TAIL = tuple(  # by wait: its fu item, if it earns fu
    (FuItem(f"wait_{w}", 2),) if fu else () for w, fu in zip(WAITS, _WAIT_FU, strict=True)
)
# The fu item of an honor pair, by fu (2, or 4 for a double wind under that house rule)
# and position.
_VALUE_PAIR = {fu: tuple((FuItem("value_pair", fu, k, 2),) for k in range(27, 34)) for fu in (2, 4)}
_new_tuple = tuple.__new__  # builds a named tuple without its Python-level __new__


def _set_fu(kind: int, concealed: bool, quad: bool) -> int:
    """Triplet/quad fu (000 第42条イ⑤): 2 simple / 4 terminal-honor, ×2 concealed, ×4 quad."""
    fu = 4 if is_yaochuu(kind) else 2
    if concealed:
        fu *= 2
    if quad:
        fu *= 4
    return fu


# The fu items of concealed and open triplets, by group and position.
_GROUP_SPANS = ((0, 9), (9, 18), (18, 27), (27, 34))
_CONCEALED_TRIPLET = tuple(
    tuple(FuItem("concealed_triplet", _set_fu(k, True, False), k, 3) for k in range(b, end))
    for b, end in _GROUP_SPANS
)
_OPEN_TRIPLET = tuple(
    tuple(FuItem("open_triplet", _set_fu(k, False, False), k, 3) for k in range(b, end))
    for b, end in _GROUP_SPANS
)

# ---------------------------------------------------------------------------
# What the scorer derives from a ruleset, once


@dataclass(frozen=True, slots=True)
class _Counted:
    """`count_yaku` of one yaku mask, with what the scorer needs ready to use.

    (Slotted classes rather than named tuples for records read in the hot loop:
    Python 3.11 reads their fields much faster.)
    """

    yaku: tuple[YakuHan, ...]
    han: int
    yakuman: int  # the weight reported (0: not a yakuman hand; classic reports 0)
    is_yakuman: bool
    fixed: bool  # the key does not depend on fu: a yakuman hand, or no yaku (key 0)
    keys: tuple[int, ...]  # a fixed candidate's key, by payment mode
    base: int  # base points of a yakuman hand (0 otherwise)
    limit: str | None  # limit of a yakuman hand
    waives_tsumo_fu: bool  # pinfu tsumo at 20 fu
    chinitsu_fu: int
    extra_fu: tuple[int, int]  # fu these yaku add: [0] without, [1] with a tsumo that earns 2


# The situation a yaku mask is counted in selects its memo, so that COND_CLOSED and
# COND_TSUMO (high bits) stay out of the common masks.
_SITUATION_CONDITIONS = (0, COND_TSUMO, COND_CLOSED, COND_CLOSED | COND_TSUMO)


class _Tables:
    """Per-ruleset constants and memos: worth of yaku masks, limits, payments, keys."""

    __slots__ = (
        "all_dora",
        "all_ura",
        "chinitsu_item",
        "counted",
        "dora_of",
        "dora_spot",
        "dora_take",
        "key_rows",
        "kinds_yaku",
        "limit_rows",
        "pair_fu",
        "pay_totals",
        "payments",
        "red_fives",
        "round_fu",
        "round_open_ron_fu",
        "ruleset",
        "tsumo_fu_on_rinshan",
        "ura_take",
    )

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        # by situation (closed << 1 | tsumo): yaku mask -> what it is worth
        self.counted: tuple[dict[int, _Counted], ...] = ({}, {}, {}, {})
        # by mode (tsumo << 1 | dealer), then han: fu -> candidate key
        self.key_rows: tuple[tuple[dict[int, int], ...], ...] = tuple(
            tuple({} for _ in range(_MAX_HAN)) for _ in range(4)
        )
        # by han: fu -> (base points, limit name)
        self.limit_rows: tuple[dict[int, tuple[int, str | None]], ...] = tuple(
            {} for _ in range(_MAX_HAN)
        )
        self.pay_totals: dict[int, int] = {}  # base << 2 | mode -> what the winner gets
        # by mode, honba (0-7), riichi sticks (0-7): base -> Payments
        self.payments: tuple[tuple[tuple[dict[int, Payments], ...], ...], ...] = tuple(
            tuple(tuple({} for _ in range(8)) for _ in range(8)) for _ in range(4)
        )
        self.kinds_yaku: dict[int, int] = {}  # K_* flags -> yaku bits
        self.pair_fu = (0, 2, ruleset.double_wind_pair_fu)  # by value-pair level
        step = ruleset.fu_rounding or 1
        self.round_fu = tuple(-(-fu // step) * step for fu in range(_MAX_RAW_FU))
        # 000 第42条ニ: an open pinfu-shaped ron (20 fu) is 30 (20 in アルシーアル).
        self.round_open_ron_fu = tuple(
            ruleset.open_pinfu_ron_fu if fu == 20 else fu for fu in self.round_fu
        )
        fu = ruleset.chinitsu_fu
        self.chinitsu_item = FuItem("chinitsu", fu)  # shown only when it earns fu
        self.tsumo_fu_on_rinshan = ruleset.rinshan_tsumo_fu
        # How many indicators count: none, the first only, or all (kan dora, kan ura).
        self.dora_take = (_ALL if ruleset.kan_dora else 1) if ruleset.dora else 0
        self.ura_take = (_ALL if ruleset.kan_ura else 1) if ruleset.ura_dora else 0
        self.all_dora = self.dora_take == _ALL
        self.all_ura = self.ura_take == _ALL
        self.red_fives = bool(ruleset.red_fives)
        # The dora of each indicator, as a kind and as (group, position): the next kind
        # the set holds (a three-player set wraps 1m to 9m, §9).
        removed = ruleset.removed_kinds
        if removed:
            self.dora_of = tuple(dora_skipping(kind, removed) for kind in range(34))
            self.dora_spot = tuple(_WIN_SPOT[kind] for kind in self.dora_of)
        else:
            self.dora_of, self.dora_spot = _DORA_OF, _DORA_SPOT

    def count(self, mask: int, situation: int) -> _Counted:
        """What a yaku mask is worth (memoised: the slow path runs once per mask)."""
        ruleset = self.ruleset
        c = count_yaku(mask | _SITUATION_CONDITIONS[situation], ruleset)
        yaku = tuple(YakuHan(name, han) for name, han in c.yaku)
        if c.yakuman:
            base, limit, weight = _base_points(0, 0, c.yakuman, ruleset)
            keys = tuple(_key(self.pay_total(base, mode), 0, 0) for mode in range(4))
            counted = _Counted(yaku, 0, weight, True, True, keys, base, limit, False, 0, (0, 0))
        else:
            waives = c.pinfu and ruleset.pinfu_tsumo == "pinfu_20fu"
            chinitsu_fu = ruleset.chinitsu_fu if c.chinitsu else 0
            extra = (chinitsu_fu, chinitsu_fu + (0 if waives else 2))
            no_yaku = c.han < ruleset.min_yaku_han
            counted = _Counted(
                yaku, c.han, 0, False, no_yaku, (0, 0, 0, 0), 0, None, waives, chinitsu_fu, extra
            )
        self.counted[situation][mask] = counted
        return counted

    def key(self, han: int, fu: int, mode: int) -> int:
        """The candidate key of a non-yakuman hand (memoised by mode, han and fu)."""
        base = self.limit(han, fu)[0]
        key = self.key_rows[mode][han][fu] = _key(self.pay_total(base, mode), han, fu)
        return key

    def limit(self, han: int, fu: int) -> tuple[int, str | None]:
        """Base points and limit name of a non-yakuman hand (memoised)."""
        base, limit, _ = _base_points(han, fu, 0, self.ruleset)
        found = self.limit_rows[han][fu] = (base, limit)
        return found

    def pay_total(self, base: int, mode: int) -> int:
        """`_payment_total` by base and mode (tsumo << 1 | dealer), memoised."""
        key = base << 2 | mode
        total = self.pay_totals.get(key)
        if total is None:
            total = self.pay_totals[key] = _payment_total(base, mode >> 1, mode & 1, self.ruleset)
        return total

    def hand_yaku(self, kinds: int) -> int:
        """Yaku bits of the kinds held (tanyao, honitsu, ...), by the hand's K_* flags."""
        names = kinds_yaku(kinds, self.ruleset.ryuuiisou_hatsu)
        bits = self.kinds_yaku[kinds] = sum(_B[name] for name in names)
        return bits


def _key(total: int, han: int, fu: int) -> int:
    """Candidates compare like (payment total, han, fu): 高点法, then more han, more fu.

    Packed into one int: total + 1 from bit 20 (0 marks a hand without yaku), han
    from bit 10, fu below.
    """
    return (total + 1) << 20 | han << 10 | fu


# A candidate: a standard reading (counted yaku, fu, its parts, the winning tile's
# role, pair fu, the reading's triplet fu), or seven pairs / thirteen orphans (form,
# counted yaku, wait).
_Standard = tuple["_Counted", int, tuple[GroupPart, ...], Role, int, int]
_Other = tuple[str, "_Counted", str]
_Candidate = _Standard | _Other

_NO_YAKU_ABOVE = 1 << 20  # keys below this are hands without yaku

_TABLES: dict[int, _Tables] = {}


_last_tables: _Tables | None = None  # the tables last used: a game keeps one ruleset


def _tables(ruleset: Ruleset) -> _Tables:
    """The tables of `ruleset`, looked up by identity (hashing a Ruleset costs more)."""
    global _last_tables
    tables = _TABLES.get(id(ruleset))
    if tables is None or tables.ruleset is not ruleset:
        if len(_TABLES) >= 64:  # rulesets built on the fly (house rules): stay bounded
            _TABLES.clear()
        tables = _TABLES[id(ruleset)] = _Tables(ruleset)
    _last_tables = tables
    return tables


def clear_caches() -> None:
    """Forget every memo (per-ruleset tables, group shapes, ...): for cold measurements."""
    global _last_tables
    _last_tables = None
    _TABLES.clear()
    _RENDERED.clear()
    for by_pair in _HONORS:
        for row in by_pair:
            row[:] = [None] * len(row)
    _MELDS[:] = [None] * len(_MELDS)
    for summaries in _SUMMARIES:
        summaries.clear()
    for by_aka in _DORA_COUNTS:
        for counts in by_aka:
            counts[:] = [None] * len(counts)
    for opened in _OPENED_ITEMS:
        opened.clear()
    clear_group_shapes()


# ---------------------------------------------------------------------------
# Honors, melds, dora: small memos by their own small keys


# By winds (seat * 4 + round, as 0-3), then the pair's code (an honor pair's position
# + 1, else 0), then the honor triplets (bit i for kind 27 + i): (yaku bits, value-pair
# level: 0 none, 1 dragon or one wind, 2 double wind).
_HONORS: list[list[list[tuple[int, int] | None]]] = [
    [[None] * 128 for _ in range(8)] for _ in range(16)
]
_WINDS = {seat: {r: (seat - 27) * 4 + r - 27 for r in range(27, 31)} for seat in range(27, 31)}


def _honor_facts(winds: int, pair_code: int, trips_mask: int) -> tuple[int, int]:
    trips = [27 + i for i in range(7) if trips_mask >> i & 1]
    pair = pair_code + 26 if pair_code else -1
    seat, round_wind = 27 + winds // 4, 27 + winds % 4
    bits = sum(_B[name] for name in honor_yaku(trips, pair, seat, round_wind))
    level = 0
    if pair >= 31 or pair in (seat, round_wind):
        level = 2 if pair == seat == round_wind else 1
    found = _HONORS[winds][pair_code][trips_mask] = (bits, level)
    return found


@dataclass(frozen=True, slots=True)
class _MeldFacts:
    """One declared set, as the hot path adds it to the hand."""

    facts: int  # F_SEQS, F_PLAIN, _F_MELD_TRIPS, _F_ANKANS: added to a reading's facts
    flags: int  # OR-ed: K_* flags of its tiles | _MELD_OPENS | honor triplet << _MELD_HONORS
    seqs: int  # a chi's start, as bit (7 * suit + position): OR-ed, may repeat a concealed one
    trips: int  # a suited triplet's or quad's kind, as bit (9 * suit + position)
    quad: int
    fu: int
    fu_items: tuple[FuItem, ...]  # its line of the fu breakdown (none for a chi)
    tiles: tuple[int, ...]  # how many tiles of each kind it holds (for dora)


# Fields the scorer adds above the decompose facts (still below 2**30).
_F_MELD_TRIPS = F_BITS  # 3: declared triplets and quads
_F_ANKANS = F_BITS + 3  # 3: concealed quads (they count as concealed triplets)
_MELD_OPENS = 1 << 8  # in `flags`, above the K_* flags
_MELD_HONORS = 9  # in `flags`: declared honor triplets, bit i for kind 27 + i
_KINDS = _MELD_OPENS - 1  # the K_* flags
_MELD_INDEX = {kind: i * 34 for i, kind in enumerate(MeldKind)}
_MELDS: list[_MeldFacts | None] = [None] * (34 * len(MeldKind))
_CHI = MeldKind.CHI


def _new_meld_facts(kind: MeldKind, base: int) -> _MeldFacts:
    """The facts of a meld of `kind` whose lowest tile is `base` (memoised in _MELDS)."""
    quad = kind is not MeldKind.PON and kind is not MeldKind.CHI
    ankan = kind is MeldKind.ANKAN
    group, position = _WIN_SPOT[base]
    seqs = trips = honors = fu = 0
    fu_item = None
    tiles = [0] * 34
    if kind is MeldKind.CHI:
        tiles[base] = tiles[base + 1] = tiles[base + 2] = 1
        facts = 1 << F_SEQS | (position not in (0, 6)) << F_PLAIN
        seqs = 1 << (7 * group + position)
    else:
        tiles[base] = 4 if quad else 3
        facts = (not _YAOCHUU[base]) << F_PLAIN | 1 << _F_MELD_TRIPS | ankan << _F_ANKANS
        if group < 3:
            trips = 1 << (9 * group + position)
        else:
            honors = 1 << position
        label = ("concealed_" if ankan else "open_") + ("quad" if quad else "triplet")
        fu = _set_fu(base, ankan, quad)
        fu_item = FuItem(label, fu, base, 4 if quad else 3)
    pack = sum(PACK[k] * n for k, n in enumerate(tiles))
    flags = group_shape(group, (pack >> 27 * group) & SUIT_KEY_MASK).kinds[group]
    flags |= (0 if ankan else _MELD_OPENS) | honors << _MELD_HONORS
    fu_items = (fu_item,) if fu_item else ()
    found = _MeldFacts(facts, flags, seqs, trips, quad, fu, fu_items, tuple(tiles))
    _MELDS[_MELD_INDEX[kind] + base] = found
    return found


# by dora, aka, ura (up to 20, 4 and 20): the DoraCount to report
_DORA_COUNTS: list[list[list[DoraCount | None]]] = [
    [[None] * 21 for _ in range(5)] for _ in range(21)
]
_NO_DORA = DoraCount()


def _dora_count(dora: int, aka: int, ura: int) -> DoraCount:
    if dora > 20 or aka > 4 or ura > 20:  # more red fives than a set has (a house rule)
        return DoraCount(dora, aka, ura)
    found = _DORA_COUNTS[dora][aka][ura] = DoraCount(dora, aka, ura)
    return found


# ---------------------------------------------------------------------------
# A reading's counts: what they decide, memoised by them


class _Summary(NamedTuple):
    """What a reading's count fields decide, whichever tiles they are.

    Keyed by the reading's facts (sets, triplets, pair, 一盃口 pairs, plain blocks,
    declared triplets, ankans), in one memo for hands with an honor tile and one
    for hands without: a few hundred entries serve every hand. (Unpacked, never
    read by field, so a named tuple costs nothing here.)
    """

    bits: int  # toitoi, iipeikou / ryanpeikou, chanta / junchan and chanta's conditions
    seqs: int  # sequences, chi included
    trips: int  # concealed triplets, ankans included
    trip_fu: int  # fu of the reading's own triplets, as concealed ones
    pair_code: int  # an honor pair's position + 1, else 0 (`_HONORS`)
    many_trips: bool  # three triplets or more: 三色同刻 is possible


_INVALID = _Summary(0, 0, 0, 0, 0, False)  # not exactly one pair: no reading
_SUMMARIES: tuple[dict[int, _Summary], dict[int, _Summary]] = ({}, {})  # [no honor tile]


def _summary(facts: int, no_honor: bool) -> _Summary:
    found = _INVALID
    if (facts >> F_PAIRS) & 7 == 1:
        seqs = (facts >> F_SEQS) & 7
        simple_trips = (facts >> F_SIMPLE_TRIPS) & 7
        yaochuu_trips = (facts >> F_YAOCHUU_TRIPS) & 7
        trips = simple_trips + yaochuu_trips
        meld_trips = (facts >> _F_MELD_TRIPS) & 7
        bits = _PEIKOU_YAKU[(facts >> F_PEIKOU) & 7] | (0 if seqs else _TOITOI)
        if not (facts >> F_PLAIN) & 7:  # every block holds a terminal or honor
            bits |= _CHANTA | (0 if seqs else COND_NO_SEQUENCE)
            if no_honor:
                bits |= COND_NO_HONOR | (_JUNCHAN if seqs else 0)
        found = _Summary(
            bits,
            seqs,
            trips + ((facts >> _F_ANKANS) & 7),
            4 * simple_trips + 8 * yaochuu_trips,
            (facts >> F_HONOR_PAIR) & 63,
            trips + meld_trips >= 3,
        )
    _SUMMARIES[no_honor][facts] = found
    return found


# ---------------------------------------------------------------------------
# Scoring


def score(win: Win, ruleset: Ruleset) -> ScoreResult | NoWin:
    """Score `win` under `ruleset`: the best-paying legal reading, or why it is no win."""
    if win.renhou and ruleset.renhou == "mangan":
        return _renhou_mangan(win, ruleset)
    return _score_hand(win, ruleset)


def _renhou_mangan(win: Win, ruleset: Ruleset) -> ScoreResult | NoWin:
    """人和 as a mangan (002 【その他】, RULESETS.md §6 A18): "手役・ドラは複合しない", so
    the win pays a plain mangan whatever its yaku and dora, "跳満以上のアガリ形の場合は
    高点法に基づく": unless the hand's own value (yaku + dora) reaches haneman."""
    own = _score_hand(dataclasses.replace(win, renhou=False), ruleset)
    if isinstance(own, NoWin) and own.error != "no_yaku":
        return own  # not a winning shape at all
    if isinstance(own, ScoreResult) and (own.yakuman or own.base > 2000):
        return own
    base = ruleset.classic_cap if ruleset.scoring_model == "classic" else 2000
    form, wait = (own.form, own.wait) if isinstance(own, ScoreResult) else ("standard", "")
    return ScoreResult(
        han=0,
        fu=0,
        yaku=(YakuHan("renhou", 0),),
        dora=DoraCount(),
        yakuman=0,
        limit="mangan",
        fu_breakdown=(),
        points=_payments(base, win, ruleset),
        base=base,
        form=form,
        wait=wait,
    )


def _score_hand(win: Win, ruleset: Ruleset) -> ScoreResult | NoWin:
    """The scorer proper: every reading of the hand, the best one kept (高点法)."""
    t = _last_tables
    if t is None or t.ruleset is not ruleset:
        t = _tables(ruleset)

    # The concealed tiles, packed, and each group's shape.
    packed = PACK[win.win_tile.kind]
    for tile in win.concealed:
        packed += PACK[tile.kind]
    man_shapes, pin_shapes, sou_shapes, honor_shapes = GROUP_SHAPES
    try:
        man = man_shapes[packed & SUIT_KEY_MASK]
        pin = pin_shapes[(packed >> 27) & SUIT_KEY_MASK]
        sou = sou_shapes[(packed >> 54) & SUIT_KEY_MASK]
        honors = honor_shapes[packed >> 81]
    except KeyError:
        man, pin, sou, honors = group_shapes(packed)
    shapes = (man, pin, sou, honors)
    flags = man.kinds[0] | pin.kinds[1] | sou.kinds[2] | honors.kinds[3]
    tsumo = win.tsumo

    # The declared sets.
    melds = win.melds
    meld_facts = meld_seqs = meld_trips = quads = meld_fu = 0
    found: list[_MeldFacts] | tuple[()] = ()
    if melds:
        found = []
        for meld in melds:
            tiles = meld.tiles
            base = tiles[0].kind
            kind = meld.kind
            if kind is _CHI:
                base = min(base, tiles[1].kind, tiles[2].kind)
            m = _MELDS[_MELD_INDEX[kind] + base] or _new_meld_facts(kind, base)
            found.append(m)
            meld_facts += m.facts
            flags |= m.flags
            meld_seqs |= m.seqs
            meld_trips |= m.trips
            quads += m.quad
            meld_fu += m.fu
    closed = not flags & _MELD_OPENS
    mode = tsumo << 1 | (win.seat_wind == EAST)

    # Yaku that hold for every reading, and the dora.
    kinds = flags & _KINDS
    mask = _situation_bits(win, closed) | _QUAD_YAKU[quads]
    try:
        mask |= t.kinds_yaku[kinds]
    except KeyError:
        mask |= t.hand_yaku(kinds)
    dora = ura = aka = 0
    indicators = win.dora_indicators
    dora_spot, dora_of, kita = t.dora_spot, t.dora_of, win.kita
    for tile in indicators if t.all_dora else indicators[: t.dora_take]:
        group, position = dora_spot[tile.kind]
        dora += shapes[group].counts[position]
        dora_kind = dora_of[tile.kind]
        if melds:
            for m in found:
                dora += m.tiles[dora_kind]
        if kita and dora_kind == NORTH:
            dora += kita  # a set-aside North is still a North under the indicator
    if win.riichi or win.double_riichi:
        indicators = win.ura_indicators
        for tile in indicators if t.all_ura else indicators[: t.ura_take]:
            group, position = dora_spot[tile.kind]
            ura += shapes[group].counts[position]
            dora_kind = dora_of[tile.kind]
            if melds:
                for m in found:
                    ura += m.tiles[dora_kind]
            if kita and dora_kind == NORTH:
                ura += kita
    dora += kita  # each kita is a dora of its own (抜きドラ, counted with the dora)
    if t.red_fives:
        aka = win.win_tile.red + sum(map(_IS_RED, win.concealed))
        for meld in melds:
            aka += sum(map(_IS_RED, meld.tiles))
    dora_han = dora + aka + ura

    # The best candidate: standard readings, then seven pairs or thirteen orphans.
    best_key = -1
    best: _Candidate | None = None
    if man.parts and pin.parts and sou.parts and honors.parts:
        if not melds and (man.chuuren or pin.chuuren or sou.chuuren):
            mask |= _CHUUREN | (COND_JUNSEI if _junsei_chuuren(win) else 0)
        best_key, best = _best_standard(
            win,
            t,
            shapes,
            mask,
            closed << 1 | tsumo,
            flags,
            meld_facts,
            meld_seqs,
            meld_trips,
            20 + meld_fu + (10 if closed and not tsumo else 0),
            dora_han,
            mode,
        )
    if not melds and (
        man.pairs + pin.pairs + sou.pairs + honors.pairs == 7
        or man.orphans + pin.orphans + sou.orphans + honors.orphans == 13
    ):
        best_key, best = _best_other(win, t, shapes, mask, dora_han, mode, best_key, best)

    # Its explanation.
    if best is None:
        return NoWin("not_a_win", _not_a_win_message(win, ruleset))
    if best_key < _NO_YAKU_ABOVE:
        return NoWin(
            "no_yaku",
            "no yaku: the hand is complete but has no yaku (dora alone do not count)",
        )
    dora_count = _DORA_COUNTS[dora][aka][ura] if dora_han <= 20 and aka <= 4 else None
    if dora_count is None:
        dora_count = _dora_count(dora, aka, ura)
    if len(best) == 3:  # chiitoitsu or kokushi
        form, counted, wait = best
        items: tuple[FuItem, ...] = _CHIITOITSU_ITEMS if form == "chiitoitsu" else ()
        fu = 25 if items else 0
        return _result(counted, fu, items, dora_count, dora_han, form, wait, win, t, mode)
    counted, fu, combo, role, pair_fu, trip_fu = best
    wait = WAITS[role.wait]
    if counted.is_yakuman:
        return _result(counted, 0, (), dora_count, dora_han, "standard", wait, win, t, mode)
    items = _fu_items(win, t, closed, counted, combo, role, pair_fu, trip_fu, found)
    return _result(counted, fu, items, dora_count, dora_han, "standard", wait, win, t, mode)


def _situation_bits(win: Win, closed: bool) -> int:
    """Yaku from how the hand was won, not from its tiles (the engine states these)."""
    bits = 0
    if win.double_riichi:
        bits = _DOUBLE_RIICHI
    elif win.riichi:
        bits = _RIICHI
    if win.ippatsu:
        bits |= _IPPATSU
    if win.tsumo:
        if closed:
            bits |= _MENZEN_TSUMO
        if win.haitei:
            bits |= _HAITEI
        if win.rinshan:
            bits |= _RINSHAN
        if win.tenhou:
            bits |= _TENHOU
        if win.chiihou:
            bits |= _CHIIHOU
    else:
        if win.houtei:
            bits |= _HOUTEI
        if win.chankan:
            bits |= _CHANKAN
        if win.renhou:
            bits |= _RENHOU
    return bits


def _best_standard(
    win: Win,
    t: _Tables,
    shapes: tuple[GroupShape, GroupShape, GroupShape, GroupShape],
    hand_mask: int,
    situation: int,
    flags: int,
    meld_facts: int,
    meld_seqs: int,
    meld_trips: int,
    fixed_fu: int,
    dora_han: int,
    mode: int,
) -> tuple[int, _Standard | None]:
    """The best (key, candidate) over the four-sets-and-a-pair readings.

    Candidates come in `standard_readings` order, each reading's roles in `_roles`
    order, and only a strictly better key replaces the best, so ties resolve as
    they always have. A candidate is (counted yaku, fu, parts, role, pair fu, the
    reading's triplet fu).
    """
    man, pin, sou, honors = shapes
    win_group, position = _WIN_SPOT[win.win_tile.kind]
    tsumo = win.tsumo
    has_honor = flags & K_GROUP[3]
    no_honor = not has_honor
    summaries = _SUMMARIES[no_honor]
    meld_honors = flags >> _MELD_HONORS
    honor_memo = _HONORS[_WINDS[win.seat_wind][win.round_wind]] if has_honor else None
    tsumo_fu = tsumo and (t.tsumo_fu_on_rinshan or not win.rinshan)  # an index: 0 or 1
    round_fu = t.round_fu if situation else t.round_open_ron_fu
    counted_memo = t.counted[situation]
    key_rows = t.key_rows[mode]
    best_key = -1
    best: _Standard | None = None
    for combo in product(man.parts, pin.parts, sou.parts, honors.parts):
        a, b, c, d = combo
        facts = a.facts + b.facts + c.facts + d.facts
        if meld_facts:
            facts += meld_facts
        try:
            summary = summaries[facts]
        except KeyError:
            summary = _summary(facts, no_honor)
        if summary is _INVALID:
            continue
        bits, seqs, trips, trip_fu, pair_code, many_trips = summary

        # Yaku of the reading, whatever the wait.
        mask = hand_mask | bits if bits else hand_mask
        level = pair_fu = 0
        if honor_memo is not None:
            honor_trips = d.trip_rel | meld_honors
            found = honor_memo[pair_code][honor_trips] or _honor_facts(
                _WINDS[win.seat_wind][win.round_wind], pair_code, honor_trips
            )
            honor_bits, level = found
            if honor_bits:
                mask |= honor_bits
            pair_fu = t.pair_fu[level]
        if seqs >= 3:
            m, p, s = a.seq_rel, b.seq_rel, c.seq_rel
            if meld_seqs:  # chi count here too
                m, p, s = m | meld_seqs & 127, p | meld_seqs >> 7 & 127, s | meld_seqs >> 14
            if m & p & s:
                mask |= _SANSHOKU
            if m & _ITTSU == _ITTSU or p & _ITTSU == _ITTSU or s & _ITTSU == _ITTSU:
                mask |= _ITTSU_YAKU
        if many_trips:
            m, p, s = a.trip_rel, b.trip_rel, c.trip_rel
            if meld_trips:
                m, p, s = m | meld_trips & 511, p | meld_trips >> 9 & 511, s | meld_trips >> 18
            if m & p & s:
                mask |= _SANSHOKU_DOUKOU
        reading_fu = fixed_fu + trip_fu + pair_fu
        pinfu_shape = seqs == 4 and not level

        # Each role of the winning tile.
        for role in combo[win_group].roles[position]:
            wait, _, open_cut = role
            fu = reading_fu + _WAIT_FU[wait]
            concealed_trips = trips
            if open_cut and not tsumo:  # a ron completes a triplet: it counts as open
                concealed_trips -= 1
                fu -= open_cut
            role_mask = mask
            if concealed_trips >= 3:
                if concealed_trips == 3:
                    role_mask |= _SANANKOU
                else:
                    role_mask |= _SUUANKOU | (COND_TANKI if wait == TANKI else 0)
            elif wait == RYANMEN and pinfu_shape:
                role_mask |= _PINFU
            try:
                counted = counted_memo[role_mask]
            except KeyError:
                counted = t.count(role_mask, situation)
            if counted.fixed:  # yakuman, or no yaku
                key = counted.keys[mode]
                fu = 0
            else:
                fu = round_fu[fu + counted.extra_fu[tsumo_fu]]
                han = counted.han + dora_han
                try:
                    key = key_rows[han][fu]
                except KeyError:
                    key = t.key(han, fu, mode)
            if key > best_key:
                best_key = key
                best = (counted, fu, combo, role, pair_fu, trip_fu)
    return best_key, best


def _fu_items(
    win: Win,
    t: _Tables,
    closed: bool,
    counted: _Counted,
    combo: tuple[GroupPart, ...],
    role: Role,
    pair_fu: int,
    trip_fu: int,
    melds: list[_MeldFacts] | tuple[()],
) -> tuple[FuItem, ...]:
    """The fu breakdown of the chosen reading (RULESETS.md §4.2; classic §4.7).

    Built from ready-made tuples: the head (base, closed ron or tsumo), the sets,
    the value pair, the wait, chinitsu.
    """
    tsumo = win.tsumo
    items: tuple[FuItem, ...]
    if closed and not tsumo:
        items = _CLOSED_RON_HEAD
    elif tsumo and not counted.waives_tsumo_fu and (t.tsumo_fu_on_rinshan or not win.rinshan):
        items = _TSUMO_HEAD
    else:
        items = _BASE_HEAD
    if trip_fu:  # the reading has concealed triplets
        if role.triplet >= 0 and not tsumo:  # a ron completed one: it counts as open
            items += _triplet_items_with_open(combo, win.win_tile.kind // 9, role.triplet)
        else:
            for group, part in enumerate(combo):
                mask = part.trip_rel
                if mask:
                    items += _TRIPLET_ITEMS[group][mask] or _triplet_items(group, mask)
    for meld in melds:
        items += meld.fu_items
    if pair_fu:  # only an honor pair earns fu
        items += _VALUE_PAIR[pair_fu][combo[3].pair]
    items += _WAIT_TAIL[role.wait]
    if counted.chinitsu_fu:
        items += (t.chinitsu_item,)
    return items


# By group, then a part's triplet mask: the fu items of those concealed triplets.
_TRIPLET_ITEMS: tuple[list[tuple[FuItem, ...] | None], ...] = tuple([None] * 512 for _ in range(4))


def _triplet_items(group: int, mask: int) -> tuple[FuItem, ...]:
    found = tuple(_CONCEALED_TRIPLET[group][i] for i in range(9) if mask >> i & 1)
    _TRIPLET_ITEMS[group][mask] = found
    return found


def _triplet_items_with_open(
    combo: tuple[GroupPart, ...], win_group: int, opened: int
) -> tuple[FuItem, ...]:
    """The triplets' fu items when a ron completed the one at `opened` of `win_group`.

    From memos by triplet mask, as `_fu_items` reads the others' (a shanpon ron is
    common: building the items one by one cost ~1 µs a hand).
    """
    items: tuple[FuItem, ...] = ()
    for group, part in enumerate(combo):
        mask = part.trip_rel
        if not mask:
            continue
        if group == win_group:
            key = mask << 4 | opened
            items += _OPENED_ITEMS[group].get(key) or _opened_items(group, mask, opened)
        else:
            items += _TRIPLET_ITEMS[group][mask] or _triplet_items(group, mask)
    return items


# By group, then a part's triplet mask << 4 | the position a ron opened.
_OPENED_ITEMS: tuple[dict[int, tuple[FuItem, ...]], ...] = ({}, {}, {}, {})


def _opened_items(group: int, mask: int, opened: int) -> tuple[FuItem, ...]:
    found = tuple(
        (_OPEN_TRIPLET if i == opened else _CONCEALED_TRIPLET)[group][i]
        for i in range(9)
        if mask >> i & 1
    )
    _OPENED_ITEMS[group][mask << 4 | opened] = found
    return found


def _best_other(
    win: Win,
    t: _Tables,
    shapes: tuple[GroupShape, GroupShape, GroupShape, GroupShape],
    mask: int,
    dora_han: int,
    mode: int,
    best_key: int,
    best: _Candidate | None,
) -> tuple[int, _Candidate | None]:
    """Add the chiitoitsu or kokushi candidate to the best so far (they come last).

    The groups' pair counts are exact for seven pairs; kokushi also needs its 14
    tiles. The hand has no meld.
    """
    if sum(shape.pairs for shape in shapes) == 7:
        if not t.ruleset.seven_pairs:
            return best_key, best
        form, wait, fu = "chiitoitsu", "tanki", 25
        mask |= _CHIITOITSU
    elif len(win.concealed) == 13:
        form, fu = "kokushi", 0
        mask = _KOKUSHI | mask & _KOKUSHI_SITUATIONS
        wait = "kokushi"
        if _kokushi_thirteen_sided(win):
            mask |= COND_KOKUSHI_13
            wait = "kokushi_13"
    else:
        return best_key, best
    situation = 2 | win.tsumo  # closed
    counted = t.counted[situation].get(mask) or t.count(mask, situation)
    if counted.fixed:
        key = counted.keys[mode]
    else:
        han = counted.han + dora_han
        key = t.key_rows[mode][han].get(fu) or t.key(han, fu, mode)
    if key > best_key:
        return key, (form, counted, wait)
    return best_key, best


# ---------------------------------------------------------------------------
# The rare shapes


def _kokushi_thirteen_sided(win: Win) -> bool:
    kinds = {t.kind for t in win.concealed}
    return len(win.concealed) == 13 and kinds == set(YAOCHUU_KINDS)


def _junsei_chuuren(win: Win) -> bool:
    """The nine-sided chuuren: the 13 tiles before the win are exactly 1112345678999."""
    counts = [0] * 34
    for tile in win.concealed:
        counts[tile.kind] += 1
    return any(tuple(counts[b : b + 9]) == (3, 1, 1, 1, 1, 1, 1, 1, 3) for b in (0, 9, 18))


def _not_a_win_message(win: Win, ruleset: Ruleset) -> str:
    concealed = [0] * 34
    for tile in win.concealed:
        concealed[tile.kind] += 1
    concealed[win.win_tile.kind] += 1
    if not win.melds and not ruleset.seven_pairs and is_chiitoitsu(concealed):
        return "seven pairs (chiitoitsu) is not a winning form under this ruleset"
    tiles: list[Tile] = sorted(win.concealed, key=tile_key)
    hand = format_tiles(tiles) + " + " + format_tiles([win.win_tile])
    return f"{hand} is not a complete hand: it needs four sets and a pair"


# ---------------------------------------------------------------------------
# The result, base points, limits, payments


def _result(
    c: _Counted,
    fu: int,
    items: tuple[FuItem, ...],
    dora: DoraCount,
    dora_han: int,
    form: str,
    wait: str,
    win: Win,
    t: _Tables,
    mode: int,
) -> ScoreResult:
    """The explanation of the chosen candidate; yakuman ignore dora (RULESETS.md §3.2)."""
    if c.is_yakuman:
        fu, items, base, limit = 0, (), c.base, c.limit
        if c.yakuman:  # the classic model reports its mangan-class hands with their dora
            dora, dora_han = _NO_DORA, 0
        han = dora_han
    else:
        han = c.han + dora_han
        base, limit = t.limit_rows[han].get(fu) or t.limit(han, fu)
    honba, sticks = win.honba, win.riichi_sticks
    if honba < 8 and sticks < 8:
        memo = t.payments[mode][honba][sticks]
        points = memo.get(base)
        if points is None:
            points = memo[base] = _payments(base, win, t.ruleset)
    else:
        points = _payments(base, win, t.ruleset)
    return _new_tuple(
        ScoreResult, (han, fu, c.yaku, dora, c.yakuman, limit, items, points, base, form, wait)
    )


def _base_points(han: int, fu: int, yakuman: int, ruleset: Ruleset) -> tuple[int, str | None, int]:
    """基本点 B, the limit name, and the yakuman weight reported (§4.4; classic §4.7)."""
    if ruleset.scoring_model == "classic":
        # 001 第5章, 第9章注: B = fu × 2^han capped at mangan; yakuman-class hands are mangan.
        cap = ruleset.classic_cap
        if yakuman:
            return cap, "mangan", 0
        base = fu * 2**han
        return (cap, "mangan", 0) if base >= cap else (base, None, 0)
    if yakuman:
        weight = yakuman if ruleset.yakuman_stacking else 1
        weight = min(weight, ruleset.yakuman_max)
        return 8000 * weight, "yakuman", weight
    if ruleset.kazoe_yakuman and han >= 13:
        return 8000, "kazoe_yakuman", 0
    if han >= ruleset.limit_mangan_han:
        if han >= ruleset.limit_sanbaiman_han:
            return 6000, "sanbaiman", 0
        if han >= ruleset.limit_baiman_han:
            return 4000, "baiman", 0
        if han >= ruleset.limit_haneman_han:
            return 3000, "haneman", 0
        return 2000, "mangan", 0
    base = fu * 2 ** (han + 2)
    if base >= 2000:
        return 2000, "mangan", 0
    if kiriage_mangan(han, fu, ruleset):
        return 2000, "mangan", 0  # 切り上げ満貫
    return base, None, 0


def kiriage_mangan(han: int, fu: int, ruleset: Ruleset) -> bool:
    """Whether a hand of `han` and `fu` (no yakuman) is paid as mangan only by
    切り上げ満貫: a base of 1,920 (30 fu 4 han, 60 fu 3 han) rounded up where the
    ruleset says so. The scorer's own rule, for screens that name it."""
    if ruleset.scoring_model == "classic" or han >= ruleset.limit_mangan_han:
        return False
    if ruleset.kazoe_yakuman and han >= 13:
        return False
    return fu * 2 ** (han + 2) == 1920 and (
        (han == 4 and ruleset.kiriage_30_4) or (han == 3 and ruleset.kiriage_60_3)
    )


def _payment_total(base: int, tsumo: int, dealer: int, ruleset: Ruleset) -> int:
    """What the winner gets from the hand itself, to compare candidates (高点法)."""
    if not tsumo:
        return round_payment(base * (6 if dealer else 4), ruleset)
    from_dealer, each, others = tsumo_shares(base, bool(dealer), ruleset)
    return from_dealer + each * others


def tsumo_shares(base: int, dealer: bool, ruleset: Ruleset) -> tuple[int, int, int]:
    """A tsumo's payments: (what the dealer pays, 0 for a dealer win; what each
    non-dealer payer pays; how many non-dealer payers there are).

    Four players: the three others pay (dealer 2B, non-dealers B). Three players
    (RULESETS.md §9): the missing North's share is not paid (`tsumo_loss = "loss"`),
    or is split in halves between the two payers (`"north_bisection"`)."""
    missing = 4 - ruleset.players
    payers = ruleset.players - 1
    if dealer:
        each = base * 2
        if missing and ruleset.tsumo_loss == "north_bisection":
            return 0, round_payment(each + each * missing // payers, ruleset), payers
        return 0, round_payment(each, ruleset), payers
    others = payers - 1
    if missing and ruleset.tsumo_loss == "north_bisection":
        half = base * missing / payers
        return (round_payment(int(base * 2 + half + 0.5), ruleset),
                round_payment(int(base + half + 0.5), ruleset), others)
    return round_payment(base * 2, ruleset), round_payment(base, ruleset), others


def honba_total(ruleset: Ruleset, honba: int) -> int:
    """The honba bonus of a win: `honba_value` per honba with four players (100 from
    each of three payers on a tsumo); with three and tsumo loss the missing seat's
    hundred is not paid ([R] Tenhou's three-player records: 200 per honba, ron or
    tsumo), with north-bisection it is split as the hand is."""
    value = ruleset.honba_value * honba
    if ruleset.players == 4 or ruleset.tsumo_loss == "north_bisection":
        return value
    return value * (ruleset.players - 1) // 3


def hand_base(han: int, fu: int, ruleset: Ruleset, yakuman: int = 0) -> tuple[int, str | None]:
    """基本点 B and the limit name of a hand of `han` and `fu` (or `yakuman` times a
    yakuman): the scorer's own table, for callers that price a value with no hand
    (the all-last drill asks which value is enough)."""
    base, limit, _ = _base_points(han, fu, yakuman, ruleset)
    return base, limit


def round_payment(amount: int, ruleset: Ruleset) -> int:
    """Each payment rounded up to the ruleset's unit (000 第44条: 100)."""
    step = ruleset.payment_rounding
    return -(-amount // step) * step if step else amount


def _payments(base: int, win: Win, ruleset: Ruleset) -> Payments:
    honba = honba_total(ruleset, win.honba)
    sticks = STICK_VALUE * win.riichi_sticks if ruleset.riichi else 0
    if not win.tsumo:
        ron = round_payment(base * (6 if win.is_dealer else 4), ruleset)
        return Payments(ron, None, None, ron, honba, sticks)
    from_dealer, each, others = tsumo_shares(base, win.is_dealer, ruleset)
    if win.is_dealer:
        return Payments(None, None, each, each * others, honba, sticks)
    return Payments(None, from_dealer, each, from_dealer + each * others, honba, sticks)


# ---------------------------------------------------------------------------
# The CONTRACT.md answer as JSON text, for `mahjong-tui score`


def answer_text(result: ScoreResult | NoWin) -> str:
    """`json.dumps(rules.request.result_to_dict(result), ensure_ascii=False)`, faster.

    Why: a batch of requests spends more on building the answer dict and encoding
    it than on scoring. The parts shared between answers (the yaku list of a
    counted mask, the dora counts, the payments: memoised objects) are written once
    and kept with the object they render; the rest is a few string joins. The text
    is the same, byte for byte (tests/test_answer_text.py).
    """
    if isinstance(result, NoWin):
        return _json_dumps({"ok": False, "error": result.error, "message": result.message})
    han, fu, yaku, dora, yakuman, limit, items, points, _, form, wait = result
    return (
        f'{{"ok": true, "han": {han}, "fu": {fu}, "yaku": {_rendered(yaku, _yaku_text)}, '
        f'"dora": {_rendered(dora, _dora_text)}, "yakuman": {yakuman}, '
        f'"limit": {"null" if limit is None else _json_string(limit)}, '
        f'"fu_breakdown": [{", ".join(map(_fu_item_text, items))}], '
        f'"points": {_rendered(points, _points_text)}, '
        f'"form": {_json_string(form)}, "wait": {_json_string(wait)}}}'
    )


# The few strings an answer names (its limit, form and wait) as JSON text.
_JSON_STRINGS: dict[str, str] = {}


def _json_string(text: str) -> str:
    known = _JSON_STRINGS.get(text)
    if known is None:
        known = _JSON_STRINGS[text] = _json_dumps(text)
    return known


def _json_dumps(value: object) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


# id(rendered object) -> (the object, its text): the object is kept so that its id
# cannot be reused by another while the entry lives.
_RENDERED: dict[int, tuple[object, str]] = {}


def _rendered(value: Any, render: Callable[[Any], str]) -> str:
    hit = _RENDERED.get(id(value))
    if hit is not None and hit[0] is value:
        return hit[1]
    if len(_RENDERED) >= 4096:
        _RENDERED.clear()
    text = render(value)
    _RENDERED[id(value)] = (value, text)
    return text


def _yaku_text(yaku: tuple[YakuHan, ...]) -> str:
    return _json_dumps([{"id": y.id, "han": y.han} for y in yaku])


def _dora_text(dora: DoraCount) -> str:
    return _json_dumps({"dora": dora.dora, "aka": dora.aka, "ura": dora.ura})


def _points_text(p: Payments) -> str:
    return _json_dumps(
        {
            "ron": p.ron,
            "tsumo_dealer": p.tsumo_dealer,
            "tsumo_non_dealer": p.tsumo_non_dealer,
            "total": p.total,
            "honba": p.honba,
            "sticks": p.sticks,
        }
    )


def _fu_item_text(item: FuItem) -> str:
    tiles = item.tiles
    if tiles:
        return f'{{"item": "{item.item}", "fu": {item.fu}, "tiles": "{tiles}"}}'
    return f'{{"item": "{item.item}", "fu": {item.fu}}}'
