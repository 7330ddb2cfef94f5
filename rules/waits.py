"""Complete hands, waits, tenpai, ukeire and discard choice (RULESETS.md §3.1, §5.8).

Waits are judged by shape only, over the three winning forms: standard (sets and
one pair), chiitoitsu where the rulebook has it, and kokushi. A kind the hand
already holds four of is never a wait: there is no fifth tile to win on.

Why it is fast. A standard hand is complete iff every group (each suit, and the
honors) splits exactly into sets, with exactly one group also holding the pair.
Per group we memoise, keyed by its counts as `bytes`, one int saying how it
splits and how many tiles it has, encoded so that the four groups' ints can be
*added*: the sum says at once how many tiles the hand has, how many groups do not
split and how many hold a pair. A 13-tile hand can then only wait in the one group
that does not split (two such groups: no wait at all), whose completing kinds are
memoised too. So `is_complete` and `waits` are a handful of dict look-ups.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter

from rules.shanten import GROUP_SLICES, group_split, shanten, shanten_by_draw
from rules.tiles import KIND_COUNT, YAOCHUU_KINDS

__all__ = [
    "DiscardOption",
    "discard_furiten",
    "discard_options",
    "is_complete",
    "is_tenpai",
    "ukeire",
    "waits",
]

_yaochuu_counts = itemgetter(*YAOCHUU_KINDS)

# A group's split code: 0 exactly sets, 1 sets and one pair, 5 neither. Summed over
# the four groups it reads (groups that do not split) * 5 + (groups with a pair),
# as at most four groups hold a pair. The tile count sits above, from bit 5 (the
# code sum is at most 20); the hot paths spell `>> 5` and `& 31` out.
_PAIR, _NO_SPLIT = 1, 5
_TILES_SHIFT = 5

# --- memo caches: the module's only mutable state ----------------------------------
# group counts (9 or 7 bytes) -> tiles << 5 | split code
_SPLITS: dict[bytes, int] = {}
# group counts -> positions in the group whose addition makes the group split
_COMPLETING: dict[bytes, tuple[int, ...]] = {}


def _split_entry(counts: bytes) -> int:
    """Memoised `tiles << 5 | split code` of one group."""
    entry = _SPLITS.get(counts)
    if entry is None:
        split = group_split(counts)
        code = _NO_SPLIT if split < 0 else split
        entry = _SPLITS[counts] = sum(counts) << _TILES_SHIFT | code
    return entry


def _completing(counts: bytes) -> tuple[int, ...]:
    """Memoised positions whose addition makes the group split.

    Only a kind within two of a held tile of the suit (or a held honor) can: every
    tile of a set or pair has a partner that close. A kind held four times cannot
    be drawn.
    """
    completing = _COMPLETING.get(counts)
    if completing is None:
        suited = len(counts) == 9
        found = []
        for i, held in enumerate(counts):
            near = any(counts[max(0, i - 2) : i + 3]) if suited else held
            if held < 4 and near:
                plus = bytearray(counts)
                plus[i] += 1
                if group_split(bytes(plus)) >= 0:
                    found.append(i)
        completing = _COMPLETING[counts] = tuple(found)
    return completing


def _entries(packed: bytes) -> tuple[int, int, int, int]:
    splits = _SPLITS
    try:
        return (
            splits[packed[0:9]],
            splits[packed[9:18]],
            splits[packed[18:27]],
            splits[packed[27:34]],
        )
    except KeyError:
        return (
            _split_entry(packed[0:9]),
            _split_entry(packed[9:18]),
            _split_entry(packed[18:27]),
            _split_entry(packed[27:34]),
        )


def _wrong_size(packed: bytes, melds: int, expected: int, what: str) -> ValueError:
    """A hand of the wrong size is refused: any answer about it would be wrong."""
    return ValueError(
        f"{what} takes {expected} - 3 × melds concealed tiles: got {sum(packed)} with {melds} melds"
    )


def _check_tiles(packed: bytes, melds: int, expected: int, what: str) -> None:
    if not 0 <= melds <= 4 or sum(packed) != expected - 3 * melds:
        raise _wrong_size(packed, melds, expected, what)


def is_complete(counts: Sequence[int], melds: int = 0, *, chiitoitsu: bool = True) -> bool:
    """Whether the concealed tiles are a winning shape of 14 - 3 × melds tiles (§3.1),
    yaku aside. A hand of any other size is simply not one (False)."""
    honors = counts[27:34]
    if 1 in honors or 4 in honors:
        # Most hands stop here: a lone honor fits only kokushi, four of one fit no form.
        return melds == 0 and 0 not in honors and 4 not in honors and _is_kokushi(counts)
    packed = bytes(counts)
    splits = _SPLITS
    try:
        total = (
            splits[packed[0:9]]
            + splits[packed[9:18]]
            + splits[packed[18:27]]
            + splits[packed[27:34]]
        )
    except KeyError:
        total = sum(_entries(packed))
    if total >> 5 != 14 - 3 * melds:
        return False
    if total & 31 == _PAIR:  # every group splits, exactly one with the pair
        return True
    return melds == 0 and chiitoitsu and packed.count(2) == 7


def _is_kokushi(counts: Sequence[int]) -> bool:
    """Each terminal and honor kind, one of them twice, and nothing else."""
    yaochuu = _yaochuu_counts(counts)
    return 0 not in yaochuu and sum(yaochuu) == 14 == sum(counts)


def waits(counts: Sequence[int], melds: int = 0, *, chiitoitsu: bool = True) -> tuple[int, ...]:
    """The kinds that complete a 13 - 3 × melds tile hand, sorted; () if not tenpai.

    Excludes kinds the hand holds four of. Shape only, over every allowed form.
    """
    packed = bytes(counts)
    entries = _entries(packed)
    total = sum(entries)
    if total >> 5 != 13 - 3 * melds or not 0 <= melds <= 4:
        raise _wrong_size(packed, melds, 13, "waits")
    found: list[int] = []
    unsplit, pairs = divmod(total & 31, _NO_SPLIT)
    if unsplit <= 1:
        for group, entry in enumerate(entries):
            code = entry & 31
            if unsplit and code != _NO_SPLIT:
                continue
            tiles_after = (entry >> 5) + 1
            if pairs - (code == _PAIR) + (tiles_after % 3 == 2) == 1:
                lo, hi = GROUP_SLICES[group]
                found.extend(lo + i for i in _completing(packed[lo:hi]))
    if melds == 0:
        if chiitoitsu and packed.count(2) == 6 and packed.count(1) == 1:
            found.append(packed.index(1))
        if packed.count(0) in (KIND_COUNT - 13, KIND_COUNT - 12):
            yaochuu = _yaochuu_counts(packed)
            if sum(yaochuu) == 13:
                if 0 not in yaochuu:
                    found.extend(YAOCHUU_KINDS)
                elif yaochuu.count(2) == 1:
                    found.append(YAOCHUU_KINDS[yaochuu.index(0)])
    return tuple(sorted(set(found))) if len(found) > 1 else tuple(found)


def is_tenpai(counts: Sequence[int], melds: int = 0, *, chiitoitsu: bool = True) -> bool:
    """Whether a 13 - 3 × melds tile hand has a wait (a kind it does not already hold four of)."""
    return bool(waits(counts, melds, chiitoitsu=chiitoitsu))


def ukeire(
    counts: Sequence[int],
    melds: int = 0,
    visible: Sequence[int] | None = None,
    *,
    chiitoitsu: bool = True,
) -> list[tuple[int, int]]:
    """The kinds whose draw lowers the shanten of a 13 - 3 × melds tile hand, with how
    many of each are left: [(kind, remaining)] in kind order.

    For a tenpai hand these are its waits. `remaining` = 4 - held - visible (the
    copies the player sees elsewhere: rivers, melds, dora indicators), never below
    0; a kind with none left is still listed, since it is a shape fact.
    """
    packed = bytes(counts)
    _check_tiles(packed, melds, 13, "ukeire")
    return _ukeire(packed, melds, visible, chiitoitsu)[1]


def _ukeire(
    packed: bytes, melds: int, visible: Sequence[int] | None, chiitoitsu: bool
) -> tuple[int, list[tuple[int, int]]]:
    """(shanten, ukeire) of a hand given as bytes."""
    now = shanten(packed, melds, chiitoitsu=chiitoitsu)
    after = shanten_by_draw(packed, melds, chiitoitsu=chiitoitsu)
    seen = visible if visible is not None else bytes(KIND_COUNT)
    accepted = [
        (kind, max(0, 4 - packed[kind] - seen[kind]))
        for kind in range(KIND_COUNT)
        if after[kind] < now
    ]
    return now, accepted


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One discard from a 14 - 3 × melds tile hand and where it leaves the hand."""

    kind: int
    shanten: int
    ukeire: tuple[tuple[int, int], ...]
    ukeire_total: int


