"""The board: the whole table drawn from one seat's `SeatView`, at any terminal size.

`paint_board` hands each part of the view to the function that draws it (the
rivers, the melds, the hands, the centre with the wall, the prompt and the
status) and places the lines it gets back in the region `tui.layout` decided.
Each part wraps to its region instead of being padded or cut, and the geometry
test checks that nothing is wider or taller than its region. `Board` is the
Textual widget: it only holds the view and the screen's input state, and paints.
Nothing here works out a rule: every mark (sideways, called, last, dealer,
riichi, whose turn, the wall's stacks, the dora) comes from the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from engine.seat_view import MeldEntry, MeldTile, RiverEntry, SeatInfo, SeatView
from rules.hand import MeldKind
from rules.tiles import Tile

from ..layout import GAP, MELD_GAP, RIVER_ROW, BoardLayout, Rect, board_layout
from ..table_text import break_text, seat_label
from ..tiles import framed_tile, tile_text
from ..words import message, round_word, wind_word
from .empty_seat import (
    KITA_FORMS,
    PANEL,
    empty_seats,
    empty_side,
    kita_text,
    panel_layout,
    panel_lines,
)

if TYPE_CHECKING:
    from ..lineup_text import Countdown

# The wall's glyphs (all of East-Asian width "narrow", so every terminal agrees on
# their width); the help screen's legend lists them (`WALL_LEGEND`).
STACK_TWO = "\u25ae"  # ▮ a stack of two tiles (top and bottom sides)
STACK_ONE = "\u25af"  # ▯ one tile left in the stack
STACK_DEAD = "\u25aa"  # ▪ a stack of the dead wall
STACK_SHOWN = "\u25ab"  # ▫ the dead-wall stack with a dora indicator face up
SIDE_TWO = "\u25ac\u25ac"  # ▬▬ a stack of two on the left and right sides
SIDE_ONE = "\u25ad\u25ad"  # ▭▭ one tile left
SIDE_DEAD = "\u25aa\u25aa"
SIDE_SHOWN = "\u25ab\u25ab"
WALL_STYLE = "yellow"
DEAD_STYLE = "magenta"
TSUMOGIRI_STYLE = "italic dim"
CALLED_STYLE = "dim strike"
TURN_STYLE = "bold reverse"
CLOCK_STYLE = "bold"
AWAY_STYLE = "bold italic cyan"  # a person who left: the AI plays for them
CLOCK_WARN_STYLE = "bold reverse red"  # the last seconds of a decision's time


@dataclass(frozen=True, slots=True)
class PromptData:
    """What the player may do now: a title and (key, what it does) options."""

    title: str = ""
    options: tuple[tuple[str, str], ...] = ()
    urgent: bool = False


@dataclass(frozen=True, slots=True)
class Players:
    """Who plays each seat at a server's table: `names` by absolute seat (plain text,
    never markup; "" or none: the seat's badges as in a local game) and the seats of
    people who are `away` (the table's AI plays for them until they are back)."""

    names: tuple[str, ...] = ()
    away: frozenset[int] = frozenset()


NOBODY = Players()


@dataclass(frozen=True, slots=True)
class BoardInput:
    """The screen's state the board shows besides the view: cursor, what may not be
    discarded, the prompt and status; at a server's table also who plays each seat
    (`players`) and the decision's time left (`countdown`)."""

    cursor: int | None = None
    disabled: frozenset[int] = frozenset()
    prompt: PromptData = PromptData()
    status: str = ""
    players: Players = NOBODY
    countdown: Countdown | None = None


@dataclass(slots=True)
class Painted:
    """Every region's lines, by region name (the geometry test reads them)."""

    layout: BoardLayout
    parts: dict[str, list[Text]] = field(default_factory=dict)


def face_layout(style: str = "text") -> BoardLayout:
    """A layout with no regions, only faces: for drawing the board's pieces (a meld,
    a river tile) outside the board, as the help legend and the result screen do."""
    return BoardLayout(0, 0, style, False, style, False, True, 4, {})


def legend(style: str = "text") -> list[tuple[Text, str]]:
    """Every mark the board draws, drawn by the same code, with its word key
    (`mark.*` in tui/words.py): the help screen lists them."""
    five, four = Tile(4), Tile(3)
    lay = face_layout(style)

    def river(entry: RiverEntry) -> Text:
        return _river_tile(entry, lay)

    kakan = MeldEntry(
        MeldKind.KAKAN,
        (MeldTile(five, False), MeldTile(five, True, five), MeldTile(five, False)),
        None,
    )
    return [
        (river(RiverEntry(five, False, True, False, False)), "mark.sideways"),
        (tile_text(None, style), "mark.back"),
        (river(RiverEntry(five, False, False, True, False)), "mark.called"),
        (river(RiverEntry(five, False, False, False, True)), "mark.last"),
        (river(RiverEntry(five, True, False, False, False)), "mark.tsumogiri"),
        (meld_text(kakan, lay), "mark.stacked"),
        (Text.assemble(_face(four, lay), ">", _face(five, lay, dora=True)), "mark.dora"),
        (Text(f"{STACK_TWO} {SIDE_TWO}", style=WALL_STYLE), "mark.wall_two"),
        (Text(f"{STACK_ONE} {SIDE_ONE}", style=WALL_STYLE), "mark.wall_one"),
        (Text(f"{STACK_DEAD} {SIDE_DEAD}", style=DEAD_STYLE), "mark.wall_dead"),
        (Text(f"{STACK_SHOWN} {SIDE_SHOWN}", style=DEAD_STYLE), "mark.wall_shown"),
        (Text("    "), "mark.wall_gone"),
    ]


# ---------------------------------------------------------------- small helpers


def wrap(text: Text, width: int) -> list[Text]:
    """`text` wrapped to `width` cells at spaces (a word longer than the width is split)."""
    if width <= 0:
        return []
    console = _console(width)
    lines = text.wrap(console, width, overflow="fold", no_wrap=False)
    out = []
    for line in lines:
        line.rstrip()
        line.end = ""
        out.append(line)
    return out or [Text("")]


_CONSOLES: dict[int, Console] = {}


def _console(width: int) -> Console:
    console = _CONSOLES.get(width)
    if console is None:
        console = Console(width=width, color_system=None, legacy_windows=False)
        _CONSOLES[width] = console
    return console


def flow(chunks: Sequence[Text], width: int, gap: int = 2) -> list[Text]:
    """Lay chunks left to right, starting a new line when the next one does not fit;
    a chunk wider than the line is itself wrapped. Keeps "[n] Pass" in one piece."""
    lines: list[Text] = []
    line = Text(end="")
    for chunk in chunks:
        need = chunk.cell_len + (gap if line.cell_len else 0)
        if line.cell_len and line.cell_len + need > width:
            lines.append(line)
            line = Text(end="")
        if chunk.cell_len > width:
            parts = wrap(chunk, width)
            if line.cell_len:
                lines.append(line)
            lines.extend(parts[:-1])
            line = parts[-1]
            continue
        if line.cell_len:
            line.append(" " * gap)
        line.append_text(chunk)
    if line.cell_len:
        lines.append(line)
    return lines


def _face(tile: Tile | None, lay: BoardLayout, **flags: bool) -> Text:
    return tile_text(tile, lay.face, short=lay.short, **flags)


# ---------------------------------------------------------------- the parts


def river_lines(
    river: Sequence[RiverEntry], rect: Rect, lay: BoardLayout, rel: int = 0
) -> list[Text]:
    """Rows of six, the first row against the centre as on a real table: yours and
    the side seats' rows start at the same (left) edge, the side seats' right behind
    their hands; toimen's are turned round (rows from the centre up, right to left,
    starting at the right edge). The last row takes the rest, its oldest tiles
    counted if there are too many."""
    rows_max = (rect.h + 1) // 2 if lay.spread else rect.h  # a short board's are shorter
    gap = GAP + (1 if lay.spread else 0)
    rows: list[list[RiverEntry]] = []
    for index in range(0, len(river), RIVER_ROW):
        if len(rows) == rows_max - 1:
            rows.append(list(river[index:]))
            break
        rows.append(list(river[index : index + RIVER_ROW]))
    lines = []
    for row in rows:
        pieces = [_river_tile(entry, lay) for entry in row]
        if rel == 2:
            pieces.reverse()
        line = _join(pieces, gap)
        dropped = 0
        while line.cell_len > rect.w and pieces:
            pieces.pop(-1 if rel == 2 else 0)
            dropped += 1
            line = Text.assemble(f"+{dropped} ", _join(pieces, gap), end="")
        if rel == 2:  # toimen's rows start at its left: the screen's right edge
            line = _right(line, rect.w)
        lines.append(line)
    if lay.spread:
        spaced: list[Text] = []
        for index, line in enumerate(lines):
            if index:
                spaced.append(Text("", end=""))
            spaced.append(line)
        lines = spaced
    if rel == 2:  # toimen's first row lies against the centre, below the later ones
        lines = [Text("", end="")] * (rect.h - len(lines)) + list(reversed(lines))
    return lines


def _river_tile(entry: RiverEntry, lay: BoardLayout) -> Text:
    text = _face(entry.tile, lay, sideways=entry.sideways, highlight=entry.last)
    if entry.called:
        text.stylize(CALLED_STYLE)
    elif entry.tsumogiri:
        text.stylize(TSUMOGIRI_STYLE)
    return text


def _join(pieces: Sequence[Text], gap: int) -> Text:
    out = Text(end="", no_wrap=True)
    for index, piece in enumerate(pieces):
        if index:
            out.append(" " * gap)
        out.append_text(piece)
    return out


def meld_text(meld: MeldEntry, lay: BoardLayout, turned: bool = False) -> Text:
    """One meld left to right as its owner lays it: the called tile turned (in
    brackets), a kakan's added tile in the same brackets (stacked), ankan backs.
    `turned`: toimen's, seen from across the table (right to left), so its called
    tile still points at the seat it came from."""
    pieces = []
    for item in reversed(meld.tiles) if turned else meld.tiles:
        if item.stacked is not None:
            inner = Text.assemble(
                _face(item.tile, lay), _face(item.stacked, lay), end="", no_wrap=True
            )
            pieces.append(Text.assemble("[", inner, "]", end="", no_wrap=True))
        else:
            pieces.append(_face(item.tile, lay, sideways=item.sideways))
    return _join(pieces, GAP)


def meld_lines(
    melds: Sequence[MeldEntry],
    rect: Rect,
    lay: BoardLayout,
    rel: int = 2,
    kita: Sequence[Tile] = (),
    lang: str = "en",
) -> list[Text]:
    """A side or facing seat's melds in its region, laid from the seat's right as the
    online clients lay them: toimen's from the screen's left on its hand's row;
    shimocha's (its right is the screen's top) first at the top, right above its
    river and against its hand; kamicha's (its right is the screen's bottom) first
    at the bottom, right below its river and against its hand. (The player's own
    melds are part of the hand row: `own_hand_lines`.) A three-player seat's Norths
    set aside (`kita`) come after its melds, as one group."""
    chunks = [meld_text(m, lay, turned=rel == 2) for m in melds]
    if kita:
        chunks.append(kita_text(kita, lay, lang))
    lines = flow(chunks, rect.w, gap=MELD_GAP)
    if rel == 1:
        pad = [Text("", end="")] * max(0, rect.h - len(lines))
        return pad + [_right(line, rect.w) for line in lines]
    if rel == 3:
        return list(reversed(lines))
    return lines


def side_hand_lines(info: SeatInfo, rect: Rect, lay: BoardLayout, river: Rect) -> list[Text]:
    """A side seat's concealed tiles as a column of backs right behind its river,
    centred on it (the count on top if they do not all fit)."""
    count = len(info.shown) or info.hand_size
    if count > rect.h:
        return [Text(str(count), end=""), *(_face(None, lay) for _ in range(rect.h - 1))]
    tiles: Sequence[Tile | None] = info.shown or (None,) * count
    middle = river.y + river.h // 2 - rect.y
    above = min(max(0, middle - count // 2), rect.h - count)
    return [Text("", end="")] * above + [_face(t, lay) for t in tiles]


def top_hand_line(info: SeatInfo, rect: Rect, lay: BoardLayout, lang: str) -> list[Text]:
    """Toimen's concealed tiles as a row of backs (or its open hand at the end)."""
    tiles: Sequence[Tile | None] = info.shown or (None,) * info.hand_size
    for face, short in ((lay.face, lay.short), ("text", False)):  # then the two-cell faces
        for gap in (GAP, 0):
            line = _join([tile_text(t, face, short=short) for t in tiles], gap)
            if line.cell_len <= rect.w:
                return [_centred(line, rect.w)]
    return [_centred(Text(message("board_tiles", lang, count=len(tiles)), end=""), rect.w)]


def own_hand_lines(
    view: SeatView, rect: Rect, lay: BoardLayout, ui: BoardInput, lang: str = "en"
) -> list[Text]:
    """The player's row: the hand, the drawn tile set apart (framed tiles or one row
    of faces), and the melds at the row's right edge, laid as the online clients lay
    them: the first meld at the far right, each new one to the left of the last; the
    Norths set aside (kita, three players) left of them."""
    lines = _own_tiles(view, lay, ui)
    info = view.seats[view.seat]
    melds = info.melds
    if not melds and not info.kita:
        return lines
    groups = [meld_text(m, lay) for m in reversed(melds)]
    row = 1 if lay.framed else 0  # beside the faces of a framed hand
    line = lines[row]
    laid = _join(groups, MELD_GAP)
    for form in KITA_FORMS if info.kita else ():  # the longest kita group that fits
        kita = kita_text(info.kita, lay, lang, form, face=lay.hand_face)
        laid = _join([kita, *groups], MELD_GAP)
        if line.cell_len + MELD_GAP + laid.cell_len <= rect.w:
            break
    pad = max(MELD_GAP, rect.w - line.cell_len - laid.cell_len)
    lines[row] = Text.assemble(line, " " * pad, laid, end="", no_wrap=True)
    return lines


def _own_tiles(view: SeatView, lay: BoardLayout, ui: BoardInput) -> list[Text]:
    own = view.own
    tiles = [*own.tiles, *([own.drawn] if own.drawn is not None else [])]
    if view.seats[view.seat].shown and not tiles:
        tiles = list(view.seats[view.seat].shown)
    dora = set(t.kind for t in view.wall.dora)
    drawn_at = len(own.tiles) if own.drawn is not None else None
    if lay.framed:
        rows: list[list[Text]] = [[], [], []]
        for index, tile in enumerate(tiles):
            faces = framed_tile(
                tile,
                lay.hand_face,
                dim=index in ui.disabled,
                highlight=index == ui.cursor,
                dora=tile.kind in dora,
            )
            gap = " " * (GAP + (1 if index == drawn_at else 0)) if index else ""
            for row, face in zip(rows, faces, strict=True):
                row.append(Text(gap, end=""))
                row.append(face)
        return [Text.assemble(*row, end="", no_wrap=True) for row in rows]
    line = Text(end="", no_wrap=True)
    for index, tile in enumerate(tiles):
        if index:
            line.append(" " * (GAP + (1 if index == drawn_at else 0)))
        line.append_text(
            tile_text(
                tile,
                lay.hand_face,
                dim=index in ui.disabled,
                highlight=index == ui.cursor,
                dora=tile.kind in dora,
            )
        )
    return [line]


def badge_chunks(
    view: SeatView, info: SeatInfo, lang: str, *, name: bool, player: str = "",
    away: str = "",
) -> list[Text]:
    """A seat's wind, score and badges (親, riichi, to act) as unbreakable chunks; at a
    server's table the `player` who sits there is a chunk of its own after the wind
    (on the wind's line when it fits), and the `away` badge marks a person the AI plays
    for. The
    player's name is plain text, never markup: "[b]" shows as typed."""
    wind = wind_word(info.wind).part(lang)
    head = Text(wind, style="bold", end="")
    mine = info.seat == view.seat and view.sight != "none"  # a spectator is nobody's "You"
    if name and mine:
        head.append(f" {seat_label(info.seat, view.seat, view.dealer, lang)}")
    named = [head]
    if player and not mine:
        named.append(Text(player, style="bold", end=""))
        named.append(Text(f"{info.score:,}", style="bold", end=""))
    else:
        head.append(f" {info.score:,}")
    chunks = list(named)
    if away:
        chunks.append(Text(away, style=AWAY_STYLE, end=""))
    if info.dealer:
        chunks.append(Text(message("badge_dealer", lang), style="bold yellow", end=""))
    if info.riichi:
        chunks.append(Text(message("badge_riichi", lang), style="bold red", end=""))
    if info.on_turn:
        chunks.append(Text(message("badge_turn", lang), style=TURN_STYLE, end=""))
        for chunk in named:
            chunk.stylize(TURN_STYLE)
    return chunks


def _centred(text: Text, width: int) -> Text:
    pad = max(0, (width - text.cell_len) // 2)
    return Text.assemble(" " * pad, text, end="", no_wrap=True)


def _right(text: Text, width: int) -> Text:
    pad = max(0, width - text.cell_len)
    return Text.assemble(" " * pad, text, end="", no_wrap=True)


def house_rules_text(rules: Sequence[tuple[str, object]], lang: str = "en") -> str:
    """The house rules in force as the player typed them (`--rule KEY=VALUE`), so
    each one names its own ruleset key: "house rules: red_fives=3, kiriage_30_4=false"."""
    if not rules:
        return ""
    return message(
        "board_house_rules", lang, rules=", ".join(f"{k}={_rule_value(v)}" for k, v in rules)
    )


def _rule_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "/".join(_rule_value(v) for v in value)
    return str(value)


def _info_lines(
    view: SeatView, lay: BoardLayout, width: int, lang: str, short_rules: bool = False
) -> list[Text]:
    """Round, honba, sticks, tiles left; the dora with their indicators; the dead wall."""
    wall = view.wall
    lines: list[Text] = []
    round_words = round_word(view.round_wind, view.hand_number + 1).part(lang)
    head = [
        Text(
            message("board_round", lang, round=round_words, honba=view.honba), style="bold", end=""
        ),
        Text(message("board_sticks", lang, sticks=view.sticks), end=""),
        Text(message("board_left", lang, left=wall.tiles_left), end=""),
    ]
    if view.minutes_left is not None:
        head.append(Text(message("centre_time_left", lang, minutes=view.minutes_left), end=""))
    lines += flow(head, width)
    house = house_rules_text(view.house_rules, lang)
    if house and short_rules:  # a small centre: how many, and the key that lists them
        house = message("board_house_rules_short", lang, count=len(view.house_rules))
    if house:
        lines += wrap(Text(house, style="italic", end=""), width)
    if wall.dora_indicators:
        # In the ring's dead-wall colour: these are its face-up stacks.
        chunks = [Text(message("board_dora", lang), style=f"bold {DEAD_STYLE}", end="")]
        for indicator, dora in zip(wall.dora_indicators, wall.dora, strict=False):
            chunks.append(
                Text.assemble(_face(indicator, lay), ">", _face(dora, lay, dora=True), end="")
            )
        lines += flow(chunks, width, gap=1)
    if wall.ura_indicators:
        chunks = [Text(message("board_ura", lang), style="bold", end="")]
        chunks += [_face(t, lay) for t in wall.ura_indicators]
        lines += flow(chunks, width, gap=1)
    human = None if view.sight == "none" else view.seat
    seats = [seat for seat in range(4) if seat not in empty_seats(view)]
    broken = Text(break_text(wall, human, view.dealer, lang, seats), style="dim", end="")
    # The dead wall's tiles are drawn once, in the ring (square form): this line
    # names it in the ring's dead-wall colour (no glyph: glyphs keep clear of text)
    # and says how many rinshan tiles are left; the dora line shows its indicators.
    label = Text(message("board_dead_wall", lang), style=f"bold {DEAD_STYLE}", end="")
    rinshan = Text(message("board_rinshan", lang, count=wall.rinshan_left), end="")
    lines += flow([Text.assemble(label, " ", rinshan, end=""), broken], width, gap=2)
    return lines


def fit_label(label: str, cells: int) -> str:
    """`label` cut to `cells` terminal cells, "…" marking the cut ("" for no room)."""
    if cell_len(label) <= cells:
        return label
    if cells < 2:
        return ""
    out = ""
    for char in label:
        if cell_len(out) + cell_len(char) > cells - 1:
            break
        out += char
    return out + "…"


def _seat_block(
    view: SeatView, rel: int, width: int, align: str, lang: str, players: Players = NOBODY,
    limit: int | None = None, short: bool = False,
) -> list[Text]:
    """A seat's badges wrapped to `width`; the player's name cut to fit a line (and to
    `limit` cells, when the region is short of rows; `short`: "away" said short too)."""
    info = view.seats[(view.seat + rel) % 4]
    if info.seat in empty_seats(view):  # nobody sits there (three players): no badges
        return []
    names = players.names
    player = names[info.seat] if info.seat < len(names) else ""
    if player:
        player = fit_label(player, width if limit is None else min(width, limit))
    away = ""
    if info.seat in players.away:
        away = message("badge_away_short" if short else "badge_away", lang)
    chunks = badge_chunks(view, info, lang, name=rel == 0, player=player, away=away)
    lines = flow(chunks, width, gap=1)
    if align == "centre":
        return [_centred(line, width) for line in lines]
    if align == "right":
        return [_right(line, width) for line in lines]
    return lines


# A seat's badges shorter and shorter, for a region short of rows: (the most cells
# of the player's name, "away" said short); the last leaves the name out.
SHORTER: tuple[tuple[int | None, bool], ...] = ((None, False), (8, False), (8, True), (0, True))


def _block_in(
    view: SeatView, rel: int, rect: Rect, align: str, lang: str, players: Players
) -> list[Text]:
    """A side seat's badges in its tag region: the name cut, or left out, if the
    region is short of rows for it."""
    lines: list[Text] = []
    for limit, short in SHORTER:
        lines = _seat_block(view, rel, rect.w, align, lang, players, limit, short)
        if len(lines) <= rect.h:
            break
    return lines


def centre_lines(
    view: SeatView, rect: Rect, lay: BoardLayout, lang: str, players: Players = NOBODY
) -> list[Text]:
    """The centre: the wall ring around the round's facts and each seat's badges on
    its side (square form), or the same facts without the ring (compact form)."""
    if lay.square:
        return _square(view, rect, lay, lang, players)
    # One blank cell each side: a full row of a side river never runs into the text.
    width = rect.w - 2
    lines: list[Text] = []
    # Short of rows: the house rules said in short, then the players' names shorter.
    for short_rules, (limit, short) in ((False, SHORTER[0]), *((True, s) for s in SHORTER)):
        lines = _seat_block(view, 2, width, "centre", lang, players, limit, short)
        lines += _info_lines(view, lay, width, lang, short_rules)
        mine = _seat_block(view, 0, width, "centre", lang, players, limit, short)
        # Your badges at the centre's foot, by your river; toimen's at its head.
        lines += [Text("", end="")] * max(0, rect.h - len(lines) - len(mine)) + mine
        if len(lines) <= rect.h:
            break
    return [Text.assemble(" ", line, end="", no_wrap=True) for line in lines]


def _square(
    view: SeatView, rect: Rect, lay: BoardLayout, lang: str, players: Players = NOBODY
) -> list[Text]:
    """The wall as four sides of 17 stacks around the centre, the dead wall marked."""
    wall = view.wall
    inner_w = rect.w - 2 * (2 + 2 * GAP)
    side_of = {rel: wall.sides[(view.seat + rel) % 4] for rel in range(4)}
    # Each side as its owner sees it, left to right, turned to the screen.
    bottom = list(side_of[0])
    right = list(reversed(side_of[1]))  # shimocha's left is the screen's bottom
    top = list(reversed(side_of[2]))
    left = list(side_of[3])  # kamicha's left is the screen's top
    margin = " " * (2 + GAP)
    lines = [Text.assemble(margin, _row(top), end="", no_wrap=True)]
    body_h = len(left)
    info = _info_lines(view, lay, inner_w, lang)
    half = (inner_w - 1) // 2
    inner: list[Text] = []
    mine: list[Text] = []
    for limit, short in SHORTER:  # the players' names shorter while they do not fit
        inner = _seat_block(view, 2, inner_w, "centre", lang, players, limit, short)
        inner += [Text("", end=""), *info, Text("", end="")]
        sides_l = _seat_block(view, 3, half, "left", lang, players, limit, short)
        sides_r = _seat_block(view, 1, inner_w - half - 1, "right", lang, players, limit,
                              short)
        for index in range(max(len(sides_l), len(sides_r))):
            a = sides_l[index] if index < len(sides_l) else Text("", end="")
            b = sides_r[index] if index < len(sides_r) else Text("", end="")
            inner.append(Text.assemble(a, " " * (inner_w - a.cell_len - b.cell_len), b,
                                       end=""))
        mine = _seat_block(view, 0, inner_w, "centre", lang, players, limit, short)
        if len(inner) + len(mine) <= body_h - 2:
            break
    free = body_h - 2 - len(inner) - len(mine)
    inner += [Text("", end="")] * max(0, free)
    inner += mine
    inner = [Text("", end=""), *inner]
    overflow = inner[body_h - 1 :] if len(inner) > body_h - 1 else []
    for index in range(body_h):
        body = inner[index] if index < len(inner) else Text("", end="")
        pad = inner_w - body.cell_len
        lines.append(
            Text.assemble(
                _side(left[index]),
                " " * GAP,
                " " * GAP,
                body,
                " " * max(0, pad),
                " " * GAP,
                " " * GAP,
                _side(right[index]),
                end="",
                no_wrap=True,
            )
        )
    lines.append(Text.assemble(margin, _row(bottom), end="", no_wrap=True))
    return lines + overflow  # more than fits shows as too tall (the geometry test)


def _row(stacks: Sequence) -> Text:
    out = Text(end="", no_wrap=True)
    for index, stack in enumerate(stacks):
        if index:
            out.append(" ")
        out.append(*_glyph(stack, STACK_TWO, STACK_ONE, STACK_DEAD, STACK_SHOWN))
    return out


def _side(stack) -> Text:
    return Text(*_glyph(stack, SIDE_TWO, SIDE_ONE, SIDE_DEAD, SIDE_SHOWN), end="")


def _glyph(stack, two: str, one: str, dead: str, shown: str) -> tuple[str, str]:
    blank = " " * cell_len(two)
    if stack.tiles == 0:
        return blank, ""
    if stack.dead:
        return (shown if stack.indicator is not None else dead), DEAD_STYLE
    return (two if stack.tiles == 2 else one), WALL_STYLE


def prompt_lines(
    prompt: PromptData, rect: Rect, countdown: Countdown | None = None, lang: str = "en"
) -> list[Text]:
    """The prompt: the decision's countdown first (a server's table with a time limit;
    a warning in its last seconds), its title, then each key and what it does."""
    chunks = []
    if countdown is not None:
        style = CLOCK_WARN_STYLE if countdown.warn else CLOCK_STYLE
        chunks.append(Text(countdown.text(lang), style=style, end=""))
    if prompt.title:
        chunks.append(Text(prompt.title, style="bold", end=""))
    for key, what in prompt.options:
        chunks.append(Text.assemble((f"[{key}]", "bold reverse"), f" {what}", end=""))
    return flow(chunks, rect.w, gap=3)


# ---------------------------------------------------------------- the whole board


_PARTS: dict[tuple, list[Text]] = {}  # the parts drawn lately, by what they were drawn from
_PARTS_KEEP = 512


def _part(key: tuple, draw) -> list[Text]:
    """A part's lines, drawn once per distinct input: a cursor move redraws only the
    hand and the prompt, a discard one river, the centre and the hand."""
    hit = _PARTS.get(key)
    if hit is None:
        if len(_PARTS) >= _PARTS_KEEP:
            _PARTS.clear()
        hit = _PARTS[key] = draw()
    return hit


def paint_board(
    view: SeatView,
    lay: BoardLayout,
    ui: BoardInput = BoardInput(),
    lang: str = "en",
) -> Painted:
    """Every region's lines for `view`, as `lay` places them."""
    empty = empty_side(view)
    if empty is not None:  # three players: the empty seat's side becomes a panel
        lay = panel_layout(lay, empty)
    painted = Painted(lay)
    parts = painted.parts
    regions = lay.regions
    look = (lay.face, lay.short, lay.river_rows, lay.spread, lay.square)
    for rel in range(4):
        if rel == empty:
            continue
        info = view.seats[(view.seat + rel) % 4]
        rect = regions[f"river-{rel}"]
        parts[f"river-{rel}"] = _part(
            ("river", info.river, rect, look, rel),
            lambda info=info, rect=rect, rel=rel: river_lines(info.river, rect, lay, rel),
        )
        if rel:  # the player's melds are drawn with the hand
            rect = regions[f"melds-{rel}"]
            parts[f"melds-{rel}"] = _part(
                ("melds", info.melds, info.kita, rect, look, rel, lang),
                lambda info=info, rect=rect, rel=rel: meld_lines(
                    info.melds, rect, lay, rel, info.kita, lang
                ),
            )
        if f"hand-{rel}" in regions and rel in (1, 3):
            rect = regions[f"hand-{rel}"]
            river = regions[f"river-{rel}"]
            parts[f"hand-{rel}"] = _part(
                ("side", info.hand_size, info.shown, rect, river, look),
                lambda info=info, rect=rect, river=river: side_hand_lines(info, rect, lay, river),
            )
    toimen = view.seats[(view.seat + 2) % 4]
    if empty != 2:
        parts["hand-2"] = _part(
            ("top", toimen.hand_size, toimen.shown, regions["hand-2"], look, lang),
            lambda: top_hand_line(toimen, regions["hand-2"], lay, lang),
        )
    if PANEL in regions:
        panel = regions[PANEL]
        parts[PANEL] = _part(
            ("panel", tuple((i.wind, i.melds, i.kita) for i in view.seats), view.wall.dora,
             view.ruleset, repr(view.house_rules), view.seat, panel, lang),
            lambda: panel_lines(view, panel, lang),
        )
    parts["hand-0"] = own_hand_lines(view, regions["hand-0"], lay, ui, lang)
    badges = tuple((i.seat, i.wind, i.score, i.dealer, i.riichi, i.on_turn) for i in view.seats)
    facts = (
        view.house_rules,
        view.seat,
        view.round_wind,
        view.hand_number,
        view.honba,
        view.sticks,
        view.dealer,
        view.minutes_left,
        view.wall,
        badges,
    )
    players = ui.players
    parts["centre"] = _part(
        ("centre", facts, players, regions["centre"], look, lang),
        lambda: centre_lines(view, regions["centre"], lay, lang, players),
    )
    talk = prompt_lines(ui.prompt, regions["prompt"], ui.countdown, lang)
    if ui.status:
        talk += wrap(Text(ui.status, end=""), regions["prompt"].w)
    if ui.countdown is not None:  # its row comes off the status's last words, if need be
        talk = talk[: regions["prompt"].h]
    parts["prompt"] = talk
    for rel, align in ((3, "left"), (1, "right")):  # each on its own seat's side
        if f"tag-{rel}" in regions:
            rect = regions[f"tag-{rel}"]
            parts[f"tag-{rel}"] = _part(
                ("tag", view.seat, view.dealer, rel, badges, players, rect, align, lang),
                lambda rect=rect, rel=rel, align=align: _block_in(
                    view, rel, rect, align, lang, players
                ),
            )
    return painted


def canvas(painted: Painted) -> list[Text]:
    """The board as lines of text: each region's lines pasted at its place."""
    lay = painted.layout
    rows: list[list[tuple[int, Text]]] = [[] for _ in range(lay.height)]
    for name, lines in painted.parts.items():
        rect = lay.regions[name]
        for index, line in enumerate(lines[: rect.h]):
            y = rect.y + index
            if 0 <= y < lay.height:
                rows[y].append((rect.x, line))
    out = []
    for pieces in rows:
        line = Text(end="", no_wrap=True)
        for x, piece in sorted(pieces, key=lambda p: p[0]):
            if x > line.cell_len:
                line.append(" " * (x - line.cell_len))
            line.append_text(piece)
        out.append(line)
    return out


_DEFAULT_FG = Style(color="default")


def uncoloured(segments: Sequence[Segment]) -> list[Segment]:
    """The segments with the default text colour and their attributes kept (bold,
    italic, reverse, underline, strike, the framed tiles' body): under NO_COLOR,
    Textual greys each colour by its luminance, and a red 1m on a tile's grey body
    became unreadable. Suits are still told apart by their letter (m p s). Black
    and white stay: they are contrast colours, chosen against a background (the
    cursor's tile is black on white)."""
    out = []
    for seg in segments:
        style = seg.style
        if style is not None and style.color is not None and style.color.name not in _CONTRAST:
            light = style.bgcolor is not None and style.bgcolor.name in _LIGHT
            style = style + (_BLACK_FG if light else _DEFAULT_FG)
        out.append(Segment(seg.text, style, seg.control))
    return out


_CONTRAST = frozenset({"default", "black", "white", "bright_white", "bright_black"})
_LIGHT = frozenset({"white", "bright_white"})  # a light body: its face is drawn black
_BLACK_FG = Style(color="black")


def row_runs(rows: Sequence[int], width: int) -> list[Region]:
    """Rows (ascending) as regions, one per run of consecutive rows."""
    runs: list[Region] = []
    for y in rows:
        last = runs[-1] if runs else None
        if last is not None and last.bottom == y:
            runs[-1] = Region(0, last.y, width, last.height + 1)
        else:
            runs.append(Region(0, y, width, 1))
    return runs


def _line_key(line: Text) -> tuple:
    """What a painted line looks like: its characters and its styled spans."""
    return (
        line.plain,
        tuple((span.start, span.end, str(span.style)) for span in line.spans),
        str(line.style),
    )


class Board(Widget):
    """The table from one seat: give it a `SeatView` and the input state, it paints.

    It draws with Textual's line API: the board's lines become strips once per
    change, and only then (no reflow of one large text on every key); and only
    the rows that changed are refreshed, so Textual re-styles and re-composes a
    few rows after a discard or a cursor move, not all sixty at 200x60."""

    DEFAULT_CSS = """
    Board { width: 1fr; height: 1fr; }
    """

    def __init__(self, *, tile_style: str = "text", lang: str = "en", **kw) -> None:
        super().__init__(**kw)
        self.tile_style = tile_style
        self.lang = lang
        self.view: SeatView | None = None
        self.ui = BoardInput()
        self._layout_key: tuple[int, int] | None = None
        self._layout: BoardLayout | None = None
        self._strips: list[Strip] | None = None
        self._drawn: dict = {}
        self._drawn_key: tuple | None = None

    def show(self, view: SeatView | None, ui: BoardInput | None = None) -> None:
        """A new view (and input state) to paint: the rows that differ are refreshed."""
        if ui is not None:
            self.ui = ui
        self.view = view
        before = self._strips
        self._strips = None
        if before is None or not self.is_mounted or not self.size.area:
            self.refresh()
            return
        after = self._build_strips()
        if len(after) != len(before):
            self.refresh()
            return
        pairs = zip(before, after, strict=True)
        changed = [y for y, (old, new) in enumerate(pairs) if old is not new]
        if changed:
            self.refresh(*row_runs(changed, self.size.width))

    def layout_for(self, width: int, height: int) -> BoardLayout:
        if self._layout_key != (width, height) or self._layout is None:
            self._layout = board_layout(width, height, self.tile_style)
            self._layout_key = (width, height)
        return self._layout

    def on_resize(self) -> None:
        self._strips = None

    def lines(self) -> list[Text]:
        """The board as lines of text at the widget's size (tests read them)."""
        if self.view is None:
            return []
        lay = self.layout_for(self.size.width, self.size.height)
        return canvas(paint_board(self.view, lay, self.ui, self.lang))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        strips = self._build_strips()
        if 0 <= y < len(strips):
            return strips[y]
        return Strip.blank(width, self.rich_style)

    def _build_strips(self) -> list[Strip]:
        """The board's rows as strips at the widget's size, kept until the next change;
        a row equal to one drawn before keeps its strip (the same object)."""
        width = self.size.width
        if self._strips is None or len(self._strips) != self.size.height:
            console = self.app.console
            no_color = bool(getattr(self.app, "no_color", False))
            base = self.rich_style
            # A line equal to the one drawn last time keeps its strip: a discard
            # changes a few lines of the board, a cursor move one or three.
            before = self._drawn if self._drawn_key == (width, base) else {}
            drawn: dict[tuple, Strip] = {}
            strips = []
            for line in self.lines():
                key = _line_key(line)
                strip = before.get(key) or drawn.get(key)
                if strip is None:
                    segments = list(line.render(console))
                    if no_color:
                        segments = uncoloured(segments)
                    strip = Strip(segments).adjust_cell_length(width).apply_style(base)
                drawn[key] = strip
                strips.append(strip)
            blank = before.get(("blank",)) or Strip.blank(width, base)
            drawn[("blank",)] = blank
            strips += [blank] * (self.size.height - len(strips))
            self._strips = strips
            self._drawn, self._drawn_key = drawn, (width, base)
        return self._strips
