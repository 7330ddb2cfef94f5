"""`mahjong-tui bot` plays whole games under the `mjai` package's referee (libriichi's
arena, through mjai.app's engine) without an illegal answer: the referee reports one
as "invalid action" and ends the game there.

`mjai` pins `mahjong~=1.2`, so it lives in a venv of its own, built here once
(/tmp/mahjong-tui-mjai-venv, `pip install mjai`); the test skips, saying why, when it
cannot be installed. Slow (a venv and whole games): run with `-m slow`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

import pytest

VENV = Path("/tmp/mahjong-tui-mjai-venv")
SCRIPT = Path(__file__).with_name("mjai_referee.py")
PROJECT = Path(__file__).resolve().parent.parent


def _python() -> Path:
    python = VENV / "bin" / "python"
    check = [str(python), "-c", "import mjai.mlibriichi.arena"]
    if python.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return python
    try:
        venv.create(VENV, with_pip=True, clear=True)
        done = subprocess.run([str(python), "-m", "pip", "install", "-q", "mjai"],
                              capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.SubprocessError) as error:
        pytest.skip(f"cannot build a venv with mjai: {error}")
    if done.returncode != 0 or subprocess.run(check, capture_output=True).returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        pytest.skip(f"cannot install mjai: {last}")
    return python


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "level"), [(1, "easy"), (2, "normal"), (3, "hard")])
def test_bot_plays_whole_games_under_the_mjai_referee(seed: int, level: str) -> None:
    python = _python()
    out = subprocess.run(
        [str(python), str(SCRIPT), str(seed), level, sys.executable, str(PROJECT)],
        capture_output=True, text=True, timeout=900,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    # libriichi prints "invalid action" and ends the game on an illegal answer (the
    # next test shows it does, with the scripted bot's illegal discards).
    assert "invalid action" not in out.stdout + out.stderr, out.stdout[-2000:]
    assert "mahjong-tui bot:" not in out.stderr  # the bot followed every event
    report = json.loads(out.stdout.splitlines()[-1])
    events = report["events"]
    assert events["start_game"] == 1 and events["end_game"] == 1
    assert events["start_kyoku"] == events["end_kyoku"] >= 4


@pytest.mark.slow
def test_the_referee_reports_an_illegal_answer() -> None:
    """The check above can fail: the scripted bot's illegal discards are reported."""
    python = _python()
    out = subprocess.run(
        [str(python), str(SCRIPT), "1", "script:illegal", sys.executable, str(PROJECT)],
        capture_output=True, text=True, timeout=900,
    )
    assert "invalid action" in out.stdout + out.stderr
