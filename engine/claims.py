"""Calls on a discard: which chi and pon a hand can make, kuikae, and claim priority.

Priority (000 第26条): ron > pon/daiminkan > chi. Several rons: `multiple_ron`
decides (head bump = only the first claimant in turn order after the
discarder, 000 第33条ハ). Kuikae (000 第51条): right after a chi the caller may
not discard the called kind nor the tile completing the exposed two-tile shape
at its other end; after a pon, not the called kind. A call that would leave no
legal discard is itself illegal (RULESETS.md §5.5).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.tiles import Tile

from .actions import Action, Chi, Daiminkan, Pon, Ron
from .state import SeatState


def kuikae_kinds(called: int, own: Sequence[int], chi: bool) -> frozenset[int]:
    """Kinds barred for the discard after calling `called` with tiles of kinds `own`.

    Chi 3 with 45 → 3 and 6; chi 4 with 35 → 4; chi 3 with 12 → 3 (000 第51条).
    """
    barred = {called}
    if chi:
        low, high = sorted(own)
        if high == low + 1:  # a two-sided shape: the other end is barred too
            other = low - 1 if called == high + 1 else high + 1
            if other // 9 == called // 9 and 0 <= other < 27:
                barred.add(other)
    return frozenset(barred)


def _distinct(tiles: list[Tile], kind: int) -> list[Tile]:
    return sorted({t for t in tiles if t.kind == kind})


def _leaves_discard(seat: SeatState, used: Sequence[Tile], barred: frozenset[int]) -> bool:
    counts = list(seat.counts)
    for tile in used:
        counts[tile.kind] -= 1
    return any(n and k not in barred for k, n in enumerate(counts))


def pon_options(seat_no: int, seat: SeatState, tile: Tile, kuikae: bool) -> list[Pon]:
    kind = tile.kind
    if seat.counts[kind] < 2:
        return []
    own = [t for t in seat.hand if t.kind == kind]
    pairs: set[tuple[Tile, Tile]] = set()
    for i in range(len(own)):
        for j in range(i + 1, len(own)):
            pairs.add(tuple(sorted((own[i], own[j]))))  # type: ignore[arg-type]
    barred = frozenset({kind})
    return [
        Pon(seat_no, pair)
        for pair in sorted(pairs)
        if not kuikae or _leaves_discard(seat, pair, barred)
    ]


def chi_options(seat_no: int, seat: SeatState, tile: Tile, kuikae: bool) -> list[Chi]:
    kind = tile.kind
    if kind >= 27:
        return []
    number = kind % 9
    shapes = []
    if number >= 2:
        shapes.append((kind - 2, kind - 1))
    if 1 <= number <= 7:
        shapes.append((kind - 1, kind + 1))
    if number <= 6:
        shapes.append((kind + 1, kind + 2))
    out = []
    for a, b in shapes:
        if not (seat.counts[a] and seat.counts[b]):
            continue
        barred = kuikae_kinds(kind, (a, b), chi=True)
        for ta in _distinct(seat.hand, a):
            for tb in _distinct(seat.hand, b):
                if not kuikae or _leaves_discard(seat, (ta, tb), barred):
                    out.append(Chi(seat_no, (ta, tb)))
    return out


def resolve(
    discarder: int, responses: dict[int, Action], multiple_ron: str
) -> tuple[list[int], Action | None]:
    """(ron winners in turn order after the discarder, the call that stands if no ron)."""
    order = [(discarder + k) % 4 for k in (1, 2, 3)]
    rons = [s for s in order if isinstance(responses.get(s), Ron)]
    if rons:
        if multiple_ron == "head_bump":
            rons = rons[:1]
        elif multiple_ron == "double_ron":
            rons = rons[:2]
        return rons, None
    for s in order:
        if isinstance(responses.get(s), Pon | Daiminkan):
            return [], responses[s]
    for s in order:
        if isinstance(responses.get(s), Chi):
            return [], responses[s]
    return [], None
