"""One scorer for every preset: yaku, fu, han, limits and payments, explained.

For each reading of the hand and each role the winning tile can play in it,
the yaku, fu and payment are computed; the best-paying candidate is kept
(高点法, 000 第41条イ). Everything that differs between rulebooks is read
from the `Ruleset` and the yaku table of its scoring model (RULESETS.md §4).
"""

from __future__ import annotations

from dataclasses import dataclass

from .decompose import Reading, is_chiitoitsu, is_kokushi, standard_readings
from .hand import MeldKind, Win
from .ruleset import Ruleset
from .tiles import DRAGONS, YAOCHUU_KINDS, dora_from_indicator, format_tiles, is_yaochuu
from .yaku import (
    QUAD,
    SEQ,
    TRIPLET,
    Group,
    YakuRule,
    available_table,
    chanta_holds,
    hand_yaku,
    sort_yaku,
    standard_yaku,
)

STICK_VALUE = 1000  # a riichi stick (000 第32条ロ)


@dataclass(frozen=True, slots=True)
class YakuHan:
    id: str
    han: int  # 0 for a yakuman (its weight is the result's `yakuman`)


@dataclass(frozen=True, slots=True)
class FuItem:
    item: str
    fu: int
    tiles: str = ""


@dataclass(frozen=True, slots=True)
class DoraCount:
    dora: int = 0
    aka: int = 0
    ura: int = 0

    @property
    def total(self) -> int:
        return self.dora + self.aka + self.ura


@dataclass(frozen=True, slots=True)
class Payments:
    """CONTRACT.md `points`: hand value without honba, plus honba and sticks separately."""

    ron: int | None
    tsumo_dealer: int | None
    tsumo_non_dealer: int | None
    total: int
    honba: int
    sticks: int


@dataclass(frozen=True, slots=True)
class ScoreResult:
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


@dataclass(frozen=True, slots=True)
class NoWin:
    """Not a legal win: `error` is `no_yaku` or `not_a_win` (CONTRACT.md)."""

    error: str
    message: str

    ok = False


@dataclass(slots=True)
class _Candidate:
    yaku: list[YakuHan]
    yaku_han: int
    yakuman: int
    fu: int
    fu_items: list[FuItem]
    form: str
    wait: str


def score(win: Win, ruleset: Ruleset) -> ScoreResult | NoWin:
    """Score `win` under `ruleset`: the best-paying legal reading, or why it is no win."""
    table = available_table(ruleset)
    concealed = [0] * 34
    for tile in win.concealed:
        concealed[tile.kind] += 1
    concealed[win.win_tile.kind] += 1
    total = concealed[:]
    for meld in win.melds:
        for tile in meld.tiles:
            total[tile.kind] += 1
    closed = win.closed
    tile_yaku = hand_yaku(total, ruleset.ryuuiisou_hatsu)
    situation = _situation_yaku(win, ruleset)

    candidates: list[_Candidate] = []
    meld_groups = [_meld_group(m.kind, m.base_kind) for m in win.melds]
    chuuren = ["chuuren"] if _is_chuuren(concealed, win) else []
    for reading in standard_readings(concealed):
        for group_list, wait in _roles(reading, win.win_tile.kind, win.tsumo, meld_groups):
            names = standard_yaku(
                group_list, reading.pair, wait, win.seat_wind, win.round_wind, closed
            )
            names += tile_yaku
            names += situation
            names += chuuren
            candidates.append(
                _evaluate(names, table, closed, win, ruleset, group_list, reading.pair, wait)
            )
    if not win.melds and ruleset.chiitoitsu != "none" and is_chiitoitsu(concealed):
        names = ["chiitoitsu", *tile_yaku, *situation]
        candidates.append(_evaluate(names, table, True, win, ruleset, None, -1, "tanki"))
    if not win.melds and is_kokushi(concealed):
        names = ["kokushi", *(n for n in situation if n in ("tenhou", "chiihou", "renhou"))]
        wait = "kokushi_13" if _kokushi_thirteen_sided(win) else "kokushi"
        candidates.append(_evaluate(names, table, True, win, ruleset, None, -1, wait))

    if not candidates:
        return NoWin("not_a_win", _not_a_win_message(win, ruleset))
    legal = [c for c in candidates if c.yakuman or c.yaku_han >= ruleset.min_yaku_han]
    if not legal:
        return NoWin(
            "no_yaku",
            "no yaku: the hand is complete but has no yaku (dora alone do not count)",
        )
    dora = _count_dora(win, ruleset, total)
    results = [_finish(c, dora, win, ruleset) for c in legal]
    return max(results, key=lambda r: (r.points.total, r.han, r.fu))


