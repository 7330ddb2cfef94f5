"""The precomputed group table (`rules/group_table.bin`) against the searches it replaces.

Why: shanten reads a group it has never seen from the table instead of searching,
so a wrong byte in the file would be a wrong shanten for every hand holding that
group. Each sampled group's vector must equal the search's, and shanten with the
table must equal shanten without it (the searches alone) on random hands.
"""

from __future__ import annotations

import random

import pytest

from rules import shanten as shanten_module
from rules.shanten import combine_vectors, search_vector, shanten, shanten_by_draw
from rules.shanten_table import HONOR_SIZE, MAX_TILES, NOT_IN_TABLE, SUIT_SIZE, read
from rules.tiles import KIND_COUNT, to_counts


def _counts(index: int, kinds: int) -> bytes:
    return bytes(index // 5**i % 5 for i in range(kinds))


@pytest.fixture(scope="module")
def table():  # type: ignore[no-untyped-def]
    found = read()
    assert found is not None, "rules/group_table.bin is missing or damaged"
    return found


def test_sampled_groups_match_the_search(table) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(13)
    for body, size, kinds in ((table.suits, SUIT_SIZE, 9), (table.honors, HONOR_SIZE, 7)):
        for index in [0, size - 1, *rng.sample(range(size), 3000)]:
            counts = _counts(index, kinds)
            if sum(counts) > MAX_TILES:
                assert body[index] == NOT_IN_TABLE
            else:
                assert table.vectors[body[index]] == search_vector(counts), counts


@pytest.mark.slow
def test_every_honor_group_matches_the_search(table) -> None:  # type: ignore[no-untyped-def]
    for index in range(HONOR_SIZE):
        counts = _counts(index, 7)
        if sum(counts) <= MAX_TILES:
            assert table.vectors[table.honors[index]] == search_vector(counts), counts


def _random_hands(seed: int, count: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [kind for kind in range(KIND_COUNT) for _ in range(4)]
    return [to_counts(rng.sample(wall, 13 + i % 2)) for i in range(count)]


def test_shanten_with_and_without_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = _random_hands(5, 1500)
    shanten_module.clear_caches()
    with_table = [shanten(counts) for counts in hands]
    assert shanten_module._table is not None, "the table was not used"
    shanten_module.clear_caches()
    monkeypatch.setattr(shanten_module, "_table_failed", True)
    searched = [shanten(counts) for counts in hands]
    assert shanten_module._table is None
    assert with_table == searched
    monkeypatch.undo()
    shanten_module.clear_caches()


def test_a_missing_table_falls_back_to_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    shanten_module.clear_caches()
    monkeypatch.setattr(shanten_module, "read", lambda: None)
    assert shanten(to_counts([0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 33, 33])) == -1
    monkeypatch.undo()
    shanten_module.clear_caches()


def test_every_combination_in_the_file_is_the_min_plus_of_its_pair(table) -> None:  # type: ignore[no-untyped-def]
    count = len(table.vectors)
    filled = 0
    for a in range(count):
        for b in range(count):
            number = table.combined[a * count + b]
            if number != NOT_IN_TABLE:
                filled += 1
                assert table.vectors[number] == combine_vectors(
                    table.vectors[a], table.vectors[b]
                ), (a, b)
    assert filled > 1000


def _one_suit_hands(seed: int, count: int) -> list[list[int]]:
    """Hands crowded into few groups: the combinations of the fullest groups."""
    rng = random.Random(seed)
    hands = []
    for i in range(count):
        kinds = rng.sample(range(9), 2)
        wall = [kind for kind in range(KIND_COUNT) for _ in range(4) if kind // 9 not in kinds]
        hands.append(to_counts(rng.sample(wall, 13 + i % 2)))
    return hands


def test_real_hands_never_combine_outside_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """The matrix claims every combination of groups holding 14 tiles or fewer: with
    the file loaded, no real hand may fall back to computing one."""
    shanten_module.clear_caches()
    shanten(to_counts([0]))  # loads the table
    computed: list[tuple[int, ...]] = []

    def record(va: tuple[int, ...], vb: tuple[int, ...]) -> tuple[int, ...]:
        computed.append(va)
        return combine_vectors(va, vb)

    monkeypatch.setattr(shanten_module, "combine_vectors", record)
    for counts in _random_hands(7, 3000) + _one_suit_hands(8, 3000):
        shanten(counts)
        shanten(counts, 1)
        if sum(counts) == 13:
            shanten_by_draw(counts)  # 14 tiles after each draw
    assert computed == []
    monkeypatch.undo()
    shanten_module.clear_caches()


def test_a_real_hands_memo_entries_add_up_below_two_to_the_thirty() -> None:
    """The hot path adds the four groups' entries and masks them: one-digit ints
    (below 2**30) keep that cheap. The table's vectors, interned first, must keep
    every id below 256, and a hand's sum of entries below 2**30."""
    shanten_module.clear_caches()
    hands = _random_hands(7, 500)
    for counts in hands:
        shanten(counts)
    assert len(shanten_module._VECTORS) <= 256
    packed = [bytes(counts) for counts in hands]
    sums = [
        sum(shanten_module._group_entry(hand[lo:hi]) for lo, hi in shanten_module.GROUP_SLICES)
        for hand in packed
    ]
    assert max(sums) < 2**30
    shanten_module.clear_caches()
