"""Issue 20, case 5: every Textual entry point refuses a non-terminal in one line.

`mahjong-tui drill </dev/null >out` (and `learn`) wrote 17 KB of escape codes and
hung; the game itself refused in one line. `drill`, `learn` and the replay viewer
now ask the game's own check (`tui.app_process.refuse_without_terminal`).
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from engine.game import Game
from engine.storage.game_log import write_log
from rules.ruleset import load_preset

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = [["drill"], ["drill", "waits"], ["learn"], ["learn", "--lesson", "2"], []]


def _env(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "data").mkdir(exist_ok=True)
    (tmp_path / "config").mkdir(exist_ok=True)
    return {**os.environ, "MAHJONG_TUI_DATA": str(tmp_path / "data"),
            "XDG_CONFIG_HOME": str(tmp_path / "config")}


@pytest.mark.parametrize("words", COMMANDS, ids=lambda w: " ".join(w) or "game")
def test_redirected_output_is_refused_in_one_line(tmp_path, words):
    done = subprocess.run([sys.executable, "-m", "tui.cli", *words], capture_output=True,
                          stdin=subprocess.DEVNULL, env=_env(tmp_path), cwd=ROOT, timeout=60)
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.count(b"\n") == 1 and b"not a terminal" in done.stderr
    assert b"\x1b" not in done.stderr


def _with_terminal_output(words: list[str], env: dict[str, str]) -> tuple[int, bytes, bytes]:
    """Run with standard output on a pseudo-terminal and standard input from /dev/null."""
    leader, follower = pty.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "tui.cli", *words], stdout=follower,
                              stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env,
                              cwd=ROOT, timeout=60)
        os.close(follower)
        out = b""
        try:
            while chunk := os.read(leader, 65536):
                out += chunk
        except OSError:
            pass  # the terminal closed
    finally:
        os.close(leader)
    return done.returncode, out, done.stderr


@pytest.mark.parametrize("words", [*COMMANDS, ["replay", "LOG"]],
                         ids=lambda w: " ".join(w) or "game")
def test_input_that_is_not_a_terminal_is_refused_in_one_line(tmp_path, words):
    if words[:1] == ["replay"]:
        log = tmp_path / "game.jsonl"
        write_log(Game.new(load_preset("wrc"), 3), log)
        words = ["replay", str(log)]
    code, out, err = _with_terminal_output(words, _env(tmp_path))
    assert code == 2, err
    assert err.count(b"\n") == 1 and b"standard input is not a terminal" in err
    assert b"\x1b" not in out and b"\x1b" not in err
