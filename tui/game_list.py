"""Every game kept in the data directory, by its id: what `mahjong-tui games` lists and
what `replay` and `export` resolve an id (or `last`) to.

Two sources, one list. The history (`engine.storage.history.db`, schema v5) has a row per
finished game with the name its log is kept under (``games/<game id>.jsonl``) and
the human's place; the ``games/`` folder has every kept log, the abandoned ones
(replaced by a new game) and the finished ones the history does not know (waiting
as ``*.pending.jsonl``, or recorded in a history that was since moved aside); and
the save is the game in play. Files are read lightly (`scan_log`: the header, the
game's start and end lines, the number of hands), never replayed: listing a few
hundred games stays quick. Resolving an id reads the folder only, never the history
(a locked or damaged history does not stop `replay ID`).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.storage import read_bytes
from engine.storage.kept_games import KEPT_SUFFIX, PENDING_SUFFIX, games_dir, safe_name
from engine.storage.record_file import MAX_BYTES

FINISHED = "finished"  # recorded in the history
NOT_RECORDED = "not recorded"  # finished, its log kept, not (yet) in the history
ABANDONED = "abandoned"  # replaced by a new game before its end
IN_PLAY = "in play"  # the save: resumed at the next launch
UNREADABLE = "unreadable"  # a kept file whose header cannot be read
LAST = "last"  # the newest finished game
SAVE_NAME = "save.jsonl"  # engine.storage.save_store.SAVE_NAME (not imported: it loads the referee)
LOG_SUFFIXES = (".jsonl", ".json", ".mjlog", ".xml", ".gz", ".txt", ".log")


@dataclass(frozen=True, slots=True)
class KeptGame:
    """One game the list shows: its id, where its log is, and how it went."""

    id: str
    path: Path | None  # the log (None: recorded, but its log was not kept)
    state: str  # FINISHED, NOT_RECORDED, ABANDONED, IN_PLAY or UNREADABLE
    ruleset: str = "?"
    seed: int | None = None
    started_at: float | None = None
    ended_at: float = 0.0  # the end, or when the log was last written
    place: int | None = None  # the human's place, 1-4 (finished games)
    points: int | None = None
    hands: int = 0
    overrides: dict[str, Any] = field(default_factory=dict)
    session: str | None = None
    session_game: int | None = None

    @property
    def finished(self) -> bool:
        return self.state in (FINISHED, NOT_RECORDED)

    @property
    def players(self) -> int:
        """3 or 4, as the game's ruleset seats them (RULESETS.md §9); 4 for a ruleset
        this version does not know."""
        from rules.ruleset import RulesetError, load_preset

        try:
            return load_preset(self.ruleset).with_overrides(self.overrides).players
        except (RulesetError, TypeError, ValueError):
            return 4

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "date": _iso(self.ended_at),
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "ruleset": self.ruleset,
            "players": self.players,
            "overrides": self.overrides,
            "seed": self.seed,
            "place": self.place,
            "points": self.points,
            "hands": self.hands,
            "state": self.state,
            "session": self.session,
            "session_game": self.session_game,
            "log": None if self.path is None else str(self.path),
        }


def _iso(stamp: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(stamp))


# ---------------------------------------------------------------------- reading a log


def scan_log(path: Path, state_if_over: str = NOT_RECORDED) -> KeptGame:
    """What the list shows of one log, read without replaying it: the header's id,
    ruleset, seed and start, the hands started, and the human's place if it ended."""
    stem = path.name.removesuffix(PENDING_SUFFIX).removesuffix(KEPT_SUFFIX)
    try:
        mtime = path.stat().st_mtime
        # Through engine.storage: a regular file within the log cap, never a FIFO.
        text = read_bytes(path, MAX_BYTES).decode("utf-8")
        lines = text.splitlines()
        header = json.loads(lines[0]) if lines else None
        setup = header.get("setup") if isinstance(header, dict) else None
        if not isinstance(setup, dict):
            raise ValueError("no setup")
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return KeptGame(id=stem, path=path, state=UNREADABLE,
                        ended_at=_mtime(path))
    game_id = setup.get("game_id") if isinstance(setup.get("game_id"), str) else None
    started = setup.get("started_at")
    tag = setup.get("session")
    session: dict[str, Any] = tag if isinstance(tag, dict) else {}
    seed = setup.get("seed")
    overrides = setup.get("overrides")
    game = KeptGame(
        id=game_id or stem, path=path, state=ABANDONED,
        ruleset=str(setup.get("ruleset", "?")),
        seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
        started_at=float(started) if isinstance(started, int | float) else None,
        ended_at=mtime, hands=text.count('"hand_started"'),
        overrides=overrides if isinstance(overrides, dict) else {},
        session=session.get("id") if isinstance(session.get("id"), str) else None,
        session_game=session.get("game") if isinstance(session.get("game"), int) else None,
    )
    ended = _event(lines, "game_ended", last=True)
    if ended is None:
        return game
    seat = _human_seat(_event(lines, "game_started", last=False))
    place = points = None
    for row in ended.get("results") or ():
        if isinstance(row, dict) and row.get("seat") == seat:
            place, points = row.get("rank"), row.get("points")
    return replace(game, state=state_if_over, place=place, points=points)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _event(lines: list[str], kind: str, *, last: bool) -> dict[str, Any] | None:
    """The first (or last) event of `kind` in the log's lines, parsed; None if none."""
    needle = f'"{kind}"'
    for line in reversed(lines) if last else lines:
        if needle in line:
            try:
                record = json.loads(line)
            except (ValueError, RecursionError):
                return None
            event = record.get("event") if isinstance(record, dict) else None
            if isinstance(event, dict) and event.get("type") == kind:
                return event
    return None


