"""`mahjong-tui stats [--json] [--ruleset ID]`: your figures over the finished games.

Reads the history in the data directory (`MAHJONG_TUI_DATA` or the platform's;
see `tui.data_dirs.default_data_dir`). Never imports Textual. A locked, corrupt or
unreadable history is one line on stderr and exit status 2 (a file that is not
SQLite or is damaged has been moved aside, kept, by then; one from a newer
version or another program is left untouched: see `engine.storage.history.db`). A
history an earlier version wrote, games or learning progress alone, is migrated
in place and read.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from engine.storage.history import db as history
from engine.storage.history.stats import Summaries, Summary

# The figures table: each column's word in tui/words.py and its alignment here.
COLUMNS = (
    ("stats.games", ">5"),
    ("stats.avg_place", ">9"),
    ("stats.win", ">6"),
    ("stats.deal_in", ">7"),
    ("stats.riichi", ">6"),
    ("stats.call", ">6"),
    ("stats.avg_win", ">7"),
    ("stats.avg_deal_in", ">11"),
)


def summary_cells(s: Summary) -> list[str]:
    """One row of the figures table (`COLUMNS`), as text; the stats screen shares it."""
    return [
        str(s.games),
        f"{s.avg_placement:.2f}",
        _pct(s.rate(s.wins)),
        _pct(s.rate(s.deal_ins)),
        _pct(s.rate(s.riichi)),
        _pct(s.rate(s.calls)),
        f"{s.avg_win:,}",
        f"{s.avg_deal_in:,}",
    ]


def _pct(rate: float) -> str:
    return f"{rate * 100:.1f}%"


def yaku_text(s: Summary, lang: str = "en") -> str:
    from ..words import yaku_name

    def name(y: str) -> str:
        try:
            return yaku_name(y, lang)
        except KeyError:
            return y

    return ", ".join(f"{name(y)} ({n})" for y, n in s.top_yaku()) or "-"


MODE_WORDS = {4: "stats.all_four", 3: "stats.all_three"}


def rows(summaries: Summaries, lang: str = "en") -> list[tuple[str, Summary]]:
    """"all" first, then each ruleset (only one ruleset: just that one). Three-player
    and four-player games are kept apart (`Summaries.modes`): with both played, each
    mode has its own "all" row (where it has more than one ruleset) before its
    rulesets, and no row mixes them."""
    from ..words import first_name

    per = list(summaries.rulesets.items())
    if len(summaries.modes) < 2:
        return per if len(per) == 1 else [(first_name("stats.all", lang), summaries.overall),
                                          *per]
    out: list[tuple[str, Summary]] = []
    for players, mode in summaries.modes.items():
        mine = [(name, s) for name, s in per if s.players == players]
        if len(mine) > 1:
            out.append((first_name(MODE_WORDS[players], lang), mode))
        out += mine
    return out


def games_text(games: int, lang: str = "en") -> str:
    """'12 finished games' ('1 finished game')."""
    from ..words import message

    return message("stats_games_one" if games == 1 else "stats_games", lang, games=games)


def text_report(summaries: Summaries, path: Path) -> str:
    from ..words import first_name, message

    games = summaries.overall.games
    if not games:
        return message("stats_none_recorded", path=path) + "\n"
    table = rows(summaries)
    width = max(7, *(len(name) for name, _ in table))
    ruleset = first_name("stats.ruleset")
    head = f"{ruleset:<{width}}  " + "  ".join(f"{first_name(t):{a}}" for t, a in COLUMNS)
    lines = [message("stats_games_in", games=games_text(games), path=path), "", head]
    for name, s in table:
        cells = summary_cells(s)
        lines.append(
            f"{name:<{width}}  "
            + "  ".join(f"{c:{a}}" for c, (_, a) in zip(cells, COLUMNS, strict=True))
        )
    lines += ["", message("stats_top_yaku")]
    lines += [f"{name:<{width}}  {yaku_text(s)}" for name, s in table]
    return "\n".join(lines) + "\n"


def json_report(summaries: Summaries, path: Path) -> dict[str, Any]:
    return {
        "database": str(path),
        "schema_version": history.SCHEMA_VERSION,
        **summaries.as_dict(),
    }


def load_summaries(
    data_dir: Path, ruleset: str | None = None, timeout: float | None = None
) -> tuple[Summaries, Path, str | None]:
    """The figures from the history in `data_dir` (nothing is created if there is none),
    and the problem to report if a corrupt file was moved aside."""
    from engine.storage.history.stats import summarize

    path = history.history_path(data_dir)
    if not path.exists():
        return summarize(()), path, None
    with history.HistoryDB(path, timeout=timeout) as db:
        return db.summaries(ruleset), path, db.problem


def one_line(message: str) -> str:
    """A problem as one line: SQLite's own reports (`PRAGMA quick_check`) run over
    several ("*** in database main ***\\nPage 5: ..."), CONTRACT allows one."""
    return " ".join(message.split())


def run_stats(
    args, stdout: TextIO, fail: Callable[[str], None], data_dir: Path | None = None
) -> int:
    """0 with the figures; 2 after one line for a bad flag or a locked, corrupt (moved
    aside, kept) or unreadable history; 1 after one line on a crash."""
    import sys

    from .guard import guarded

    return guarded(lambda: _stats(args, stdout, fail, data_dir), sys.stderr, "stats")


def _stats(args, stdout: TextIO, fail: Callable[[str], None], data_dir: Path | None) -> int:
    from rules.ruleset import EVERY_PRESET_ID

    from ..data_dirs import default_data_dir

    if args.ruleset is not None and args.ruleset not in EVERY_PRESET_ID:
        fail(f"unknown ruleset {args.ruleset!r}: choose one of {', '.join(EVERY_PRESET_ID)}")
        return 2
    try:
        summaries, path, problem = load_summaries(data_dir or default_data_dir(), args.ruleset)
    except history.HistoryError as error:
        fail(one_line(str(error)))
        return 2
    if problem is not None:
        fail(one_line(problem))
        return 2
    if args.json:
        stdout.write(json.dumps(json_report(summaries, path)) + "\n")
    else:
        stdout.write(text_report(summaries, path))
    return 0
