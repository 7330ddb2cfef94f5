"""Records other programs wrote, read from a file and turned into a `Game`.

One way in for `replay` and `export` (and so the viewer, the AI's suggestion and
the review, which all take the rebuilt `Game`): the file is read bounded (a
regular file, at most `MAX_BYTES`, gzip unpacked at most that far), its kind
decided from its first bytes, and the matching importer rebuilds the game:

- Tenhou mjlog XML, plain or gzip → `engine.records.tenhou_import`;
- tenhou.net/6 JSON → `engine.records.tenhou6_read`;
- mjai JSON lines → `engine.records.importer`.

Our own logs and saves are not handled here (`engine.log.replay` reads them);
`kind_of` still names them so the caller can route. Every failure is a
`ValueError` whose message is one line.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from rules.ruleset import Ruleset

from ..game import Game
from ..log import FORMAT
from .mjlog import MAX_RECORD_BYTES, looks_like_mjlog

MAX_BYTES = MAX_RECORD_BYTES
NAMES = {
    "log": "a mahjong-tui log",
    "mjai": "mjai JSON lines",
    "tenhou6": "tenhou.net/6 JSON",
    "mjlog": "a Tenhou mjlog",
}


def read_bytes(path: str | Path) -> bytes:
    """The file's bytes: a regular file of at most MAX_BYTES (OSError as the OS says)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO must not block
    with os.fdopen(fd, "rb") as stream:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("not a regular file")
        data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"larger than {MAX_BYTES // (1024 * 1024)} MiB: not a game record")
    return data


def kind_of(data: bytes) -> str | None:
    """"mjlog", "tenhou6", "mjai", "log" or None, from the record's first bytes."""
    if looks_like_mjlog(data) or data[:2] == b"\x1f\x8b":
        return "mjlog"  # gzip is only read for mjlogs: the reader says what is wrong inside
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        head = json.loads(first)
    except (ValueError, RecursionError):
        head = None
    if isinstance(head, dict):
        if head.get("format") == FORMAT:
            return "log"
        if head.get("type") == "start_game":
            return "mjai"
        if isinstance(head.get("log"), list):
            return "tenhou6"
    if not text.lstrip().startswith("{"):
        return None
    try:
        whole = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return "tenhou6" if isinstance(whole, dict) and isinstance(whole.get("log"), list) else None


def import_game(data: bytes, kind: str, ruleset: Ruleset | None = None) -> Game:
    """The game a foreign record of `kind` holds, rebuilt and checked step by step."""
    if kind == "mjlog":
        from .tenhou_import import game_from_mjlog

        return game_from_mjlog(data, ruleset)
    text = data.decode("utf-8")
    if kind == "tenhou6":
        from .tenhou6_read import game_from_tenhou6

        return game_from_tenhou6(text, ruleset)
    if kind == "mjai":
        from .importer import game_from_mjai

        return game_from_mjai(text, ruleset)
    raise ValueError(f"not a foreign record: {NAMES.get(kind, kind)}")


__all__ = ["MAX_BYTES", "NAMES", "import_game", "kind_of", "read_bytes"]
