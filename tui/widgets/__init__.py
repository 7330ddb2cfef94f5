"""Small, dumb Textual widgets for the table: they render data handed to them.

Each widget holds one frozen data value (`data`, reactive; `update_data(...)`
replaces it or some of its fields), a `tile_style` and a `lang`, and mirrors its
data in the CSS classes its look needs (`-riichi`, `-hidden`, ...; only those: a
class toggled restyles the widget, a cost paid on every discard). No game rule lives here: the
screen decides what is legal, the widget shows it.

Their look lives in `tui/widgets.tcss`; an app or screen adds `WIDGETS_CSS_PATH`
to its `CSS_PATH`. The `*_text` functions render the same content as Rich Text
without a running app (result screens, tests, logs).
"""

from __future__ import annotations

from pathlib import Path

from .base import TileWidget
from .dora import DoraData, DoraPanel, dora_entry, dora_text
from .melds import MeldLayout, MeldsData, MeldSlot, MeldsView, arrange_meld, meld_lines, melds_text
from .river import River, RiverData, RiverTile, river_text, river_tile_text
from .tile_row import HandTiles, TileRow, hand_text

WIDGETS_CSS_PATH = Path(__file__).resolve().parent.parent / "widgets.tcss"

__all__ = [
    "WIDGETS_CSS_PATH",
    "DoraData",
    "DoraPanel",
    "HandTiles",
    "MeldLayout",
    "MeldSlot",
    "MeldsData",
    "MeldsView",
    "River",
    "RiverData",
    "RiverTile",
    "TileRow",
    "TileWidget",
    "arrange_meld",
    "dora_entry",
    "dora_text",
    "hand_text",
    "meld_lines",
    "melds_text",
    "river_text",
    "river_tile_text",
]
