"""Games and learning progress share one history file and one opener (issue #19):
whichever opens a fresh data directory first -- a drill, a lesson, the lesson menu,
`stats`, the launch screen's `h`, a finished game -- nothing is moved aside and
nothing is lost, in every order.

The bug: `mahjong-tui drill fu`, one answer, quit, then `mahjong-tui stats` said the
history "is an SQLite file but not a mahjong-tui history", moved it aside, exited 2,
and the drill results and lessons were gone. Here the drill runs through the real
`drill` and `learn` commands (their app is driven by Pilot instead of a terminal)
and `stats` runs as a real process over the same `MAHJONG_TUI_DATA`."""

from __future__ import annotations

import itertools
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine.storage.history.db import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    HistoryDB,
    NewerHistory,
    history_path,
    record_game,
    record_game_once,
)
from engine.storage.history.drills import DrillLog, DrillLogError, lesson_progress, save_lesson
from engine.storage.history.stats import GameRecord, HandFacts, SeatResult
from rules.ruleset import load_preset
from tui.commands.stats import load_summaries
from tui.learn.app import LearnApp
from tui.learn.drill_run import DrillSession

ROOT = Path(__file__).resolve().parent.parent


def a_game(seed: int = 7) -> GameRecord:
    hands = (HandFacts(0, 0, 0, True, True, True, False, True, False, 8000, 0, 8000,
                       ("riichi", "menzen_tsumo")),)
    seats = tuple(SeatResult(s, 25000 + (8000 if s == 0 else -2700 + s), 4 - s if s else 1,
                             0.0, 0.0) for s in range(4))
    return GameRecord("wrc", {}, seed, 100.0, 200.0, 0, seats, hands)


def moved_aside(data: Path) -> list[str]:
    return sorted(p.name for p in data.iterdir() if ".corrupt-" in p.name)


# ---------------------------------------------------------------------- every order

# Each step does what the app does, through the same code: the drill screen's session
# answering a question, the lesson screen saving a step, the lesson menu and the drill
# menu reading, `stats` / `h` (load_summaries), the end of a game (record_game_once).


def drill(data: Path) -> None:
    session = DrillSession("fu", load_preset("wrc"), 3, "en", DrillLog(history_path(data)))
    assert session.problem is None
    question = session.next_question()
    assert question is not None
    wrong = next(c.value for c in question.choices if c.value not in question.answer)
    session.answer({wrong}, 4.0)
    assert session.problem is None and session.log is not None


def lesson(data: Path) -> None:
    save_lesson(DrillLog(history_path(data)), "dora", 2, done=True)


def menus(data: Path) -> None:
    """The lesson menu's read, then the drill menu's (each opens the file)."""
    lesson_progress(DrillLog(history_path(data)))
    DrillLog(history_path(data)).summary()


def stats(data: Path) -> None:
    _, _, problem = load_summaries(data)
    assert problem is None


def game(data: Path) -> None:
    _, problem, added = record_game_once(history_path(data), a_game(), key="game-7")
    assert problem is None and added


STEPS = {"drill": drill, "lesson": lesson, "menus": menus, "stats": stats, "game": game}
ORDERS = list(itertools.permutations(STEPS))


@pytest.mark.parametrize("order", ORDERS, ids="-".join)
def test_every_order_of_opening_keeps_everything(order, tmp_path):
    for step in order:
        STEPS[step](tmp_path)
        assert moved_aside(tmp_path) == [], step
    log = DrillLog(history_path(tmp_path))
    summary = log.summary()["fu"]
    assert (summary.asked, summary.correct) == (1, 0)
    assert log.missed("fu") == ["fu:3"]
    assert lesson_progress(log)["dora"].done
    summaries, _, problem = load_summaries(tmp_path)
    assert problem is None and summaries.overall.games == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]


