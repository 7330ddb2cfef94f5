"""Small, dumb Textual widgets for the table: they render data handed to them.

Each widget holds one frozen data value (`data`, reactive; `update_data(...)`
replaces it or some of its fields), a `tile_style` and a `lang`, and mirrors its
data in the CSS classes its look needs (`-riichi`, `-hidden`, ...; only those: a
class toggled restyles the widget, a cost paid on every discard). No game rule lives here: the
screen decides what is legal, the widget shows it.

Their look lives in `tui/widgets.tcss`; an app or screen adds `WIDGETS_CSS_PATH`
to its `CSS_PATH`. The table itself is one widget, `board.Board`, drawn from the
engine's `SeatView`; the result screens draw with its pieces (`result_tiles`).
"""

from __future__ import annotations

from pathlib import Path

from .base import TileWidget

WIDGETS_CSS_PATH = Path(__file__).resolve().parent.parent / "widgets.tcss"

__all__ = ["WIDGETS_CSS_PATH", "TileWidget"]
