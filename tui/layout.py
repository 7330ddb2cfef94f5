"""The table's geometry, decided in one place: named regions for a terminal size.

The old table split its layout between table.tcss margins tuned for 120
columns and Python arithmetic (`_apply_size`) that repeated them, so a longer
word or a wider tile face spilled over its neighbour. Here one pure function
takes the board's size and the tile style and returns a rectangle for every
part of the table, laid out like the online clients' tables seen from above
(Tenhou, Mahjong Soul), the player at the bottom:

                  toimen's melds  toimen's hand (backs)
                                  toimen's river         shimocha's melds  ##
       ##  kamicha's river        centre: the wall,      shimocha's river  ##
       ##                         round, dora, scores                      ##
       ##  kamicha's melds        your river
       your hand (framed from 120 columns)   your melds, from the right edge
       prompt / status

Each seat's hand lies right behind its river and its melds beside the hand at
the seat's own right, laid as the online clients lay them; the side rivers' rows
all start at the same (left) edge. Sizes follow the tile faces; when a face does
not fit, a shorter one is tried (`faces`). Everything is centred in the window.
Nothing here imports Textual: the geometry test runs it directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tiles import framed_width, tile_width

RIVER_ROW = 6  # tiles per river row (rows of six)
SHORT_ROWS = 3  # the fewest rows of toimen's and your river (the last one runs on)
MELDS = 4
HAND = 14
SQUARE_STACKS = 17  # stacks per side of the wall
GAP = 1
MELD_GAP = 2  # cells between two melds
FRAMED_FROM = 120  # columns from which the hand is drawn as framed tiles (README)


@dataclass(frozen=True, slots=True)
class Rect:
    """A region of the board: column, row, width, height (cells)."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    def overlaps(self, other: Rect) -> bool:
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )

    def inside(self, other: Rect) -> bool:
        return (
            other.x <= self.x
            and other.y <= self.y
            and self.right <= other.right
            and self.bottom <= other.bottom
        )


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where every part of the table goes, and the faces it is drawn with."""

    width: int
    height: int
    face: str  # tile style of rivers, melds and the centre
    short: bool  # the short form of `face` (kanji in three cells)
    hand_face: str  # tile style of the player's hand
    framed: bool  # the hand drawn as framed tiles, three rows tall
    square: bool  # the wall drawn as a square ring (else the compact form)
    river_rows: int
    regions: dict[str, Rect]
    spread: bool = False  # room to spare: a blank row and two cells between river tiles

    def __getitem__(self, name: str) -> Rect:
        return self.regions[name]


def cell_of(face: str, short: bool) -> int:
    """Cells of one upright tile face in rivers and melds."""
    return 3 if short else tile_width(face)


def river_width(face: str, short: bool, spread: bool = False) -> int:
    """A row of six, one cell (two when spread) between tiles, one turned (two more)."""
    return RIVER_ROW * (cell_of(face, short) + 1 + spread) - 1 - spread + 2


def river_height(rows: int, spread: bool) -> int:
    """Rows of tiles, with a blank row between them when spread."""
    return 2 * rows - 1 if spread else rows


def meld_width(face: str, short: bool) -> int:
    """The widest meld: a daiminkan, three tiles upright and one turned, with gaps."""
    return 4 * cell_of(face, short) + 2 + 3


# Width and height of the square wall ring (17 stacks a side, two cells a stack
# on the top and bottom sides, one row a stack on the left and right ones).
RING_W = 2 + GAP + (2 * SQUARE_STACKS - 1) + GAP + 2
RING_H = SQUARE_STACKS + 2
COMPACT_CENTRE_W = 26
COMPACT_CENTRE_H = 9


def faces(style: str) -> tuple[tuple[str, bool], ...]:
    """River and meld faces to try, largest first: kanji falls back to its short form, then text."""
    if style == "kanji":
        return (("kanji", False), ("kanji", True), ("text", False))
    return ((style, False),)


def board_layout(width: int, height: int, style: str) -> BoardLayout:
    """The regions of a `width` x `height` board (the key bar is not part of it).

    Every combination of the choices below is tried and the best that fits is
    kept, in this order of preference: the side hands drawn; the player's hand
    framed (from 120 columns, as the README promises); the square wall ring; the
    largest tile faces; five rows for the prompt; more river rows (toimen's and
    yours, then the side ones); a blank row above the hand; spread rivers."""
    best: tuple[tuple, BoardLayout] | None = None
    framings = (True, False) if width >= FRAMED_FROM else (False,)
    prompts = (4,) if height < 30 else (5, 4)
    looks = faces(style)
    for framed in framings:
        for prompt_h in prompts:
            for rank, (face, short) in enumerate(looks):
                for strip in (True, False):
                    for hand_gap in (GAP, 0) if framed else (0,):
                        for spread in (True, False):
                            layout = _try(
                                width, height, style, face, short, strip, framed,
                                prompt_h, hand_gap=hand_gap, spread=spread,
                            )
                            if layout is None:
                                continue
                            score = (
                                strip, framed, layout.square, -rank, prompt_h,
                                layout["river-0"].h, layout.river_rows, hand_gap, spread,
                            )
                            if best is None or score > best[0]:
                                best = (score, layout)
    if best is not None:
        return best[1]
    # Nothing fits (below 80x24 the app shows its "too small" screen): the smallest try.
    face, short = looks[-1]
    forced = _try(
        width, height, style, face, short, False, False, prompts[-1], force=True
    )
    assert forced is not None
    return forced


def _try(
    width: int,
    height: int,
    style: str,
    face: str,
    short: bool,
    strip: bool,
    framed: bool,
    prompt_h: int,
    *,
    hand_gap: int = 0,
    force: bool = False,
    spread: bool = False,
) -> BoardLayout | None:
    river_w = river_width(face, short, spread)
    cell = cell_of(face, short)
    strip_w = cell + GAP if strip else 0
    hand_h = 3 if framed else 1
    table_h = height - prompt_h - hand_h - hand_gap  # a blank row above a framed hand
    # The square ring when there is room for it, with a blank row between it and
    # the rivers; else the compact centre (its text one cell in from each side, so a
    # full river row never runs into it).
    sides_w = 2 * (strip_w + river_w + GAP)
    square_w = sides_w + max(RING_W, river_w)
    # Toimen's and your rivers may give up a row (to the ring, or to the compact
    # centre at 80x24): their last row then runs on past six tiles, as on the
    # online clients' tables; the side rivers, beside the centre, keep theirs.
    square = table_h >= 1 + 2 * SHORT_ROWS + RING_H + 2 * GAP and width >= square_w
    apart = GAP if square else 0
    # The compact centre takes the width to spare, up to the ring's (short lines),
    # leaving the side hands two cells from the screen's edges.
    compact_w = max(COMPACT_CENTRE_W, river_w + 2, min(RING_W, width - sides_w - 4))
    centre_w = RING_W if square else compact_w
    centre_min_h = RING_H if square else COMPACT_CENTRE_H

    def fits(rows: int) -> bool:
        return 1 + 2 * river_height(rows, spread) + centre_min_h + 2 * apart <= table_h

    rows = 4
    while rows < 6 and fits(rows + 1):
        rows += 1
    front = rows if fits(rows) else SHORT_ROWS  # toimen's and your river's rows
    if spread and (not square or front < 6 or width < 180):
        return None  # spread only when the square table has all it needs and more
    river_h = river_height(front, spread)
    side_h = river_height(rows, spread)
    centre_h = table_h - 1 - 2 * river_h if not square else RING_H
    mid_w = max(centre_w, river_w)
    used_w = sides_w + mid_w
    hand = own_row_width(style, framed, face, short)
    ok = used_w <= width and hand <= width and centre_h >= centre_min_h
    if not ok and not force:
        return None
    if force:
        centre_h = max(centre_h, 1)
        hand = min(hand, width)
    left = max(0, (width - used_w) // 2)
    used_h = 1 + 2 * river_h + centre_h + 2 * apart + hand_gap + hand_h + prompt_h
    top = max(0, (height - used_h) // 2) if square else 0
    mid_x = left + strip_w + river_w + GAP
    centre_y = top + 1 + river_h + apart
    bottom_y = centre_y + centre_h + apart
    hand_y = bottom_y + river_h + hand_gap
    centre = Rect(mid_x + (mid_w - centre_w) // 2, centre_y, centre_w, centre_h)
    side_y = centre_y + max(0, (centre_h - side_h) // 2)
    river_3 = Rect(centre.x - GAP - river_w, side_y, river_w, side_h)
    river_1 = Rect(centre.right + GAP, side_y, river_w, side_h)
    hand_2 = Rect(mid_x, top, mid_w, 1)
    regions = {
        # toimen: its hand of backs on the top row, its melds beside it at its right
        # (the screen's left), its river in front of it
        "hand-2": hand_2,
        "melds-2": Rect(left, top, hand_2.x - GAP - left, 1 + river_h),
        "river-2": _river(mid_x, top + 1, mid_w, river_w, river_h, runs_left=True),
        # shimocha: its river right of the centre, its hand behind it, its melds at
        # its right (the screen's top), above its river and against its hand
        "river-1": river_1,
        "melds-1": Rect(river_1.x, top + 1, river_w, river_1.y - top - 1),
        # kamicha: its river left of the centre, its hand behind it, its melds at its
        # right (the screen's bottom), below its river and against its hand
        "river-3": river_3,
        "melds-3": Rect(
            river_3.x, river_3.bottom, river_w, bottom_y + river_h - river_3.bottom
        ),
        # you: your river below the centre, your hand with your melds at its right
        "river-0": _river(mid_x, bottom_y, mid_w, river_w, river_h),
        "centre": centre,
        "hand-0": Rect(max(0, (width - hand) // 2), hand_y, hand, hand_h),
        "prompt": Rect(0, hand_y + hand_h, width, prompt_h),
    }
    if not square:  # the side seats' badges by their rivers, outside the small centre,
        # on the side away from their melds
        regions["tag-3"] = Rect(river_3.x, centre_y, river_w, side_y - centre_y)
        regions["tag-1"] = Rect(river_1.x, river_1.bottom, river_w, centre.bottom - river_1.bottom)

    if strip:  # the side hands right behind their rivers, as long as the seat's side
        regions["hand-1"] = Rect(river_1.right + GAP, top + 1, cell, centre.bottom - top - 1)
        regions["hand-3"] = Rect(
            river_3.x - GAP - cell, centre_y, cell, bottom_y + river_h - centre_y
        )
    return BoardLayout(width, height, face, short, style, framed, square, rows, regions, spread)


def own_row_width(style: str, framed: bool, face: str, short: bool) -> int:
    """Cells of the player's row: the hand with its melds laid at its right. Each
    meld takes three tiles from the hand, so the widest row is found over 0-4 melds
    (a kan, four tiles, the widest meld)."""
    each = (framed_width(style) if framed else tile_width(style)) + GAP
    meld = meld_width(face, short) + MELD_GAP
    return max((HAND - 3 * k) * each + GAP + k * meld for k in range(MELDS + 1))


def _river(
    x: int, y: int, w: int, river_w: int, rows: int, *, runs_left: bool = False
) -> Rect:
    """A river of `rows` rows of six, centred in a column of width `w`; its last row
    may run on to the column's edge (toimen's to the left: it reads right to left).
    With only `SHORT_ROWS` rows it starts at the column's edge, the last row's
    room to run on being all the column."""
    start = x + (w - river_w) // 2
    if rows <= SHORT_ROWS:
        start = x + w - river_w if runs_left else x
    if runs_left:
        return Rect(x, y, start + river_w - x, rows)
    return Rect(start, y, x + w - start, rows)
