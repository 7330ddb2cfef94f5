"""One way in for every game record a command opens: `replay`, `export` and the mjai
importer path all call `load_game(path)`.

The file is read by `engine.logfile` (regular files only, size and line caps,
incremental), its kind decided from its first line (our log, mjai lines, or
tenhou.net/6 JSON, which is recognised and refused), and every line's shape
checked as it is read (`engine.logshape` for our logs, `importer.check_mjai_line`
for mjai) before the game is replayed or rebuilt. Every failure a record can
cause comes out as one `LogError` line that starts with the path: a missing or
unreadable file, junk, a wrong field, an action the rules do not allow, an event
that does not replay. Anything else escaping from here is a bug in the program,
not in the record, and the commands report it as such (exit status 1).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import Any

from rules.ruleset import Ruleset

from ..game import Game
from ..log import FORMAT, ReplayMismatch, replay_rows
from ..logfile import LogError, NotJSON, file_lines, json_rows, open_regular
from ..logshape import checked_rows

KINDS = ("log", "mjai", "tenhou6")
NAMES = {"log": "a mahjong-tui log", "mjai": "mjai JSON lines", "tenhou6": "tenhou.net/6 JSON"}


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


def _rows(path: str | Path) -> tuple[str, Iterator[tuple[int, Any]]]:
    """The record's kind and its numbered JSON rows (the first included), read lazily."""
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
            f"line {first[0]}: not a game record (neither a mahjong-tui log, mjai lines "
            "nor tenhou.net/6 JSON)"
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


def load_game(
    path: str | Path,
    ruleset: Ruleset | None = None,
    kinds: tuple[str, ...] = ("log", "mjai"),
) -> Game:
    """The game a record holds, replayed (our log) or rebuilt (mjai) and checked line
    by line; `ruleset` for an mjai record that names none. `LogError` (one line,
    starting with the path) for anything wrong with the file or its contents."""
    try:
        kind, rows = _rows(path)
        if kind not in kinds:
            raise _Refused(_unsupported(kind, kinds))
        if kind == "log":
            return replay_rows(list(checked_rows(rows)))
        from .importer import game_from_mjai

        try:
            return game_from_mjai(rows, ruleset)
        except LogError:
            raise
        except (ValueError, KeyError, TypeError, IndexError) as error:
            raise _Refused(f"the mjai record does not import: {one_line(error)}") from None
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


class _Refused(Exception):
    """A readable record this command does not take (its message is said as it is)."""


def _unsupported(kind: str, kinds: tuple[str, ...]) -> str:
    if kind == "tenhou6":
        return (
            "tenhou.net/6 JSON cannot be replayed yet: export the game as mjai "
            "(mahjong-tui export --format mjai LOG) and replay that"
        )
    return f"this is {NAMES[kind]}; only {' or '.join(NAMES[k] for k in kinds)} is read here"


def one_line(error: BaseException, limit: int = 300) -> str:
    """An error's message as one line of at most `limit` characters."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."
