"""One way in for every game record a command opens: `replay`, `export` and the mjai
importer path all call `load_game(path)`.

The file is read by `engine.storage.record_file` (regular files only, size and line caps,
incremental), its kind decided from its first bytes (a Tenhou mjlog, plain or
gzip) or first line (our log, mjai lines, tenhou.net/6 JSON), and every line's
shape checked as it is read (`engine.storage.log_schema` for our logs,
`importer.check_mjai_line` for mjai) before the game is replayed or rebuilt. The
two whole-document formats are read whole within the same caps and rebuilt by
their importers (`tenhou_import`, `tenhou6_read`), checked step by step like mjai.
Every failure a record can cause comes out as one `LogError` line that starts with
the path: a missing or unreadable file, junk, a wrong field, an action the rules
do not allow, an event that does not replay. Anything else escaping from here is
a bug in the program, not in the record, and the commands report it as such (exit
status 1).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import Any

from rules.ruleset import Ruleset

from ...game import Game
from ...timeline import Timeline
from ..game_log import FORMAT, ReplayMismatch, replay_rows
from ..log_schema import checked_rows
from ..record_file import MAX_BYTES, LogError, NotJSON, file_lines, json_rows, open_regular

KINDS = ("log", "mjai", "tenhou6", "mjlog")
NAMES = {
    "log": "a mahjong-tui log",
    "mjai": "mjai JSON lines",
    "tenhou6": "tenhou.net/6 JSON",
    "mjlog": "a Tenhou mjlog",
}
GZIP_MAGIC = b"\x1f\x8b"


def kind_of(first: Any) -> str | None:
    """What a record is, from its first JSON line: "log", "mjai", "tenhou6" or None."""
    if not isinstance(first, dict):
        return None
    if first.get("format") == FORMAT:
        return "log"
    if first.get("type") == "start_game":
        return "mjai"
    if "log" in first and "event" not in first:
        return "tenhou6"
    return None


def _is_mjlog(path: str | Path) -> bool:
    """Whether the file opens like a Tenhou mjlog: gzip (only mjlogs come gzipped) or
    `<mjloggm`, maybe after a byte order mark and an `<?xml …?>` declaration."""
    from .mjlog import xml_body

    with open_regular(path) as stream:
        head = stream.read(4096)
    return head[:2] == GZIP_MAGIC or xml_body(head).startswith(b"<mjloggm")


def _whole(path: str | Path) -> bytes:
    """The whole file (at most `MAX_BYTES`: `open_regular` refuses more by its size)."""
    with open_regular(path) as stream:
        return stream.read(MAX_BYTES + 1)[:MAX_BYTES]


def _rows(path: str | Path) -> tuple[str, Iterator[tuple[int, Any]]]:
    """The record's kind and its numbered JSON rows (the first included), read lazily."""
    if _is_mjlog(path):
        return "mjlog", iter(())
    rows = json_rows(file_lines(path))
    try:
        first = next(rows, None)
    except NotJSON:
        if _whole_tenhou6(path):  # tenhou.net/6 JSON written over several lines
            return "tenhou6", iter(())
        raise
    if first is None:
        raise LogError("the file is empty: not a game record")
    kind = kind_of(first[1])
    if kind is None:
        raise LogError(
            f"line {first[0]}: not a game record (neither a mahjong-tui log, mjai lines, "
            "tenhou.net/6 JSON nor a Tenhou mjlog)"
        )
    return kind, chain([first], rows)


def _whole_tenhou6(path: str | Path) -> bool:
    """Whether the file is one JSON document with a `log` list; read whole (at most
    `MAX_BYTES`) only if its first non-blank byte opens an object."""
    with open_regular(path) as stream:
        head = stream.read(4096)
        if not head.lstrip().startswith(b"{"):
            return False
        text = head + stream.read()
    try:
        whole = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(whole, dict) and isinstance(whole.get("log"), list)


def load_timeline(
    path: str | Path,
    ruleset: Ruleset | None = None,
    kinds: tuple[str, ...] = ("log", "mjai"),
) -> Timeline:
    """The record at `path` as a `Timeline` (what a viewer or a summary reads): the
    game `load_game` rebuilds, handed over as its record so that no client holds it."""
    return Timeline.owning(load_game(path, ruleset, kinds))


def load_game(
    path: str | Path,
    ruleset: Ruleset | None = None,
    kinds: tuple[str, ...] = ("log", "mjai"),
) -> Game:
    """The game a record holds, replayed (our log) or rebuilt (a foreign record) and
    checked step by step; `ruleset` replaces the rules a foreign record names (an
    mjai record that names none: default wrc). `LogError` (one line, starting with
    the path) for anything wrong with the file or its contents."""
    try:
        kind, rows = _rows(path)
        if kind not in kinds:
            raise _Refused(_unsupported(kind, kinds))
        if kind == "log":
            return replay_rows(list(checked_rows(rows)))
        try:
            return _rebuilt(kind, rows, path, ruleset)
        except LogError:
            raise
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
            raise _Refused(f"the {kind} record does not import: {one_line(error)}") from None
    except FileNotFoundError:
        raise LogError(f"no such log: {path}") from None
    except IsADirectoryError:
        raise LogError(f"{path}: a directory, not a game log") from None
    except OSError as error:
        raise LogError(f"{path}: cannot read the log ({error.strerror or error})") from None
    except ReplayMismatch as error:
        raise LogError(f"{path}: the log does not replay: {one_line(error)}") from None
    except _Refused as error:
        raise LogError(f"{path}: {one_line(error)}") from None
    except LogError as error:
        raise LogError(f"{path}: not a readable game log ({one_line(error)})") from None


def _rebuilt(
    kind: str, rows: Iterator[tuple[int, Any]], path: str | Path, ruleset: Ruleset | None
) -> Game:
    """A foreign record played through the engine by its importer."""
    if kind == "mjlog":
        from .tenhou_import import game_from_mjlog

        return game_from_mjlog(_whole(path), ruleset)
    if kind == "tenhou6":
        from .tenhou6_read import game_from_tenhou6

        return game_from_tenhou6(_whole(path).decode("utf-8"), ruleset)
    from .importer import game_from_mjai

    return game_from_mjai(rows, ruleset)


class _Refused(Exception):
    """A readable record this command does not take (its message is said as it is)."""


def _unsupported(kind: str, kinds: tuple[str, ...]) -> str:
    return f"this is {NAMES[kind]}; only {' or '.join(NAMES[k] for k in kinds)} is read here"


def one_line(error: BaseException, limit: int = 300) -> str:
    """An error's message as one line of at most `limit` characters."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."
