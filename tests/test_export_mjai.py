"""mjai export: read back by an independent parser and engine (jansou).

The same simulated games as `test_export_tenhou6.py` are exported as mjai JSON
lines, parsed with `jansou.io.mjai` and compared hand by hand with our log
(here the kan dora events keep their place), then replayed through jansou's
engine under matched rules. Golden files pin the text of the scripted hands;
the CLI tests cover `mahjong-tui export` and its one-line errors.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from jansou.io import paifu as jp
from jansou.io.mjai import parse_mjai
from test_export_tenhou6 import (
    FAST_SEEDS,
    GOLDEN_GAMES,
    SLOW_SEEDS,
    assert_jansou_replays,
    assert_same_game,
    check_golden,
    golden_record,
    played,
)

from engine.storage.game_log import log_lines
from engine.storage.records import GameRecord
from engine.storage.records.mjai import pai, to_mjai, to_mjai_text
from rules.ruleset import PRESET_IDS
from rules.tiles import parse_tiles

ROOT = Path(__file__).resolve().parent.parent


def check_mjai(record: GameRecord) -> int:
    text = to_mjai_text(record)
    lines = [json.loads(line) for line in text.splitlines()]
    assert lines[0]["type"] == "start_game" and lines[-1]["type"] == "end_game"
    paifu = parse_mjai(text)
    assert_same_game(paifu, record, dora_in_place=True)
    assert record.ended is not None
    assert paifu.final_scores == record.ended.scores
    # Draws: who was counted tenpai; riichi sticks: one reach_accepted per stick paid.
    for rl, hand in zip(paifu.rounds, record.hands, strict=True):
        if isinstance(rl.outcome, jp.Ryuukyoku):
            assert hand.draw is not None and rl.outcome.tenpai == hand.draw.tenpai
    accepted = [x["actor"] for x in lines if x["type"] == "reach_accepted"]
    assert len(accepted) == sum(len(jp.banked_riichi_seats(rl)) for rl in paifu.rounds)
    return assert_jansou_replays(paifu, record)


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_mjai_export_of_simulated_games_reads_back_the_same_in_jansou(preset):
    for seed in FAST_SEEDS:
        check_mjai(played(preset, seed))


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_IDS)
def test_mjai_export_reads_back_the_same_over_many_seeds(preset, request):
    if "slow" not in (request.config.option.markexpr or ""):
        pytest.skip("soak test: run with -m slow")
    for seed in SLOW_SEEDS:
        check_mjai(played(preset, seed))


def test_mjai_scores_chain_from_start_kyoku_through_reach_and_hora_to_end_game():
    for preset in PRESET_IDS:
        record = played(preset, 0)
        lines = to_mjai(record)
        scores = None
        for x in lines:
            if x["type"] == "start_kyoku":
                if scores is not None:
                    assert x["scores"] == scores
                scores = list(x["scores"])
            elif x["type"] in ("reach_accepted", "hora", "ryukyoku"):
                scores = [s + d for s, d in zip(scores, x["deltas"], strict=True)]
                assert x["scores"] == scores
        assert lines[-1]["scores"] == scores == list(record.ended.scores)


def test_mjai_tile_names():
    names = [pai(x) for x in parse_tiles("1m9p5s1234567z0m0p0s")]
    assert names == ["1m", "9p", "5s", "E", "S", "W", "N", "P", "F", "C", "5mr", "5pr", "5sr"]


@pytest.mark.parametrize("name", GOLDEN_GAMES)
def test_mjai_golden_hands(name):
    text = check_golden(name, "mjai", "mjai.jsonl")
    record = golden_record(name)
    paifu = parse_mjai(text)
    assert_same_game(paifu, record, dora_in_place=True)
    assert assert_jansou_replays(paifu, record) == 0


def golden_lines(name: str) -> list[dict]:
    return [json.loads(x) for x in check_golden(name, "mjai", "mjai.jsonl").splitlines()]


def test_mjai_golden_kan_lines_keep_the_dora_before_the_rinshan_draw():
    lines = golden_lines("ankan_rinshan")
    kinds = [x["type"] for x in lines]
    at = kinds.index("ankan")
    assert kinds[at : at + 4] == ["ankan", "dora", "tsumo", "hora"]
    assert lines[at] == {"type": "ankan", "actor": 0, "consumed": ["1m", "1m", "1m", "1m"]}
    assert lines[at + 1] == {"type": "dora", "dora_marker": "3s"}
    assert lines[at + 2] == {"type": "tsumo", "actor": 0, "pai": "5s"}
    hora = lines[at + 3]
    assert (hora["actor"], hora["target"], hora["deltas"]) == (0, 0, [6000, -2000, -2000, -2000])
    assert hora["fu"] == 60 and hora["fan"] == 2


def test_mjai_golden_riichi_ron_and_chankan_lines():
    lines = golden_lines("riichi_ron")
    kinds = [x["type"] for x in lines]
    at = kinds.index("reach")
    assert lines[at : at + 3] == [
        {"type": "reach", "actor": 1},
        {"type": "dahai", "actor": 1, "pai": "F", "tsumogiri": True},
        {"type": "reach_accepted", "actor": 1, "deltas": [0, -1000, 0, 0],
         "scores": [30000, 29000, 30000, 30000]},
    ]
    [hora] = [x for x in lines if x["type"] == "hora"]
    assert (hora["actor"], hora["target"], hora["pai"]) == (1, 2, "5p")
    assert hora["deltas"] == [0, 13000, -12000, 0] and hora["ura_markers"] == ["7m"]
    lines = golden_lines("pon_kakan_chankan")
    calls = [x for x in lines if x["type"] in ("pon", "kakan")]
    assert calls == [
        {"type": "pon", "actor": 1, "target": 0, "pai": "5p", "consumed": ["5p", "5p"]},
        {"type": "kakan", "actor": 1, "pai": "5p", "consumed": ["5p", "5p", "5p"]},
    ]
    assert [x["type"] for x in lines[-3:]] == ["hora", "end_kyoku", "end_game"]
    draw = golden_lines("exhaustive_draw")
    [ryukyoku] = [x for x in draw if x["type"] == "ryukyoku"]
    assert ryukyoku["deltas"] == [-3000, 1000, 1000, 1000]
    assert ryukyoku["tenpais"] == [False, True, True, True] and ryukyoku["tehais"][0] is None


# ----------------------------------------------------------------------------- the command


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", *args], capture_output=True, text=True, cwd=ROOT
    )


@pytest.fixture(scope="module")
def classic_log(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "classic.jsonl"
    path.write_text("\n".join(log_lines(played("renmei_classic", 0).game)) + "\n")
    return path


def test_export_command_writes_both_formats_and_warns_on_stderr(classic_log, tmp_path):
    out = tmp_path / "game.json"
    done = _cli("export", "--format", "tenhou6", str(classic_log), "-o", str(out))
    assert done.returncode == 0 and done.stdout == ""
    warnings = done.stderr.splitlines()
    assert warnings and all(w.startswith("mahjong-tui: warning: renmei_classic:") for w in warnings)
    assert json.loads(out.read_text())["log"]
    done = _cli("export", "--format", "mjai", str(classic_log))
    assert done.returncode == 0
    assert [json.loads(x)["type"] for x in done.stdout.splitlines()][-1] == "end_game"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--format", "kifu", "LOG"), "invalid choice"),
        (("--format", "mjai", "/nonexistent/game.jsonl"), "no such log"),
        (("--format", "mjai", "GARBAGE"), "not a readable game log"),
        (("--format", "mjai", "DIR"), "not a game log"),
        (("LOG",), "required"),
    ],
)
def test_export_command_bad_input_is_one_line_and_status_2(args, needle, classic_log, tmp_path):
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("this is not json\n")
    subst = {"LOG": str(classic_log), "GARBAGE": str(garbage), "DIR": str(tmp_path)}
    done = _cli("export", *(subst.get(a, a) for a in args))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and needle in done.stderr


def test_mjai_export_of_a_double_ron_reads_back_the_same_in_jansou():
    from test_export_tenhou6 import DOUBLE_RON_SEEDS, double_ron_game

    for seed in DOUBLE_RON_SEEDS:
        record = double_ron_game(seed)
        assert any(len(hand.wins) == 2 for hand in record.hands)
        check_mjai(record)
