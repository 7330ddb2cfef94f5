"""The end of a game as one step that can be retried: record, then keep.

A finished game is first written whole to the save (`SaveStore.save`), then
recorded in the history under its id (`HistoryRecorder.record`, keyed: a
second record of the same game is a no-op) with the name its log is kept under
(``games/<game id>.jsonl``, `engine.storage.kept_games.log_name`), and only then does the
save move there (`SaveStore.archive`, never over another file: if the name was
taken, the row is pointed at the name it got). So a crash at any point leaves
either the finished save (recorded, or not yet) or the kept log, and
`settle_pending` at the next launch finishes the job without ever recording a
game twice. Every finished game's log is kept (issue #14): `mahjong-tui games`
lists them, `replay` and `export` take a game by its id.

A record that cannot be written (the history locked for longer than its
timeout, the disk full) does not drop the game: its log is kept as
``games/<game id>.pending.jsonl`` and recorded at the next launch.

Whatever the history says, the finished log is kept somewhere, and the save of
the game never stays behind to be offered for resuming (issue #20): when the
save itself cannot be written (the disk full), the finished log is written
straight to ``games/`` (``.pending.jsonl`` if the history did not take it), else
to the temporary directory, and the stale save (the game as it stood at its last
good write) is moved out of the way as ``games/<game id>.partial.jsonl`` — a
rename, which needs no room on the disk. At launch, a save whose game is already
kept finished in ``games/`` is moved the same way (`settle_pending`).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .game import Game
from .storage.history_recorder import HistoryRecorder
from .storage.kept_games import (
    KEPT_SUFFIX,
    PENDING_SUFFIX,
    games_dir,
    log_name,
    move_unique,
    pending_games,
    relative_name,
    safe_name,
    write_unique,
)
from .storage.save_store import SaveError, SaveStore, read_save_text, read_saved

PARTIAL_SUFFIX = ".partial.jsonl"  # a save left behind by a game finished elsewhere


@dataclass
class Finished:
    """What the end of one game did."""

    recorded: bool  # the game is in the history (now, or it already was)
    pending: Path | None = None  # where it waits for the next launch, if it could not be
    kept: Path | None = None  # where its whole log is kept (games/<game id>.jsonl)
    problems: list[str] = field(default_factory=list)  # trouble to report once
    # The finished log, kept outside the data directory (nothing fitted there): the
    # player is told where, since the next launch does not look there.
    outside: Path | None = None


def finish_game(
    store: SaveStore,
    recorder: HistoryRecorder,
    game: Game,
    *,
    notify: Callable[..., Any] | None = None,
    before_clear: Callable[[], None] | None = None,
    keep: bool = False,
) -> Finished:
    """Record the finished `game` once and keep its save as ``games/<game id>.jsonl``;
    never raises for the files (`Finished.problems` says what went wrong).
    `before_clear` runs between the record and the move (tests stop the process
    there). `keep` is accepted for callers written when only a session's games were
    kept: every game is kept now, whatever it says."""
    del keep  # every finished game is kept (issue #14)
    key, started = store.identity(game)
    done = Finished(recorded=False)
    on_disk = True
    try:
        store.save(game)  # from here on, a crash is finished at the next launch
    except SaveError as error:
        # The save on disk may hold the whole game already (written before the disk
        # filled): then it is kept as it is, like any finished save.
        on_disk = _save_is_whole(store, game, key)
        done.problems.append(str(error))
    ended = recorder.clock()
    log = log_name(key)
    if recorder.record(game, started_at=started or ended, ended_at=ended, key=key, log=log,
                       notify=notify) is None:
        if not on_disk:  # neither the save nor the history took it: kept all the same
            kept = _keep_elsewhere(store, game, key, PENDING_SUFFIX, done.problems)
            done.pending, done.outside = _inside_or_out(store, kept)
            return done
        try:
            done.pending = store.keep_pending()
        except SaveError as error:  # it stays as the save: settled at the next launch
            done.problems.append(str(error))
        return done
    done.recorded = True
    if not on_disk:  # recorded, but the save is the game as it stood before the end
        kept = _keep_elsewhere(store, game, key, KEPT_SUFFIX, done.problems)
        done.kept, done.outside = _inside_or_out(store, kept)
        _repoint(store, recorder, key, log, done.kept, done.problems)
        return done
    if before_clear is not None:
        before_clear()
    try:
        kept = store.archive()
    except SaveError as error:  # read-only: the next launch sees it recorded already
        done.problems.append(str(error))
        return done
    done.kept = kept
    _repoint(store, recorder, key, log, kept, done.problems)
    return done


def _inside_or_out(store: SaveStore, kept: Path | None) -> tuple[Path | None, Path | None]:
    """(the path if it is in ``games/``, the path if it is anywhere else)."""
    if kept is None:
        return None, None
    return (kept, None) if kept.parent == games_dir(store.dir) else (None, kept)


def _save_is_whole(store: SaveStore, game: Game, key: str) -> bool:
    """Whether the save on disk is this finished game to its last event."""
    saved = store.peek()
    return (saved is not None and saved.finished and saved.game_id == key
            and len(saved.game.events) == len(game.events))


def _keep_elsewhere(store: SaveStore, game: Game, key: str, suffix: str,
                    problems: list[str]) -> Path | None:
    """The finished game's log, which the save could not take, written as a new file in
    ``games/`` (else in the temporary directory); the stale save moved out of the way
    so it is never offered for resuming. Where it went (None: nowhere, said)."""
    text = store.log_text(game)
    stem = safe_name(key)
    kept: Path | None = None
    for folder, name in ((games_dir(store.dir), stem),
                         (Path(tempfile.gettempdir()), f"mahjong-tui-{stem}")):
        try:
            kept = write_unique(folder, name, suffix, text)
            break
        except OSError as error:
            problems.append(f"The finished game could not be written to {folder}: "
                            f"{error.strerror or error}")
    if kept is not None:
        problems.append(f"The finished game is kept as {kept}.")
    _retire_stale_save(store, stem, whole_copy=kept is not None, problems=problems)
    return kept


def _retire_stale_save(store: SaveStore, stem: str, *, whole_copy: bool,
                       problems: list[str]) -> None:
    """The save of a game kept finished elsewhere: moved to ``games/`` as a partial log
    (a rename: no room needed), removed only if that fails and a whole copy exists."""
    try:
        move_unique(store.path, games_dir(store.dir), stem, PARTIAL_SUFFIX)
    except FileNotFoundError:
        pass
    except OSError as error:
        try:
            if not whole_copy:
                raise
            store.clear()
        except (OSError, SaveError):
            problems.append(f"The save of the finished game could not be moved away "
                            f"({error.strerror or error}); do not resume it.")
            return
    store.forget()


def _repoint(store: SaveStore, recorder: HistoryRecorder, key: str, log: str,
             kept: Path | None, problems: list[str]) -> None:
    """The log was kept under another name than the one recorded (the name was taken):
    the history row is pointed at the file it really is in."""
    if kept is None:
        return
    actual = relative_name(store.dir, kept)
    if actual != log:
        problem = recorder.repoint(key, actual)
        if problem is not None:
            problems.append(problem)


def settle_pending(
    store: SaveStore,
    recorder: HistoryRecorder,
    *,
    notify: Callable[..., Any] | None = None,
) -> list[str]:
    """At launch: record the finished games a previous run could not (a finished
    save left by a crash, ``games/*.pending.jsonl``), each once, and keep each one's
    log as ``games/<game id>.jsonl`` as at a game's end; the notes to show.

    Call it before `store.load()` shows a save for resuming; an unfinished save
    is left alone."""
    notes: list[str] = []
    recorded = 0
    _retire_if_kept(store, notes)
    saved = _finished_save(store)
    if saved is not None:
        log = log_name(saved.game_id)
        ok = recorder.record(saved.game, started_at=saved.started_at or saved.saved_at,
                             ended_at=saved.saved_at, key=saved.game_id, log=log,
                             notify=notify)
        try:
            if ok is not None:
                recorded += recorder.added
                _repoint(store, recorder, saved.game_id, log, store.archive(), notes)
            else:
                store.keep_pending()
        except SaveError as error:
            notes.append(str(error))
    for path in pending_games(store.dir):
        try:
            text = read_save_text(path)  # a FIFO here is refused, not waited on
            pending = read_saved(path, text, path.lstat().st_mtime)
        except Exception as error:  # unreadable: kept under another name, not retried
            stem = path.name.removesuffix(".pending.jsonl")
            try:
                kept = move_unique(path, games_dir(store.dir), stem, ".unreadable.jsonl")
                notes.append(f"A finished game waiting for the history could not be read "
                             f"({type(error).__name__}); it was kept as {kept}.")
            except OSError:
                pass
            continue
        if not pending.finished:
            continue
        stem = path.name.removesuffix(PENDING_SUFFIX)
        key = pending.game_id or stem
        log = log_name(key)
        ok = recorder.record(pending.game, started_at=pending.started_at or pending.saved_at,
                             ended_at=pending.saved_at, key=key, log=log, notify=notify)
        if ok is None:
            break  # the history is still unavailable: the rest wait too
        recorded += recorder.added
        try:
            kept = move_unique(path, games_dir(store.dir), stem, KEPT_SUFFIX)
        except OSError as error:
            notes.append(f"Could not keep {path} as a finished game after recording it: "
                         f"{error}")
            continue
        _repoint(store, recorder, key, log, kept, notes)
    if recorded:
        notes.insert(0, f"{recorded} finished game{'s' if recorded > 1 else ''} that could not "
                        "be added to the history at the end were added now.")
    return notes


def _retire_if_kept(store: SaveStore, notes: list[str]) -> None:
    """An unfinished save of a game that ``games/`` already holds finished (its end was
    kept there while the save could not be written): moved aside, never resumed."""
    saved = store.peek()
    if saved is None or saved.finished or not saved.game_id:
        return
    stem = safe_name(saved.game_id)
    for suffix in (PENDING_SUFFIX, KEPT_SUFFIX):
        path = games_dir(store.dir) / f"{stem}{suffix}"
        try:
            kept = read_saved(path, read_save_text(path), 0.0)
        except Exception:  # missing or unreadable: not a finished copy
            continue
        if kept.finished:
            _retire_stale_save(store, stem, whole_copy=True, problems=notes)
            notes.append(f"The saved game {saved.game_id} had already finished (kept as "
                         f"{path}); its out-of-date save was moved into games/.")
            return


def _finished_save(store: SaveStore) -> Any:
    """The save if it holds a finished game (read without moving anything else)."""
    saved = store.peek()
    if saved is None or not saved.finished:
        return None
    try:
        return store.load()
    except SaveError:
        return None
