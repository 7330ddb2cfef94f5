"""`LearnApp`: a small app around one learning screen (`mahjong-tui drill`, `learn`).

It shows the screen it is given and exits when that screen is dismissed; the
full game's app (`tui.app.MahjongApp`) pushes the same screens from its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from ..no_color import use_safe_filters
from ..screens import APP_CSS_PATH


class LearnApp(App[None]):
    """One learning screen, made when the app mounts (so it can use the app)."""

    TITLE = "mahjong-tui"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH: ClassVar = [APP_CSS_PATH]
    BINDINGS: ClassVar = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(self, make_screen: Callable[[], Screen[Any]], lang: str = "en") -> None:
        super().__init__()
        use_safe_filters(self)
        self.make_screen = make_screen
        self.lang = lang

    def on_mount(self) -> None:
        self.push_screen(self.make_screen(), callback=lambda _: self.exit())

    def on_open_glossary(self, message: Any) -> None:
        """The glossary from any learning screen (`tui.screens.glossary.OpenGlossary`)."""
        from ..screens.glossary import GlossaryScreen

        self.push_screen(GlossaryScreen(self.lang, query=getattr(message, "query", "")))
