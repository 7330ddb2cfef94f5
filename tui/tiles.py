"""Tile faces as Rich `Text`, in three styles, each a fixed number of terminal cells.

Every tile of a style occupies exactly `tile_width(style)` cells (measured with
`rich.cells.cell_len`, never `len()`), so hands, rivers and melds line up in any
terminal. A face tells its suit by text *and* by colour, so a game stays readable
with NO_COLOR (Textual then drops colours but keeps bold, underline, reverse and
strike, and the letters do the rest).

Styles:

- ``"text"`` (default, 2 cells, ASCII only, works everywhere): mpsz faces
  ``1m``…``9m``, ``1p``, ``1s``; a red five is ``0m``/``0p``/``0s``, the mark mpsz
  itself uses (so the hand reads like the logs, the CLI and error messages),
  drawn white on red. Winds are ``E ``, ``S ``, ``W ``, ``N `` (the letters every
  English text uses); dragons are ``Wh``, ``Gr``, ``Rd``: the colour painted on
  the physical tile (haku is blank white, hatsu green, chun red) is what a
  learner sees on a real table, and two letters keep ``W `` (West) and ``Wh``
  (White) apart at a glance. Messages name them haku/hatsu/chun (`tui.words`).
- ``"kanji"`` (4 cells): two East-Asian-Wide characters, number + suit as the
  tiles are called (一萬 … 九萬, 一筒, 一索); a red five replaces its number with
  赤 (赤萬, 赤筒, 赤索: only fives are red, so the number is implied); honors are
  one centred kanji (`` 東 `` `` 南 `` `` 西 `` `` 北 `` `` 白 `` `` 發 `` `` 中 ``).
- ``"unicode"`` (2 cells, opt-in): the Unicode Mahjong Tiles block (U+1F000…).
  Terminals disagree on how wide those glyphs are (most fonts draw them one cell,
  🀄 is an emoji and two), so each glyph is padded to 2 cells by our measure; a
  terminal that draws them differently will misalign, which is why this style is
  never the default. A red five has no glyph of its own: it is underlined (an
  attribute, not a colour) and red.

Marks shared by every style (a terminal cannot rotate text):

- sideways (the riichi tile, the called tile of a meld): the face in brackets,
  ``[5m]``, two cells wider, as a turned tile is wider on the table;
- back / face-down (opponents' hands, the outer tiles of an ankan, unrevealed
  indicators): ``##`` (text), ``####`` (kanji), 🀫 (unicode);
- dim (a tile you may not discard, a called-away or tsumogiri river tile):
  dim + strike;
- highlight (the last discard, the cursor): reverse video + bold;
- dora: underline + bold.

The river also uses one suffix cell per tile for its marks (`RIVER_MARKS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, get_args

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from rules.tiles import Tile, number_of, suit_of

TileStyle = Literal["text", "kanji", "unicode"]
TILE_STYLES: tuple[TileStyle, ...] = get_args(TileStyle)
DEFAULT_STYLE: TileStyle = "text"

_WIDTHS: dict[str, int] = {"text": 2, "kanji": 4, "unicode": 2}

# One colour per suit; the text tells them apart as well (NO_COLOR).
SUIT_STYLES: tuple[str, ...] = ("red", "bright_blue", "green")
WIND_STYLE = "bold"
DRAGON_STYLES: tuple[str, ...] = ("bold", "bold green", "bold red")  # haku hatsu chun
RED_FIVE_STYLE = "bold bright_white on red"
UNICODE_RED_FIVE_STYLE = "bold underline red"
BACK_STYLE = "yellow"
DIM_STYLE = "dim strike"
HIGHLIGHT_STYLE = "reverse bold"
DORA_STYLE = "underline bold"
FRAME_STYLE = "on grey23"  # the body of a framed hand tile
FRAME_CURSOR_STYLE = "bold black on bright_white"  # the tile under the cursor

# Suffix marks of river tiles (one cell each); the help screen lists them.
RIVER_MARKS: dict[str, str] = {
    "called": ">",  # taken by another player's call
    "last": "<",  # the discard that may be called right now
    "tsumogiri": "'",  # discarded straight from the draw
    "plain": " ",
}

_TEXT_HONORS = ("E ", "S ", "W ", "N ", "Wh", "Gr", "Rd")
_KANJI_NUMBERS = "一二三四五六七八九"
_KANJI_SUITS = "萬筒索"
_KANJI_HONORS = "東南西北白發中"
# Code points of the Unicode block, by suit (man, pin, sou) and for honors E S W N haku hatsu chun.
_UNICODE_SUIT_START = (0x1F007, 0x1F019, 0x1F010)
_UNICODE_HONORS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_UNICODE_BACK = "\U0001f02b"


def check_style(style: str) -> TileStyle:
    """`style` if it is a tile style, else a ValueError naming the choices (for `--tiles`)."""
    if style not in _WIDTHS:
        raise ValueError(f"unknown tile style {style!r}: choose one of {', '.join(TILE_STYLES)}")
    return style  # type: ignore[return-value]


def tile_width(style: str = DEFAULT_STYLE) -> int:
    """Cells one upright tile occupies in `style` (a sideways one takes two more)."""
    return _WIDTHS[check_style(style)]


def sideways_width(style: str = DEFAULT_STYLE) -> int:
    """Cells a sideways (turned) tile occupies: the face plus its brackets."""
    return tile_width(style) + 2


def _pad(face: str, width: int) -> str:
    """Pad to `width` cells by measured width, so a wide glyph gets less padding."""
    return face + " " * (width - cell_len(face))


def _face(tile: Tile, style: str) -> tuple[str, str]:
    """The plain face (exactly `tile_width` cells) and its colour style."""
    kind = tile.kind
    suit = suit_of(kind)
    if suit == 3:
        honor = kind - 27
        colour = WIND_STYLE if honor < 4 else DRAGON_STYLES[honor - 4]
        if style == "text":
            return _TEXT_HONORS[honor], colour
        if style == "kanji":
            return f" {_KANJI_HONORS[honor]} ", colour
        return _pad(chr(_UNICODE_HONORS[honor]), 2), colour
    number = number_of(kind)
    colour = SUIT_STYLES[suit]
    if style == "text":
        if tile.red:
            return f"0{'mps'[suit]}", RED_FIVE_STYLE
        return f"{number}{'mps'[suit]}", colour
    if style == "kanji":
        if tile.red:
            return f"赤{_KANJI_SUITS[suit]}", RED_FIVE_STYLE
        return f"{_KANJI_NUMBERS[number - 1]}{_KANJI_SUITS[suit]}", colour
    glyph = _pad(chr(_UNICODE_SUIT_START[suit] + number - 1), 2)
    return glyph, UNICODE_RED_FIVE_STYLE if tile.red else colour


def short_face(tile: Tile | None, style: str) -> tuple[str, str]:
    """The three-cell form of a kanji face for rivers and melds where four do not fit:
    the number as a digit before the suit kanji ("5萬", "0萬" for the red five, mpsz's
    mark), an honor's kanji then a space. Other styles keep their own face."""
    if style != "kanji":
        return (_back_face(style), BACK_STYLE) if tile is None else _face(tile, style)
    if tile is None:
        return "###", BACK_STYLE
    suit = suit_of(tile.kind)
    if suit == 3:
        honor = tile.kind - 27
        colour = WIND_STYLE if honor < 4 else DRAGON_STYLES[honor - 4]
        return f"{_KANJI_HONORS[honor]} ", colour
    if tile.red:
        return f"0{_KANJI_SUITS[suit]}", RED_FIVE_STYLE
    return f"{number_of(tile.kind)}{_KANJI_SUITS[suit]}", SUIT_STYLES[suit]


