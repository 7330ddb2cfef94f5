"""`mahjong-tui export --format tenhou6|mjai LOG|ID|last [-o FILE]`: a game log in another format.

LOG may be a kept game's id or `last`, resolved as `replay` does
(`tui.commands.replay.resolve_log`).

The log is read by the reader `replay` uses (`engine.storage.records.reading.load_game`:
regular files only, bounded, every line's shape checked) and replayed (every
event checked); a foreign record (Tenhou mjlog, tenhou.net/6, mjai) is rebuilt
through the engine and checked the same way first; then written as tenhou.net/6
JSON or mjai JSON lines (`engine.storage.records`). Anything wrong with the log is one
line on stderr and exit status 2, before anything is written; an unexpected error
is one line and exit status 1. What the format cannot say about the ruleset is one
warning line each on stderr; the export still goes on. `-o FILE` is written as a
new file renamed into place; it is refused, before anything is read, when it is
the log being exported or not a regular file (a symlink is never written through).
Never imports Textual.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from typing import TextIO

from engine.storage import describe_kind, write_atomic
from engine.storage.record_file import LogError
from engine.storage.records import FORMATS, export, split_hands
from engine.storage.records.reading import KINDS, load_game

from .guard import guarded


def run_export(
    fmt: str,
    path: str,
    output: str | None,
    stdout: TextIO,
    stderr: TextIO,
    fail: Callable[[str], None],
) -> int:
    """Exit status 0 with the export written, 2 after `fail` (bad input), 1 on a bug."""
    return guarded(lambda: _export(fmt, path, output, stdout, stderr, fail), stderr, "export")


def _export(
    fmt: str,
    path: str,
    output: str | None,
    stdout: TextIO,
    stderr: TextIO,
    fail: Callable[[str], None],
) -> int:
    if fmt not in FORMATS:
        fail(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}")
        return 2
    from .replay import resolve_log

    resolved = resolve_log(path, fail)
    if resolved is None:
        return 2
    problem = None if output is None else output_problem(output, resolved)
    if problem is not None:
        fail(problem)
        return 2
    try:
        record = split_hands(load_game(resolved, kinds=KINDS))
    except LogError as error:
        fail(str(error))
        return 2
    text, notes = export(record, fmt)
    for note in notes:
        stderr.write(f"mahjong-tui: warning: {note}\n")
    if output is None:
        stdout.write(text)
        return 0
    try:  # a new file renamed into place: never written through a name (engine.storage)
        write_atomic(output, text, prefix=".export-")
    except OSError as error:
        fail(f"cannot write {output}: {error.strerror or error}")
        return 2
    return 0


def output_problem(output: str, source: str) -> str | None:
    """Why `-o OUTPUT` is not written (one line), or None: it must not be the log being
    exported (the input is never overwritten, whatever name reaches it), nor anything
    but a regular file if it exists (a symlink is not written through, a FIFO would
    block, a directory cannot be one)."""
    try:
        info = os.lstat(output)
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"cannot write {output}: {error.strerror or error}"
    if not stat.S_ISREG(info.st_mode):
        return f"-o {output} is {describe_kind(info.st_mode)}: not written"
    try:
        same = os.path.samefile(output, source)
    except OSError:
        same = False
    if same:
        return f"-o {output} is the log being exported: it is not overwritten"
    return None
