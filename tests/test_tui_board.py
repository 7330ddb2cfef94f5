"""The board's parts drawn from hand-built SeatViews (no engine, no Textual)."""

from __future__ import annotations

from seat_views import dense_view

from tui.layout import board_layout
from tui.screens.help import mark_samples
from tui.widgets.board import (
    SIDE_DEAD,
    SIDE_ONE,
    SIDE_SHOWN,
    SIDE_TWO,
    STACK_DEAD,
    STACK_ONE,
    STACK_SHOWN,
    STACK_TWO,
    BoardInput,
    canvas,
    paint_board,
)


def test_the_help_legend_explains_every_wall_glyph_the_board_draws() -> None:
    legend = "".join(sample.plain for sample in mark_samples().values())
    for glyph in (
        STACK_TWO,
        STACK_ONE,
        STACK_DEAD,
        STACK_SHOWN,
        SIDE_TWO,
        SIDE_ONE,
        SIDE_DEAD,
        SIDE_SHOWN,
    ):
        assert glyph in legend
    drawn = "".join(
        line.plain for line in canvas(paint_board(dense_view(), board_layout(120, 39, "text")))
    )
    used = {ch for ch in drawn if 0x25A0 <= ord(ch) <= 0x25FF}
    assert used and used <= set(legend)


def test_badges_sit_on_each_seats_side_and_never_truncate() -> None:
    view = dense_view()
    lay = board_layout(120, 39, "text")
    centre = paint_board(view, lay, BoardInput(), "ja").parts["centre"]
    text = [line.plain for line in centre]
    top = next(i for i, line in enumerate(text) if "31,500" in line)  # toimen (seat 2)
    bottom = next(i for i, line in enumerate(text) if "125,300" in line)  # you
    assert top < bottom
    left_right = next(line for line in text if "30,000" in line and "-12,800" in line)
    assert left_right.index("30,000") < left_right.index("-12,800")  # kamicha left
    assert "親" in "".join(text) and "リーチ" in "".join(text) and "手番" in "".join(text)


def test_kakan_is_stacked_and_ankan_shows_two_backs() -> None:
    view = dense_view()
    lay = board_layout(120, 39, "text")
    # The player's melds are laid on the hand's row (at its right edge).
    melds = " ".join(line.plain for line in paint_board(view, lay).parts["hand-0"])
    assert "[7p7p]" in melds  # the added tile on the turned one
    assert "## 0s 5s ##" in melds
    assert "[4m] 3m 5m" in melds  # chi: the called tile turned, from kamicha (left)


def test_parts_drawn_for_one_seat_are_never_reused_for_another() -> None:
    """The board keeps parts it drew; the same table seen from two seats differs."""
    from dataclasses import replace

    view = dense_view(0)
    other = replace(view, seat=2, turn=2)
    lay = board_layout(80, 23, "text")
    mine = [line.plain for line in canvas(paint_board(view, lay))]
    theirs = [line.plain for line in canvas(paint_board(other, lay))]
    fresh = __import__("tui.widgets.board", fromlist=["_PARTS"])._PARTS
    fresh.clear()
    assert theirs == [line.plain for line in canvas(paint_board(other, lay))]
    assert mine != theirs


def test_the_help_legend_explains_every_notation_the_table_uses() -> None:
    """Issue #19: Wh/Haku/5z/555z and 0p for a red five were explained nowhere in `?`."""
    from rich.console import Console

    from tui.screens.help import help_sections

    for lang in ("en", "ja"):
        console = Console(width=120, record=True, color_system=None)
        console.print(help_sections(lang))
        text = console.export_text()
        for face in ("1m", "1p", "1s", "E ", "S ", "W ", "N ", "Wh", "Gr", "Rd", "0m", "0p", "0s"):
            assert face in text, (lang, face)
        for kanji in ("一萬", "赤萬", "白", "發", "中"):
            assert kanji in text, (lang, kanji)
        assert "555z" in text and "5z 6z 7z" in text and "1z-4z" in text
        assert ("haku" in text) if lang == "en" else ("白三枚" in text)


def test_each_seats_melds_lie_as_the_online_clients_lay_them() -> None:
    """Your first meld at the right edge of your row, each new one to its left;
    toimen's seen from across the table, its called tile still toward its source."""
    view = dense_view()
    lay = board_layout(120, 35, "text")
    painted = paint_board(view, lay)
    [row] = [line.plain for line in painted.parts["hand-0"] if "[4m]" in line.plain]
    assert row.rstrip().endswith("[4m] 3m 5m")  # the first meld (a chi) at the far right
    assert row.index("Gr Gr Gr [Gr]") < row.index("## 0s 5s ##") < row.index("[4m] 3m 5m")
    assert len(row) <= lay.regions["hand-0"].w
    toimen = " ".join(line.plain for line in painted.parts["melds-2"])
    assert "5m 3m [4m]" in toimen  # its chi from its kamicha (our shimocha, screen right)
    assert "[Gr] Gr Gr Gr" in toimen
