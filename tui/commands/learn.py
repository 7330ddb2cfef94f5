"""`mahjong-tui learn [--lesson N]`: the course of lessons (`tui.learn.course`).

Without `--lesson`, the list of lessons with the progress kept in the data
directory's history file; with it, that lesson straight away. `--lang ja` gives
the lessons, the menu and the glossary in Japanese. The first game the lessons
offer (`tui.learn.first_game`) starts the full app once the lessons' app has
closed. Bad flags are one line on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from .bounds import integer

LESSON_COUNT = 10  # tui.learn.course.COURSE (a test keeps them equal)
LESSON_WORDS = f"--lesson must be 1 to {LESSON_COUNT}"


def add_parser(sub: Any) -> None:
    learn = sub.add_parser("learn", help="lessons: learn the rules by playing scripted hands")
    learn.add_argument("--lesson", type=integer("--lesson", 1, LESSON_COUNT, LESSON_WORDS),
                       default=None, metavar="N",
                       help=f"open lesson N (1-{LESSON_COUNT}) straight away")
    learn.add_argument("--tiles", default="text", metavar="STYLE",
                       help="tile faces: text (default), kanji or unicode")
    learn.add_argument("--lang", default="en", metavar="LANG",
                       help="en or ja (the lessons' and the glossary's language)")


def run_learn(args: argparse.Namespace, fail: Callable[[str], None]) -> int:
    from ..tiles import TILE_STYLES
    from ..words import LANGS

    if args.lesson is not None and not 1 <= args.lesson <= LESSON_COUNT:
        fail(LESSON_WORDS)
    if args.tiles not in TILE_STYLES:
        fail(f"unknown tile style {args.tiles!r}: choose one of {', '.join(TILE_STYLES)}")
    if args.lang not in LANGS:
        fail(f"unknown language {args.lang!r}: choose one of {', '.join(LANGS)}")

    from ..data_dirs import default_data_dir
    from ..learn.app import LearnApp
    from ..screens.lesson_menu import LessonMenuScreen

    data_dir = default_data_dir()

    def screen() -> Any:
        menu = LessonMenuScreen(data_dir, tiles=args.tiles, lang=args.lang)
        if args.lesson is not None:
            menu.start_with = args.lesson - 1
        return menu

    first_game = LearnApp(screen, lang=args.lang).run()
    if first_game is not None:
        from ..app import MahjongApp

        c = first_game
        MahjongApp(ruleset_id=c.ruleset, ai=c.ai, seed=c.seed, tiles=c.tiles, lang=c.lang,
                   aids=c.aids).run()
    return 0
