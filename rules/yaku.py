"""Which yaku a reading of a hand has, and what each is worth under a ruleset.

Detection is one function of the hand's shape and situation; the han come
from the yaku table of the ruleset's scoring model (`yaku.toml`). So `jpm`,
`wrc` and `renmei_classic` share this code and differ only in data.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from .decompose import K_GROUP, K_HATSU, K_NOT_GREEN, K_SIMPLE, K_YAOCHUU
from .ruleset import Ruleset, load_data_toml
from .tiles import CHUN, HAKU, HATSU, WINDS

# The contract's order, used to list yaku the way players read them.
YAKU_ORDER = [
    "riichi",
    "double_riichi",
    "ippatsu",
    "menzen_tsumo",
    "pinfu",
    "tanyao",
    "iipeikou",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "yakuhai_haku",
    "yakuhai_hatsu",
    "yakuhai_chun",
    "yakuhai_seat_wind",
    "yakuhai_round_wind",
    "chiitoitsu",
    "toitoi",
    "sanankou",
    "sanshoku_doukou",
    "sankantsu",
    "shousangen",
    "honroutou",
    "sanshoku",
    "ittsu",
    "chanta",
    "ryanpeikou",
    "honitsu",
    "junchan",
    "chinitsu",
    "kokushi",
    "suuankou",
    "daisangen",
    "tsuuiisou",
    "shousuushii",
    "daisuushii",
    "chinroutou",
    "ryuuiisou",
    "suukantsu",
    "chuuren",
    "tenhou",
    "chiihou",
    "renhou",
]

DRAGON_YAKU = {HAKU: "yakuhai_haku", HATSU: "yakuhai_hatsu", CHUN: "yakuhai_chun"}


@dataclass(frozen=True, slots=True)
class YakuRule:
    """One row of a yaku table."""

    id: str
    closed: int
    open: int
    yakuman: int
    replaces: tuple[str, ...]
    needs_sequence: bool
    needs_honor: bool

    def han(self, closed_hand: bool) -> int:
        """Han for this hand; 0 means the yaku does not count (closed-only on an open hand)."""
        return self.closed if closed_hand else self.open


@cache
def yaku_table(scoring_model: str) -> dict[str, YakuRule]:
    """The yaku table of a scoring model, from `yaku.toml`."""
    rows = load_data_toml("yaku.toml")[scoring_model]
    return {
        name: YakuRule(
            id=name,
            closed=row.get("closed", 0),
            open=row.get("open", 0),
            yakuman=row.get("yakuman", 0),
            replaces=tuple(row.get("replaces", ())),
            needs_sequence=row.get("needs_sequence", True),
            needs_honor=row.get("needs_honor", True),
        )
        for name, row in rows.items()
    }


def available_table(ruleset: Ruleset) -> dict[str, YakuRule]:
    """The yaku that exist under `ruleset`: its model's table minus switched-off rows."""
    return _available_table(ruleset)


@cache
def _available_table(ruleset: Ruleset) -> dict[str, YakuRule]:
    table = dict(yaku_table(ruleset.scoring_model))
    switched_off = {
        "riichi": not ruleset.riichi,
        "double_riichi": not (ruleset.riichi and ruleset.double_riichi),
        "ippatsu": not (ruleset.riichi and ruleset.ippatsu),
        "chiitoitsu": not ruleset.seven_pairs,
        "renhou": ruleset.renhou != "yakuman",  # "mangan" is a limit, not a yaku row (A18)
    }
    for name, off in switched_off.items():
        if off:
            table.pop(name, None)
    if not ruleset.kuitan and "tanyao" in table:
        # 喰いタン off (a house rule; every preset allows it): tanyao needs a closed hand.
        table["tanyao"] = dataclasses.replace(table["tanyao"], open=0)
    return table


# ---------------------------------------------------------------------------
# Detection. Kinds are ints 0-33; sequences are named by their lowest kind.


def honor_yaku(trips: Collection[int], pair: int, seat_wind: int, round_wind: int) -> list[str]:
    """Yaku of the honor triplets (and quads) and the pair: yakuhai, sangen, suushii."""
    found = [name for dragon, name in DRAGON_YAKU.items() if dragon in trips]
    if seat_wind in trips:
        found.append("yakuhai_seat_wind")
    if round_wind in trips:
        found.append("yakuhai_round_wind")
    dragon_trips = (HAKU in trips) + (HATSU in trips) + (CHUN in trips)
    if dragon_trips == 3:
        found.append("daisangen")
    elif dragon_trips == 2 and pair >= 31:
        found.append("shousangen")
    wind_trips = sum(1 for w in WINDS if w in trips)
    if wind_trips == 4:
        found.append("daisuushii")
    elif wind_trips == 3 and 27 <= pair <= 30:
        found.append("shousuushii")
    return found


_SUITS = K_GROUP[0] | K_GROUP[1] | K_GROUP[2]


