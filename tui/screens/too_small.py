"""Shown instead of the game while the terminal is below the minimum size."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from ..words import message

MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmallScreen(ModalScreen[None]):
    """A clear notice with the size needed and the size there is; it goes away by
    itself when the terminal grows (the app watches resizes)."""

    BINDINGS: ClassVar = [Binding("ctrl+q", "app.quit", "Quit")]
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen #notice { width: auto; max-width: 100%; border: heavy $error;
        padding: 0 1; text-align: center; }
    """

    def __init__(self, width: int, height: int, lang: str = "en") -> None:
        super().__init__()
        self.actual = (width, height)
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self._text(), id="notice")

    def _text(self) -> str:
        width, height = self.actual
        return (
            message(
                "terminal_too_small",
                self.lang,
                width=MIN_WIDTH,
                height=MIN_HEIGHT,
                actual_width=width,
                actual_height=height,
            )
            + "\nEnlarge the window to play (ctrl+q quits)."
        )

    def update_size(self, width: int, height: int) -> None:
        self.actual = (width, height)
        if self.is_mounted:
            self.query_one("#notice", Static).update(self._text())
