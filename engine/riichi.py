"""Ankan after riichi: the composition test of RULESETS.md §5.6 (and its no-yaku-loss variant).

After riichi the hand may not change. 000 第32条チ allows an ankan only of an
"independent" concealed triplet; §6 A4 reads that as: with H the 13 tiles
before the draw, X the drawn kind (three X in H) and W the waits of H, the kan
is legal iff X is not a wait and, for every t in W, every standard reading of
H + t holds the three X as a triplet. `1113444m` + sets drawing 1m fails (004
リーチ⑤): the reading 11 + 123 + 444 would disappear. jpml, wrc and teiai also
require that no yaku available before the kan is lost (002 J:槓5, §6 A24);
teiai reads 003 §11 literally: any change of the yaku, gained or lost, forbids it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.decompose import standard_readings

# Yaku the kan itself creates; gaining them is not a change that blocks it (§6 A24).
KAN_MADE_YAKU = frozenset({"sankantsu", "suukantsu", "rinshan"})


def composition_unchanged(before: Sequence[int], kind: int, waits: Sequence[int]) -> bool:
    """The composition test: `before` is the hand without the drawn tile (3n+1 tiles)."""
    if before[kind] != 3 or not waits or kind in waits:
        return False
    counts = list(before)
    for t in waits:
        counts[t] += 1
        readings = standard_readings(counts)
        counts[t] -= 1
        if not readings or any(kind not in r.triplets for r in readings):
            return False
    return True


def yaku_kept(
    waits: Sequence[int],
    yaku_before: Callable[[int, bool], set[str]],
    yaku_after: Callable[[int, bool], set[str]],
) -> bool:
    """No yaku of any win (ron or tsumo, on any wait) disappears with the kan."""
    for t in waits:
        for tsumo in (False, True):
            lost = yaku_before(t, tsumo) - yaku_after(t, tsumo) - KAN_MADE_YAKU
            if lost:
                return False
    return True


def yaku_unchanged(
    waits: Sequence[int],
    yaku_before: Callable[[int, bool], set[str]],
    yaku_after: Callable[[int, bool], set[str]],
) -> bool:
    """003 §11 「待ち形・手役・順子・雀頭が変わる」 (§6 A24, `composition_no_yaku_change`):
    the yaku of every win are the same after the kan, none lost and none gained (the
    kan's own sankantsu or suukantsu included); only rinshan, a fact of the draw and not
    of the hand, is left out."""
    for t in waits:
        for tsumo in (False, True):
            if (yaku_before(t, tsumo) ^ yaku_after(t, tsumo)) - {"rinshan"}:
                return False
    return True
