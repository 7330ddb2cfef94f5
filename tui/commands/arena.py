"""`mahjong-tui arena`: duplicate sets between two players, a JSON summary (CONTRACT.md).

`--challenger SPEC --opponents SPEC` name the players (`tui.player_specs`); every
set is one seed played four times, the challenger in each seat in turn
(`engine.arena`). The sets run in a pool of `--workers` processes (default: every
core), or on a Ray cluster with `--ray ADDRESS` when Ray is installed (the `ray`
extra). `--mjai-timeout` and `--mjai-chombo` are `sim`'s: the table's terms for
every `mjai:COMMAND` seat (`engine.arena.OutsideTerms`), carried to each worker with
its share of the games. Never imports Textual.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
from collections.abc import Callable
from typing import Any, TextIO

from rules.ruleset import RulesetError, resolve

from .bounds import MAX_GAMES, MAX_SEED, integer, seconds
from .guard import guarded

MAX_SETS = MAX_GAMES // 4
MAX_WORKERS = 1024


def ray_available() -> bool:
    """Ray is installed (the optional `ray` extra): found without importing it."""
    return importlib.util.find_spec("ray") is not None


def add_parser(sub: Any) -> None:
    arena = sub.add_parser(
        "arena", help="duplicate sets: a challenger against three copies of an opponent"
    )
    arena.add_argument("--ruleset", default="wrc", metavar="ID", help="preset id (default: wrc)")
    arena.add_argument("--challenger", required=True, metavar="SPEC",
                       help="easy, normal, hard, jansou:CLASS or mjai:COMMAND")
    arena.add_argument("--opponents", required=True, metavar="SPEC",
                       help="the player in the other three seats (a SPEC as above)")
    arena.add_argument("--sets", required=True, type=integer("--sets", 1, MAX_SETS),
                       metavar="N",
                       help="duplicate sets, one seed each: four games (three with three players)")
    arena.add_argument("--seed", type=integer("--seed", 0, MAX_SEED), default=0,
                       metavar="S", help="the first set's seed (default: 0)")
    arena.add_argument("--workers", type=integer("--workers", 1, MAX_WORKERS), default=None,
                       metavar="K", help="processes playing sets (default: every core)")
    if ray_available():
        arena.add_argument("--ray", default=None, metavar="ADDRESS",
                           help="play the sets on the Ray cluster at ADDRESS ('local': here)")
    arena.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                       help="override one ruleset parameter (TOML value), repeatable")
    arena.add_argument("--mjai-timeout", type=seconds("--mjai-timeout", 600.0,
                                                      more_than_zero=True),
                       default=10.0, metavar="SECONDS",
                       help="an mjai seat's time per decision (default: 10, at most 600)")
    arena.add_argument("--mjai-chombo", action="store_true",
                       help="mjai.app's rule: an mjai seat that times out or answers "
                            "illegally is charged a chombo (the hand ends, it pays a "
                            "mangan); counted per player and logged")


def run_arena_command(
    args: argparse.Namespace, stdout: TextIO, stderr: TextIO, fail: Callable[[str], None]
) -> int:
    """0 when every game played cleanly, 1 when some failed (each a line on stderr),
    2 on a bad flag or spec (one line, before any game)."""
    return guarded(lambda: _arena(args, stdout, stderr, fail), stderr, "arena")


def _arena(
    args: argparse.Namespace, stdout: TextIO, stderr: TextIO, fail: Callable[[str], None]
) -> int:
    from engine.arena import OutsideTerms, run_arena

    from ..player_specs import SpecError, resolve_spec

    try:
        ruleset = resolve(args.ruleset, args.rule)
        for spec in (args.challenger, args.opponents):
            resolve_spec(spec)
    except (RulesetError, SpecError) as error:
        fail(str(error))
        return 2
    if args.seed + args.sets > MAX_SEED:
        fail(f"--seed {args.seed} with --sets {args.sets} goes past seed {MAX_SEED:,}")
        return 2
    summary = run_arena(
        ruleset,
        args.challenger,
        args.opponents,
        args.sets,
        args.seed,
        resolve_spec,
        workers=args.workers or os.cpu_count() or 1,
        ray_address=getattr(args, "ray", None),
        stderr=stderr,
        terms=OutsideTerms(args.mjai_timeout, args.mjai_chombo),
    )
    stdout.write(json.dumps(summary) + "\n")
    return 0 if summary["errors"] == 0 else 1
