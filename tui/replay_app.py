"""`ReplayApp`: the replay viewer on its own (`mahjong-tui replay LOG`).

    ReplayApp(engine.log.replay("game-7.jsonl"), seat=None, tiles="text").run()

It opens `ReplayScreen` on the game and quits when the screen is closed (q, Esc).
Under NO_COLOR it draws in monochrome (`tui.no_color`), and a crash exits
non-zero (`tui.app_process`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding

from engine.timeline import Timeline

from .app_process import ProcessApp
from .navigation import Navigator  # screens post navigation messages; the app opens screens
from .no_color import use_safe_filters
from .screens import APP_CSS_PATH
from .screens.replay import ReplayScreen
from .tiles import check_style
from .words import check_lang


class ReplayApp(Navigator, ProcessApp, App[None]):
    """A recorded game, step by step, at the table."""

    TITLE = "mahjong-tui replay"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH: ClassVar = [APP_CSS_PATH]
    BINDINGS: ClassVar = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(
        self,
        game: Any,
        *,
        seat: int | None = None,
        tiles: str = "text",
        lang: str = "en",
        step: int | None = None,
    ) -> None:
        super().__init__()
        use_safe_filters(self)
        # The record (a `Timeline`, or a played game made one): the viewer holds no game.
        self.timeline = game if isinstance(game, Timeline) else Timeline.of(game)
        self.seat = seat
        self.tiles = check_style(tiles)
        self.lang = check_lang(lang)
        self.step = step

    def on_mount(self) -> None:
        screen = ReplayScreen(
            self.timeline, seat=self.seat, tiles=self.tiles, lang=self.lang, step=self.step
        )
        self.push_screen(screen, callback=lambda _: self.exit())
