"""The history: one SQLite file in the user's data directory holding the finished
games and the learning progress (drill answers, lesson steps), with one opener.

    with HistoryDB(history_path(data_dir)) as db:
        db.record(game_record(game.events, started_at=t0, ended_at=time.time()))
        db.summaries(ruleset="wrc").as_dict()

Layout (schema version 6, `PRAGMA user_version`; `application_id` marks the file):

    games      id, ruleset, overrides (JSON), seed, started_at, ended_at (epoch
               seconds), human_seat, hand_count, sticks, game_key (the game's
               own id, unique: a game is recorded once however often the end of
               the game is retried), session_key, session_game (a game of a
               session: the session's id and the game's number in it, from 1;
               NULL for a single game), log (where the game's whole log is kept,
               relative to the history's folder: ``games/<game id>.jsonl``; NULL
               when no log was kept). House rules are `overrides`.
    seats      game_id, seat, points, rank, uma, result      -- every seat (three
               for a three-player game: the empty North seat has no row)
    hands      game_id, hand_index, round_wind, hand_number, honba, dealer, won,
               tsumo, dealt_in, riichi, called, win_value, deal_in_value, delta
               -- the human's hands only
    hand_yaku  game_id, hand_index, yaku                     -- the human's wins
    drill_results   id, kind, question, correct, seconds, at -- one per answer
    lesson_progress lesson, step, done, at                   -- one per lesson
               (`engine.storage.history.drills` reads and writes these two)

Schema changes are `MIGRATIONS`, applied one step at a time on open, each step
and its new `user_version` in one transaction: a crash mid-migration leaves the
previous version. Every file an earlier version wrote is migrated in place: a
games history of any version (with or without the learning tables the drill log
of versions before 6 added to it) and the learning-only file those drill logs
made in a fresh data directory (`engine.storage.history.legacy`); the migration to 6
also takes back the learning progress the old opener had moved aside.

Each game is written in one `BEGIN IMMEDIATE ... COMMIT` transaction (rollback
journal, `synchronous=FULL`), so a crash at any moment leaves either the whole
game or none of it; `games.hand_count` lets anyone check that. Recording a game
whose `key` is already stored changes nothing and answers the stored id, so the
end of a game can be retried after any crash (`record(..., key=game_id)`). A
first write that fails (disk full) leaves no empty history file behind.

Trouble is reported, never silently repaired at the cost of data; a file that
SQLite can read is never moved:

- locked (another program holds the file): SQLite's busy handler retries for
  `timeout` seconds, then `HistoryLocked` says so; nothing is changed;
- written by a newer mahjong-tui: `NewerHistory`; the file is left untouched
  (games are played, not recorded);
- an SQLite file of another program (tables that are not ours, another
  application id): `ForeignHistory`; the file is left untouched;
- not an SQLite file at all, or damaged (`PRAGMA quick_check`): the file (and
  its journal) is moved aside as ``history.sqlite3.corrupt-<time>`` -- kept,
  never overwritten -- and a fresh file is started; `HistoryDB.problem` says
  what happened and where the old file is, for the caller to report once;
- any other failure (disk full, no permission): `HistoryError`.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .legacy import learning_only, rescue_moved_aside, user_tables
from .stats import GameRecord, HandFacts, SeatResult, Summaries, summarize

HISTORY_NAME = "history.sqlite3"
APPLICATION_ID = 0x4D4A5449  # "MJTI"
DEFAULT_TIMEOUT = 2.0  # seconds a locked file is retried before it is reported
_SIDE_FILES = ("-journal", "-wal", "-shm")


class HistoryError(Exception):
    """The history cannot be read or written (the message says why and where)."""


class HistoryLocked(HistoryError):
    """Another program kept the file locked for longer than the timeout."""


class NewerHistory(HistoryError):
    """The file was written by a newer version of mahjong-tui; it is left alone."""


class ForeignHistory(HistoryError):
    """The file is an SQLite database of another program; it is left alone."""


def history_path(data_dir: str | os.PathLike[str]) -> Path:
    return Path(data_dir) / HISTORY_NAME


# ---------------------------------------------------------------------- migrations
# MIGRATIONS[i] takes a file from version i to i + 1. Never edit a released step:
# add one. Each runs inside the transaction that also sets the new user_version.


def _v1(conn: sqlite3.Connection) -> None:
    for statement in (
        f"PRAGMA application_id = {APPLICATION_ID}",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            ruleset TEXT NOT NULL,
            overrides TEXT NOT NULL DEFAULT '{}',
            seed INTEGER NOT NULL,
            started_at REAL NOT NULL,
            ended_at REAL NOT NULL,
            human_seat INTEGER NOT NULL CHECK (human_seat BETWEEN 0 AND 3),
            hand_count INTEGER NOT NULL,
            sticks INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            points INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            uma REAL NOT NULL,
            result REAL NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
        # Version 1 kept the yaku of a win as space-separated ids in hands.yaku.
        """CREATE TABLE hands (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            hand_index INTEGER NOT NULL,
            round_wind INTEGER NOT NULL,
            hand_number INTEGER NOT NULL,
            honba INTEGER NOT NULL,
            dealer INTEGER NOT NULL,
            won INTEGER NOT NULL,
            tsumo INTEGER NOT NULL,
            dealt_in INTEGER NOT NULL,
            riichi INTEGER NOT NULL,
            called INTEGER NOT NULL,
            win_value INTEGER NOT NULL,
            deal_in_value INTEGER NOT NULL,
            delta INTEGER NOT NULL,
            yaku TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (game_id, hand_index)
        )""",
    ):
        conn.execute(statement)


def _v2(conn: sqlite3.Connection) -> None:
    """The yaku of a win get a table of their own (counted by SQL, one row per yaku)."""
    conn.execute(
        """CREATE TABLE hand_yaku (
            game_id INTEGER NOT NULL,
            hand_index INTEGER NOT NULL,
            yaku TEXT NOT NULL,
            PRIMARY KEY (game_id, hand_index, yaku),
            FOREIGN KEY (game_id, hand_index) REFERENCES hands(game_id, hand_index)
                ON DELETE CASCADE
        )"""
    )
    rows = conn.execute("SELECT game_id, hand_index, yaku FROM hands WHERE yaku != ''")
    conn.executemany(
        "INSERT OR IGNORE INTO hand_yaku VALUES (?, ?, ?)",
        [(g, h, y) for g, h, text in rows.fetchall() for y in text.split()],
    )
    conn.execute("ALTER TABLE hands DROP COLUMN yaku")
    conn.execute("CREATE INDEX games_by_ruleset ON games(ruleset, ended_at)")


def _v3(conn: sqlite3.Connection) -> None:
    """Each game keeps its own id (the save's `game_id`): recording it twice is a no-op."""
    conn.execute("ALTER TABLE games ADD COLUMN game_key TEXT")
    conn.execute("CREATE UNIQUE INDEX games_by_key ON games(game_key)")


def _v4(conn: sqlite3.Connection) -> None:
    """Sessions (issue #12): a game of a session keeps the session's id and its number
    in it, so the history can show a session's games together and sum them."""
    conn.execute("ALTER TABLE games ADD COLUMN session_key TEXT")
    conn.execute("ALTER TABLE games ADD COLUMN session_game INTEGER")
    conn.execute("CREATE INDEX games_by_session ON games(session_key, session_game)")


def _v5(conn: sqlite3.Connection) -> None:
    """Every game kept (issue #14): a game's row names the file its whole log is kept
    in, so `replay`, `export` and `games` find it by the game's id. Before v5 only a
    session's games were kept, as ``games/<game id>.jsonl`` (their ids are already
    safe file names): those rows get their reference; the logs of other games were
    removed at their end, so theirs stay NULL."""
    conn.execute("ALTER TABLE games ADD COLUMN log TEXT")
    conn.execute(
        "UPDATE games SET log = 'games/' || game_key || '.jsonl'"
        " WHERE session_key IS NOT NULL AND game_key IS NOT NULL AND game_key != ''"
        " AND game_key NOT GLOB '*[^A-Za-z0-9._-]*' AND game_key NOT GLOB '.*'"
    )


def _v6(conn: sqlite3.Connection) -> None:
    """Learning progress joins the games in one schema (issue #19). The drill log
    used to make these two tables itself, with these exact columns, so a file may
    have them already (rows kept: `IF NOT EXISTS`). The progress the old opener
    moved aside (a learning-only file it took for another program's) comes back."""
    conn.execute(
        """CREATE TABLE IF NOT EXISTS drill_results (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            question TEXT NOT NULL,
            correct INTEGER NOT NULL,
            seconds REAL NOT NULL,
            at REAL NOT NULL
        )"""
    )
    conn.execute(
        """CREATE TABLE IF NOT EXISTS lesson_progress (
            lesson TEXT PRIMARY KEY,
            step INTEGER NOT NULL,
            done INTEGER NOT NULL,
            at REAL NOT NULL
        )"""
    )
    conn.execute(
        "CREATE INDEX IF NOT EXISTS drill_results_by_question"
        " ON drill_results(kind, question, at)"
    )
    path = _main_file(conn)
    if path is not None:
        rescue_moved_aside(conn, path)


def _main_file(conn: sqlite3.Connection) -> Path | None:
    """The file `conn` has open (None for an in-memory database)."""
    for _, name, file in conn.execute("PRAGMA database_list"):
        if name == "main" and file:
            return Path(file)
    return None


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2, _v3, _v4, _v5, _v6)
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(conn: sqlite3.Connection, to: int = SCHEMA_VERSION) -> int:
    """Bring the file at `conn` (autocommit mode) up to version `to`, one step per
    transaction; return the version it had. Tests use `to` to build older files."""
    before = _version(conn)
    if before >= to:  # the usual case: no write lock taken, readers never wait
        return before
    while True:
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = _version(conn)  # read under the write lock: another process may
            if version >= to:  # have migrated meanwhile
                conn.execute("ROLLBACK")
                return before
            MIGRATIONS[version](conn)
            conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise


