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

The lock file is opened through `engine.storage.open_lock_file`: never through a
symlink, never a directory, a FIFO or a file with other names (a hard link), so
the pid is never written into someone else's file. When the lock cannot be taken
at all (`acquire` raises OSError: a directory or a symlink at ``game.lock``, a
read-only data directory), the app does not play on in that directory as if it
held it: it says so and saves nothing there.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from engine.storage import open_lock_file

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


def _read_start(fd: int) -> bytes:
    """The first bytes of the open lock file (a pid and a newline)."""
    os.lseek(fd, 0, os.SEEK_SET)
    return os.read(fd, 32)


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
        made (a read-only directory: then nothing can be saved there either), or if
        ``game.lock`` is not a plain file of ours (`engine.storage.NotRegularFile`)."""
        if self._fd is not None:
            return None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(5):  # the file may be replaced while we open it: try again
            fd = open_lock_file(self.path)
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
                os.lseek(fd, 0, os.SEEK_SET)  # the owner's pid may have been read
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
                return self._owner(fd)
            except OSError:
                pass  # no flock on this file system: the pid decides
        owner = self._owner(fd)
        if owner and owner != os.getpid() and pid_alive(owner):
            return owner
        return None

    def _same_file(self, fd: int) -> bool:
        try:
            here, there = os.lstat(self.path), os.fstat(fd)
        except OSError:
            return False
        return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)

    def _owner(self, fd: int | None = None) -> int:
        """The pid written in the lock file (read from `fd`, the file opened safely;
        without one, opened again the same way); 0 if there is none to read."""
        try:
            if fd is None:
                fd = open_lock_file(self.path)
                try:
                    raw = _read_start(fd)
                finally:
                    os.close(fd)
            else:
                raw = _read_start(fd)
        except OSError:
            return 0
        text = raw.decode("ascii", errors="replace").strip()
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
