"""The board's geometry: nothing overlaps, nothing is clipped, at every size, face and language.

One dense position (every seat with four melds including a kakan and an ankan,
24-tile rivers with riichi and called tiles, a riichi in the last row, five
dora indicators, a long Japanese prompt with three chi options) is painted at
each size from 80x24 to 250x70, and every region is checked: its lines fit its
width and height, no two regions overlap, every river touches its side of the
centre, the wall glyphs keep one blank cell from any text, and the player's 14
tiles are all on screen. `test_geometry_catches_an_overfull_region` shows the
check failing on a region made too small.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest
from rich.text import Text
from seat_views import dense_view, full_hand_view

from tui.layout import GAP, BoardLayout, Rect, board_layout
from tui.tiles import tile_face
from tui.widgets.board import (
    SIDE_DEAD,
    SIDE_ONE,
    SIDE_SHOWN,
    SIDE_TWO,
    STACK_DEAD,
    STACK_ONE,
    STACK_SHOWN,
    STACK_TWO,
    BoardInput,
    Painted,
    PromptData,
    canvas,
    paint_board,
)
from tui.words import message

SIZES = ((80, 24), (100, 30), (120, 40), (160, 50), (200, 60), (250, 70))
FACES = ("text", "kanji", "unicode")
LANGS = ("en", "ja")
WALL = set(
    STACK_TWO + STACK_ONE + STACK_DEAD + STACK_SHOWN + SIDE_TWO + SIDE_ONE + SIDE_DEAD + SIDE_SHOWN
)

DENSE = dense_view()
FULL = full_hand_view()
PROMPTS = {
    "en": PromptData(
        "Kamicha discarded 4m, the tile you may call now:",
        (
            ("c", "Chi 4m: [2m 3m] | Chi 4m: [3m 5m] | Chi 4m: [5m 6m]"),
            ("k", "Daiminkan 4m"),
            ("o", "Ron 4m"),
            ("n", "Pass"),
        ),
        True,
    ),
    "ja": PromptData(
        "上家の打牌 4m: 鳴くか見送るかを選んでください (同巡内の見逃しは振聴になります):",
        (
            ("c", "チー 4m: [2m 3m] | チー 4m: [3m 5m] | チー 4m: [5m 6m]"),
            ("k", "大明槓 4m"),
            ("o", "ロン 4m"),
            ("n", "見送り"),
        ),
        True,
    ),
}
# The status that comes with each prompt: a long call prompt with "press 1-3", the
# riichi prompt with the longest status line there is.
STATUS = {
    "en": message("choose_call", "en", what="chi チー", count=3),
    "ja": message("choose_call", "ja", what="チー chi", count=3),
}
RIICHI = {
    lang: (
        PromptData(
            message("prompt_riichi_with", lang, tiles="E S W N Wh Gr Rd"),
            (("⏎", message("prompt_declare", lang)), ("Esc", message("prompt_cancel", lang))),
        ),
        message("riichi_choose", lang, tiles="East South West North haku hatsu chun"),
    )
    for lang in LANGS
}


def problems(painted: Painted, hand: tuple[str, ...] = ()) -> list[str]:
    """Everything wrong with a painted board, in words (empty: all is well)."""
    lay = painted.layout
    found: list[str] = []
    board = Rect(0, 0, lay.width, lay.height)
    for name, rect in lay.regions.items():
        if not rect.inside(board):
            found.append(f"{name} {rect} lies outside the {lay.width}x{lay.height} board")
        lines = painted.parts.get(name, [])
        if len(lines) > rect.h:
            found.append(f"{name}: {len(lines)} lines in {rect.h} rows")
        for line in lines:
            if line.cell_len > rect.w:
                found.append(f"{name}: {line.cell_len} cells in {rect.w}: {line.plain!r}")
    for (a, ra), (b, rb) in combinations(lay.regions.items(), 2):
        if ra.overlaps(rb):
            found.append(f"{a} {ra} overlaps {b} {rb}")
    centre = lay["centre"]
    if not (
        lay["river-2"].bottom <= centre.y <= lay["river-2"].bottom + GAP
        and _spans(lay["river-2"], centre, "x")
    ):
        found.append("toimen's river is not in front of the centre")
    if not (
        centre.bottom <= lay["river-0"].y <= centre.bottom + GAP
        and _spans(lay["river-0"], centre, "x")
    ):
        found.append("your river is not in front of the centre")
    if not (lay["river-3"].right + GAP == centre.x and _spans(lay["river-3"], centre, "y")):
        found.append("kamicha's river does not touch the centre's left side")
    if not (lay["river-1"].x == centre.right + GAP and _spans(lay["river-1"], centre, "y")):
        found.append("shimocha's river does not touch the centre's right side")
    found += seats_apart(lay)
    for rel, name in ((1, "shimocha"), (3, "kamicha")):  # the side rivers' rows
        # (a kanji honor's face has a blank cell of its own: " 東 ")
        lines = painted.parts[f"river-{rel}"]
        if any(len(ln.plain) - len(ln.plain.lstrip()) > 1 for ln in lines):
            found.append(f"{name}'s river rows do not start at the same edge")
    found += _wall_gaps(canvas(painted))
    if hand:
        shown = " ".join(line.plain for line in painted.parts["hand-0"])
        at = 0
        for face in hand:
            at = shown.find(face, at)
            if at < 0:
                found.append(f"tile {face!r} of the hand is not on screen")
                break
            at += len(face)
    return found


def seats_apart(lay: BoardLayout) -> list[str]:
    """Each seat's hand, river, melds and badges that do not sit together, as the
    online clients seat them: a side hand right behind its river (never at the
    screen's edge), the side melds right beyond the river's end at the seat's
    right, toimen's melds on its hand's row, the side badges against the river."""
    found: list[str] = []
    r = lay.regions
    if "hand-3" in r:
        behind = r["hand-3"].right + GAP == r["river-3"].x
        if not (behind and _spans(r["river-3"], r["hand-3"], "y")):
            found.append("kamicha's hand is not right behind its river")
        if r["hand-3"].x < 2:
            found.append("kamicha's hand is at the screen's edge")
    if "hand-1" in r:
        behind = r["river-1"].right + GAP == r["hand-1"].x
        if not (behind and _spans(r["river-1"], r["hand-1"], "y")):
            found.append("shimocha's hand is not right behind its river")
        if r["hand-1"].right > lay.width - 2:
            found.append("shimocha's hand is at the screen's edge")
    if not (r["melds-3"].y == r["river-3"].bottom and r["melds-3"].x == r["river-3"].x):
        found.append("kamicha's melds are not right below its river")
    if not (r["melds-1"].bottom == r["river-1"].y and r["melds-1"].x == r["river-1"].x):
        found.append("shimocha's melds are not right above its river")
    if not (r["melds-2"].y == r["hand-2"].y and r["melds-2"].right + GAP == r["hand-2"].x):
        found.append("toimen's melds are not beside its hand")
    if "tag-3" in r and r["tag-3"].bottom != r["river-3"].y:
        found.append("kamicha's badges are not against its river")
    if "tag-1" in r and r["tag-1"].y != r["river-1"].bottom:
        found.append("shimocha's badges are not against its river")
    if "tag-3" not in r and not lay.square:
        found.append("the side badges have no place")
    return found


def _spans(a: Rect, b: Rect, axis: str) -> bool:
    """`a` lies alongside `b`: within its columns (x) or rows (y)."""
    if axis == "x":
        return (b.x <= a.x and a.right <= b.right) or (a.x <= b.x and b.right <= a.right)
    return (b.y <= a.y and a.bottom <= b.bottom) or (a.y <= b.y and b.bottom <= a.bottom)


def _wall_gaps(lines: list[Text]) -> list[str]:
    """Wall glyphs touching any other character, left, right, above or below."""
    grid = [_cells(line.plain) for line in lines]
    found = []
    for y, row in enumerate(grid):
        for x, ch in enumerate(row):
            if ch not in WALL:
                continue
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                yy, xx = y + dy, x + dx
                if 0 <= yy < len(grid) and 0 <= xx < len(grid[yy]):
                    other = grid[yy][xx]
                    if other not in WALL and other not in (" ", ""):
                        found.append(f"wall glyph at {x},{y} touches {other!r}")
    return found[:5]


def _cells(text: str) -> list[str]:
    """One entry per terminal cell (a wide character, then "" for its second cell)."""
    from rich.cells import cell_len

    out: list[str] = []
    for ch in text:
        out.append(ch)
        if cell_len(ch) == 2:
            out.append("")
    return out


def board_size(width: int, height: int) -> tuple[int, int]:
    """The board's size on the table screen of a `width` x `height` terminal: the key
    bar takes the last row; the side bar 34 columns from 160 columns (table.tcss),
    else the compact aids 2 rows under the board below 30 rows, 4 from 30
    (`test_board_size_is_the_table_screens` checks this against the app)."""
    if width >= 160:
        return width - 34, height - 1
    return width, height - 1 - (2 if height < 30 else 4)


def _paint(
    view, width: int, height: int, face: str, lang: str, cursor: int = 13, riichi: bool = False
) -> Painted:
    lay = board_layout(width, height, face)
    prompt, status = RIICHI[lang] if riichi else (PROMPTS[lang], STATUS[lang])
    ui = BoardInput(cursor=cursor, disabled=frozenset({0, 1}), prompt=prompt, status=status)
    return paint_board(view, lay, ui, lang)


def _hand_faces(view, face: str) -> tuple[str, ...]:
    own = view.own
    tiles = [*own.tiles, *([own.drawn] if own.drawn else [])]
    return tuple(tile_face(t, face).strip() for t in tiles)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_geometry_dense_table(size: tuple[int, int], face: str, lang: str) -> None:
    width, height = size
    # The board of the table screen, and the whole window less the key bar (the
    # replay viewer's board is near that).
    for board in (board_size(width, height), (width, height - 1)):
        for view, riichi in ((DENSE, False), (FULL, False), (FULL, True)):
            painted = _paint(view, *board, face, lang, riichi=riichi)
            assert problems(painted, _hand_faces(view, face)) == [], board
    assert len(_hand_faces(FULL, face)) == 14


def test_geometry_catches_an_overfull_region() -> None:
    painted = _paint(FULL, 120, 39, "text", "en")
    assert problems(painted, _hand_faces(FULL, "text")) == []
    lay = painted.layout
    # The hand's region two tiles too narrow: the check names it.
    narrow = dict(lay.regions)
    hand = narrow["hand-0"]
    narrow["hand-0"] = replace(hand, w=hand.w - 8)
    squeezed = Painted(BoardLayout(**{**_fields(lay), "regions": narrow}), painted.parts)
    assert any(p.startswith("hand-0:") for p in problems(squeezed))
    # A river moved onto the centre: overlap and adjacency both fail.
    moved = dict(lay.regions)
    moved["river-3"] = replace(moved["river-3"], x=moved["river-3"].x + 2)
    shifted = Painted(BoardLayout(**{**_fields(lay), "regions": moved}), painted.parts)
    found = problems(shifted)
    assert any("overlaps" in p for p in found)
    assert any("kamicha's river" in p for p in found)
    # A tile missing from the hand is named.
    assert problems(painted, ("1m", "2z-not-a-face")) != []


def test_geometry_wall_glyph_touching_text_is_caught() -> None:
    lines = [Text("ab" + STACK_TWO + " c"), Text("   x ")]
    assert _wall_gaps(lines) != []
    assert _wall_gaps([Text("a " + STACK_TWO + " c")]) == []


def _fields(value) -> dict:
    return {name: getattr(value, name) for name in value.__slots__}


def test_the_seats_apart_are_named() -> None:
    """A side hand moved to the screen's edge, melds moved off their seat, a river
    row pushed right: each is named."""
    painted = _paint(DENSE, *board_size(120, 40), "text", "en")
    assert problems(painted) == []
    lay = painted.layout
    regions = dict(lay.regions)
    regions["hand-3"] = replace(regions["hand-3"], x=0)
    regions["melds-1"] = replace(regions["melds-1"], y=regions["melds-1"].y - 1)
    regions["melds-3"] = replace(regions["melds-3"], x=regions["melds-3"].x + 1)
    moved = BoardLayout(**{**_fields(lay), "regions": regions})
    found = seats_apart(moved)
    assert "kamicha's hand is not right behind its river" in found
    assert "kamicha's hand is at the screen's edge" in found
    assert "shimocha's melds are not right above its river" in found
    assert "kamicha's melds are not right below its river" in found
    parts = dict(painted.parts)
    parts["river-3"] = [Text("   " + line.plain) for line in parts["river-3"][:1]]
    parts["river-3"] += painted.parts["river-3"][1:]
    shifted = problems(Painted(lay, parts))
    assert "kamicha's river rows do not start at the same edge" in shifted


@pytest.mark.parametrize("size", ((80, 24), (120, 40), (160, 50)), ids=str)
def test_board_size_is_the_table_screens(size: tuple[int, int], tmp_path) -> None:
    """`board_size` is the board's size in the app (the geometry test paints at it)."""
    import asyncio

    from tui.testing import seeded_app, wait_for_turn

    app = seeded_app(7, data_dir=tmp_path)

    async def run() -> tuple[int, int]:
        async with app.run_test(size=size) as pilot:
            await wait_for_turn(pilot)
            board = app.screen.query_one("#board")
            return board.size.width, board.size.height

    assert asyncio.run(run()) == board_size(*size)


@pytest.mark.parametrize("face", FACES)
def test_the_hand_is_framed_from_120x40_with_the_ring(face: str) -> None:
    """Issue #19: at 120x40 the hand was plain text, not the framed tiles promised
    from 120x40; the table keeps its square wall ring as well."""
    for size in ((120, 40), (160, 50), (200, 60), (250, 70)):
        lay = board_layout(*board_size(*size), face)
        assert lay.framed and lay.square, (size, face)
    assert not board_layout(*board_size(100, 30), face).framed
