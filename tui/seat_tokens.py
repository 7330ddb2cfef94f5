"""The seat tokens of tables on servers, kept in the data directory: a killed client's seat back.

When `join` takes a seat, the server gives it a token (a secret that gets the seat
back). It is written to ``friends/<table>-<seat>.json`` in the data directory
(readable by its owner only), and the file is locked while a client plays that
seat. `join` with the same invitation (and the same name) then finds an unlocked
token of that table — its client was killed, or lost — and rejoins with it
instead of asking for a new seat; a token in a locked file belongs to a client
still playing (a friend at another terminal of this machine), and is left alone.
The file goes when the game is over, or when the server no longer knows the token.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from engine.server.remote_seat import Invitation


@dataclass(slots=True)
class HeldSeat:
    """A seat token found (or just written) and the lock on its file."""

    path: Path
    seat: int
    token: str
    name: str
    handle: IO[str] | None = None

    def release(self) -> None:
        if self.handle is not None:
            with contextlib.suppress(OSError):
                self.handle.close()
            self.handle = None


def _lock(path: Path) -> IO[str] | None:
    """The file opened and locked for this process, or None when another one holds it."""
    try:
        handle = os.fdopen(os.open(path, os.O_RDWR | os.O_CREAT, 0o600), "r+", encoding="utf-8")
    except OSError:
        return None
    try:
        import fcntl
    except ImportError:  # no flock (Windows): one client per token is the player's care
        return handle
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


class SeatTokens:
    """The tokens of one data directory (``friends/``)."""

    def __init__(self, data_dir: Path) -> None:
        self.dir = data_dir / "friends"

    @staticmethod
    def table_key(invitation: Invitation) -> str:
        """The file name's table part: a digest, so no invitation is in a file name."""
        text = f"{invitation.server}|{invitation.code}"
        return hashlib.sha256(text.encode()).hexdigest()[:20]

    def find(self, invitation: Invitation, name: str) -> HeldSeat | None:
        """An unlocked token of this table for `name`, locked now; None if there is none."""
        if not self.dir.is_dir():
            return None
        for path in sorted(self.dir.glob(f"{self.table_key(invitation)}-*.json")):
            handle = _lock(path)
            if handle is None:
                continue
            try:
                data: Any = json.loads(path.read_text(encoding="utf-8"))
                seat, token = int(data["seat"]), str(data["token"])
                if data.get("name") == name and data.get("code") == invitation.code:
                    return HeldSeat(path, seat, token, name, handle)
            except (OSError, ValueError, KeyError, TypeError):
                pass
            handle.close()
        return None

    def keep(self, invitation: Invitation, name: str, seat: int, token: str,
             held: HeldSeat | None = None) -> HeldSeat:
        """Write the token of `seat` (owner-only) and hold its file's lock."""
        self.dir.mkdir(parents=True, exist_ok=True)
        path = self.dir / f"{self.table_key(invitation)}-{seat}.json"
        if held is not None and held.path != path:
            held.release()
            held = None
        handle = held.handle if held is not None else _lock(path)
        if handle is None:
            raise OSError(f"{path} is held by another client")
        data = {"server": invitation.server, "code": invitation.code, "name": name,
                "seat": seat, "token": token}
        # Written through the locked handle (a file replaced by another would not be
        # the one locked).
        handle.seek(0)
        handle.truncate()
        handle.write(json.dumps(data))
        handle.flush()
        os.fsync(handle.fileno())
        return HeldSeat(path, seat, token, name, handle)

    def forget(self, held: HeldSeat) -> None:
        """The game is over (or the token is unknown): the file goes."""
        with contextlib.suppress(OSError):
            held.path.unlink()
        held.release()
