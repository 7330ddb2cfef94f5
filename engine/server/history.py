"""The server's history: one line per table that ended, beside the tables' logs.

Each finished table is a line of ``history.jsonl`` in the server's data directory:
when it ended, its id, rules, who sat where, the final points and results, the
number of actions, and the name of its log (``table-<id>.jsonl``, written by the
table as it was played, every hand open). The log is an ordinary game log: `replay`
and `export` read it like any local game's. The line is appended once, whole
(one write of one line), so a history cut by a kill loses at most its last line,
and a table that failed or was stopped is not listed (a restarted server goes on
with a stopped one).
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

from engine.game import Game

log = logging.getLogger("mahjong_tui.server")

HISTORY = "history.jsonl"


def history_line(table_id: str, names: list[str | None], game: Game,
                 log_name: str) -> dict[str, Any]:
    """What the history keeps of one finished table."""
    results = game.results or []
    by_seat = {r.seat: r for r in results}
    return {
        "table": table_id,
        "ended_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "ruleset": game.ruleset.id,
        "seed": game.seed,
        "names": list(names),
        "final_scores": list(game.scores),
        "results": [by_seat[s].result if s in by_seat else None for s in range(4)],
        "ranks": [by_seat[s].rank if s in by_seat else None for s in range(4)],
        "actions": len(game.actions),
        "log": log_name,
    }


def record(data: Path, line: dict[str, Any]) -> Path | None:
    """Append `line` to the history of `data`; the history's path (None if not written)."""
    path = data / HISTORY
    try:
        data.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(line, sort_keys=True) + "\n")
    except OSError as exc:
        log.error("table %s: not added to the history: %s", line.get("table"), exc)
        return None
    return path


def read(data: Path) -> list[dict[str, Any]]:
    """Every whole line of the history of `data` (a cut last line is left out)."""
    path = data / HISTORY
    if not path.is_file():
        return []
    lines = []
    for text in path.read_text(encoding="utf-8").splitlines():
        try:
            item = json.loads(text)
        except ValueError:
            continue
        if isinstance(item, dict):
            lines.append(item)
    return lines
