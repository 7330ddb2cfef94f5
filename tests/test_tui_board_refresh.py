"""The board refreshes only the rows that changed (a discard's key cycle at 200x60)."""

from __future__ import annotations

from seat_views import full_hand_view
from textual.app import App, ComposeResult
from textual.geometry import Region

from tui.widgets.board import Board, BoardInput, row_runs


class Host(App[None]):
    def compose(self) -> ComposeResult:
        yield Board(id="board")


def test_row_runs_group_consecutive_rows() -> None:
    assert row_runs([1, 2, 3, 7, 9, 10], 50) == [
        Region(0, 1, 50, 3),
        Region(0, 7, 50, 1),
        Region(0, 9, 50, 2),
    ]
    assert row_runs([], 50) == []


async def test_a_cursor_move_refreshes_a_few_rows_not_the_board() -> None:
    view = full_hand_view()
    app = Host()
    async with app.run_test(size=(200, 60)) as pilot:
        board = app.query_one(Board)
        board.show(view, BoardInput(cursor=0))
        await pilot.pause()
        calls: list[tuple[Region, ...]] = []
        original = board.refresh

        def spy(*regions: Region, **kw):
            calls.append(regions)
            return original(*regions, **kw)

        board.refresh = spy  # type: ignore[method-assign]
        board.show(view, BoardInput(cursor=1))
        assert len(calls) == 1 and calls[0], "a partial refresh, with regions"
        rows = sum(region.height for region in calls[0])
        assert 1 <= rows <= 4 < board.size.height
        board.show(view, BoardInput(cursor=1))  # nothing changed: nothing refreshed
        assert len(calls) == 1
        await pilot.pause()
        text = "\n".join(line.plain for line in board.lines())
        assert text  # still paints


def test_no_color_drops_suit_colours_but_keeps_contrast_and_attributes() -> None:
    from rich.segment import Segment
    from rich.style import Style

    from tui.widgets.board import uncoloured

    red_on_grey = Style.parse("bold red on grey23")
    red_on_white = Style.parse("red on bright_white")
    black_on_white = Style.parse("bold black on bright_white")
    italic = Style.parse("italic dim")
    out = uncoloured(
        [
            Segment("1m", red_on_grey),
            Segment("6m", red_on_white),
            Segment("^^", black_on_white),
            Segment("Gr", italic),
            Segment(" ", None),
        ]
    )
    styles = [seg.style for seg in out]
    assert styles[0].color.name == "default" and styles[0].bold  # readable on the body
    assert styles[0].bgcolor == red_on_grey.bgcolor
    assert styles[1].color.name == "black"  # the cursor's face stays dark on white
    assert styles[2] == black_on_white
    assert styles[3] == italic and styles[4] is None  # the tsumogiri mark is not a colour
    assert [seg.text for seg in out] == ["1m", "6m", "^^", "Gr", " "]
