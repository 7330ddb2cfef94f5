"""The history (SQLite): finished games, the player's statistics over them, and
the learning progress, in one schema with one opener.

`stats` turns a game's events into a `GameRecord` and many records into figures
(pure); `db` opens the file (migrating every earlier shape, `legacy`), stores
records, one transaction per game, and reads them back; `drills` keeps drill
answers and lesson steps through the same opener.
"""

from .db import (
    DEFAULT_TIMEOUT,
    HISTORY_NAME,
    SCHEMA_VERSION,
    ForeignHistory,
    HistoryDB,
    HistoryError,
    HistoryLocked,
    KeptRow,
    NewerHistory,
    history_path,
    record_game,
    record_game_once,
    set_game_log,
)
from .stats import GameRecord, HandFacts, IncompleteGame, Summaries, Summary, game_record, summarize

__all__ = [
    "DEFAULT_TIMEOUT",
    "HISTORY_NAME",
    "SCHEMA_VERSION",
    "ForeignHistory",
    "GameRecord",
    "HandFacts",
    "HistoryDB",
    "HistoryError",
    "HistoryLocked",
    "IncompleteGame",
    "KeptRow",
    "NewerHistory",
    "Summaries",
    "Summary",
    "game_record",
    "history_path",
    "record_game",
    "record_game_once",
    "set_game_log",
    "summarize",
]
