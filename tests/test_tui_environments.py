"""The game where terminals and disks are unusual: NO_COLOR, TERM=dumb, a 20x10
terminal, piped output, a data directory that cannot be written, and a crash
(which must exit non-zero and say where the traceback went)."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_tui_pilot import game_app, press, screen_text, settle

from ai.baseline import TsumogiriPlayer
from engine.actions import Ron
from engine.game import Start
from engine.scripted import scripted_game
from engine.storage.game_log import replay
from engine.table_host import TableHost, hosted_game
from engine.timeline import Timeline
from tui.app import MahjongApp
from tui.no_color import SafeMonochrome
from tui.replay_app import ReplayApp
from tui.screens.notice import NotSavedScreen
from tui.screens.too_small import TooSmallScreen

ROOT = Path(__file__).resolve().parent.parent
ROOMY = (120, 40)


# ---------------------------------------------------------------- NO_COLOR


async def test_the_table_plays_under_no_color(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = game_app(tmp_path)
    assert any(isinstance(f, SafeMonochrome) for f in app._filters)
    async with app.run_test(size=ROOMY) as pilot:
        table = await press(pilot, "enter", "enter")  # two discards, drawn each time
        assert table is not None and table.app.table_host.actions_applied > 0
        assert "Enter" in screen_text(app)  # the key bar is drawn
    assert app.return_code in (None, 0)


async def test_the_replay_viewer_under_no_color(tmp_path, monkeypatch):
    from engine.storage.game_log import write_log

    game = replay_game(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    app = ReplayApp(Timeline.of(game), tiles="text")
    async with app.run_test(size=ROOMY) as pilot:
        for key in ("right", "right", "n", "end"):
            await pilot.press(key)
            await pilot.pause()
        assert screen_text(app).strip()
    assert app.return_code in (None, 0)
    write_log(game, tmp_path / "g.jsonl")


def replay_game(tmp_path: Path):
    """A whole game played by the autopilot, read back from its log."""
    from engine.game import Game
    from engine.scripted import autopilot
    from engine.storage.game_log import log_lines
    from rules.ruleset import load_preset

    game = Game.new(load_preset("wrc"), 4)
    while not game.is_over:
        game.apply(autopilot(game, game.pending_seats()[0]))
    return replay(list(log_lines(game)))


def test_table_snapshot_under_no_color(snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")

    async def first_question(pilot) -> None:
        await settle(pilot)

    assert snap_compare(game_app(tmp_path, "wrc"), terminal_size=ROOMY,
                        run_before=first_question)


# ---------------------------------------------------------------- TERM and size


async def test_term_dumb_and_a_20x10_terminal_by_pilot(tmp_path, monkeypatch):
    monkeypatch.setenv("TERM", "dumb")
    app = game_app(tmp_path)
    async with app.run_test(size=(20, 10)) as pilot:
        await pilot.pause(0.3)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause(0.3)
        assert await settle(pilot) is not None
    assert app.return_code in (None, 0)


def _drain(fd: int, seconds: float) -> bytes:
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


def run_in_pty(data: Path, term: str, cols: int, rows: int, *args: str) -> tuple[int, bytes]:
    """`mahjong-tui ARGS` in a pseudo-terminal for a few seconds, then Ctrl+Q."""
    import fcntl
    import pty
    import struct
    import termios

    env = {**os.environ, "MAHJONG_TUI_DATA": str(data), "XDG_CONFIG_HOME": str(data),
           "TERM": term}
    for name in ("COLUMNS", "LINES", "NO_COLOR"):
        env.pop(name, None)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    process = subprocess.Popen([sys.executable, "-m", "tui.cli", *args], stdin=slave,
                               stdout=slave, stderr=slave, env=env, cwd=ROOT,
                               start_new_session=True)
    os.close(slave)
    try:
        out = _drain(master, 4.0)
        assert process.poll() is None, out[-2000:].decode("utf-8", "replace")
        os.write(master, b"\x11")  # Ctrl+Q
        end = time.monotonic() + 15
        while process.poll() is None and time.monotonic() < end:
            out += _drain(master, 0.2)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        os.close(master)
    return process.returncode, out


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")
@pytest.mark.parametrize(("term", "size"), [("dumb", (120, 40)), ("xterm-256color", (20, 10))])
def test_a_real_terminal_dumb_or_tiny_runs_and_quits_cleanly(tmp_path, term, size):
    code, out = run_in_pty(tmp_path, term, *size, "--ruleset", "wrc", "--seed", "3",
                           "--delay", "0")
    assert code == 0, out[-2000:].decode("utf-8", "replace")
    assert b"Traceback" not in out
    if size == (20, 10):
        assert b"too small" in out.replace(b"\x1b", b" ") or b"small" in out


def test_piped_output_is_refused_in_one_line(tmp_path):
    env = {**os.environ, "MAHJONG_TUI_DATA": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "tui.cli", "--ruleset", "wrc", "--seed", "1"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "not a terminal" in done.stderr
    assert done.stdout == "" and not (tmp_path / "save.jsonl").exists()


# ---------------------------------------------------------------- a crash is not exit 0

CRASHER = (
    "import sys; import tui.screens.launch as launch\n"
    "def boom(*args): raise RuntimeError('a bug in the launch screen')\n"
    "launch.preset_details = boom\n"
    "from tui.app import MahjongApp\n"
    "MahjongApp(seed=1, delay=0, data_dir=sys.argv[1]).run(headless=True)\n"
)


def test_a_crash_exits_non_zero_and_says_where_the_traceback_is(tmp_path):
    done = subprocess.run([sys.executable, "-c", CRASHER, str(tmp_path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 1, done.stderr[-2000:]
    last = done.stderr.strip().splitlines()[-1]
    assert "exit status 1" in last and "kept in" in last
    [log] = tmp_path.glob("mahjong-tui-crash-*.log")
    assert "a bug in the launch screen" in log.read_text() and str(log) in last
    assert not (tmp_path / "game.lock").exists()  # the lock went with the process


# ---------------------------------------------------------------- a data directory that fails


def last_hand_app(data: Path) -> MahjongApp:
    """South 4: the human rons seat 1's 5s and the game is over."""
    bots = ("258m147p369s1234z", "258m147p369s1234z", "369m258p147s5567z")
    game = scripted_game("wrc", ["234m456m678p2345s", *bots], draws="2z1z5s4z7z",
                         start=Start(round_wind=1, hand_number=3))
    return MahjongApp(host=TableHost(game),
                      opponents=[TsumogiriPlayer(s) for s in (1, 2, 3)], delay=0,
                      tiles="text", data_dir=data)


