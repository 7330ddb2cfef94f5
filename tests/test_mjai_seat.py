"""An mjai bot process as a seat (`sim --seat N=mjai:COMMAND`): a scripted bot plays whole
games of every preset; our own `mahjong-tui bot` as the seat plays the same games as the
level in process, in both dialects; a late or illegal answer is the default action and a
line in the log."""

from __future__ import annotations

import io
import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.sim import MjaiSpec, run_sim
from rules.ruleset import ALL_PRESET_IDS, load_preset

SCRIPT = Path(__file__).with_name("mjai_scripted_bot.py")
PY = shlex.quote(sys.executable)
BOT = f"{PY} -c 'import sys; from tui.cli import main; sys.exit(main())' bot --level easy"


def _sim(preset: str, seats: dict[int, MjaiSpec], games: int = 1,
         seed: int = 0) -> tuple[dict[str, Any], str]:
    from ai import LEVELS

    err = io.StringIO()
    summary = run_sim(load_preset(preset), games, seed, ["easy"] * 4, LEVELS, stderr=err,
                      mjai_seats=seats)
    return summary, err.getvalue()


@pytest.mark.parametrize("preset", ALL_PRESET_IDS)
def test_scripted_mjai_bot_plays_whole_games(preset: str) -> None:
    summary, log = _sim(preset, {2: MjaiSpec(f"{PY} {SCRIPT}")})
    assert summary["errors"] == 0 and summary["invariant_violations"] == 0, log
    assert log == ""
    assert summary["hands"] > 0


@pytest.mark.parametrize("stream", [False, True])
def test_our_bot_as_an_mjai_seat_plays_as_the_level_in_process(stream: bool) -> None:
    command = BOT + (" --stream" if stream else "")
    summary, log = _sim("tenhou", {1: MjaiSpec(command, stream=stream, timeout=30)}, seed=3)
    assert log == ""
    alone, _ = _sim("tenhou", {}, seed=3)
    for key in ("hands", "wins", "draws", "errors", "placements", "stats"):
        assert summary[key] == alone[key], key


def test_illegal_answers_take_the_default_action_with_a_log_line() -> None:
    summary, log = _sim("tenhou", {0: MjaiSpec(f"{PY} {SCRIPT} illegal")})
    assert summary["errors"] == 0 and summary["hands"] > 0
    lines = log.splitlines()
    assert lines and all("seat 0 (mjai):" in line and "not legal" in line for line in lines)
    assert all("played Discard(seat=0" in line for line in lines)


def test_a_late_answer_takes_the_default_and_is_dropped_when_it_comes() -> None:
    summary, log = _sim("tenhou", {0: MjaiSpec(f"{PY} {SCRIPT} late", timeout=0.3)})
    assert summary["errors"] == 0 and summary["hands"] > 0
    lines = log.splitlines()
    # The turns asked while the bot slept time out; once it is back, its answers (the
    # late ones dropped) are played again: a few lines, not one per turn of the game.
    assert 1 <= len(lines) <= 5, log
    assert all("no answer within 0.3 s" in line for line in lines), log


def test_sim_seat_flag() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())",
             "sim", "--ruleset", "tenhou", "--ai", "easy", *args],
            capture_output=True, text=True, timeout=300,
        )

    ok = run("--seat", f"3=mjai:{PY} {SCRIPT}")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["errors"] == 0
    for bad in ("5=mjai:x", "1=tcp:x", "1=mjai:", "x"):
        out = run("--seat", bad)
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, bad


def test_two_mjai_seats_in_one_window_keep_an_answer_written_before_the_ask() -> None:
    """A stream bot answers a discard as soon as it is told it; when another seat of the
    same claim window is asked first, that answer waits and is the one played."""
    level = BOT.replace("--level easy", "--level normal")
    seats = {1: MjaiSpec(level, timeout=30), 3: MjaiSpec(level + " --stream", stream=True,
                                                         timeout=3)}
    from ai import LEVELS

    err = io.StringIO()
    summary = run_sim(load_preset("tenhou"), 1, 0, ["normal"] * 4, LEVELS, stderr=err,
                      mjai_seats=seats)
    alone = run_sim(load_preset("tenhou"), 1, 0, ["normal"] * 4, LEVELS)
    assert err.getvalue() == ""
    for key in ("hands", "wins", "draws", "errors", "placements", "stats"):
        assert summary[key] == alone[key], key


def test_sim_seat_in_the_empty_seat_of_a_three_player_game_is_refused() -> None:
    from tui.commands.sim import parse_seats

    with pytest.raises(ValueError, match="seat 3 is empty") as error:
        parse_seats(["3=mjai:x"], 10.0, players=3)
    assert "\n" not in str(error.value)
    assert set(parse_seats(["2=mjai:x"], 10.0, players=3)) == {2}
    assert set(parse_seats(["3=mjai:x"], 10.0)) == {3}  # four players: seat 3 plays
