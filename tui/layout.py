"""The table's geometry, decided in one place: named regions for a terminal size.

The old table split its layout between table.tcss margins tuned for 120
columns and Python arithmetic (`_apply_size`) that repeated them, so a longer
word or a wider tile face spilled over its neighbour. Here one pure function
takes the board's size and the tile style and returns a rectangle for every
part of the table, laid out like a real table seen from above, the player at
the bottom:

    +-----------+-------------------+-----------+
    | toimen's  | toimen's hand     | shimocha's|
    | melds     | toimen's river    | melds     |
    +-----------+-------------------+-----------+
    | kamicha's |  centre: wall,    | shimocha's|
    | river  -> |  round, scores    | <- river  |
    +-----------+-------------------+-----------+
    | kamicha's | your river        | your      |
    | melds     |                   | melds     |
    +-----------+-------------------+-----------+
    | your hand                                 |
    | prompt / status                           |

Each seat's melds lie at its own right-hand corner, as on a real table, and
each river touches its side of the centre. Sizes follow the tile faces; when a
face does not fit, a shorter one is tried (`faces`). Everything is centred in
the window. Nothing here imports Textual: the geometry test runs it directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tiles import framed_width, tile_width

RIVER_ROW = 6  # tiles per river row (rows of six)
MELDS = 4
HAND = 14
SQUARE_STACKS = 17  # stacks per side of the wall
GAP = 1


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


def hand_width(face: str, framed: bool) -> int:
    """Fourteen tiles, the drawn one set one cell apart."""
    each = framed_width(face) if framed else tile_width(face)
    return HAND * (each + GAP) + GAP


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
    """The regions of a `width` x `height` board (the key bar is not part of it)."""
    # The prompt and the status line share one region: a long prompt comes with a
    # short status ("press 1-3"), a long status (riichi) with a short prompt. A row
    # of it is given up for the square wall ring (the replay viewer's header row
    # would otherwise cost the ring at 120x40); four rows hold the prompts at 80x24.
    status_h = 0
    framed = width >= 120 and height >= 38 and hand_width(style, True) <= width
    hand_h = 3 if framed else 1
    args = (width, height, style)
    first: BoardLayout | None = None
    for prompt_h in (4,) if height < 30 else (5, 4):
        table_h = height - prompt_h - hand_h - (GAP if framed else 0)
        sizes = (framed, hand_h, table_h, prompt_h, status_h)
        layout = _first_fit(args, sizes, style)
        if layout is not None and layout.square:
            return layout
        first = first or layout
    if first is not None:
        return first
    # Nothing fits (below 80x24 the app shows its "too small" screen): the smallest try.
    prompt_h = 4 if height < 30 else 5
    table_h = height - prompt_h - hand_h - (GAP if framed else 0)
    face, short = faces(style)[-1]
    best = _try(*args, face, short, False, framed, hand_h, table_h, prompt_h, status_h, force=True)
    assert best is not None
    return best


def _first_fit(args: tuple[int, int, str], sizes: tuple, style: str) -> BoardLayout | None:
    """The first layout that fits, largest faces first, with the side hands' strips
    and spread rivers when there is room."""
    for face, short in faces(style):
        for strip in (True, False):
            for spread in (True, False):
                layout = _try(*args, face, short, strip, *sizes, spread=spread)
                if layout is not None:
                    return layout
    return None


def _try(
    width: int,
    height: int,
    style: str,
    face: str,
    short: bool,
    strip: bool,
    framed: bool,
    hand_h: int,
    table_h: int,
    prompt_h: int,
    status_h: int,
    *,
    force: bool = False,
    spread: bool = False,
) -> BoardLayout | None:
    river_w = river_width(face, short, spread)
    cell = cell_of(face, short)
    side_w = river_w + (GAP + cell if strip else 0)
    corner_w = meld_width(face, short)
    outer_w = max(side_w, corner_w)
    # The square ring when there is room for it, else the compact centre.
    square = table_h >= 1 + 2 * 4 + RING_H + 2 * GAP and width >= 2 * (outer_w + GAP) + max(
        RING_W, river_w
    )
    centre_w = RING_W if square else max(COMPACT_CENTRE_W, river_w)
    centre_min_h = RING_H if square else COMPACT_CENTRE_H
    apart = GAP if square else 0  # a blank row between the rivers and the wall ring
    rows = 4
    while rows < 6 and 1 + 2 * river_height(rows + 1, spread) + centre_min_h + 2 * apart <= table_h:
        rows += 1
    if spread and (not square or rows < 6 or width < 180):
        return None  # spread only when the square table has all it needs and more
    river_h = river_height(rows, spread)
    centre_h = table_h - 1 - 2 * river_h if not square else RING_H
    mid_w = max(centre_w, river_w)
    # Spare width goes to the outer columns (melds two to a row), up to a point.
    spare = width - mid_w - 2 * GAP
    outer_w = max(outer_w, min(spare // 2, 2 * corner_w + GAP))
    ok = spare >= 2 * max(side_w, corner_w) and centre_h >= centre_min_h
    if not ok and not force:
        return None
    if force:
        outer_w = max(0, spare // 2)
        centre_h = max(centre_h, 1)
    used_w = 2 * outer_w + 2 * GAP + mid_w
    left = max(0, (width - used_w) // 2)
    top_h = 1 + river_h
    hand_gap = GAP if framed else 0
    used_h = top_h + centre_h + 2 * apart + river_h + hand_gap + hand_h + prompt_h + status_h
    top = max(0, (height - used_h) // 2) if square else 0
    mid_x = left + outer_w + GAP
    right_x = mid_x + mid_w + GAP
    centre_y = top + top_h + apart
    bottom_y = centre_y + centre_h + apart
    hand_y = bottom_y + river_h + hand_gap
    hw = hand_width(style, framed)
    centre = Rect(mid_x + (mid_w - centre_w) // 2, centre_y, centre_w, centre_h)
    side_y = centre_y + max(0, (centre_h - river_h) // 2)
    regions = {
        # toimen: hand above its river, melds at its right (our left), top-left corner
        "hand-2": Rect(mid_x, top, mid_w, 1),
        "river-2": _river(mid_x, top + 1, mid_w, river_w, river_h),
        "melds-2": Rect(left, top, outer_w, top_h),
        # shimocha: river at the right of the centre, melds at its right (up), top-right
        "melds-1": Rect(right_x, top, outer_w, top_h),
        "river-1": Rect(centre.right + GAP, side_y, river_w, river_h),
        # kamicha: river at the left of the centre, melds at its right (down), bottom-left
        "river-3": Rect(centre.x - GAP - river_w, side_y, river_w, river_h),
        "melds-3": Rect(left, bottom_y, outer_w, river_h),
        # you: river below the centre, melds at your right, hand at the bottom
        "river-0": _river(mid_x, bottom_y, mid_w, river_w, river_h),
        "melds-0": Rect(right_x, bottom_y, outer_w, river_h),
        "centre": centre,
        "hand-0": Rect(max(0, (width - hw) // 2), hand_y, min(width, hw), hand_h),
        "prompt": Rect(0, hand_y + hand_h, width, prompt_h),
    }
    if not square:  # the side seats' badges above their rivers, outside the small centre
        above = side_y - centre_y
        regions["tag-3"] = Rect(centre.x - GAP - river_w, centre_y, river_w, above)
        regions["tag-1"] = Rect(centre.right + GAP, centre_y, river_w, above)
    if strip:
        regions["hand-1"] = Rect(centre.right + GAP + river_w + GAP, centre_y, cell, centre_h)
        regions["hand-3"] = Rect(centre.x - 2 * GAP - river_w - cell, centre_y, cell, centre_h)
    return BoardLayout(width, height, face, short, style, framed, square, rows, regions, spread)


def _river(x: int, y: int, w: int, river_w: int, rows: int) -> Rect:
    """A river of `rows` rows of six, centred in a column of width `w`."""
    return Rect(x + (w - river_w) // 2, y, river_w, rows)