@pytest.fixture(params=["not-a-directory", "read-only"])
def unwritable(request, tmp_path):
    if request.param == "not-a-directory":
        (tmp_path / "file").write_text("a file where the data directory should be\n")
        yield tmp_path / "file" / "data"
        return
    mount = tmp_path / "ro"
    mount.mkdir()
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("a read-only mount needs root on Linux")
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(mount)],
                      capture_output=True).returncode != 0:
        pytest.skip("mount not allowed here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


async def test_an_unwritable_data_directory_is_said_once_and_the_game_ends_cleanly(unwritable):
    app = last_hand_app(unwritable)
    async with app.run_test(size=ROOMY) as pilot:
        end = time.monotonic() + 10
        while not isinstance(app.screen, NotSavedScreen) and time.monotonic() < end:
            await pilot.pause(0.02)
        assert isinstance(app.screen, NotSavedScreen)
        assert "NOT BEING SAVED" in screen_text(app) and str(unwritable) in app.screen.text
        await pilot.press("enter")  # play on
        await settle(pilot)
        table = await press(pilot, "enter")  # a discard; then seat 1's 5s can be ronned
        assert Ron in {type(a) for a in table.decision.legal}
        await press(pilot, "o")
        await pilot.press("enter")  # the hand result
        await settle(pilot)
        assert hosted_game(table.app.table_host).is_over
        assert app.save_problem is not None
        notices = [s for s in app.screen_stack if isinstance(s, NotSavedScreen)]
        assert notices == []  # said once, not again at the end
    assert app.return_code in (None, 0)
