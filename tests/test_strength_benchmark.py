"""benchmarks/strength.py still plays its games (it wraps each AI's `decide`, so a change
of the seat interface broke it silently once: every game failed and the table crashed)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _strength():
    spec = importlib.util.spec_from_file_location("strength", ROOT / "benchmarks" / "strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_one_seed_of_a_pairing_is_four_clean_games_with_every_place_taken_once() -> None:
    (block,) = _strength()._seeds(("wrc", "normal,easy,easy,easy", [5]))
    assert block["seed"] == 5
    assert len(block["games"]) == 4  # one per rotation of the line-up
    for game in block["games"]:
        assert game["errors"] == 0
        assert sorted(seat["rank"] for seat in game["seats"]) == [1, 2, 3, 4]
        assert sorted(seat["level"] for seat in game["seats"]) == ["easy", "easy", "easy", "normal"]
        assert game["hands"] > 0


def test_a_failed_game_is_an_error_that_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    strength = _strength()
    import engine.sim

    real = engine.sim.run_sim

    def failing(*args, **kwargs):
        summary = real(*args, **kwargs)
        return {**summary, "errors": 1}

    monkeypatch.setattr(engine.sim, "run_sim", failing)
    with pytest.raises(RuntimeError, match="wrc seed 5"):
        strength._seeds(("wrc", "normal,easy,easy,easy", [5]))
