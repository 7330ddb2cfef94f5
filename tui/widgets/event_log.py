"""The event log: one readable line per thing that happened ("West: pon 5p from South").

The screen turns events into lines (`tui.describe.event_text`); the log keeps the
last lines handed to it and shows as many of the newest as fit.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    DEFAULT_DATA = LogData()
    data: reactive[LogData] = reactive(DEFAULT_DATA, layout=False)

    def add_line(self, line: str) -> None:
        self.data = self.data.add(line)

    def render_line(self, y: int) -> Strip:
        """One line of the newest that fit: a single segment each (cheap to repaint)."""
        width = self.content_size.width
        height = max(1, self.content_size.height)
        lines = self.data.lines[-height:]
        if y >= len(lines):
            return Strip.blank(width)
        line = lines[y]
        bold = y == len(lines) - 1 or line.startswith("—")
        return Strip([Segment(line, _BOLD if bold else None)]).crop(0, width)

    def render(self) -> Text:
        height = max(1, self.content_size.height or 1)
        lines = self.data.lines[-height:]
        out = []
        for i, line in enumerate(lines):
            newest = i == len(lines) - 1
            style = "bold" if newest else ("bold" if line.startswith("—") else "")
            out.append(Text(line, style=style, overflow="ellipsis", no_wrap=True, end=""))
        return Text("\n", end="").join(out)
