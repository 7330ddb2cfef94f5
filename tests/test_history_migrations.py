"""Every file an earlier mahjong-tui wrote as its history migrates in place to the one
schema, nothing lost (issue #19).

The fixtures (`tests/fixtures/history/*.sql`) were written by the code of those
versions, run from git by `tests/fixtures/history/make.py`: the games' history as
schema 2, 3, 4 and 5, with and without the learning tables the old drill log added
to it, the learning-only file the drill log made in a fresh data directory (drills
before the lessons, drills and lessons, lessons only), and the bug's aftermath: the
learning-only file moved aside as ``history.sqlite3.corrupt-*`` beside a new games
history. For each: every row of every old table is still there, column for column;
the figures read through the public API are the ones the old version kept; nothing
was moved, and the file is the current version."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from engine.storage.history.db import APPLICATION_ID, SCHEMA_VERSION, HistoryDB, history_path
from engine.storage.history.drills import DrillLog, DrillSummary, LessonProgress, lesson_progress

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "history"
ASIDE = "history.sqlite3.corrupt-20260101-120000"

GAMES = {"games_v2", "games_v3", "games_v4", "games_v5", "games_v2_then_drills",
         "games_v4_then_learning", "games_v5_then_learning", "moved_aside"}
DRILLS = {  # what the old drill log kept: per kind (asked, right, seconds), missed
    "summary": {"fu": DrillSummary(2, 1, 11.5), "waits": DrillSummary(3, 1, 22.0)},
    "missed": {"fu": ["fu:1"], "waits": ["waits:9"]},
}
LESSONS = {"tiles": LessonProgress(0, True), "dora": LessonProgress(3, False)}
WITH_DRILLS = {"drills_v1_only", "learning_only", "games_v2_then_drills",
               "games_v4_then_learning", "games_v5_then_learning"}
WITH_LESSONS = {"learning_only", "lessons_only", "games_v4_then_learning",
                "games_v5_then_learning"}
SHAPES = sorted(p.name.removesuffix(".sql") for p in FIXTURES.glob("*.sql")
                if not p.name.endswith(".aside.sql"))


def build(fixture: str, path: Path) -> None:
    """The file `fixture` describes, at `path` (its header too)."""
    conn = sqlite3.connect(path)
    conn.executescript((FIXTURES / f"{fixture}.sql").read_text())
    conn.close()


def rows(path: Path) -> dict[str, tuple[tuple[str, ...], list[tuple[object, ...]]]]:
    """Every table of the file: its columns and all its rows, in a stable order."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        out = {}
        for name in names:
            columns = tuple(r[1] for r in conn.execute(f'PRAGMA table_info("{name}")'))
            listed = ", ".join(f'"{c}"' for c in columns)
            out[name] = (columns, sorted(
                conn.execute(f'SELECT {listed} FROM "{name}"').fetchall(), key=repr))
        return out
    finally:
        conn.close()


