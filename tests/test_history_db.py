"""The history file (engine.storage.history.db): games read back as recorded, one transaction
per game (a writer SIGKILLed mid-game leaves no trace of that game), migrations step by
step, and corrupt, foreign, newer or locked files reported without losing any game."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ai import LEVELS
from engine.driver import play_game
from engine.game import Game
from engine.storage.history import db as history_db
from engine.storage.history.db import (
    SCHEMA_VERSION,
    ForeignHistory,
    HistoryDB,
    HistoryLocked,
    NewerHistory,
    history_path,
    migrate,
    record_game,
)
from engine.storage.history.stats import GameRecord, HandFacts, SeatResult, game_record
from rules.ruleset import load_preset

ROOT = Path(__file__).resolve().parent.parent


def bot_record(preset: str, seed: int) -> GameRecord:
    game = Game.new(load_preset(preset), seed, shuffle_seats=True)
    players = [LEVELS["greedy"](seat, seed) for seat in range(4)]
    asyncio.run(play_game(game, players, yield_every=0, concurrent=False))
    return game_record(game.events, started_at=1000.0 + seed, ended_at=2000.0 + seed)


def big_record(n: int, hands: int = 40) -> GameRecord:
    """A long game (many rows per transaction), numbered by its seed."""
    facts = tuple(
        HandFacts(i // 4 % 4, i % 4, 0, i % 4 == 0, i % 3 == 0, i % 6 == 0, i % 5 == 0,
                  i % 2 == 0, i % 7 == 0, 1000 * (i % 3 == 0), 2000 * (i % 5 == 0), 100 * i,
                  ("riichi", "tanyao") if i % 3 == 0 else ())
        for i in range(hands)
    )
    seats = tuple(SeatResult(s, 25000 + s, 4 - s, 0.0, float(s)) for s in range(4))
    return GameRecord("wrc", {"aka": 3}, n, float(n), float(n) + 0.5, n % 4, seats, facts)


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    return [bot_record("wrc", 21), bot_record("jpml", 22), bot_record("wrc", 23)]


def test_recorded_games_read_back_identical(tmp_path, records):
    path = history_path(tmp_path)
    with HistoryDB(path) as db:
        ids = [db.record(r) for r in records]
        assert ids == [1, 2, 3]
    with HistoryDB(path) as db:  # a new connection: what is on disk
        assert db.games() == records
        assert db.games("jpml") == [records[1]]
        assert db.count() == 3 and db.count("wrc") == 2
        assert db.rulesets() == ["jpml", "wrc"]
        assert db.incomplete_games() == []
        assert db.problem is None
        assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_record_game_opens_records_and_closes(tmp_path, records):
    game_id, problem = record_game(history_path(tmp_path / "new" / "dir"), records[0])
    assert (game_id, problem) == (1, None)
    with HistoryDB(history_path(tmp_path / "new" / "dir")) as db:
        assert db.games() == [records[0]]


def test_a_game_that_fails_mid_write_leaves_nothing(tmp_path, records):
    path = history_path(tmp_path)
    with HistoryDB(path) as db:
        db.record(records[0])

        def crash() -> None:
            raise RuntimeError("power cut")

        with pytest.raises(RuntimeError, match="power cut"):
            db.record(records[1], before_commit=crash)
        assert db.games() == [records[0]]
        assert db.record(records[2]) == 2  # the connection is still usable
    with HistoryDB(path) as db:
        assert db.games() == [records[0], records[2]]


# ---------------------------------------------------------------------- a kill mid-write

WRITER = """
import sys, time
sys.path.insert(0, {root!r})
from test_history_db import big_record
from engine.storage.history.db import HistoryDB
path, start, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with HistoryDB(path) as db:
    n = start
    while True:
        hold = None
        if mode == "hold" and n == start + 3:
            def hold():
                print("inside", n, flush=True)
                time.sleep(60)
        db.record(big_record(n), before_commit=hold)
        print("committed", n, flush=True)
        n += 1
