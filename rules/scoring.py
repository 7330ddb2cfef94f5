"""One scorer for every preset: yaku, fu, han, limits and payments, explained.

For each reading of the hand and each role the winning tile can play in it,
the yaku, fu and payment are computed; the best-paying candidate is kept
(高点法, 000 第41条イ). Everything that differs between rulebooks is read
from the `Ruleset` and the yaku table of its scoring model (RULESETS.md §4).
"""

from __future__ import annotations

from typing import NamedTuple

from .decompose import Reading, is_chiitoitsu, is_kokushi, standard_readings
from .hand import MeldKind, Win
from .ruleset import Ruleset
from .tiles import HATSU, YAOCHUU_KINDS, dora_from_indicator, format_tiles, is_yaochuu
from .yaku import (
    YAKU_POSITION,
    YakuRule,
    available_table,
    hand_yaku,
    is_value_pair,
    reading_yaku,
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


class _Role(NamedTuple):
    """How the winning tile completes a reading: the wait and what it changes."""

    wait: str  # ryanmen | kanchan | penchan | tanki | shanpon
    ron_triplet: int = -1  # shanpon on a ron: this triplet counts as open (§3.1)


class _Candidate(NamedTuple):
    """One (reading, role) pair, evaluated far enough to compare payments."""

    key: tuple[int, int, int]  # (payment total, han, fu): 高点法, then more han, more fu
    yaku: tuple[tuple[str, int], ...]
    yaku_han: int
    yakuman: int
    fu_items: tuple[tuple[str, int, int, int], ...]  # (item, fu, kind, copies)
    fu: int
    base: int
    limit: str | None
    form: str
    wait: str


def score(win: Win, ruleset: Ruleset) -> ScoreResult | NoWin:
    """Score `win` under `ruleset`: the best-paying legal reading, or why it is no win."""
    table = available_table(ruleset)
    concealed = [0] * 34
    for tile in win.concealed:
        concealed[tile.kind] += 1
    win_kind = win.win_tile.kind
    concealed[win_kind] += 1
    total = concealed[:]
    closed = True
    meld_seqs: tuple[int, ...] = ()
    meld_trips: tuple[int, ...] = ()
    quads = ankans = 0
    meld_fu: list[tuple[str, int, int, int]] = []
    for meld in win.melds:
        kind = meld.kind
        base = meld.base_kind
        if kind is MeldKind.CHI:
            closed = False
            meld_seqs += (base,)
            total[base] += 1
            total[base + 1] += 1
            total[base + 2] += 1
            continue
        quad = kind is not MeldKind.PON
        meld_trips += (base,)
        total[base] += 4 if quad else 3
        quads += quad
        if kind is MeldKind.ANKAN:
            ankans += 1
        else:
            closed = False
        label = ("concealed_" if kind is MeldKind.ANKAN else "open_") + (
            "quad" if quad else "triplet"
        )
        meld_fu.append((label, _set_fu(base, kind is MeldKind.ANKAN, quad), base, 4 if quad else 3))
    kinds = [k for k in range(34) if total[k]]
    common = hand_yaku(kinds, total[HATSU], ruleset.ryuuiisou_hatsu)
    common += _situation_yaku(win)
    dora = _count_dora(win, ruleset, total)

    best: _Candidate | None = None
    found_shape = False
    readings = standard_readings(concealed)
    if readings:
        found_shape = True
        chuuren = not win.melds and _is_chuuren(concealed, win)
        for reading in readings:
            seqs = tuple(sorted(reading.sequences + meld_seqs))
            trips = reading.triplets + meld_trips
            names = reading_yaku(
                seqs,
                reading.sequences,
                trips,
                quads,
                reading.pair,
                win.seat_wind,
                win.round_wind,
            )
            names += common
            if chuuren:
                names.append("chuuren")
            for role in _roles(reading, win_kind, win.tsumo):
                candidate = _evaluate_standard(
                    win,
                    ruleset,
                    table,
                    closed,
                    names,
                    reading,
                    trips,
                    seqs,
                    ankans,
                    meld_fu,
                    role,
                    dora,
                )
                if best is None or candidate.key > best.key:
                    best = candidate
    if not win.melds and ruleset.chiitoitsu != "none" and is_chiitoitsu(concealed):
        found_shape = True
        names = ["chiitoitsu", *common]
        candidate = _evaluate(
            win,
            ruleset,
            table,
            True,
            names,
            dora,
            "chiitoitsu",
            "tanki",
            (("chiitoitsu", 25, -1, 0),),
            chanta_ok=False,
        )
        if best is None or candidate.key > best.key:
            best = candidate
    if not win.melds and is_kokushi(concealed):
        found_shape = True
        names = ["kokushi", *(n for n in common if n in ("tenhou", "chiihou", "renhou"))]
        wait = "kokushi_13" if _kokushi_thirteen_sided(win) else "kokushi"
        candidate = _evaluate(
            win, ruleset, table, True, names, dora, "kokushi", wait, (), chanta_ok=False
        )
        if best is None or candidate.key > best.key:
            best = candidate

    if not found_shape:
        return NoWin("not_a_win", _not_a_win_message(win, ruleset))
    if best is None or best.key[0] < 0:
        return NoWin(
            "no_yaku",
            "no yaku: the hand is complete but has no yaku (dora alone do not count)",
        )
    return _result(best, dora, win, ruleset)


# ---------------------------------------------------------------------------
# Readings and the role of the winning tile


def _roles(reading: Reading, win_kind: int, tsumo: bool) -> list[_Role]:
    """Each way the winning tile can complete the reading."""
    roles = []
    if reading.pair == win_kind:
        roles.append(_Role("tanki"))
    if win_kind in reading.triplets:
        roles.append(_Role("shanpon", -1 if tsumo else win_kind))
    seen = -1
    for start in reading.sequences:
        offset = win_kind - start
        if not 0 <= offset <= 2 or start == seen:
            continue
        seen = start
        position = start % 9
        if offset == 1:
            roles.append(_Role("kanchan"))
        elif (offset == 0 and position == 6) or (offset == 2 and position == 0):
            roles.append(_Role("penchan"))
        else:
            roles.append(_Role("ryanmen"))
    return roles


def _is_chuuren(concealed: list[int], win: Win) -> bool:
    """九蓮宝燈: closed, no kan, one suit, 1112345678999 plus one tile of it (002 役34)."""
    if win.melds:
        return False
    for base in (0, 9, 18):
        suit = concealed[base : base + 9]
        if sum(suit) == 14:
            need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
            return all(c >= n for c, n in zip(suit, need, strict=True))
    return False


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


# ---------------------------------------------------------------------------
# Yaku, fu and han of one candidate


def _situation_yaku(win: Win) -> list[str]:
    """Yaku from how the hand was won, not from its tiles (the engine states these)."""
    found = []
    if win.double_riichi:
        found.append("double_riichi")
    elif win.riichi:
        found.append("riichi")
    if win.ippatsu:
        found.append("ippatsu")
    if win.tsumo:
        if win.closed:
            found.append("menzen_tsumo")
        if win.haitei:
            found.append("haitei")
        if win.rinshan:
            found.append("rinshan")
        if win.tenhou:
            found.append("tenhou")
        if win.chiihou:
            found.append("chiihou")
    else:
        if win.houtei:
            found.append("houtei")
        if win.chankan:
            found.append("chankan")
        if win.renhou:
            found.append("renhou")
    return found


def _set_fu(kind: int, concealed: bool, quad: bool) -> int:
    """Triplet/quad fu (000 第42条イ⑤): 2 simple / 4 terminal-honor, ×2 concealed, ×4 quad."""
    fu = 4 if is_yaochuu(kind) else 2
    if concealed:
        fu *= 2
    if quad:
        fu *= 4
    return fu


def _evaluate_standard(
    win: Win,
    ruleset: Ruleset,
    table: dict[str, YakuRule],
    closed: bool,
    reading_names: list[str],
    reading: Reading,
    trips: tuple[int, ...],
    seqs: tuple[int, ...],
    ankans: int,
    meld_fu: list[tuple[str, int, int, int]],
    role: _Role,
    dora: DoraCount,
) -> _Candidate:
    names = list(reading_names)
    concealed_trips = len(reading.triplets) + ankans - (role.ron_triplet >= 0)
    if concealed_trips == 3:
        names.append("sanankou")
    elif concealed_trips == 4:
        names.append("suuankou")
    pair = reading.pair
    value_pair = is_value_pair(pair, win.seat_wind, win.round_wind)
    if role.wait == "ryanmen" and len(seqs) == 4 and not value_pair:
        names.append("pinfu")
    items: list[tuple[str, int, int, int]] = []
    for kind in reading.triplets:
        fu = _set_fu(kind, kind != role.ron_triplet, False)
        label = "open_triplet" if kind == role.ron_triplet else "concealed_triplet"
        items.append((label, fu, kind, 3))
    items += meld_fu
    pair_fu = _pair_fu(pair, win.seat_wind, win.round_wind, ruleset)
    if pair_fu:
        items.append(("value_pair", pair_fu, pair, 2))
    if role.wait in ("kanchan", "penchan", "tanki"):
        items.append((f"wait_{role.wait}", 2, -1, 0))
    has_honor = pair >= 27 or any(t >= 27 for t in trips)
    return _evaluate(
        win,
        ruleset,
        table,
        closed,
        names,
        dora,
        "standard",
        role.wait,
        tuple(items),
        chanta_ok=True,
        has_sequence=bool(seqs),
        has_honor=has_honor,
    )


def _evaluate(
    win: Win,
    ruleset: Ruleset,
    table: dict[str, YakuRule],
    closed: bool,
    names: list[str],
    dora: DoraCount,
    form: str,
    wait: str,
    shape_fu: tuple[tuple[str, int, int, int], ...],
    *,
    chanta_ok: bool,
    has_sequence: bool = False,
    has_honor: bool = False,
) -> _Candidate:
    present = {n: table[n] for n in names if n in table}
    chanta = present.get("chanta")
    if chanta is not None and not (
        chanta_ok
        and (has_sequence or not chanta.needs_sequence)
        and (has_honor or not chanta.needs_honor)
    ):
        del present["chanta"]
    if ruleset.pinfu_tsumo == "classic_tsumo_yaku":
        # 001 第8章3: pinfu is a ron-only yaku; a closed pinfu shape by tsumo gets
        # the tsumo yaku instead, and no other tsumo earns one.
        if win.tsumo and "pinfu" in present:
            del present["pinfu"]
            if not closed:
                present.pop("menzen_tsumo", None)
        else:
            present.pop("menzen_tsumo", None)
    for rule in list(present.values()):
        for gone in rule.replaces:
            present.pop(gone, None)

    if any(rule.yakuman for rule in present.values()):
        weight = 0
        names_out = []
        for rule in present.values():
            if rule.yakuman:
                names_out.append(rule.id)
                weight += rule.yakuman
                if ruleset.special_double and _special_wait(rule.id, win, wait):
                    weight += rule.yakuman
        yaku = tuple((n, 0) for n in names_out)
        base, limit, weight = _base_points(0, 0, weight, ruleset)
        total = _payment_total(base, win, ruleset)
        return _Candidate((total, 0, 0), yaku, 0, weight, (), 0, base, limit, form, wait)

    yaku_list = []
    yaku_han = 0
    for name, rule in present.items():
        value = rule.closed if closed else rule.open
        if value:
            yaku_list.append((name, value))
            yaku_han += value
    # Pinfu waives the tsumo fu only where it actually scores (not on an open hand).
    pinfu_scores = "pinfu" in present and present["pinfu"].han(closed) > 0
    items = _fu_items(win, ruleset, closed, shape_fu, form, pinfu_scores, "chinitsu" in present)
    fu = _round_fu(items, win, ruleset, closed, form)
    if yaku_han < ruleset.min_yaku_han:
        return _Candidate(
            (-1, yaku_han, fu), tuple(yaku_list), yaku_han, 0, items, fu, 0, None, form, wait
        )
    han = yaku_han + dora.total
    base, limit, _ = _base_points(han, fu, 0, ruleset)
    total = _payment_total(base, win, ruleset)
    return _Candidate(
        (total, han, fu), tuple(yaku_list), yaku_han, 0, items, fu, base, limit, form, wait
    )


def _special_wait(yaku_id: str, win: Win, wait: str) -> bool:
    """The waits some house rules pay double (`special_double`)."""
    if yaku_id == "kokushi":
        return wait == "kokushi_13"
    if yaku_id == "suuankou":
        return wait == "tanki"
    if yaku_id == "chuuren":
        return _junsei_chuuren(win)
    return yaku_id == "daisuushii"


def _fu_items(
    win: Win,
    ruleset: Ruleset,
    closed: bool,
    shape_fu: tuple[tuple[str, int, int, int], ...],
    form: str,
    pinfu: bool,
    chinitsu: bool,
) -> tuple[tuple[str, int, int, int], ...]:
    """Fu items (RULESETS.md §4.2; classic §4.7): (item, fu, kind, copies)."""
    if form != "standard":
        return shape_fu
    items = [("base", 20, -1, 0)]
    if closed and not win.tsumo:
        items.append(("closed_ron", 10, -1, 0))
    pinfu_tsumo = pinfu and ruleset.pinfu_tsumo == "pinfu_20fu"
    if win.tsumo and not pinfu_tsumo and (ruleset.rinshan_tsumo_fu or not win.rinshan):
        items.append(("tsumo", 2, -1, 0))
    items += shape_fu
    if chinitsu and ruleset.chinitsu_fu:
        items.append(("chinitsu", ruleset.chinitsu_fu, -1, 0))
    return tuple(items)


def _round_fu(
    items: tuple[tuple[str, int, int, int], ...],
    win: Win,
    ruleset: Ruleset,
    closed: bool,
    form: str,
) -> int:
    raw = sum(item[1] for item in items)
    if form != "standard":
        return raw  # chiitoitsu stays 25 (000 第55条⑫); kokushi has no fu
    step = ruleset.fu_rounding or 1
    fu = -(-raw // step) * step
    if not closed and not win.tsumo and fu == 20:
        fu = ruleset.open_pinfu_ron_fu  # 000 第42条ニ: an open pinfu-shaped ron is 30
    return fu


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


def _count_dora(win: Win, ruleset: Ruleset, total: list[int]) -> DoraCount:
    dora = ura = aka = 0
    if ruleset.dora and win.dora_indicators:
        indicators = win.dora_indicators if ruleset.kan_dora else win.dora_indicators[:1]
        dora = sum(total[dora_from_indicator(t.kind)] for t in indicators)
    if ruleset.ura_dora and (win.riichi or win.double_riichi) and win.ura_indicators:
        indicators = win.ura_indicators if ruleset.kan_ura else win.ura_indicators[:1]
        ura = sum(total[dora_from_indicator(t.kind)] for t in indicators)
    if ruleset.red_fives:
        aka = sum(1 for t in win.all_tiles if t.red)
    return DoraCount(dora, aka, ura)


def _yaku_position(item: tuple[str, int]) -> int:
    return YAKU_POSITION[item[0]]


def _result(c: _Candidate, dora: DoraCount, win: Win, ruleset: Ruleset) -> ScoreResult:
    """The explanation of the chosen candidate; yakuman ignore dora (RULESETS.md §3.2)."""
    if c.yakuman:
        dora = DoraCount()
    han = c.yaku_han + dora.total
    return ScoreResult(
        han=han,
        fu=c.fu,
        yaku=tuple(YakuHan(name, han) for name, han in sorted(c.yaku, key=_yaku_position)),
        dora=dora,
        yakuman=c.yakuman,
        limit=c.limit,
        fu_breakdown=tuple(FuItem(*item) for item in c.fu_items),
        points=_payments(c.base, win, ruleset),
        base=c.base,
        form=c.form,
        wait=c.wait,
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


def _payment_total(base: int, win: Win, ruleset: Ruleset) -> int:
    """What the winner gets from the hand itself, to compare candidates (高点法)."""
    if not win.tsumo:
        return round_payment(base * (6 if win.is_dealer else 4), ruleset)
    if win.is_dealer:
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
