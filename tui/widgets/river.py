"""A player's discards (河) in rows, left to right, `row_length` per row (RULESETS.md §5.5).

Each tile carries flags the screen computed from events: discarded straight
from the draw (tsumogiri), turned for riichi, called away by another player,
the last discard. Each flag shows as a look (dim, brackets, strike, reverse
video) *and* as a one-cell suffix mark (`RIVER_MARKS`), so a river reads the
same without colour and in a plain-text capture.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive

from rules.tiles import Tile

from ..tiles import RIVER_MARKS, tile_text
from .base import TileWidget


@dataclass(frozen=True, slots=True)
class RiverTile:
    """One discard and how it lies: `riichi` means turned sideways (the riichi tile, or
    the next discard when the riichi tile was called, 000 第32条ニ)."""

    tile: Tile
    tsumogiri: bool = False
    riichi: bool = False
    called: bool = False
    last: bool = False

    @property
    def mark(self) -> str:
        """The suffix mark: called away, else last discard, else tsumogiri, else blank."""
        if self.called:
            return RIVER_MARKS["called"]
        if self.last:
            return RIVER_MARKS["last"]
        if self.tsumogiri:
            return RIVER_MARKS["tsumogiri"]
        return RIVER_MARKS["plain"]


@dataclass(frozen=True, slots=True)
class RiverData:
    """The discards in order; `row_length` per row (the ruleset's `discard_rows`).

    With `max_rows`, the last row takes every discard beyond the others, as the
    third row does on a real table.
    """

    tiles: tuple[RiverTile, ...] = ()
    row_length: int = 6
    max_rows: int | None = None

    def __post_init__(self) -> None:
        if self.row_length < 1:
            raise ValueError(f"row_length must be at least 1, got {self.row_length}")
        if self.max_rows is not None and self.max_rows < 1:
            raise ValueError(f"max_rows must be at least 1, got {self.max_rows}")

    def rows(self) -> list[tuple[RiverTile, ...]]:
        """The discards cut into display rows."""
        size, tiles = self.row_length, self.tiles
        rows = [tiles[i : i + size] for i in range(0, len(tiles), size)]
        if self.max_rows is not None and len(rows) > self.max_rows:
            keep = self.max_rows - 1
            rows = [*rows[:keep], tiles[keep * size :]]
        return rows


class River(TileWidget[RiverData]):
    """Discards in rows of `row_length`, with riichi, called-away, last and tsumogiri marks."""

    DEFAULT_DATA = RiverData()
    data: reactive[RiverData] = reactive(DEFAULT_DATA, layout=True)

    def state_classes(self) -> dict[str, bool]:
        tiles = self.data.tiles
        # Only classes the stylesheet uses: toggling one restyles the widget (~1 ms).
        return {"-riichi": any(t.riichi for t in tiles)}

    def render(self) -> Text:
        return river_text(self.data, self.tile_style)


def river_tile_text(discard: RiverTile, style: str) -> Text:
    """One discard: its face (bracketed if turned) and its suffix mark."""
    face = tile_text(
        discard.tile,
        style,
        sideways=discard.riichi,
        dim=discard.called,
        highlight=discard.last and not discard.called,
    )
    if discard.tsumogiri and not discard.called:
        face.stylize("dim")
    face.append(discard.mark)
    return face


def river_text(data: RiverData, style: str) -> Text:
    """All rows as Rich Text, one line per row."""
    lines = [
        Text("", end="", no_wrap=True).join(river_tile_text(t, style) for t in row)
        for row in data.rows()
    ]
    return Text("\n", end="", no_wrap=True).join(lines)
