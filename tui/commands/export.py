"""`mahjong-tui export --format tenhou6|mjai LOG [-o FILE]`: a game log in another format.

The log is replayed first (every event checked), then written as tenhou.net/6
JSON or mjai JSON lines (`engine.records`). What the format cannot say about
the ruleset is one warning line each on stderr; the export still goes on.
Never imports Textual.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from engine.log import ReplayMismatch
from engine.records import FORMATS, export, load


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
    try:
        record = load(path)
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
