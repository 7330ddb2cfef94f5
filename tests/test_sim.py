"""`mahjong-tui sim` exactly as CONTRACT.md describes it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIELDS = {"ruleset", "games", "hands", "seconds", "wins", "draws", "errors",
          "invariant_violations", "placements", "stats"}
# Fields added to CONTRACT.md's object (extended, never renamed): issue 19's counts.
ADDED = {"busts", "extension_games", "abortive_draws"}
STATS = {"avg_placement", "win_rate", "deal_in_rate", "riichi_rate", "call_rate", "avg_win"}


def sim(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", "sim", *args],
        capture_output=True, text=True, cwd=ROOT,
    )


def summary(out: subprocess.CompletedProcess) -> dict:
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_summary_has_every_contract_field_and_exit_0():
    out = sim("--ruleset", "wrc", "--games", "2", "--seed", "1")
    assert out.returncode == 0, out.stderr
    data = summary(out)
    assert set(data) == FIELDS | ADDED
    assert set(data["abortive_draws"]) == {"nine_terminals", "four_winds", "four_riichi",
                                           "four_kans", "triple_ron"}
    assert data["ruleset"] == "wrc" and data["games"] == 2
    assert data["hands"] == data["wins"] + data["draws"] > 0
    assert data["errors"] == data["invariant_violations"] == 0
    assert set(data["placements"]) == set(data["stats"]) == {"0", "1", "2", "3"}
    for rates in data["placements"].values():
        assert len(rates) == 4 and abs(sum(rates) - 1) < 1e-6
    for stats in data["stats"].values():
        assert set(stats) == STATS


def test_same_seed_same_output_apart_from_seconds():
    a = summary(sim("--ruleset", "gifu", "--games", "2", "--seed", "9", "--ai", "tsumogiri"))
    b = summary(sim("--ruleset", "gifu", "--games", "2", "--seed", "9", "--ai", "tsumogiri"))
    a.pop("seconds")
    b.pop("seconds")
    assert a == b


def test_four_levels_rotated_are_keyed_by_level():
    out = sim("--ruleset", "jpm", "--games", "4", "--seed", "2",
              "--ai", "greedy,tsumogiri,tsumogiri,tsumogiri", "--rotate")
    data = summary(out)
    assert set(data["stats"]) == {"greedy", "tsumogiri"}
    assert data["stats"]["greedy"]["win_rate"] > data["stats"]["tsumogiri"]["win_rate"]


def test_house_rules_apply():
    out = sim("--ruleset", "wrc", "--games", "1", "--seed", "1", "--rule", "red_fives=3")
    assert out.returncode == 0 and summary(out)["errors"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--ruleset", "nope"), "unknown ruleset"),
        (("--ai", "wizard"), "unknown AI level"),
        (("--ai", "greedy,greedy"), "four comma-separated"),
        (("--rule", "bogus=1"), "unknown rule key"),
    ],
)
def test_bad_arguments_are_one_line_errors_with_status_2(args, message):
    out = sim(*args)
    assert out.returncode == 2
    assert message in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_sim_does_not_import_textual():
    code = (
        "import sys, io, contextlib\n"
        "from tui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['sim', '--games', '1', '--ai', 'tsumogiri'])\n"
        "print('textual' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


@pytest.mark.parametrize("where", ["/dev/null", "FILE", "FILE/sub", "/proc/no-such/dir"])
def test_an_unusable_log_dir_is_one_line_and_status_2_before_any_game(where, tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("kept\n")
    where = where.replace("FILE", str(a_file))
    out = sim("--games", "50", "--ai", "tsumogiri", "--log", where)
    assert out.returncode == 2 and out.stdout == ""  # no summary: no game was played
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert f"--log {where}" in out.stderr
    assert a_file.read_text() == "kept\n"


def test_a_crash_in_sim_is_one_line_and_status_1(monkeypatch, capsys):
    import engine.sim
    from tui.cli import main

    def broken(*args, **kwargs):
        raise RuntimeError("the driver broke")

    monkeypatch.setattr(engine.sim, "run_sim", broken)
    assert main(["sim", "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert err == (
        "mahjong-tui: internal error in sim: RuntimeError: the driver broke "
        "(a bug: please report it)\n"
    )


# --- sessions (CONTRACT.md "Sessions in sim"; teiai 003 §1, §28) ---------------------------------


def _game_results(log: Path) -> list[float]:
    """The results each seat took from one logged game (its game_ended event)."""
    for line in reversed(log.read_text().splitlines()):
        event = json.loads(line).get("event", {})
        if event.get("type") == "game_ended":
            return [row["result"] for row in sorted(event["results"], key=lambda r: r["seat"])]
    raise AssertionError(f"{log} has no game_ended")


def test_teiai_plays_sessions_of_four_and_totals_each_from_its_own_games(tmp_path):
    out = sim("--ruleset", "teiai", "--games", "8", "--seed", "11", "--ai", "easy",
              "--log", str(tmp_path))
    assert out.returncode == 0, out.stderr
    got = summary(out)
    assert got["sessions"] == 2 and len(got["session_totals"]) == 2
    for j, totals in enumerate(got["session_totals"]):
        games = [_game_results(tmp_path / f"game-{11 + 4 * j + i}.jsonl") for i in range(4)]
        assert totals == pytest.approx([sum(g[s] for g in games) for s in range(4)])
        assert sum(totals) == pytest.approx(0, abs=1e-6)  # teiai's rank points sum to 0


def test_any_preset_plays_sessions_with_a_house_rule():
    got = summary(sim("--ruleset", "wrc", "--games", "2", "--seed", "1",
                      "--rule", "games_per_session=2"))
    assert got["sessions"] == 1 and len(got["session_totals"][0]) == 4
    assert "sessions" not in summary(sim("--ruleset", "wrc", "--games", "1", "--seed", "1"))


def test_games_not_a_multiple_of_the_session_is_one_line_and_status_2():
    out = sim("--ruleset", "teiai", "--games", "6", "--seed", "1")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "multiple of 4" in out.stderr
