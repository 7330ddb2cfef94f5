"""Your own Norths set aside (kita, RULESETS.md §9) lie at the end of your hand's row,
so they are drawn in your hand's tile face: at 80x24 the board's other faces fall back
to text, and a "N ×1" beside kanji tiles read as a stray tile of another set."""

from __future__ import annotations

import pytest
from test_tui_geometry import board_size

from engine.actions import Kita
from engine.scripted import do, scripted_game
from engine.seat_view import build_seat_view
from rules.tiles import Tile
from tui.layout import board_layout
from tui.tiles import tile_text
from tui.widgets.board import paint_board

# Seat 0 (dealer) sets its North aside (tests/test_sanma_table.py's position).
HANDS = ["123p456p789s11m9m4z", "555z666z123s789s4z", "567s111p222p1z2z3z7z", ""]
SIZES = ((80, 24), (120, 40))


@pytest.mark.parametrize("face", ["kanji", "text", "unicode"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_your_kita_is_drawn_in_your_hands_face(size, face):
    game = scripted_game("tenhou3", HANDS, "9m", rinshan="3p")
    do(game, Kita(0))
    view = build_seat_view(game, 0)
    assert view.seats[0].kita and Tile(30) not in view.own.tiles
    lay = board_layout(*board_size(*size), face)
    row = " ".join(line.plain for line in paint_board(view, lay).parts["hand-0"])
    north = tile_text(Tile(30), face, short=True).plain.strip()
    others = {tile_text(Tile(30), f).plain.strip() for f in ("kanji", "text", "unicode")}
    # The hand holds no North now: every North on the row is the kita's, in the hand's face.
    assert north in row, row
    assert not any(shown in row for shown in others - {north}), row
    assert f"{north} \u00d7" not in row  # the count hugs its tile: "北×1", never "N ×1"