def framed_width(style: str = DEFAULT_STYLE) -> int:
    """Cells of a framed tile of the hand: the face with one cell of tile on each side."""
    return tile_width(style) + 2


def framed_tile(
    tile: Tile | None,
    style: str = DEFAULT_STYLE,
    *,
    dim: bool = False,
    highlight: bool = False,
    dora: bool = False,
) -> tuple[Text, Text, Text]:
    """A hand tile three rows tall: the tile's body is its background (no frame
    characters, whose width East-Asian terminals disagree on), the face in the middle
    row, a dora underlined, the cursor's tile raised in reverse video. With NO_COLOR
    the face and its attributes remain."""
    width = framed_width(style)
    body = Style.parse(FRAME_STYLE)
    if highlight:
        body = Style.parse(FRAME_CURSOR_STYLE)
    face = tile_text(tile, style, dim=dim, dora=dora)
    face.stylize(Style(bgcolor=body.bgcolor), 0, len(face))
    edge = Text(" " * width, style=body, end="", no_wrap=True)
    middle = Text.assemble((" ", body), face, (" ", body), end="", no_wrap=True)
    top = Text("^" * width if highlight else " " * width, style=body, end="", no_wrap=True)
    return top, middle, edge


def _back_face(style: str) -> str:
    if style == "unicode":
        return _pad(_UNICODE_BACK, 2)
    return "#" * tile_width(style)


