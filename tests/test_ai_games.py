"""Every level plays whole games of every preset, legally and deterministically.

The driver raises `IllegalDecision` if a player answers with anything outside the
legal list, so a finished game means every one of its several hundred decisions
was legal. Mixed line-ups make the levels meet each other's calls, riichi and
kans. The slow set plays many more seeds.
"""

from __future__ import annotations

import asyncio

import pytest

from ai import LEVELS
from engine.driver import play_game
from engine.game import Game
from engine.sim import run_sim
from rules.ruleset import PRESET_IDS, load_preset

AI_LEVELS = ("easy", "normal", "hard")


class Counter:
    """Wraps a player and counts its decisions (and the legal lists it saw)."""

    def __init__(self, player):
        self.player = player
        self.decisions = 0

    async def decide(self, view, legal):
        self.decisions += 1
        action = await self.player.decide(view, legal)
        assert action in legal
        return action


def play(preset: str, seed: int, lineup: tuple[str, ...]) -> tuple[Game, int]:
    game = Game.new(load_preset(preset), seed)
    players = [Counter(LEVELS[name](seat, seed)) for seat, name in enumerate(lineup)]
    asyncio.run(play_game(game, players))
    return game, sum(p.decisions for p in players)


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_every_level_plays_a_whole_game_of_every_preset(preset):
    decisions = 0
    lineups = [("easy", "normal", "hard", "hard"), ("hard", "easy", "normal", "easy")]
    for i, lineup in enumerate(lineups):
        game, n = play(preset, 100 + i, lineup)
        assert game.is_over and game.results is not None
        decisions += n
    assert decisions > 500


def test_the_same_seed_gives_the_same_game():
    lineup = ("hard", "normal", "easy", "hard")
    a, _ = play("wrc", 4242, lineup)
    b, _ = play("wrc", 4242, lineup)
    assert [r.points for r in a.results] == [r.points for r in b.results]
    assert a.events == b.events


def test_sim_plays_the_levels_without_errors():
    summary = run_sim(
        load_preset("jpml"), 4, 300, ["hard", "normal", "easy", "normal"], LEVELS, rotate=True
    )
    assert summary["errors"] == 0 and summary["invariant_violations"] == 0
    assert set(summary["stats"]) == {"hard", "normal", "easy"}


def test_renmei_classic_is_played_without_riichi():
    summary = run_sim(load_preset("renmei_classic"), 1, 5, ["hard", "normal", "easy", "hard"],
                      LEVELS)
    assert summary["errors"] == 0
    assert all(s["riichi_rate"] == 0 for s in summary["stats"].values())


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_IDS)
def test_many_seeds(preset, request):
    if "slow" not in (request.config.option.markexpr or ""):
        pytest.skip("soak test: run with -m slow")
    summary = run_sim(load_preset(preset), 40, 9000, ["hard", "normal", "easy", "hard"], LEVELS,
                      rotate=True)
    assert summary["errors"] == 0 and summary["invariant_violations"] == 0
