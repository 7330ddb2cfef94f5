"""The game in progress, saved after every event, resumed after a crash or a quit.

The save is the game's JSON-lines log (`engine.storage.game_log` format: a header, then the
events, each action followed by the events it caused), written *atomically*:
the whole log goes to a temporary file in the same directory, is flushed to
disk, and replaces the save with `os.replace`, so a crash at any moment leaves
either the previous save or the new one, never half a file.

Resuming reads the save with `engine.storage.save_file` (the engine's log reading and
replay check: every line's shape, then the logged actions re-applied to a new
game built from the header, every event identical), so a resumed game is exactly
the saved one: same hands, same wall, same scores. What is left here is the
host's side of it (`engine.table_host.TableHost` saves the game it holds into a
store the app places in its data directory): writing the save, and what becomes
of a file that cannot be read.

Each game has an id (`game_id` in its setup, with `started_at`, so in the log's
header; `Game.new` ignores both on replay): the key of its history record
(recorded once, `engine.storage.history_recorder`) and the name it is kept under.

The save is read and written through `engine.storage`: a FIFO, a device, a
directory or a symlink at ``save.jsonl`` is refused, never read and never written
over (the launch refuses it first: `tui.launch_check`), and every write is a new
file renamed into place. A save written by a newer version of mahjong-tui
(`engine.storage.file_version.NewerVersion`) is reported as such and left where it is;
a new game keeps it in ``games/`` before it saves over the name.

A save that cannot be read (not JSON, not a mahjong-tui log, a format version no
mahjong-tui wrote, events that do not replay, or anything else that raises while it
is read, a line nested too deep included) is *corrupt*: it is reported with a
clear message (`SaveStore.problem`, and the `CorruptSave` error from `resume`),
moved aside as ``save.jsonl.corrupt-<timestamp>`` (a unique name) and never
overwritten or deleted. A readable save is never dropped either: `archive()`
moves it to ``games/<game id>.jsonl`` (`engine.storage.kept_games`) once the player has
confirmed a new game. `clear()` removes the save when a game ends and has been
recorded.

    store = SaveStore(data_dir)     # the app's data directory (tui.data_dirs)
    saved = store.load()            # None: nothing to resume (see store.problem)
    host = TableHost.resumed(saved) if saved else new_table_host(...)
    ... host.save(store, history) after every event ...
    host.finish(store, history)     # the game is over: recorded, then kept
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.ruleset import Ruleset

from ..actions import action_to_dict
from ..events import event_to_dict
from ..game import Game
from ..session import GameOutcome
from ..timeline import Timeline
from . import NotRegularFile, TooLarge, read_bytes, write_atomic
from .file_version import NewerVersion
from .game_log import CLOCK_NOTE, FORMAT, VERSION
from .kept_games import (
    KEPT_SUFFIX,
    PENDING_SUFFIX,
    games_dir,
    migrate_leftovers,
    move_unique,
    safe_name,
)
from .record_file import MAX_BYTES
from .save_file import parse_save, read_save

SAVE_NAME = "save.jsonl"


class SaveError(Exception):
    """No save to resume, or one that cannot be written."""


class CorruptSave(SaveError):
    """A save that cannot be read; it has been moved aside to `kept_as`."""

    def __init__(self, message: str, kept_as: Path | None) -> None:
        super().__init__(message)
        self.kept_as = kept_as


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A readable save: the game rebuilt from it, and what the launch screen shows (the
    app reads these, never `game`: `engine.table_host.TableHost.resumed` plays it)."""

    path: Path
    game: Game
    lines: tuple[str, ...]
    saved_at: float  # the file's modification time (seconds since the epoch)
    played_seconds: float = 0.0  # playing time at the save (rulesets with a time limit)
    game_id: str = ""  # the header's id (a save of an older version: one given at load)
    started_at: float = 0.0  # when the game was first started (0: not known)

    @property
    def ruleset(self) -> str:
        return self.game.ruleset.id

    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def finished(self) -> bool:
        return self.game.is_over

    @property
    def round_wind(self) -> int:
        return self.game.round_wind

    @property
    def hand_number(self) -> int:
        return self.game.hand_number

    @property
    def honba(self) -> int:
        return self.game.honba

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.game.scores)

    @property
    def events(self) -> int:
        return len(self.game.events)

    @property
    def played_ruleset(self) -> Ruleset:
        """The ruleset the game is played under, house rules included."""
        return self.game.ruleset

    @property
    def session_tag(self) -> Any:
        """The app's tag of the session the game belongs to (`setup["session"]`), if any."""
        return self.game.setup.get("session")

    def timeline(self) -> Timeline:
        """The saved game as recorded (every hand open): what a read-only replay shows."""
        return Timeline.of(self.game)

    def outcome(self) -> GameOutcome:
        """What a session counts of the saved game (`engine.session.GameOutcome`)."""
        return GameOutcome.of(self.game)


