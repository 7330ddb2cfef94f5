"""The `games/` folder of the data directory: saved games kept instead of dropped.

A save is never deleted to make room for another game: when the player confirms
a new game over a saved one, the save moves to ``games/<game id>.jsonl`` (a
whole game log that `mahjong-tui replay` and `export` read). A finished game
whose history record could not be written waits as ``games/<game id>.pending.jsonl``
and is recorded at the next launch (`tui.history.settle_pending`).

Every move here is *no-clobber*: a file is never written over, a second file of
the same name gets ``-2``, ``-3``, ... (`move_unique`). Leftovers of older
versions (``save.jsonl.previous-<time>``) are migrated into the folder once
(`migrate_leftovers`), so they stop piling up beside the save.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

GAMES_DIR = "games"
PENDING_SUFFIX = ".pending.jsonl"
KEPT_SUFFIX = ".jsonl"
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


def games_dir(data_dir: str | os.PathLike[str]) -> Path:
    return Path(data_dir) / GAMES_DIR


def safe_name(text: str) -> str:
    """A game id as a file name: no separators, no dots at the start, never empty."""
    name = _SAFE.sub("_", text).lstrip(".")[:120]
    return name or "game"


def move_unique(source: Path, folder: Path, stem: str, suffix: str) -> Path:
    """Move `source` to ``folder/stem+suffix`` (or ``stem-2+suffix``, ...) without ever
    replacing a file; return the new path. OSError if it cannot be moved.

    A hard link claims the name atomically (it fails if the name exists), then the
    old name is removed; where links are not supported, a checked rename does it."""
    folder.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        target = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        n += 1
        if target.exists():
            continue
        try:
            os.link(source, target)
        except FileExistsError:
            continue
        except OSError:
            if target.exists():
                continue
            os.replace(source, target)  # no hard links here (FAT, some network shares)
            return target
        source.unlink()
        return target


def header_game_id(path: Path) -> str | None:
    """The `game_id` in a log's header line (its setup), or None (no id, unreadable).

    Reads only the first line, and only a bounded amount of it."""
    try:
        with path.open("r", encoding="utf-8") as stream:
            line = stream.readline(1 << 20)
        header = json.loads(line)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    setup = header.get("setup") if isinstance(header, dict) else None
    if isinstance(setup, dict) and isinstance(setup.get("game_id"), str):
        return setup["game_id"] or None
    return None


def pending_games(data_dir: str | os.PathLike[str]) -> list[Path]:
    """Finished games still waiting for their history record, oldest name first."""
    folder = games_dir(data_dir)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.name.endswith(PENDING_SUFFIX))


def kept_games(data_dir: str | os.PathLike[str]) -> list[Path]:
    """Every game kept in the folder (replaced saves and pending games)."""
    folder = games_dir(data_dir)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.name.endswith(KEPT_SUFFIX))


def migrate_leftovers(data_dir: str | os.PathLike[str], save_name: str) -> list[Path]:
    """Move ``<save_name>.previous-*`` files of older versions into `games/`, named by
    their game id when they have one, else by their old name; return the new paths.
    Files that cannot be moved stay where they are (tried again at the next launch)."""
    data = Path(data_dir)
    if not data.is_dir():
        return []
    moved: list[Path] = []
    prefix = f"{save_name}.previous-"
    for old in sorted(p for p in data.iterdir() if p.name.startswith(prefix)):
        stem = safe_name(header_game_id(old) or old.name[len(save_name) + 1 :])
        try:
            moved.append(move_unique(old, games_dir(data), stem, KEPT_SUFFIX))
        except OSError:
            continue
    return moved
