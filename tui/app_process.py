"""The app as a process: it refuses what is not a terminal, and a crash is an exit
status, never 0.

Textual catches an exception inside the app, restores the terminal, prints the
traceback and returns from `App.run()` as if all were well; `mahjong-tui` then
exited 0. `ProcessApp.run` turns that into exit status 1, with one line on
standard error saying where the traceback was kept (``crash-<time>.log`` in the
data directory, or the temporary directory when that cannot be written). An
error in a worker (the game's engine runs in one) reaches the app as Textual's
`WorkerFailed`, made but never raised, so it has no traceback of its own: the log
keeps the traceback of the error the worker raised (`original_error`).

Textual draws on the terminal of standard error but sizes itself from standard
output, so `mahjong-tui | cat` drew an 80x24 table whatever the window: the game
refuses to start unless standard input and output are terminals (exit status 2,
one line). Nor does it start on a data directory whose files it cannot open
safely (`launch_problem`: a FIFO at the save, a symlink at the lock, ...): one line,
exit status 2, before the terminal is taken, so nothing can hang on them. The replay
viewer, `drill` and `learn` refuse a missing terminal with the same check
(`refuse_without_terminal`).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any, TextIO


def terminal_problem(stdin: TextIO | None = None, stdout: TextIO | None = None) -> str | None:
    """Why the game cannot be drawn here, or None when it can. (TERM is not asked:
    Textual writes the same sequences whatever it says, TERM=dumb included.)"""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    if not _isatty(stdout):
        return ("standard output is not a terminal (piped or redirected): the game is drawn "
                "on a terminal; for text, use 'mahjong-tui sim' or 'mahjong-tui replay --summary'")
    if not _isatty(stdin):
        return "standard input is not a terminal: the game is played with the keyboard"
    return None


def refuse_without_terminal() -> None:
    """SystemExit(2) after one line on standard error when there is no terminal to
    draw on: every Textual entry point (the game, the replay viewer, `drill`,
    `learn`) asks this before it draws anything or does any work."""
    problem = terminal_problem()
    if problem is not None:
        sys.stderr.write(f"mahjong-tui: error: {problem}\n")
        raise SystemExit(2)


def _isatty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def original_error(error: BaseException) -> BaseException:
    """The error that really happened: the one a failed worker raised, not the
    `WorkerFailed` Textual wraps it in (a worker's worker failing, the innermost)."""
    from textual.worker import WorkerFailed

    seen = {id(error)}
    while isinstance(error, WorkerFailed) and id(error.error) not in seen:
        error = error.error
        seen.add(id(error))
    return error


def crash_text(error: BaseException) -> str:
    """The whole traceback of `error` (of the error inside it, for a failed worker)."""
    inner = original_error(error)
    text = "".join(traceback.format_exception(type(inner), inner, inner.__traceback__))
    if inner is not error:
        text += f"\n(reported by the app as {type(error).__name__}: {error})\n"
    return text


def write_crash_log(error: BaseException, folder: Path | None) -> Path | None:
    """Keep the traceback in ``crash-<time>.log`` (never over another file); its path."""
    text = crash_text(error)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for place in (folder, Path(tempfile.gettempdir())):
        if place is None:
            continue
        try:
            place.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f"mahjong-tui-crash-{stamp}-", suffix=".log",
                                        dir=place)
            with os.fdopen(fd, "w", encoding="utf-8") as stream:
                stream.write(text)
            return Path(name)
        except OSError:
            continue
    return None


def _catch_interrupt(handler: Any) -> Any:
    """Install `handler` for SIGINT where Python's default one is in place (a SIGINT
    ignored by whoever started us stays ignored); the handler it replaced, or None."""
    import signal

    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return None
    try:
        return signal.signal(signal.SIGINT, handler)
    except (ValueError, OSError):  # not the main thread
        return None


def _release_interrupt(previous: Any, handler: Any) -> None:
    import signal

    if previous is not None and signal.getsignal(signal.SIGINT) == handler:
        signal.signal(signal.SIGINT, previous)


class ProcessApp:
    """Mixed into a Textual `App` (before it): exit status and terminal checks.

    `crash_dir` is where a traceback is kept (the app sets it to its data dir)."""

    crash_dir: Path | None = None
    crash_log: Path | None = None
    interrupted = False  # stopped by SIGINT

    def _handle_exception(self, error: Exception) -> None:
        if self.crash_log is None:
            self.crash_log = write_crash_log(error, self.crash_dir)
        super()._handle_exception(error)  # type: ignore[misc]

    def run(self, *args: Any, **kwargs: Any) -> Any:
        """`App.run`, then SystemExit(2) if there is no terminal to draw on, and
        SystemExit(status) after a crash (the traceback's place on stderr)."""
        if not kwargs.get("headless"):
            refuse_without_terminal()
            problem = self.launch_problem()
            if problem is not None:
                sys.stderr.write(f"mahjong-tui: error: {problem}\n")
                raise SystemExit(2)
        self.interrupted = False
        previous = _catch_interrupt(self._interrupt)
        try:
            result = super().run(*args, **kwargs)  # type: ignore[misc]
        finally:
            _release_interrupt(previous, self._interrupt)
            self.process_ended()
        if self.interrupted:
            raise KeyboardInterrupt  # `tui.cli` says it in one line, exit status 130
        code = getattr(self, "return_code", None) or 0
        if code:
            where = (f"kept in {self.crash_log}" if self.crash_log is not None
                     else "printed above")
            sys.stderr.write(f"mahjong-tui: stopped on an error (exit status {code}); "
                             f"the traceback is {where}\n")
            raise SystemExit(code)
        return result

    def launch_problem(self) -> str | None:
        """Hook: why the app cannot start on its files (one line), or None."""
        return None

    def _interrupt(self, _signum: int, frame: Any) -> None:
        """SIGINT (a `kill -INT`; Ctrl-C typed at the table is a key): the app closes
        as on Ctrl-Q, the terminal is given back, and `run` then stops the command.
        (asyncio's own handler only cancels the app's task, which Textual may take
        as a normal end: exit status 0, or a traceback, by timing.)"""
        self.interrupted = True
        import asyncio

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # the app's loop is not running yet, or any more
            raise KeyboardInterrupt from None
        # Thread-safe: it wakes the loop, which may be asleep waiting for a key.
        loop.call_soon_threadsafe(self.exit)  # type: ignore[attr-defined]

    def process_ended(self) -> None:
        """Hook: the app's last word after `run` (locks released, ...)."""
