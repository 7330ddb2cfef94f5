"""Reading the app's save of a game in progress: a game log, checked and replayed.

A save is an `engine.storage.game_log` game log written after every event, plus, for a ruleset
with a time limit, a closing clock note (`CLOCK_NOTE`: the playing time so far).
Its header's setup also carries what the app keeps with the game (`game_id`,
`started_at`, `session`), which `Game.new` does not know; the rebuilt game gets
them back in its setup so the app goes on with the same game.

Reading is the log's: every line is parsed and shape-checked (`engine.storage.log_schema`)
and the game is replayed with the one check `engine.storage.game_log.replay_rows` makes. Only
the words differ, because a player reads them (the app shows them when it moves
a save it cannot use aside): the few ways a file is not a save at all are named
plainly, and a replay that goes wrong is said to not replay as saved. Every error
is a `LogError` (a `ValueError`) with one line, except a save written by a newer
version of mahjong-tui: `engine.storage.file_version.NewerVersion` (not corrupt, only not
readable here); the caller decides what happens to the file (`engine.storage.save_store`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game import Game
from .file_version import check_version
from .game_log import ReplayMismatch, replay_rows
from .log_schema import CLOCK_NOTE, FORMAT, VERSION, checked_rows
from .record_file import LogError, json_rows, text_lines

__all__ = ["SaveRecord", "parse_save", "read_save"]


@dataclass(frozen=True, slots=True)
class SaveRecord:
    """A save's game rebuilt, and what its header and clock note said about it."""

    game: Game
    played_seconds: float  # the clock note's playing time (0 without one)
    game_id: str  # "" for a save written before games had ids
    started_at: float  # when the game was first started (0: not known)


def parse_save(text: str) -> list[tuple[int, dict[str, Any]]]:
    """The save's lines, numbered from 1 and checked for shape; `LogError` saying what
    is wrong otherwise (nothing is replayed)."""
    rows = list(json_rows(text_lines(text.splitlines())))
    if not rows:
        raise LogError("the file is empty")
    header = rows[0][1]
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise LogError("it is not a mahjong-tui game log (no header line)")
    # A newer version's save is kept for it (`NewerVersion`), anything else is corrupt.
    check_version(header.get("version"), VERSION, "game log", LogError)
    if not isinstance(header.get("setup"), dict):
        raise LogError("its header has no game setup")
    number, last = rows[-1]
    if isinstance(last, dict) and last.keys() == {CLOCK_NOTE}:
        seconds = last[CLOCK_NOTE]
        if type(seconds) not in (int, float):  # the shape check says the rest
            raise LogError(f"line {number}: its playing time is not a number")
    checked = checked_rows(rows)
    try:
        first = next(checked)  # the header is checked before it is given
    except LogError as error:
        raise LogError(f"its game setup is not valid ({error})") from None
    return [first, *checked]


def read_save(text: str) -> SaveRecord:
    """The save's game rebuilt exactly, or `LogError` saying why it cannot be."""
    rows = parse_save(text)
    setup = rows[0][1]["setup"]
    last = rows[-1][1]
    played = float(last[CLOCK_NOTE]) if CLOCK_NOTE in last else 0.0
    try:
        game = replay_rows(rows)
    except ReplayMismatch as mismatch:
        raise LogError(f"the game does not replay as saved: {mismatch}") from None
    game_id: str = setup.get("game_id", "")
    started_at = float(setup.get("started_at", 0))
    if game_id:  # the rebuilt game carries its id on
        game.setup["game_id"] = game_id
        game.setup["started_at"] = started_at
    if isinstance(setup.get("session"), dict):  # and the session it belongs to
        game.setup["session"] = dict(setup["session"])
    return SaveRecord(game, played, game_id, started_at)