# ---------------------------------------------------------------------------
# Readings and the role of the winning tile


def _meld_group(kind: MeldKind, base: int) -> Group:
    if kind is MeldKind.CHI:
        return Group(SEQ, base, False)
    if kind is MeldKind.PON:
        return Group(TRIPLET, base, False)
    return Group(QUAD, base, kind is MeldKind.ANKAN)


def _roles(reading: Reading, win_kind: int, tsumo: bool, meld_groups: list[Group]):
    """Each way the winning tile can complete the reading: (groups, wait name)."""
    base_groups = [Group(SEQ, s, True) for s in reading.sequences]
    base_groups += [Group(TRIPLET, t, True) for t in reading.triplets]
    base_groups += meld_groups
    if reading.pair == win_kind:
        yield base_groups, "tanki"
    if win_kind in reading.triplets:
        # A triplet completed by ron counts as open (RULESETS.md §3.1).
        groups = [
            Group(TRIPLET, g.kind, tsumo) if g.shape == TRIPLET and g.kind == win_kind else g
            for g in base_groups
        ]
        yield groups, "shanpon"
    seen = set()
    for start in reading.sequences:
        offset = win_kind - start
        if not 0 <= offset <= 2 or start in seen:
            continue
        seen.add(start)
        position = start % 9
        if offset == 1:
            wait = "kanchan"
        elif (offset == 0 and position == 6) or (offset == 2 and position == 0):
            wait = "penchan"
        else:
            wait = "ryanmen"
        yield base_groups, wait


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
# Yaku and han


def _situation_yaku(win: Win, ruleset: Ruleset) -> list[str]:
    """Yaku from how the hand was won, not from its tiles (the engine states these)."""
    found = []
    closed = win.closed
    if win.double_riichi:
        found.append("double_riichi")
    elif win.riichi:
        found.append("riichi")
    if win.ippatsu:
        found.append("ippatsu")
    if win.tsumo and closed:
        found.append("menzen_tsumo")
    if win.haitei:
        found.append("haitei")
    if win.houtei:
        found.append("houtei")
    if win.rinshan:
        found.append("rinshan")
    if win.chankan:
        found.append("chankan")
    if win.tenhou:
        found.append("tenhou")
    if win.chiihou:
        found.append("chiihou")
    if win.renhou:
        found.append("renhou")
    return found


