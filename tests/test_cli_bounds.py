"""Issue 20, case 6: every numeric flag is finite and bounded (one line, exit 2).

`sim --games` had no upper bound, `--delay inf` was taken (the AI never moved),
`drill --timer nan` was taken, and a seed of 5,000 digits was read as a number.
"""

from __future__ import annotations

import argparse

import pytest

from tui.cli import build_parser, main
from tui.commands.bounds import MAX_GAMES, MAX_SEED

HUGE = "9" * 5000


def _actions(parser: argparse.ArgumentParser, path: str = ""):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _actions(sub, f"{path} {name}".strip())
        else:
            yield path, action


def test_no_numeric_flag_takes_a_bare_int_or_float():
    """Every number is parsed by `tui.commands.bounds` (`integer`, `seconds`), so a new
    flag cannot take `inf`, `nan` or a count no run ends by forgetting to check."""
    numeric = [(path, a) for path, a in _actions(build_parser()) if a.type is not None]
    assert len(numeric) >= 9
    for path, action in numeric:
        assert action.type not in (int, float), (path, action.option_strings)
        assert action.type.__module__ == "tui.commands.bounds", (path, action.option_strings)


@pytest.mark.parametrize(("argv", "says"), [
    (["sim", "--games", "1000000000000"], f"--games must be at most {MAX_GAMES:,}"),
    (["sim", "--games", str(MAX_GAMES + 1)], "--games must be at most"),
    (["sim", "--games", "-1"], "--games must be 0 or more"),
    (["sim", "--seed", HUGE], "not a number of 5,000 digits"),
    (["sim", "--seed", str(MAX_SEED + 1)], "--seed must be at most"),
    (["sim", "--seed", "-3"], "--seed must be 0 or more"),
    (["--delay", "inf"], "--delay must be a finite number of seconds, not inf"),
    (["--delay", "nan"], "--delay must be a finite number of seconds, not nan"),
    (["--delay=-inf"], "--delay must be a finite number of seconds"),
    (["--delay", "1e9"], "--delay must be at most 60 seconds"),
    (["--seed", HUGE], "--seed must be at most"),
    (["drill", "--timer", "nan"], "--timer must be a finite number of seconds, not nan"),
    (["drill", "--timer", "inf"], "--timer must be a finite number of seconds"),
    (["drill", "--timer", "1e300"], "--timer must be at most 3600 seconds"),
    (["drill", "--at-end", HUGE], "--at-end must be at most"),
    (["drill", "--seed", HUGE], "--seed must be at most"),
    (["learn", "--lesson", HUGE], "--lesson must be 1 to 10"),
    (["replay", "x", "--seat", "4"], "--seat must be 0, 1, 2 or 3"),
    (["replay", "x", "--seat", HUGE], "--seat must be 0, 1, 2 or 3"),
])
def test_out_of_bounds_numbers_are_one_line_and_exit_2(argv, says, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err
    assert len(err) < 200 and "argument" not in err


def test_numbers_in_bounds_are_taken():
    parser = build_parser()
    args = parser.parse_args(["sim", "--games", str(MAX_GAMES), "--seed", str(MAX_SEED)])
    assert (args.games, args.seed) == (MAX_GAMES, MAX_SEED)
    assert parser.parse_args(["--delay", "0"]).game_delay == 0
    assert parser.parse_args(["drill", "--timer", "2.5"]).timer == 2.5
