"""The history of finished games (SQLite) and the player's statistics over it.

`stats` turns a game's events into a `GameRecord` and many records into figures
(pure); `db` stores records, one transaction per game, and reads them back.
"""

from .db import (
    DEFAULT_TIMEOUT,
    HISTORY_NAME,
    SCHEMA_VERSION,
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
