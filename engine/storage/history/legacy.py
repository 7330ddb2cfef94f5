"""What earlier versions wrote to the history file that the schema must take in.

Before schema version 6 the learning progress lived in two tables that the drill
log made itself (`CREATE TABLE IF NOT EXISTS`) in whatever ``history.sqlite3``
it found: into a games history (any version) they were extra tables, and in a
fresh data directory they made a file of their own with no `application_id` and
`user_version` 0 -- a file the games' opener then took for another program's and
moved aside as ``history.sqlite3.corrupt-<time>`` (issue #19). Version 1 of the
drills (before the lessons) made only `drill_results`.

This module knows those shapes, so that the opener can tell such a file (to be
migrated in place) from another program's (left alone), and it finds the
learning progress that the old opener moved aside, to bring it back
(`rescue_moved_aside`): the moved file is only read, never changed.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

# The learning tables as the drill log made them before version 6: their columns in
# order. Version 6 makes them with exactly these columns, so rows copy one to one.
LEARNING_TABLES: dict[str, tuple[str, ...]] = {
    "drill_results": ("id", "kind", "question", "correct", "seconds", "at"),
    "lesson_progress": ("lesson", "step", "done", "at"),
}

MOVED_ASIDE = ".corrupt-"  # the old opener's name for a file it moved aside


def user_tables(conn: sqlite3.Connection, schema: str = "main") -> dict[str, tuple[str, ...]]:
    """Every table that is not SQLite's own, with its column names in order."""
    names = [
        str(row[0])
        for row in conn.execute(
            f"SELECT name FROM {schema}.sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
        )
    ]
    return {
        name: tuple(str(col[1]) for col in conn.execute(f'PRAGMA {schema}.table_info("{name}")'))
        for name in names
    }


def learning_only(tables: dict[str, tuple[str, ...]]) -> bool:
    """Whether `tables` are some of the learning tables, each in its old shape: the
    file an earlier drill log made on its own (an empty file is one too)."""
    return all(LEARNING_TABLES.get(name) == columns for name, columns in tables.items())


def rescue_moved_aside(conn: sqlite3.Connection, history: Path) -> int:
    """Copy into `conn`'s learning tables the progress kept in every file the old
    opener moved aside beside `history` that is a learning-only file; answer how
    many rows were added. Run once, by the migration to version 6, inside its
    transaction. A drill answer already present (same kind, question, answer, time
    and duration) is not added twice; a lesson keeps the furthest state of both.
    Files that cannot be read, or hold anything else, are skipped untouched."""
    added = 0
    for moved in sorted(history.parent.glob(history.name + MOVED_ASIDE + "*")):
        if moved.name.endswith(("-journal", "-wal", "-shm")) or not moved.is_file():
            continue
        rows = _learning_rows(moved)
        if rows is None:
            continue
        drills, lessons = rows
        for kind, question, correct, seconds, at in drills:
            seen = conn.execute(
                "SELECT 1 FROM drill_results WHERE kind = ? AND question = ? AND correct = ?"
                " AND seconds = ? AND at = ?",
                (kind, question, correct, seconds, at),
            ).fetchone()
            if seen is None:
                conn.execute(
                    "INSERT INTO drill_results (kind, question, correct, seconds, at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (kind, question, correct, seconds, at),
                )
                added += 1
        for lesson, step, done, at in lessons:
            cursor = conn.execute(
                "INSERT INTO lesson_progress (lesson, step, done, at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT(lesson) DO UPDATE SET"
                " step = CASE WHEN excluded.at > at THEN excluded.step ELSE step END,"
                " done = MAX(done, excluded.done), at = MAX(at, excluded.at)"
                " WHERE excluded.at > at OR excluded.done > done",
                (lesson, step, done, at),
            )
            added += cursor.rowcount
    return added


Rows = tuple[list[tuple[object, ...]], list[tuple[object, ...]]]


def _learning_rows(path: Path) -> Rows | None:
    """The drill answers (oldest first) and lesson steps of a learning-only file,
    opened read-only; None for anything else."""
    try:
        other = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        head = other.execute("PRAGMA application_id").fetchone()[0], other.execute(
            "PRAGMA user_version"
        ).fetchone()[0]
        tables = user_tables(other)
        if head != (0, 0) or not tables or not learning_only(tables):
            return None
        drills = (
            other.execute(
                "SELECT kind, question, correct, seconds, at FROM drill_results ORDER BY at, id"
            ).fetchall()
            if "drill_results" in tables
            else []
        )
        lessons = (
            other.execute("SELECT lesson, step, done, at FROM lesson_progress").fetchall()
            if "lesson_progress" in tables
            else []
        )
        return drills, lessons
    except sqlite3.Error:
        return None
    finally:
        with contextlib.suppress(sqlite3.Error):
            other.close()
