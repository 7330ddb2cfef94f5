"""`Flow`: pieces of text laid left to right that wrap between pieces, never inside one.

A result screen's hand is a row of tiles and then each meld; a yaku row's dora is
a list of indicator -> dora pairs. On one unbreakable line they were cut at the
edge of a narrow terminal (issue #19: `八萬 … 八索   六…    [四索] 二索 三…`, the
winning tile and a meld lost). In a `Flow` each piece (the concealed tiles, one
meld, one dora pair) stays whole on its line when it fits the width, and the next
piece goes on the next line when it does not; only a piece wider than the whole
width breaks, at its spaces (between tiles), so nothing is ever cut.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


class Flow:
    """`pieces` (each with the gap before it, in cells) wrapped between pieces."""

    def __init__(self, pieces: Sequence[tuple[int, Text]]) -> None:
        self.pieces = [(gap, piece) for gap, piece in pieces if piece.cell_len]

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        if not self.pieces:
            return Measurement(0, 0)
        widest = max(_longest_word(piece) for _, piece in self.pieces)
        total = sum(piece.cell_len for _, piece in self.pieces)
        total += sum(gap for gap, _ in self.pieces[1:])
        return Measurement(min(widest, options.max_width), min(total, options.max_width))

    def lines(self, width: int) -> list[Text]:
        """The pieces packed into lines of at most `width` cells (a piece wider than
        `width` gets a line of its own, which Rich then wraps at its spaces)."""
        out: list[Text] = []
        line = Text(end="")
        for gap, piece in self.pieces:
            if line.cell_len and line.cell_len + gap + piece.cell_len > width:
                out.append(line)
                line = Text(end="")
            if line.cell_len:
                line.append(" " * gap)
            line.append_text(piece)
        if line.cell_len:
            out.append(line)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            line = line.copy()
            line.no_wrap = False
            line.overflow = "fold"
            line.end = "\n"
            yield line


def _longest_word(text: Text) -> int:
    from rich.cells import cell_len

    return max((cell_len(word) for word in text.plain.split()), default=0)
