"""The one way the app opens its own files: regular files only, never through a symlink
it writes, never more than a cap read.

Every file of the data directory the app reads at launch or writes while it runs
(the save, ``games/*.jsonl``, ``session.json``, ``settings.json``, ``game.lock``,
`sim --log` files, `export -o`) goes through here, because each of them sits in a
directory a user (or another program) can put anything into:

- a FIFO would block the read forever (and the game had already taken the
  terminal, so Ctrl-C did nothing), ``/dev/zero`` never ends, a directory cannot be
  read: a file is opened non-blocking, without following a symlink, and checked
  with `fstat` on the open descriptor (nothing can be swapped in between), then
  refused unless it is a regular file no larger than the cap given;
- a write never goes through a name that exists: the text goes to a new temporary
  file beside the target (`tempfile.mkstemp`: a random name, ``O_EXCL`` and
  ``O_NOFOLLOW``), then `os.replace` puts it in place, which replaces a symlink
  itself and never writes into its target;
- `check_regular` says in one line why a path the app is about to use is not a
  plain file (for the launch, which refuses before it takes the terminal).

The refusals are `NotRegularFile` and `TooLarge`, both `OSError`s, so every caller
that already copes with an unreadable file copes with these the same way.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path
from typing import BinaryIO

__all__ = [
    "NotRegularDirectory",
    "NotRegularFile",
    "TooLarge",
    "check_regular",
    "describe_kind",
    "open_lock_file",
    "open_reading",
    "read_bytes",
    "read_start",
    "read_text",
    "write_atomic",
]

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # POSIX: opening a FIFO must not wait
_READ_FLAGS = (
    os.O_RDONLY
    | _NONBLOCK
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


class NotRegularFile(OSError):
    """A path that is a FIFO, a device, a socket, a directory or a symlink: not opened."""


class NotRegularDirectory(NotRegularFile, IsADirectoryError):
    """A directory where a file was expected (both refusals, so either is caught)."""


class TooLarge(OSError):
    """A file larger than the cap of what it holds: refused from its size, before a read."""


def describe_kind(mode: int) -> str:
    """What kind of thing a file mode says it is, in words ("a FIFO", "a directory")."""
    kinds = (
        (stat.S_ISLNK, "a symbolic link"),
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((words for test, words in kinds if test(mode)), "not a regular file")


def _refusal(path: str | os.PathLike[str], mode: int) -> NotRegularFile:
    kind = NotRegularDirectory if stat.S_ISDIR(mode) else NotRegularFile
    return kind(f"{path} is {describe_kind(mode)}, not a regular file: it is not opened")


def _lmode(path: str | os.PathLike[str]) -> int | None:
    """The mode of `path` itself (a symlink's own), None if it cannot be looked at."""
    try:
        return os.lstat(path).st_mode
    except OSError:
        return None


def check_regular(path: str | os.PathLike[str], limit: int | None = None) -> str | None:
    """Why `path` cannot be used as one of the app's files (one line), or None when it
    is a regular file (no larger than `limit`, if given) or does not exist. Nothing is
    opened: the link itself is looked at (`lstat`)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"{path} cannot be looked at: {error.strerror or error}"
    if not stat.S_ISREG(info.st_mode):
        return str(_refusal(path, info.st_mode))
    if limit is not None and info.st_size > limit:
        return f"{path} is {info.st_size:,} bytes, more than the {limit:,} it may hold"
    return None


def _open_regular(path: str | os.PathLike[str],
                  follow_symlinks: bool = False) -> tuple[int, os.stat_result]:
    """A blocking read descriptor on `path` and its `fstat`, if it is a regular file
    reached without a symlink (`NotRegularFile` otherwise: nothing blocks on a FIFO).
    `follow_symlinks`: a path the user named on the command line may be a link."""
    flags = _READ_FLAGS & ~getattr(os, "O_NOFOLLOW", 0) if follow_symlinks else _READ_FLAGS
    try:
        fd = os.open(path, flags)
    except OSError as error:
        # O_NOFOLLOW on a symlink: ELOOP (Linux) or EMLINK (FreeBSD); say what it is.
        mode = _lmode(path)
        if mode is not None and stat.S_ISLNK(mode):
            raise _refusal(path, mode) from None
        raise error
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _refusal(path, info.st_mode)
        if _NONBLOCK:  # a regular file: reads may block as usual from here
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def _read_up_to(fd: int, size: int) -> bytes:
    chunks: list[bytes] = []
    total = 0
    while total < size:
        chunk = os.read(fd, min(1 << 20, size - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def read_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The whole file, if it is a regular file of at most `limit` bytes reached without
    a symlink; `NotRegularFile`, `TooLarge` or another `OSError` otherwise
    (`FileNotFoundError` when there is none)."""
    fd, info = _open_regular(path)
    try:
        if info.st_size > limit:
            raise TooLarge(f"{path} is {info.st_size:,} bytes, more than the {limit:,} "
                           "it may hold: it is not read")
        data = _read_up_to(fd, limit + 1)  # a file that grows meanwhile stops at the cap
        if len(data) > limit:
            raise TooLarge(f"{path} grew past {limit:,} bytes while it was read")
        return data
    finally:
        os.close(fd)


def read_start(path: str | os.PathLike[str], size: int) -> bytes:
    """At most the first `size` bytes of a regular file (a header line), whatever its
    length; the same refusals as `read_bytes`."""
    fd, _ = _open_regular(path)
    try:
        return _read_up_to(fd, size)
    finally:
        os.close(fd)


def open_reading(path: str | os.PathLike[str], limit: int, *,
                 follow_symlinks: bool = False) -> BinaryIO:
    """The file as a binary stream to read incrementally, with the refusals of
    `read_bytes` made before any read (the caller still stops at `limit`: the file
    may grow). A directory is also an `IsADirectoryError`, as `open` says it."""
    fd, info = _open_regular(path, follow_symlinks)
    try:
        if info.st_size > limit:
            raise TooLarge(f"{path} is {info.st_size:,} bytes, more than the {limit:,} "
                           "it may hold: it is not read")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_text(path: str | os.PathLike[str], limit: int) -> str:
    """`read_bytes` as UTF-8 text (`UnicodeDecodeError`, a ValueError, if it is not)."""
    return read_bytes(path, limit).decode("utf-8")


def write_atomic(path: str | os.PathLike[str], data: str | bytes, *, durable: bool = False,
                 prefix: str = ".tmp-") -> None:
    """Put `data` at `path` in one step: a new temporary file beside it (random name,
    ``O_EXCL | O_NOFOLLOW``: `tempfile.mkstemp`), synced when `durable`, then renamed
    over `path`. A symlink at `path` is replaced, its target never written; a
    directory there is refused (`IsADirectoryError`). A reader sees the old file or
    the new one, never half of one. OSError if the disk refuses (nothing is left)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(payload)
            stream.flush()
            if durable:
                os.fsync(stream.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def open_lock_file(path: str | os.PathLike[str]) -> int:
    """A descriptor open for reading and writing on the lock file at `path`, created if
    missing; `NotRegularFile` if a symlink, a directory, a FIFO or a file with other
    names (a hard link to someone's file) is there, so its target is never written."""
    flags = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
             | _NONBLOCK | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_CLOEXEC", 0))
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as error:
        mode = _lmode(path)
        if mode is not None and not stat.S_ISREG(mode):
            raise _refusal(path, mode) from None
        raise error
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _refusal(path, info.st_mode)
        if info.st_nlink > 1:
            raise NotRegularFile(f"{path} has other names (a hard link): it is not written")
        if _NONBLOCK:  # a regular file: reads may block as usual from here
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd
