"""Shanten, rule by rule (RULESETS.md §3.1): -1 complete, 0 tenpai, n tiles from tenpai.

Hands are written in mpsz. A hand's shanten is the least number of tiles it lacks
from a real complete hand (no kind five times), minus one.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten

from rules.shanten import (
    shanten,
    shanten_by_draw,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_standard,
)
from rules.tiles import KIND_COUNT, format_counts, parse_kinds, to_counts


def hand(mpsz: str) -> list[int]:
    return to_counts(parse_kinds(mpsz))


# --- the three forms ----------------------------------------------------------------


@pytest.mark.parametrize(
    "mpsz",
    [
        "123m456p789s11122z",  # sequences, a triplet and a pair
        "111222333m444p55s",  # triplets that also read as sequences
        "11122233344455z",  # honors: triplets and a pair only
        "11112345678999m",  # a quad's tiles used in a triplet and a sequence
    ],
)
def test_a_complete_standard_hand_is_minus_one(mpsz):
    assert shanten_standard(hand(mpsz)) == -1


def test_seven_different_pairs_are_complete():
    assert shanten_chiitoitsu(hand("1199m1199p1199s11z")) == -1
    assert shanten(hand("1199m1199p1199s11z")) == -1


def test_thirteen_orphans_with_a_pair_are_complete():
    assert shanten_kokushi(hand("19m19p19s12345677z")) == -1
    assert shanten(hand("19m19p19s12345677z")) == -1


@pytest.mark.parametrize(
    ("mpsz", "expected"),
    [
        ("123m456p789s1122z", 0),  # shanpon
        ("12m456p789s11122z", 0),  # penchan
        ("11m123456p789s12z", 1),  # a pair and three sets; the fourth set lacks two tiles
        ("123m456p79s1122z5m", 1),  # kanchan and two pairs
        ("123m456p789s1234z", 2),  # a pair and a set to build from singles
    ],
)
def test_known_shanten_of_standard_hands(mpsz, expected):
    assert shanten_standard(hand(mpsz)) == shanten(hand(mpsz)) == expected


def test_the_closest_form_wins():
    scattered = hand("147m258p369s1234z")  # nothing connects
    assert shanten_standard(scattered) == 8
    assert shanten_kokushi(scattered) == 7  # 1m 9s 1234z
    assert shanten_chiitoitsu(scattered) == 6  # thirteen kinds, no pair
    assert shanten(scattered) == 6
    assert shanten(scattered, chiitoitsu=False) == 7


@pytest.mark.parametrize(
    ("mpsz", "expected"),
    [
        ("1199m1199p1199s1z", 0),  # six pairs and a single: tenpai on the single
        ("1199m1199p119s12z", 1),
        ("1234567m1234567p", 6),  # fourteen kinds, no pair
    ],
)
def test_chiitoitsu_shanten_is_six_minus_pairs(mpsz, expected):
    assert shanten_chiitoitsu(hand(mpsz)) == expected


def test_four_of_a_kind_is_one_pair_not_two_for_chiitoitsu():
    # RULESETS.md §3.1: "four identical tiles are not two pairs"
    assert shanten_chiitoitsu(hand("1199m1199p11s1111z")) == 1  # 14 tiles, six kinds
    assert shanten_chiitoitsu(hand("1199m1199p11s111z")) == 1  # 13 tiles: needs a 7th kind
    assert shanten(hand("1199m1199p11s111z")) == 1


def test_a_fifth_copy_is_not_a_wait_so_the_hand_is_not_tenpai():
    # 111m 234p 567p 789s + 1m would wait on a fifth 1m; 11m + 11m as pairs is 1-shanten
    assert shanten(hand("1111m234567p789s")) == 1
    assert shanten(hand("1111z123m456m789m")) == 1


def test_kokushi_counts_distinct_terminal_and_honor_kinds():
    assert shanten_kokushi(hand("19m19p19s1234567z")) == 0  # 13-sided wait
    assert shanten_kokushi(hand("19m19p19s123456z5m")) == 1
    assert shanten_kokushi(hand("19m19p19s123455z5m")) == 1  # a pair, one kind short
    assert shanten_kokushi(hand("2345678m2345678p")) == 13


# --- melds and rulebook flags ---------------------------------------------------------


@pytest.mark.parametrize(
    ("mpsz", "melds", "expected"),
    [
        ("11z", 4, -1),  # four calls and a pair
        ("1z", 4, 0),  # tanki
        ("12m11z", 3, 0),
        ("123m11z", 3, -1),
        ("1m5p9s1z", 3, 2),
        ("123456m1z", 2, 0),
        ("13m5p1199s", 2, 1),
    ],
)
def test_melds_reduce_the_sets_still_needed(mpsz, melds, expected):
    assert shanten_standard(hand(mpsz), melds) == expected
    assert shanten(hand(mpsz), melds) == expected


def test_kokushi_and_chiitoitsu_count_only_without_melds():
    orphans = hand("19m19p19s1234z")  # ten orphans after a call: kokushi would say 3
    assert shanten(orphans, 1) == shanten_standard(orphans, 1) == 6


def test_classic_rulebook_has_no_chiitoitsu():
    seven_pairs = hand("1199m1199p1199s11z")
    assert shanten(seven_pairs) == -1
    assert shanten(seven_pairs, chiitoitsu=False) == shanten_standard(seven_pairs) == 3


def test_kokushi_can_be_left_out():
    orphans = hand("19m19p19s12345677z")
    assert shanten(orphans, kokushi=False) == min(
        shanten_standard(orphans), shanten_chiitoitsu(orphans)
    )


def test_fourteen_tiles_take_the_best_discard():
    fourteen = hand("123m456p789s1122z5m")
    assert shanten(fourteen) == 0
    assert shanten(hand("123m456p789s1122z")) == 0


def test_shanten_by_draw_lists_each_drawn_kinds_shanten():
    thirteen = hand("123m456p789s1122z")
    after = shanten_by_draw(thirteen)
    assert after[27] == after[28] == -1  # the shanpon
    assert after[0] == 0  # a useless draw leaves it tenpai
    quad = hand("1111m234567p789s")
    assert shanten_by_draw(quad)[0] == 99  # no fifth 1m to draw


def test_accepts_bytes_lists_and_tuples_alike():
    counts = hand("123m456p789s1122z")
    assert shanten(counts) == shanten(tuple(counts)) == shanten(bytes(counts)) == 0


# --- brute force: the definition itself, on small hands -------------------------------


def _groups(kinds: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every set over `kinds`, as positions in `kinds`: triplets, and runs in a suit."""
    index = {kind: i for i, kind in enumerate(kinds)}
    triplets = [(i, i, i) for i in range(len(kinds))]
    runs = [
        (index[k], index[k + 1], index[k + 2])
        for k in kinds
        if k < 27 and k % 9 <= 6 and k + 1 in index and k + 2 in index
    ]
    return triplets + runs


