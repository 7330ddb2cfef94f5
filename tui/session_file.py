"""The session being played in the app (issue #12): several games in a row, saved.

A preset with `games_per_session` > 1 (teiai's four hanchan, 003 §1, §28) or any
preset with `--rule games_per_session=N` is played as a session: game after
game, each from the starting points, then the session's total. `PlayedSession`
is what the app keeps of it: the engine's `Session` (seeds and each finished
game's table), the id of each game recorded in it, and the choices every game
of it is started with (ruleset, house rules, AI level).

Results are kept by *player* (line-up 0 is the human, 1-3 the opponents), not by
seat: the seats are drawn again for every game (`shuffle_seats`), the players
stay the same. Each game carries ``setup["session"] = {"id", "game", "of"}`` (so
in its log's header and its history record).

`SessionFile` keeps it as ``session.json`` beside the save, written atomically
after each game ends and *before* that game's save is cleared, so a kill at any
moment resumes the session exactly: between two games (no save, the session
says which game is next) or in the middle of one (the save is that game). A game
already in the session is never added twice (`add_game` checks its id); the app
holds no game, its host tells the end of one as an `engine.session.GameOutcome`. A
file that cannot be read is moved aside (kept, never overwritten) and reported; one
written by a newer version of mahjong-tui (`engine.storage.file_version`) is reported and
left as it is, and kept in ``games/`` before a session of this version is saved
over it. The file is read and written through `engine.storage` (a regular file of
at most `MAX_BYTES`, never through a symlink).
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from engine.session import GameOutcome, Session, SessionError
from engine.storage import NotRegularFile, read_bytes, write_atomic
from engine.storage.file_version import NewerVersion, check_version
from engine.storage.kept_games import games_dir, move_unique, safe_name

SESSION_NAME = "session.json"
FORMAT = "mahjong-tui-session"
VERSION = 1
MAX_BYTES = 1024 * 1024  # a session of a few games is a few KiB


@dataclass(frozen=True, slots=True)
class PlayedSession:
    """A session under way: what its games are played with, and how they ended."""

    key: str  # the session's id (history: games.session_key)
    ruleset: str
    rules: tuple[str, ...]  # the house rules, as `--rule` takes them
    ai: str
    session: Session
    game_ids: tuple[str, ...] = ()  # the id of each finished game, in order

    @classmethod
    def start(cls, ruleset: str, rules: Sequence[str], ai: str, seed: int, games: int,
              now: float | None = None) -> PlayedSession:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None
                                                               else now))
        key = f"session-{stamp}-{ruleset}-{seed}-{secrets.token_hex(3)}"
        return cls(key, ruleset, tuple(rules), ai, Session.start(seed, games))

    @property
    def finished(self) -> bool:
        return self.session.finished

    @property
    def next_game(self) -> int:
        """The number (from 1) of the game to play next."""
        return self.session.games_played + 1

    def tag(self) -> dict[str, Any]:
        """What the next game's setup carries: the session and the game's number."""
        return {"id": self.key, "game": self.next_game, "of": self.session.games_per_session}

    def owns(self, setup: Mapping[str, Any]) -> bool:
        """Whether a game (its setup) is the next game of this session."""
        tag = setup.get("session")
        return isinstance(tag, dict) and tag.get("id") == self.key

    def add_game(self, game: GameOutcome) -> PlayedSession:
        """This session with the finished game added (its final table by player, read by
        the host that holds it); unchanged if the game is already in it or is not this
        session's (a retried end of a game)."""
        tag = game.session
        if tag is None or not self.owns({"session": tag}) or game.game_id in self.game_ids \
                or self.finished:
            return self
        if tag.get("game") != self.next_game:
            return self
        if game.by_player is None:
            raise SessionError("the game is not over")
        return replace(
            self,
            session=self.session.with_game(game.by_player),
            game_ids=(*self.game_ids, str(game.game_id)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "key": self.key, "ruleset": self.ruleset,
            "rules": list(self.rules), "ai": self.ai, "session": self.session.to_json(),
            "game_ids": list(self.game_ids),
        }

    @classmethod
    def from_json(cls, data: Any) -> PlayedSession:
        """Read back; anything off is one `SessionError`."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SessionError("it is not a mahjong-tui session")
        check_version(data.get("version"), VERSION, "session", SessionError)
        key, ruleset, ai = (_text(data.get(k)) for k in ("key", "ruleset", "ai"))
        rules, ids = _strings(data.get("rules")), _strings(data.get("game_ids"))
        if not (key and ruleset and ai) or rules is None or ids is None:
            raise SessionError("its id, ruleset, rules, AI or games are missing")
        session = Session.from_json(data.get("session") or {})
        if len(ids) != session.games_played:
            raise SessionError("its games and their results do not match")
        return cls(key, ruleset, rules, ai, session, ids)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _strings(value: Any) -> tuple[str, ...] | None:
    """A list of strings as a tuple; None if it is anything else."""
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return tuple(value)
    return None


class SessionFile:
    """``session.json`` in the data directory: the session under way, if any."""

    def __init__(self, data_dir: str | os.PathLike[str], *, durable: bool = True) -> None:
        self.dir = Path(data_dir)
        self.path = self.dir / SESSION_NAME
        self.durable = durable
        self.problem: str | None = None  # a file that could not be read, moved aside
        self.newer = False  # the file on disk is a newer version's (left in place)

    def load(self) -> PlayedSession | None:
        """The session under way, or None (none, or unreadable: see `problem`)."""
        self.problem = None
        self.newer = False
        try:
            text = read_bytes(self.path, MAX_BYTES).decode("utf-8")
        except FileNotFoundError:
            return None
        except NotRegularFile as error:  # a FIFO, a device, a symlink: never touched
            self.problem = f"The session was not read: {error}."
            return None
        except (OSError, UnicodeDecodeError) as error:
            self._unreadable(str(error))
            return None
        try:
            return PlayedSession.from_json(json.loads(text))
        except NewerVersion as error:
            self.newer = True
            self.problem = f"The session in {self.path} was not read: {error}; it is kept."
            return None
        except (ValueError, RecursionError) as error:  # SessionError is a ValueError
            self._unreadable(str(error) or type(error).__name__)
            return None

    def _unreadable(self, reason: str) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        try:
            kept: Path | None = move_unique(self.path, self.dir, f"{SESSION_NAME}.corrupt-{stamp}",
                                            "")
        except OSError:
            kept = None
        where = f"it was kept as {kept.name}" if kept else "it was left in place"
        self.problem = f"The session in {self.path} could not be read ({reason}); {where}."

    def save(self, played: PlayedSession) -> None:
        """Write it atomically (OSError if the disk refuses); a newer version's session
        on disk is first kept in ``games/``."""
        if self.newer:
            stem = f"session-newer-version-{int(time.time())}"
            move_unique(self.path, games_dir(self.dir), stem, ".session.json")
            self.newer = False
        text = json.dumps(played.to_json(), ensure_ascii=False) + "\n"
        write_atomic(self.path, text, durable=self.durable, prefix=".session-")

    def clear(self) -> None:
        """The session is over (every game is in the history): its file goes."""
        self.path.unlink(missing_ok=True)

    def archive(self) -> Path | None:
        """A session left unfinished for a new game: kept in ``games/``, never dropped."""
        if not self.path.exists():
            return None
        played = self.load()
        stem = safe_name(played.key if played is not None else f"session-{int(time.time())}")
        if not self.path.exists():  # unreadable: already moved aside by `load`
            return None
        return move_unique(self.path, games_dir(self.dir), stem, ".session.json")
