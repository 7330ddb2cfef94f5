"""One scorer for every preset: yaku, fu, han, limits and payments, explained.

For each reading of the hand and each role the winning tile can play in it,
the yaku, fu and payment are computed; the best-paying candidate is kept
(高点法, 000 第41条イ). Everything that differs between rulebooks is read
from the `Ruleset` and the yaku table of its scoring model (RULESETS.md §4).

Why it is fast (the engine scores every possible win, the AI many more). The
concealed tiles are packed into one int, three bits per kind, and cut into their
four groups; each group's readings and their facts (sequence starts, triplet
kinds, the pair, 一盃口 pairs, chanta-compatibility, triplet counts) come from a
memo keyed by the group (`rules.decompose.group_shapes`), packed so that a whole
reading's facts are the sum of four ints. A candidate is then a few integer
operations producing a yaku bit mask, and what a mask is worth under a ruleset
(the table, the exclusions, yakuman, the explained `YakuHan`s) is memoised per
ruleset (`_Tables`): thousands of different hands share a few hundred yaku sets.
Only the chosen candidate is turned into `FuItem`s, `Payments` and a result.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from operator import attrgetter
from typing import NamedTuple

from .decompose import (
    F_BITS,
    F_PAIR,
    F_PAIRS,
    F_PEIKOU,
    F_PLAIN,
    F_SEQS,
    F_SIMPLE_TRIPS,
    F_YAOCHUU_TRIPS,
    FORMS_MASK,
    FORMS_ORPHANS,
    FORMS_PAIRS,
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
    group_shape,
    is_chiitoitsu,
)
from .hand import Meld, MeldKind, Win
from .ruleset import Ruleset
from .tiles import EAST, YAOCHUU_KINDS, dora_from_indicator, format_tiles, is_yaochuu
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
        return format_tiles([self.kind] * self.copies) if self.copies else ""


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

    ok = True


class NoWin(NamedTuple):
    """Not a legal win: `error` is `no_yaku` or `not_a_win` (CONTRACT.md)."""

    error: str
    message: str

    ok = False


# ---------------------------------------------------------------------------
# Constants of the hot path: yaku bits, fu items, per-kind tables

_B = YAKU_BIT
_RIICHI, _DOUBLE_RIICHI, _IPPATSU = _B["riichi"], _B["double_riichi"], _B["ippatsu"]
_MENZEN_TSUMO, _HAITEI, _RINSHAN = _B["menzen_tsumo"], _B["haitei"], _B["rinshan"]
_TENHOU, _CHIIHOU, _RENHOU = _B["tenhou"], _B["chiihou"], _B["renhou"]
_HOUTEI, _CHANKAN = _B["houtei"], _B["chankan"]
_PINFU, _IIPEIKOU, _RYANPEIKOU = _B["pinfu"], _B["iipeikou"], _B["ryanpeikou"]
_TOITOI, _SANANKOU, _SUUANKOU = _B["toitoi"], _B["sanankou"], _B["suuankou"]
_SANSHOKU, _ITTSU, _SANSHOKU_DOUKOU = _B["sanshoku"], _B["ittsu"], _B["sanshoku_doukou"]
_CHANTA, _JUNCHAN = _B["chanta"], _B["junchan"]
_SANKANTSU, _SUUKANTSU = _B["sankantsu"], _B["suukantsu"]
_CHIITOITSU, _KOKUSHI, _CHUUREN = _B["chiitoitsu"], _B["kokushi"], _B["chuuren"]
_KOKUSHI_SITUATIONS = _TENHOU | _CHIIHOU | _RENHOU  # the only other yaku kokushi keeps
_QUAD_YAKU = (0, 0, 0, _SANKANTSU, _SUUKANTSU)  # by the number of quads
_PEIKOU_YAKU = (0, _IIPEIKOU, _RYANPEIKOU)  # by disjoint pairs of identical sequences
_ITTSU_MASKS = tuple(0b1001001 << base for base in (0, 9, 18))  # 123 456 789 of a suit

_WIN_SPOT = tuple((kind // 9, kind % 9) for kind in range(34))  # (group, position)
# The seat and round winds as `_honor_facts` keys them: [seat][round].
_WINDS_KEY = {s: {r: ((s - 27) * 4 + r - 27) << 10 for r in range(27, 31)} for s in range(27, 31)}
_MAX_RAW_FU = 256  # above any hand's raw fu (four yaochuu ankan are 128)
_WAIT_FU = (0, 2, 2, 2, 0)  # by wait: kanchan, penchan and tanki earn 2 fu
_YAOCHUU = tuple(is_yaochuu(kind) for kind in range(34))
# A ron-completed triplet counts as open (§3.1): it earns half the concealed fu.
_RON_FU_CUT = tuple(4 if y else 2 for y in _YAOCHUU)
_IS_RED = attrgetter("red")
_DORA_SHIFT = tuple(3 * dora_from_indicator(kind) for kind in range(34))

_BASE_ITEM = FuItem("base", 20)
_CLOSED_RON_ITEM = FuItem("closed_ron", 10)
_TSUMO_ITEM = FuItem("tsumo", 2)
_CHIITOITSU_ITEMS = (FuItem("chiitoitsu", 25),)
_WAIT_ITEMS = tuple(
    FuItem(f"wait_{w}", 2) if fu else None for w, fu in zip(WAITS, _WAIT_FU, strict=True)
)


def _set_fu(kind: int, concealed: bool, quad: bool) -> int:
    """Triplet/quad fu (000 第42条イ⑤): 2 simple / 4 terminal-honor, ×2 concealed, ×4 quad."""
    fu = 4 if is_yaochuu(kind) else 2
    if concealed:
        fu *= 2
    if quad:
        fu *= 4
    return fu


_CONCEALED_TRIPLET = tuple(
    FuItem("concealed_triplet", _set_fu(k, True, False), k, 3) for k in range(34)
)
_OPEN_TRIPLET = tuple(FuItem("open_triplet", _set_fu(k, False, False), k, 3) for k in range(34))


# ---------------------------------------------------------------------------
# What the scorer derives from a ruleset, once


@dataclass(frozen=True, slots=True)
class _Counted:
    """`count_yaku` of one yaku mask, with what the scorer needs ready to use.

    (Slotted classes rather than named tuples here: Python 3.11 reads their fields
    faster, and the hot loop reads a few per candidate.)
    """

    yaku: tuple[YakuHan, ...]
    han: int
    yakuman: int  # the weight reported (0: not a yakuman hand; classic reports 0)
    is_yakuman: bool
    base: int  # base points of a yakuman hand (0 otherwise)
    limit: str | None  # limit of a yakuman hand
    keys: tuple[int, ...]  # candidate key of a yakuman hand, by payment mode
    waives_tsumo_fu: bool  # pinfu tsumo at 20 fu
    chinitsu_fu: int
    extra_fu: tuple[int, int]  # fu these yaku add: [0] without, [1] with a tsumo that earns 2


# The situation a yaku mask is counted in: it selects the memo, so that the common
# masks stay below 2**30 (COND_CLOSED and COND_TSUMO are high bits).
_SITUATION_CONDITIONS = (0, COND_TSUMO, COND_CLOSED, COND_CLOSED | COND_TSUMO)


class _Tables:
    """Per-ruleset constants and memos: worth of yaku masks, limits, payment totals."""

    __slots__ = (
        "base_points",
        "chinitsu_item",
        "counted",
        "dora_take",
        "keys",
        "kinds_yaku",
        "min_han",
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
        self.base_points: dict[int, tuple[int, str | None]] = {}  # han << 10 | fu
        self.pay_totals: dict[int, int] = {}  # base << 2 | mode
        self.keys: dict[int, int] = {}  # han << 12 | fu << 2 | mode -> candidate key
        self.payments: dict[int, Payments] = {}  # see `_result`
        self.kinds_yaku: dict[int, int] = {}  # K_* flags -> yaku bits
        self.pair_fu = (0, 2, ruleset.double_wind_pair_fu)  # by value-pair level
        step = ruleset.fu_rounding or 1
        self.round_fu = tuple(-(-fu // step) * step for fu in range(_MAX_RAW_FU))
        # 000 第42条ニ: an open pinfu-shaped ron (20 fu) is 30 (20 in アルシーアル).
        self.round_open_ron_fu = tuple(
            ruleset.open_pinfu_ron_fu if fu == 20 else fu for fu in self.round_fu
        )
        self.min_han = ruleset.min_yaku_han
        fu = ruleset.chinitsu_fu
        self.chinitsu_item = FuItem("chinitsu", fu) if fu else None
        self.tsumo_fu_on_rinshan = ruleset.rinshan_tsumo_fu
        # How many indicators count: none, the first only, or all (kan dora, kan ura).
        self.dora_take = (_ALL if ruleset.kan_dora else 1) if ruleset.dora else 0
        self.ura_take = (_ALL if ruleset.kan_ura else 1) if ruleset.ura_dora else 0
        self.red_fives = bool(ruleset.red_fives)

    def count(self, mask: int, situation: int) -> _Counted:
        """What a yaku mask is worth (memoised: the slow path runs once per mask)."""
        ruleset = self.ruleset
        c = count_yaku(mask | _SITUATION_CONDITIONS[situation], ruleset)
        yaku = tuple(YakuHan(name, han) for name, han in c.yaku)
        if c.yakuman:
            base, limit, weight = _base_points(0, 0, c.yakuman, ruleset)
            keys = tuple(_key(self.pay_total(base, mode), 0, 0) for mode in range(4))
            counted = _Counted(yaku, 0, weight, True, base, limit, keys, False, 0, (0, 0))
        else:
            waives = c.pinfu and ruleset.pinfu_tsumo == "pinfu_20fu"
            chinitsu_fu = ruleset.chinitsu_fu if c.chinitsu else 0
            extra = (chinitsu_fu, chinitsu_fu + (0 if waives else 2))
            counted = _Counted(yaku, c.han, 0, False, 0, None, (), waives, chinitsu_fu, extra)
        self.counted[situation][mask] = counted
        return counted

    def key(self, han: int, fu: int, mode: int) -> int:
        """The candidate key of a non-yakuman hand (memoised by han, fu and mode)."""
        base = self.limit(han, fu)[0]
        key = self.keys[han << 12 | fu << 2 | mode] = _key(self.pay_total(base, mode), han, fu)
        return key

    def limit(self, han: int, fu: int) -> tuple[int, str | None]:
        """Base points and limit name of a non-yakuman hand (memoised)."""
        key = han << 10 | fu
        found = self.base_points.get(key)
        if found is None:
            base, limit, _ = _base_points(han, fu, 0, self.ruleset)
            found = self.base_points[key] = (base, limit)
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
        bits = self.kinds_yaku.get(kinds)
        if bits is None:
            names = kinds_yaku(kinds, self.ruleset.ryuuiisou_hatsu)
            bits = self.kinds_yaku[kinds] = sum(_B[name] for name in names)
        return bits


def _key(total: int, han: int, fu: int) -> int:
    """Candidates compare like (payment total, han, fu): 高点法, then more han, more fu.

    Packed into one int: total + 1 from bit 20 (0 marks a hand without yaku), han
    from bit 10, fu below.
    """
    return (total + 1) << 20 | han << 10 | fu


_NO_YAKU_ABOVE = 1 << 20  # keys below this are hands without yaku
_ALL = 99  # "every indicator" as a slice end

_TABLES: dict[int, _Tables] = {}


def _tables(ruleset: Ruleset) -> _Tables:
    """The tables of `ruleset`, looked up by identity (hashing a Ruleset costs more)."""
    tables = _TABLES.get(id(ruleset))
    if tables is None or tables.ruleset is not ruleset:
        if len(_TABLES) >= 64:  # rulesets built on the fly (house rules): stay bounded
            _TABLES.clear()
        tables = _TABLES[id(ruleset)] = _Tables(ruleset)
    return tables


def clear_caches() -> None:
    """Forget every memo (per-ruleset tables, group shapes, ...): for cold measurements."""
    from . import decompose

    _TABLES.clear()
    _HONORS.clear()
    _MELDS[:] = [None] * len(_MELDS)
    for summaries in _SUMMARIES:
        summaries.clear()
    _DORA_COUNTS.clear()
    for shapes in decompose._SHAPES:
        shapes.clear()
    decompose._suit_readings.cache_clear()


# ---------------------------------------------------------------------------
# Honors and melds: small memos by their own keys


_HONORS: dict[int, tuple[int, int]] = {}


def _honor_facts(key: int) -> tuple[int, int]:
    """Yaku bits and value-pair level (0 none, 1 value, 2 double wind) of honor facts.

    `key` is the honor triplets (bit i for kind 27 + i), the pair's code (pair - 26
    for an honor pair, else 0) << 7, and (seat * 4 + round wind, as 0-3) << 10.
    """
    trips = [27 + i for i in range(7) if key >> i & 1]
    pair_code = key >> 7 & 7
    pair = pair_code + 26 if pair_code else -1
    seat, round_wind = 27 + (key >> 12), 27 + (key >> 10 & 3)
    bits = sum(_B[name] for name in honor_yaku(trips, pair, seat, round_wind))
    level = 0
    if pair >= 31 or pair in (seat, round_wind):
        level = 2 if pair == seat == round_wind else 1
    found = _HONORS[key] = (bits, level)
    return found


@dataclass(frozen=True, slots=True)
class _MeldFacts:
    """One declared set, as the hot path adds it to the hand."""

    pack: int  # its tiles, packed like the concealed ones
    facts: int  # F_SEQS, F_PLAIN, _F_MELD_TRIPS, _F_ANKANS: added to a reading's facts
    flags: int  # OR-ed: K_* flags of its tiles | _MELD_OPENS | honor triplet << _MELD_HONORS
    seq_mask: int  # a chi's start as a bit (OR-ed: a chi may repeat a concealed sequence)
    trip_mask: int  # a suited triplet's or quad's kind as a bit
    quad: int
    fu: int
    fu_item: FuItem | None


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
    seq_mask = trip_mask = honors = fu = 0
    fu_item = None
    if kind is MeldKind.CHI:
        pack = PACK[base] + PACK[base + 1] + PACK[base + 2]
        facts = 1 << F_SEQS | (base % 9 not in (0, 6)) << F_PLAIN
        seq_mask = 1 << base
    else:
        pack = PACK[base] * (4 if quad else 3)
        facts = (not _YAOCHUU[base]) << F_PLAIN | 1 << _F_MELD_TRIPS | ankan << _F_ANKANS
        if base < 27:
            trip_mask = 1 << base
        else:
            honors = 1 << (base - 27)
        label = ("concealed_" if ankan else "open_") + ("quad" if quad else "triplet")
        fu = _set_fu(base, ankan, quad)
        fu_item = FuItem(label, fu, base, 4 if quad else 3)
    group = base // 9
    flags = group_shape(group, (pack >> 27 * group) & SUIT_KEY_MASK).kinds
    flags |= (0 if ankan else _MELD_OPENS) | honors << _MELD_HONORS
    found = _MeldFacts(pack, facts, flags, seq_mask, trip_mask, quad, fu, fu_item)
    _MELDS[_MELD_INDEX[kind] + base] = found
    return found


def _meld_items(melds: tuple[Meld, ...]) -> list[FuItem]:
    """The fu items of the declared sets, in their order (chi earn none)."""
    items = []
    for meld in melds:
        if meld.kind is not _CHI:
            base = meld.tiles[0].kind
            m = _MELDS[_MELD_INDEX[meld.kind] + base] or _new_meld_facts(meld.kind, base)
            items.append(m.fu_item)
    return items


# ---------------------------------------------------------------------------
# A reading's counts: what they decide, memoised by them


class _Summary(NamedTuple):
    """What a reading's count fields decide, whichever tiles they are.

    Keyed by the reading's facts (sets, triplets, pair, 一盃口 pairs, plain blocks,
    declared triplets, ankans), in one memo for hands with an honor tile and one
    for hands without: a few hundred entries serve every hand.
    """

    bits: int  # toitoi, iipeikou / ryanpeikou, chanta / junchan and chanta's conditions
    seqs: int  # sequences, chi included
    trips: int  # concealed triplets, ankans included
    trip_fu: int  # fu of the reading's own triplets, as concealed ones
    honor_pair: int  # an honor pair as `_honor_facts` keys it, else 0
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
        pair = ((facts >> F_PAIR) & 63) - 1
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
            (pair - 26) << 7 if pair >= 27 else 0,
            trips + meld_trips >= 3,
        )
    _SUMMARIES[no_honor][facts] = found
    return found


# ---------------------------------------------------------------------------
# Scoring


def score(win: Win, ruleset: Ruleset) -> ScoreResult | NoWin:
    """Score `win` under `ruleset`: the best-paying legal reading, or why it is no win."""
    t = _TABLES.get(id(ruleset))
    if t is None or t.ruleset is not ruleset:
        t = _tables(ruleset)
    win_kind = win.win_tile.kind
    packed = PACK[win_kind]
    for tile in win.concealed:
        packed += PACK[tile.kind]
    man_shapes, pin_shapes, sou_shapes, honor_shapes = GROUP_SHAPES
    key = packed & SUIT_KEY_MASK
    man = man_shapes.get(key) or group_shape(0, key)
    key = (packed >> 27) & SUIT_KEY_MASK
    pin = pin_shapes.get(key) or group_shape(1, key)
    key = (packed >> 54) & SUIT_KEY_MASK
    sou = sou_shapes.get(key) or group_shape(2, key)
    key = packed >> 81
    honors = honor_shapes.get(key) or group_shape(3, key)
    flags = man.kinds | pin.kinds | sou.kinds | honors.kinds
    tsumo = win.tsumo

    # The declared sets.
    melds = win.melds
    meld_facts = meld_seqs = meld_trips = quads = meld_fu = 0
    if melds:  # (a third of the hands or so)
        for meld in melds:
            tiles = meld.tiles
            base = tiles[0].kind
            kind = meld.kind
            if kind is _CHI:
                base = min(base, tiles[1].kind, tiles[2].kind)
            m = _MELDS[_MELD_INDEX[kind] + base] or _new_meld_facts(kind, base)
            packed += m.pack
            meld_facts += m.facts
            flags |= m.flags
            meld_seqs |= m.seq_mask
            meld_trips |= m.trip_mask
            quads += m.quad
            meld_fu += m.fu
    closed = not flags & _MELD_OPENS
    situation = closed << 1 | tsumo

    # Yaku that hold for every reading.
    kinds = flags & _KINDS
    mask = _situation_bits(win, closed) | _QUAD_YAKU[quads]
    hand_bits = t.kinds_yaku.get(kinds)
    mask |= t.hand_yaku(kinds) if hand_bits is None else hand_bits
    dora, dora_han = _count_dora(win, t, packed)
    mode = tsumo << 1 | (win.seat_wind == EAST)

    best_key = -1
    best: tuple | None = None
    if man.parts and pin.parts and sou.parts and honors.parts:
        if not melds and (man.chuuren or pin.chuuren or sou.chuuren):
            mask |= _CHUUREN | (COND_JUNSEI if _junsei_chuuren(win) else 0)
        fixed_fu = 20 + meld_fu + (10 if closed and not tsumo else 0)
        best_key, best = _best_standard(
            win,
            t,
            (man, pin, sou, honors),
            mask,
            situation,
            flags,
            meld_facts,
            meld_seqs,
            meld_trips,
            fixed_fu,
            dora_han,
            mode,
        )
    if not melds:
        forms = man.forms + pin.forms + sou.forms + honors.forms
        if (forms >> FORMS_PAIRS) & FORMS_MASK == 7 or (forms >> FORMS_ORPHANS) & FORMS_MASK == 13:
            best_key, best = _best_other(win, t, mask, forms, dora_han, mode, best_key, best)

    if best is None:
        return NoWin("not_a_win", _not_a_win_message(win, ruleset))
    if best_key < _NO_YAKU_ABOVE:
        return NoWin(
            "no_yaku",
            "no yaku: the hand is complete but has no yaku (dora alone do not count)",
        )
    if len(best) == 3:  # chiitoitsu or kokushi
        form, counted, wait = best
        items = _CHIITOITSU_ITEMS if form == "chiitoitsu" else ()
        return _result(counted, 25 if items else 0, items, dora, form, wait, win, t, mode)
    counted, fu, combo, role, pair_fu, trip_fu = best
    wait = WAITS[role.wait]
    if counted.is_yakuman:
        return _result(counted, 0, (), dora, "standard", wait, win, t, mode)
    items = _fu_items(win, t, closed, counted, combo, role, pair_fu, trip_fu)
    return _result(counted, fu, items, dora, "standard", wait, win, t, mode)


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
) -> tuple[int, tuple | None]:
    """The best (key, candidate) over the four-sets-and-a-pair readings.

    Candidates come in `standard_readings` order, each reading's roles in `_roles`
    order, and only a strictly better key replaces the best, so ties resolve as
    they always have. A candidate is (counted yaku, fu, parts, role, pair fu).
    """
    man, pin, sou, honors = shapes
    win_group, position = _WIN_SPOT[win.win_tile.kind]
    tsumo = win.tsumo
    no_honor = not flags & K_GROUP[3]
    summaries = _SUMMARIES[no_honor]
    meld_honors = flags >> _MELD_HONORS
    tsumo_fu = tsumo and (t.tsumo_fu_on_rinshan or not win.rinshan)  # an index: 0 or 1
    round_fu = t.round_fu if situation else t.round_open_ron_fu
    counted_memo = t.counted[situation]
    keys = t.keys
    min_han = t.min_han
    best_key = -1
    best = None
    for combo in product(man.parts, pin.parts, sou.parts, honors.parts):
        a, b, c, d = combo
        facts = a.facts + b.facts + c.facts + d.facts + meld_facts
        summary = summaries.get(facts) or _summary(facts, no_honor)
        if summary is _INVALID:
            continue
        bits, seqs, trips, trip_fu, honor_pair, many_trips = summary
        # Yaku of the reading, whatever the wait.
        mask = hand_mask | bits
        honor_key = d.trip_mask | meld_honors | honor_pair
        level = 0
        if honor_key:
            honor_key |= _WINDS_KEY[win.seat_wind][win.round_wind]
            honor_bits, level = _HONORS.get(honor_key) or _honor_facts(honor_key)
            mask |= honor_bits
        if seqs >= 3:
            seq_mask = a.seq_mask | b.seq_mask | c.seq_mask | meld_seqs
            if seq_mask & (seq_mask >> 9) & (seq_mask >> 18) & 0x7F:
                mask |= _SANSHOKU
            for ittsu in _ITTSU_MASKS:
                if seq_mask & ittsu == ittsu:
                    mask |= _ITTSU
        if many_trips:
            trip_mask = a.trip_mask | b.trip_mask | c.trip_mask | meld_trips
            if trip_mask & (trip_mask >> 9) & (trip_mask >> 18) & 0x1FF:
                mask |= _SANSHOKU_DOUKOU
        pair_fu = t.pair_fu[level]
        reading_fu = fixed_fu + trip_fu + pair_fu
        pinfu_shape = seqs == 4 and not level

        # Each role of the winning tile.
        for role in combo[win_group].roles[position]:
            wait, ron_triplet = role
            fu = reading_fu + _WAIT_FU[wait]
            concealed_trips = trips
            if ron_triplet >= 0 and not tsumo:
                concealed_trips -= 1
                fu -= _RON_FU_CUT[ron_triplet]
            role_mask = mask
            if concealed_trips >= 3:
                if concealed_trips == 3:
                    role_mask |= _SANANKOU
                else:
                    role_mask |= _SUUANKOU | (COND_TANKI if wait == TANKI else 0)
            elif wait == RYANMEN and pinfu_shape:
                role_mask |= _PINFU
            counted = counted_memo.get(role_mask) or t.count(role_mask, situation)
            if counted.is_yakuman:
                key = counted.keys[mode]
                fu = 0
            else:
                fu = round_fu[fu + counted.extra_fu[tsumo_fu]]
                han = counted.han
                if han < min_han:
                    key = han << 10 | fu
                else:
                    han += dora_han
                    key = keys.get(han << 12 | fu << 2 | mode) or t.key(han, fu, mode)
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
) -> tuple[FuItem, ...]:
    """The fu breakdown of the chosen reading (RULESETS.md §4.2; classic §4.7)."""
    tsumo = win.tsumo
    items = [_BASE_ITEM]
    if closed and not tsumo:
        items.append(_CLOSED_RON_ITEM)
    if tsumo and not counted.waives_tsumo_fu and (t.tsumo_fu_on_rinshan or not win.rinshan):
        items.append(_TSUMO_ITEM)
    if trip_fu:  # the reading has concealed triplets
        trips = combo[0].triplets + combo[1].triplets + combo[2].triplets + combo[3].triplets
        ron_triplet = -1 if tsumo else role.triplet
        for kind in trips:
            items.append(_OPEN_TRIPLET[kind] if kind == ron_triplet else _CONCEALED_TRIPLET[kind])
    if win.melds:
        items += _meld_items(win.melds)
    if pair_fu:
        pair = max(combo[0].pair, combo[1].pair, combo[2].pair, combo[3].pair)
        items.append(FuItem("value_pair", pair_fu, pair, 2))
    wait_item = _WAIT_ITEMS[role.wait]
    if wait_item is not None:
        items.append(wait_item)
    if counted.chinitsu_fu:
        items.append(t.chinitsu_item)
    return tuple(items)


def _best_other(
    win: Win,
    t: _Tables,
    mask: int,
    forms: int,
    dora_han: int,
    mode: int,
    best_key: int,
    best: tuple | None,
) -> tuple[int, tuple | None]:
    """Add the chiitoitsu or kokushi candidate to the best so far (they come last).

    `forms` is exact for seven pairs; kokushi also needs its 14 tiles. No melds.
    """
    if (forms >> FORMS_PAIRS) & FORMS_MASK == 7:
        if t.ruleset.chiitoitsu == "none":
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
    if counted.is_yakuman:
        key = counted.keys[mode]
    elif counted.han < t.min_han:
        key = counted.han << 10 | fu
    else:
        key = t.key(counted.han + dora_han, fu, mode)
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
    if not win.melds and ruleset.chiitoitsu == "none" and is_chiitoitsu(concealed):
        return "seven pairs (chiitoitsu) is not a winning form under this ruleset"
    hand = format_tiles(sorted(win.concealed)) + " + " + format_tiles([win.win_tile])
    return f"{hand} is not a complete hand: it needs four sets and a pair"


def _pair_fu(pair: int, seat_wind: int, round_wind: int, ruleset: Ruleset) -> int:
    if pair >= 31:
        return 2
    if pair == seat_wind and pair == round_wind:
        return ruleset.double_wind_pair_fu
    if pair in (seat_wind, round_wind):
        return 2
    return 0


# ---------------------------------------------------------------------------
# Dora, base points, limits, payments


def _count_dora(win: Win, t: _Tables, packed: int) -> tuple[DoraCount, int]:
    """Dora, aka and ura of the hand, and their total; `packed` holds every tile."""
    dora = ura = aka = 0
    for tile in win.dora_indicators[: t.dora_take]:
        dora += (packed >> _DORA_SHIFT[tile.kind]) & 7
    if win.riichi or win.double_riichi:
        for tile in win.ura_indicators[: t.ura_take]:
            ura += (packed >> _DORA_SHIFT[tile.kind]) & 7
    if t.red_fives:
        aka = win.win_tile.red + sum(map(_IS_RED, win.concealed))
        for meld in win.melds:
            aka += sum(map(_IS_RED, meld.tiles))
    key = dora << 16 | aka << 8 | ura
    found = _DORA_COUNTS.get(key)
    if found is None:
        found = _DORA_COUNTS[key] = DoraCount(dora, aka, ura)
    return found, dora + aka + ura


_DORA_COUNTS: dict[int, DoraCount] = {}  # dora << 16 | aka << 8 | ura
_NO_DORA = DoraCount()
_new_tuple = tuple.__new__  # builds a named tuple without its Python-level __new__


def _result(
    c: _Counted,
    fu: int,
    items: tuple[FuItem, ...],
    dora: DoraCount,
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
            dora = _NO_DORA
        han = dora.dora + dora.aka + dora.ura
    else:
        han = c.han + dora.dora + dora.aka + dora.ura
        base, limit = t.base_points.get(han << 10 | fu) or t.limit(han, fu)
    honba, sticks = win.honba, win.riichi_sticks
    if honba < 64 and sticks < 64:  # the memo key's fields
        paid = base << 14 | mode << 12 | honba << 6 | sticks
        points = t.payments.get(paid)
        if points is None:
            points = t.payments[paid] = _payments(base, win, t.ruleset)
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
    if base == 1920 and (
        (han == 4 and ruleset.kiriage_30_4) or (han == 3 and ruleset.kiriage_60_3)
    ):
        return 2000, "mangan", 0  # 切り上げ満貫
    return base, None, 0


def _payment_total(base: int, tsumo: bool, dealer: bool, ruleset: Ruleset) -> int:
    """What the winner gets from the hand itself, to compare candidates (高点法)."""
    if not tsumo:
        return round_payment(base * (6 if dealer else 4), ruleset)
    if dealer:
        return 3 * round_payment(base * 2, ruleset)
    return round_payment(base * 2, ruleset) + 2 * round_payment(base, ruleset)


def round_payment(amount: int, ruleset: Ruleset) -> int:
    """Each payment rounded up to the ruleset's unit (000 第44条: 100)."""
    step = ruleset.payment_rounding
    return -(-amount // step) * step if step else amount


def _payments(base: int, win: Win, ruleset: Ruleset) -> Payments:
    honba_total = ruleset.honba_value * win.honba
    sticks = STICK_VALUE * win.riichi_sticks if ruleset.riichi else 0
    if not win.tsumo:
        ron = round_payment(base * (6 if win.is_dealer else 4), ruleset)
        return Payments(ron, None, None, ron, honba_total, sticks)
    if win.is_dealer:
        each = round_payment(base * 2, ruleset)
        return Payments(None, None, each, each * 3, honba_total, sticks)
    dealer = round_payment(base * 2, ruleset)
    each = round_payment(base, ruleset)
    return Payments(None, dealer, each, dealer + each * 2, honba_total, sticks)
