"""`mahjong-tui replay LOG`: rebuild a logged game, checking every event, then show it.

LOG may also be a game our exporter wrote as mjai JSON lines: it is rebuilt by
`engine.records.importer` (`--ruleset ID` for a record that does not name its
ruleset). tenhou.net/6 JSON is recognised and refused with a pointer to mjai.

In a terminal it opens the replay viewer (`tui.replay_app`); with `--summary`,
or when standard output is not a terminal (scripts, pipes, tests), it prints one
line per hand, then the final result. A log that is missing, unreadable, not a
regular file, too large, malformed or does not replay is one line on standard
error and exit status 2; an unexpected error is one line and exit status 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO

from engine.events import ExhaustiveDraw, GameEnded, HandStarted, Won
from engine.game import Game
from engine.logfile import LogError
from engine.records.reading import load_game
from rules.ruleset import PRESET_IDS, load_preset

from .guard import guarded

WINDS = "ESWN"


def load_log(path: str, fail: Callable[[str], None], ruleset: str | None = None) -> Game | None:
    """The replayed game, or None after `fail` with one line saying what is wrong.

    `path` is our own log or a game exported as mjai JSON lines (rebuilt by
    `engine.records.importer`; `ruleset` is the preset id for a record that does
    not name one, default wrc), read by `engine.records.reading.load_game`, the
    reader `export` uses too. tenhou.net/6 JSON is recognised but not imported."""
    if ruleset is not None and ruleset not in PRESET_IDS:
        fail(f"unknown ruleset {ruleset!r}: choose one of {', '.join(PRESET_IDS)}")
        return None
    try:
        return load_game(path, load_preset(ruleset) if ruleset else None)
    except LogError as error:
        fail(str(error))
    return None


def run_replay_command(
    args: argparse.Namespace, stdout: TextIO, fail: Callable[[str], None]
) -> int:
    """The viewer in a terminal; the summary with `--summary` or when piped."""
    ruleset = getattr(args, "ruleset", None)
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
    game = load_log(path, fail, ruleset)
    if game is None:
        return 2
    from ..replay_app import ReplayApp

    ReplayApp(game, seat=seat, tiles=tiles).run()
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
        elif isinstance(event, ExhaustiveDraw):
            tenpai = [str(s) for s, t in enumerate(event.tenpai) if t] or ["nobody"]
            stdout.write(f"{label:<6} exhaustive draw, tenpai: {', '.join(tenpai)}\n")
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