def _human_seat(started: dict[str, Any] | None) -> int:
    """The seat of line-up player 0 (the human in the app): `Game.seating.index(0)`."""
    seating = started.get("seating") if started else None
    if isinstance(seating, list) and 0 in seating:
        return seating.index(0)
    return 0


# ---------------------------------------------------------------------- the folder


def kept_files(data_dir: str | os.PathLike[str]) -> list[Path]:
    """Every log kept in ``games/`` (finished, abandoned, pending), any order."""
    folder = games_dir(data_dir)
    if not folder.is_dir():
        return []
    return [p for p in folder.iterdir()
            if p.name.endswith(KEPT_SUFFIX) and not p.name.endswith(".unreadable.jsonl")
            and p.is_file()]


def folder_games(data_dir: str | os.PathLike[str]) -> list[KeptGame]:
    """The games the folder and the save hold, each read lightly (`scan_log`)."""
    games = [scan_log(p) for p in kept_files(data_dir)]
    save = Path(data_dir) / SAVE_NAME
    if save.is_file():
        games.append(replace(scan_log(save, NOT_RECORDED), state=IN_PLAY))
    return games


def list_games(data_dir: str | os.PathLike[str], ruleset: str | None = None,
               rows: Iterable[Any] = ()) -> list[KeptGame]:
    """Every kept game (of `ruleset`), newest first. `rows` are the history's
    (`HistoryDB.kept_rows`): each finished game there is listed from its row (its place
    and end as recorded) with the log the row names; the folder's other logs and the
    save are added from the files. A recorded game whose log was not kept (played
    before every game was) is left out: there is nothing to replay."""
    data = Path(data_dir)
    from_files = {_key(g.path): g for g in folder_games(data) if g.path is not None}
    listed: list[KeptGame] = []
    for row in rows:
        path = _row_log(data, row)
        if path is None:
            continue
        scanned = from_files.pop(_key(path), None)
        listed.append(KeptGame(
            id=row.key or (scanned.id if scanned else path.stem), path=path, state=FINISHED,
            ruleset=row.ruleset, seed=row.seed, started_at=row.started_at,
            ended_at=row.ended_at, place=row.place, points=row.points, hands=row.hands,
            overrides=dict(row.overrides), session=row.session_key,
            session_game=row.session_game,
        ))
    listed.extend(from_files.values())
    if ruleset is not None:
        listed = [g for g in listed if g.ruleset == ruleset]
    return sorted(listed, key=lambda g: (g.ended_at, g.id), reverse=True)


def _key(path: Path) -> str:
    return os.path.normcase(str(path.resolve()))


def _row_log(data: Path, row: Any) -> Path | None:
    """The log a history row names, if it is there; else the one its id names."""
    names = [row.log] if row.log else []
    if row.key:
        names.append(f"{games_dir(data).name}/{safe_name(row.key)}{KEPT_SUFFIX}")
    for name in names:
        path = Path(name) if Path(name).is_absolute() else data / name
        if path.is_file():
            return path
    return None


# ---------------------------------------------------------------------- ids


class UnknownGame(LookupError):
    """An id (or `last`) that names no kept game; the message is the one line to show."""


def looks_like_path(text: str) -> bool:
    """A path (a separator, or a log's suffix), not a game id: read as before."""
    separators = {"/", os.sep, os.altsep or "/"}
    return any(s in text for s in separators) or text.lower().endswith(LOG_SUFFIXES)


def resolve(argument: str, data_dir: str | os.PathLike[str]) -> str:
    """The log `argument` names: itself if it is a file or looks like a path (read as
    before: a missing one is the reader's own one-line error); else a kept game's id,
    a unique start of one, or `last` (the newest finished game). `UnknownGame` if
    there is no such game."""
    if looks_like_path(argument) or Path(argument).exists():
        return argument
    data = Path(data_dir)
    games = folder_games(data)
    if argument == LAST:
        done = [g for g in games if g.finished and g.path is not None]
        if not done:
            raise UnknownGame(f"no finished game is kept in {data} yet "
                              "('mahjong-tui games' lists the kept games)")
        newest = max(done, key=lambda g: (g.ended_at, g.id))
        return str(newest.path)
    exact = [g for g in games if argument in (g.id, _stem(g.path))]
    if exact:  # the same id twice (a file kept as <id>-2.jsonl): the newest
        found = [max(exact, key=lambda g: (g.ended_at, _stem(g.path)))]
    else:
        found = [g for g in games if g.id.startswith(argument)]
    if len(found) == 1 and found[0].path is not None:
        return str(found[0].path)
    if len(found) > 1:
        raise UnknownGame(f"{argument!r} is the start of {len(found)} game ids: give more of "
                          "it ('mahjong-tui games' lists them)")
    raise UnknownGame(f"{argument!r} is neither a game log nor the id of a game kept in "
                      f"{data} ('mahjong-tui games' lists them)")


def _stem(path: Path | None) -> str:
    if path is None:
        return ""
    return path.name.removesuffix(PENDING_SUFFIX).removesuffix(KEPT_SUFFIX)
