"""The end of a game is one idempotent step keyed by the game's id: record, then
clear. Whatever stops it (a kill between the record and the clear, a locked
history, a full disk), the game ends up in the history exactly once, and a
record that could not be written waits in ``games/`` for the next launch."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.game import Game, Start
from engine.game_finish import finish_game, settle_pending
from engine.scripted import autopilot, scripted_game
from engine.storage.history.db import HistoryDB, history_path, record_game
from engine.storage.history_recorder import HistoryRecorder
from engine.storage.kept_games import header_game_id, kept_games, pending_games
from engine.storage.save_store import SaveStore

ROOT = Path(__file__).resolve().parent.parent
HANDS = ["234m456m678p2345s", "258m147p369s1234z", "258m147p369s1234z", "369m258p147s5567z"]


def last_hand(store: SaveStore) -> Game:
    """South 4 of a wrc game, saved as it is played, then played to its end."""
    game = scripted_game("wrc", HANDS, start=Start(round_wind=1, hand_number=3))
    store.save(game)
    while not game.is_over:
        game.apply(autopilot(game, game.pending_seats()[0]))
        store.save(game)
    return game


def stored(data: Path) -> list[str | None]:
    """The game keys in the history, one per recorded game."""
    if not history_path(data).exists():
        return []
    with HistoryDB(history_path(data)) as db:
        assert db.incomplete_games() == []
        return [row[0] for row in db.conn.execute("SELECT game_key FROM games")]


class Killed(Exception):
    """The process stopped between the record and the removal of the save."""


def test_a_normal_end_records_once_and_clears(tmp_path):
    store = SaveStore(tmp_path, durable=False)
    game = last_hand(store)
    done = finish_game(store, HistoryRecorder(tmp_path), game)
    assert done.recorded and done.problems == [] and not store.path.exists()
    assert stored(tmp_path) == [game.setup["game_id"]]
    finish_game(store, HistoryRecorder(tmp_path), game)  # again: nothing new
    assert stored(tmp_path) == [game.setup["game_id"]]


def test_killed_between_the_record_and_the_clear_is_recorded_once(tmp_path):
    store = SaveStore(tmp_path, durable=False)
    game = last_hand(store)

    def kill() -> None:
        raise Killed

    with pytest.raises(Killed):
        finish_game(store, HistoryRecorder(tmp_path), game, before_clear=kill)
    assert store.path.exists() and len(stored(tmp_path)) == 1  # recorded, not cleared
    # The next launch finishes the job, and records nothing twice.
    notes = settle_pending(SaveStore(tmp_path, durable=False), HistoryRecorder(tmp_path))
    assert notes == []  # nothing was missing from the history
    assert not store.path.exists()
    assert stored(tmp_path) == [game.setup["game_id"]]


KILLER = textwrap.dedent(
    """
    import os, signal, sys
    sys.path.insert(0, {tests!r})
    from test_game_end_consistency import last_hand
    from engine.game_finish import finish_game
    from engine.storage.history_recorder import HistoryRecorder
    from engine.storage.save_store import SaveStore
    data = sys.argv[1]
    store = SaveStore(data)
    game = last_hand(store)
    finish_game(store, HistoryRecorder(data), game,
                before_clear=lambda: os.kill(os.getpid(), signal.SIGKILL))
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_real_sigkill_between_record_and_clear(tmp_path):
    """Three real processes killed with SIGKILL at that moment, each relaunched."""
    code = KILLER.format(tests=str(ROOT / "tests"))
    keys = []
    for n in range(3):
        data = tmp_path / f"run{n}"
        run = subprocess.run([sys.executable, "-c", code, str(data)], cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == -signal.SIGKILL, run.stderr
        assert (data / "save.jsonl").exists() and len(stored(data)) == 1
        settle_pending(SaveStore(data), HistoryRecorder(data))
        settle_pending(SaveStore(data), HistoryRecorder(data))  # and once more
        assert not (data / "save.jsonl").exists()
        [key] = stored(data)
        keys.append(key)
    assert len(set(keys)) == 3  # three games, three ids


def test_a_locked_history_keeps_the_game_pending_then_records_it_once(tmp_path):
    record_game(history_path(tmp_path), _any_record()[0])
    store = SaveStore(tmp_path, durable=False)
    game = last_hand(store)
    other = sqlite3.connect(history_path(tmp_path), isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        done = finish_game(store, HistoryRecorder(tmp_path, timeout=0.1), game)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert not done.recorded and not store.path.exists()
    [pending] = pending_games(tmp_path)
    assert done.pending == pending and pending.name == f"{game.setup['game_id']}.pending.jsonl"
    assert game.setup["game_id"] not in stored(tmp_path)

    notes = settle_pending(SaveStore(tmp_path, durable=False), HistoryRecorder(tmp_path))
    assert "were added now" in notes[0] or "added now" in notes[0]
    assert pending_games(tmp_path) == []
    assert stored(tmp_path).count(game.setup["game_id"]) == 1
    settle_pending(SaveStore(tmp_path, durable=False), HistoryRecorder(tmp_path))
    assert stored(tmp_path).count(game.setup["game_id"]) == 1


def test_a_simulated_full_disk_leaves_no_empty_history_and_keeps_the_game(tmp_path, monkeypatch):
    store = SaveStore(tmp_path, durable=False)
    game = last_hand(store)
    real = sqlite3.connect

    def full(*args, **kwargs):
        conn = real(*args, **kwargs)
        conn.execute("PRAGMA max_page_count = 1")  # any table: "database or disk is full"
        return conn

    monkeypatch.setattr(sqlite3, "connect", full)
    done = finish_game(store, HistoryRecorder(tmp_path), game)
    monkeypatch.undo()
    assert not done.recorded and done.pending is not None and done.pending.exists()
    assert not history_path(tmp_path).exists()  # no 0-byte history left behind
    settle_pending(SaveStore(tmp_path, durable=False), HistoryRecorder(tmp_path))
    assert stored(tmp_path) == [game.setup["game_id"]]


@pytest.fixture
def tiny_disk(tmp_path):
    """A 200 KiB tmpfs (root only; skipped where mounting is not allowed)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root on Linux")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(mount)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip("tmpfs mount not allowed here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_a_really_full_disk_records_the_game_once_later(tiny_disk, tmp_path):
    data = tiny_disk / "data"
    store = SaveStore(data, durable=False)
    game = last_hand(store)
    filler = tiny_disk / "filler"
    with open(filler, "wb", buffering=0) as stream:  # fill the disk to the last byte
        try:
            while True:
                stream.write(b"\0" * 4096)
        except OSError:
            pass
    done = finish_game(store, HistoryRecorder(data, timeout=0.1), game)
    assert not done.recorded
    assert not history_path(data).exists() or history_path(data).stat().st_size > 0
    # The game is still on the small disk (pending, or the save itself).
    assert pending_games(data) or store.path.exists()
    filler.unlink()
    settle_pending(SaveStore(data, durable=False), HistoryRecorder(data))
    assert stored(data) == [game.setup["game_id"]]
    assert pending_games(data) == [] and not store.path.exists()


def test_recording_the_same_key_twice_is_one_game(tmp_path):
    record, _ = _any_record()
    path = history_path(tmp_path)
    first, _ = record_game(path, record, key="g-1")
    again, _ = record_game(path, record, key="g-1")
    other, _ = record_game(path, record, key="g-2")
    assert first == again != other
    with HistoryDB(path) as db:
        assert db.count() == 2 and db.recorded("g-1") == first and db.recorded("nope") is None


def _any_record():
    from engine.storage.history.stats import game_record

    game = scripted_game("wrc", HANDS, start=Start(round_wind=1, hand_number=3))
    while not game.is_over:
        game.apply(autopilot(game, game.pending_seats()[0]))
    return game_record(game.events, 0, started_at=1.0, ended_at=2.0), None


SOAK = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {tests!r})
    from test_game_end_consistency import last_hand
    from engine.game_finish import finish_game
    from engine.storage.history_recorder import HistoryRecorder
    from engine.storage.save_store import SaveStore
    data = sys.argv[1]
    while True:
        store = SaveStore(data)
        game = last_hand(store)
        print(game.setup["game_id"], flush=True)
        finish_game(store, HistoryRecorder(data), game)
    """
)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_soak_sigkill_at_random_moments_never_records_twice_nor_loses_a_game(tmp_path):
    """40 processes finishing games in a loop, each SIGKILLed at a random moment;
    after each, the next launch settles: every finished game is in the history
    once, and the one cut short is still the save (or recorded)."""
    import random

    rng = random.Random(3)
    code = SOAK.format(tests=str(ROOT / "tests"))
    data = tmp_path / "data"
    started: list[str] = []
    for _ in range(40):
        process = subprocess.Popen([sys.executable, "-c", code, str(data)], cwd=ROOT,
                                   stdout=subprocess.PIPE, text=True)
        first = process.stdout.readline().strip()  # running: now kill it at random
        import time

        time.sleep(rng.uniform(0.0, 1.5))
        process.send_signal(signal.SIGKILL)
        out, _ = process.communicate(timeout=30)
        started += [first, *out.split()]
        settle_pending(SaveStore(data), HistoryRecorder(data))
        keys = stored(data)
        assert len(keys) == len(set(keys))  # never twice
        saved = SaveStore(data).peek()
        in_save = {saved.game_id} if saved is not None else set()
        # A game cut short before its end was kept in games/ by the next process.
        kept = {header_game_id(p) for p in kept_games(data)}
        assert set(started[:-1]) <= set(keys) | kept  # every earlier game: recorded or kept
        assert started[-1] in set(keys) | in_save | kept  # the last: recorded, or still saved
    print(f"{len(started)} games, 40 kills, {len(stored(data))} recorded, "
          f"{len(kept_games(data))} kept unfinished")
