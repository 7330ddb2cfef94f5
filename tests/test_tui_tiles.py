"""Tile faces: fixed widths in terminal cells, readable without colour, in every style."""

from __future__ import annotations

import io
import itertools
import unicodedata

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from rules.tiles import Tile, parse_tiles
from tui.tiles import (
    DEFAULT_STYLE,
    RIVER_MARKS,
    SUIT_STYLES,
    TILE_STYLES,
    check_style,
    sideways_width,
    tile_face,
    tile_text,
    tile_width,
    tiles_text,
)

KINDS = [Tile(kind) for kind in range(34)]
RED_FIVES = [Tile(4, red=True), Tile(13, red=True), Tile(22, red=True)]
ALL_TILES = KINDS + RED_FIVES
FLAGS = ("back", "dim", "highlight", "dora")


def _flag_sets() -> list[dict[str, bool]]:
    return [
        dict(zip(FLAGS, values, strict=True))
        for values in itertools.product((False, True), repeat=len(FLAGS))
    ]


def _no_colour(text: Text) -> str:
    """What a NO_COLOR terminal receives: characters and attributes, no colours."""
    out = io.StringIO()
    console = Console(file=out, no_color=True, force_terminal=True, width=200)
    console.print(text, end="")
    return out.getvalue()


@pytest.mark.parametrize("style", TILE_STYLES)
def test_every_tile_in_every_look_has_the_style_width(style):
    width = tile_width(style)
    for tile, flags in itertools.product([*ALL_TILES, None], _flag_sets()):
        upright = tile_text(tile, style, **flags)
        assert cell_len(upright.plain) == width, (tile, flags, upright.plain)
        turned = tile_text(tile, style, sideways=True, **flags)
        assert cell_len(turned.plain) == sideways_width(style) == width + 2, (tile, flags)


def test_widths_are_what_the_layouts_assume():
    assert DEFAULT_STYLE == "text"
    assert {style: tile_width(style) for style in TILE_STYLES} == {
        "text": 2,
        "kanji": 4,
        "unicode": 2,
    }


@pytest.mark.parametrize("style", ["text", "kanji"])
def test_every_tile_reads_differently_as_plain_text(style):
    """Suits and red fives are told apart by the characters alone (NO_COLOR, captures)."""
    faces = [tile_face(tile, style) for tile in ALL_TILES]
    assert len(set(faces)) == len(faces)
    assert tile_face(None, style) not in faces


def test_unicode_glyphs_are_distinct_and_the_right_tiles():
    names = []
    for tile in KINDS:
        glyph = tile_face(tile, "unicode").strip()
        assert len(glyph) == 1
        names.append(unicodedata.name(glyph))
    assert len(set(names)) == 34
    assert names[0] == "MAHJONG TILE ONE OF CHARACTERS"
    assert names[13] == "MAHJONG TILE FIVE OF CIRCLES"
    assert names[26] == "MAHJONG TILE NINE OF BAMBOOS"
    assert names[27:] == [
        f"MAHJONG TILE {name}"
        for name in (
            "EAST WIND",
            "SOUTH WIND",
            "WEST WIND",
            "NORTH WIND",
            "WHITE DRAGON",
            "GREEN DRAGON",
            "RED DRAGON",
        )
    ]
    assert unicodedata.name(tile_face(None, "unicode").strip()) == "MAHJONG TILE BACK"


def test_text_faces():
    faces = [tile_face(t) for t in parse_tiles("19m5p0p9s1234567z")]
    assert faces == ["1m", "9m", "5p", "0p", "9s", "E ", "S ", "W ", "N ", "Wh", "Gr", "Rd"]
    assert all(face.isascii() for face in (tile_face(t) for t in ALL_TILES))
    assert tile_face(None) == "##"


def test_kanji_faces_use_only_wide_characters():
    faces = [tile_face(t, "kanji") for t in parse_tiles("15m0m5p9s17z")]
    assert faces == ["一萬", "五萬", "赤萬", "五筒", "九索", " 東 ", " 中 "]
    for tile in ALL_TILES:
        for char in tile_face(tile, "kanji").strip():
            assert unicodedata.east_asian_width(char) == "W", (tile, char)


@pytest.mark.parametrize("style", TILE_STYLES)
def test_red_fives_are_distinguishable_without_colour(style):
    for red in RED_FIVES:
        plain = tile_text(Tile(red.kind), style)
        assert _no_colour(tile_text(red, style)) != _no_colour(plain)


@pytest.mark.parametrize("style", TILE_STYLES)
def test_suits_are_distinguishable_without_colour(style):
    for number in range(9):
        rendered = {_no_colour(tile_text(Tile(suit * 9 + number), style)) for suit in range(3)}
        assert len(rendered) == 3
    assert "\x1b[3" not in _no_colour(tile_text(Tile(0), style))  # no foreground colour left


def test_suits_are_also_distinguishable_by_colour():
    assert len(set(SUIT_STYLES)) == 3
    colours = {str(tile_text(Tile(suit * 9), "text").style) for suit in range(3)}
    assert len(colours) == 3


def test_marks_survive_without_colour():
    tile = Tile(0)
    plain = _no_colour(tile_text(tile))
    for flag in ("dim", "highlight", "dora"):
        assert _no_colour(tile_text(tile, **{flag: True})) != plain, flag
    assert tile_text(tile, sideways=True).plain == "[1m]"
    assert tile_text(tile, back=True).plain == "##"


def test_tiles_text_joins_with_gaps_and_accepts_prepared_tiles():
    tiles = parse_tiles("123m")
    assert tiles_text(tiles).plain == "1m 2m 3m"
    assert tiles_text(tiles, gap=0).plain == "1m2m3m"
    mixed = tiles_text([tiles[0], None, tile_text(tiles[2], sideways=True)])
    assert mixed.plain == "1m ## [3m]"
    for style in TILE_STYLES:
        row = tiles_text(ALL_TILES, style, gap=2)
        assert cell_len(row.plain) == len(ALL_TILES) * tile_width(style) + 2 * (len(ALL_TILES) - 1)


def test_river_marks_are_single_distinct_cells():
    assert all(cell_len(mark) == 1 for mark in RIVER_MARKS.values())
    assert len(set(RIVER_MARKS.values())) == len(RIVER_MARKS)


def test_unknown_style_is_a_clear_error():
    with pytest.raises(ValueError, match="choose one of text, kanji, unicode"):
        check_style("emoji")
    with pytest.raises(ValueError):
        tile_text(Tile(0), "emoji")
