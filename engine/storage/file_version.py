"""One rule for every versioned file the app keeps: "written by a newer version" or
"corrupt".

The save, ``session.json`` and ``settings.json`` each carry a format version. A
file whose version is a whole number above the one this program reads was written
by a newer mahjong-tui: it is not damaged, only not understood here, so it is
reported as such and kept where it is (a newer version reads it again), never
moved aside as corrupt. Anything else that is not this version (a string, a
negative number, an older number no reader exists for) is corrupt. Every reader
asks `check_version`, so the words and the decision are the same everywhere.
"""

from __future__ import annotations

from typing import Any

__all__ = ["NewerVersion", "check_version", "newer_version_words"]


class NewerVersion(ValueError):
    """A file written by a newer version of mahjong-tui (kept, not corrupt)."""


def newer_version_words(what: str, found: int, reads: int) -> str:
    """The one sentence every reader shows for a file of a newer version."""
    return (f"the {what} was written by a newer version of mahjong-tui (format version "
            f"{found}; this version reads {reads})")


def check_version(found: Any, reads: int, what: str,
                  corrupt: type[ValueError] = ValueError, *, oldest: int | None = None) -> None:
    """Nothing when `found` is a version this program reads (`oldest` up to `reads`,
    just `reads` without `oldest`); `NewerVersion` when it is a whole number above
    `reads`; `corrupt` (the reader's own error type) for anything else."""
    low = reads if oldest is None else oldest
    if type(found) is int and low <= found <= reads:
        return
    if type(found) is int and found > reads:
        raise NewerVersion(newer_version_words(what, found, reads))
    shown = repr(found)[:20]
    raise corrupt(f"the {what} has format version {shown}, which no version of "
                  f"mahjong-tui wrote (this version reads {reads})")
