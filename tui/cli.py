"""`mahjong-tui` and its subcommands (CONTRACT.md).

Only the commands that open a screen (the game, `learn`, `drill`, `replay` in a
terminal) import Textual, and only once their flags have passed: `score`, `sim` and
`rulesets` stay lean so scripts can call them thousands of times.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse


class _ScoreArgs:
    """What `_run` reads of a parsed `score` command line (the fast path of `main`)."""

    command = "score"

    def __init__(self, ruleset: str, rule: list[str]) -> None:
        self.ruleset = ruleset
        self.rule = rule


def _plain_score_args(argv: list[str]) -> _ScoreArgs | None:
    """`score [--ruleset ID] [--rule KEY=VALUE]...` read without building the parser.

    Why: a script may start `score` thousands of times, and building every command's
    parser (and importing the modules that define them) costs more than the
    interpreter's own start. Only the plain forms are read here, exactly as argparse
    reads them; anything else (help, a value that starts with `-`, an unknown flag, a
    missing value) returns None and goes through the real parser, errors and all.
    """
    if argv[:1] != ["score"]:
        return None
    ruleset, rules = "wrc", []
    rest = iter(argv[1:])
    for word in rest:
        flag, eq, value = word.partition("=")
        if not eq:
            value = next(rest, "")
        if not value or value.startswith("-"):
            return None
        if flag == "--ruleset":
            ruleset = value
        elif flag == "--rule":
            rules.append(value)
        else:
            return None
    return _ScoreArgs(ruleset, rules)


def _one_line_parser() -> type[argparse.ArgumentParser]:
    """The parser class of every command (argparse imported only when a parser is built)."""
    import argparse

    class _OneLineParser(argparse.ArgumentParser):
        """Bad flags are one line on stderr and exit status 2 (no usage dump).

        No prefix matching (`allow_abbrev=False`), here and in every subcommand: with it,
        `--rule` was taken for an abbreviation of `--ruleset`, and a flag added later
        could silently change what an abbreviation in someone's script means.
        """

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs["allow_abbrev"] = False
            super().__init__(*args, **kwargs)

        def error(self, message: str) -> None:  # type: ignore[override]
            # "argument --seed: --seed must be 0 or more": the bounds' words
            # (tui.commands.bounds) name the flag themselves.
            head, _, rest = message.partition(": ")
            if head.startswith("argument ") and rest.startswith(head[len("argument "):] + " "):
                message = rest
            _say(f"{self.prog}: error: {message}")
            raise SystemExit(2)

    return _OneLineParser


def _fail(message: str) -> None:
    _say(f"mahjong-tui: error: {message}")
    raise SystemExit(2)


def _say(line: str) -> None:
    """One line on standard error, if there is one to write to."""
    if sys.stderr is not None:
        sys.stderr.write(line.replace("\n", " ") + "\n")
        sys.stderr.flush()


def _rule_flag(parser: Any, dest: str = "rule") -> None:
    parser.add_argument(
        "--rule", dest=dest, action="append", default=[], metavar="KEY=VALUE",
        help="override one ruleset parameter (TOML value), repeatable",
    )


def build_parser() -> argparse.ArgumentParser:
    from .commands.bounds import MAX_DELAY, MAX_GAMES, MAX_SEED, integer, seconds

    one_line_parser = _one_line_parser()
    parser = one_line_parser(
        prog="mahjong-tui",
        description="Japanese mahjong in the terminal, under six real rulebooks.",
    )
    game = parser.add_argument_group("the game (no command): these flags skip the launch screen")
    game.add_argument("--ruleset", dest="game_ruleset", default=None, metavar="ID",
                      help="preset id (see 'mahjong-tui rulesets')")
    game.add_argument("--ai", dest="game_ai", default=None, metavar="LEVEL",
                      help="the opponents' AI level")
    game.add_argument("--seed", dest="game_seed", type=integer("--seed", 0, MAX_SEED),
                      default=None, metavar="N",
                      help="the game's seed (random and shown by default)")
    game.add_argument("--tiles", dest="game_tiles", default=None, metavar="STYLE",
                      help="tile faces: text (default), kanji or unicode")
    game.add_argument("--lang", dest="game_lang", default="en", metavar="LANG",
                      help="en (romaji first) or ja (Japanese first)")
    game.add_argument("--delay", dest="game_delay", type=seconds("--delay", MAX_DELAY),
                      default=0.4, metavar="SECONDS",
                      help="pause after each AI move (default: 0.4)")
    _rule_flag(game, dest="game_rules")
    game.add_argument("--seat", dest="game_seats", action="append", default=[],
                      metavar="N=mjai:COMMAND",
                      help="an mjai bot process as the opponent at N: 1 right, 2 across, "
                           "3 left (N=mjai-stream:COMMAND for Mortal's dialect); repeatable")
    game.add_argument("--mjai-timeout", dest="game_mjai_timeout",
                      type=seconds("--mjai-timeout", 600.0, more_than_zero=True), default=10.0,
                      metavar="SECONDS",
                      help="an mjai opponent's time per decision (default: 10, at most 600)")
    game.add_argument("--mjai-chombo", dest="game_mjai_chombo", action="store_true",
                      help="mjai.app's rule: an mjai opponent that times out or answers "
                           "illegally is charged a chombo (the hand ends, it pays a mangan)")
    sub = parser.add_subparsers(dest="command", parser_class=one_line_parser)

    rulesets = sub.add_parser("rulesets", help="list the presets with one-line summaries")
    rulesets.add_argument("--json", action="store_true", help="machine-readable output")
    rulesets.add_argument("--rules", action="store_true",
                          help="every rule key for --rule, with its meaning and allowed values")

    score = sub.add_parser("score", help="hand calculator: JSON lines in, JSON lines out")
    score.add_argument("--ruleset", default="wrc", help="preset id (default: wrc)")
    _rule_flag(score)

    sim = sub.add_parser("sim", help="AI-only games, headless, with a JSON summary")
    sim.add_argument("--ruleset", default="wrc", help="preset id (default: wrc)")
    sim.add_argument("--games", type=integer("--games", 0, MAX_GAMES), default=1,
                     help=f"number of games (default: 1, at most {MAX_GAMES:,})")
    sim.add_argument("--seed", type=integer("--seed", 0, MAX_SEED), default=0,
                     help="seed of the first game (default: 0)")
    sim.add_argument(
        "--ai", default=None, metavar="LEVEL[,LEVEL,LEVEL,LEVEL]",
        help="one AI level for every seat, or four, one per starting seat (default: greedy)",
    )
    sim.add_argument(
        "--rotate", action="store_true",
        help="rotate the line-up through the seats game by game; figures keyed by level",
    )
    sim.add_argument("--log", default=None, metavar="DIR", help="write each game's log to DIR")
    sim.add_argument(
        "--seat", action="append", default=[], metavar="N=mjai:COMMAND",
        help="an mjai bot process at starting seat N (mjai.app's dialect; "
             "N=mjai-stream:COMMAND for Mortal's); repeatable",
    )
    sim.add_argument("--mjai-timeout", type=seconds("--mjai-timeout", 600.0, more_than_zero=True),
                     default=10.0, metavar="SECONDS",
                     help="an mjai seat's time per decision (default: 10, at most 600)")
    sim.add_argument("--mjai-chombo", action="store_true",
                     help="mjai.app's rule: an mjai seat that times out or answers illegally "
                          "is charged a chombo (the hand ends, it pays a mangan); logged")
    _rule_flag(sim)

    replay = sub.add_parser(
        "replay", help="step through a game log at the table (a per-hand summary when piped)"
    )
    replay.add_argument("log", help="a JSON-lines log written by 'sim --log' or the game, "
                                    "or its mjai / tenhou.net/6 export; or a kept game's id "
                                    "('mahjong-tui games') or last")
    replay.add_argument("--summary", action="store_true",
                        help="print the per-hand text summary instead of opening the viewer")
    replay.add_argument("--json", action="store_true",
                        help="with --summary: one JSON object per hand, then the game's end")
    replay.add_argument("--seat", type=integer("--seat", 0, 3, "--seat must be 0, 1, 2 or 3"),
                        default=None, metavar="N",
                        help="the seat (0-3) at the bottom (default: the line-up's first player)")
    replay.add_argument("--tiles", default="text", metavar="STYLE",
                        help="tile faces: text (default), kanji or unicode")
    replay.add_argument("--ruleset", default=None, metavar="ID",
                        help="for an mjai/tenhou.net/6 record that names no ruleset "
                             "(default wrc)")

    export = sub.add_parser("export", help="write a game log as tenhou.net/6 JSON or mjai lines")
    export.add_argument("--format", required=True, choices=("tenhou6", "mjai"),
                        help="tenhou6 (tenhou.net/6 JSON) or mjai (JSON lines)")
    export.add_argument("log", help="a JSON-lines log written by 'sim --log' or the game; "
                                    "or a kept game's id ('mahjong-tui games') or last")
    export.add_argument("-o", "--output", default=None, metavar="FILE",
                        help="write to FILE (default: standard output)")

    stats = sub.add_parser("stats", help="your statistics over the finished games")
    stats.add_argument("--json", action="store_true", help="machine-readable output")
    stats.add_argument("--ruleset", default=None, metavar="ID", help="only games of this preset")

    from .commands.analyse import add_parser as add_analyse_parser

    add_analyse_parser(sub)
    from .commands.drill import add_parser as add_drill_parser

    add_drill_parser(sub)
    from .commands.learn import add_parser as add_learn_parser

    add_learn_parser(sub)
    from .commands.games import add_parser as add_games_parser

    add_games_parser(sub)
    from .commands.bot import add_parser as add_bot_parser

    add_bot_parser(sub)
    from .commands.arena import add_parser as add_arena_parser

    add_arena_parser(sub)
    from .commands.serve import add_parser as add_serve_parser

    add_serve_parser(sub)
    from .commands.friends import add_parsers as add_friends_parsers

    add_friends_parsers(sub)
    return parser


# Exit status after Ctrl-C (SIGINT): 128 + the signal's number, as shells report it.
INTERRUPTED = 130
# The commands that draw with Textual: a Ctrl-C typed there is a key, not a signal.
DRAWN = frozenset({None, "drill", "learn", "replay", "join", "watch"})


def main(argv: Sequence[str] | None = None) -> int:
    """The command line's exit status. Ctrl-C stops any command with one line on
    standard error and exit status 130, never a traceback."""
    import signal

    before = signal.getsignal(signal.SIGINT)
    try:
        return _main(argv)
    except KeyboardInterrupt:
        try:
            if sys.stdout is not None:
                sys.stdout.flush()  # the answers written so far are kept
        except (OSError, ValueError):
            _silence_stdout()
        _say("mahjong-tui: interrupted")
        return INTERRUPTED
    finally:
        if signal.getsignal(signal.SIGINT) is not before and before is not None:
            with contextlib.suppress(ValueError, OSError):
                signal.signal(signal.SIGINT, before)  # main() called in a test, say


def _interrupt(_signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _stop_at_once_on_interrupt() -> None:
    """Ctrl-C raises `KeyboardInterrupt` where the program is, even inside
    `asyncio.run`: asyncio's own handler only cancels the running task at its
    next await, and the sim's games never await, so the first Ctrl-C went
    unheard and the second ended in a traceback. (asyncio leaves a handler that
    is not Python's default alone.)"""
    import signal

    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return  # ignored (a background job of a script), or someone else's handler
    with contextlib.suppress(ValueError, OSError):  # not the main thread, no signals
        signal.signal(signal.SIGINT, _interrupt)


def _main(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    args: Any = _plain_score_args(words)
    if args is not None:
        _import_quietly("tui.commands.score")
    else:
        args = build_parser().parse_args(words)
    if args.command is not None and sys.stdout is None:
        _fail("standard output is closed: the command has nowhere to write")
    if args.command not in DRAWN:
        _stop_at_once_on_interrupt()
    try:
        status = _run(args)
        try:
            sys.stdout.flush()  # a full disk shows here, not as a traceback at exit
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OSError(
                error.errno, f"cannot write to standard output: {error.strerror}"
            ) from None
        return status
    except BrokenPipeError:
        # The reader went away (`... | head`): stop quietly, as Unix tools do.
        _silence_stdout()
        return 0
    except OSError as error:
        # Standard output full (`>/dev/full`), a stream that cannot be read: one line, exit 2.
        _silence_stdout()
        _say(f"mahjong-tui: error: {error.strerror or error}")
        return 2


def _import_quietly(module: str) -> None:
    """Import `module` with the cycle collector off: importing makes objects by the
    thousand and no garbage, and the collector's passes over them cost `score`
    about 1.5 ms of CPU, a few percent of its start."""
    import gc
    import importlib

    enabled = gc.isenabled()
    gc.disable()
    try:
        importlib.import_module(module)
    finally:
        if enabled:
            gc.enable()


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass  # no standard output at all: nothing is left to flush


def _run(args: Any) -> int:
    if args.command == "score":
        from .commands.score import run_score

        return run_score(args.ruleset, args.rule, sys.stdin, sys.stdout, _fail)
    if args.command == "sim":
        from .commands.sim import run_sim_command

        return run_sim_command(args, sys.stdout, sys.stderr, _fail)
    if args.command == "arena":
        from .commands.arena import run_arena_command

        return run_arena_command(args, sys.stdout, sys.stderr, _fail)
    if args.command == "replay":
        from .commands.replay import run_replay_command

        return run_replay_command(args, sys.stdout, _fail)
    if args.command == "export":
        from .commands.export import run_export

        return run_export(args.format, args.log, args.output, sys.stdout, sys.stderr, _fail)
    if args.command == "stats":
        from .commands.stats import run_stats

        return run_stats(args, sys.stdout, _fail)
    if args.command == "games":
        from .commands.games import run_games

        return run_games(args, sys.stdout, _fail)
    if args.command == "analyse":
        from .commands.analyse import run_analyse

        return run_analyse(args, sys.stdout, _fail)
    if args.command == "drill":
        from .commands.drill import run_drill

        return run_drill(args, _fail)
    if args.command == "learn":
        from .commands.learn import run_learn

        return run_learn(args, _fail)
    if args.command == "serve":
        from .commands.serve import run_serve

        return run_serve(args, sys.stdout, _fail)
    if args.command == "host":
        from .commands.friends import run_host

        return run_host(args, sys.stdout, _fail)
    if args.command in ("join", "watch"):
        from .commands.friends import run_remote

        return run_remote(args, _fail)
    if args.command == "bot":
        from .commands.bot import run_bot

        return run_bot(args, sys.stdin, sys.stdout, sys.stderr, _fail)
    if args.command == "rulesets":
        from .commands.rulesets import run_rule_keys, run_rulesets

        if args.rules:
            return run_rule_keys(sys.stdout, as_json=args.json)
        return run_rulesets(sys.stdout, as_json=args.json)
    return run_game(args)


def run_game(args: argparse.Namespace) -> int:
    """The bare `mahjong-tui`: check the flags, then start the Textual app."""
    from ai import LEVELS
    from rules.ruleset import EVERY_PRESET_ID, RulesetError, resolve

    from .settings import load_settings
    from .tiles import TILE_STYLES
    from .words import LANGS

    if args.game_ruleset is not None and args.game_ruleset not in EVERY_PRESET_ID:
        _fail(f"unknown ruleset {args.game_ruleset!r}: choose one of {', '.join(EVERY_PRESET_ID)}")
    if args.game_rules:
        # Checked against the preset the game starts with: --ruleset, else the one the
        # launch screen remembers (tui/settings.py), exactly as `score` and `sim` check.
        preset = args.game_ruleset or load_settings().ruleset
        try:
            resolve(preset if preset in EVERY_PRESET_ID else "wrc", args.game_rules)
        except RulesetError as error:
            _fail(str(error))
    if args.game_ai is not None and args.game_ai not in LEVELS:
        _fail(f"unknown AI level {args.game_ai!r}: choose one of {', '.join(LEVELS)}")
    if args.game_tiles is not None and args.game_tiles not in TILE_STYLES:
        _fail(f"unknown tile style {args.game_tiles!r}: choose one of {', '.join(TILE_STYLES)}")
    if args.game_lang not in LANGS:
        _fail(f"unknown language {args.game_lang!r}: choose one of {', '.join(LANGS)}")
    if args.game_seed is not None and args.game_seed < 0:
        _fail("--seed must be 0 or more")
    if args.game_delay < 0:
        _fail("--delay must be 0 or more")
    from .mjai_opponents import parse_game_seats

    try:
        mjai_seats = parse_game_seats(args.game_seats, args.game_mjai_timeout,
                                      args.game_mjai_chombo)
    except ValueError as error:
        _fail(str(error))
    from .app import MahjongApp

    extra: dict[str, Any] = {"mjai_seats": mjai_seats} if mjai_seats else {}
    MahjongApp(
        ruleset_id=args.game_ruleset,
        ai=args.game_ai,
        seed=args.game_seed,
        tiles=args.game_tiles,
        lang=args.game_lang,
        delay=args.game_delay,
        rules=tuple(args.game_rules),
        **extra,
    ).run()
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
