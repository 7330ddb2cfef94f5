"""A hand: tiles in a row, the drawn tile set apart, a cursor, some tiles disabled.

The screen decides which tiles may be discarded (kuikae, riichi) and where the
cursor is; the row only shows it. The cursor is drawn twice, in reverse video
on the tile and as a caret line under it, so it is visible without colour and
in a plain-text capture.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive

from rules.tiles import Tile

from ..tiles import tile_text
from .base import TileWidget

DRAWN_GAP = 3  # spaces between the hand and the drawn tile (a normal gap is 1)
CURSOR_MARK = "^"


@dataclass(frozen=True, slots=True)
class HandTiles:
    """What a hand row shows.

    `tiles` in display order, `None` for a tile back (an opponent's hand); when
    `drawn` is true the last tile is the one just drawn and stands apart.
    `cursor` and `disabled` are indices into `tiles`; `dora` holds tile kinds.
    """

    tiles: tuple[Tile | None, ...] = ()
    drawn: bool = False
    cursor: int | None = None
    disabled: frozenset[int] = frozenset()
    dora: frozenset[int] = frozenset()


class TileRow(TileWidget[HandTiles]):
    """A hand as a row of tiles, with a caret line under the cursor tile."""

    DEFAULT_DATA = HandTiles()
    data: reactive[HandTiles] = reactive(DEFAULT_DATA, layout=True)

    def state_classes(self) -> dict[str, bool]:
        data = self.data
        # Only classes the stylesheet uses: toggling one restyles the widget (~1 ms).
        return {"-hidden": any(tile is None for tile in data.tiles)}

    def render(self) -> Text:
        return hand_text(self.data, self.tile_style)


def hand_text(data: HandTiles, style: str) -> Text:
    """The row (and, with a cursor, the caret line below it) as Rich Text."""
    row = Text(end="", no_wrap=True)
    cursor_at: tuple[int, int] | None = None
    last = len(data.tiles) - 1
    for index, tile in enumerate(data.tiles):
        if index:
            row.append(" " * (DRAWN_GAP if data.drawn and index == last else 1))
        face = tile_text(
            tile,
            style,
            dim=index in data.disabled,
            highlight=index == data.cursor,
            dora=tile is not None and tile.kind in data.dora,
        )
        if index == data.cursor:
            cursor_at = (row.cell_len, face.cell_len)
        row.append_text(face)
    if cursor_at is None:
        return row
    start, width = cursor_at
    caret = " " * start + CURSOR_MARK * width
    return Text("\n", end="", no_wrap=True).join([row, Text(caret, style="bold")])
