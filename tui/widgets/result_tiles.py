"""The board's pieces for the result screens: a hand, its melds, the dora.

A finished hand is shown with the same faces and the same meld drawing as the
table (`tui.widgets.board`), so a kakan or a turned tile looks the same on the
result screen as it did a moment before on the board. The melds are laid out
by the engine (`engine.table_layout.meld_entry`: which tile is turned, towards
whom), never worked out here.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from engine.seat_view import MeldEntry
from engine.table_layout import meld_entry
from rules.hand import Meld
from rules.tiles import Tile, dora_from_indicator

from ..tiles import tile_text
from ..words import tile_name
from .board import face_layout, meld_text

DRAWN_GAP = 3  # spaces before the winning tile (a normal gap is 1)
MELD_GAP = 3
ARROW = "->"  # ASCII: arrows like → are of ambiguous width in CJK terminals


def hand_row(tiles: Sequence[Tile], style: str, *, drawn: bool = False) -> Text:
    """The tiles on one line; with `drawn`, the last one (the winning tile) set apart."""
    row = Text(end="", no_wrap=True)
    last = len(tiles) - 1
    for index, tile in enumerate(tiles):
        if index:
            row.append(" " * (DRAWN_GAP if drawn and index == last else 1))
        row.append_text(tile_text(tile, style))
    return row


def melds_row(melds: Sequence[Meld | MeldEntry], owner: int, style: str) -> Text:
    """The melds on one line as the board draws them, the first one leftmost."""
    lay = face_layout(style)
    pieces = [
        meld_text(m if isinstance(m, MeldEntry) else meld_entry(m, owner), lay) for m in melds
    ]
    return Text(" " * MELD_GAP, end="", no_wrap=True).join(pieces)


def meld_pieces(melds: Sequence[Meld | MeldEntry], owner: int, style: str) -> list[Text]:
    """Each meld as the board draws it, one Text each (a result screen wraps between
    melds, never inside one)."""
    lay = face_layout(style)
    return [meld_text(m if isinstance(m, MeldEntry) else meld_entry(m, owner), lay)
            for m in melds]


def dora_pair(indicator: Tile, style: str, lang: str = "en") -> Text:
    """`3m -> 4m`, `N  -> E  East 東`: the indicator, the dora it makes, and the dora's
    name where the face alone does not spell it (honors, unicode glyphs)."""
    kind = dora_from_indicator(indicator.kind)
    entry = Text(end="", no_wrap=True)
    entry.append_text(tile_text(indicator, style))
    entry.append(f" {ARROW} ")
    entry.append_text(tile_text(Tile(kind), style, dora=True))
    if kind >= 27 or style == "unicode":
        entry.append(f" {tile_name(kind, lang)}", style="bold")
    return entry