def test_reading_a_fresh_data_directory_creates_nothing(tmp_path):
    assert DrillLog(history_path(tmp_path)).summary() == {}
    assert lesson_progress(DrillLog(history_path(tmp_path))) == {}
    assert DrillLog(history_path(tmp_path)).missed("fu") == []
    load_summaries(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_the_first_drill_answer_makes_the_history_itself(tmp_path):
    drill(tmp_path)
    conn = sqlite3.connect(history_path(tmp_path))
    head = (conn.execute("PRAGMA application_id").fetchone()[0],
            conn.execute("PRAGMA user_version").fetchone()[0])
    conn.close()
    assert head == (APPLICATION_ID, SCHEMA_VERSION)


# ---------------------------------------------------------------------- the real commands


class Captured:
    """`LearnApp.run` replaced: the command builds its app exactly as it would for a
    terminal, and the test drives that app with Pilot."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.apps: list[LearnApp] = []
        monkeypatch.setattr(LearnApp, "run", lambda app, *a, **k: self.apps.append(app))


def run_cli(data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MAHJONG_TUI_DATA": str(data), "XDG_CONFIG_HOME": str(data / "cfg")}
    return subprocess.run([sys.executable, "-m", "tui.cli", *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


async def answer_one_drill_question(app: LearnApp) -> str:
    """`mahjong-tui drill fu`: answer one question wrong by its key, then quit."""
    from tui.screens.drill import DrillScreen

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        question = screen.question
        assert question is not None
        wrong = next(c for c in question.choices if c.value not in question.answer)
        await pilot.press(wrong.key)
        if question.multi:
            await pilot.press("enter")
        await pilot.pause()
        assert screen.answered is False
        await pilot.press("escape")
        await pilot.pause()
        return question.key


async def lesson_menu_rows(app: LearnApp) -> list[tuple[str, str, str]]:
    from tui.screens.lesson_menu import LessonMenuScreen

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonMenuScreen)
        return list(screen.rows)


async def test_drill_then_stats_through_the_real_commands(tmp_path, monkeypatch):
    from tui.cli import main

    data = tmp_path / "data"
    monkeypatch.setenv("MAHJONG_TUI_DATA", str(data))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    captured = Captured(monkeypatch)
    assert main(["drill", "fu", "--seed", "3"]) == 0
    key = await answer_one_drill_question(captured.apps[-1])

    done = run_cli(data, "stats")
    assert (done.returncode, done.stderr) == (0, "")
    assert "No finished games recorded yet" in done.stdout
    done = run_cli(data, "stats", "--json")
    assert done.returncode == 0 and '"games": 0' in done.stdout
    assert moved_aside(data) == []

    log = DrillLog(history_path(data))
    assert log.summary()["fu"].asked == 1 and log.missed("fu") == [key]


async def test_learn_progress_survives_stats_and_a_game(tmp_path, monkeypatch):
    from tui.cli import main
    from tui.learn.course import COURSE

    data = tmp_path / "data"
    monkeypatch.setenv("MAHJONG_TUI_DATA", str(data))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    # the lesson screen's own save, as after the last step of lesson 1 and step 2 of 2
    save_lesson(DrillLog(history_path(data)), COURSE[0].id, 0, done=True)
    save_lesson(DrillLog(history_path(data)), COURSE[1].id, 1, done=False)
    assert run_cli(data, "stats").returncode == 0
    record_game(history_path(data), a_game())
    assert run_cli(data, "stats").returncode == 0
    captured = Captured(monkeypatch)
    assert main(["learn"]) == 0
    rows = await lesson_menu_rows(captured.apps[-1])
    assert rows[0][2] == "done"
    assert rows[1][2] == f"step 2 of {len(COURSE[1].steps)}"
    assert all(row[2] == "-" for row in rows[2:])
    assert moved_aside(data) == []


@pytest.mark.parametrize("first", ["drill", "h"])
async def test_the_launch_screen_h_before_or_after_a_drill(first, tmp_path):
    from tui.app import MahjongApp
    from tui.screens.stats import StatsScreen

    async def press_h() -> None:
        app = MahjongApp(seed=5, data_dir=tmp_path, delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("h")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StatsScreen)
            assert screen.problem is None
            assert not any("kept as" in str(n.message) for n in app._notifications)

    if first == "h":
        await press_h()
        drill(tmp_path)
    else:
        drill(tmp_path)
        await press_h()
    await press_h()
    assert moved_aside(tmp_path) == []
    assert DrillLog(history_path(tmp_path)).summary()["fu"].asked == 1


# ---------------------------------------------------------------------- newer, foreign, damaged


def test_a_game_over_another_programs_file_is_played_and_said_not_recorded(tmp_path):
    from engine.game import Start
    from engine.scripted import autopilot, scripted_game
    from engine.storage.history_recorder import HistoryRecorder

    path = history_path(tmp_path)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.execute("INSERT INTO notes VALUES ('mine')")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    played = scripted_game("wrc", ["234m456m678p2345s", "258m147p369s1234z",
                                   "258m147p369s1234z", "369m258p147s5567z"],
                           start=Start(round_wind=1, hand_number=3))
    while not played.is_over:
        played.apply(autopilot(played, played.pending_seats()[0]))
    said: list[tuple[str, dict[str, object]]] = []
    recorder = HistoryRecorder(tmp_path)
    assert recorder.update(played, lambda message, **kw: said.append((message, kw))) is None
    [(message, kw)] = said
    assert "another program" in message and "not recorded" in message
    assert kw["title"] == "The game was not added to the history"
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def newer_file(path: Path) -> bytes:
    record_game(path, a_game())
    drill(path.parent)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    return path.read_bytes()


def test_a_newer_history_is_left_untouched_by_drills_lessons_games_and_stats(tmp_path):
    path = history_path(tmp_path)
    before = newer_file(path)
    log = DrillLog(path)
    for call in (lambda: log.record("fu", "fu:9", correct=True, seconds=1.0), log.summary,
                 lambda: log.missed("fu"), lambda: lesson_progress(log),
                 lambda: save_lesson(log, "dora", 1, done=False)):
        with pytest.raises(DrillLogError, match="newer mahjong-tui"):
            call()
    with pytest.raises(NewerHistory, match="left untouched"):
        record_game(path, a_game(8))
    with pytest.raises(NewerHistory):
        load_summaries(tmp_path)
    session = DrillSession("fu", load_preset("wrc"), 3, "en", log)
    assert session.problem is not None and "newer mahjong-tui" in session.problem
    question = session.next_question()  # the drill goes on, results not kept
    assert question is not None and session.answer(set(question.answer), 1.0)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_stats_on_a_newer_history_says_so_and_exits_2(tmp_path):
    path = history_path(tmp_path)
    before = newer_file(path)
    done = run_cli(tmp_path, "stats")
    assert done.returncode == 2 and "newer mahjong-tui" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert path.read_bytes() == before


def damaged(path: Path) -> bytes:
    """A learning-only file of the old drill log with its pages overwritten."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE drill_results (id INTEGER PRIMARY KEY, kind TEXT NOT NULL,"
                 " question TEXT NOT NULL, correct INTEGER NOT NULL, seconds REAL NOT NULL,"
                 " at REAL NOT NULL)")
    conn.executemany("INSERT INTO drill_results (kind, question, correct, seconds, at)"
                     " VALUES ('fu', ?, 1, 1.0, 1.0)", [(f"fu:{n}" * 40,) for n in range(400)])
    conn.commit()
    conn.close()
    data = bytearray(path.read_bytes())
    data[2 * 4096 + 8: 4 * 4096] = b"\xa5" * (2 * 4096 - 8)
    path.write_bytes(bytes(data))
    return bytes(data)


def test_only_a_damaged_file_is_moved_aside_and_the_drill_says_so(tmp_path):
    path = history_path(tmp_path)
    broken = damaged(path)
    session = DrillSession("fu", load_preset("wrc"), 3, "en", DrillLog(path))
    assert session.problem is not None and "kept as" in session.problem
    [kept] = moved_aside(tmp_path)
    assert (tmp_path / kept).read_bytes() == broken
    question = session.next_question()
    assert question is not None
    session.answer(set(question.answer), 1.0)
    assert DrillLog(path).summary()["fu"].asked == 1


def test_not_sqlite_at_all_is_moved_aside_by_whichever_opens_it_first(tmp_path):
    path = history_path(tmp_path)
    path.write_bytes(b"not a database" * 100)
    log = DrillLog(path)
    assert lesson_progress(log) == {}
    assert log.problem is not None and "kept as" in log.problem
    [kept] = moved_aside(tmp_path)
    assert (tmp_path / kept).read_bytes() == b"not a database" * 100
    with HistoryDB(path) as db:
        assert db.problem is None
