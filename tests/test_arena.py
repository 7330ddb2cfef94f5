"""`mahjong-tui arena` (issue 24, CONTRACT.md): duplicate sets, the same figures with any
number of workers, the summary's shape, bad specs and flags refused in one line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.arena import (
    RANK_POINTS,
    GameRecord,
    player_keys,
    run_arena,
    split,
    standard_error,
    summarise,
)
from rules.ruleset import resolve
from tui.cli import main
from tui.player_specs import KINDS, register_kind, resolve_spec

ROOT = Path(__file__).resolve().parent.parent
FIGURES = {"avg_placement", "se", "rank_points", "placements", "win_rate", "deal_in_rate",
           "riichi_rate", "call_rate", "defaults", "chombos"}


def _without_seconds(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k != "seconds"}


def test_the_same_seeds_give_the_same_figures_with_one_worker_or_two():
    ruleset = resolve("tenhou")
    args = (ruleset, "greedy", "jansou:SmartEfficiencyAgent", 2, 41, resolve_spec)
    one = run_arena(*args, workers=1)
    two = run_arena(*args, workers=2)
    assert one["errors"] == 0
    assert _without_seconds(one) == _without_seconds(two)
    # Duplicate sets: the challenger sat in every seat, so it played a quarter of the games.
    hands = one["players"]["greedy"]
    assert sum(hands["placements"]) == pytest.approx(1.0, abs=1e-3)


def test_the_summary_is_one_json_line_shaped_as_contract_md(capsys):
    status = main(["arena", "--ruleset", "wrc", "--challenger", "greedy",
                   "--opponents", "jansou:SimpleAgent", "--sets", "1", "--seed", "7",
                   "--workers", "1"])
    out = capsys.readouterr().out
    assert status == 0
    summary = json.loads(out.strip().splitlines()[-1])
    assert set(summary) == {"ruleset", "sets", "games", "seconds", "errors", "players"}
    assert (summary["ruleset"], summary["sets"], summary["games"], summary["errors"]) == (
        "wrc", 1, 4, 0
    )
    assert list(summary["players"]) == ["greedy", "jansou:SimpleAgent"]
    for figures in summary["players"].values():
        assert set(figures) == FIGURES
        assert len(figures["placements"]) == 4
        assert 1.0 <= figures["avg_placement"] <= 4.0
    # The challenger's four seats against the opponents' twelve: their places add up.
    ours = summary["players"]["greedy"]["avg_placement"]
    theirs = summary["players"]["jansou:SimpleAgent"]["avg_placement"]
    assert ours + 3 * theirs == pytest.approx(10.0, abs=1e-3)


def _record(seed: int, seat: int, ranks: tuple[int, ...], error: str | None = None):
    return GameRecord(seed, seat, ranks=ranks, hands=10, wins=(1, 2, 3, 4),
                      deal_ins=(0, 1, 0, 1), riichi=(2, 0, 0, 0), calls=(0, 0, 5, 0),
                      error=error)


def test_standard_error_is_over_the_sets_and_rank_points_over_the_games():
    ruleset = resolve("wrc")
    # Set 0: the challenger (seat 0, 1, 2, 3 in turn) places 1, 2, 1, 2 -> mean 1.5;
    # set 1: 3, 4, 3, 4 -> mean 3.5. Mean 2.5, sample sd sqrt(2), se 1.0.
    rows = [(1, 2, 3, 4), (1, 2, 3, 4), (3, 4, 1, 2), (4, 3, 1, 2)]
    set0 = [_record(0, s, r) for s, r in enumerate(rows)]
    set1 = [_record(1, s, (3, 1, 2, 4) if s == 0 else r) for s, r in enumerate(
        [(3, 1, 2, 4), (1, 4, 2, 3), (1, 2, 3, 4), (1, 2, 3, 4)])]
    summary = summarise(ruleset, "hard", "easy", 2, [*set0, *set1], 1.0)
    hard = summary["players"]["hard"]
    assert [r.ranks[r.challenger_seat] for r in set0] == [1, 2, 1, 2]
    assert [r.ranks[r.challenger_seat] for r in set1] == [3, 4, 3, 4]
    assert hard["avg_placement"] == 2.5
    assert hard["se"] == 1.0
    assert hard["placements"] == [0.25, 0.25, 0.25, 0.25]
    assert hard["rank_points"] == sum(RANK_POINTS) / 4
    # Per hand: the challenger sat in each seat once per set: wins 1+2+3+4 over 40 hands.
    assert hard["win_rate"] == 0.25
    assert summary["errors"] == 0


def test_a_failed_game_is_an_error_and_the_rest_still_count():
    ruleset = resolve("wrc")
    records = [_record(0, s, (1, 2, 3, 4)) for s in range(3)]
    records.append(GameRecord(0, 3, error="RuntimeError: boom (x.py:1)"))
    summary = summarise(ruleset, "hard", "easy", 1, records, 1.0)
    assert summary["errors"] == 1
    assert summary["games"] == 4
    assert summary["players"]["hard"]["avg_placement"] == 2.0  # places 1, 2, 3
    assert standard_error([2.0]) == 0.0


def test_games_are_split_in_order_and_cover_every_set():
    games = [(seed, seat) for seed in range(10, 33) for seat in range(4)]
    for workers in (1, 2, 3, 8, 64):
        parts = split(games, workers)
        assert [g for part in parts for g in part] == games
        assert len(parts) >= min(len(games), 4 * workers) // 2  # every worker has work
    assert split([], 4) == []


def test_the_same_spec_on_both_sides_keeps_two_keys():
    assert player_keys("hard", "hard") == ("hard", "hard (opponents)")
    assert player_keys("hard", "easy") == ("hard", "easy")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--challenger", "expert"], "unknown player 'expert'"),
        (["--challenger", "jansou:NoSuchAgent"], "jansou:NoSuchAgent: no such agent"),
        (["--challenger", "jansou:"], "say what follows 'jansou:'"),
        (["--challenger", "bot:x"], "unknown player kind 'bot'"),
        (["--challenger", "mjai:   "], "mjai: say which command starts the bot"),
        (["--opponents", "mjai:"], "say what follows 'mjai:'"),
        (["--sets", "0"], "--sets must be 1 or more"),
        (["--sets", "many"], "invalid int value: 'many'"),
        (["--sets", "3000000"], "--sets must be at most 2,500,000"),
        (["--workers", "0"], "--workers must be 1 or more"),
        (["--seed", "-1"], "--seed must be 0 or more"),
        (["--ruleset", "nope"], "nope"),
        (["--rule", "no_such_rule=1"], "no_such_rule"),
    ],
)
def test_a_bad_spec_or_flag_is_one_line_and_exit_2(argv, words, capsys):
    base = {"--challenger": "greedy", "--opponents": "easy", "--sets": "1", "--workers": "1"}
    flags = dict(zip(argv[::2], argv[1::2], strict=True))
    line = [w for k, v in {**base, **flags}.items() for w in (k, v)]
    with pytest.raises(SystemExit) as stop:
        status = main(["arena", *line])
        raise SystemExit(status)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1
    assert words in captured.err


def test_a_missing_player_is_one_line_and_exit_2(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["arena", "--opponents", "easy", "--sets", "1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "--challenger" in err


def test_a_new_kind_of_player_plugs_in_through_the_registry(monkeypatch):
    seen = []

    def kind(argument: str):
        seen.append(argument)
        return resolve_spec("greedy")

    monkeypatch.setitem(KINDS, "echo", kind)
    resolve_spec.cache_clear()
    try:
        factory = resolve_spec("echo:anything at all")
        assert seen == ["anything at all"]
        assert hasattr(factory(0, 1), "decide")
        register_kind("echo", kind)  # the same call a new adapter makes
        assert KINDS["echo"] is kind
    finally:
        resolve_spec.cache_clear()
    from engine.mjai_seat import MjaiSeat

    assert isinstance(resolve_spec("mjai:bot --level easy")(0, 1), MjaiSeat)


def test_our_own_bot_as_an_mjai_challenger_plays_as_the_level_does():
    """`mjai:COMMAND` seats a bot process (mjai.app's dialect) in each game of a set;
    with our own `mahjong-tui bot --level easy` as the bot, every figure is the
    in-process level's: the masked mjai stream it is told is all it needs."""
    bot = f"{sys.executable} -m tui.cli bot --level easy"
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "arena", "--ruleset", "tenhou", "--challenger",
         f"mjai:{bot}", "--opponents", "easy", "--sets", "1", "--seed", "3",
         "--workers", "1"],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["errors"] == 0
    ours, level = summary["players"][f"mjai:{bot}"], summary["players"]["easy"]
    assert ours == level  # the same seat, the same walls, the same decisions