def _evaluate(
    names: list[str],
    table: dict[str, YakuRule],
    closed: bool,
    win: Win,
    ruleset: Ruleset,
    groups: list[Group] | None,
    pair: int,
    wait: str,
) -> _Candidate:
    present = {n: table[n] for n in names if n in table}
    if (
        "chanta" in present
        and groups is not None
        and not chanta_holds(present["chanta"], groups, pair)
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

    yakuman_rules = [r for r in present.values() if r.yakuman]
    if yakuman_rules:
        weight = 0
        for rule in yakuman_rules:
            weight += rule.yakuman
            if ruleset.special_double and _special_wait(rule.id, win, wait):
                weight += rule.yakuman
        yaku = [YakuHan(n, 0) for n in sort_yaku([r.id for r in yakuman_rules])]
        return _Candidate(yaku, 0, weight, 0, [], _form(groups, wait), wait)

    yaku = []
    han = 0
    for name in sort_yaku(list(present)):
        value = present[name].han(closed)
        if value:
            yaku.append(YakuHan(name, value))
            han += value
    fu, items = _fu(win, ruleset, closed, groups, pair, wait, present)
    return _Candidate(yaku, han, 0, fu, items, _form(groups, wait), wait)


def _form(groups: list[Group] | None, wait: str) -> str:
    if groups is not None:
        return "standard"
    return "kokushi" if wait.startswith("kokushi") else "chiitoitsu"


def _special_wait(yaku_id: str, win: Win, wait: str) -> bool:
    """The waits some house rules pay double (`special_double`)."""
    if yaku_id == "kokushi":
        return wait == "kokushi_13"
    if yaku_id == "suuankou":
        return wait == "tanki"
    if yaku_id == "chuuren":
        return _junsei_chuuren(win)
    return yaku_id == "daisuushii"


# ---------------------------------------------------------------------------
# Fu


def _fu(
    win: Win,
    ruleset: Ruleset,
    closed: bool,
    groups: list[Group] | None,
    pair: int,
    wait: str,
    present: dict[str, YakuRule],
) -> tuple[int, list[FuItem]]:
    """Fu with its items (RULESETS.md §4.2; classic §4.7)."""
    if groups is None:
        return 25, [FuItem("chiitoitsu", 25)]  # fixed, no rounding (000 第55条⑫)
    items = [FuItem("base", 20)]
    if closed and not win.tsumo:
        items.append(FuItem("closed_ron", 10))
    pinfu_tsumo = "pinfu" in present and ruleset.pinfu_tsumo == "pinfu_20fu"
    if win.tsumo and not pinfu_tsumo and (ruleset.rinshan_tsumo_fu or not win.rinshan):
        items.append(FuItem("tsumo", 2))
    for group in groups:
        if group.shape == SEQ:
            continue
        fu = 4 if is_yaochuu(group.kind) else 2
        if group.concealed:
            fu *= 2
        if group.shape == QUAD:
            fu *= 4
        label = ("concealed_" if group.concealed else "open_") + (
            "quad" if group.shape == QUAD else "triplet"
        )
        count = 4 if group.shape == QUAD else 3
        items.append(FuItem(label, fu, format_tiles([group.kind] * count)))
    pair_fu = _pair_fu(pair, win.seat_wind, win.round_wind, ruleset)
    if pair_fu:
        items.append(FuItem("value_pair", pair_fu, format_tiles([pair, pair])))
    if wait in ("kanchan", "penchan", "tanki"):
        items.append(FuItem(f"wait_{wait}", 2))
    if "chinitsu" in present and ruleset.chinitsu_fu:
        items.append(FuItem("chinitsu", ruleset.chinitsu_fu))
    raw = sum(i.fu for i in items)
    step = ruleset.fu_rounding or 1
    fu = -(-raw // step) * step
    if not closed and not win.tsumo and fu == 20 and ruleset.open_pinfu_ron_fu != 20:
        items.append(FuItem("open_pinfu_ron", ruleset.open_pinfu_ron_fu - 20))
        fu = ruleset.open_pinfu_ron_fu
    return fu, items


def _pair_fu(pair: int, seat_wind: int, round_wind: int, ruleset: Ruleset) -> int:
    if pair in DRAGONS:
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


def _finish(c: _Candidate, dora: DoraCount, win: Win, ruleset: Ruleset) -> ScoreResult:
    if c.yakuman:
        dora = DoraCount()
        han = c.yaku_han
    else:
        han = c.yaku_han + dora.total
    base, limit, weight = _base_points(c, han, ruleset)
    points = _payments(base, win, ruleset)
    return ScoreResult(
        han=han,
        fu=c.fu,
        yaku=tuple(c.yaku),
        dora=dora,
        yakuman=weight,
        limit=limit,
        fu_breakdown=tuple(c.fu_items),
        points=points,
        base=base,
        form=c.form,
        wait=c.wait,
    )


def _base_points(c: _Candidate, han: int, ruleset: Ruleset) -> tuple[int, str | None, int]:
    """基本点 B, the limit name, and the yakuman weight reported."""
    if ruleset.scoring_model == "classic":
        # 001 第5章, 第9章注: B = fu × 2^han capped at mangan; yakuman-class hands are mangan.
        cap = ruleset.classic_cap
        if c.yakuman:
            return cap, "mangan", 0
        base = c.fu * 2**han
        return (cap, "mangan", 0) if base >= cap else (base, None, 0)
    if c.yakuman:
        weight = c.yakuman if ruleset.yakuman_stacking else 1
        weight = min(weight, ruleset.yakuman_max)
        return 8000 * weight, "yakuman", weight
    if ruleset.kazoe_yakuman and han >= 13:
        return 8000, "kazoe_yakuman", 0
    for threshold, value, name in (
        (ruleset.limit_sanbaiman_han, 6000, "sanbaiman"),
        (ruleset.limit_baiman_han, 4000, "baiman"),
        (ruleset.limit_haneman_han, 3000, "haneman"),
        (ruleset.limit_mangan_han, 2000, "mangan"),
    ):
        if han >= threshold:
            return value, name, 0
    base = c.fu * 2 ** (han + 2)
    if base >= 2000:
        return 2000, "mangan", 0
    if base == 1920 and (
        (han == 4 and ruleset.kiriage_30_4) or (han == 3 and ruleset.kiriage_60_3)
    ):
        return 2000, "mangan", 0  # 切り上げ満貫
    return base, None, 0


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
