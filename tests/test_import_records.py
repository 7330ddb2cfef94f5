"""mjai import: an exported game, rebuilt by `engine.storage.records.importer`, is the same game.

The same simulated games as the export tests (every preset, the `normal` bots,
which call, riichi and kan) and the scripted golden hands (ankan + rinshan,
pon + kakan + chankan, riichi ron, exhaustive draw) are exported as mjai lines,
imported, and their events compared with the original's hand by hand. The only
fields that may differ are those the record does not carry: each hand's dice
and break (`hand_started`: `dice`, `break_side`, `break_stacks`); the wall
tiles nobody saw never reach an event. Then the CLI: `replay --summary` of the
export prints what it prints for the log, and bad files are one line, exit 2.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_export_tenhou6 import FAST_SEEDS, GOLDEN_GAMES, SLOW_SEEDS, golden_record, played

from engine.events import event_to_dict
from engine.game import Game
from engine.storage.game_log import log_lines
from engine.storage.records import GameRecord
from engine.storage.records.importer import build_wall, game_from_mjai, parse_mjai, tile_from_pai
from engine.storage.records.mjai import to_mjai_text
from engine.storage.records.tenhou6 import to_tenhou6_text
from rules.ruleset import PRESET_IDS, load_preset

ROOT = Path(__file__).resolve().parent.parent
NOT_RECORDED = {"hand_started": ("dice", "break_side", "break_stacks")}


def by_hand(game: Game) -> list[list[dict[str, Any]]]:
    """The game's events as dicts, split before each hand_started (the first part is
    the game start), without the fields the record does not carry."""
    parts: list[list[dict[str, Any]]] = [[]]
    for event in game.events:
        data = event_to_dict(event)
        if data["type"] == "hand_started":
            parts.append([])
        for key in NOT_RECORDED.get(data["type"], ()):
            data.pop(key)
        parts[-1].append(data)
    return parts


def assert_same_game(record: GameRecord, imported: Game) -> None:
    original = by_hand(record.game)
    again = by_hand(imported)
    hands = len(record.hands)
    if record.unfinished:  # the export leaves out the last hand; so does the import
        original, again = original[: hands + 1], again[: hands + 1]
    assert len(again) == len(original) == hands + 1
    for n, (want, got) in enumerate(zip(original, again, strict=True)):
        types = {e["type"] for e in want} | {e["type"] for e in got}
        for kind in sorted(types):  # per type, so a failure names what differs
            assert [e for e in got if e["type"] == kind] == [
                e for e in want if e["type"] == kind
            ], f"hand {n}: {kind}"
        assert got == want, f"hand {n}: event order"
    assert imported.is_over == record.game.is_over
    if record.ended is not None:
        assert imported.results == record.game.results


def roundtrip(record: GameRecord) -> Game:
    imported = game_from_mjai(to_mjai_text(record))
    assert_same_game(record, imported)
    return imported


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_mjai_export_of_simulated_games_imports_as_the_same_game(preset):
    for seed in FAST_SEEDS:
        imported = roundtrip(played(preset, seed))
        assert imported.ruleset.id == preset and imported.seed == seed


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_IDS)
def test_mjai_import_over_many_seeds(preset, request):
    if "slow" not in (request.config.option.markexpr or ""):
        pytest.skip("soak test: run with -m slow")
    for seed in SLOW_SEEDS:
        roundtrip(played(preset, seed))


@pytest.mark.parametrize("name", GOLDEN_GAMES)
def test_mjai_golden_hands_import_as_the_same_hands(name):
    roundtrip(golden_record(name))


def test_wall_holds_the_recorded_deal_draws_rinshan_and_indicators():
    record = golden_record("ankan_rinshan")
    _, kyokus, _ = parse_mjai(to_mjai_text(record))
    wall = build_wall(kyokus[0], 0)
    original = record.game.setup["walls"]
    assert len(wall) == 136 and sorted(t.kind for t in wall) == sorted(
        k for k in range(34) for _ in range(4)
    )
    lines = kyokus[0].lines
    draws = [tile_from_pai(x["pai"]) for x in lines if x["type"] == "tsumo"]
    kan = next(i for i, x in enumerate(lines) if x["type"] == "ankan")
    rinshan = next(x for x in lines[kan:] if x["type"] == "tsumo")
    assert wall[134] == tile_from_pai(rinshan["pai"])
    assert wall[130] == tile_from_pai(lines[0]["dora_marker"])
    assert draws[0] == wall[52]
    assert original  # a scripted game: its own wall is in the setup


def _without_extension(text: str) -> str:
    lines = text.splitlines()
    head = json.loads(lines[0])
    del head["mahjong_tui"]
    return "\n".join([json.dumps(head), *lines[1:]]) + "\n"


def test_a_record_without_our_field_takes_the_given_ruleset_default_wrc():
    record = played("wrc", 0)
    bare = _without_extension(to_mjai_text(record))
    for imported in (game_from_mjai(bare), game_from_mjai(bare, load_preset("wrc"))):
        assert imported.ruleset.id == "wrc" and imported.seed == 0
        assert by_hand(imported)[1:] == by_hand(record.game)[1:]
    classic = _without_extension(to_mjai_text(played("renmei_classic", 0)))
    with pytest.raises(ValueError, match=r"hand E\d-\d"):
        game_from_mjai(classic)  # scored as wrc, the first win disagrees
    assert game_from_mjai(classic, load_preset("renmei_classic")).is_over


def test_a_tampered_record_names_the_hand_and_line():
    text = to_mjai_text(played("wrc", 0))
    lines = text.splitlines()
    i = next(i for i, x in enumerate(lines) if '"dahai"' in x and '"tsumogiri":true' in x)
    line = json.loads(lines[i])
    line["tsumogiri"] = False
    lines[i] = json.dumps(line)
    with pytest.raises(ValueError, match=rf"hand E1-0, line {i + 1}: .*dahai"):
        game_from_mjai("\n".join(lines))
    j = next(i for i, x in enumerate(lines) if '"type":"hora"' in x)
    line = json.loads(lines[j])
    line["deltas"] = [d + 100 * (s % 2 * 2 - 1) for s, d in enumerate(line["deltas"])]
    lines[j] = json.dumps(line)
    lines[i] = text.splitlines()[i]
    with pytest.raises(ValueError, match=rf"line {j + 1}: .*hora"):
        game_from_mjai("\n".join(lines))


# ----------------------------------------------------------------------------- the command


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", "replay", *args],
        capture_output=True, text=True, cwd=ROOT,
    )


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    record = played("jpm", 1)
    folder = tmp_path_factory.mktemp("imports")
    paths = {
        "log": folder / "game.jsonl",
        "mjai": folder / "game.mjai.jsonl",
        "bare": folder / "bare.mjai.jsonl",
        "tenhou6": folder / "game.tenhou6.json",
        "cut": folder / "cut.mjai.jsonl",
        "other": folder / "other.json",
    }
    paths["log"].write_text("\n".join(log_lines(record.game)) + "\n")
    text = to_mjai_text(record)
    paths["mjai"].write_text(text)
    paths["bare"].write_text(_without_extension(text))
    paths["tenhou6"].write_text(to_tenhou6_text(record))
    lines = text.splitlines()
    paths["cut"].write_text("\n".join(lines[:40] + lines[41:]) + "\n")
    paths["other"].write_text(json.dumps({"type": "something"}) + "\n")
    return paths


def test_replay_summary_of_the_mjai_export_is_the_logs(files):
    original = _cli("--summary", str(files["log"]))
    exported = _cli("--summary", str(files["mjai"]))
    assert original.returncode == exported.returncode == 0, exported.stderr
    assert exported.stdout == original.stdout and exported.stdout.startswith("jpm seed 1")
    bare = _cli("--summary", "--ruleset", "jpm", str(files["bare"]))
    assert bare.returncode == 0, bare.stderr
    assert bare.stdout.splitlines()[1:] == original.stdout.splitlines()[1:]


def test_replay_of_the_tenhou6_export_is_the_logs(files):
    # tenhou.net/6 JSON used to be refused here; it is now imported
    # (engine.storage.records.tenhou6_read) and must replay to the log's own summary.
    original = _cli("--summary", str(files["log"]))
    exported = _cli("--summary", str(files["tenhou6"]))
    assert original.returncode == exported.returncode == 0, exported.stderr
    assert exported.stdout.splitlines()[1:] == original.stdout.splitlines()[1:]


def test_replay_of_bad_or_unsupported_records_is_one_line_and_status_2(files):
    cases = [
        ((str(files["cut"]),), "the mjai record does not import: hand"),
        ((str(files["other"]),), "not a readable game log"),
        (("--ruleset", "nope", str(files["bare"])), "unknown ruleset 'nope'"),
        (("--ruleset", "renmei_classic", str(files["bare"])), "does not import"),
    ]
    for args, words in cases:
        out = _cli("--summary", *args)
        assert out.returncode == 2, (args, out.stderr)
        assert out.stdout == ""
        assert len(out.stderr.splitlines()) == 1 and words in out.stderr, out.stderr
