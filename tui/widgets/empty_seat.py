"""The three-player table: the empty seat's side as a panel, and each seat's kita.

With three players (RULESETS.md §9) the North seat is empty: it has no hand, no river
and no melds, so its side of the board would be blank. The board gives that side to a
panel of what three-player play turns on and a four-player eye misses: each seat's
Norths set aside (kita, 抜きドラ) with the dora it shows (kita, dora and red fives
among its melds: how expensive its hand already is), and the rules that differ here
(tsumo loss, no chi, 9m after a 1m indicator). The board asks this module which side is
empty and what to paint there; it paints nothing of its own for the empty seat.

Everything comes from the view: the ruleset it names (with its house rules), the
seats' public kita and melds, the dora of the wall. The dora shown is a count of what
lies face up, as a player counts it across the table, not a score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from rich.text import Text

from engine.seat_view import SeatInfo, SeatView
from rules.ruleset import Ruleset, load_preset
from rules.tiles import Tile

from ..layout import BoardLayout, Rect
from ..tiles import tile_text
from ..words import message, wind_word

PANEL = "panel"  # the region the empty side's panel is painted in


@lru_cache(maxsize=16)
def _ruleset(preset: str, rules: tuple[tuple[str, Any], ...]) -> Ruleset:
    base = load_preset(preset)
    return base.with_overrides(dict(rules)) if rules else base


def ruleset_of(view: SeatView) -> Ruleset | None:
    """The ruleset the view names, its house rules applied (None if it names none known:
    a record's view may carry an id this build does not have)."""
    try:
        rules = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in view.house_rules)
        return _ruleset(view.ruleset, rules)
    except (KeyError, ValueError, TypeError):
        return None


def empty_seats(view: SeatView) -> frozenset[int]:
    """The absolute seats nobody plays (seat 3 with three players), none with four."""
    ruleset = ruleset_of(view)
    if ruleset is None or ruleset.players == 4:
        return frozenset()
    return frozenset(range(4)) - frozenset(ruleset.seats)


def empty_side(view: SeatView) -> int | None:
    """The empty seat relative to the viewer (1 right, 2 top, 3 left), or None."""
    empty = empty_seats(view)
    rels = [view.relative(seat) for seat in sorted(empty) if seat != view.seat]
    return rels[0] if rels else None


def panel_layout(lay: BoardLayout, rel: int) -> BoardLayout:
    """`lay` with the empty seat's regions (river, melds, hand, badge tag) given to one
    panel: their bounding box, which no other seat's region enters (a side seat's are
    one column; toimen's river lies under its hand row)."""
    names = [f"{part}-{rel}" for part in ("river", "melds", "tag", "hand")]
    if rel == 2:  # toimen's melds lie left of its hand: the panel is the river and hand
        names = ["river-2", "hand-2"]
    if rel != 2:  # a side hand is a two-cell column outside the river: not the panel's
        names = names[:3]
    rects = [lay.regions[n] for n in names if n in lay.regions and lay.regions[n].h > 0]
    regions = {k: v for k, v in lay.regions.items() if not k.endswith(f"-{rel}")}
    if rects:
        x, y = min(r.x for r in rects), min(r.y for r in rects)
        right, bottom = max(r.right for r in rects), max(r.bottom for r in rects)
        regions[PANEL] = Rect(x, y, right - x, bottom - y)
    return replace(lay, regions=regions)


KITA_FORMS = ("full", "count")


def kita_text(
    kita: Sequence[Tile], lay: BoardLayout, lang: str, form: str = "full",
    face: str | None = None,
) -> Text:
    """A seat's set-aside Norths, by its melds: "kita N N" (each one a dora); where the
    row is full, one face and a count ("N×2"), never a bare North a hand tile could be
    taken for. `face`: the player's own row passes its hand's face, so its Norths look
    like the North in its hand (北 beside kanji tiles, where the board's faces fell back
    to text), drawn short and without the face's padding ("北×1")."""
    if face is None:
        faces = [tile_text(tile, lay.face, short=lay.short, dora=True) for tile in kita]
    else:
        faces = [tile_text(tile, face, short=True, dora=True) for tile in kita]
        for shown in faces:
            shown.rstrip()
    if form == "count":
        return Text.assemble(faces[0], f"\u00d7{len(kita)}", end="", no_wrap=True)
    out = Text(end="", no_wrap=True)
    if form == "full":
        out.append(message("board_kita", lang), style="bold")
    for shown in faces:
        if out.cell_len:
            out.append(" ")
        out.append_text(shown)
    return out


def dora_shown(info: SeatInfo, dora: Sequence[Tile]) -> int:
    """The dora lying face up by a seat: each kita, each meld or kita tile of a dora
    kind (once per indicator pointing at it), each red five among its melds."""
    kinds = [t.kind for t in dora]
    tiles = [t for meld in info.melds for item in meld.tiles
             for t in (item.tile, item.stacked) if t is not None]
    tiles += info.kita
    return len(info.kita) + sum(kinds.count(t.kind) + (1 if t.red else 0) for t in tiles)


def panel_lines(view: SeatView, rect: Rect, lang: str) -> list[Text]:
    """The empty side's panel, wrapped to `rect` and cut to its height."""
    from .board import flow, wrap  # the board's own wrapping (it imports this module)

    ruleset = ruleset_of(view)
    kita = ruleset is None or bool(ruleset.kita)  # no kita counts where none is set aside
    title = message("panel_title" if kita else "panel_title_dora", lang)
    lines = wrap(Text(title, style="bold", end=""), rect.w)
    empty = empty_seats(view)
    for info in view.seats:
        if info.seat in empty:
            continue
        chunks = [Text(wind_word(info.wind).part(lang), style="bold", end="")]
        if kita:
            chunks.append(Text(message("panel_kita", lang, count=len(info.kita)), end=""))
        chunks.append(
            Text(message("panel_dora", lang, count=dora_shown(info, view.wall.dora)), end="")
        )
        lines += flow(chunks, rect.w, gap=1)
    if ruleset is not None:
        notes = []
        if ruleset.tsumo_loss != "none":
            notes.append(message(f"panel_{ruleset.tsumo_loss}", lang))
        if not ruleset.chi:
            notes.append(message("panel_no_chi", lang))
        if ruleset.removed_tiles:
            notes.append(message("panel_removed", lang))
        for note in notes:
            lines += wrap(Text(note, style="dim", end=""), rect.w)
    return lines[: rect.h]
