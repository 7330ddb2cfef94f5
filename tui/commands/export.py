"""`mahjong-tui export --format tenhou6|mjai LOG [-o FILE]`: a game log in another format.

The log is replayed first (every event checked), then written as tenhou.net/6
JSON or mjai JSON lines (`engine.records`). LOG may also be a foreign record (a
Tenhou mjlog, tenhou.net/6 JSON, mjai lines): it is rebuilt through the engine
and checked first, as `replay` does (`tui.commands.replay.load_log`). What the
format cannot say about the ruleset is one warning line each on stderr; the export still goes on.
Never imports Textual.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Literal, TextIO

from engine.log import ReplayMismatch
from engine.records import FORMATS, GameRecord, export, load, split_hands


def _foreign(path: str, fail: Callable[[str], None]) -> GameRecord | Literal[False] | None:
    """A foreign record (Tenhou mjlog, tenhou.net/6, mjai) rebuilt through the engine
    and split into hands; None for our own log (or a file to be refused by `load`);
    False after `fail` when a foreign record does not import."""
    from engine.records.foreign import kind_of, read_bytes

    try:
        kind = kind_of(read_bytes(path))
    except (OSError, ValueError):
        return None  # `load` says what is wrong with the file
    if kind in (None, "log"):
        return None
    from .replay import load_log

    game = load_log(path, fail)
    return split_hands(game) if game is not None else False


def run_export(
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
    foreign = _foreign(path, fail)
    if foreign is False:
        return 2
    try:
        record = foreign if foreign is not None else load(path)
    except FileNotFoundError:
        fail(f"no such log: {path}")
        return 2
    except IsADirectoryError:
        fail(f"{path}: is a directory, not a game log")
        return 2
    except (OSError, UnicodeDecodeError) as error:
        fail(f"{path}: cannot read the log ({error})")
        return 2
    except json.JSONDecodeError as error:
        fail(f"{path}: not a readable game log (bad JSON: {error})")
        return 2
    except ReplayMismatch as error:
        fail(f"{path}: the log does not replay: {error}")
        return 2
    except (ValueError, KeyError, TypeError) as error:
        fail(f"{path}: not a readable game log ({error})")
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
