"""Engine throughput (a benchmark, not a timed test).

    .venv/bin/python -m pytest benchmarks/bench_engine.py -n 0 --benchmark-enable
    .venv/bin/python benchmarks/bench_engine.py [GAMES]     # plain figures, CPU time

- complete AI-only hanchans (wrc) exactly as `mahjong-tui sim` plays them
  (`run_sim`: headless driver, invariants checked after every action) with the
  tsumogiri bot (issue 3's target: at least 20 per second on one core) and with
  the shanten-greedy bot;
- the same through the driver as the UI runs it (yielding to the event loop after
  every step, claim windows asked concurrently), to show what headless saves;
- the engine's own cost per action: a synchronous loop over `legal_actions` /
  `apply` with a trivial chooser (no driver, no views, no invariants);
- the same AI-only hanchans through the seat protocol's host (`engine.host`):
  every decision from a `SeatView` built for that seat, the bot's view read off
  it on its side (`engine.player_view`), invariants checked as the sim does. (`run_sim`
  itself now plays through the host: `engine.driver.play_game` is a use of it.)

The shanten memo fills up during the first games of a process; both entry points
warm it up first so the figures are the steady state a long sim sees. The
machine is shared: compare figures from one run, and repeat.
"""

from __future__ import annotations

import asyncio
import itertools
import sys
import time

from ai import LEVELS, GreedyPlayer, TsumogiriPlayer
from engine.actions import Discard, Pass, ShowTenpai
from engine.driver import play_game
from engine.game import Game
from engine.host import Host
from engine.invariants import Checker
from engine.player_seat import PlayerSeat
from engine.sim import run_sim
from rules.ruleset import load_preset

WRC = load_preset("wrc")
_seeds = itertools.count(1000)
_warm = False


def _warm_up() -> None:
    """Fill the process's shanten memo (what the first games of any sim pay for)."""
    global _warm
    if not _warm:
        run_sim(WRC, 8, 1, ["greedy"] * 4, LEVELS)
        _warm = True


def _sim(level: str, games: int = 1) -> dict:
    return run_sim(WRC, games, next(_seeds), [level] * 4, LEVELS)


def _host_sim(level: str, games: int = 1) -> int:
    """`games` hanchans as `_sim` plays them, through the host; the hands played."""
    hands = 0
    for _ in range(games):
        seed = next(_seeds)
        game = Game.new(WRC, seed)
        checker = Checker()

        def check(g: Game, action, events, checker=checker) -> None:
            problems = checker(g)
            assert not problems, problems

        seats = [PlayerSeat(LEVELS[level](s, seed)) for s in range(4)]
        host = Host(game, seats, after_apply=check, yield_every=0, concurrent=False)
        asyncio.run(host.play())
        hands += game.hands_played
    return hands


def _ui_hanchan(make) -> Game:
    seed = next(_seeds)
    game = Game.new(WRC, seed)
    asyncio.run(play_game(game, [make(s, seed) for s in range(4)]))
    return game


def _engine_only(seed: int | None = None) -> int:
    """Play one hanchan with the cheapest legal choice; return the number of actions."""
    game = Game.new(WRC, next(_seeds) if seed is None else seed)
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
            choice = next(
                (a for a in legal if type(a) is Discard and a.tile == drawn and not a.riichi),
                first,
            )
        game.apply(choice)
        actions += 1
    return actions


def test_sim_hanchan_tsumogiri(benchmark):
    _warm_up()
    summary = benchmark(_sim, "tsumogiri")
    assert summary["errors"] == summary["invariant_violations"] == 0


def test_sim_hanchan_greedy(benchmark):
    _warm_up()
    summary = benchmark(_sim, "greedy")
    assert summary["errors"] == summary["invariant_violations"] == 0


def test_host_hanchan_easy(benchmark):
    _warm_up()
    assert benchmark(_host_sim, "easy") > 0


def test_ui_driver_hanchan_tsumogiri(benchmark):
    _warm_up()
    game = benchmark(_ui_hanchan, TsumogiriPlayer)
    assert game.is_over


def test_ui_driver_hanchan_greedy(benchmark):
    _warm_up()
    game = benchmark(_ui_hanchan, GreedyPlayer)
    assert game.is_over


def test_engine_overhead_per_action(benchmark):
    _warm_up()
    actions = benchmark(_engine_only)
    benchmark.extra_info["actions_per_hanchan"] = actions
    benchmark.extra_info["us_per_action"] = round(benchmark.stats.stats.mean / actions * 1e6, 1)


def main(games: int = 100) -> None:
    """Print the figures of issues 3 and 13 (CPU time of this process, after a warm-up)."""
    _warm_up()
    levels = (
        ("tsumogiri", games),
        ("greedy", max(games // 4, 1)),
        ("easy", max(games // 4, 1)),  # issue 13: at least 10 hanchans a second
        ("hard", max(games // 8, 1)),  # issue 13: at least 6
    )
    for level, n in levels:
        start = time.process_time()
        summary = _sim(level, n)
        cpu = time.process_time() - start
        print(
            f"sim --ai {level:9}: {n / cpu:6.1f} hanchans/s  ({n} games, {summary['hands']} "
            f"hands, {cpu:.2f} s CPU, errors {summary['errors']}, "
            f"violations {summary['invariant_violations']})"
        )
    for level, n in (("easy", max(games // 4, 1)), ("hard", max(games // 8, 1))):
        start = time.process_time()
        hands = _host_sim(level, n)
        cpu = time.process_time() - start
        print(f"host  --ai {level:9}: {n / cpu:6.1f} hanchans/s  ({n} games, {hands} hands, "
              f"{cpu:.2f} s CPU)")
    start = time.process_time()
    actions = sum(_engine_only(2000 + i) for i in range(games))
    cpu = time.process_time() - start
    print(f"engine overhead   : {cpu / actions * 1e6:6.1f} µs/action  ({actions} actions)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
