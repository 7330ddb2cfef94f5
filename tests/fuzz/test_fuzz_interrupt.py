"""Fuzzing Ctrl-C: SIGINT sent to real `sim`, `score` and `drill` processes at random
moments of their work.

Every time: exit status 130, the last line on standard error is
`mahjong-tui: interrupted`, no traceback, and the process is gone within a few
seconds of the one signal (a first Ctrl-C that goes unheard fails). `drill` runs
on a pseudo-terminal (it draws with Textual and refuses anything else), so its
standard error also carries the escape codes that restore the terminal: the
line after them is the one that counts.

Run longer with more interrupts per command (default 1, each a few seconds):

    MAHJONG_FUZZ_INTERRUPTS=50 .venv/bin/python -m pytest tests/fuzz/test_fuzz_interrupt.py -s

The signal is sent once the process shows it is at work (a `score` answer, a
drawn screen, or after the interpreter's start for `sim`), then after a random
extra delay: a Ctrl-C during the interpreter's own start, before `mahjong-tui`
runs any code, is Python's and is not fuzzed here.
"""

from __future__ import annotations

import fcntl
import os
import pty
import random
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INTERRUPTS = int(os.environ.get("MAHJONG_FUZZ_INTERRUPTS", "1"))
GONE_WITHIN = 10.0  # seconds after the one SIGINT
ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|\][^\x07]*\x07|[@-Z\\-_])")
STATS: dict[str, int] = {}


def _ctrl_c_as_at_a_terminal() -> None:
    """In the child: SIGINT at its default, as a shell in a terminal starts a command
    (a background job of a script inherits it ignored, and a program rightly keeps
    ignoring it then)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _env(tmp_path: Path) -> dict[str, str]:
    for name in ("data", "config"):
        (tmp_path / name).mkdir(exist_ok=True)
    return {**os.environ, "MAHJONG_TUI_DATA": str(tmp_path / "data"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"), "PYTHONUNBUFFERED": "1"}


def _stopped(proc: subprocess.Popen, drain: int | None = None) -> tuple[int, bytes]:
    """SIGINT once, then the exit status and standard error (reading `drain`, a
    terminal's leader, meanwhile so the process never blocks on a full terminal)."""
    proc.send_signal(signal.SIGINT)
    end = time.monotonic() + GONE_WITHIN
    while proc.poll() is None and time.monotonic() < end:
        if drain is not None:
            ready, _, _ = select.select([drain], [], [], 0.05)
            if ready:
                try:
                    os.read(drain, 65536)
                except OSError:
                    drain = None
        else:
            time.sleep(0.05)
    if proc.poll() is None:
        proc.kill()
        proc.wait()
        pytest.fail(f"still running {GONE_WITHIN:g} s after one Ctrl-C")
    assert proc.stderr is not None
    return proc.returncode, proc.stderr.read()


def _check(code: int, err: bytes, what: str) -> None:
    """Exit 130 and one line; for a drawn command, the one line after the escape
    codes that gave the terminal back (the screen itself is drawn on standard error)."""
    whole = ESCAPES.sub(b"", err).decode("utf-8", "replace")
    assert "Traceback" not in whole and "KeyboardInterrupt" not in whole, whole[-2000:]
    assert code == 130, (what, code, whole[-500:])
    escapes = list(ESCAPES.finditer(err))
    after = err[escapes[-1].end():] if escapes else err
    lines = [line for line in after.decode("utf-8", "replace").splitlines() if line.strip()]
    assert lines == ["mahjong-tui: interrupted"], (what, whole[-500:])
    STATS[what] = STATS.get(what, 0) + 1


@pytest.mark.parametrize("n", range(INTERRUPTS))
def test_ctrl_c_stops_sim(tmp_path, n):
    rng = random.Random(n)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "sim", "--games", "10000000",
         "--seed", str(rng.randrange(10**6))],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        env=_env(tmp_path), cwd=ROOT, preexec_fn=_ctrl_c_as_at_a_terminal,
    )
    time.sleep(1.0 + rng.random() * 2.0)  # the start, then somewhere in the games
    code, err = _stopped(proc)
    assert proc.stdout is not None and proc.stdout.read() == b""  # no summary of a cut run
    _check(code, err, "sim")


@pytest.mark.parametrize("n", range(INTERRUPTS))
def test_ctrl_c_stops_score(tmp_path, n):
    rng = random.Random(n)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "score", "--ruleset", rng.choice(["wrc", "jpml"])],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.PIPE,
        env=_env(tmp_path), cwd=ROOT, preexec_fn=_ctrl_c_as_at_a_terminal,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b'{"concealed": "234m67m345p678s55p", "win": "8m"}\n')
    proc.stdin.flush()
    assert b'"ok": true' in proc.stdout.readline()  # at work, waiting for the next line
    if rng.random() < 0.5:
        proc.stdin.write(b'{"concealed": "234m67m345p678s55p", "win": ')  # half a line
        proc.stdin.flush()
    time.sleep(rng.random() * 0.5)
    code, err = _stopped(proc)
    _check(code, err, "score")


@pytest.mark.skipif(sys.platform != "linux", reason="a pseudo-terminal as on Linux")
@pytest.mark.parametrize("n", range(INTERRUPTS))
def test_ctrl_c_stops_drill(tmp_path, n):
    rng = random.Random(n)
    kind = rng.choice(["", "waits", "fu", "discard", "points"])
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "drill", *([kind] if kind else []),
             "--seed", str(n)],
            stdin=follower, stdout=follower, stderr=subprocess.PIPE, env=_env(tmp_path),
            cwd=ROOT, start_new_session=True, preexec_fn=_ctrl_c_as_at_a_terminal,
        )
        os.close(follower)
        follower = -1
        seen, end = b"", time.monotonic() + 30
        while len(seen) < 2000 and time.monotonic() < end and proc.poll() is None:
            ready, _, _ = select.select([leader], [], [], 0.1)
            if ready:
                seen += os.read(leader, 65536)
        assert proc.poll() is None, "the drill ended by itself"
        time.sleep(rng.random())
        code, err = _stopped(proc, drain=leader)
    finally:
        if follower >= 0:
            os.close(follower)
        os.close(leader)
    _check(code, err, "drill")


def teardown_module() -> None:
    if STATS:
        print(f"\nCtrl-C fuzz: {STATS}")
