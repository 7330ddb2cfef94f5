"""A spectator at a server's table: the public table live, each hand opened once over.

The spectator's stream is redacted for `Observer.spectator()` on the server: no
concealed tile, no draw, until the rules lay a hand open (a win, the tenpai hands
of a draw, the end of the hand). `Spectator` is its watcher (a host `Watcher`, the
frames fed by `engine.server.remote_seat.RemoteTable`); the screen draws the last
view it was told on the same `Board` as the table, with the event log beside it,
and paces what it is told: a short pause after each move so it can be followed,
a longer one on each hand's end, where the hands lie open. `q` stops watching.
The seat panels name who plays each seat, as the server tells it (`lineup_changed`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen

from engine.events import (
    Called,
    Discarded,
    Event,
    ExhaustiveDraw,
    GameEnded,
    HandStarted,
    Won,
)
from engine.fold import ruleset_of
from engine.frames import Frame, Seated, Status
from engine.seat_view import SeatView

from ..lineup_text import board_players, lineup_news
from ..table_text import event_text
from ..widgets import WIDGETS_CSS_PATH
from ..widgets.board import Board, BoardInput
from ..widgets.event_log import KEEP as LOG_KEEP
from ..widgets.event_log import EventLog, LogData
from . import TABLE_CSS_PATH

HAND_OVER_PAUSE = 4.0  # seconds the open hands stay before the next deal (at least)


class Spectator:
    """The spectator's watcher: each frame on to the screen, paced."""

    def __init__(self, on_frame: Callable[[Frame], None], delay: float,
                 on_lineup: Callable[[Any], None] | None = None) -> None:
        self.on_frame = on_frame
        self.on_lineup = on_lineup
        self.delay = delay
        self.frames = 0
        self.latest: SeatView | None = None

    def lineup_changed(self, lineup: Any) -> None:
        """Who plays each seat now: on to the screen."""
        if self.on_lineup is not None:
            self.on_lineup(lineup)

    async def update(self, frame: Frame) -> None:
        catching_up = self.frames == 0
        self.frames += 1
        self.latest = frame.view
        self.on_frame(frame)
        if catching_up:
            return
        events = [e for e in frame.events if not isinstance(e, Seated | Status)]
        if not frame.events and frame.view.own.tiles:  # the ended hand, every hand open
            await asyncio.sleep(max(HAND_OVER_PAUSE, 8 * self.delay))
        elif self.delay > 0 and any(isinstance(e, Discarded | Called | Won | ExhaustiveDraw)
                                    for e in events):
            await asyncio.sleep(self.delay)


class WatchScreen(Screen[None]):
    """The public table of a game on a server, as a spectator sees it."""

    CSS_PATH: ClassVar = [WIDGETS_CSS_PATH, TABLE_CSS_PATH]
    BINDINGS: ClassVar = [Binding("q", "stop", "Stop watching")]

    class Told(Message):
        def __init__(self, frame: Frame) -> None:
            super().__init__()
            self.frame = frame

    class Lined(Message):
        def __init__(self, lineup: Any) -> None:
            super().__init__()
            self.lineup = lineup

    def __init__(
        self,
        connect: Callable[[Spectator], Awaitable[Any]],
        *,
        tile_style: str = "text",
        lang: str = "en",
        delay: float = 0.4,
        leave_app: bool = True,
    ) -> None:
        super().__init__()
        self.leave_app = leave_app  # q ends the app (`watch`), else back (the launch screen)
        self.tile_style = tile_style
        self.lang = lang
        self.spectator = Spectator(self._told, delay, self._lined)
        self.lineup: Any = None  # who plays each seat (`engine.server.lineup`), if told
        self.players = board_players(None)  # what the seat panels show of it
        self._connect = connect
        self.view: SeatView | None = None
        self.status = "watching: waiting for the game to start"
        self.lines: list[str] = []
        self.over = False
        self._dealer = 0
        self._seats: Sequence[int] = range(4)  # the seats in play (the view's ruleset)

    def _lined(self, lineup: Any) -> None:
        """The spectator's line-up callback: on to the message queue."""
        self.post_message(self.Lined(lineup))

    def _told(self, frame: Frame) -> None:
        """The spectator's frame callback: on to the message queue."""
        self.post_message(self.Told(frame))

    def compose(self) -> ComposeResult:
        kw: dict[str, Any] = {"tile_style": self.tile_style, "lang": self.lang}
        with Horizontal(id="main"):
            yield Board(id="board", **kw)
            with Vertical(id="sidebar"):
                yield EventLog(id="log", **kw)

    def on_mount(self) -> None:
        self.run_worker(self._connect(self.spectator), exclusive=True, group="engine",
                        name="engine")

    def action_stop(self) -> None:
        if self.leave_app:
            self.app.exit()
        else:
            self.dismiss(None)

    def on_watch_screen_told(self, message: Told) -> None:
        frame = message.frame
        if frame.view is not None and frame.view.ruleset:  # the game's ruleset, once named
            self._seats = ruleset_of(frame.view).seats
        for event in frame.events:
            self._note(event)
        self.view = frame.view
        self._paint()

    def on_watch_screen_lined(self, message: Lined) -> None:
        self.lines += lineup_news(self.lineup, message.lineup, self.lang)
        self.lineup = message.lineup
        self.players = board_players(message.lineup, self.lang)
        self._paint()

    def _note(self, event: Event | Seated | Status) -> None:
        if isinstance(event, Seated | Status):
            return
        if isinstance(event, HandStarted):
            self._dealer = event.dealer
        if isinstance(event, GameEnded):
            self.over = True
        line = event_text(event, None, self._dealer, self.lang, self._seats)
        if line:
            self.lines.append(line)

    def say(self, line: str) -> None:
        self.status = line
        self._paint()

    def _paint(self) -> None:
        if not self.is_mounted:
            return
        status = self.status
        if self.view is not None and not status.startswith(("lost", "the ")):
            status = "watching (q stops)" + (": the game is over" if self.over else "")
        self.query_one("#board", Board).show(self.view, BoardInput(status=status,
                                                                   players=self.players))
        log = self.query_one("#log", EventLog)
        if self.lines:
            log.update_data(LogData((*log.data.lines, *self.lines)[-LOG_KEEP:]))
            self.lines = []
