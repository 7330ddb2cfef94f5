"""`mahjong-tui replay LOG|ID|last`: rebuild a logged game, checking every event, then show it.

LOG is a path, or the id of a game kept in the data directory (`mahjong-tui games`
lists them; a unique start of one will do) or `last`, the newest finished game
(`tui.game_list.resolve`); an id that names no kept game is one line, exit 2.

LOG may also be a foreign record: a Tenhou mjlog (plain or gzip), tenhou.net/6
JSON or mjai JSON lines, replayed through the engine under the rules the record
names (`--ruleset ID` replaces them) and checked step by step; the first
difference is one line naming the hand (`engine.storage.records.reading.load_game`).

In a terminal it opens the replay viewer (`tui.replay_app`); with `--summary`,
or when standard output is not a terminal (scripts, pipes, tests), it prints one
line per hand, then the final result; with `--summary --json` one JSON object per
hand and one for the game's end (CONTRACT.md). A log that is missing, unreadable, not a
regular file, too large, malformed or does not replay is one line on standard
error and exit status 2; an unexpected error is one line and exit status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TextIO

from engine.events import ExhaustiveDraw, GameEnded, HandStarted, Won
from engine.storage.record_file import LogError
from engine.storage.records.reading import KINDS, load_timeline
from engine.timeline import Timeline
from rules.ruleset import EVERY_PRESET_ID, load_preset

from .guard import guarded

WINDS = "ESWN"
EXHAUSTIVE = ("exhaustive", "nagashi_mangan")  # ExhaustiveDraw kinds at the wall's end


def load_log(
    path: str, fail: Callable[[str], None], ruleset: str | None = None
) -> Timeline | None:
    """The replayed game's record (`Timeline`: what it read, never the game itself), or
    None after `fail` with one line saying what is wrong.

    `path` is our own log or save, or a foreign record (a Tenhou mjlog, plain or
    gzip, tenhou.net/6 JSON, mjai lines) rebuilt through the engine and checked
    step by step, read by `engine.storage.records.reading.load_timeline` (`load_game`, the
    reader `export` uses too); `ruleset` replaces the rules the record names (an mjai record
    without our field: default wrc)."""
    if ruleset is not None and ruleset not in EVERY_PRESET_ID:
        fail(f"unknown ruleset {ruleset!r}: choose one of {', '.join(EVERY_PRESET_ID)}")
        return None
    resolved = resolve_log(path, fail)
    if resolved is None:
        return None
    try:
        return load_timeline(resolved, load_preset(ruleset) if ruleset else None, kinds=KINDS)
    except LogError as error:
        fail(str(error))
    return None


def resolve_log(argument: str, fail: Callable[[str], None]) -> str | None:
    """The log path `argument` names (a path as it is, a kept game's id, `last`), or
    None after `fail` with one line naming `mahjong-tui games`."""
    from ..data_dirs import default_data_dir
    from ..game_list import UnknownGame, resolve

    try:
        return resolve(argument, default_data_dir())
    except UnknownGame as error:
        fail(str(error))
    return None


def run_replay_command(
    args: argparse.Namespace, stdout: TextIO, fail: Callable[[str], None]
) -> int:
    """The viewer in a terminal; the summary with `--summary` or when piped."""
    ruleset = getattr(args, "ruleset", None)
    if getattr(args, "json", False):
        return guarded(
            lambda: run_replay_json(args.log, stdout, fail, ruleset=ruleset), sys.stderr, "replay"
        )
    if args.summary or not stdout.isatty():
        return guarded(
            lambda: run_replay(args.log, stdout, fail, ruleset=ruleset), sys.stderr, "replay"
        )
    return guarded(
        lambda: run_replay_viewer(
            args.log, fail, seat=args.seat, tiles=args.tiles, ruleset=ruleset
        ),
        sys.stderr,
        "replay",
    )


def run_replay_viewer(
    path: str,
    fail: Callable[[str], None],
    *,
    seat: int | None = None,
    tiles: str = "text",
    ruleset: str | None = None,
) -> int:
    from ..tiles import TILE_STYLES

    if seat is not None and not 0 <= seat <= 3:
        fail("--seat must be 0, 1, 2 or 3")
        return 2
    if tiles not in TILE_STYLES:
        fail(f"unknown tile style {tiles!r}: choose one of {', '.join(TILE_STYLES)}")
        return 2
    game = load_log(path, fail, ruleset)  # ReplayApp.run refuses a non-terminal (ProcessApp)
    if game is None:
        return 2
    from ..replay_app import ReplayApp

    ReplayApp(game, seat=seat, tiles=tiles).run()
    return 0


def run_replay_json(
    path: str, stdout: TextIO, fail: Callable[[str], None], ruleset: str | None = None
) -> int:
    """`--summary --json`: one JSON object per hand, then the game's end (CONTRACT.md)."""
    game = load_log(path, fail, ruleset)
    if game is None:
        return 2
    from engine.storage.records.summary import hand_summaries

    for row in hand_summaries(game.events, chips=bool(game.ruleset.chips)):
        stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
    return 0


def run_replay(
    path: str, stdout: TextIO, fail: Callable[[str], None], ruleset: str | None = None
) -> int:
    game = load_log(path, fail, ruleset)
    if game is None:
        return 2
    stdout.write(f"{game.ruleset.id} seed {game.seed}\n")
    label = ""
    for event in game.events:
        if isinstance(event, HandStarted):
            label = f"{WINDS[event.round_wind]}{event.hand_number + 1}-{event.honba}"
        elif isinstance(event, Won):
            how = "tsumo" if event.from_seat is None else f"ron from seat {event.from_seat}"
            r = event.result
            yaku = " ".join(y["id"] for y in r["yaku"])
            stdout.write(
                f"{label:<6} seat {event.winner} wins by {how}: {r['points']['total']} "
                f"({r['han']} han {r['fu']} fu; {yaku})\n"
            )
        elif isinstance(event, ExhaustiveDraw) and event.kind not in EXHAUSTIVE:
            by = f" (seat {event.seat})" if event.seat is not None else ""
            stdout.write(f"{label:<6} abortive draw: {event.kind.replace('_', ' ')}{by}\n")
        elif isinstance(event, ExhaustiveDraw):
            tenpai = [str(s) for s, t in enumerate(event.tenpai) if t] or ["nobody"]
            nagashi = ", nagashi mangan" if event.kind == "nagashi_mangan" else ""
            stdout.write(f"{label:<6} exhaustive draw{nagashi}, tenpai: {', '.join(tenpai)}\n")
        elif isinstance(event, GameEnded):
            for row in sorted(event.results, key=lambda r: r["rank"]):
                stdout.write(
                    f"#{row['rank']} seat {row['seat']}: {row['points']} points, "
                    f"result {row['result']:+g}\n"
                )
            if event.sticks:
                stdout.write(f"unclaimed riichi sticks: {event.sticks}\n")
    if not game.is_over:
        stdout.write("(the log ends before the game does)\n")
    return 0
