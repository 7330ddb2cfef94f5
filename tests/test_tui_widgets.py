"""The tile widgets: rendered in a tiny App at a fixed size, read back as plain text.

Layout rules are checked on the pure `*_text` functions (fast, exact); the App
tests check that each widget shows that text, mirrors its data in classes and
re-renders when its data, tile style or language changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widget import Widget

from rules.hand import Meld, MeldKind, Source
from rules.tiles import Tile, parse_tile, parse_tiles
from tui.tiles import tile_width
from tui.widgets import (
    WIDGETS_CSS_PATH,
    DoraData,
    DoraPanel,
    HandTiles,
    MeldsData,
    MeldsView,
    River,
    RiverData,
    RiverTile,
    TileRow,
    arrange_meld,
    dora_text,
    hand_text,
    melds_text,
    river_text,
)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


def meld(kind: MeldKind, text: str, source: Source | None = None, called: str = "") -> Meld:
    return Meld(kind, tiles(text), source, parse_tile(called) if called else None)


def lines(widget: Widget) -> list[str]:
    """The widget as it is on screen (border and padding included), right-trimmed."""
    region = Region(0, 0, widget.region.width, widget.region.height)
    return [strip.text.rstrip() for strip in widget.render_lines(region)]


class Table(App[None]):
    """One widget at a time, with the real stylesheet."""

    CSS_PATH: ClassVar[list[str | Path]] = [WIDGETS_CSS_PATH]

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget

    def compose(self) -> ComposeResult:
        yield self.widget


SIZE = (80, 12)

# ---------------------------------------------------------------------------
# TileRow


def test_hand_sets_the_drawn_tile_apart_and_marks_the_cursor():
    data = HandTiles(tiles("123m406p789s1155z5z"), drawn=True, cursor=4)
    row, caret = hand_text(data, "text").plain.split("\n")
    assert row == "1m 2m 3m 4p 0p 6p 7s 8s 9s E  E  Wh Wh   Wh"
    assert caret == "            ^^"
    assert caret.index("^") == row.index("0p")


def test_hand_cursor_on_the_drawn_tile_in_kanji():
    data = HandTiles(tiles("1m2m3m"), drawn=True, cursor=2)
    row, caret = hand_text(data, "kanji").plain.split("\n")
    assert row == "一萬 二萬   三萬"
    assert cell_len(caret) == cell_len(row)
    assert caret.endswith("^" * tile_width("kanji"))


def test_hand_without_cursor_is_one_line_and_backs_hide_tiles():
    assert hand_text(HandTiles((None,) * 4), "text").plain == "## ## ## ##"
    assert "\n" not in hand_text(HandTiles(tiles("123m")), "text").plain


def test_disabled_tiles_are_struck_and_dimmed():
    text = hand_text(HandTiles(tiles("12m"), disabled=frozenset({1})), "text")
    styles = {text.plain[span.start : span.end]: str(span.style) for span in text.spans}
    assert "strike" in styles["2m"] and "dim" in styles["2m"]
    assert "strike" not in styles["1m"]


async def test_tile_row_widget_renders_updates_and_mirrors_state():
    row = TileRow(HandTiles(tiles("123m5p"), drawn=True, cursor=0))
    async with Table(row).run_test(size=SIZE) as pilot:
        assert lines(row) == [" 1m 2m 3m   5p", " ^^"]
        row.update_data(cursor=3, disabled=frozenset({0, 1, 2}))
        await pilot.pause()
        assert lines(row)[1] == " " * 12 + "^^"  # padding 1 + "1m 2m 3m" + the drawn gap
        row.tile_style = "kanji"
        await pilot.pause()
        assert lines(row)[0] == " 一萬 二萬 三萬   五筒"
        row.update_data(HandTiles((None,) * 13))
        await pilot.pause()
        assert lines(row) == [" " + " ".join(["####"] * 13)]  # still the kanji style
        assert row.has_class("-hidden")


# ---------------------------------------------------------------------------
# River


def _river(text: str, **flags: dict[int, bool]) -> tuple[RiverTile, ...]:
    """Discards from mpsz; `riichi={6: True}` sets a flag on the tile at that index."""
    return tuple(
        RiverTile(tile, **{flag: index in where for flag, where in flags.items()})
        for index, tile in enumerate(parse_tiles(text))
    )


def test_river_rows_of_six_with_every_mark():
    discards = _river(
        "1z9m2p7s3s4p5m6m1p2p",
        riichi={6: True},
        called={7: True},
        tsumogiri={8: True},
        last={9: True},
    )
    assert river_text(RiverData(discards), "text").plain.split("\n") == [
        "E  9m 2p 7s 3s 4p ",
        "[5m] 6m>1p'2p<",
    ]


def test_river_row_length_is_a_parameter_and_max_rows_keeps_the_overflow():
    discards = _river("123456789m")
    assert river_text(RiverData(discards, row_length=4), "text").plain.split("\n") == [
        "1m 2m 3m 4m ",
        "5m 6m 7m 8m ",
        "9m ",
    ]
    capped = RiverData(discards, row_length=3, max_rows=2).rows()
    assert [len(row) for row in capped] == [3, 6]


def test_river_called_riichi_tile_and_last_discard_looks():
    (riichi_called,) = _river("5p", riichi={0: True}, called={0: True})
    text = river_text(RiverData((riichi_called,)), "text")
    assert text.plain == "[5p]>"
    (last,) = _river("5p", last={0: True})
    looks = river_text(RiverData((last,)), "text").spans
    assert any("reverse" in str(span.style) for span in looks)


async def test_river_widget_renders_and_mirrors_riichi():
    river = River(RiverData(_river("1z9m2p7s3s4p5m")))
    async with Table(river).run_test(size=SIZE) as pilot:
        assert lines(river) == [" E  9m 2p 7s 3s 4p", " 5m"]
        assert not river.has_class("-riichi")
        river.update_data(tiles=_river("1z9m2p7s3s4p5m", riichi={6: True}, last={6: True}))
        await pilot.pause()
        assert lines(river)[1].endswith("[5m]<")
        assert river.has_class("-riichi")
        river.update_data(RiverData())
        await pilot.pause()
        assert lines(river) == ["", ""] or not "".join(lines(river)).strip()


# ---------------------------------------------------------------------------
# MeldsView


def _positions(m: Meld) -> str:
    """'s' for the sideways slot, 'd' face down, 'u' upright, left to right."""
    return "".join(
        "s" if slot.sideways else "d" if slot.face_down else "u" for slot in arrange_meld(m).slots
    )


def test_called_tile_turns_toward_the_player_it_came_from():
    assert _positions(meld(MeldKind.CHI, "345m", Source.KAMICHA, "4m")) == "suu"
    assert _positions(meld(MeldKind.PON, "777p", Source.KAMICHA, "7p")) == "suu"
    assert _positions(meld(MeldKind.PON, "777p", Source.TOIMEN, "7p")) == "usu"
    assert _positions(meld(MeldKind.PON, "777p", Source.SHIMOCHA, "7p")) == "uus"
    assert _positions(meld(MeldKind.MINKAN, "1111z", Source.KAMICHA, "1z")) == "suuu"
    assert _positions(meld(MeldKind.MINKAN, "1111z", Source.TOIMEN, "1z")) == "usuu"
    assert _positions(meld(MeldKind.MINKAN, "1111z", Source.SHIMOCHA, "1z")) == "uuus"
    assert _positions(meld(MeldKind.ANKAN, "9999s")) == "duud"


def test_chi_shows_the_called_tile_first_then_the_others_in_order():
    text = melds_text([meld(MeldKind.CHI, "345m", Source.KAMICHA, "4m")], "text")
    assert text.plain == "[4m] 3m 5m"


def test_ankan_keeps_a_red_five_face_up():
    layout = arrange_meld(meld(MeldKind.ANKAN, "0555p"))
    assert [slot.tile.red for slot in layout.slots if not slot.face_down] == [False, True]
    assert melds_text([meld(MeldKind.ANKAN, "0555p")], "text").plain == "## 5p 0p ##"


def test_kakan_stacks_the_added_tile_on_the_turned_one():
    kakan = meld(MeldKind.KAKAN, "5555z", Source.TOIMEN, "5z")
    top, bottom = melds_text([kakan], "text").plain.split("\n")
    assert bottom == "Wh [Wh] Wh"
    assert top == "   [Wh]   "
    assert top.index("[") == bottom.index("[")


def test_first_meld_is_rightmost():
    melds = [
        meld(MeldKind.PON, "777p", Source.SHIMOCHA, "7p"),
        meld(MeldKind.CHI, "345m", Source.KAMICHA, "5m"),
    ]
    assert melds_text(melds, "text").plain == "[5m] 3m 4m  7p 7p [7p]"


async def test_melds_widget_two_lines_only_with_a_kakan():
    pon = meld(MeldKind.PON, "777p", Source.TOIMEN, "7p")
    view = MeldsView(MeldsData((pon,)))
    async with Table(view).run_test(size=SIZE) as pilot:
        assert lines(view) == ["7p [7p] 7p"]
        assert view.has_class("-open") and not view.has_class("-kakan")
        kakan = meld(MeldKind.KAKAN, "7777p", Source.TOIMEN, "7p")
        view.update_data(melds=(kakan, meld(MeldKind.ANKAN, "1111z")))
        await pilot.pause()
        assert lines(view) == [" " * 16 + "[7p]", "## E  E  ##  7p [7p] 7p"]
        assert view.has_class("-kakan")
        view.update_data(melds=())
        await pilot.pause()
        assert view.has_class("-empty") and not view.display


# ---------------------------------------------------------------------------
# DoraPanel


def test_each_indicator_is_followed_by_the_named_dora():
    text = dora_text(DoraData(tiles("3m9p4z7z"), slots=5), "text").plain
    assert text == "dora ドラ  3m -> 4m  9p -> 1p  N  -> E  East 東  Rd -> Wh Haku 白  ##"


def test_unrevealed_slots_are_backs_and_ura_gets_its_own_line():
    text = dora_text(DoraData(tiles("1s"), slots=3, ura=tiles("6z")), "text").plain
    assert text.split("\n") == ["dora ドラ  1s -> 2s  ##  ##", "ura dora 裏ドラ  Gr -> Rd Chun 中"]


def test_dora_names_follow_the_language_and_the_style():
    ja = dora_text(DoraData(tiles("1z"), slots=1), "kanji", "ja").plain
    assert ja == "ドラ dora   東  ->  南  南 South"
    unicode = dora_text(DoraData(tiles("5m"), slots=1), "unicode").plain
    assert unicode.endswith(" 6m")  # glyphs are not readable names: the name is added


def test_dora_vertical_layout():
    text = dora_text(DoraData(tiles("2p"), slots=2, vertical=True), "text").plain
    assert text.split("\n") == ["dora ドラ", "2p -> 3p", "##"]


async def test_dora_panel_widget_renders_inside_its_border():
    panel = DoraPanel(DoraData(tiles("3m"), slots=2))
    async with Table(panel).run_test(size=SIZE) as pilot:
        shown = lines(panel)
        assert len(shown) == 3
        assert shown[1] == "│ dora ドラ  3m -> 4m  ## │"
        panel.update_data(indicators=tiles("3m4m"), ura=tiles("9m9m"))
        panel.lang = "ja"
        await pilot.pause()
        shown = lines(panel)
        assert "ドラ dora  3m -> 4m  4m -> 5m" in shown[1]
        assert "裏ドラ ura dora  9m -> 1m  9m -> 1m" in shown[2]
        assert panel.has_class("-kan-dora", "-ura")
