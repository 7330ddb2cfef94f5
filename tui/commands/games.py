"""`mahjong-tui games [--json] [--ruleset ID]`: every game kept in the data directory.

Newest first: the id (what `replay ID` and `export ID` take), the date, the preset,
the seed, your place and the number of hands; a game replaced by a new one before
its end is marked abandoned, the game in play (the save) as such. Read from the
history (each finished game's row names its kept log) and the ``games/`` folder
(`tui.game_list`). Never imports Textual. A locked, damaged or unreadable history
is one line on stderr and exit status 2, as for `stats`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from ..game_list import ABANDONED, FINISHED, IN_PLAY, KeptGame, list_games

PLACES = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
STATE_WORDS = {
    ABANDONED: "abandoned",
    IN_PLAY: "in play (saved)",
    "not recorded": "not in the history yet",
    "unreadable": "unreadable",
}


def add_parser(sub: Any) -> None:
    games = sub.add_parser("games", help="list every kept game, newest first, by its id")
    games.add_argument("--json", action="store_true", help="machine-readable output")
    games.add_argument("--ruleset", default=None, metavar="ID", help="only games of this preset")


def run_games(args: argparse.Namespace, stdout: TextIO, fail: Callable[[str], None],
              data_dir: Path | None = None) -> int:
    """0 with the list; 2 after one line for a bad flag or a history that cannot be
    read; 1 after one line on a crash."""
    from .guard import guarded

    return guarded(lambda: _games(args, stdout, fail, data_dir), sys.stderr, "games")


def load_rows(data_dir: Path, ruleset: str | None) -> tuple[list[Any], str | None]:
    """The history's rows (none if there is no history: nothing is created), and the
    problem to report if a corrupt file was moved aside."""
    from engine.storage.history import db as history

    path = history.history_path(data_dir)
    if not path.exists():
        return [], None
    with history.HistoryDB(path) as db:
        return db.kept_rows(ruleset), db.problem


def _games(args: argparse.Namespace, stdout: TextIO, fail: Callable[[str], None],
           data_dir: Path | None) -> int:
    from engine.storage.history import db as history
    from rules.ruleset import EVERY_PRESET_ID

    from ..data_dirs import default_data_dir
    from .stats import one_line

    if args.ruleset is not None and args.ruleset not in EVERY_PRESET_ID:
        fail(f"unknown ruleset {args.ruleset!r}: choose one of {', '.join(EVERY_PRESET_ID)}")
        return 2
    data = data_dir or default_data_dir()
    try:
        rows, problem = load_rows(data, args.ruleset)
    except history.HistoryError as error:
        fail(one_line(str(error)))
        return 2
    if problem is not None:
        fail(one_line(problem))
        return 2
    games = list_games(data, args.ruleset, rows)
    if args.json:
        stdout.write(json.dumps({"directory": str(data),
                                 "games": [g.as_dict() for g in games]},
                                ensure_ascii=False) + "\n")
    else:
        stdout.write(text_report(games, data))
    return 0


def text_report(games: list[KeptGame], data: Path) -> str:
    """The table, newest first, and how to open a game."""
    if not games:
        return (f"No game is kept in {data} yet: every game played in the app is kept "
                "there, finished or not.\n")
    width = max(2, *(len(g.id) for g in games))
    head = f"{'id':<{width}}  {'date':<16}  {'preset':<14}  {'seed':>10}  place  hands"
    lines = [head]
    for g in games:
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.ended_at))
        seed = "-" if g.seed is None else str(g.seed)
        place = PLACES.get(g.place or 0, "-") if g.state == FINISHED or g.place else "-"
        if place != "-" and g.players == 3:
            place += "/3"  # a three-player game's place, apart from four-player ones
        note = STATE_WORDS.get(g.state, "")
        if g.session is not None and g.session_game is not None:
            note = f"{note}, session game {g.session_game}" if note else \
                f"session game {g.session_game}"
        lines.append(f"{g.id:<{width}}  {date:<16}  {g.ruleset:<14}  {seed:>10}  "
                     f"{place:<5}  {g.hands:>5}{'  ' + note if note else ''}")
    count = len(games)
    lines += ["", f"{count} game{'s' if count != 1 else ''} kept in {data}. "
              "'mahjong-tui replay ID' (or 'last') steps through one, "
              "'mahjong-tui export --format tenhou6|mjai ID' writes it out."]
    return "\n".join(lines) + "\n"
