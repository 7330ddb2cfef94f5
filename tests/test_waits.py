"""Complete hands, waits, tenpai, ukeire and furiten, rule by rule (RULESETS.md §3.1, §5.8).

Waits are judged by shape only (yaku irrelevant) over the three winning forms,
and a kind the hand already holds four of is never a wait.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.shanten import shanten
from rules.tiles import KIND_COUNT, YAOCHUU_KINDS, format_counts, parse_kinds, to_counts
from rules.waits import (
    DiscardOption,
    discard_furiten,
    discard_options,
    is_complete,
    is_tenpai,
    ukeire,
    waits,
)


def hand(mpsz: str) -> list[int]:
    return to_counts(parse_kinds(mpsz))


def kinds(mpsz: str) -> tuple[int, ...]:
    return tuple(parse_kinds(mpsz))


# --- complete hands (§3.1) ------------------------------------------------------------


@pytest.mark.parametrize(
    "mpsz",
    [
        "123m456p789s11122z",  # standard
        "11112345678999m",  # standard, a quad's tiles split between sets
        "1199m1199p1199s11z",  # chiitoitsu
        "19m19p19s12345677z",  # kokushi
    ],
)
def test_the_three_winning_forms_are_complete(mpsz):
    assert is_complete(hand(mpsz))


def test_four_of_a_kind_are_not_two_chiitoitsu_pairs():
    assert not is_complete(hand("1199m1199p11s1111z"))


def test_classic_rulebook_has_no_chiitoitsu_form():
    assert not is_complete(hand("1199m1199p1199s11z"), chiitoitsu=False)
    assert is_complete(hand("19m19p19s12345677z"), chiitoitsu=False)  # kokushi stays


def test_melds_leave_fewer_sets_to_complete():
    assert is_complete(hand("11z"), melds=4)
    assert is_complete(hand("123m55p"), melds=3)
    assert not is_complete(hand("1199m1199p115s"), melds=1)  # pairs are not sets


def test_a_hand_of_the_wrong_size_is_not_complete():
    assert not is_complete(hand("123m456p789s11z"))  # a complete shape, but 11 tiles
    assert is_complete(hand("123m456p789s11z"), melds=1)
    assert not is_complete(hand("1199m1199p1199s1z"))  # 13 tiles


def test_waits_refuse_a_hand_of_the_wrong_size():
    with pytest.raises(ValueError, match="13 - 3 × melds"):
        waits(hand("123m456p789s1122z"), melds=1)
    with pytest.raises(ValueError, match="13 - 3 × melds"):
        ukeire(hand("123m456p789s1122z5z"))


# --- waits ----------------------------------------------------------------------------


def test_chuuren_waits_on_all_nine_man():
    assert waits(hand("1112345678999m")) == kinds("123456789m")


def test_kokushi_thirteen_sided_wait_is_every_terminal_and_honor():
    assert waits(hand("19m19p19s1234567z")) == YAOCHUU_KINDS


def test_kokushi_with_its_pair_waits_on_the_missing_kind():
    assert waits(hand("19m19p19s1234566z")) == kinds("7z")


def test_chiitoitsu_waits_on_its_single():
    assert waits(hand("1199m1199p1199s1z")) == kinds("1z")


def test_classic_rulebook_has_no_chiitoitsu_wait():
    assert waits(hand("1199m1199p1199s1z"), chiitoitsu=False) == ()
    assert not is_tenpai(hand("1199m1199p1199s1z"), chiitoitsu=False)


def test_three_of_a_kind_is_not_a_chiitoitsu_pair_waiting_for_a_fourth():
    assert waits(hand("1199m1199p11s111z")) == ()


def test_waits_exclude_a_kind_the_hand_holds_four_of():
    # +5m would read 123 555 55 678 789, but there is no fifth 5m;
    # +8m reads 123 555 567 789 88.
    assert waits(hand("1235555677889m")) == kinds("8m")
    assert waits(hand("1111m234567p789s")) == ()  # its only wait is a fifth 1m


def test_standard_waits_of_the_classic_shapes():
    assert waits(hand("123m456p789s1122z")) == kinds("12z")  # shanpon
    assert waits(hand("123m456p789s11z12m")) == kinds("3m")  # penchan
    assert waits(hand("123m456p789s11z46m")) == kinds("5m")  # kanchan
    assert waits(hand("123m456p789s11z45m")) == kinds("36m")  # ryanmen
    assert waits(hand("789m456p789s111z4m")) == kinds("4m")  # tanki
    assert waits(hand("123m456p789s111z4m")) == kinds("14m")  # 1234m: 1 + 234 or 123 + 4
    assert waits(hand("123m456p789s1112z")) == kinds("2z")


def test_melds_shorten_the_hand_but_not_the_waits():
    assert waits(hand("1z"), melds=4) == kinds("1z")
    assert waits(hand("45m11z"), melds=3) == kinds("36m")


def test_tenpai_means_having_a_wait():
    assert is_tenpai(hand("123m456p789s1122z"))
    assert not is_tenpai(hand("123m456p789s1234z"))
    assert not is_tenpai(hand("1111m234567p789s"))


# --- ukeire and discards ---------------------------------------------------------------


def test_ukeire_of_a_tenpai_hand_is_its_waits_with_the_copies_left():
    assert ukeire(hand("456p789s123s11z45m")) == [(2, 4), (5, 4)]


def test_ukeire_subtracts_visible_copies_and_never_goes_below_zero():
    visible = [0] * KIND_COUNT
    visible[2] = 1  # one 3m in a river
    visible[5] = 7  # nonsense in, but the count stays at zero
    assert ukeire(hand("456p789s123s11z45m"), visible=visible) == [(2, 3), (5, 0)]


def test_ukeire_of_a_one_shanten_hand():
    # 123m 456p 11z + 45m 78s: any of 3m 6m 6s 9s makes it tenpai
    assert [kind for kind, _ in ukeire(hand("123m456p11z45m78s3z"))] == list(kinds("36m69s"))


def test_any_draw_helps_when_the_only_wait_would_be_a_fifth_tile():
    # 111z + three sets + 1z needs a fifth East; any other tile becomes the tanki
    accepted = [kind for kind, _ in ukeire(hand("1111z123m456m789m"))]
    assert accepted == [kind for kind in range(KIND_COUNT) if kind != 27]


def test_discard_options_rank_by_shanten_then_ukeire_then_kind():
    options = discard_options(hand("123456789m1234p5z"))
    assert options[0] == DiscardOption(
        kind=kinds("5z")[0], shanten=0, ukeire=((9, 3), (12, 3)), ukeire_total=6
    )
    assert [option.kind for option in options[1:3]] == list(kinds("14p"))
    ranks = [(option.shanten, -option.ukeire_total, option.kind) for option in options]
    assert ranks == sorted(ranks)
    assert sorted(option.kind for option in options) == list(kinds("123456789m1234p5z"))


def test_discard_options_with_melds():
    options = discard_options(hand("45m11z9p"), melds=3)
    assert options[0].kind == kinds("9p")[0]
    assert options[0].ukeire == ((2, 4), (5, 4))


# --- furiten (§5.8) -------------------------------------------------------------------


def test_discard_furiten_when_any_wait_is_among_own_discards():
    assert discard_furiten(kinds("36m"), kinds("1z6m"))
    assert not discard_furiten(kinds("36m"), kinds("1z5m"))
    assert not discard_furiten((), kinds("1z5m"))


# --- properties ------------------------------------------------------------------------

SETS = [(k, k, k) for k in range(KIND_COUNT)] + [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]


@st.composite
def complete_hands(draw):
    """(melds, counts) of a complete hand in any of the three forms."""
    melds = draw(st.integers(0, 4))
    form = draw(st.sampled_from(["standard", "chiitoitsu", "kokushi"])) if melds == 0 else ""
    if form == "chiitoitsu":
        pairs = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
        return melds, to_counts(pairs * 2)
    if form == "kokushi":
        return melds, to_counts([*YAOCHUU_KINDS, draw(st.sampled_from(YAOCHUU_KINDS))])
    sets = draw(st.lists(st.sampled_from(SETS), min_size=4 - melds, max_size=4 - melds))
    pair = draw(st.integers(0, 33))
    counts = to_counts([kind for group in sets for kind in group] + [pair, pair])
    assume(max(counts) <= 4)
    return melds, counts


@st.composite
def tenpai_hands(draw):
    """(melds, counts): a complete hand less one tile, so tenpai unless that tile
    was the only way out and a fifth copy would be needed."""
    melds, counts = draw(complete_hands())
    counts[draw(st.sampled_from([k for k in range(KIND_COUNT) if counts[k]]))] -= 1
    return melds, counts


def _plus(counts: list[int], kind: int) -> list[int]:
    return [held + (k == kind) for k, held in enumerate(counts)]


@settings(max_examples=200, deadline=None)
@given(tenpai_hands(), st.booleans())
def test_waits_are_exactly_the_kinds_that_complete_the_hand(case, chiitoitsu):
    melds, counts = case
    completing = tuple(
        kind
        for kind in range(KIND_COUNT)
        if counts[kind] < 4 and is_complete(_plus(counts, kind), melds, chiitoitsu=chiitoitsu)
    )
    assert waits(counts, melds, chiitoitsu=chiitoitsu) == completing, format_counts(counts)


@st.composite
def near_complete_hands(draw):
    """(melds, counts): a complete hand with one tile swapped for another (perhaps
    the same kind back, leaving it complete)."""
    melds, counts = draw(tenpai_hands())
    counts[draw(st.sampled_from([k for k in range(KIND_COUNT) if counts[k] < 4]))] += 1
    return melds, counts


@settings(max_examples=200, deadline=None)
@given(st.one_of(complete_hands(), near_complete_hands()), st.booleans())
def test_complete_iff_shanten_is_minus_one(case, chiitoitsu):
    melds, counts = case
    assert is_complete(counts, melds, chiitoitsu=chiitoitsu) == (
        shanten(counts, melds, chiitoitsu=chiitoitsu) == -1
    ), format_counts(counts)


@st.composite
def random_hands(draw, size):
    wall = [kind for kind in range(KIND_COUNT) for _ in range(4)]
    return to_counts(draw(st.permutations(wall))[:size])


@settings(max_examples=200, deadline=None)
@given(random_hands(14))
def test_complete_iff_shanten_is_minus_one_on_random_hands(counts):
    assert is_complete(counts) == (shanten(counts) == -1)


@settings(max_examples=200, deadline=None)
@given(st.one_of(tenpai_hands(), random_hands(13).map(lambda counts: (0, counts))))
def test_tenpai_iff_shanten_is_zero(case):
    melds, counts = case
    assert is_tenpai(counts, melds) == (shanten(counts, melds) == 0), format_counts(counts)


@settings(max_examples=100, deadline=None)
@given(st.one_of(tenpai_hands(), random_hands(13).map(lambda counts: (0, counts))))
def test_ukeire_lists_every_draw_that_lowers_the_shanten(case):
    melds, counts = case
    now = shanten(counts, melds)
    improving = [
        (kind, 4 - counts[kind])
        for kind in range(KIND_COUNT)
        if counts[kind] < 4 and shanten(_plus(counts, kind), melds) < now
    ]
    assert ukeire(counts, melds) == improving
