"""A player's melds, laid out as on the table (000 第31条 副露法).

The called tile is turned toward the player it came from: leftmost from
kamicha, in the middle from toimen (second from the left in a quad), rightmost
from shimocha; a chi's called tile is always leftmost (it can only come from
kamicha). An ankan shows its two outer tiles face down. A kakan (shouminkan)
puts the added tile on top of the turned one, so a hand with a kakan is drawn
on two lines, the added tile above the turned tile.

The first meld sits rightmost, as melds are laid from the right corner of the
player's side of the table (第31条ヘ); later ones go to its left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive

from rules.hand import Meld, MeldKind, Source
from rules.tiles import Tile

from ..tiles import tile_text
from .base import TileWidget

MELD_GAP = 2  # spaces between two melds (a gap between tiles is 1)


@dataclass(frozen=True, slots=True)
class MeldSlot:
    """One tile position of a laid-out meld."""

    tile: Tile
    sideways: bool = False
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class MeldLayout:
    """A meld as placed on the table: slots left to right, and the kakan tile stacked
    on the sideways slot (`stacked`), if any."""

    slots: tuple[MeldSlot, ...]
    stacked: Tile | None = None


def _without(tiles: Sequence[Tile], tile: Tile) -> list[Tile]:
    """`tiles` with one copy of `tile` removed (red-ness included, so a red five stays put)."""
    rest = list(tiles)
    rest.remove(tile if tile in rest else next(t for t in rest if t.kind == tile.kind))
    return rest


def arrange_meld(meld: Meld) -> MeldLayout:
    """Where each tile of `meld` goes and which one is turned or face down."""
    if meld.kind is MeldKind.ANKAN:
        # Red fives (if any) face up: the outer two are the plainest tiles.
        plain_first = sorted(meld.tiles, key=lambda t: t.red)
        a, b, c, d = plain_first
        return MeldLayout(
            (MeldSlot(a, face_down=True), MeldSlot(c), MeldSlot(d), MeldSlot(b, face_down=True))
        )
    called = meld.called if meld.called is not None else meld.tiles[0]
    rest = sorted(_without(meld.tiles, called), key=lambda t: (t.kind, t.red))
    stacked: Tile | None = None
    if meld.kind is MeldKind.KAKAN:
        # The added tile is not recorded apart; any non-called copy shows the same face.
        stacked, rest = rest[-1], rest[:-1]
    if meld.kind is MeldKind.CHI or meld.source is Source.KAMICHA:
        at = 0
    elif meld.source is Source.TOIMEN:
        at = 1
    else:
        at = len(rest)
    slots = [MeldSlot(t) for t in rest]
    slots.insert(at, MeldSlot(called, sideways=True))
    return MeldLayout(tuple(slots), stacked)


def meld_lines(meld: Meld, style: str) -> tuple[Text, Text | None]:
    """The meld's row of tiles and, for a kakan, the line above it with the added tile."""
    layout = arrange_meld(meld)
    row = Text(end="", no_wrap=True)
    above: Text | None = None
    for index, slot in enumerate(layout.slots):
        if index:
            row.append(" ")
        if slot.sideways and layout.stacked is not None:
            above = Text(" " * row.cell_len, end="", no_wrap=True)
            above.append_text(tile_text(layout.stacked, style, sideways=True))
        row.append_text(tile_text(slot.tile, style, sideways=slot.sideways, back=slot.face_down))
    if above is not None:
        above.append(" " * (row.cell_len - above.cell_len))
    return row, above


def melds_text(melds: Sequence[Meld], style: str) -> Text:
    """Every meld, the first rightmost, on one line (two if any is a kakan)."""
    rows: list[Text] = []
    aboves: list[Text] = []
    for meld in reversed(melds):
        row, above = meld_lines(meld, style)
        rows.append(row)
        aboves.append(above if above is not None else Text(" " * row.cell_len))
    gap = Text(" " * MELD_GAP)
    bottom = gap.join(rows)
    if not any(meld.kind is MeldKind.KAKAN for meld in melds):
        return bottom
    top = gap.join(aboves)
    return Text("\n", end="", no_wrap=True).join([top, bottom])


@dataclass(frozen=True, slots=True)
class MeldsData:
    """The declared melds of one player, in the order they were made."""

    melds: tuple[Meld, ...] = ()


class MeldsView(TileWidget[MeldsData]):
    """A player's melds with the called tile turned toward its giver."""

    DEFAULT_DATA = MeldsData()
    data: reactive[MeldsData] = reactive(DEFAULT_DATA, layout=True)

    def state_classes(self) -> dict[str, bool]:
        melds = self.data.melds
        return {
            "-empty": not melds,
            "-open": any(m.opened for m in melds),
            "-kakan": any(m.kind is MeldKind.KAKAN for m in melds),
        }

    def render(self) -> Text:
        return melds_text(self.data.melds, self.tile_style)
