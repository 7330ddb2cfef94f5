"""`mahjong-tui drill [KIND] [--ruleset ID] [--seed N] [--timer SECONDS] [--at-end N]
[--from-games]`: practice.

KIND is one of discard, waits, fu, points, yaku, defence, alllast; without it,
the menu of drills. `--at-end N` asks runs of N questions and shows the answers
only after the last; `--from-games` asks the discard drill's questions from the
player's own reviewed games (their mistakes), in a run that ends after the last.
Bad flags are one line on standard error and exit status 2, before any screen
opens. The results are kept in the history file of the data directory.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from ..learn.kinds import DRILLS
from .bounds import MAX_SEED, MAX_TIMER, integer, seconds

MAX_RUN = 1000  # questions in one --at-end run

KINDS_HELP = ", ".join(DRILLS)


def add_parser(sub: Any) -> None:
    drill = sub.add_parser("drill", help="practice: what to discard, waits, fu, points, "
                                         "yaku, defence, all-last")
    drill.add_argument("kind", nargs="?", default=None, metavar="KIND",
                       help=f"one of {KINDS_HELP} (default: the menu)")
    drill.add_argument("--ruleset", default="wrc", metavar="ID", help="preset id (default wrc)")
    drill.add_argument("--seed", type=integer("--seed", 0, MAX_SEED), default=None, metavar="N",
                       help="the first question's seed (random by default)")
    drill.add_argument("--timer", type=seconds("--timer", MAX_TIMER, more_than_zero=True),
                       default=None, metavar="SECONDS",
                       help="seconds per question (default: no timer)")
    drill.add_argument("--tiles", default="text", metavar="STYLE",
                       help="tile faces: text (default), kanji or unicode")
    drill.add_argument("--lang", default="en", metavar="LANG", help="en or ja")
    drill.add_argument("--at-end", type=integer("--at-end", 1, MAX_RUN), default=None,
                       metavar="N",
                       help="runs of N questions, the answers shown after the last")
    drill.add_argument("--from-games", action="store_true",
                       help="discard questions from your own mistakes in the kept games")


def check_common(args: argparse.Namespace, fail: Callable[[str], None]) -> Any:
    """The ruleset of `args`, with the flags shared by `drill` and `learn` checked."""
    from rules.ruleset import PRESET_IDS, load_preset

    from ..tiles import TILE_STYLES
    from ..words import LANGS

    if args.ruleset not in PRESET_IDS:
        fail(f"unknown ruleset {args.ruleset!r}: choose one of {', '.join(PRESET_IDS)}")
    if args.tiles not in TILE_STYLES:
        fail(f"unknown tile style {args.tiles!r}: choose one of {', '.join(TILE_STYLES)}")
    if args.lang not in LANGS:
        fail(f"unknown language {args.lang!r}: choose one of {', '.join(LANGS)}")
    return load_preset(args.ruleset)


def run_drill(args: argparse.Namespace, fail: Callable[[str], None]) -> int:
    if args.kind is not None and args.kind not in DRILLS:
        fail(f"unknown drill {args.kind!r}: choose one of {KINDS_HELP}")
    ruleset = check_common(args, fail)
    if args.seed is not None and args.seed < 0:
        fail("--seed must be 0 or more")
    if args.timer is not None and args.timer <= 0:
        fail("--timer must be more than 0 seconds")
    if args.at_end is not None and args.at_end < 1:
        fail("--at-end must be 1 or more")
    if args.from_games and args.kind != "discard":
        fail("--from-games asks discard questions: use it with the kind discard")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)

    from engine.storage.history.db import history_path
    from engine.storage.history.drills import DrillLog

    from ..data_dirs import default_data_dir
    from ..learn.app import LearnApp
    from ..learn.drill_run import DrillSession
    from ..screens.drill import DrillScreen
    from ..screens.drill_menu import DrillMenuScreen

    data_dir = default_data_dir()
    source: tuple[str, ...] = ()
    if args.from_games:
        import sys

        from ..learn.mistakes import find_mistakes

        keys, notes = find_mistakes(data_dir)
        for note in notes:
            print(f"mahjong-tui drill: skipped {note}", file=sys.stderr)
        if not keys:
            print(f"mahjong-tui drill: no discard mistakes in the kept games of {data_dir}",
                  file=sys.stderr)
            return 1
        source = tuple(keys)

    def screen() -> Any:
        if args.kind is None:
            return DrillMenuScreen(ruleset, data_dir, seed=seed, lang=args.lang,
                                   tiles=args.tiles, timer=args.timer, at_end=args.at_end)
        session = DrillSession(args.kind, ruleset, seed, args.lang,
                               DrillLog(history_path(data_dir)), source=source,
                               data_dir=data_dir, at_end=args.at_end)
        return DrillScreen(session, timer=args.timer, tiles=args.tiles)

    LearnApp(screen, lang=args.lang).run()
    return 0
