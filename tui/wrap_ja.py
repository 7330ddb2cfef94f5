"""Japanese wraps between any two characters; Rich wraps only at spaces.

A Japanese sentence has no spaces, so Rich moves the whole run after a space
("2s と 5s 待ちで聴牌しています。しかし…") to the next line and folds it there,
leaving ragged half-empty lines. `JaWrapped` wraps a `Text` itself: a line may
break next to any wide (CJK) character or after a space, never inside an ASCII
word ("1000", "123m"), never before closing punctuation (。、) nor after an
opening bracket (the kinsoku rule).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

NO_LINE_START = set("。、，．・：；？！）」』】〕〉》ー…:;,.!?)]")  # kinsoku: never first
NO_LINE_END = set("（「『【〔〈《([")  # kinsoku: never last


def pieces(line: str) -> list[tuple[int, int]]:
    """(start, end) of the pieces a line may break between: each wide character alone,
    an ASCII word with its trailing spaces, closing punctuation kept with what it
    closes, an opening bracket with what it opens."""
    units: list[tuple[int, int]] = []
    i = 0
    while i < len(line):
        j = i + 1
        while j < len(line) and line[j - 1] in NO_LINE_END:
            j += 1  # an opening bracket goes with what follows it
        if cell_len(line[j - 1]) < 2 and not line[j - 1].isspace():
            while j < len(line) and cell_len(line[j]) < 2 and not line[j].isspace():
                j += 1
        while j < len(line) and (line[j].isspace() or line[j] in NO_LINE_START):
            j += 1
        units.append((i, j))
        i = j
    return units


def breaks(line: str, width: int) -> list[int]:
    """Offsets at which to break `line` (no newlines in it) to fit `width` cells."""
    offsets: list[int] = []
    used = 0
    for start, end in pieces(line):
        size = cell_len(line[start:end].rstrip())
        if used and used + size > width:
            offsets.append(start)
            used = 0
        used += cell_len(line[start:end])
    return offsets


class JaWrapped:
    """A `Text` drawn wrapped the Japanese way (`breaks`) at the width it is given."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        lines: list[Text] = []
        for line in self.text.split("\n", allow_blank=True):
            for part in line.divide(breaks(line.plain, width)):
                part.rstrip()
                lines.append(part)
        out = Text("\n").join(lines)
        out.no_wrap = True
        out.overflow = "fold"
        yield out
