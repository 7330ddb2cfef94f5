"""The key bar: what you may do right now, exactly, with the key for each.

The prompt itself ("[c] Chi 4p: [3p 5p]   [p] Pon 4p   [n] Pass") is drawn by the
board (`tui.widgets.board.PromptData`). The screen builds the keys from the legal
actions (`tui.table_text.action_text`); this only shows them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from .base import TileWidget
from .event_log import LineCache


@dataclass(frozen=True, slots=True)
class KeyHint:
    key: str  # as shown: "t", "Enter", "1-9"
    label: str  # what it does, one word: "tsumo"
    enabled: bool = True
    stays: bool = False  # never gives way on a narrow row (a screen's way out)


@dataclass(frozen=True, slots=True)
class KeyBarData:
    keys: tuple[KeyHint, ...] = ()


def hint_cells(hint: KeyHint) -> int:
    """Cells one hint takes: its key, a space and its label."""
    return cell_len(hint.key) + 1 + cell_len(hint.label)


def fit_hints(hints: Sequence[KeyHint], width: int) -> tuple[KeyHint, ...]:
    """The hints that fit one row of `width` cells, never cut: when all do not fit, the
    greyed ones (no use at this moment) give way first, then the ones that act now,
    each time the last listed first; the first hint (help, `?`, where every key is
    listed) and those marked `stays` (a way out) always stay. The order is kept."""
    kept = list(hints)

    def cells() -> int:
        return sum(hint_cells(h) for h in kept) + max(0, len(kept) - 1)

    for greyed in (True, False):
        for hint in reversed(list(kept[1:])):
            if cells() <= width:
                return tuple(kept)
            if hint.enabled != greyed and not hint.stays:
                kept.remove(hint)
    return tuple(kept)


class KeyBar(LineCache, TileWidget[KeyBarData]):
    """The footer: the shown bindings, greyed out when they cannot act now, on one row
    that is never cut (`fit_hints` says which give way on a narrow terminal).

    Cheaper than Textual's Footer (one line of text, no widget per key), so it can
    follow every change of what is legal."""

    DEFAULT_DATA = KeyBarData()
    data: reactive[KeyBarData] = reactive(DEFAULT_DATA, layout=False)

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis", end="")
        width = self.content_size.width or 10_000
        for hint in fit_hints(self.data.keys, width):
            if out.cell_len:
                out.append(" ")
            look = "bold reverse" if hint.enabled else "dim reverse"
            out.append(hint.key, style=look)
            out.append(f" {hint.label}", style="" if hint.enabled else "dim")
        return out
