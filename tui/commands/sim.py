"""`mahjong-tui sim`: AI-only games, headless, with a JSON summary (CONTRACT.md).

Never imports Textual: scripts call it in loops.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TextIO

from rules.ruleset import RulesetError, resolve

from .guard import guarded


def parse_lineup(text: str | None, levels: dict, default: str) -> list[str]:
    """`--ai LEVEL` for all seats, or four comma-separated levels, one per starting seat."""
    names = [default] * 4 if not text else [n.strip() for n in text.split(",")]
    if len(names) == 1:
        names = names * 4
    if len(names) != 4:
        raise ValueError(f"--ai takes one level or four comma-separated levels, got {text!r}")
    unknown = [n for n in names if n not in levels]
    if unknown:
        raise ValueError(f"unknown AI level {unknown[0]!r}; choose from {', '.join(levels)}")
    return names


def parse_seats(
    texts: list[str], timeout: float, chombo: bool = False, players: int = 4
) -> dict[int, Any]:
    """`--seat N=mjai:COMMAND` (or `N=mjai-stream:COMMAND`): starting seat -> `MjaiSpec`
    (`chombo`: `--mjai-chombo`, mjai.app's penalty for a timeout or an illegal answer).
    With three `players` seat 3 is empty (RULESETS.md §9): a bot there would never play."""
    from engine.sim import MjaiSpec

    if timeout <= 0:
        raise ValueError("--mjai-timeout must be more than 0")
    out: dict[int, Any] = {}
    for text in texts:
        seat, sep, spec = text.partition("=")
        kind, colon, command = spec.partition(":")
        if not sep or not colon or not seat.strip().isdigit() or not command.strip():
            raise ValueError(f"--seat {text!r}: give N=mjai:COMMAND (N a seat 0-3)")
        n = int(seat)
        if not 0 <= n < 4:
            raise ValueError(f"--seat {text!r}: the seat is 0-3")
        if n >= players:
            raise ValueError(f"--seat {text!r}: a {players}-player game seats 0-{players - 1}"
                             f" (seat {n} is empty)")
        if kind not in ("mjai", "mjai-stream"):
            raise ValueError(f"--seat {text!r}: the seat kind is mjai or mjai-stream")
        if n in out:
            raise ValueError(f"--seat: seat {n} is given twice")
        out[n] = MjaiSpec(command.strip(), stream=kind == "mjai-stream", timeout=timeout,
                          chombo=chombo)
    return out


def run_sim_command(
    args, stdout: TextIO, stderr: TextIO, fail: Callable[[str], None]
) -> int:
    """Exit 0 when every game played cleanly, 1 on game errors, invariant violations or
    a crash (one line), 2 on bad arguments (one line, before any game)."""
    return guarded(lambda: _sim(args, stdout, stderr, fail), stderr, "sim")


def _sim(args, stdout: TextIO, stderr: TextIO, fail: Callable[[str], None]) -> int:
    from ai import LEVELS, SIM_DEFAULT_LEVEL
    from engine.sim import LogDirError, prepare_log_dir, run_sim

    try:
        ruleset = resolve(args.ruleset, args.rule)
        lineup = parse_lineup(args.ai, LEVELS, SIM_DEFAULT_LEVEL)
        mjai_seats = parse_seats(getattr(args, "seat", []), getattr(args, "mjai_timeout", 10.0),
                                 getattr(args, "mjai_chombo", False), ruleset.players)
    except (RulesetError, ValueError) as error:
        fail(str(error))
        return 2
    if args.games < 0:
        fail("--games must be 0 or more")
        return 2
    k = ruleset.games_per_session
    if k > 1 and args.games % k:
        fail(f"--games {args.games}: {ruleset.id} plays sessions of {k} games; "
             f"give a multiple of {k}")
        return 2
    if args.log is not None:
        try:
            prepare_log_dir(args.log)
        except LogDirError as error:
            fail(str(error))
            return 2
    summary = run_sim(
        ruleset,
        args.games,
        args.seed,
        lineup,
        LEVELS,
        rotate=args.rotate,
        log_dir=args.log,
        stderr=stderr,
        mjai_seats=mjai_seats,
    )
    stdout.write(json.dumps(summary) + "\n")
    return 0 if summary["errors"] == 0 and summary["invariant_violations"] == 0 else 1