"""


def _writer(path: Path, start: int, mode: str) -> subprocess.Popen:
    code = WRITER.format(root=str(ROOT / "tests"))
    return subprocess.Popen(
        [sys.executable, "-c", code, str(path), str(start), mode],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )


def _check_whole(path: Path) -> list[int]:
    """Every stored game is exactly the one written; returns their seeds."""
    with HistoryDB(path) as db:
        assert db.problem is None
        assert db.incomplete_games() == []
        games = db.games()
    for game in games:
        assert game == big_record(game.seed)
    return [g.seed for g in games]


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_statistics_survive_a_kill_in_the_middle_of_a_write(tmp_path):
    path = history_path(tmp_path)
    # 1. Killed inside a transaction, for certain: the game being written is not there.
    writer = _writer(path, 0, "hold")
    lines = []
    while not lines or not lines[-1].startswith("inside"):
        line = writer.stdout.readline()
        assert line, "the writer stopped"
        lines.append(line)
    assert path.with_name(path.name + "-journal").exists()  # a write was under way
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    writer.stdout.close()
    assert _check_whole(path) == [0, 1, 2]
    # 2. Killed at arbitrary moments of a busy writer, three times over the same file.
    seeds = [0, 1, 2]
    for round_, delay in enumerate((0.35, 0.5, 0.65)):
        start = 100_000 * (round_ + 1)  # far apart: a fast disk writes hundreds a second
        writer = _writer(path, start, "loop")
        assert writer.stdout.readline().startswith("committed")
        time.sleep(delay)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        # Only whole lines: the kill can cut the last one mid-write ("committ", or
        # "committed 10" of "committed 1002"), which the writer never finished saying.
        said = writer.stdout.read().split("\n")[:-1]
        committed = [int(x.split()[1]) for x in said if x]
        writer.stdout.close()
        stored = _check_whole(path)
        new = [s for s in stored if s >= start]
        assert new == list(range(start, start + len(new)))  # in order, no gaps
        assert len(new) >= 1 + len(committed)  # all it said were committed (and maybe one more)
        seeds += new
        assert stored == seeds


# ---------------------------------------------------------------------- migrations


def _v1_file(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, to=1)
    conn.execute("INSERT INTO games VALUES (1, 'wrc', '{}', 7, 1.0, 2.0, 2, 2, 1)")
    conn.executemany(
        "INSERT INTO seats VALUES (1, ?, ?, ?, ?, ?)",
        [(0, 20000, 4, -15.0, -25.0), (1, 30000, 2, 5.0, 5.0), (2, 40000, 1, 15.0, 35.0),
         (3, 10000, 3, -5.0, -15.0)],
    )
    conn.execute("INSERT INTO hands VALUES (1, 0, 0, 0, 0, 1, 1, 1, 0, 1, 0, 8000, 0, 8000,"
                 " 'riichi menzen_tsumo pinfu')")
    conn.execute("INSERT INTO hands VALUES (1, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 2000, -2000, '')")
    conn.close()


def test_a_version_1_file_is_migrated_step_by_step_keeping_every_game(tmp_path):
    path = history_path(tmp_path)
    _v1_file(path)
    with HistoryDB(path) as db:
        assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
        columns = [row[1] for row in db.conn.execute("PRAGMA table_info(hands)")]
        assert "yaku" not in columns
        [game] = db.games()
        assert db.incomplete_games() == []
    assert (game.ruleset, game.seed, game.human_seat, game.sticks) == ("wrc", 7, 2, 1)
    assert game.human == SeatResult(2, 40000, 1, 15.0, 35.0)
    first, second = game.hands
    assert first.won and first.tsumo and first.riichi and first.dealer and first.win_value == 8000
    assert first.yaku == ("riichi", "menzen_tsumo", "pinfu")
    assert second.dealt_in and second.called and second.deal_in_value == 2000
    assert second.yaku == ()


def test_a_failed_migration_step_leaves_the_previous_version(tmp_path, monkeypatch):
    path = history_path(tmp_path)
    _v1_file(path)

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x)")
        raise RuntimeError("crash during the migration")

    monkeypatch.setattr(history_db, "MIGRATIONS", (history_db._v1, broken))
    conn = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(RuntimeError, match="crash during"):
        migrate(conn, to=2)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert not conn.execute("SELECT * FROM sqlite_master WHERE name = 'half_done'").fetchall()
    conn.close()
    monkeypatch.undo()
    with HistoryDB(path) as db:  # the real step still applies afterwards
        assert len(db.games()) == 1


def test_a_file_from_a_newer_version_is_left_untouched(tmp_path, records):
    path = history_path(tmp_path)
    record_game(path, records[0])
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(NewerHistory, match="newer mahjong-tui"):
        HistoryDB(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


# ---------------------------------------------------------------------- corrupt files


def _kept(tmp_path: Path) -> list[Path]:
    return sorted(p for p in tmp_path.iterdir() if ".corrupt-" in p.name)


def test_a_corrupt_file_is_reported_kept_aside_and_new_games_still_recorded(tmp_path, records):
    path = history_path(tmp_path)
    garbage = b"these bytes are not an SQLite database at all" * 100
    path.write_bytes(garbage)
    game_id, problem = record_game(path, records[0])
    assert game_id == 1
    assert problem is not None and "could not be read" in problem and str(path) in problem
    [kept] = _kept(tmp_path)
    assert kept.name in problem and kept.read_bytes() == garbage  # kept, byte for byte
    with HistoryDB(path) as db:
        assert db.problem is None and db.games() == [records[0]]


def test_damaged_pages_are_found_and_the_file_kept(tmp_path, records):
    path = history_path(tmp_path)
    with HistoryDB(path) as db:
        for n in range(30):
            db.record(big_record(n))
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 6 * page
    data[3 * page + 8 : 5 * page] = b"\xa5" * (2 * page - 8)
    path.write_bytes(bytes(data))
    with HistoryDB(path) as db:
        assert db.problem is not None and db.kept_as is not None
        assert db.kept_as.read_bytes() == bytes(data)
        assert db.games() == []
        db.record(records[1])
    with HistoryDB(path) as db:
        assert db.games() == [records[1]]


def test_a_kept_file_is_never_overwritten(tmp_path):
    path = history_path(tmp_path)
    fixed = lambda: 1_700_000_000.0  # noqa: E731  # the same time stamp both times
    path.write_bytes(b"first broken file" * 50)
    HistoryDB(path, clock=fixed).close()
    path.write_bytes(b"second broken file" * 50)
    HistoryDB(path, clock=fixed).close()
    first, second = _kept(tmp_path)
    assert {first.read_bytes(), second.read_bytes()} == {
        b"first broken file" * 50, b"second broken file" * 50
    }
    assert second.name == first.name + "-2"


def test_a_leftover_journal_never_reaches_the_new_file(tmp_path, records):
    path = history_path(tmp_path)
    path.write_bytes(b"not a database" * 100)
    path.with_name(path.name + "-journal").write_bytes(b"journal of the broken file" * 100)
    with HistoryDB(path) as db:
        assert db.kept_as is not None and db.kept_as.read_bytes() == b"not a database" * 100
        db.record(records[0])
    with HistoryDB(path) as db:
        assert db.problem is None and db.games() == [records[0]]


def test_an_sqlite_file_of_another_program_is_reported_and_left_untouched(tmp_path, records):
    """Issue #19: a file SQLite can read is never moved aside (it used to be, as
    'not a mahjong-tui history'): another program's file is reported, left byte for
    byte, and no game is written into it."""
    path = history_path(tmp_path)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE games (x)")
    conn.execute("INSERT INTO games VALUES ('theirs')")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(ForeignHistory, match=r"another program.*left untouched"):
        HistoryDB(path)
    with pytest.raises(ForeignHistory):
        record_game(path, records[0])
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


# ---------------------------------------------------------------------- locked files


def test_a_locked_file_is_reported_after_retrying_and_left_alone(tmp_path, records):
    path = history_path(tmp_path)
    record_game(path, records[0])
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program holds the file
    started = time.monotonic()
    with pytest.raises(HistoryLocked, match="locked by another program"):
        HistoryDB(path, timeout=0.3)
    assert time.monotonic() - started >= 0.25  # it retried before reporting
    other.execute("ROLLBACK")
    other.close()
    assert _kept(tmp_path) == []
    with HistoryDB(path) as db:
        assert db.games() == [records[0]]


def test_a_write_blocked_by_another_writer_is_reported_and_nothing_half_written(
    tmp_path, records
):
    path = history_path(tmp_path)
    db = HistoryDB(path, timeout=0.2)
    db.record(records[0])
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # readers may read; nobody else may write
    with pytest.raises(HistoryLocked):
        db.record(records[1])
    assert db.games() == [records[0]]
    with HistoryDB(path, timeout=0.1) as reader:  # opening to read takes no write lock
        assert reader.games() == [records[0]]
    other.execute("ROLLBACK")
    other.close()
    assert db.record(records[1]) == 2
    db.close()


def test_an_unwritable_place_is_a_history_error(tmp_path, records):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the data directory should be")
    with pytest.raises(history_db.HistoryError, match="cannot create"):
        record_game(history_path(blocker / "sub"), records[0])