@cache
def _complete_targets(kinds: tuple[int, ...], sets: int) -> tuple[tuple[int, ...], ...]:
    """Every complete hand of `sets` sets and a pair over `kinds`, no kind five times.

    Staying inside the kinds the hand was dealt from loses nothing: a set or pair
    that holds none of the hand's tiles can always move onto one of them instead
    (the other 11 or 12 target tiles over at least 7 kinds leave some kind with at
    most one), so no target needs a kind outside.
    """
    targets = set()
    for chosen in combinations_with_replacement(_groups(kinds), sets):
        base = [0] * len(kinds)
        for group in chosen:
            for i in group:
                base[i] += 1
        for pair in range(len(kinds)):
            target = base.copy()
            target[pair] += 2
            if max(target) <= 4:
                targets.add(tuple(target))
    return tuple(targets)


def brute_force_shanten(counts: list[int], kinds: tuple[int, ...], sets: int) -> int:
    """Least tiles missing from any complete hand over `kinds`, minus one."""
    held = [counts[k] for k in kinds]
    kept = max(sum(map(min, target, held)) for target in _complete_targets(kinds, sets))
    return 3 * sets + 2 - kept - 1


MAN = tuple(range(0, 9))
PIN = tuple(range(9, 18))
SOU = tuple(range(18, 27))
HONORS = tuple(range(27, 34))


