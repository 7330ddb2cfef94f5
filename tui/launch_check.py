"""Before the game takes the terminal: is every file it will open in the data directory
a plain file?

The launch reads the save, ``session.json``, ``settings.json``, the finished games
waiting in ``games/*.pending.jsonl``, and takes ``game.lock``; it writes most of
them. A FIFO there blocked the read on a blank screen where Ctrl-C and Ctrl-Q did
nothing (the terminal was already the app's), ``/dev/zero`` grew without end, a
symlink at ``game.lock`` had its target overwritten. `launch_problem` looks at each
of these paths (`engine.storage.check_regular`: nothing is opened) and names the
first that is not a regular file, so the game refuses in one line, exit status 2,
before anything else happens, as `games`, `replay`, `export` and `stats` do. The
readers themselves refuse the same files (`engine.storage`), so a file put there
after this check is refused too, only less tidily.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from engine.storage import check_regular, describe_kind
from engine.storage.history import HISTORY_NAME
from engine.storage.kept_games import GAMES_DIR, PENDING_SUFFIX
from engine.storage.save_store import SAVE_NAME

from .data_lock import LOCK_NAME
from .session_file import SESSION_NAME
from .settings import FILE_NAME as SETTINGS_NAME

FILES = (SAVE_NAME, SESSION_NAME, SETTINGS_NAME, LOCK_NAME, HISTORY_NAME)


def launch_problem(data_dir: str | os.PathLike[str]) -> str | None:
    """Why the game cannot start on `data_dir` (one line naming the path and what to
    do), or None when every file it opens there is a regular file or absent."""
    data = Path(data_dir)
    problem = _directory_problem(data)
    if problem is None:
        paths = [data / name for name in FILES]
        problem = next(filter(None, map(check_regular, paths)), None)
    if problem is None:
        games = data / GAMES_DIR
        problem = _directory_problem(games)
        if problem is None and games.is_dir():
            try:
                pending = sorted(p for p in games.iterdir() if p.name.endswith(PENDING_SUFFIX))
            except OSError as error:
                return f"{games} cannot be listed: {error.strerror or error}"
            problem = next(filter(None, map(check_regular, pending)), None)
    if problem is None:
        return None
    return f"{problem}; move it away to play (the game's data directory is {data})"


def _directory_problem(path: Path) -> str | None:
    """A path that must be a directory if it exists (a symlink to one is the user's
    choice, e.g. ``MAHJONG_TUI_DATA`` on another disk, and is followed)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"{path} cannot be looked at: {error.strerror or error}"
    if stat.S_ISDIR(info.st_mode):
        return None
    return f"{path} is {describe_kind(info.st_mode)}, not a directory"
