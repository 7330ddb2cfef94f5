"""Issue 20: the kept crash log holds the whole traceback of what went wrong.

The game's engine runs in a Textual worker; an error there reaches the app as a
`WorkerFailed` that was never raised, and the log kept one line ("WorkerFailed…")
instead of the traceback of the error itself.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from textual.worker import WorkerFailed

from tui.app_process import write_crash_log

ROOT = Path(__file__).resolve().parent.parent


def _deep_down() -> None:
    raise ValueError("the win of seat 2 does not score again")


def test_a_failed_workers_log_keeps_the_traceback_of_the_error_it_raised(tmp_path):
    try:
        _deep_down()
    except ValueError as error:
        wrapped = WorkerFailed(error)
    log = write_crash_log(wrapped, tmp_path)
    assert log is not None
    text = log.read_text()
    assert text.startswith("Traceback (most recent call last):")
    assert "in _deep_down" in text and 'raise ValueError("the win of seat 2' in text
    assert "ValueError: the win of seat 2 does not score again" in text


CRASHER = (
    "import sys; import engine.table_host as table_host\n"
    "async def boom(*args, **kwargs):\n"
    "    raise RuntimeError('a bug deep in the engine')\n"
    "table_host.TableHost.attach = boom\n"
    "from tui.app import MahjongApp\n"
    "async def go(pilot):\n"
    "    for _ in range(40):\n"
    "        await pilot.press('enter')\n"
    "        await pilot.pause(0.05)\n"
    "MahjongApp(seed=1, delay=0, data_dir=sys.argv[1]).run(headless=True, auto_pilot=go)\n"
)


def test_a_crash_in_the_games_worker_keeps_its_whole_traceback(tmp_path):
    """The app started headless: Enter on the launch screen starts a game, whose
    engine worker fails at once."""
    done = subprocess.run([sys.executable, "-c", CRASHER, str(tmp_path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1, done.stderr[-2000:]
    [log] = tmp_path.glob("mahjong-tui-crash-*.log")
    text = log.read_text()
    assert "Traceback (most recent call last):" in text
    assert "in boom" in text and "RuntimeError: a bug deep in the engine" in text