@st.composite
def small_hands(draw, kind_sets, sets):
    """A hand of 3n+1 or 3n+2 tiles dealt from four copies of each of some kinds."""
    kinds = draw(st.sampled_from(kind_sets))
    n = draw(sets)
    size = 3 * n + draw(st.sampled_from((1, 2)))
    wall = [kind for kind in kinds for _ in range(4)]
    return kinds, n, to_counts(draw(st.permutations(wall))[:size])


@settings(max_examples=200, deadline=None)
@given(small_hands([MAN, PIN, HONORS, MAN + HONORS, PIN + SOU, SOU + HONORS], st.integers(0, 2)))
def test_standard_shanten_is_the_fewest_missing_tiles_minus_one(case):
    kinds, sets, counts = case
    assert shanten_standard(counts, 4 - sets) == brute_force_shanten(counts, kinds, sets), (
        format_counts(counts)
    )


@settings(max_examples=60, deadline=None)
@given(small_hands([MAN, SOU, HONORS], st.integers(3, 4)))
def test_standard_shanten_matches_brute_force_on_flushes(case):
    kinds, sets, counts = case
    assert shanten_standard(counts, 4 - sets) == brute_force_shanten(counts, kinds, sets), (
        format_counts(counts)
    )


@st.composite
def hands(draw, size):
    wall = [kind for kind in range(KIND_COUNT) for _ in range(4)]
    return to_counts(draw(st.permutations(wall))[:size])


@settings(max_examples=100, deadline=None)
@given(hands(14))
def test_fourteen_tile_shanten_is_the_best_thirteen_after_a_discard(counts):
    after_discards = []
    for kind in range(KIND_COUNT):
        if counts[kind]:
            counts[kind] -= 1
            after_discards.append(shanten(counts))
            counts[kind] += 1
    best = min(after_discards)
    assert shanten(counts) in (-1, best)
    if shanten(counts) == -1:
        assert best == 0


@settings(max_examples=100, deadline=None)
@given(hands(13))
def test_shanten_by_draw_equals_shanten_of_each_drawn_hand(counts):
    expected = []
    for kind in range(KIND_COUNT):
        if counts[kind] == 4:
            expected.append(99)
            continue
        counts[kind] += 1
        expected.append(shanten(counts))
        counts[kind] -= 1
    assert shanten_by_draw(counts) == expected


# --- the reference implementation (mahjong 2.1.0) -------------------------------------


def _dealt(rng: random.Random, kinds: range | tuple[int, ...], size: int) -> list[int]:
    return to_counts(rng.sample([kind for kind in kinds for _ in range(4)], size))


@pytest.mark.parametrize(
    ("deal", "kinds", "sizes", "count"),
    [
        ("13 tiles", range(KIND_COUNT), (13,), 3000),
        ("14 tiles", range(KIND_COUNT), (14,), 3000),
        ("half flush", MAN + HONORS, (13, 14), 1000),
        ("full flush", PIN, (13, 14), 1000),
        ("one meld", range(KIND_COUNT), (10, 11), 1000),
    ],
)
def test_shanten_equals_the_mahjong_package_on_seeded_random_hands(deal, kinds, sizes, count):
    # The package infers the calls from the tile count, and tries chiitoitsu and
    # kokushi only with 13 or 14 tiles, as we do only without melds.
    rng = random.Random(f"shanten {deal}")
    reference = Shanten().calculate_shanten
    for i in range(count):
        size = sizes[i % len(sizes)]
        counts = _dealt(rng, kinds, size)
        assert shanten(counts, (14 - size) // 3) == reference(counts), format_counts(counts)


def test_the_mahjong_package_also_counts_a_quad_as_one_chiitoitsu_pair():
    # Checked before trusting it as a reference: it agrees with RULESETS.md §3.1,
    # so no adjustment of the comparison is needed.
    reference = Shanten()
    for mpsz in ("1199m1199p11s1111z", "1199m1199p11s111z", "11223344556666z"):
        counts = hand(mpsz)
        assert reference.calculate_shanten_for_chiitoitsu_hand(counts) == shanten_chiitoitsu(counts)
    assert reference.calculate_shanten(hand("1111m234567p789s")) == 1