def discard_options(
    counts: Sequence[int],
    melds: int = 0,
    visible: Sequence[int] | None = None,
    *,
    chiitoitsu: bool = True,
) -> list[DiscardOption]:
    """One option per kind held, best first: lowest shanten, then most tiles left
    that improve the hand (ukeire_total), then lowest kind (a stable order)."""
    packed = bytes(counts)
    _check_tiles(packed, melds, 14, "discard_options")
    options = []
    for kind in range(KIND_COUNT):
        if not packed[kind]:
            continue
        after = bytearray(packed)
        after[kind] -= 1
        rest = bytes(after)
        after_shanten, accepted = _ukeire(rest, melds, visible, chiitoitsu)
        options.append(
            DiscardOption(
                kind=kind,
                shanten=after_shanten,
                ukeire=tuple(accepted),
                ukeire_total=sum(left for _, left in accepted),
            )
        )
    options.sort(key=lambda option: (option.shanten, -option.ukeire_total, option.kind))
    return options


def discard_furiten(wait_kinds: Iterable[int], own_discard_kinds: Iterable[int]) -> bool:
    """Discard furiten (§5.8): a kind that completes the hand is among the player's own
    discards, including discards others called. Tsumo is unaffected; the caller
    decides whether the ruleset blocks every wait or only the exact kind."""
    return not set(wait_kinds).isdisjoint(own_discard_kinds)
