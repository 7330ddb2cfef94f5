"""mpsz notation (CONTRACT.md "Tile notation", RULESETS.md §1.3): parse, format, errors, dora."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.tiles import (
    KIND_COUNT,
    Tile,
    TileNotationError,
    dora_from_indicator,
    format_counts,
    format_tiles,
    is_five,
    parse_kinds,
    parse_tile,
    parse_tiles,
    to_counts,
    wind_from_letter,
)

# --- parsing and formatting ------------------------------------------------------------------


def test_contract_example_parses_in_order():
    tiles = parse_tiles("123m406p789s1122z")
    assert [str(t) for t in tiles] == [
        "1m",
        "2m",
        "3m",
        "4p",
        "0p",
        "6p",
        "7s",
        "8s",
        "9s",
        "1z",
        "1z",
        "2z",
        "2z",
    ]


def test_kinds_are_0_to_33_man_pin_sou_honors():
    assert parse_kinds("1m9m1p9p1s9s1z7z") == [0, 8, 9, 17, 18, 26, 27, 33]


def test_red_five_is_a_five_marked_red():
    red = parse_tile("0p")
    assert red == Tile(13, red=True)
    assert red.kind == parse_tile("5p").kind
    assert red != parse_tile("5p")
    assert parse_kinds("0m0p0s") == [4, 13, 22]


@pytest.mark.parametrize("text", ["123m406p789s1122z", "0m0p0s", "550m", "19m19p19s1234567z"])
def test_format_round_trips_a_string_written_in_runs(text):
    assert format_tiles(parse_tiles(text)) == text


def test_format_joins_runs_of_one_suit():
    assert format_tiles(parse_tiles("1m2m3m4p")) == "123m4p"


def test_format_accepts_kinds():
    assert format_tiles([0, 13, 33]) == "1m5p7z"


def test_spaces_are_ignored():
    assert parse_tiles("123m 456p") == parse_tiles("123m456p")


def test_repr_is_python_that_builds_the_same_tile():
    for tile in (Tile(13, red=True), Tile(33)):
        assert eval(repr(tile)) == tile
    assert repr(Tile(13, red=True)) == "Tile(13, red=True)"
    assert str(Tile(13, red=True)) == "0p"


def test_counts_vector_and_sorted_format():
    counts = to_counts(parse_tiles("3m1m1m7z"))
    assert counts[0] == 2 and counts[2] == 1 and counts[33] == 1 and sum(counts) == 4
    assert format_counts(counts) == "113m7z"


@pytest.mark.parametrize(("letter", "kind"), [("E", 27), ("S", 28), ("W", 29), ("N", 30)])
def test_wind_letters(letter, kind):
    assert wind_from_letter(letter) == kind


# --- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8z", "'8z' is not a tile: honors are 1z-7z"),
        ("123m0z", "'0z' is not a tile: honors are 1z-7z"),
        ("m", "suit letter 'm' without digits"),
        ("123mp", "suit letter 'p' without digits"),
        ("123", "digits '123' at the end of '123' have no suit letter"),
        ("12m34", "digits '34' at the end"),
        ("12x", "'x' is not a suit letter"),
        ("1M", "'M' is not a suit letter"),
    ],
)
def test_bad_strings_are_named_in_the_error(text, message):
    with pytest.raises(TileNotationError) as error:
        parse_tiles(text)
    assert message in str(error.value)


def test_honor_error_is_exactly_the_contract_wording():
    with pytest.raises(TileNotationError) as error:
        parse_tiles("8z")
    assert str(error.value) == "'8z' is not a tile: honors are 1z-7z"


def test_notation_errors_are_value_errors():
    assert issubclass(TileNotationError, ValueError)


def test_one_tile_expected():
    with pytest.raises(TileNotationError, match="one tile expected, got 2"):
        parse_tile("12m")
    with pytest.raises(TileNotationError, match="one tile expected, got 0"):
        parse_tile("")


def test_only_a_five_can_be_red():
    with pytest.raises(TileNotationError, match="only a five can be red"):
        Tile(0, red=True)
    with pytest.raises(TileNotationError, match="out of range"):
        Tile(34)


def test_bad_wind_letter():
    with pytest.raises(TileNotationError, match="use E, S, W or N"):
        wind_from_letter("X")


# --- dora successor order (000 第9条イ, RULESETS.md §1.3) ------------------------------------


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("1m", "2m"),
        ("8m", "9m"),
        ("9m", "1m"),  # 9 → 1 within the suit
        ("9p", "1p"),
        ("9s", "1s"),
        ("4p", "5p"),
        ("0s", "6s"),  # a red five indicates the six
        ("1z", "2z"),  # East → South
        ("3z", "4z"),  # West → North
        ("4z", "1z"),  # North → East
        ("5z", "6z"),  # haku → hatsu
        ("6z", "7z"),  # hatsu → chun
        ("7z", "5z"),  # chun → haku
    ],
)
def test_dora_successor(indicator, dora):
    assert dora_from_indicator(parse_tile(indicator).kind) == parse_tile(dora).kind


def test_every_kind_is_indicated_by_exactly_one_indicator():
    dora = [dora_from_indicator(k) for k in range(KIND_COUNT)]
    assert sorted(dora) == list(range(KIND_COUNT))


# --- round trip, property-based -----------------------------------------------------------------

tiles_strategy = st.lists(
    st.integers(0, KIND_COUNT - 1).flatmap(
        lambda k: st.sampled_from([Tile(k), Tile(k, red=True)]) if is_five(k) else st.just(Tile(k))
    ),
    max_size=20,
)


@given(tiles_strategy)
def test_format_then_parse_gives_the_same_tiles(tiles):
    assert parse_tiles(format_tiles(tiles)) == tiles


@given(tiles_strategy)
def test_format_is_a_fixed_point(tiles):
    assert format_tiles(parse_tiles(format_tiles(tiles))) == format_tiles(tiles)


def test_tile_key_sorts_as_tiles_compare() -> None:
    """`tile_key` is the one sort key: by kind, a red five after the plain fives."""
    from rules.tiles import Tile, tile_key

    tiles = [
        Tile(k, red)
        for k in range(33, -1, -1)
        for red in (True, False)
        if not red or (k < 27 and k % 9 == 4)
    ]
    assert sorted(tiles, key=tile_key) == sorted(tiles)
    assert [str(t) for t in sorted(tiles, key=tile_key)[3:6]] == ["4m", "5m", "0m"]
