"""`LearnApp`: a small app around one learning screen (`mahjong-tui drill`, `learn`).

It shows the screen it is given and exits when that screen is dismissed; the
full game's app (`tui.app.MahjongApp`) pushes the same screens from its own.
Asked for the first game after the lessons (`tui.navigation.PlayFirstGame`), it
exits with that game's `GameConfig`: `mahjong-tui learn` then starts the full app
on it (this app has no table).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from ..app_process import ProcessApp
from ..navigation import PlayFirstGame
from ..no_color import use_safe_filters
from ..screens import APP_CSS_PATH
from ..settings import GameConfig


class LearnApp(ProcessApp, App[GameConfig | None]):
    """One learning screen, made when the app mounts (so it can use the app).

    A `ProcessApp`, as the game is: it refuses to draw without a terminal and a
    crash is an exit status with its traceback kept."""

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

    def on_play_first_game(self, message: PlayFirstGame) -> None:
        """The first game: exit with its config (a new random seed, shown at the table)."""
        from ..screens.launch import random_seed
        from .first_game import first_game_config

        message.stop()
        self.exit(first_game_config(GameConfig(), lang=message.lang, tiles=message.tiles,
                                    seed=random_seed()))
