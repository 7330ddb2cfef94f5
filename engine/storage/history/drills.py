"""Drill results (accuracy and time per drill kind, the questions to ask again) and
how far each lesson got.

    log = DrillLog(history_path(data_dir))
    log.record("waits", "waits:17", correct=False, seconds=8.2)
    log.summary()            # {"waits": DrillSummary(asked=1, correct=0, ...)}
    log.missed("waits")      # ["waits:17"]: wrong and not yet answered right since

Two tables of the history's schema (`drill_results`, `lesson_progress`, version
6 of `engine.storage.history.db`), reached only through its opener `HistoryDB`, like the
games: whichever of drills, lessons, statistics or a game opens a fresh data
directory first, the file is the same history (issue #19: a drills-first file
used to be taken for another program's and moved aside). A question is stored by
its key (the drill kind and the seed that makes it again), so a missed question
comes back exactly as it was asked. Reading never creates the file.

Trouble (locked, newer or another program's file, disk full) is `DrillLogError`
with one line; the drills go on without keeping the result rather than lose the
session. A damaged file is moved aside by the opener, and `problem` says so.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .db import HistoryDB, HistoryError

__all__ = [
    "DrillLog",
    "DrillLogError",
    "DrillSummary",
    "LessonProgress",
    "lesson_progress",
    "save_lesson",
]


class DrillLogError(HistoryError):
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
    """The learning tables of one history file (opened for each call: short
    transactions, so a game recording at the same time is never kept waiting)."""

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time,
                 timeout: float = 2.0) -> None:
        self.path = Path(path)
        self.clock = clock
        self.timeout = timeout
        self.problem: str | None = None  # a damaged file was moved aside: say so once
        self._verified = False  # the whole file checked once (`HistoryDB.verify`)

    def _run(self, sql: str, args: tuple[object, ...] = (), *,
             write: bool = False) -> list[tuple[object, ...]]:
        """One statement through the history's opener; a read of a history that does
        not exist yet answers no rows and creates nothing."""
        if not write and not self.path.exists():
            self._check_place()
            return []
        try:
            with HistoryDB(self.path, timeout=self.timeout, verify=not self._verified) as db:
                self._verified = True
                if db.problem is not None:
                    self.problem = db.problem
                return db.run(sql, args)
        except HistoryError as error:
            raise DrillLogError(" ".join(f"drill results: {error}".split())) from None

    def _check_place(self) -> None:
        """Before there is a file: whether one could be made here (a drill says at its
        start, not at its first answer, that results will not be kept)."""
        folder = self.path.parent
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
            raise DrillLogError(
                f"drill results: cannot create {self.path.parent} ({folder} is not a "
                "writable folder)"
            )

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
            write=True,
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
        """Questions of `kind` whose latest answer was wrong, oldest first. Latest by
        time, then by row (answers taken back from a moved-aside file get new rows)."""
        rows = self._run(
            "SELECT question FROM drill_results AS r WHERE kind = ? AND correct = 0 "
            "AND NOT EXISTS (SELECT 1 FROM drill_results AS s WHERE s.kind = r.kind "
            "AND s.question = r.question AND (s.at > r.at OR (s.at = r.at AND s.id > r.id))) "
            "ORDER BY at, id",
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
        write=True,
    )
