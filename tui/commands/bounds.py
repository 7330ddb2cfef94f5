"""The numeric flags' types: every number a command takes is finite and bounded.

Python's `int` and `float` take what no command can use: `inf` and `nan`
(`--delay inf` left the AI never moving, `drill --timer nan` was taken), a count
no run ends (`sim --games 1000000000000`), a seed of thousands of digits. Every
numeric flag of `tui.cli` and `tui.commands` is parsed by `integer` or `seconds`
instead (a test walks the parsers to keep it so), and a value out of its bounds
is one line on standard error and exit status 2, like any bad flag.

The words name the flag ("--seed must be 0 or more"); `tui.cli`'s parser drops
argparse's own "argument --seed:" before them, so the flag is said once.
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

# Seeds: the logs hold any integer up to 2**53 (engine.storage.log_schema.BIG); a sim's games
# take the seeds seed, seed + 1, ..., so seed + games stays within it.
MAX_SEED = 10**15
MAX_GAMES = 10**7  # sim: ten million games, days of play
MAX_DELAY = 60.0  # seconds after each AI move at the table
MAX_TIMER = 3600.0  # seconds per drill question
_DIGITS = 30  # longer than any bound here: said without being read
_INTEGER = re.compile(r"[+-]?[0-9]+")


def integer(flag: str, low: int, high: int, words: str | None = None) -> Callable[[str], int]:
    """The type of an integer flag from `low` to `high`; `words` says the range when
    it is short (`--lesson must be 1 to 9`)."""

    def parse(text: str) -> int:
        text = text.strip()
        if not _INTEGER.fullmatch(text):
            raise ValueError(text)  # argparse: "invalid int value: 'two'"
        digits = len(text.lstrip("+-"))
        value = int(text) if digits <= _DIGITS else None
        if value is None or value > high:
            above = words or f"{flag} must be at most {high:,}"
            raise argparse.ArgumentTypeError(
                above if value is not None else f"{above}, not a number of {digits:,} digits"
            )
        if value < low:
            raise argparse.ArgumentTypeError(words or f"{flag} must be {low} or more")
        return value

    parse.__name__ = "int"
    return parse


def seconds(flag: str, high: float, *, more_than_zero: bool = False) -> Callable[[str], float]:
    """The type of a duration flag: a finite number of seconds from 0 (or more than
    0) to `high`."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise ValueError(text) from None  # argparse: "invalid float value: 'x'"
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(
                f"{flag} must be a finite number of seconds, not {text.strip()}"
            )
        if more_than_zero and value <= 0:
            raise argparse.ArgumentTypeError(f"{flag} must be more than 0 seconds")
        if value < 0:
            raise argparse.ArgumentTypeError(f"{flag} must be 0 or more")
        if value > high:
            raise argparse.ArgumentTypeError(f"{flag} must be at most {high:g} seconds")
        return value

    parse.__name__ = "float"
    return parse