def tile_face(tile: Tile | None, style: str = DEFAULT_STYLE) -> str:
    """The plain characters of a face (`None` is a back), `tile_width(style)` cells."""
    check_style(style)
    return _back_face(style) if tile is None else _face(tile, style)[0]


def tile_text(
    tile: Tile | None,
    style: str = DEFAULT_STYLE,
    *,
    sideways: bool = False,
    back: bool = False,
    dim: bool = False,
    highlight: bool = False,
    dora: bool = False,
    short: bool = False,
) -> Text:
    """One tile as Rich Text: `tile_width(style)` cells, or `sideways_width(style)` if turned.

    `tile=None` or `back=True` draws a back (hidden or face-down tile). Flags stack:
    a sideways, dimmed, highlighted dora is possible and each stays visible.
    """
    check_style(style)
    if short:
        face, colour = short_face(None if back else tile, style)
    elif tile is None or back:
        face, colour = _back_face(style), BACK_STYLE
    else:
        face, colour = _face(tile, style)
    look = Style.parse(colour)
    for flag, extra in ((dora, DORA_STYLE), (dim, DIM_STYLE), (highlight, HIGHLIGHT_STYLE)):
        if flag:
            look += Style.parse(extra)
    text = Text(face, style=look, end="", no_wrap=True)
    if sideways:
        bracket = Style.parse(HIGHLIGHT_STYLE) if highlight else Style()
        text = Text.assemble(("[", bracket), text, ("]", bracket), end="", no_wrap=True)
    return text


def tiles_text(
    tiles: Iterable[Tile | Text | None],
    style: str = DEFAULT_STYLE,
    *,
    gap: int = 1,
) -> Text:
    """A row of tiles separated by `gap` spaces.

    Items may be tiles, `None` (a back) or Text already made by `tile_text` (to
    carry flags), so callers never have to measure or pad anything themselves.
    """
    check_style(style)
    out = Text(end="", no_wrap=True)
    for index, item in enumerate(tiles):
        if index and gap:
            out.append(" " * gap)
        out.append_text(item if isinstance(item, Text) else tile_text(item, style))
    return out


def notation(style: str = DEFAULT_STYLE) -> list[tuple[Text, str]]:
    """How tiles are written, drawn by the faces' own code, with its word key
    (`notation.*` in tui/words.py): the help screen's legend. Each sample shows the
    text faces and, for the suits and the red fives, the kanji ones."""
    from rules.tiles import parse_tiles

    def row(mpsz: str, kanji: bool = True) -> Text:
        tiles = parse_tiles(mpsz)
        out = tiles_text(tiles, "text")
        if kanji and style != "text":
            out.append("  ")
            out.append_text(tiles_text(tiles, style))
        return out

    five = parse_tiles("5m")[0]
    return [
        (row("19m"), "notation.man"),
        (row("19p"), "notation.pin"),
        (row("19s"), "notation.sou"),
        (row("1234z"), "notation.winds"),
        (row("567z"), "notation.dragons"),
        (row("0m0p0s"), "notation.red"),
        (Text("123m 555z", end=""), "notation.mpsz"),
        (tile_text(five, "text", highlight=True), "notation.cursor"),
        (tile_text(five, "text", dim=True), "notation.dim"),
    ]
