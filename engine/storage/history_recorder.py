"""The host's hook that adds each finished game to the history (`engine.storage.history`).

The host of the app's game (`engine.table_host.TableHost.save`) calls
`HistoryRecorder.update` with the game at every save: it notes when a game was
first seen and records the game once when it is over, in the history beside the
save (`MahjongApp.data_dir` / `MAHJONG_TUI_DATA`), keyed by the game's id
(`game_id` in its setup) so that a retried record is never a second one, with
the name its log is kept under in ``games/`` (`engine.game_finish` runs the
whole end of a game); a game the app does not save (a scripted game handed in
without a data directory) is not recorded either. A failure is a notification,
never a crash. The write runs on the UI's thread: a locked history holds the
screen for up to `RECORD_TIMEOUT` seconds before it is reported. A game of a
session is recorded with the session's id and its number in it
(`with_session`). The database code loads when the first game ends, not at
start-up.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game
    from engine.storage.history.stats import GameRecord

HISTORY_FILE = "history.sqlite3"  # engine.storage.history.db.HISTORY_NAME (a test keeps them equal)
RECORD_TIMEOUT = 2.0  # seconds a locked history is retried before it is reported


class HistoryRecorder:
    """Records each finished game once, into the history in `data_dir`."""

    def __init__(
        self,
        data_dir: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        timeout: float = RECORD_TIMEOUT,
    ) -> None:
        self.path = Path(data_dir) / HISTORY_FILE
        self.clock = clock
        self.timeout = timeout
        self.problem: str | None = None  # the last trouble reported
        self._game: Game | None = None  # the game being played, and when it was first seen
        self._started_at = 0.0
        self._recorded: Game | None = None
        self.added = False  # the last record added the game (False: it was there already)

    def update(self, game: Game, notify: Callable[..., Any] | None = None) -> int | None:
        """Note `game`; once it is over, record it (once). Returns the new game id."""
        if game is self._recorded:
            return None
        if game is not self._game:
            self._game = game
            self._started_at = self.clock()  # a resumed game: when it was resumed
        if not game.is_over:
            return None
        self._recorded = game
        started = game.setup.get("started_at")
        started_at = float(started) if isinstance(started, int | float) else self._started_at
        return self.record(game, started_at=started_at, ended_at=self.clock(), notify=notify)

    def record(
        self,
        game: Game,
        *,
        started_at: float,
        ended_at: float,
        key: str | None = None,
        log: str | None = None,
        notify: Callable[..., Any] | None = None,
    ) -> int | None:
        """Record the finished `game` under its id (once, however often this is called
        for it); the history's id of the game, or None if it could not be written
        (`problem` says why, and `notify` was told). `log`: where the game's whole
        log is kept, relative to the data directory (``games/<id>.jsonl``)."""
        if key is None and isinstance(game.setup.get("game_id"), str):
            key = game.setup["game_id"]
        try:
            from engine.storage.history import db as history
            from engine.storage.history.stats import game_record

            record = with_session(game_record(
                game.events, game.seating.index(0), started_at=started_at, ended_at=ended_at
            ), game.setup)
            game_id, problem, self.added = history.record_game_once(
                self.path, record, key=key, timeout=self.timeout, log=log
            )
        except Exception as error:  # the history must never stop the game
            self.added = False
            self.problem = str(error) or type(error).__name__
            if notify is not None:
                notify(self.problem, title="The game was not added to the history",
                       severity="error")
            return None
        if problem is not None:
            self.problem = problem
            if notify is not None:
                notify(problem, title="Game history", severity="warning")
        return game_id

    def repoint(self, key: str, log: str) -> str | None:
        """The game recorded under `key` was kept as `log` (not the name it was recorded
        with): say so in its row. The trouble, if it could not be written (the game
        list then finds the log by its id instead)."""
        try:
            from engine.storage.history import db as history

            history.set_game_log(self.path, key, log, timeout=self.timeout)
        except Exception as error:  # never stops the game: the file is kept all the same
            return str(error) or type(error).__name__
        return None


def with_session(record: GameRecord, setup: dict[str, Any]) -> GameRecord:
    """The record with the session its game belongs to (`setup["session"]`, written by
    the app when it starts a game of a session: its id and the game's number)."""
    from dataclasses import replace

    session = setup.get("session")
    if not isinstance(session, dict):
        return record
    key, number = session.get("id"), session.get("game")
    if not isinstance(key, str) or not isinstance(number, int) or isinstance(number, bool):
        return record
    return replace(record, session_key=key, session_game=number)
