"""Reading a record file without trusting it: bounded, incremental, one line per error.

Every command that opens a game record (`replay`, `export`, the mjai importer
path) reads it through here, so a FIFO, a device, a huge file or a line of junk
is refused the same way everywhere, before anything is parsed or replayed:

- only a regular file is read (a FIFO would block forever, `/dev/zero` never
  ends): the file is opened non-blocking and checked with `fstat` on the open
  descriptor, so nothing can be swapped in between the check and the read;
- a file larger than `MAX_BYTES` is refused from its size alone, before any read;
- lines are read one at a time, each at most `MAX_LINE` bytes, so memory stays
  bounded by the file cap even for a file with no newline at all;
- every line must be UTF-8 JSON; NaN/Infinity and nesting deeper than the JSON
  parser manages are refused as "not JSON" rather than crashing.

A game log of a full hanchan is about 150 KB with lines under 1 KB; the caps
are far above any real record and far below what could hurt the machine.
Errors are `LogError`, a `ValueError` whose message is one line naming the
line number where there is one.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from . import NotRegularFile, TooLarge, open_reading

MAX_BYTES = 16 * 1024 * 1024  # a whole record file
MAX_LINE = 1024 * 1024  # one line of it


class LogError(ValueError):
    """A record that cannot be read or is not valid; the message is one line."""


class NotJSON(LogError):
    """A line that is not JSON (a reader may then try the file as one JSON document)."""


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_line(text: str, number: int) -> Any:
    """One JSON line, or `LogError` naming the line (bad JSON, NaN, too deep)."""
    try:
        return json.loads(text, parse_constant=_no_constants)
    except RecursionError:
        raise NotJSON(f"line {number} is nested too deeply to be a game record") from None
    except ValueError as error:  # JSONDecodeError, NaN, an integer of 5,000 digits
        if "int_max_str_digits" in str(error):  # Python's own limit on reading an integer
            raise LogError(
                f"line {number} holds a number of more than {sys.get_int_max_str_digits():,} "
                "digits: no seed, score or count of a game is that long"
            ) from None
        reason = getattr(error, "msg", None) or " ".join(str(error).split())
        raise NotJSON(f"line {number} is not valid JSON ({reason})") from None


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """The file opened for reading, refused at once unless it is a regular file of at
    most `MAX_BYTES` (OSError subclasses for a missing file or a directory). Opened by
    `engine.storage`, the one way the app opens a file; a path named on the command
    line may be a symlink to a record, so links are followed here."""
    try:
        return open_reading(path, MAX_BYTES, follow_symlinks=True)
    except IsADirectoryError:
        raise
    except NotRegularFile:
        raise LogError("not a regular file (a pipe, device or socket is not read)") from None
    except TooLarge:
        size = os.stat(path).st_size
        raise LogError(
            f"{size:,} bytes is too large for a game record (at most {MAX_BYTES:,})"
        ) from None


def file_lines(path: str | os.PathLike[str]) -> Iterator[tuple[int, str]]:
    """(line number, text) for each line of the file, read incrementally within the caps."""
    with open_regular(path) as stream:
        total = 0
        number = 0
        while True:
            raw = stream.readline(MAX_LINE + 1)
            if not raw:
                return
            number += 1
            total += len(raw)
            if len(raw) > MAX_LINE:
                raise LogError(f"line {number} is longer than {MAX_LINE:,} bytes")
            if total > MAX_BYTES:  # the file grew while being read
                raise LogError(f"too large for a game record (at most {MAX_BYTES:,} bytes)")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                raise LogError(f"line {number} is not UTF-8 text ({error.reason})") from None
            yield number, text


def text_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """(line number, text) for lines already in memory, with the same line cap."""
    for number, text in enumerate(lines, 1):
        if len(text) > MAX_LINE:
            raise LogError(f"line {number} is longer than {MAX_LINE:,} bytes")
        yield number, text


def json_rows(numbered: Iterable[tuple[int, str]]) -> Iterator[tuple[int, Any]]:
    """(line number, parsed JSON) for each non-blank line."""
    for number, text in numbered:
        if text.strip():
            yield number, parse_line(text, number)


def source_rows(source: str | Path | Iterable[str]) -> Iterator[tuple[int, Any]]:
    """The JSON rows of a path, of a whole text (anything containing a newline) or of
    its lines, each numbered from 1 as in the file."""
    if isinstance(source, Path) or (isinstance(source, str) and "\n" not in source):
        return json_rows(file_lines(source))
    if isinstance(source, str):
        return json_rows(text_lines(source.splitlines()))
    return json_rows(text_lines(source))
