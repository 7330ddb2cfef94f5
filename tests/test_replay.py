"""Logs round-trip: log → replay → the identical game, for many seeds and every preset."""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_engine_bots import ChaosPlayer

from ai import GreedyPlayer
from engine.driver import play_game
from engine.events import event_to_dict
from engine.game import Game
from engine.log import LogWriter, ReplayMismatch, log_lines, replay
from engine.scripted import autopilot
from rules.ruleset import PRESET_IDS, load_preset

ROOT = Path(__file__).resolve().parent.parent


def _played(preset: str, seed: int, make, rules=None) -> Game:
    ruleset = load_preset(preset)
    if rules:
        ruleset = ruleset.with_overrides(rules)
    game = Game.new(ruleset, seed)
    asyncio.run(play_game(game, [make(s, seed) for s in range(4)]))
    return game


def _state(game: Game) -> tuple:
    return (
        tuple(game.scores),
        game.sticks,
        game.honba,
        game.is_over,
        [event_to_dict(e) for e in game.events],
    )


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_log_replays_to_the_identical_game(preset):
    for seed in range(3):
        game = _played(preset, seed, ChaosPlayer)
        again = replay(list(log_lines(game)))
        assert _state(again) == _state(game)


def test_streamed_log_equals_the_written_log_and_replays_with_house_rules():
    ruleset = load_preset("wrc").with_overrides({"red_fives": 3, "kuikae": "allowed"})
    game = Game.new(ruleset, 11)
    stream = io.StringIO()
    writer = LogWriter(stream)
    writer.start(game)
    asyncio.run(play_game(game, [GreedyPlayer(s) for s in range(4)], after_apply=writer.record))
    assert [json.loads(x) for x in stream.getvalue().splitlines()] == [
        json.loads(x) for x in log_lines(game)
    ]
    assert _state(replay(stream.getvalue())) == _state(game)


def test_a_tampered_log_is_refused():
    game = _played("wrc", 2, GreedyPlayer)
    lines = list(log_lines(game))
    for i, line in enumerate(lines):
        record = json.loads(line)
        if record.get("event", {}).get("type") == "won":
            record["event"]["payments"][0]["amount"] += 100
            lines[i] = json.dumps(record)
            break
    with pytest.raises(ReplayMismatch):
        replay(lines)


def test_a_partial_log_replays_to_where_it_stops():
    game = Game.new(load_preset("jpm"), 4)
    for _ in range(7):
        seat = game.pending_seats()[0]
        game.apply(autopilot(game, seat))
    again = replay(list(log_lines(game)))
    assert not again.is_over and _state(again) == _state(game)


def test_replay_command_prints_hands_and_the_final_result(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "tui.cli", "sim", "--ruleset", "jpml", "--games", "1",
         "--seed", "3", "--log", str(tmp_path)],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )
    assert json.loads(out.stdout.splitlines()[-1])["errors"] == 0
    [log] = tmp_path.glob("*.jsonl")
    out = subprocess.run(
        [sys.executable, "-m", "tui.cli", "replay", str(log)],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )
    assert out.stdout.startswith("jpml seed 3")
    assert "#1 seat" in out.stdout and "E1-0" in out.stdout


def test_replay_command_rejects_a_missing_file(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "tui.cli", "replay", str(tmp_path / "nope.jsonl")],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert out.returncode == 2 and "no such log" in out.stderr
