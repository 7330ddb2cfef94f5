"""One game process per data directory: a lock file holding the owner's pid.

Two games saving into one directory would take the save from each other at every
write, and one of them would be lost. So the app takes ``game.lock`` in the data
directory before it touches the save or the history, and a second process is
told who has it (`DataLock.acquire` answers the other pid).

Where the system has `fcntl.flock`, the lock is the kernel's: it goes away with
the process however it ends (a crash, SIGKILL), so a lock left by a dead pid
is simply taken over; the pid in the file is only there to be shown. Elsewhere
(or where the file system refuses flock) the pid itself decides: a lock whose
pid no longer runs is stale and taken over.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = "game.lock"


def pid_alive(pid: int) -> bool:
    """Whether a process with this pid runs (one we may not signal counts)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


class DataLock:
    """The lock on one data directory; `acquire()` then `release()` (at exit)."""

    def __init__(self, data_dir: str | os.PathLike[str]) -> None:
        self.path = Path(data_dir) / LOCK_NAME
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> int | None:
        """Take the lock: None when this process holds it now, else the pid of the
        process that does (0 if it cannot be read). OSError if no lock file can be
        made (a read-only directory: then nothing can be saved there either)."""
        if self._fd is not None:
            return None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(5):  # the file may be replaced while we open it: try again
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                other = self._claim(fd)
            except BaseException:
                os.close(fd)
                raise
            if other is not None:
                os.close(fd)
                return other
            if self._same_file(fd):
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode())
                self._fd = fd
                return None
            os.close(fd)  # released and removed by its owner meanwhile
        return self._owner()

    def _claim(self, fd: int) -> int | None:
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return None
            except BlockingIOError:
                return self._owner()
            except OSError:
                pass  # no flock on this file system: the pid decides
        owner = self._owner()
        if owner and owner != os.getpid() and pid_alive(owner):
            return owner
        return None

    def _same_file(self, fd: int) -> bool:
        try:
            return os.stat(self.path).st_ino == os.fstat(fd).st_ino
        except OSError:
            return False

    def _owner(self) -> int:
        try:
            text = self.path.read_text(encoding="ascii", errors="replace").strip()
        except OSError:
            return 0
        return int(text) if text.isdigit() else 0

    def release(self) -> None:
        """Give the lock back (the file goes too); safe to call twice."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            if self._same_file(fd):
                self.path.unlink()
        if fcntl is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
