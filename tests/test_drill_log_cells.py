"""The drill log reads untyped SQLite cells: a hand-edited lesson step is one
DrillLogError, not a ValueError traceback. (The results are read through SUM and
COUNT, which SQLite always makes numbers.)"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from engine.storage.history.drills import DrillLog, DrillLogError, lesson_progress, save_lesson


def test_a_text_cell_in_the_lessons_is_a_drill_log_error(tmp_path: Path) -> None:
    log = DrillLog(tmp_path / "history.sqlite", clock=lambda: 1.0)
    save_lesson(log, "dora", 3, done=False)
    assert lesson_progress(log)["dora"].step == 3
    with sqlite3.connect(log.path) as conn:
        conn.execute("UPDATE lesson_progress SET step = 'three'")
    with pytest.raises(DrillLogError, match="'three' is not a number"):
        lesson_progress(log)