def kinds_yaku(flags: int, ryuuiisou_hatsu: bool) -> list[str]:
    """`hand_yaku` from the hand's `K_*` flags (see `rules.decompose.GroupShape.kinds`)."""
    found: list[str] = []
    honors = flags & K_GROUP[3]
    suits = flags & _SUITS
    if not flags & K_YAOCHUU:
        found.append("tanyao")
    elif not flags & K_SIMPLE:
        if not honors:
            found.append("chinroutou")
        else:
            found.append("honroutou" if suits else "tsuuiisou")
    if suits in K_GROUP[:3]:  # exactly one suit
        found.append("honitsu" if honors else "chinitsu")
    if not flags & K_NOT_GREEN and (flags & K_HATSU or not ryuuiisou_hatsu):
        found.append("ryuuiisou")
    return found


# ---------------------------------------------------------------------------
# Yaku as bits: what the scorer's hot path detects, and what a set of them is worth
#
# Bit i is YAKU_ORDER[i], so the set bits read low to high are in the contract's
# order. Above the yaku, condition bits carry the few facts that change how the
# detected yaku count. The scorer memoises `count_yaku` per ruleset by the mask (a
# set of yaku, not a hand): hands of very different shapes share a few hundred.

YAKU_BIT = {name: 1 << i for i, name in enumerate(YAKU_ORDER)}
_CONDITIONS = len(YAKU_ORDER)
_YAKU_BITS = (1 << _CONDITIONS) - 1
COND_CLOSED = 1 << _CONDITIONS  # no open meld
COND_TSUMO = 1 << (_CONDITIONS + 1)  # won by tsumo (アルシーアル pinfu / tsumo, 001 第8章3)
COND_NO_SEQUENCE = 1 << (_CONDITIONS + 2)  # chanta's needs_sequence fails
COND_NO_HONOR = 1 << (_CONDITIONS + 3)  # chanta's needs_honor fails
COND_TANKI = 1 << (_CONDITIONS + 4)  # tanki wait (suuankou tanki)
COND_KOKUSHI_13 = 1 << (_CONDITIONS + 5)  # thirteen-sided kokushi wait
COND_JUNSEI = 1 << (_CONDITIONS + 6)  # nine-sided chuuren wait

# The waits some house rules pay double (`special_double`); 0: always.
SPECIAL_DOUBLE = {
    "kokushi": COND_KOKUSHI_13,
    "suuankou": COND_TANKI,
    "chuuren": COND_JUNSEI,
    "daisuushii": 0,
}


class CountedYaku(NamedTuple):
    """The yaku that count, after the table, the exclusions and the conditions."""

    yaku: tuple[tuple[str, int], ...]  # (id, han) in contract order; han 0 for yakuman
    han: int  # 0 for a yakuman hand
    yakuman: int  # yakuman weight before the ruleset's stacking and cap (0: none)
    pinfu: bool  # pinfu counts (it may waive the tsumo fu)
    chinitsu: bool  # chinitsu counts (it may add fu: `chinitsu_fu`)


def count_yaku(mask: int, ruleset: Ruleset) -> CountedYaku:
    """What the yaku detected in `mask` (YAKU_BIT and COND_* bits) are worth under `ruleset`."""
    table = available_table(ruleset)
    present: dict[str, YakuRule] = {}
    bits = mask & _YAKU_BITS
    while bits:  # the set yaku bits, low to high: contract order
        low = bits & -bits
        name = YAKU_ORDER[low.bit_length() - 1]
        rule = table.get(name)
        if rule is not None:
            present[name] = rule
        bits ^= low
    closed = bool(mask & COND_CLOSED)
    chanta = present.get("chanta")
    if chanta is not None and (
        (chanta.needs_sequence and mask & COND_NO_SEQUENCE)
        or (chanta.needs_honor and mask & COND_NO_HONOR)
    ):
        del present["chanta"]
    if ruleset.pinfu_tsumo == "classic_tsumo_yaku":
        # 001 第8章3: pinfu is a ron-only yaku; a closed pinfu shape by tsumo gets
        # the tsumo yaku instead, and no other tsumo earns one.
        if mask & COND_TSUMO and "pinfu" in present:
            del present["pinfu"]
            if not closed:
                present.pop("menzen_tsumo", None)
        else:
            present.pop("menzen_tsumo", None)
    for rule in list(present.values()):
        for gone in rule.replaces:
            present.pop(gone, None)

    yakuman = [rule for rule in present.values() if rule.yakuman]
    if yakuman:
        weight = 0
        for rule in yakuman:
            weight += rule.yakuman
            condition = SPECIAL_DOUBLE.get(rule.id)
            if ruleset.special_double and condition is not None and mask & condition == condition:
                weight += rule.yakuman
        return CountedYaku(tuple((rule.id, 0) for rule in yakuman), 0, weight, False, False)
    counted = tuple((name, rule.han(closed)) for name, rule in present.items() if rule.han(closed))
    pinfu = "pinfu" in present and present["pinfu"].han(closed) > 0
    return CountedYaku(counted, sum(han for _, han in counted), 0, pinfu, "chinitsu" in present)
