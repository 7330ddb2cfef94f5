"""The `games/` folder of the data directory: every game's whole log, kept.

Every game played in the app ends up here as ``games/<game id>.jsonl`` (a whole
game log that `mahjong-tui replay`, `export` and `games` read): a finished one
when it has been recorded in the history (`engine.game_finish`, the history row names
the file: `log_name`), an abandoned one when the player confirms a new game over
it. A finished game whose history record could not be written waits as
``games/<game id>.pending.jsonl`` and is recorded at the next launch
(`engine.game_finish.settle_pending`), then kept like the others.

Every move here is *no-clobber*: a file is never written over, a second file of
the same name gets ``-2``, ``-3``, ... (`move_unique`). Leftovers of older
versions (``save.jsonl.previous-<time>``) are migrated into the folder once
(`migrate_leftovers`), so they stop piling up beside the save; so are the
temporary files of a write cut short by a kill (``.save-*.tmp``), which never
held anything the save itself does not (the save is replaced only once its
temporary file is whole).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
from pathlib import Path

from engine.storage import read_start, write_atomic

GAMES_DIR = "games"
PENDING_SUFFIX = ".pending.jsonl"
KEPT_SUFFIX = ".jsonl"
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


# engine.storage.save_store, tui.session_file, tui.settings: their
# `engine.storage.write_atomic` prefixes
TEMPORARY_PREFIXES = (".save-", ".session-", ".settings-")
TEMPORARY_SUFFIX = ".tmp"


def games_dir(data_dir: str | os.PathLike[str]) -> Path:
    return Path(data_dir) / GAMES_DIR


def log_name(game_id: str, suffix: str = KEPT_SUFFIX) -> str:
    """Where a game's log is kept, relative to the data directory (``games/<id>.jsonl``):
    the reference its history row holds."""
    return f"{GAMES_DIR}/{safe_name(game_id)}{suffix}"


def relative_name(data_dir: str | os.PathLike[str], path: Path) -> str:
    """`path` as its history reference: relative to the data directory (``/``-separated)
    when it is inside it, else absolute."""
    try:
        return path.resolve().relative_to(Path(data_dir).resolve()).as_posix()
    except ValueError:
        return str(path.resolve())


def safe_name(text: str) -> str:
    """A game id as a file name: no separators, no dots at the start, never empty."""
    name = _SAFE.sub("_", text).lstrip(".")[:120]
    return name or "game"


def move_unique(source: Path, folder: Path, stem: str, suffix: str) -> Path:
    """Move `source` to ``folder/stem+suffix`` (or ``stem-2+suffix``, ...) without ever
    replacing a file; return the new path. OSError if it cannot be moved.

    A hard link claims the name atomically (it fails if the name exists), then the
    old name is removed; where links are not supported, a checked rename does it.
    A symlink is moved as the link itself, never as the file it points to."""
    folder.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        target = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        n += 1
        if os.path.lexists(target):
            continue
        try:
            os.link(source, target, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError:
            if os.path.lexists(target):
                continue
            os.replace(source, target)  # no hard links here (FAT, some network shares)
            return target
        source.unlink()
        return target


def write_unique(folder: Path, stem: str, suffix: str, text: str) -> Path:
    """Write `text` as a new file ``folder/stem+suffix`` (or ``stem-2+suffix``, ...),
    never over another file or through a symlink: it is written whole under a fresh
    temporary name first (`engine.storage.write_atomic`), then moved into its name
    (`move_unique`). OSError if the disk refuses (nothing is left behind)."""
    tmp = folder / f".keep-{secrets.token_hex(8)}{TEMPORARY_SUFFIX}"
    write_atomic(tmp, text, durable=True, prefix=".keep-")
    try:
        return move_unique(tmp, folder, stem, suffix)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def header_game_id(path: Path) -> str | None:
    """The `game_id` in a log's header line (its setup), or None (no id, unreadable).

    Reads only the first line, and only a bounded amount of it, of a regular file
    (`engine.storage`: a FIFO there is refused, not waited on)."""
    try:
        line = read_start(path, 1 << 20).split(b"\n", 1)[0].decode("utf-8")
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


def clean_temporary(data_dir: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files of saves cut short by a kill (``.save-*.tmp``,
    ``.session-*.tmp``); return the ones removed. Only at launch, under the data
    directory's lock (no other process of ours is writing one then). A temporary
    file is never the only copy of anything: the file it was meant to replace is
    whole, as it was before that write."""
    data = Path(data_dir)
    if not data.is_dir():
        return []
    removed: list[Path] = []
    for path in sorted(data.iterdir()):
        name = path.name
        if name.endswith(TEMPORARY_SUFFIX) and name.startswith(TEMPORARY_PREFIXES):
            try:
                if path.is_file():
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue  # tried again at the next launch
    return removed


def migrate_leftovers(data_dir: str | os.PathLike[str], save_name: str) -> list[Path]:
    """Move ``<save_name>.previous-*`` files of older versions into `games/`, named by
    their game id when they have one, else by their old name; return the new paths.
    Files that cannot be moved stay where they are (tried again at the next launch).
    The temporary files of a killed write are removed too (`clean_temporary`)."""
    data = Path(data_dir)
    if not data.is_dir():
        return []
    clean_temporary(data)
    moved: list[Path] = []
    prefix = f"{save_name}.previous-"
    for old in sorted(p for p in data.iterdir() if p.name.startswith(prefix)):
        stem = safe_name(header_game_id(old) or old.name[len(save_name) + 1 :])
        try:
            moved.append(move_unique(old, games_dir(data), stem, KEPT_SUFFIX))
        except OSError:
            continue
    return moved