def header(path: Path) -> tuple[int, int]:
    conn = sqlite3.connect(path)
    try:
        return (conn.execute("PRAGMA application_id").fetchone()[0],
                conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def test_every_shape_an_earlier_version_wrote_has_a_fixture():
    assert set(SHAPES) == GAMES | WITH_DRILLS | WITH_LESSONS
    assert (FIXTURES / "moved_aside.aside.sql").exists()


@pytest.mark.parametrize("fixture", SHAPES)
def test_each_old_file_migrates_in_place_with_every_row_kept(fixture, tmp_path):
    path = history_path(tmp_path)
    build(fixture, path)
    before = rows(path)
    with HistoryDB(path) as db:
        assert db.problem is None and db.kept_as is None
    # version 6 is the one schema that holds the learning tables with the games
    assert header(path) == (APPLICATION_ID, SCHEMA_VERSION) and SCHEMA_VERSION >= 6
    after = rows(path)
    for table, (columns, old_rows) in before.items():
        new_columns, new_rows = after[table]
        assert new_columns[: len(columns)] == columns  # columns are only ever added
        kept = sorted((row[: len(columns)] for row in new_rows), key=repr)
        if fixture == "moved_aside" and table in ("drill_results", "lesson_progress"):
            assert set(old_rows) <= set(kept)  # and the rows taken back from the old file
        else:
            assert kept == old_rows, table
    assert {"games", "seats", "hands", "hand_yaku", "drill_results",
            "lesson_progress"} <= set(after)
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # nothing moved


@pytest.mark.parametrize("fixture", SHAPES)
def test_each_old_file_reads_back_what_the_old_version_kept(fixture, tmp_path):
    path = history_path(tmp_path)
    build(fixture, path)
    if fixture == "moved_aside":
        build("moved_aside.aside", tmp_path / ASIDE)
    log = DrillLog(path)
    # the first to open it may be any of them: the drill log here, the games below
    summary, lessons = log.summary(), lesson_progress(log)
    with HistoryDB(path) as db:
        games = db.games()
        assert db.incomplete_games() == []
    assert len(games) == (3 if fixture in GAMES else 0)
    if fixture in GAMES:
        assert [g.seed for g in games] == [1, 2, 3]
        assert games[0].hands[0].yaku == ("riichi", "menzen_tsumo")
        assert games[0].human.points == 31000 - 2000 * games[0].human_seat
    if fixture == "moved_aside":  # the bug's aftermath: the moved-aside progress is back
        assert summary == {"fu": DrillSummary(3, 2, 13.5), "waits": DrillSummary(3, 1, 22.0)}
        assert log.missed("fu") == []  # fu:1 was answered right after the move
        assert log.missed("waits") == ["waits:9"]
        assert lessons == LESSONS
        return
    if fixture in WITH_DRILLS:
        assert summary == DRILLS["summary"]
        for kind, missed in DRILLS["missed"].items():
            assert log.missed(kind) == missed
    else:
        assert summary == {}
    assert lessons == (LESSONS if fixture in WITH_LESSONS else {})


def test_the_moved_aside_file_is_only_read_and_taken_back_once(tmp_path):
    path = history_path(tmp_path)
    build("moved_aside", path)
    aside = tmp_path / ASIDE
    build("moved_aside.aside", aside)
    shutil.copy(aside, tmp_path / (ASIDE + "-2"))  # the same progress moved aside twice
    before = aside.read_bytes()
    log = DrillLog(path)
    assert log.summary()["fu"] == DrillSummary(3, 2, 13.5)
    assert log.summary()["fu"] == DrillSummary(3, 2, 13.5)  # opened again: not again
    assert aside.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [path.name, ASIDE, ASIDE + "-2"])


def test_a_moved_aside_file_that_is_not_learning_progress_is_left_out(tmp_path):
    path = history_path(tmp_path)
    build("games_v5", path)
    (tmp_path / ASIDE).write_bytes(b"really broken" * 100)
    build("games_v4", tmp_path / (ASIDE + "-2"))  # a games history: not the rescue's
    log = DrillLog(path)
    assert log.summary() == {} and lesson_progress(log) == {}
    assert (tmp_path / ASIDE).read_bytes() == b"really broken" * 100


def test_a_learning_only_file_with_a_table_of_another_shape_is_left_untouched(tmp_path):
    """Same table name, other columns: not ours. Reported, never moved or written."""
    from engine.storage.history.db import ForeignHistory
    from engine.storage.history.drills import DrillLogError

    path = history_path(tmp_path)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE drill_results (id INTEGER PRIMARY KEY, score REAL)")
    conn.execute("INSERT INTO drill_results (score) VALUES (1.5)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(ForeignHistory, match="left untouched"):
        HistoryDB(path)
    with pytest.raises(DrillLogError, match="another program"):
        DrillLog(path).record("fu", "fu:1", correct=True, seconds=1.0)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


@pytest.mark.parametrize("fails_at", [0, 2, 5])
def test_a_crash_mid_migration_of_a_learning_only_file_loses_nothing(fails_at, tmp_path,
                                                                     monkeypatch):
    """Each step is one transaction: a step that fails leaves the file as the step
    before left it (at step 0: the old learning-only file itself, not yet marked as
    ours), and the next open finishes the migration with every answer kept."""
    from engine.storage.history import db as history_db

    path = history_path(tmp_path)
    build("learning_only", path)
    before = rows(path)

    def crash(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x)")
        raise RuntimeError("killed during the migration")

    steps = list(history_db.MIGRATIONS)
    steps[fails_at] = crash
    monkeypatch.setattr(history_db, "MIGRATIONS", tuple(steps))
    with pytest.raises(RuntimeError, match="killed"):
        HistoryDB(path)
    assert header(path) == ((APPLICATION_ID if fails_at else 0), fails_at)
    assert "half_done" not in rows(path)
    assert {t: rows(path)[t] for t in before} == before
    monkeypatch.undo()
    log = DrillLog(path)
    assert log.summary() == DRILLS["summary"] and lesson_progress(log) == LESSONS
    assert header(path) == (APPLICATION_ID, SCHEMA_VERSION)
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]
