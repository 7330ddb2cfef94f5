"""Resume after a real abrupt stop: the game runs as a separate process in a
pseudo-terminal, plays some turns by keystrokes, and is killed with SIGKILL (no
quit handler, no flush). The save left on disk must be a whole game log that
replays, and a new app on the same data directory must resume exactly it.

POSIX only (pty, SIGKILL); the in-process variant lives in test_tui_pilot.py.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_tui_pilot import screen_text

from engine.storage.game_log import log_lines, replay
from engine.storage.save_store import SaveStore
from engine.table_host import hosted_game
from tui.app import MahjongApp

pty = pytest.importorskip("pty")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")


def _drain(fd: int, seconds: float) -> bytes:
    """Read what the app writes for `seconds` (a full pty would block the app)."""
    out = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


def _save_events(data_dir: Path) -> int:
    store = SaveStore(data_dir)
    saved = store.load()
    return 0 if saved is None else saved.events


def _play_and_kill(data_dir: Path) -> None:
    """Start `mahjong-tui` at 120x40, discard a few times, then SIGKILL it mid-game."""
    env = {**os.environ, "MAHJONG_TUI_DATA": str(data_dir), "XDG_CONFIG_HOME": str(data_dir),
           "COLUMNS": "120", "LINES": "40", "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    master, slave = pty.openpty()
    os.set_blocking(master, False)
    import fcntl
    import struct
    import termios

    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "--ruleset", "wrc", "--seed", "5", "--ai", "easy",
         "--delay", "0"],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    os.close(slave)
    try:
        deadline = time.monotonic() + 60
        while _save_events(data_dir) == 0 and time.monotonic() < deadline:
            _drain(master, 0.2)
        assert _save_events(data_dir) > 0, "the game never saved its start"
        before = _save_events(data_dir)
        for _ in range(6):  # Enter discards (or closes a panel); n passes a call
            os.write(master, b"\r")
            _drain(master, 0.4)
            os.write(master, b"n")
            _drain(master, 0.3)
        deadline = time.monotonic() + 20
        while _save_events(data_dir) <= before and time.monotonic() < deadline:
            _drain(master, 0.2)
        assert _save_events(data_dir) > before, "the keystrokes played nothing"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        os.close(master)
    assert process.returncode == -signal.SIGKILL


async def test_a_killed_game_resumes_exactly_where_it_stopped(tmp_path):
    _play_and_kill(tmp_path)
    saved = SaveStore(tmp_path).load()
    assert saved is not None and not saved.finished
    assert saved.game.actions, "the save holds the played actions"
    # The save is a whole log: replaying it gives the same events.
    assert replay(list(log_lines(saved.game))).events == saved.game.events
    events = list(saved.game.events)

    app = MahjongApp(delay=0, data_dir=tmp_path, seed=99)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "press r to resume" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        from test_tui_pilot import settle

        table = await settle(pilot)
        assert table is not None
        hosted = hosted_game(table.app.table_host)
        assert hosted.events[: len(events)] == events
        assert hosted.seed == 5 and hosted.ruleset.id == "wrc"
