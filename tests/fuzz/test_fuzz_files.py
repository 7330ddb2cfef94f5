"""Fuzzing the app's own files: special files where it reads, symlinks where it writes,
and a full disk at a game's end (issue #20 cases 4, 7, 8, 10).

Run longer with more data directories (default 40):

    MAHJONG_FUZZ_EXAMPLES=2000 .venv/bin/python -m pytest tests/fuzz/test_fuzz_files.py -s

- Special files: each example is a data directory with a random set of the paths
  the launch opens (the save, ``session.json``, ``settings.json``, ``game.lock``,
  the history, ``games/*.pending.jsonl``) made a FIFO, a symlink to ``/dev/zero``,
  a directory, a symlink to a regular file or a dangling symlink, the others left
  as a real game left them. The launch check must name one of them in one line,
  and every reader (the save, its peek, the session, the settings, the pending
  games, the lock) must return within seconds without an unexpected exception.
- Symlinked write targets: every writer of the app (the save, the settings and
  their old temporary name, the session, the lock, a kept game, ``sim --log``,
  ``export -o``) is pointed at a victim file through a symlink; the victim must be
  unchanged byte for byte.
- A full disk: a game is played on a small tmpfs (mounted when the test runs as
  root, else skipped saying why) that fills up before the game ends; the finished
  game must be kept somewhere, and the stale save never offered to resume.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import random
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from test_game_end_consistency import HANDS, last_hand

from engine.game import Game, Start
from engine.game_finish import finish_game, settle_pending
from engine.scripted import autopilot, scripted_game
from engine.storage.history_recorder import HISTORY_FILE, HistoryRecorder
from engine.storage.kept_games import games_dir, kept_games, pending_games
from engine.storage.save_store import SAVE_NAME, SaveError, SaveStore, read_save_text, read_saved
from rules.ruleset import load_preset
from tui.data_lock import LOCK_NAME, DataLock
from tui.launch_check import launch_problem
from tui.session_file import SESSION_NAME, PlayedSession, SessionFile
from tui.settings import FILE_NAME, Settings, SettingsFile

EXAMPLES = int(os.environ.get("MAHJONG_FUZZ_EXAMPLES", "40"))
PATHS = (SAVE_NAME, SESSION_NAME, FILE_NAME, LOCK_NAME, HISTORY_FILE,
         "games/a.pending.jsonl", "games/b.pending.jsonl")
KINDS = ("fifo", "devzero", "directory", "symlink", "dangling")
TRIED: dict[str, int] = {}


def _special(path: Path, kind: str, victim: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileNotFoundError):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "devzero":
        path.symlink_to("/dev/zero")
    elif kind == "directory":
        path.mkdir()
    elif kind == "symlink":
        path.symlink_to(victim)
    else:
        path.symlink_to(path.parent / "nowhere")


def _in_time(seconds: float, call, *args):
    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["value"] = call(*args)
        except (OSError, SaveError) as error:  # refused: what a special file should get
            box["refused"] = error
        except BaseException as error:
            box["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{getattr(call, '__name__', call)} blocked"
    assert "error" not in box, f"{call}: {box['error']!r}"
    return box


def test_special_files_at_every_path_the_launch_opens(tmp_path):
    rng = random.Random(20)
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    template = tmp_path / "template"
    last_hand(SaveStore(template, durable=False))  # a finished save: settled at launch
    for n in range(EXAMPLES):
        data = tmp_path / f"d{n}"
        shutil.copytree(template, data)
        chosen = rng.sample(PATHS, rng.randint(1, 3))
        for name in chosen:
            _special(data / name, rng.choice(KINDS), victim)
        problem = launch_problem(data)
        assert problem is not None and "\n" not in problem
        assert any(str(data / name) in problem for name in chosen), problem
        store = SaveStore(data, durable=False)
        for call in (store.peek, store.load, SessionFile(data, durable=False).load,
                     SettingsFile(data).load, DataLock(data).acquire):
            _in_time(5, call)
        _in_time(10, settle_pending, SaveStore(data, durable=False), HistoryRecorder(data))
        assert victim.read_text() == "precious\n"
        TRIED["special"] = TRIED.get("special", 0) + len(chosen)
    print(f"\n{TRIED['special']} special files in {EXAMPLES} data directories")


def _victim(tmp_path: Path, name: str) -> Path:
    victim = tmp_path / f"victim-{name}"
    victim.write_text(f"precious {name}\n")
    return victim


def test_no_writer_follows_a_symlink(tmp_path):
    from tui.cli import main

    data = tmp_path / "d"
    data.mkdir()
    victims: list[tuple[Path, str]] = []

    def link(path: Path, name: str) -> None:
        victim = _victim(tmp_path, name)
        victims.append((victim, victim.read_text()))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.symlink_to(victim)

    # The save: refused (it is not a regular file), the victim untouched.
    link(data / SAVE_NAME, "save")
    with pytest.raises(SaveError):
        SaveStore(data, durable=False).save(Game.new(load_preset("wrc"), 1))
    (data / SAVE_NAME).unlink()
    # Settings and the old fixed temporary name; the session; the lock.
    link(data / FILE_NAME, "settings")
    link(data / f"{FILE_NAME}.tmp", "settings-tmp")
    SettingsFile(data).save(Settings(tiles="kanji"))
    link(data / SESSION_NAME, "session")
    SessionFile(data, durable=False).save(PlayedSession.start("teiai", (), "normal", 1, 4))
    link(data / LOCK_NAME, "lock")
    with pytest.raises(OSError):
        DataLock(data).acquire()
    # A finished game kept in games/ under a name a symlink holds.
    store = SaveStore(data, durable=False)
    game = last_hand(store)
    link(games_dir(data) / f"{game.setup['game_id']}.jsonl", "kept")
    done = finish_game(store, HistoryRecorder(data), game)
    assert done.kept is not None and not done.kept.is_symlink()
    # sim --log and export -o.
    logs = tmp_path / "logs"
    link(logs / "game-3.jsonl", "sim")
    assert main(["sim", "--games", "1", "--seed", "3", "--log", str(logs)]) == 0
    link(tmp_path / "out.json", "export")
    with contextlib.suppress(SystemExit):
        main(["export", "--format", "mjai", str(done.kept), "-o", str(tmp_path / "out.json")])
    for victim, text in victims:
        assert victim.read_text() == text, victim.name
    print(f"\n{len(victims)} symlinked write targets, every target unchanged")


# ---------------------------------------------------------------- a full disk


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MiB tmpfs at tmp_path/disk, or a skip saying why there is none."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a full disk needs a small tmpfs, and mounting one needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"could not mount a small tmpfs: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def _fill(disk: Path) -> None:
    """Write until the disk refuses (ENOSPC)."""
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError as error:
        assert error.errno == errno.ENOSPC
    finally:
        os.close(fd)


def test_a_game_ended_on_a_full_disk_is_kept_and_never_resumed(small_disk, tmp_path,
                                                               monkeypatch):
    data = small_disk / "data"
    elsewhere = tmp_path / "elsewhere"  # the temporary directory, on another disk
    elsewhere.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(elsewhere))
    store = SaveStore(data)
    recorder = HistoryRecorder(data)
    game = scripted_game("wrc", HANDS, start=Start(round_wind=1, hand_number=3))
    recorder.update(game)
    store.save(game)
    stale = store.path.read_bytes()
    _fill(small_disk)
    failed = 0
    while not game.is_over:
        game.apply(autopilot(game, game.pending_seats()[0]))
        try:
            store.save(game)
        except SaveError:
            failed += 1
    assert failed  # the disk really was full
    done = finish_game(store, recorder, game)
    kept = done.pending or done.kept or done.outside
    assert kept is not None, done.problems
    finished = read_saved(kept, read_save_text(kept), 0.0)
    assert finished.finished and finished.game_id == game.setup["game_id"]
    assert SaveStore(data).peek() is None  # the stale save is out of the way
    assert any(p.read_bytes() == stale for p in kept_games(data)) or not stale
    # The next launch, with room again: nothing offered to resume, the game recorded
    # if it waited in games/.
    (small_disk / "filler").unlink()
    settle_pending(SaveStore(data), HistoryRecorder(data))
    assert SaveStore(data).load() is None
    assert pending_games(data) == []
    print(f"\n{failed} saves refused by the full disk; the finished game kept as {kept}")
    json.dumps(done.problems)  # the notes are plain text
