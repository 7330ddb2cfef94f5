"""Engine throughput (pytest-benchmark; not a timed test).

    .venv/bin/python -m pytest benchmarks/bench_engine.py --benchmark-enable

- full AI-only hanchans (wrc) with the tsumogiri bot through the async driver
  (target: at least 20 per second on one core) and with the greedy bot;
- the engine's own cost per action: a synchronous loop over `legal_actions` /
  `apply` with a trivial chooser (no driver, no views), reported per action.
"""

from __future__ import annotations

import asyncio
import itertools

from ai import GreedyPlayer, TsumogiriPlayer
from engine.actions import Discard, Pass, ShowTenpai
from engine.driver import play_game
from engine.game import Game
from rules.ruleset import load_preset

WRC = load_preset("wrc")
_seeds = itertools.count(1000)


def _hanchan(make) -> Game:
    seed = next(_seeds)
    game = Game.new(WRC, seed)
    asyncio.run(play_game(game, [make(s, seed) for s in range(4)]))
    return game


def test_hanchan_tsumogiri(benchmark):
    game = benchmark(_hanchan, TsumogiriPlayer)
    assert game.is_over


def test_hanchan_greedy(benchmark):
    game = benchmark(_hanchan, GreedyPlayer)
    assert game.is_over


def _engine_only() -> int:
    """Play one hanchan with the cheapest legal choice; return the number of actions."""
    game = Game.new(WRC, next(_seeds))
    actions = 0
    while not game.is_over:
        seat = game.pending_seats()[0]
        legal = game.legal_actions(seat)
        first = legal[0]
        if isinstance(first, ShowTenpai):
            choice = first
        elif isinstance(legal[-1], Pass):
            choice = legal[-1]
        else:
            drawn = game.hand.seats[seat].drawn
            choice = Discard(seat, drawn) if drawn is not None else first
            if choice not in legal:
                choice = next(a for a in legal if isinstance(a, Discard))
        game.apply(choice)
        actions += 1
    return actions


def test_engine_overhead_per_action(benchmark):
    actions = benchmark(_engine_only)
    benchmark.extra_info["actions_per_hanchan"] = actions
    benchmark.extra_info["us_per_action"] = round(benchmark.stats.stats.mean / actions * 1e6, 1)
