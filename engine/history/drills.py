"""Drill results (accuracy and time per drill kind, the questions to ask again) and
how far each lesson got.

    log = DrillLog(history_path(data_dir))
    log.record("waits", "waits:17", correct=False, seconds=8.2)
    log.summary()            # {"waits": DrillSummary(asked=1, correct=0, ...)}
    log.missed("waits")      # ["waits:17"]: wrong and not yet answered right since

One table of its own in the games' history file, made with `CREATE TABLE IF NOT
EXISTS`: the history's schema version (`PRAGMA user_version`, engine/history/db.py)
is not this module's to change, and a history file of any version can take the
table. A question is stored by its key (the drill kind and the seed that makes
it again), so a missed question comes back exactly as it was asked.

Trouble (locked, not a database, disk full) is `DrillLogError` with one line;
the drills go on without keeping the result rather than lose the session.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "DrillLog",
    "DrillLogError",
    "DrillSummary",
    "LessonProgress",
    "lesson_progress",
    "save_lesson",
]

_TABLE = """
CREATE TABLE IF NOT EXISTS drill_results (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    question TEXT NOT NULL,
    correct INTEGER NOT NULL,
    seconds REAL NOT NULL,
    at REAL NOT NULL
)
"""


_LESSONS = """
CREATE TABLE IF NOT EXISTS lesson_progress (
    lesson TEXT PRIMARY KEY,
    step INTEGER NOT NULL,
    done INTEGER NOT NULL,
    at REAL NOT NULL
)
"""


class DrillLogError(Exception):
    """The drill results could not be read or written; the message is one line."""


@dataclass(frozen=True, slots=True)
class DrillSummary:
    """One drill kind's figures over every answer kept."""

    asked: int
    correct: int
    seconds: float  # total time spent answering

    @property
    def accuracy(self) -> float:
        return self.correct / self.asked if self.asked else 0.0

    @property
    def average_seconds(self) -> float:
        return self.seconds / self.asked if self.asked else 0.0


class DrillLog:
    """The `drill_results` table of one history file (opened for each call: short
    transactions, so a game recording at the same time is never kept waiting)."""

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time,
                 timeout: float = 2.0) -> None:
        self.path = Path(path)
        self.clock = clock
        self.timeout = timeout

    def _connect(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=self.timeout)
            conn.execute(_TABLE)
            conn.execute(_LESSONS)
            return conn
        except (sqlite3.Error, OSError) as error:
            raise DrillLogError(f"drill results in {self.path}: {error}") from None

    def _run(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        conn = self._connect()
        try:
            with conn:
                return conn.execute(sql, args).fetchall()
        except sqlite3.Error as error:
            raise DrillLogError(f"drill results in {self.path}: {error}") from None
        finally:
            conn.close()

    def _number(self, value: object) -> int | float:
        """A numeric cell: SQLite rows are untyped, and a SUM over no answers is NULL (0).
        A cell of another type (the file edited by hand) is a DrillLogError, not a crash."""
        if value is None:
            return 0
        if isinstance(value, (int, float)):
            return value
        raise DrillLogError(f"drill results in {self.path}: {value!r} is not a number")

    def record(self, kind: str, question: str, *, correct: bool, seconds: float) -> None:
        """Keep one answer."""
        self._run(
            "INSERT INTO drill_results (kind, question, correct, seconds, at) "
            "VALUES (?, ?, ?, ?, ?)",
            (kind, question, int(correct), float(seconds), self.clock()),
        )

    def summary(self) -> dict[str, DrillSummary]:
        """Per drill kind: answers, right answers, time spent."""
        rows = self._run(
            "SELECT kind, COUNT(*), SUM(correct), SUM(seconds) FROM drill_results "
            "GROUP BY kind ORDER BY kind"
        )
        return {
            str(kind): DrillSummary(int(self._number(asked)), int(self._number(right)),
                                    float(self._number(spent)))
            for kind, asked, right, spent in rows
        }

    def missed(self, kind: str) -> list[str]:
        """Questions of `kind` whose latest answer was wrong, oldest first."""
        rows = self._run(
            "SELECT question FROM drill_results AS r WHERE kind = ? AND correct = 0 "
            "AND id = (SELECT MAX(id) FROM drill_results WHERE kind = r.kind "
            "AND question = r.question) ORDER BY id",
            (kind,),
        )
        return [str(q) for (q,) in rows]


@dataclass(frozen=True, slots=True)
class LessonProgress:
    """How far a lesson got: the step to go on from, and whether it was ever finished."""

    step: int
    done: bool


def lesson_progress(log: DrillLog) -> dict[str, LessonProgress]:
    """Every lesson started: {lesson id: progress}."""
    rows = log._run("SELECT lesson, step, done FROM lesson_progress")
    return {str(lesson): LessonProgress(int(log._number(step)), bool(log._number(done)))
            for lesson, step, done in rows}


def save_lesson(log: DrillLog, lesson: str, step: int, *, done: bool) -> None:
    """Keep the step reached (a lesson once finished stays finished)."""
    log._run(
        "INSERT INTO lesson_progress (lesson, step, done, at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT(lesson) DO UPDATE SET step = excluded.step, "
        "done = MAX(done, excluded.done), at = excluded.at",
        (lesson, step, int(done), log.clock()),
    )