def _version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


# ---------------------------------------------------------------------- errors

_BUSY = {5, 6}  # SQLITE_BUSY, SQLITE_LOCKED
_CORRUPT = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


class _Corrupt(Exception):
    """Internal: the file is damaged or is not a mahjong-tui history."""


def _kind(error: sqlite3.Error) -> str:
    code = getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(error).lower()
    if primary in _BUSY or "locked" in text or "busy" in text:
        return "locked"
    if primary in _CORRUPT or "malformed" in text or "not a database" in text:
        return "corrupt"
    return "other"


# ---------------------------------------------------------------------- the database


@dataclass(frozen=True, slots=True)
class KeptRow:
    """One recorded game as `mahjong-tui games` lists it (`HistoryDB.kept_rows`)."""

    id: int
    key: str | None  # the game's own id (NULL for games recorded before version 3)
    ruleset: str
    seed: int
    started_at: float
    ended_at: float
    hands: int
    place: int | None  # the human's place, 1-4
    points: int | None  # the human's final points
    session_key: str | None
    session_game: int | None
    log: str | None  # relative to the history's folder; None: no log was kept
    overrides: dict[str, Any]


def _players(ruleset: str, overrides: str) -> int:
    """The seats a stored game of `ruleset` ranks: 3 for a three-player ruleset
    (RULESETS.md §9), else 4 (a ruleset this version does not know, too)."""
    from rules.ruleset import RulesetError, load_preset

    try:
        return load_preset(ruleset).with_overrides(json.loads(overrides or "{}")).players
    except (RulesetError, TypeError, ValueError):
        return 4