def test_ctrl_c_stops_the_workers_with_one_line_and_exit_130(tmp_path):
    """A real SIGINT to a running arena with two workers: one line, 130, no traceback
    from a worker, and no worker left behind."""
    env = {**os.environ, "MAHJONG_TUI_DATA": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "arena", "--challenger", "greedy", "--opponents",
         "greedy", "--sets", "40", "--workers", "2"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    children: list[int] = []
    end = time.monotonic() + 30
    while time.monotonic() < end and len(children) < 2:
        time.sleep(0.2)
        children = _children(proc.pid)
    assert len(children) >= 2, "the pool never started"
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert err == "mahjong-tui: interrupted\n"
    assert out == ""
    time.sleep(0.5)
    assert not [pid for pid in children if _alive(pid)]


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    if not path.exists():
        pytest.skip("no /proc children list here")
    return [int(p) for p in path.read_text().split()]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return False
    return state != "Z"


def test_ray_local_mode_gives_the_same_figures():
    pytest.importorskip("ray")
    ruleset = resolve("tenhou")
    args = (ruleset, "greedy", "jansou:SimpleAgent", 1, 3, resolve_spec)
    here = run_arena(*args, workers=1)
    on_ray = run_arena(*args, ray_address="local")
    assert _without_seconds(here) == _without_seconds(on_ray)


class _FakeRay:
    """Ray's calls as `engine.arena` makes them, run here at once: the `--ray` plumbing
    (each chunk a task, the answers taken in the chunks' order) without a Ray install."""

    def __init__(self) -> None:
        self.address = "unset"
        self.tasks = 0

    def is_initialized(self) -> bool:
        return self.address != "unset"

    def init(self, address=None) -> None:
        self.address = address

    def remote(self, function):
        fake = self

        class Remote:
            @staticmethod
            def remote(*args):
                fake.tasks += 1
                return function(*args)

        return Remote

    def get(self, ref):
        return ref


def test_ray_option_plays_each_chunk_as_a_task_with_the_same_figures(monkeypatch, capsys):
    import tui.commands.arena as command

    fake = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.setattr(command, "ray_available", lambda: True)
    argv = ["arena", "--ruleset", "tenhou", "--challenger", "greedy", "--opponents",
            "jansou:SimpleAgent", "--sets", "1", "--seed", "3", "--workers", "2"]
    assert main([*argv, "--ray", "local"]) == 0
    on_ray = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert fake.address is None and fake.tasks == 4  # "local": a Ray instance here
    assert main([*argv[:-2], "--workers", "1"]) == 0
    here = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert _without_seconds(on_ray) == _without_seconds(here)


def _nuki_resolver(spec: str):
    """`bad`: a jansou agent that always answers Nuki (never legal with four players)."""
    from jansou.game.actions import Nuki
    from jansou.game.agents import Agent

    from engine.jansou_seat import JansouSeat

    class Nukier(Agent):
        def act(self, seat, kind, actions):
            return Nuki()

    if spec == "bad":
        return lambda seat, seed: JansouSeat(Nukier())
    return resolve_spec(spec)


def test_an_answer_out_of_the_legal_ones_is_played_as_the_default_and_said():
    import io

    err = io.StringIO()
    summary = run_arena(resolve("tenhou"), "bad", "greedy", 1, 5, _nuki_resolver,
                        workers=1, stderr=err)
    assert summary["errors"] == 0  # the games still ended
    lines = err.getvalue().splitlines()
    assert len(lines) == 4
    assert all("not among the legal actions, replaced by the default action" in x
               for x in lines)


def test_a_player_against_itself_places_first_to_fourth_once_each_set():
    """Duplicate sets: the same walls, and the challenger in each seat in turn. With the
    same player everywhere the four games are one game, so the challenger, who sat in
    every seat of it once, took every place once: exactly 2.5, with no spread."""
    summary = run_arena(resolve("wrc"), "greedy", "greedy", 2, 11, resolve_spec, workers=1)
    me = summary["players"]["greedy"]
    assert me["placements"] == [0.25, 0.25, 0.25, 0.25]
    assert (me["avg_placement"], me["se"], me["rank_points"]) == (2.5, 0.0, 0.0)
    assert summary["players"]["greedy (opponents)"]["avg_placement"] == 2.5
