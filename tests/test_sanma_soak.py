"""Soaks of the three-player presets (RULESETS.md §9, issue 25): `mahjong-tui sim` plays
`tenhou3` and `mahjongsoul3` with zero errors and zero invariant violations (108 tiles
and the kita accounted for after every action). 20 games per preset, every AI level
in one line-up, in the default run; the 1,000-game soak of the issue is `slow`
(`pytest -m slow`)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.ruleset import SANMA_PRESET_IDS

ROOT = Path(__file__).resolve().parent.parent


def sim(*args: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "tui.cli", "sim", *args], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("preset", SANMA_PRESET_IDS)
def test_sim_plays_20_games_of_each_three_player_preset(preset):
    data = sim("--ruleset", preset, "--games", "20", "--seed", "25",
               "--ai", "easy,normal,hard,greedy", "--rotate")
    assert data["ruleset"] == preset and data["games"] == 20
    assert data["errors"] == 0 and data["invariant_violations"] == 0
    assert data["hands"] == data["wins"] + data["draws"] > 0
    assert data["abortive_draws"]["four_winds"] == data["abortive_draws"]["four_riichi"] == 0


@pytest.mark.slow
@pytest.mark.parametrize("preset", SANMA_PRESET_IDS)
def test_sim_plays_1000_games_of_each_three_player_preset(preset, request):
    if "slow" not in (request.config.option.markexpr or ""):
        pytest.skip("soak test: run with -m slow")
    data = sim("--ruleset", preset, "--games", "1000", "--seed", "25")
    assert data["games"] == 1000
    assert data["errors"] == 0 and data["invariant_violations"] == 0
