"""The event log: one readable line per thing that happened ("West: pon 5p from South").

The screen turns events into lines (`tui.table_text.event_text`); the log keeps the
last lines handed to it and shows as many of the newest as fit, each wrapped whole.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip

from .base import TileWidget

KEEP = 200
_BOLD = Style(bold=True)


@dataclass(frozen=True, slots=True)
class LogData:
    lines: tuple[str, ...] = ()

    def add(self, line: str) -> LogData:
        return LogData((*self.lines, line)[-KEEP:])


class LineCache:
    """Serve a widget's content line by line from strips made once per change.

    The widget's `render()` Text is laid out by Rich only when its data, style,
    language or width change; each repaint then costs a list look-up per line
    (the table repaints several of these widgets for every discard)."""

    _cache_key: object = None
    _cache_data: object = None
    _cache_strips: list[Strip]

    def render_line(self, y: int) -> Strip:  # type: ignore[override]
        width = self.content_size.width  # type: ignore[attr-defined]
        data = self.data  # type: ignore[attr-defined]
        key = (self.tile_style, self.lang, width, self.content_size.height)  # type: ignore[attr-defined]
        # The data by identity: a new value is a new object (frozen dataclasses), and a
        # deep comparison per painted line would cost more than the look-up it guards.
        if data is not self._cache_data or key != self._cache_key:
            self._cache_key, self._cache_data = key, data
            text = self.render()  # type: ignore[attr-defined]
            console = self.app.console  # type: ignore[attr-defined]
            options = console.options.update(width=max(1, width), no_wrap=True, height=None)
            lines = console.render_lines(text, options, pad=False, new_lines=False)
            self._cache_strips = [Strip(line) for line in lines]
        strips = self._cache_strips
        if y < len(strips):
            return strips[y].crop(0, width)
        return Strip.blank(width)


class EventLog(TileWidget[LogData]):
    """The newest lines that fit, each wrapped whole at the log's width (a line cut at
    the edge lost its end: "You: riichi stands (sticks on th", issue #19); continued
    rows are indented. What scrolls off the top is older."""

    DEFAULT_DATA = LogData()
    data: reactive[LogData] = reactive(DEFAULT_DATA, layout=False)
    _rows_key: object = None
    _rows_data: object = None
    _rows: list[Strip]

    def rows(self, width: int, height: int) -> list[Strip]:
        """The bottom `height` rows of the newest lines wrapped at `width` (made once per
        change of the lines or the size: the log repaints on every discard)."""
        data = self.data
        key = (width, height)
        # The data by identity (a new value is a new object), as `LineCache` does.
        if data is self._rows_data and key == self._rows_key:
            return self._rows
        rows: list[Strip] = []
        lines = self.data.lines
        for index in range(len(lines) - 1, -1, -1):
            if len(rows) >= height:
                break
            line = lines[index]
            bold = index == len(lines) - 1 or line.startswith("—")
            rows[:0] = wrap_line(line, width, _BOLD if bold else None)
        self._rows_data, self._rows_key = data, key
        self._rows = rows[-height:] if height else []
        return self._rows

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        height = max(1, self.content_size.height)
        rows = self.rows(width, height)
        return rows[y] if y < len(rows) else Strip.blank(width)

    def render(self) -> Text:
        lines = self.data.lines
        out = []
        for i, line in enumerate(lines):
            bold = i == len(lines) - 1 or line.startswith("—")
            out.append(Text(line, style="bold" if bold else "", end=""))
        return Text("\n", end="").join(out)


def wrap_line(line: str, width: int, style: Style | None) -> list[Strip]:
    """One log line as rows of at most `width` cells: broken at spaces where it can be,
    inside a word only when the word alone is wider; rows after the first indented."""
    if width <= 0:
        return []
    text = Text(line, end="")
    rows = text.wrap(_CONSOLE, max(1, width - 1), overflow="fold") if cell_len(line) > width \
        else [text]
    out = []
    for n, row in enumerate(rows):
        plain = row.plain.rstrip()
        out.append(Strip([Segment(("" if n == 0 else " ") + plain, style)]))
    return out


_CONSOLE = Console(width=200, file=io.StringIO(), color_system=None, legacy_windows=False)
