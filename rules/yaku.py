"""Which yaku a reading of a hand has, and what each is worth under a ruleset.

Detection is one function of the hand's shape and situation; the han come
from the yaku table of the ruleset's scoring model (`yaku.toml`). So `jpm`,
`wrc` and `renmei_classic` share this code and differ only in data.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .ruleset import Ruleset
from .tiles import CHUN, DRAGONS, HAKU, HATSU, WINDS, is_yaochuu

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
_ORDER_INDEX = {name: i for i, name in enumerate(YAKU_ORDER)}

DRAGON_YAKU = {HAKU: "yakuhai_haku", HATSU: "yakuhai_hatsu", CHUN: "yakuhai_chun"}
# 緑一色: 2s 3s 4s 6s 8s and 發 (000 第58条⑥).
GREEN_KINDS = frozenset({19, 20, 21, 23, 25, HATSU})


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
    text = resources.files("rules").joinpath("yaku.toml").read_text(encoding="utf-8")
    rows = tomllib.loads(text)[scoring_model]
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
        "chiitoitsu": ruleset.chiitoitsu == "none",
        "renhou": not ruleset.renhou,
    }
    for name, off in switched_off.items():
        if off:
            table.pop(name, None)
    return table


def sort_yaku(names: list[str]) -> list[str]:
    return sorted(names, key=lambda n: _ORDER_INDEX.get(n, len(YAKU_ORDER)))


# ---------------------------------------------------------------------------
# Shape facts. A `Group` is one set of the hand as scored: melds and concealed
# sets alike, with what fu and yaku need to know about it.

SEQ, TRIPLET, QUAD = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Group:
    shape: int  # SEQ, TRIPLET or QUAD
    kind: int  # lowest kind (sequences) or the kind (triplets, quads)
    concealed: bool  # for triplets/quads: counts as 暗刻/暗槓

    @property
    def has_yaochuu(self) -> bool:
        if self.shape == SEQ:
            return self.kind % 9 in (0, 6)
        return is_yaochuu(self.kind)

    @property
    def has_terminal(self) -> bool:
        if self.shape == SEQ:
            return self.kind % 9 in (0, 6)
        return self.kind < 27 and self.kind % 9 in (0, 8)


def value_pair_winds(ruleset_seat: int, ruleset_round: int, kind: int) -> int:
    """How many of (seat wind, round wind) the pair kind is."""
    return (kind == ruleset_seat) + (kind == ruleset_round)


def standard_yaku(
    groups: list[Group],
    pair: int,
    wait: str,
    seat_wind: int,
    round_wind: int,
    closed: bool,
) -> list[str]:
    """Yaku that depend on how the hand is read into four sets and a pair."""
    found: list[str] = []
    seqs = sorted(g.kind for g in groups if g.shape == SEQ)
    trips = [g.kind for g in groups if g.shape != SEQ]
    trip_set = set(trips)
    concealed_trips = sum(1 for g in groups if g.shape != SEQ and g.concealed)
    quads = sum(1 for g in groups if g.shape == QUAD)

    value_pair = pair in DRAGONS or pair in (seat_wind, round_wind)
    if len(seqs) == 4 and not value_pair and wait == "ryanmen":
        found.append("pinfu")

    if closed and len(seqs) >= 2:
        identical = _identical_sequence_pairs(seqs)
        if identical == 2:
            found.append("ryanpeikou")
        elif identical == 1:
            found.append("iipeikou")

    for dragon, name in DRAGON_YAKU.items():
        if dragon in trip_set:
            found.append(name)
    if seat_wind in trip_set:
        found.append("yakuhai_seat_wind")
    if round_wind in trip_set:
        found.append("yakuhai_round_wind")

    if not seqs:
        found.append("toitoi")
    if concealed_trips == 3:
        found.append("sanankou")
    elif concealed_trips == 4:
        found.append("suuankou")
    if quads == 3:
        found.append("sankantsu")
    elif quads == 4:
        found.append("suukantsu")

    seq_set = set(seqs)
    if any(n in seq_set and n + 9 in seq_set and n + 18 in seq_set for n in range(7)):
        found.append("sanshoku")
    if any(n in trip_set and n + 9 in trip_set and n + 18 in trip_set for n in range(9)):
        found.append("sanshoku_doukou")
    if any(b in seq_set and b + 3 in seq_set and b + 6 in seq_set for b in (0, 9, 18)):
        found.append("ittsu")

    dragon_trips = sum(1 for d in DRAGONS if d in trip_set)
    if dragon_trips == 3:
        found.append("daisangen")
    elif dragon_trips == 2 and pair in DRAGONS:
        found.append("shousangen")
    wind_trips = sum(1 for w in WINDS if w in trip_set)
    if wind_trips == 4:
        found.append("daisuushii")
    elif wind_trips == 3 and pair in WINDS:
        found.append("shousuushii")

    if all(g.has_yaochuu for g in groups) and is_yaochuu(pair):
        found.append("chanta")  # refined by the table's needs_* below
        if all(g.has_terminal for g in groups) and pair < 27 and pair % 9 in (0, 8) and seqs:
            found.append("junchan")
    return found


def _identical_sequence_pairs(seqs: list[int]) -> int:
    """How many disjoint pairs of identical sequences (2 → ryanpeikou)."""
    pairs = 0
    i = 0
    while i + 1 < len(seqs):
        if seqs[i] == seqs[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


def hand_yaku(total_counts: list[int], ryuuiisou_hatsu: bool) -> list[str]:
    """Yaku that depend only on which tiles the hand holds, whatever the reading."""
    found: list[str] = []
    kinds = [k for k in range(34) if total_counts[k]]
    suits = {k // 9 for k in kinds if k < 27}
    has_honor = kinds[-1] >= 27
    if all(k < 27 and k % 9 not in (0, 8) for k in kinds):
        found.append("tanyao")
    if len(suits) == 1:
        found.append("honitsu" if has_honor else "chinitsu")
    if not suits:
        found.append("tsuuiisou")
    if all(is_yaochuu(k) for k in kinds):
        if has_honor:
            found.append("honroutou")
        else:
            found.append("chinroutou")
    if all(k in GREEN_KINDS for k in kinds) and (not ryuuiisou_hatsu or total_counts[HATSU]):
        found.append("ryuuiisou")
    return found


def chanta_holds(rule: YakuRule, groups: list[Group], pair: int) -> bool:
    """Apply the table's extra chanta conditions (modern: a sequence and an honor)."""
    if rule.needs_sequence and not any(g.shape == SEQ for g in groups):
        return False
    if rule.needs_honor:
        return pair >= 27 or any(g.shape != SEQ and g.kind >= 27 for g in groups)
    return True
