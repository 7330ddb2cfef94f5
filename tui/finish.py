"""The end of a game as one step that can be retried: record, then clear.

A finished game is first written whole to the save (`SaveStore.save`), then
recorded in the history under its id (`HistoryRecorder.record`, keyed: a
second record of the same game is a no-op), and only then is the save removed.
So a crash at any point leaves either the finished save (recorded, or not yet)
or nothing, and `settle_pending` at the next launch finishes the job without
ever recording a game twice.

A record that cannot be written (the history locked for longer than its
timeout, the disk full) does not drop the game: its log is kept as
``games/<game id>.pending.jsonl`` and recorded at the next launch.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.game import Game

from .history import HistoryRecorder
from .kept_games import KEPT_SUFFIX, PENDING_SUFFIX, games_dir, move_unique, pending_games
from .save import SaveError, SaveStore, read_saved


@dataclass
class Finished:
    """What the end of one game did."""

    recorded: bool  # the game is in the history (now, or it already was)
    pending: Path | None = None  # where it waits for the next launch, if it could not be
    problems: list[str] = field(default_factory=list)  # trouble to report once


def finish_game(
    store: SaveStore,
    recorder: HistoryRecorder,
    game: Game,
    *,
    notify: Callable[..., Any] | None = None,
    before_clear: Callable[[], None] | None = None,
    keep: bool = False,
) -> Finished:
    """Record the finished `game` once and remove its save; never raises for the
    files (`Finished.problems` says what went wrong). `before_clear` runs between
    the record and the removal (tests stop the process there). `keep`: the save
    is kept in ``games/`` by the game's id instead (a game of a session, replayed
    and reviewed game by game)."""
    key, started = store.identity(game)
    done = Finished(recorded=False)
    on_disk = True
    try:
        store.save(game)  # from here on, a crash is finished at the next launch
    except SaveError as error:
        on_disk = False
        done.problems.append(str(error))
    ended = recorder.clock()
    if recorder.record(game, started_at=started or ended, ended_at=ended, key=key,
                       notify=notify) is None:
        if on_disk:
            try:
                done.pending = store.keep_pending()
            except SaveError as error:  # it stays as the save: settled at the next launch
                done.problems.append(str(error))
        return done
    done.recorded = True
    if before_clear is not None:
        before_clear()
    try:
        if keep:
            store.archive()
        else:
            store.clear()
    except SaveError as error:  # read-only: the next launch sees it recorded already
        done.problems.append(str(error))
    return done


def settle_pending(
    store: SaveStore,
    recorder: HistoryRecorder,
    *,
    notify: Callable[..., Any] | None = None,
) -> list[str]:
    """At launch: record the finished games a previous run could not (a finished
    save left by a crash, ``games/*.pending.jsonl``), each once; the notes to show.

    Call it before `store.load()` shows a save for resuming; an unfinished save
    is left alone."""
    notes: list[str] = []
    recorded = 0
    saved = _finished_save(store)
    if saved is not None:
        ok = recorder.record(saved.game, started_at=saved.started_at or saved.saved_at,
                             ended_at=saved.saved_at, key=saved.game_id, notify=notify)
        try:
            if ok is not None and isinstance(saved.game.setup.get("session"), dict):
                store.archive()  # a session's game stays in games/, as at its end
                recorded += recorder.added
            elif ok is not None:
                store.clear()
                recorded += recorder.added
            else:
                store.keep_pending()
        except SaveError as error:
            notes.append(str(error))
    for path in pending_games(store.dir):
        try:
            text = path.read_text(encoding="utf-8")
            pending = read_saved(path, text, path.stat().st_mtime)
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
        ok = recorder.record(pending.game, started_at=pending.started_at or pending.saved_at,
                             ended_at=pending.saved_at, key=pending.game_id or None,
                             notify=notify)
        if ok is None:
            break  # the history is still unavailable: the rest wait too
        recorded += recorder.added
        try:
            if isinstance(pending.game.setup.get("session"), dict):  # kept for the replay
                stem = path.name.removesuffix(PENDING_SUFFIX)
                move_unique(path, games_dir(store.dir), stem, KEPT_SUFFIX)
            else:
                os.unlink(path)
        except OSError as error:
            notes.append(f"Could not remove {path} after recording it: {error}")
    if recorded:
        notes.insert(0, f"{recorded} finished game{'s' if recorded > 1 else ''} that could not "
                        "be added to the history at the end were added now.")
    return notes


def _finished_save(store: SaveStore) -> Any:
    """The save if it holds a finished game (read without moving anything else)."""
    saved = store.peek()
    if saved is None or not saved.finished:
        return None
    try:
        return store.load()
    except SaveError:
        return None
