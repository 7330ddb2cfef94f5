"""Issue 20, case 6: Ctrl-C stops every command with one line and exit status 130.

`sim` ignored the first Ctrl-C (asyncio only cancels its task at the next await,
and the sim's games never await) and printed a traceback on the second; `score`
printed a traceback. Here a real SIGINT reaches each command while it works
(in-process, for speed; tests/fuzz/test_fuzz_interrupt.py sends it to real
processes).
"""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest

import engine.sim
import tui.commands.analyse
import tui.commands.export
import tui.commands.games
import tui.commands.replay
import tui.commands.rulesets
import tui.commands.score
import tui.commands.stats
from tui.cli import INTERRUPTED, main


def _interrupted_while_working(*args, **kwargs) -> int:
    os.kill(os.getpid(), signal.SIGINT)
    end = time.monotonic() + 5
    while time.monotonic() < end:
        time.sleep(0.01)
    raise AssertionError("the interrupt never came")


def _interrupted_in_asyncio(*args, **kwargs) -> int:
    """As the sim's games run: inside `asyncio.run`, never awaiting anything."""

    async def games() -> int:
        return _interrupted_while_working()

    return asyncio.run(games())


CASES = [
    (["sim", "--games", "5"], engine.sim, "run_sim", _interrupted_in_asyncio),
    (["score"], tui.commands.score, "run_score", _interrupted_while_working),
    (["analyse", "123m456p789s1122z3z"], tui.commands.analyse, "run_analyse",
     _interrupted_while_working),
    (["export", "--format", "mjai", "x"], tui.commands.export, "run_export",
     _interrupted_while_working),
    (["replay", "--summary", "x"], tui.commands.replay, "run_replay_command",
     _interrupted_while_working),
    (["stats"], tui.commands.stats, "run_stats", _interrupted_while_working),
    (["games"], tui.commands.games, "run_games", _interrupted_while_working),
    (["rulesets"], tui.commands.rulesets, "run_rulesets", _interrupted_while_working),
]


@pytest.mark.parametrize(("argv", "module", "name", "work"), CASES, ids=lambda c: str(c)[:20])
def test_ctrl_c_is_one_line_and_exit_130(argv, module, name, work, monkeypatch, capsys):
    monkeypatch.setattr(module, name, work)
    before = signal.getsignal(signal.SIGINT)
    assert main(argv) == INTERRUPTED == 130
    captured = capsys.readouterr()
    assert captured.err == "mahjong-tui: interrupted\n"
    assert signal.getsignal(signal.SIGINT) is before  # main() leaves the handler it found
