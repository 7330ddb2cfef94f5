"""Value: which yaku a hand can still reach, how far it is from a hand that can
win (yaku-aware shanten), what a hand is roughly worth, and the exact value of a
tenpai hand's waits (through the real scorer, memoised).

Yaku-aware shanten. A closed hand can always win (riichi or menzen tsumo), and
where the ruleset needs no yaku (`min_yaku_han == 0`) any complete hand wins, so
there it is the plain shanten. An open hand in a ruleset that needs a yaku must
head for one: a value-tile triplet, tanyao (where `kuitan`), honitsu, toitoi.
Each plan's shanten is the plain shanten of the hand with the tiles the plan
cannot use taken out (the shanten tables count the tiles a hand *lacks*, so a
thinner hand simply lacks more). The hand's yaku-aware shanten is the best plan's;
with no plan left it is the plain shanten plus `NO_YAKU` (never called into).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul

from rules.hand import Meld, MeldKind, Win
from rules.scoring import ScoreResult, score
from rules.shanten import shanten
from rules.tiles import KIND_COUNT, YAOCHUU_KINDS, Tile, is_yaochuu

from .common import Context

NO_YAKU = 4  # shanten penalty of an open hand with no reachable yaku

# A meld as the plans see it: (is_chi, base kind).
MeldShape = tuple[bool, int]

_SIMPLE_MASK = tuple(0 if is_yaochuu(k) else 1 for k in range(KIND_COUNT))
# By suit: 1 for the kinds a half flush in that suit keeps (the suit and the honors).
_FLUSH_MASK = tuple(
    tuple(1 if suit * 9 <= k < suit * 9 + 9 or k >= 27 else 0 for k in range(KIND_COUNT))
    for suit in range(3)
)


def meld_shapes(melds: Sequence[Meld]) -> list[MeldShape]:
    return [(m.kind is MeldKind.CHI, m.base_kind) for m in melds]


def _toitoi_shanten(counts: Sequence[int], sets_needed: int) -> int:
    triplets = sum(c >= 3 for c in counts)
    pairs = sum(c == 2 for c in counts)
    k = max(0, sets_needed - triplets)
    best = 99
    # pairs -> triplets first, the head from a leftover pair or a single
    x = min(pairs, k)
    best = x + 2 * (k - x) + (0 if pairs > x else 1)
    if pairs >= 1:
        x = min(pairs - 1, k)
        best = min(best, x + 2 * (k - x))
    return best - 1


def plan_shanten(
    ctx: Context,
    counts: Sequence[int],
    melds: Sequence[MeldShape],
    opened: bool,
) -> tuple[int, str]:
    """(yaku-aware shanten, plan name) of a 3n+1 (or 3n+2) concealed hand."""
    n = len(melds)
    plain = shanten(bytes(counts), n, chiitoitsu=ctx.chiitoitsu and n == 0)
    if not opened or not ctx.needs_yaku:
        return plain, "closed" if not opened else "free"
    yakuhai = ctx.yakuhai
    for is_chi, base in melds:
        if not is_chi and base in yakuhai:
            return plain, "yakuhai"
    for k in yakuhai:
        if counts[k] >= 3:
            return plain, "yakuhai"
    best, plan = plain + NO_YAKU, "none"
    for k in yakuhai:
        if counts[k] == 2:
            rest = list(counts)
            rest[k] -= 2
            s = shanten(bytes(rest), n + 1, chiitoitsu=False) + 1
            if s < best:
                best, plan = s, "yakuhai"
    r = ctx.view.ruleset
    if r.kuitan and all(
        (base % 9 not in (0, 6) if is_chi else _SIMPLE_MASK[base]) and base < 27
        for is_chi, base in melds
    ):
        simple = bytes(map(mul, counts, _SIMPLE_MASK))
        s = shanten(simple, n, chiitoitsu=False)
        if s < best:
            best, plan = s, "tanyao"
    suits = {base // 9 for _, base in melds if base < 27}
    if len(suits) <= 1:
        candidates = list(suits) if suits else [0, 1, 2]
        for suit in candidates:
            lo, hi = suit * 9, suit * 9 + 9
            held = sum(counts[lo:hi]) + sum(counts[27:])
            if not suits and held < sum(counts) - 4:
                continue  # too far from one suit to be worth a look
            flush = bytes(map(mul, counts, _FLUSH_MASK[suit]))
            s = shanten(flush, n, chiitoitsu=False)
            if s < best:
                best, plan = s, "honitsu"
    if all(not is_chi for is_chi, _ in melds):
        s = _toitoi_shanten(counts, 4 - n)
        if s < best:
            best, plan = s, "toitoi"
    return best, plan


def plan_allows(plan: str, kind: int, ctx: Context, flush_suit: int | None = None) -> bool:
    """Whether drawing `kind` can help `plan` (to filter ukeire)."""
    if plan == "tanyao":
        return not is_yaochuu(kind)
    if plan == "honitsu" and flush_suit is not None:
        return kind >= 27 or kind // 9 == flush_suit
    return True


# --- rough value -----------------------------------------------------------------


def han_points(han: float, dealer: bool, scale: float) -> float:
    """Rough ron points of a hand of `han` han (30-40 fu), in this ruleset's scale."""
    if han <= 0:
        return 0.0
    table = (0, 1300, 2600, 5200, 8000, 8000, 12000, 12000, 16000, 16000, 16000, 24000)
    h = min(int(han), 11)
    points = table[h] + (table[min(h + 1, 11)] - table[h]) * (han - h)
    return points * (1.5 if dealer else 1.0) * scale