def new_game_id(game: Game, now: float) -> str:
    """A unique, readable id: when, which ruleset and seed, and 6 random hex digits
    (two games of the same seed started in the same second still differ)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    return f"{stamp}-{game.ruleset.id}-{game.seed}-{secrets.token_hex(3)}"


def _dumps(obj: dict[str, Any]) -> str:
    """One log line, exactly as `engine.storage.game_log.log_lines` writes it."""
    return json.dumps(obj, ensure_ascii=False)


def write_atomically(path: Path, text: str, prefix: str, durable: bool) -> None:
    """Replace `path` with `text` in one step: a temporary file beside it (named with
    `prefix`, cleaned at launch if a kill leaves it) is written, synced when `durable`,
    then renamed over `path`, so a reader never sees half a file (OSError if refused).
    The temporary file is new (random name, no symlink followed): `engine.storage`."""
    write_atomic(path, text, durable=durable, prefix=prefix)


def read_save_text(path: Path) -> str:
    """A save's text, read through `engine.storage`: a regular file of at most
    `engine.storage.record_file.MAX_BYTES` (a FIFO or a device there is refused, never waited on;
    `FileNotFoundError` when there is none; `UnicodeDecodeError` if not text)."""
    return read_bytes(path, MAX_BYTES).decode("utf-8")


class SaveStore:
    """The save of the game in progress, in `data_dir`.

    `save(game)` after every event (cheap: only new lines are encoded; the file
    is rewritten atomically); `load()` / `resume()` at launch; `clear()` when
    the game ends. `durable=False` skips the fsyncs (tests, tmpfs).
    """

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        *,
        durable: bool = True,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.dir = Path(data_dir)
        self.path = self.dir / SAVE_NAME
        self.durable = durable
        self.clock = clock
        self.problem: str | None = None  # the last corrupt save reported, if any
        self.kept_as: Path | None = None  # where that save was moved
        self.newer = False  # the save was written by a newer version (left in place)
        self._game: Game | None = None  # the game whose lines are cached
        self._text = ""  # the log of `_game` encoded so far
        self._events = 0  # events of `_game` already encoded
        self._actions = 0  # actions of `_game` already encoded
        self._owned = False  # the file on disk is ours (written or loaded by this store)
        self._legacy: tuple[Game, str] | None = None  # a game loaded from a save without id

    # ------------------------------------------------------------------ identity
    def identity(self, game: Game) -> tuple[str, float]:
        """The id and start time of `game`, kept in its setup (so in the log's header:
        `Game.new` ignores them on replay). A game without one gets one now."""
        setup = game.setup
        legacy = self._legacy
        if legacy is not None and legacy[0] is game and "game_id" not in setup:
            return legacy[1], 0.0  # resumed from an older save: its log stays as it was
        if not isinstance(setup.get("game_id"), str) or not setup["game_id"]:
            now = self.clock()
            setup["game_id"] = new_game_id(game, now)
            setup["started_at"] = round(now, 3)
        started = setup.get("started_at")
        return setup["game_id"], float(started) if isinstance(started, int | float) else 0.0

    # ------------------------------------------------------------------ saving
    def save(self, source: Game | Iterable[str]) -> Path:
        """Write the game's log (or the given log lines) atomically; return the path."""
        if isinstance(source, Game):
            text = self.log_text(source)
        else:
            self._game = None
            text = "".join(line.rstrip("\n") + "\n" for line in source)
        if not self._owned:
            self._protect_existing()
        self._write(text)
        self._owned = True
        return self.path

    def log_text(self, game: Game) -> str:
        """The whole log `save` writes for `game` (a finished game kept elsewhere when
        the save itself cannot be written: `engine.game_finish`)."""
        text = self._text_of(game)
        if game.ruleset.time_limit_minutes:
            # gifu's 50 minutes: the clock goes on from here after a resume.
            text += _dumps({CLOCK_NOTE: round(game.played_seconds(), 1)}) + "\n"
        return text

    def _text_of(self, game: Game) -> str:
        """The log of `game`, encoding only the lines that are new since the last save."""
        if game is not self._game or len(game.events) < self._events:
            self._game = game
            self.identity(game)
            self._text = _dumps({"format": FORMAT, "version": VERSION, "setup": game.setup}) + "\n"
            self._events = self._actions = 0
        marks = game.marks
        events = game.events
        new: list[str] = []
        while True:
            # Events up to the next action's mark were caused by the last action
            # written (or came before the first action).
            stop = marks[self._actions] if self._actions < len(game.actions) else len(events)
            new.extend(_dumps({"event": event_to_dict(e)}) for e in events[self._events : stop])
            self._events = max(self._events, stop)
            if self._actions >= len(game.actions):
                break
            new.append(_dumps({"action": action_to_dict(game.actions[self._actions])}))
            self._actions += 1
        if new:
            self._text += "\n".join(new) + "\n"
        return self._text

    def _write(self, text: str) -> None:
        try:
            write_atomically(self.path, text, ".save-", self.durable)
            if self.durable:
                self._sync_dir()
        except OSError as error:
            raise SaveError(f"could not save the game to {self.path}: {error}") from error

    def _sync_dir(self) -> None:
        """Make the rename itself durable (POSIX); a no-op where directories can't be opened."""
        try:
            fd = os.open(self.dir, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

    def _protect_existing(self) -> None:
        """Before the first write: a corrupt save on disk is moved aside, never overwritten;
        a readable one from another game is kept too (in ``games/``, `archive`). The app
        asks the player before it gets here; this is the safety net."""
        try:
            parse_save(read_save_text(self.path))
        except FileNotFoundError:
            return
        except NotRegularFile as error:  # a FIFO, a device, a symlink: never written over
            raise SaveError(f"could not save the game: {error}") from None
        except NewerVersion:  # not ours to read, but a game: kept in games/ like one
            pass
        except Exception as error:  # anything unreadable, RecursionError included
            self._quarantine(_reason(error))
            return
        self.archive()

    # ------------------------------------------------------------------ loading
    def load(self) -> SavedGame | None:
        """The saved game, or None if there is none or it is corrupt.

        A corrupt save is moved aside and described in `self.problem` (and
        `self.kept_as`); the next `save` starts a fresh file.
        """
        self.problem = None
        self.kept_as = None
        self.newer = False
        try:
            text = read_save_text(self.path)
            saved_at = os.lstat(self.path).st_mtime
        except FileNotFoundError:
            return None
        except UnicodeDecodeError as error:
            self._quarantine(f"it is not text ({error.reason})")
            return None
        except TooLarge as error:
            self._quarantine(str(error))
            return None
        except OSError as error:  # NotRegularFile (a FIFO, ...) included: left alone
            raise SaveError(f"could not read the saved game: {error}") from error
        try:
            saved = read_saved(self.path, text, saved_at)
        except NewerVersion as error:  # kept where it is: a newer version resumes it
            self.newer = True
            self.problem = (f"The saved game in {self.path} was not read: {error}. It is "
                            "left as it is; a new game keeps it in games/ first.")
            return None
        except Exception as error:  # whatever the file does to the reader: kept aside
            self._quarantine(_reason(error))
            return None
        if not saved.game_id:  # a save of an older version: an id from its header
            digest = hashlib.sha256(saved.lines[0].encode("utf-8")).hexdigest()[:12]
            saved = _with_id(saved, f"legacy-{saved.ruleset}-{saved.seed}-{digest}")
            self._legacy = (saved.game, saved.game_id)
        # The file is this store's now: saving the resumed game replaces it (the
        # first save encodes the whole game again, so a tail of events that the
        # save was missing is written too), and keeps the game's id.
        self._game = None
        self._owned = True
        return saved

    def peek(self) -> SavedGame | None:
        """The saved game, read only: nothing is moved, nothing becomes this store's
        (another process's save, shown in a read-only replay). None if unreadable."""
        try:
            text = read_save_text(self.path)
            return read_saved(self.path, text, os.lstat(self.path).st_mtime)
        except Exception:
            return None

    # ------------------------------------------------------------------ keeping games
    def archive(self) -> Path | None:
        """Keep the save in ``games/<game id>.jsonl`` (never over another file) and
        forget it here; the path, or None if there was no save. SaveError if it
        cannot be moved (then it stays where it is)."""
        return self._keep(KEPT_SUFFIX)

    def keep_pending(self) -> Path | None:
        """Keep a finished game whose history record failed as
        ``games/<game id>.pending.jsonl``, recorded at the next launch."""
        return self._keep(PENDING_SUFFIX)

    def _keep(self, suffix: str) -> Path | None:
        if not os.path.lexists(self.path):
            return None
        from .kept_games import header_game_id

        game_id = self._game.setup.get("game_id") if self._game is not None else None
        stem = safe_name(header_game_id(self.path) or game_id or f"save-{int(self.clock())}")
        try:
            kept = move_unique(self.path, games_dir(self.dir), stem, suffix)
        except OSError as error:
            raise SaveError(f"could not keep the saved game {self.path}: {error}") from error
        self._forget()
        return kept

    def migrate_leftovers(self) -> list[Path]:
        """Move the ``save.jsonl.previous-*`` files of older versions into ``games/``."""
        return migrate_leftovers(self.dir, SAVE_NAME)

    def resume(self) -> Game:
        """The saved game, rebuilt exactly; `CorruptSave` or `SaveError` if there is none."""
        saved = self.load()
        if saved is not None:
            return saved.game
        if self.newer and self.problem is not None:
            raise SaveError(self.problem)
        if self.problem is not None:
            raise CorruptSave(self.problem, self.kept_as)
        raise SaveError("there is no saved game to resume")

    def clear(self) -> None:
        """Remove the save of a finished game (a corrupt save kept aside stays).
        SaveError if the file cannot be removed (a read-only directory)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as error:
            raise SaveError(f"could not remove the finished game's save {self.path}: {error}"
                            ) from error
        self._forget()

    def forget(self) -> None:
        """Nothing on disk is this store's any more (its save was moved away)."""
        self._forget()

    def _forget(self) -> None:
        self._game = None
        self._text = ""
        self._events = self._actions = 0
        self._owned = False

    # ------------------------------------------------------------------ corrupt saves
    def _quarantine(self, reason: str) -> None:
        kept = self._move_aside("corrupt")
        self.kept_as = kept
        where = f"it was kept as {kept.name}" if kept else "it was left in place"
        self.problem = (
            f"The saved game in {self.path} could not be read ({reason}); "
            f"{where} in {self.dir}, and a new save will be started."
        )

    def _move_aside(self, label: str) -> Path | None:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        try:
            kept = move_unique(self.path, self.dir, f"{SAVE_NAME}.{label}-{stamp}", "")
        except OSError:
            return None
        self._forget()
        return kept

    def kept_aside(self) -> list[Path]:
        """Every save moved aside so far (corrupt or previous), oldest name first."""
        if not self.dir.exists():
            return []
        return sorted(p for p in self.dir.iterdir() if p.name.startswith(f"{SAVE_NAME}."))


# ---------------------------------------------------------------------- reading a save


def _reason(error: BaseException) -> str:
    """What was wrong, in words: our own ValueErrors say it; anything else is named."""
    if isinstance(error, RecursionError):
        return "a line is nested too deeply to be a game log"
    if isinstance(error, ValueError) and str(error):
        return str(error)
    if isinstance(error, UnicodeDecodeError):
        return f"it is not text ({error.reason})"
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def read_saved(path: Path, text: str, saved_at: float) -> SavedGame:
    """The save's game rebuilt (`engine.storage.save_file`); any exception means the file
    cannot be used."""
    record = read_save(text)
    lines = tuple(line for line in text.splitlines() if line.strip())
    return SavedGame(path, record.game, lines, saved_at, record.played_seconds,
                     record.game_id, record.started_at)


def _with_id(saved: SavedGame, game_id: str) -> SavedGame:
    from dataclasses import replace

    return replace(saved, game_id=game_id)
