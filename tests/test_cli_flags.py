"""Flags of every command: no prefix matching, `--rule` for the game too, bad input one line.

In-process (`tui.cli.main` with its streams captured): a bad flag never gets as far as
starting the Textual app, so nothing here opens a screen.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest

import tui.app
from tui import cli
from tui.seat_client import new_game
from tui.settings import GameConfig

ROOT = Path(__file__).resolve().parent.parent


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv)
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 1
    return status, out.getvalue(), err.getvalue()


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _parsers(sub)
    return found


def test_no_parser_matches_prefixes():
    parsers = _parsers(cli.build_parser())
    assert len(parsers) >= 7  # the game and every subcommand
    assert all(p.allow_abbrev is False for p in parsers), [p.prog for p in parsers]


def test_rule_is_not_taken_for_ruleset():
    args = cli.build_parser().parse_args(["--rule", "kiriage_30_4=false"])
    assert (args.game_ruleset, args.game_rules) == (None, ["kiriage_30_4=false"])
    args = cli.build_parser().parse_args(
        ["--ruleset", "jpml", "--rule", "red_fives=3", "--rule", "kuitan=false"]
    )
    assert (args.game_ruleset, args.game_rules) == ("jpml", ["red_fives=3", "kuitan=false"])


BAD = [
    (["--rules", "wrc"], "'wrc'"),  # no longer an abbreviation of --ruleset
    (["--rul", "kuitan=false"], "'kuitan=false'"),
    (["--bogus"], "--bogus"),
    (["--seed", "x"], "--seed"),
    (["--rule", "honba_value=-1"], "honba_value"),
    (["--ruleset", "wrc", "--rule", "noten_payment=1"], "noten_payment"),
    (["--ruleset", "wrc", "--rule", "classic_cap=-1"], "classic_cap"),
    (["--rule", "red_fives=3\nkuitan=1"], "one line"),
    (["--rule", "nonsense"], "KEY=VALUE"),
    (["score", "--rule", "honba_value=-1"], "honba_value"),
    (["score", "--rul", "kuitan=false"], "--rul"),
    (["score", "--rules", "wrc"], "--rules"),
    (["sim", "--rule", "noten_payment=1"], "noten_payment"),
    (["sim", "--rule", "red_fives=3\nkuitan=1"], "one line"),
    (["sim", "--game", "1"], "--game"),
    (["sim", "--games", "x"], "--games"),
    (["rulesets", "--js"], "--js"),
    (["stats", "--jso"], "--jso"),
    (["replay", "--summ", "x.jsonl"], "--summ"),
    (["export", "--form", "mjai", "x.jsonl"], "--form"),
    (["nosuchcommand"], "nosuchcommand"),
]


@pytest.mark.parametrize(("argv", "words"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_a_bad_flag_or_override_anywhere_is_one_line_and_exit_2(argv, words, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    started = []
    monkeypatch.setattr(tui.app, "MahjongApp", lambda **kw: started.append(kw))
    status, out, err = _run(argv)
    assert status == 2, (status, err)
    assert out == "" and not started
    assert err.count("\n") == 1 and words in err, err
    assert "Traceback" not in err and "usage:" not in err


class _FakeApp:
    """Stands in for the Textual app: records what the game command hands it."""

    made: ClassVar[list[dict]] = []

    def __init__(self, **kwargs) -> None:
        _FakeApp.made.append(kwargs)

    def run(self) -> None:
        pass


def test_the_game_carries_its_overrides_into_the_app(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setattr(tui.app, "MahjongApp", _FakeApp)
    _FakeApp.made.clear()
    status, _, err = _run(["--ruleset", "jpml", "--seed", "3", "--rule", "kiriage_30_4=true",
                           "--rule", "red_fives=3"])
    assert status == 0, err
    [kwargs] = _FakeApp.made
    assert kwargs["ruleset_id"] == "jpml"
    assert kwargs["rules"] == ("kiriage_30_4=true", "red_fives=3")


@pytest.mark.parametrize("preset", ["tenhou", "mleague", "mahjongsoul"])
def test_the_game_takes_the_online_presets(preset, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setattr(tui.app, "MahjongApp", _FakeApp)
    _FakeApp.made.clear()
    status, _, err = _run(["--ruleset", preset, "--seed", "3", "--rule", "red_fives=0"])
    assert status == 0, err
    assert _FakeApp.made[0]["ruleset_id"] == preset


def test_the_app_config_holds_the_overrides_and_the_table_plays_them(tmp_path):
    app = tui.app.MahjongApp(ruleset_id="wrc", seed=5, data_dir=tmp_path,
                             rules=("kiriage_30_4=false", "red_fives=3"))
    assert app.config.rules == ("kiriage_30_4=false", "red_fives=3")
    game = new_game(app.config)
    assert (game.ruleset.kiriage_30_4, game.ruleset.red_fives) == (False, 3)
    assert game.ruleset.id == "wrc"
    plain = new_game(GameConfig(ruleset="wrc", seed=5))
    assert (plain.ruleset.kiriage_30_4, plain.ruleset.red_fives) == (True, 0)


def test_game_config_builds_its_ruleset_with_the_overrides_in_order():
    config = GameConfig(ruleset="jpml", rules=("kuitan=false", "kuitan=true", "red_fives=4"))
    ruleset = config.build_ruleset()
    assert (ruleset.kuitan, ruleset.red_fives, ruleset.id) == (True, 4, "jpml")
    assert GameConfig(ruleset="gifu").build_ruleset().id == "gifu"


@pytest.mark.parametrize("command", [["rulesets"], ["rulesets", "--json"], ["sim", "--games", "0"]])
@pytest.mark.parametrize("redirect", [">/dev/full", ">&-"])
def test_output_that_cannot_be_written_is_one_line_and_exit_2(command, redirect):
    if redirect == ">/dev/full" and not Path("/dev/full").exists():  # pragma: no cover
        pytest.skip("no /dev/full here")
    proc = subprocess.run(
        ["sh", "-c", 'exec "$@" ' + redirect, "sh", sys.executable, "-m", "tui.cli", *command],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("mahjong-tui: error: ")
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr


def test_rulesets_json_lists_every_preset():
    status, out, err = _run(["rulesets", "--json"])
    assert status == 0, err
    presets = json.loads(out)
    # The six seed presets, then the online ones of RULESETS.md §8 (issue #14).
    assert [p["id"] for p in presets] == [
        "jpm", "renmei_classic", "jpml", "wrc", "teiai", "gifu", "tenhou", "mleague",
        "mahjongsoul",
    ]
    assert all(p["name"] and p["summary"] for p in presets)