def rough_han(ctx: Context, counts: Sequence[int], melds: Sequence[MeldShape], plan: str) -> float:
    """Expected han of the hand if it wins along `plan` (dora included)."""
    han = float(ctx.dora_in_hand())
    yakuhai = ctx.yakuhai
    v = ctx.view
    for is_chi, base in melds:
        if not is_chi and base in yakuhai:
            han += 1 + (base == v.seat_wind == v.round_wind_kind)
    for k in yakuhai:
        if counts[k] >= 3:
            han += 1
        elif counts[k] == 2:
            han += 0.4
    if plan == "honitsu":
        han += 2 if ctx.opened else 3
    elif plan == "toitoi":
        han += 2
    elif plan == "tanyao":
        han += 1
    if not ctx.opened:
        if ctx.riichi_possible:
            han += 1.3  # riichi, with some tsumo / ura / ippatsu
        yaochuu = sum(map(counts.__getitem__, YAOCHUU_KINDS))
        if yaochuu <= 1:
            han += 0.7  # tanyao likely
    if han < 1 and (ctx.needs_yaku or not ctx.opened):
        han = 1.0
    return han


_SCALES: dict[tuple, float] = {}


def scale_of(ctx: Context) -> float:
    """Points of this ruleset's scoring relative to modern scoring (1.0 there): the
    value of a reference hand (1 han 50 fu, non-dealer ron) over the 1,600 it is worth."""
    r = ctx.view.ruleset
    key = (r.id, r.overrides)
    hit = _SCALES.get(key)
    if hit is None:
        win = Win(
            concealed=tuple(Tile(k) for k in (1, 2, 3, 12, 13, 14, 19, 20, 21, 27, 27, 27, 33)),
            win_tile=Tile(33),
            seat_wind=28,
            round_wind=27,
        )
        result = score(win, r)
        ref = result.points.ron if isinstance(result, ScoreResult) else 0
        hit = _SCALES[key] = (ref / 1600) if ref else 1.0
    return hit


# --- exact value of waits --------------------------------------------------------

_WAIT_VALUES: dict[tuple, tuple[int, int]] = {}


def wait_value(ctx: Context, hand13: Sequence[Tile], wait: int, riichi: bool) -> tuple[int, int]:
    """(ron points, tsumo points) of winning on `wait` (0 when that win has no yaku)."""
    v = ctx.view
    own = v.melds[v.seat]
    key = (
        tuple(hand13),
        tuple(own),
        wait,
        riichi,
        v.seat_wind,
        v.round_wind_kind,
        v.dora_indicators,
        v.ruleset.id,
        v.ruleset.overrides,
        v.kita[v.seat],
    )
    hit = _WAIT_VALUES.get(key)
    if hit is not None:
        return hit
    out = []
    for tsumo in (False, True):
        win = Win(
            concealed=tuple(hand13),
            win_tile=Tile(wait),
            melds=tuple(own),
            tsumo=tsumo,
            seat_wind=v.seat_wind,
            round_wind=v.round_wind_kind,
            riichi=riichi,
            dora_indicators=tuple(v.dora_indicators) if v.ruleset.dora else (),
            kita=v.kita[v.seat],
        )
        try:
            result = score(win, v.ruleset)
        except Exception:  # a shape the scorer refuses: value it at nothing
            result = None
        out.append(result.points.total if isinstance(result, ScoreResult) else 0)
    if len(_WAIT_VALUES) > 50_000:
        _WAIT_VALUES.clear()
    hit = _WAIT_VALUES[key] = (out[0], out[1])
    return hit


def hand_after(view_hand: Sequence[Tile], kind: int) -> list[Tile]:
    """The hand minus one tile of `kind` (a plain copy rather than a red five)."""
    hand = list(view_hand)
    idx = None
    for i, t in enumerate(hand):
        if t.kind == kind and (idx is None or not t.red):
            idx = i
            if not t.red:
                break
    if idx is not None:
        del hand[idx]
    return hand
