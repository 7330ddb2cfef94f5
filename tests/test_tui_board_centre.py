"""The board's centre: the house rules in force, one dead wall, the ring in the viewer."""

from __future__ import annotations

from dataclasses import replace

from seat_views import dense_view, wall

from tui.layout import board_layout
from tui.tiles import tile_text
from tui.widgets.board import (
    SIDE_DEAD,
    SIDE_SHOWN,
    STACK_DEAD,
    STACK_SHOWN,
    canvas,
    house_rules_text,
    paint_board,
)


def _text(view, width: int = 120, height: int = 39, lang: str = "en") -> str:
    lay = board_layout(width, height, "text")
    painted = paint_board(view, lay, lang=lang)
    assert len(painted.parts["centre"]) <= lay.regions["centre"].h  # nothing cut off
    return "\n".join(line.plain for line in canvas(painted))


def test_house_rules_are_named_as_typed_on_the_command_line() -> None:
    rules = (("red_fives", 3), ("kiriage_30_4", False))
    assert house_rules_text(rules) == "house rules: red_fives=3, kiriage_30_4=false"
    assert house_rules_text(()) == ""
    assert house_rules_text(rules, "ja").startswith("ハウスルール: red_fives=3")


def test_the_board_shows_the_house_rules_in_force_at_every_size() -> None:
    rules = (("red_fives", 3), ("kiriage_30_4", False))
    view = replace(dense_view(), house_rules=rules, wall=wall(indicators=1))
    for width, height in ((100, 29), (120, 39), (200, 59)):
        _text(view, width, height)  # fits
        centre = paint_board(view, board_layout(width, height, "text")).parts["centre"]
        ring = set(STACK_DEAD + STACK_SHOWN + SIDE_DEAD + SIDE_SHOWN + "▮▯▬▭")
        plain = "".join(ch for line in centre for ch in line.plain + " " if ch not in ring)
        flat = " ".join(plain.split())  # the wrapped line read across the ring's sides
        assert "house rules: red_fives=3, kiriage_30_4=false" in flat, (width, height)
    # The compact centre at 80x24 has no row to spare: how many, and the key to list them.
    assert "2 house rules (g)" in _text(view, 80, 23)
    assert "2 house rules (g)" in _text(view, 80, 21)  # the table screen's board at 80x24
    assert "house rules" not in _text(replace(view, house_rules=()), 80, 23)
    assert "house rules" not in _text(replace(dense_view(), house_rules=()))


def test_the_dead_wall_is_drawn_once_in_the_ring() -> None:
    view = dense_view()
    text = _text(view)
    # The ring shows the dead wall's stacks and its face-up indicator stacks ...
    assert any(g in text for g in (STACK_DEAD, SIDE_DEAD))
    assert any(g in text for g in (STACK_SHOWN, SIDE_SHOWN))
    # ... and the centre names it without drawing its tiles a second time (the
    # side hands' backs share the row, outside the centre).
    centre = paint_board(view, board_layout(120, 39, "text")).parts["centre"]
    [line] = [ln.plain for ln in centre if "dead wall" in ln.plain]
    back = tile_text(None, "text").plain
    assert back not in line
    assert f"rinshan {view.wall.rinshan_left}" in line


def test_the_replay_viewer_board_keeps_the_ring_at_120x40() -> None:
    # 120x40 less the viewer's header and key bar: a board of 120x38.
    for style in ("text", "kanji", "unicode"):
        assert board_layout(120, 38, style).square, style
    assert board_layout(120, 39, "text").regions["prompt"].h == 5  # the table keeps 5 rows


def test_the_break_at_the_players_own_wall_reads_as_english() -> None:
    """Seen in tmux: "broken at You's wall" when the dice broke the player's wall."""
    view = dense_view(seat=0)
    own = replace(view, wall=replace(view.wall, break_side=view.seat))
    text = _text(own)
    assert "broken at your wall" in text and "You's" not in text
    assert "開門 自家の山" in _text(own, lang="ja")
    other = replace(view, wall=replace(view.wall, break_side=2))
    assert "broken at " in _text(other) and "'s wall" in _text(other)
