"""Seeded bot games for every preset with the invariants checked after every action.

Four kinds of players: the tsumogiri baseline, the shanten-greedy bot, a chaos
player that picks uniformly among the legal actions (so declined wins and odd
calls happen), and a caller that takes most calls and kans (so rinshan,
chankan, pao and four-kan hands happen). The default run plays a few games per
preset; the soak (`-m slow`) plays many more through `run_sim`, the sim's path.
"""

from __future__ import annotations

import asyncio
import io
import random

import pytest

from ai import LEVELS, GreedyPlayer, TsumogiriPlayer
from engine.actions import Action, Ankan, Chi, Daiminkan, Kakan, Pon, Ron, Tsumo
from engine.driver import IllegalDecision, play_game
from engine.events import event_to_dict
from engine.game import Game, IllegalAction
from engine.invariants import check
from engine.player_view import PlayerView
from engine.sim import run_sim
from rules.ruleset import PRESET_IDS, load_preset


class ChaosPlayer:
    """Uniformly random legal actions (wins taken half of the time), seeded."""

    def __init__(self, seat: int, seed: int):
        self.rng = random.Random(seed * 4 + seat)

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action:
        wins = [a for a in legal if isinstance(a, Tsumo | Ron)]
        if wins and self.rng.random() < 0.5:
            return wins[0]
        return self.rng.choice(legal)


def play(preset: str, seed: int, make, rules: dict | None = None) -> Game:
    ruleset = load_preset(preset)
    if rules:
        ruleset = ruleset.with_overrides(rules)
    game = Game.new(ruleset, seed)
    players = [make(seat, seed) for seat in range(4)]
    asyncio.run(play_game(game, players, after_apply=lambda g, a, e: check(g)))
    return game


def _assert_finished(game: Game) -> None:
    assert game.is_over and game.results is not None
    assert sorted(r.rank for r in game.results) in ([1, 2, 3, 4], *_tied_ranks())


def _tied_ranks():
    return ([1, 1, 3, 4], [1, 2, 2, 4], [1, 2, 3, 3], [1, 1, 1, 4], [1, 2, 2, 2],
            [1, 1, 3, 3], [1, 1, 1, 1])


@pytest.mark.parametrize("preset", PRESET_IDS)
@pytest.mark.parametrize("level", ["tsumogiri", "greedy"])
def test_seeded_games_keep_the_invariants(preset, level):
    for seed in range(3):
        _assert_finished(play(preset, seed, LEVELS[level]))


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_chaos_games_keep_the_invariants(preset):
    for seed in range(2):
        _assert_finished(play(preset, seed, ChaosPlayer))


def test_chaos_games_with_house_rules_keep_the_invariants():
    rules = {"red_fives": 3, "multiple_ron": "multiple", "kokushi_ankan": True,
             "riichi_last_tile": True, "kuikae": "allowed"}
    for seed in range(2):
        _assert_finished(play("wrc", seed, ChaosPlayer, rules))


def test_same_seed_same_decisions_same_event_stream():
    def stream(seed):
        game = play("jpm", seed, ChaosPlayer)
        return [event_to_dict(e) for e in game.events]

    assert stream(7) == stream(7)
    assert stream(7) != stream(8)


def test_the_headless_driver_plays_the_same_game_as_the_ui_driver():
    # yield_every / concurrent only change who else gets the event loop, never the game.
    def stream(**driver):
        game = Game.new(load_preset("wrc"), 3)
        players = [ChaosPlayer(seat, 3) for seat in range(4)]
        asyncio.run(play_game(game, players, **driver))
        return [event_to_dict(e) for e in game.events]

    ui = stream()
    assert stream(yield_every=0, concurrent=False) == ui
    assert stream(yield_every=16) == ui


def test_greedy_bot_wins_more_than_the_baseline():
    wins = {}
    for name, make in (("tsumogiri", TsumogiriPlayer), ("greedy", GreedyPlayer)):
        games = [play("wrc", seed, make) for seed in range(2)]
        wins[name] = sum(1 for g in games for e in g.events if type(e).__name__ == "Won")
    assert wins["greedy"] > wins["tsumogiri"]


def test_an_illegal_decision_is_refused_with_a_clear_message():
    class Cheat:
        async def decide(self, view, legal):
            from engine.actions import Tsumo

            return Tsumo(view.seat)

    game = Game.new(load_preset("wrc"), 1)
    with pytest.raises(IllegalDecision, match="not legal"):
        asyncio.run(play_game(game, [Cheat()] * 4))
    with pytest.raises(IllegalAction, match="not asked to act"):
        game.apply(Tsumo(2))


class CallerPlayer:
    """Greedy, but takes most kans, pons and chis it is offered and wins 4 times in 5:
    the chaos player rarely reaches the situations calls lead to (kan after kan,
    rinshan, chankan, pao, suukantsu), this one does all the time."""

    def __init__(self, seat: int, seed: int):
        self.rng = random.Random(seed * 4 + seat)
        self.greedy = GreedyPlayer(seat)

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action:
        wins = [a for a in legal if isinstance(a, Tsumo | Ron)]
        if wins and self.rng.random() < 0.8:
            return wins[0]
        for kind in (Ankan, Kakan, Daiminkan, Pon, Chi):
            calls = [a for a in legal if isinstance(a, kind)]
            if calls and self.rng.random() < 0.7:
                return self.rng.choice(calls)
        return self.greedy.choose(view, [a for a in legal if a not in wins] or legal)


SOAK_FACTORIES = {"greedy": GreedyPlayer, "tsumogiri": TsumogiriPlayer, "chaos": ChaosPlayer,
                  "caller": CallerPlayer}
HOUSE_RULES = {"red_fives": 3, "multiple_ron": "multiple", "kokushi_ankan": True,
               "riichi_last_tile": True, "kuikae": "allowed"}


def test_callers_make_kans_and_keep_the_invariants():
    games = [play("wrc", seed, CallerPlayer) for seed in range(2)]
    for game in games:
        _assert_finished(game)
    kinds = {type(e).__name__ for g in games for e in g.events}
    assert {"KanDeclared", "Called", "Won"} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_IDS)
def test_soak(preset, request):
    """The sim's own path (`run_sim`: invariants after every action) over many seeds,
    for every kind of player, and house rules that switch on the rarer paths."""
    if "slow" not in (request.config.option.markexpr or ""):
        pytest.skip("soak test: run with -m slow")
    ruleset = load_preset(preset)
    runs = [
        (ruleset, ["greedy"] * 4, 200),
        (ruleset, ["tsumogiri"] * 4, 100),
        (ruleset, ["caller"] * 4, 100),
        (ruleset, ["chaos", "caller", "chaos", "caller"], 60),
    ]
    if preset != "renmei_classic":
        runs.append((ruleset.with_overrides(HOUSE_RULES), ["caller", "chaos"] * 2, 60))
    for rules, lineup, games in runs:
        errors = io.StringIO()
        summary = run_sim(rules, games, 100, lineup, SOAK_FACTORIES, stderr=errors)
        assert summary["errors"] == summary["invariant_violations"] == 0, errors.getvalue()
        assert summary["hands"] == summary["wins"] + summary["draws"] > 0
