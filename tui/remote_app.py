"""`RemoteApp`: the app of `mahjong-tui join` and `mahjong-tui watch`, a table on a server.

It holds no game and no save: the server does. It takes no lock on the data
directory either (two friends at two terminals of one machine share it); the only
file it writes there is the seat token (`tui.seat_tokens`). `join` sits at the
table with the same `TableScreen` as a local game (`tui.remote_play`); `watch`
opens the spectator's screen (`tui.screens.watch`). When the server cannot be
reached, or refuses, `problem` says why in one line and the app ends: the command
prints it and exits 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding

from engine.server.remote_seat import Invitation, Refused, RemoteTable, Unreachable

from .app_process import ProcessApp
from .navigation import Navigator
from .no_color import use_safe_filters
from .remote_play import RemoteSeatPlay, remote_table_screen
from .screens import APP_CSS_PATH
from .settings import GameConfig


class RemoteApp(Navigator, ProcessApp, App[None]):
    """A seat (`name` given) or the spectators' place (`name` None) at a server's table."""

    TITLE = "mahjong-tui"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH: ClassVar = [APP_CSS_PATH]
    BINDINGS: ClassVar = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(
        self,
        invitation: Invitation,
        *,
        name: str | None,
        config: GameConfig,
        data_dir: Path | None,
    ) -> None:
        super().__init__()
        use_safe_filters(self)
        self.invitation = invitation
        self.player = name
        self.config = config
        self.data_dir = data_dir
        self.crash_dir = data_dir
        self.problem: str | None = None
        self.play: RemoteSeatPlay | None = None
        self.spectating: RemoteTable | None = None

    def on_mount(self) -> None:
        self.run_worker(self._sit_down(), exclusive=True, group="connect", name="connect")

    async def _sit_down(self) -> None:
        try:
            if self.player is None:
                remote = RemoteTable(self.invitation)
                await remote.open()
                self.spectating = remote
                self._watch(remote)
                return
            play = self.play = RemoteSeatPlay(self.invitation, self.player, self.data_dir)
            await play.open()
        except (Unreachable, Refused) as error:
            self._stop(str(error))
            return
        self.push_screen(remote_table_screen(
            self, play, self.config, on_game_over=self.exit, on_refused=self._stop,
        ))

    def _watch(self, remote: RemoteTable) -> None:
        from .screens.watch import WatchScreen

        async def connect(spectator: Any) -> None:
            try:
                await remote.attach(spectator)
            except Refused as error:
                self._stop(str(error))

        screen = WatchScreen(connect, tile_style=self.config.tiles, lang=self.config.lang,
                             delay=self.config.delay)
        def status(line: str) -> None:
            self.notify(line, title="Table server", timeout=8)
            screen.say(line)

        remote.on_status = status
        self.push_screen(screen)

    def _stop(self, problem: str) -> None:
        self.problem = problem
        self.exit()
