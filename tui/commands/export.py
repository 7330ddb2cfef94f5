"""`mahjong-tui export --format tenhou6|mjai LOG|ID|last [-o FILE]`: a game log in another format.

LOG may be a kept game's id or `last`, resolved as `replay` does
(`tui.commands.replay.resolve_log`).

The log is read by the reader `replay` uses (`engine.records.reading.load_game`:
regular files only, bounded, every line's shape checked) and replayed (every
event checked); a foreign record (Tenhou mjlog, tenhou.net/6, mjai) is rebuilt
through the engine and checked the same way first; then written as tenhou.net/6
JSON or mjai JSON lines (`engine.records`). Anything wrong with the log is one
line on stderr and exit status 2, before anything is written; an unexpected error
is one line and exit status 1. What the format cannot say about the ruleset is one
warning line each on stderr; the export still goes on. Never imports Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from engine.logfile import LogError
from engine.records import FORMATS, export, split_hands
from engine.records.reading import KINDS, load_game

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
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {output}: {error.strerror or error}")
        return 2
    return 0
