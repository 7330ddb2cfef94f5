"""`mahjong-tui drill` and `learn`: bad flags are one line on standard error and exit
status 2, before any screen opens."""

from __future__ import annotations

import pytest

from tui.cli import main


@pytest.mark.parametrize(("argv", "says"), [
    (["drill", "nope"], "unknown drill 'nope': choose one of discard, waits, fu, points, "
                        "yaku, defence, alllast"),
    (["drill", "waits", "--timer", "0"], "--timer must be more than 0 seconds"),
    (["drill", "fu", "--ruleset", "xyz"], "unknown ruleset 'xyz'"),
    (["drill", "fu", "--seed", "-1"], "--seed must be 0 or more"),
    (["drill", "fu", "--tiles", "emoji"], "unknown tile style 'emoji'"),
    (["drill", "--lang", "fr"], "unknown language 'fr'"),
    (["drill", "fu", "--at-end", "0"], "--at-end must be 1 or more"),
    (["drill", "waits", "--from-games"], "--from-games asks discard questions"),
    (["drill", "--from-games"], "--from-games asks discard questions"),
    (["learn", "--lesson", "0"], "--lesson must be 1 to 10"),
    (["learn", "--lesson", "11"], "--lesson must be 1 to 10"),
    (["learn", "--tiles", "x"], "unknown tile style 'x'"),
    (["learn", "--lesson", "two"], "invalid int value: 'two'"),
])
def test_bad_flags_are_one_line_and_exit_2(argv, says, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err and "Traceback" not in err


def test_the_subcommands_load_no_rules_code_for_score():
    """Registering `drill` and `learn` keeps `score` lean: no analysis, no AI loaded."""
    import subprocess
    import sys

    code = ("import sys; from tui.cli import build_parser; build_parser(); "
            "print(any(m.startswith(('ai.', 'rules.analysis', 'tui.learn.drills')) "
            "for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_from_games_without_mistakes_says_so_and_exits_1(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MAHJONG_TUI_DATA", str(tmp_path))
    assert main(["drill", "discard", "--from-games"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no discard mistakes in the kept games" in err
