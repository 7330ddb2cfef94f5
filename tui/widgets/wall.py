"""The wall drawn around the centre: four sides of 17 stacks, as they lie on the table.

Seen from the human seat (bottom), each side lists its stacks in screen order.
A stack shows how many tiles it still holds and what it is:

    ==  two tiles of the live wall     --  one tile (the upper one was drawn)
    ::  two tiles of the dead wall     ..  one tile of the dead wall
    rr  the rinshan (replacement) stacks of the dead wall
    3m  a dora indicator turned face up (its face; `**` where a face is wider)

Drawn stacks are blank, so the gap shows how far the wall has been drawn and
where it was broken (the live wall starts just left of the dead wall). The
layout is derived from `engine.wall.position` (RULESETS.md §5.2-5.3); the
widget only draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive

from engine.wall import (
    INDICATOR_INDICES,
    LIVE_END,
    RINSHAN_INDICES,
    STACKS_PER_SIDE,
    TILE_COUNT,
    Break,
    position,
)
from rules.tiles import Tile

from ..tiles import tile_text, tile_width
from .base import TileWidget
from .event_log import LineCache

BOTTOM, RIGHT, TOP, LEFT = range(4)  # screen sides, as the human sees the table

LIVE_STYLE = "yellow"
DEAD_STYLE = "magenta"
RINSHAN_STYLE = "cyan"

GLYPHS = {
    ("live", 2): "==",
    ("live", 1): "--",
    ("dead", 2): "::",
    ("dead", 1): "..",
    ("rinshan", 2): "rr",
    ("rinshan", 1): "r.",
}


@dataclass(frozen=True, slots=True)
class Stack:
    """One stack: `tiles` left (0-2), its part of the wall, and a face-up indicator."""

    tiles: int = 2
    part: str = "live"  # live | dead | rinshan
    indicator: Tile | None = None


@dataclass(frozen=True, slots=True)
class WallData:
    """The stacks of each screen side (BOTTOM, RIGHT, TOP, LEFT) in screen order:
    left to right for the horizontal sides, top to bottom for the vertical ones.
    `labels` name each side's owner (its seat wind) for the compact strips."""

    sides: tuple[tuple[Stack, ...], ...] = ((Stack(),) * STACKS_PER_SIDE,) * 4
    labels: tuple[str, ...] = ("", "", "", "")


def build_wall(
    brk: Break,
    human: int,
    *,
    drawn: int,
    kans: int,
    rinshan_taken: int,
    indicators: tuple[Tile, ...],
    labels: tuple[str, ...] = ("", "", "", ""),
) -> WallData:
    """Lay the 136 tiles out from the break: `drawn` tiles gone from the live wall
    (the deal included), `kans` live tiles moved to the dead wall, rinshan tiles
    taken, the indicators revealed so far."""
    live_end = LIVE_END - kans
    present = [True] * TILE_COUNT
    for i in range(min(drawn, TILE_COUNT)):
        present[i] = False
    for i in RINSHAN_INDICES[:rinshan_taken]:
        present[i] = False
    faces = dict(zip(INDICATOR_INDICES, indicators, strict=False))
    rinshan_stacks = {i // 2 for i in RINSHAN_INDICES}
    grid: list[list[Stack | None]] = [[None] * STACKS_PER_SIDE for _ in range(4)]
    for j in range(TILE_COUNT // 2):
        upper, lower = 2 * j, 2 * j + 1
        count = present[upper] + present[lower]
        if j in rinshan_stacks:
            part = "rinshan"
        elif upper >= live_end:
            part = "dead"
        else:
            part = "live"
        face = faces.get(upper) if present[upper] else None
        where = position(upper, brk)
        side = (where.side - human) % 4
        stack = where.stack
        # Stack 0 is the owner's right end; see engine.wall.position for the direction.
        if side == BOTTOM:
            at = STACKS_PER_SIDE - 1 - stack
        elif side in (RIGHT, TOP):
            at = stack
        else:
            at = STACKS_PER_SIDE - 1 - stack
        grid[side][at] = Stack(count, part, face)
    sides = tuple(tuple(s or Stack(0) for s in row) for row in grid)
    return WallData(sides, labels)


def stack_text(stack: Stack, style: str, wide: bool = True) -> Text:
    """One stack, two cells (`wide`) or one (compact strips)."""
    if stack.indicator is not None:
        if wide and tile_width(style) == 2:
            return tile_text(stack.indicator, style, highlight=True)
        return Text("**"[: 2 if wide else 1], style="reverse bold")
    if stack.tiles == 0:
        return Text("  " if wide else " ")
    glyph = GLYPHS[(stack.part, stack.tiles)]
    colour = {"live": LIVE_STYLE, "dead": DEAD_STYLE, "rinshan": RINSHAN_STYLE}[stack.part]
    return Text(glyph if wide else glyph[0], style=colour)


def side_text(stacks: tuple[Stack, ...], style: str, vertical: bool) -> Text:
    parts = [stack_text(s, style) for s in stacks]
    sep = "\n" if vertical else ""
    return Text(sep, end="", no_wrap=True).join(parts)


def strips_text(data: WallData, style: str) -> Text:
    """The compact wall: one labelled line per side, one cell per stack, top side first."""
    lines = []
    for side in (TOP, LEFT, RIGHT, BOTTOM):
        line = Text(f"{data.labels[side]:<3}", style="bold", end="", no_wrap=True)
        for stack in data.sides[side]:
            line.append_text(stack_text(stack, style, wide=False))
        lines.append(line)
    return Text("\n", end="", no_wrap=True).join(lines)


@dataclass(frozen=True, slots=True)
class SideData:
    """The stacks of one side, in screen order."""

    stacks: tuple[Stack, ...] = (Stack(),) * STACKS_PER_SIDE


class WallSide(LineCache, TileWidget[SideData]):
    """One side of the ring (`side` = BOTTOM, RIGHT, TOP or LEFT). It holds only its own
    stacks, so a draw repaints the side it came from and leaves the other three alone."""

    DEFAULT_DATA = SideData()
    data: reactive[SideData] = reactive(DEFAULT_DATA, layout=False)

    def __init__(self, side: int, data: SideData | None = None, **kwargs) -> None:
        self.side = side
        super().__init__(data, **kwargs)
        self.add_class("-vertical" if side in (LEFT, RIGHT) else "-horizontal")

    def show_wall(self, wall: WallData) -> None:
        self.update_data(SideData(wall.sides[self.side]))

    def render(self) -> Text:
        return side_text(self.data.stacks, self.tile_style, self.side in (LEFT, RIGHT))


class WallStrips(LineCache, TileWidget[WallData]):
    """The whole wall as four short labelled strips (the compact layout)."""

    DEFAULT_DATA = WallData()
    data: reactive[WallData] = reactive(DEFAULT_DATA, layout=False)

    def render(self) -> Text:
        return strips_text(self.data, self.tile_style)
