"""The last line of defence of a command: a bug is one line and exit status 1, never 0.

Bad input is each command's own business (one line, exit 2). What reaches here is
an exception nobody expected: it is named on one line of standard error (the
traceback would only bury that line) and the command exits 1, so a script can
tell a crash from success and from refused input. A closed pipe is let through:
`tui.cli` ends quietly on it, as Unix tools do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO


def guarded(run: Callable[[], int], stderr: TextIO, command: str) -> int:
    """`run()`'s exit status, or 1 after one line naming an unexpected exception."""
    try:
        return run()
    except BrokenPipeError:
        raise
    except Exception as error:  # the point: nothing escapes as exit 0
        text = " ".join(str(error).split())[:300]
        stderr.write(
            f"mahjong-tui: internal error in {command}: {type(error).__name__}"
            f"{': ' + text if text else ''} (a bug: please report it)\n"
        )
        stderr.flush()
        return 1
