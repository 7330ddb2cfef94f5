"""The precomputed parts table (`rules/group_parts.bin`) against the search it replaces.

Why: the scorer reads a group it has not decomposed yet from the table, so a wrong
record would be a wrong reading (and a wrong score) for every hand holding that
group. Every record must equal what the search and `_part` build, the table must
hold every group that has a reading, and a missing table must change nothing.
"""

from __future__ import annotations

import random

import pytest

from rules import decompose
from rules.decompose import (
    _packed,
    _part,
    _parts_from_table,
    _read_parts_table,
    _suit_readings,
    group_patterns,
)


def _searched(counts: tuple[int, ...], honors: bool) -> tuple[decompose.GroupPart, ...]:
    return tuple(_part(counts, r, honors) for r in _suit_readings(0, counts, honors))


@pytest.fixture(autouse=True)
def _fresh_memos():  # type: ignore[no-untyped-def]
    decompose.clear_group_shapes()
    yield
    decompose.clear_group_shapes()


def test_the_file_holds_exactly_the_patterns() -> None:
    table = _read_parts_table()
    assert table is not None, "rules/group_parts.bin is missing or damaged"
    for honors in (False, True):
        patterns = group_patterns(honors)
        assert list(table.keys[honors]) == sorted(map(_packed, patterns))
    assert len(table.keys[0]) == 21743 and len(table.keys[1]) == 498


@pytest.mark.parametrize("honors", [False, True])
def test_every_record_is_what_the_search_builds(honors: bool) -> None:
    for counts in group_patterns(honors):
        found = _parts_from_table(_packed(counts), counts, honors)
        assert found == _searched(counts, honors), counts
        assert found, counts  # a pattern has a reading by construction


def test_any_group_of_a_hand_reads_as_the_search_reads_it() -> None:
    rng = random.Random(21)
    for _ in range(20000):
        honors = rng.random() < 0.2
        size = 7 if honors else 9
        counts = [0] * size
        for kind in rng.sample([k for k in range(size) for _ in range(4)], rng.randint(1, 14)):
            counts[kind] += 1
        key = tuple(counts)
        found = _parts_from_table(_packed(key), key, honors)
        assert found == _searched(key, honors), key


def test_beyond_fourteen_tiles_the_table_defers_to_the_search() -> None:
    counts = (4, 4, 4, 3, 0, 0, 0, 0, 0)  # 15 tiles: no hand holds this group
    assert _parts_from_table(_packed(counts), counts, False) is None


def test_a_missing_table_gives_the_same_shapes(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    keys = []
    for _ in range(3000):
        counts = [0] * 9
        for kind in rng.sample(
            [k for k in range(9) for _ in range(4)], rng.choice((2, 5, 8, 11, 14))
        ):
            counts[kind] += 1
        keys.append(_packed(tuple(counts)))
    with_table = [decompose.group_shape(group, key) for key in keys for group in (0, 2)]
    assert decompose._parts_table is not None, "the table was not used"
    decompose.clear_group_shapes()
    monkeypatch.setattr(decompose, "_read_parts_table", lambda: None)
    searched = [decompose.group_shape(group, key) for key in keys for group in (0, 2)]
    assert decompose._parts_table is None
    assert with_table == searched


def test_loading_builds_the_small_groups_as_the_search_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _parts_from_table(0, (0,) * 9, False)  # the first miss loads the table
    table = decompose._parts_table
    assert table is not None
    for honors in (False, True):
        small = [p for p in group_patterns(honors) if sum(p) <= decompose.PREFILL_TILES]
        assert sorted(table.prefill[honors]) == sorted(map(_packed, small))
    prefilled = {
        (group, key): decompose.GROUP_SHAPES[group][key]
        for group, keys in ((0, table.prefill[0]), (3, table.prefill[1]))
        for key in keys
    }
    assert len(prefilled) == 1911 + 218
    decompose.clear_group_shapes()
    monkeypatch.setattr(decompose, "_read_parts_table", lambda: None)
    for (group, key), shape in prefilled.items():
        assert decompose.group_shape(group, key) == shape, key