class HistoryDB:
    """An open history file: the one way in, for the games and the learning progress
    alike. Opening migrates it, or moves a damaged one (not SQLite) aside.

    `problem` is set when a corrupt file was moved aside on open (to `kept_as`).
    Raises `HistoryLocked`, `NewerHistory`, `ForeignHistory` or `HistoryError`
    when it cannot be used.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        timeout: float | None = None,
        clock: Callable[[], float] = time.time,
        verify: bool = True,
    ) -> None:
        self.path = Path(path)
        self.timeout = DEFAULT_TIMEOUT if timeout is None else timeout
        self.clock = clock
        # `PRAGMA quick_check` reads the whole file; a caller that opens the same file
        # for every statement (the drill log) verifies it the first time only
        self.verify = verify
        self.problem: str | None = None
        self.kept_as: Path | None = None
        self._conn: sqlite3.Connection | None = None
        try:
            self._conn = self._open()
        except _Corrupt as reason:
            self._quarantine(str(reason))
            try:
                self._conn = self._open()
            except _Corrupt as again:  # pragma: no cover - a fresh file is never corrupt
                raise HistoryError(
                    f"could not start a new history at {self.path}: {again}"
                ) from again

    # -- opening -------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise HistoryError(f"cannot create {self.path.parent}: {error}") from error
        conn: sqlite3.Connection | None = None
        try:
            conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA synchronous = FULL")
            self._check(conn)
            migrate(conn)
            return conn
        except sqlite3.Error as error:
            if conn is not None:
                conn.close()
            raise self._translate(error, "open") from error
        except BaseException:
            if conn is not None:
                conn.close()
            raise

    def _check(self, conn: sqlite3.Connection) -> None:
        """Sort the file out before anything is written: ours (any version up to
        this one, or the learning-only file of an earlier drill log) goes on to be
        migrated; newer or another program's is an error that leaves it untouched;
        damaged is `_Corrupt` (moved aside)."""
        app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
        version = _version(conn)
        if app_id == APPLICATION_ID and version > SCHEMA_VERSION:
            raise NewerHistory(
                f"the history {self.path} was written by a newer mahjong-tui (schema "
                f"version {version}; this one knows up to {SCHEMA_VERSION}); "
                "it is left untouched, and games and drill results are not recorded"
            )
        if app_id != APPLICATION_ID or version == 0:
            tables = user_tables(conn)
            if app_id != 0 or version != 0 or not learning_only(tables):
                what = f"application id {app_id}" if app_id else (
                    "tables " + ", ".join(tables) if tables else f"user version {version}"
                )
                raise ForeignHistory(
                    f"{self.path} is an SQLite file of another program ({what}), not a "
                    "mahjong-tui history; it is left untouched, and games and drill "
                    "results are not recorded until it is moved away"
                )
        if not self.verify:
            return
        problems = [row[0] for row in conn.execute("PRAGMA quick_check(3)")]
        if problems != ["ok"]:
            raise _Corrupt("; ".join(problems))

    def _translate(self, error: sqlite3.Error, doing: str) -> Exception:
        kind = _kind(error)
        if kind == "locked":
            return HistoryLocked(
                f"the history {self.path} is locked by another program "
                f"(tried for {self.timeout:g}s); try again when it is closed"
            )
        if kind == "corrupt" and doing == "open":
            return _Corrupt(str(error))
        if kind == "corrupt":
            return HistoryError(f"the history {self.path} is damaged ({error})")
        return HistoryError(f"could not {doing} the history {self.path}: {error}")

    def _quarantine(self, reason: str) -> None:
        kept = self._move_aside()
        self.kept_as = kept
        where = f"it was kept as {kept.name}" if kept else "it could not be moved"
        self.problem = (
            f"The game history {self.path} could not be read ({reason}); "
            f"{where} in {self.path.parent}, and a new history was started for new games."
        )
        if kept is None:
            raise HistoryError(self.problem)

    def _move_aside(self) -> Path | None:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        base = f"{self.path.name}.corrupt-{stamp}"
        target = self.path.with_name(base)
        n = 1
        while any(target.with_name(target.name + s).exists() for s in ("", *_SIDE_FILES)):
            n += 1
            target = self.path.with_name(f"{base}-{n}")
        try:
            os.replace(self.path, target)
        except OSError:
            return None
        for suffix in _SIDE_FILES:  # a journal must never be applied to the new file
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                with contextlib.suppress(OSError):
                    os.replace(side, target.with_name(target.name + suffix))
        return target

    # -- lifetime ------------------------------------------------------------------
    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise HistoryError("the history is closed")
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> HistoryDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -------------------------------------------------------------------
    def record(
        self,
        record: GameRecord,
        *,
        key: str | None = None,
        log: str | None = None,
        before_commit: Callable[[], None] | None = None,
    ) -> int:
        """Store one finished game in one transaction; return its id.

        With `key` (the game's own id), a game already stored under that key is not
        stored again: its id is answered. `log` is where its whole log is kept
        (relative to the history's folder). `before_commit` runs inside the
        transaction, just before COMMIT (tests use it to kill a writer mid-game)."""
        conn = self.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                if key is not None:
                    row = conn.execute("SELECT id FROM games WHERE game_key = ?", (key,))
                    stored = row.fetchone()
                    if stored is not None:
                        conn.execute("ROLLBACK")
                        return int(stored[0])
                game_id = self._insert(conn, record, key, log)
                if before_commit is not None:
                    before_commit()
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            raise self._translate(error, "write to") from error
        return game_id

    @staticmethod
    def _insert(
        conn: sqlite3.Connection, r: GameRecord, key: str | None = None, log: str | None = None
    ) -> int:
        cursor = conn.execute(
            "INSERT INTO games (ruleset, overrides, seed, started_at, ended_at, human_seat,"
            " hand_count, sticks, game_key, session_key, session_game, log)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                r.ruleset, json.dumps(r.overrides, sort_keys=True), r.seed, r.started_at,
                r.ended_at, r.human_seat, len(r.hands), r.sticks, key, r.session_key,
                r.session_game, log,
            ),
        )
        game_id = int(cursor.lastrowid or 0)
        conn.executemany(
            "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, s.seat, s.points, s.rank, s.uma, s.result) for s in r.seats],
        )
        conn.executemany(
            "INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id, i, h.round_wind, h.hand_number, h.honba, h.dealer, h.won,
                    h.tsumo, h.dealt_in, h.riichi, h.called, h.win_value, h.deal_in_value,
                    h.delta,
                )
                for i, h in enumerate(r.hands)
            ],
        )
        conn.executemany(
            "INSERT OR IGNORE INTO hand_yaku VALUES (?, ?, ?)",
            [(game_id, i, y) for i, h in enumerate(r.hands) for y in h.yaku],
        )
        return game_id

    def set_log(self, key: str, log: str | None) -> bool:
        """Point the game stored under `key` at the file its log is kept in (it was
        kept under another name than the one recorded); False if no such game."""
        try:
            cursor = self.conn.execute("UPDATE games SET log = ? WHERE game_key = ?", (log, key))
        except sqlite3.Error as error:
            raise self._translate(error, "write to") from error
        return cursor.rowcount > 0

    # -- reading -------------------------------------------------------------------
    def kept_rows(self, ruleset: str | None = None) -> list[KeptRow]:
        """Every stored game (of `ruleset`) as the game list shows it, newest first:
        without its hands, with the human's place and the log it is kept in."""
        where, args = (" WHERE g.ruleset = ?", (ruleset,)) if ruleset is not None else ("", ())
        rows = self._query(
            "SELECT g.id, g.game_key, g.ruleset, g.seed, g.started_at, g.ended_at,"
            " g.hand_count, s.rank, s.points, g.session_key, g.session_game, g.log,"
            " g.overrides"
            " FROM games g LEFT JOIN seats s ON s.game_id = g.id AND s.seat = g.human_seat"
            f"{where} ORDER BY g.ended_at DESC, g.id DESC",
            args,
        )
        return [
            KeptRow(
                id=int(r[0]), key=r[1], ruleset=r[2], seed=int(r[3]), started_at=float(r[4]),
                ended_at=float(r[5]), hands=int(r[6]),
                place=None if r[7] is None else int(r[7]),
                points=None if r[8] is None else int(r[8]),
                session_key=r[9], session_game=r[10], log=r[11],
                overrides=json.loads(r[12]) if r[12] else {},
            )
            for r in rows
        ]

    def recorded(self, key: str) -> int | None:
        """The id of the game stored under `key`, or None."""
        rows = self._query("SELECT id FROM games WHERE game_key = ?", (key,))
        return int(rows[0][0]) if rows else None

    def count(self, ruleset: str | None = None) -> int:
        where, args = _where(ruleset)
        return int(self._query(f"SELECT count(*) FROM games{where}", args)[0][0])

    def rulesets(self) -> list[str]:
        return [row[0] for row in self._query("SELECT DISTINCT ruleset FROM games ORDER BY 1")]

    def games(self, ruleset: str | None = None) -> list[GameRecord]:
        """Every stored game (of `ruleset`), oldest first, rebuilt as `GameRecord`s."""
        return [record for _, record in self.game_rows(ruleset)]

    def game_rows(self, ruleset: str | None = None) -> list[tuple[int, GameRecord]]:
        where, args = _where(ruleset)
        games = self._query(
            "SELECT id, ruleset, overrides, seed, started_at, ended_at, human_seat, sticks,"
            f" session_key, session_game FROM games{where} ORDER BY ended_at, id",
            args,
        )
        chosen = f" WHERE game_id IN (SELECT id FROM games{where})"
        seats: dict[int, list[SeatResult]] = {}
        for g, *values in self._query(f"SELECT * FROM seats{chosen} ORDER BY game_id, seat", args):
            seats.setdefault(g, []).append(SeatResult(*values))
        yaku: dict[tuple[int, int], list[str]] = {}
        for g, h, y in self._query(f"SELECT * FROM hand_yaku{chosen} ORDER BY rowid", args):
            yaku.setdefault((g, h), []).append(y)
        hands: dict[int, list[HandFacts]] = {}
        rows = self._query(f"SELECT * FROM hands{chosen} ORDER BY game_id, hand_index", args)
        for g, i, *v in rows:
            hands.setdefault(g, []).append(
                HandFacts(
                    round_wind=v[0], hand_number=v[1], honba=v[2], dealer=bool(v[3]),
                    won=bool(v[4]), tsumo=bool(v[5]), dealt_in=bool(v[6]),
                    riichi=bool(v[7]), called=bool(v[8]), win_value=v[9],
                    deal_in_value=v[10], delta=v[11], yaku=tuple(yaku.get((g, i), ())),
                )
            )
        return [
            (
                g,
                GameRecord(
                    ruleset=rs, overrides=json.loads(ov), seed=seed, started_at=t0,
                    ended_at=t1, human_seat=hs, seats=tuple(seats.get(g, ())),
                    hands=tuple(hands.get(g, ())), sticks=sticks, session_key=sk,
                    session_game=sg,
                ),
            )
            for g, rs, ov, seed, t0, t1, hs, sticks, sk, sg in games
        ]

    def session_games(self, session_key: str) -> list[GameRecord]:
        """The recorded games of one session, in the order they were played."""
        rows = self._query(
            "SELECT id FROM games WHERE session_key = ? ORDER BY session_game, id",
            (session_key,),
        )
        wanted = [row[0] for row in rows]
        by_id = dict(self.game_rows())
        return [by_id[g] for g in wanted if g in by_id]

    def summaries(self, ruleset: str | None = None) -> Summaries:
        """The player's figures over the stored games (of `ruleset`): overall and per ruleset."""
        return summarize(self.games(ruleset))

    def incomplete_games(self) -> list[int]:
        """Ids of games whose seats or hands are not all stored (always empty: each
        game is one transaction; the crash tests check it)."""
        rows = self._query(
            "SELECT g.id, g.ruleset, g.overrides,"
            " (SELECT count(*) FROM seats s WHERE s.game_id = g.id),"
            " (SELECT count(*) FROM hands h WHERE h.game_id = g.id) != g.hand_count"
            " FROM games g"
        )
        return [
            game for game, ruleset, overrides, seats, short in rows
            if short or seats != _players(ruleset, overrides)
        ]

    def run(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """One statement (its own transaction: the connection is in autocommit mode),
        its rows; SQLite's errors as `HistoryError`. For `engine.storage.history.drills`."""
        try:
            return self.conn.execute(sql, args).fetchall()
        except sqlite3.Error as error:
            raise self._translate(error, "use") from error

    def _query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self.conn.execute(sql, args).fetchall()
        except sqlite3.Error as error:
            raise self._translate(error, "read") from error


def _where(ruleset: str | None) -> tuple[str, tuple[Any, ...]]:
    return (" WHERE ruleset = ?", (ruleset,)) if ruleset is not None else ("", ())


def record_game(
    path: str | os.PathLike[str],
    record: GameRecord,
    *,
    key: str | None = None,
    timeout: float | None = None,
) -> tuple[int, str | None]:
    """Open the history at `path`, store `record` (once per `key`), close; return
    (game id, problem). `problem` is the notice to show once if a corrupt file was
    moved aside. If this call created the file and failed, no empty file is left."""
    game_id, problem, _ = record_game_once(path, record, key=key, timeout=timeout)
    return game_id, problem


def record_game_once(
    path: str | os.PathLike[str],
    record: GameRecord,
    *,
    key: str | None = None,
    timeout: float | None = None,
    log: str | None = None,
) -> tuple[int, str | None, bool]:
    """`record_game`, also saying whether the game was added now (False: its `key`
    was stored already, by an earlier run that stopped before it could tidy up).
    `log`: where the game's whole log is kept, relative to the history's folder."""
    target = Path(path)
    existed = target.exists()
    try:
        with HistoryDB(target, timeout=timeout) as db:
            before = db.recorded(key) if key is not None else None
            game_id = db.record(record, key=key, log=log)
            return game_id, db.problem, before is None
    except BaseException:
        if not existed:
            _remove_if_empty(target)
        raise


def set_game_log(
    path: str | os.PathLike[str], key: str, log: str | None, *, timeout: float | None = None
) -> bool:
    """Open the history at `path` and point the game stored under `key` at `log`
    (`HistoryDB.set_log`); False if there is no history or no such game."""
    if not Path(path).exists():
        return False
    with HistoryDB(path, timeout=timeout) as db:
        return db.set_log(key, log)


def _remove_if_empty(path: Path) -> None:
    """A history this process created and could not fill (disk full): no 0-byte file."""
    with contextlib.suppress(OSError):
        if path.stat().st_size == 0:
            path.unlink()
            for suffix in _SIDE_FILES:
                side = path.with_name(path.name + suffix)
                if side.exists() and side.stat().st_size == 0:
                    side.unlink()

