"""The last line of defence of a command: a bug is one line and exit status 1, never 0.

Bad input is each command's own business (one line, exit 2). What reaches here is
an exception nobody expected: it is named on one line of standard error (the
traceback would only bury that line) and the command exits 1, so a script can
tell a crash from success and from refused input. A closed pipe is let through:
`tui.cli` ends quietly on it, as Unix tools do; so are the errors of a stream that
cannot be written (a full disk, a closed or broken descriptor): the machine's
trouble, not a bug, which `tui.cli` reports in one line with exit status 2.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from typing import TextIO

# A stream that cannot take what is written: the environment, not the program.
STREAM_ERRNOS = frozenset({errno.ENOSPC, errno.EBADF, errno.EIO, errno.EDQUOT})


def guarded(run: Callable[[], int], stderr: TextIO, command: str) -> int:
    """`run()`'s exit status, or 1 after one line naming an unexpected exception."""
    try:
        return run()
    except BrokenPipeError:
        raise
    except OSError as error:
        if error.errno in STREAM_ERRNOS:
            raise
        return _internal(error, stderr, command)
    except Exception as error:  # the point: nothing escapes as exit 0
        return _internal(error, stderr, command)


def _internal(error: Exception, stderr: TextIO, command: str) -> int:
    text = " ".join(str(error).split())[:300]
    stderr.write(
        f"mahjong-tui: internal error in {command}: {type(error).__name__}"
        f"{': ' + text if text else ''} (a bug: please report it)\n"
    )
    stderr.flush()
    return 1
