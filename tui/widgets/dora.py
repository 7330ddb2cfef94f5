"""Dora indicators with the dora each one points to, named next to it.

Learners confuse the indicator (the tile turned up on the dead wall) with the
dora (the next tile in order, 000 第9条イ), so every indicator is followed by
an arrow and the dora tile itself, in dora highlight and by name. Slots not yet
revealed (kan dora to come) are shown as tile backs; ura indicators, once
revealed at a riichi win, get a second line of their own.

The successor order is a fixed fact of the tiles (`rules.tiles.dora_from_indicator`),
not a ruleset choice, so the panel can name the dora without game logic.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive

from rules.tiles import Tile, dora_from_indicator

from ..tiles import DEFAULT_STYLE, tile_text
from ..words import term, tile_name
from .base import TileWidget

ARROW = "->"  # ASCII: arrows like → are of ambiguous width in CJK terminals
ENTRY_GAP = 2


@dataclass(frozen=True, slots=True)
class DoraData:
    """Revealed `indicators` in order, out of `slots` in all (1 + possible kan dora);
    `ura` holds the ura indicators once they are revealed (a riichi win), else nothing."""

    indicators: tuple[Tile, ...] = ()
    slots: int = 5
    ura: tuple[Tile, ...] = ()
    vertical: bool = False


def dora_entry(indicator: Tile, style: str = DEFAULT_STYLE, lang: str = "en") -> Text:
    """`3m -> 4m`, `N  -> E  East 東`: the indicator, an arrow, the dora and its name.

    The name is added whenever the face alone does not spell it: honors (`N ` is
    a letter, 東 a kanji, and a learner needs "East 東") and every unicode glyph.
    """
    kind = dora_from_indicator(indicator.kind)
    entry = Text(end="", no_wrap=True)
    entry.append_text(tile_text(indicator, style))
    entry.append(f" {ARROW} ")
    entry.append_text(tile_text(Tile(kind), style, dora=True))
    if kind >= 27 or style == "unicode":
        entry.append(f" {tile_name(kind, lang)}", style="bold")
    return entry


def dora_text(data: DoraData, style: str = DEFAULT_STYLE, lang: str = "en") -> Text:
    """The panel: a labelled line (or column) of entries, then the ura line if revealed."""
    entries = [dora_entry(t, style, lang) for t in data.indicators]
    hidden = max(0, data.slots - len(data.indicators))
    entries += [tile_text(None, style) for _ in range(hidden)]
    sections = [(term("dora", lang), entries)]
    if data.ura:
        sections.append((term("ura", lang), [dora_entry(t, style, lang) for t in data.ura]))
    lines: list[Text] = []
    for label, items in sections:
        if data.vertical:
            lines.append(Text(label, style="bold", end=""))
            lines.extend(items)
        else:
            line = Text(label, style="bold", end="", no_wrap=True)
            for item in items:
                line.append(" " * ENTRY_GAP)
                line.append_text(item)
            lines.append(line)
    return Text("\n", end="", no_wrap=True).join(lines)


class DoraPanel(TileWidget[DoraData]):
    """Indicators, the dora each points to (named), unrevealed slots as backs, ura if shown."""

    DEFAULT_DATA = DoraData()
    data: reactive[DoraData] = reactive(DEFAULT_DATA, layout=True)

    def state_classes(self) -> dict[str, bool]:
        data = self.data
        return {
            "-kan-dora": len(data.indicators) > 1,
            "-ura": bool(data.ura),
            "-vertical": data.vertical,
        }

    def render(self) -> Text:
        return dora_text(self.data, self.tile_style, self.lang)
