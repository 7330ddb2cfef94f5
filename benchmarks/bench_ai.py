"""AI speed: per-decision latency by level, and simulator throughput.

    .venv/bin/python benchmarks/bench_ai.py              # 20 hanchans per level, wrc
    .venv/bin/python benchmarks/bench_ai.py --games 50 --ruleset jpml

Latency: every `decide` of every seat over N hanchans (all four seats the same
level, each asked with its `SeatView` as a host asks it), timed with
`time.perf_counter`; median, p90, p99 and max in ms, and the share of decisions
over the 20 ms budget. Decisions with a single legal action
(riichi tsumogiri, forced passes) are answered without thinking and are reported
apart. Throughput: `engine.sim.run_sim` exactly as `mahjong-tui sim --ai LEVEL`
runs it (invariant checks on), and again without the per-action invariant
checks to show the AI's own share. CPU time of this process, so other load on
the machine does not count.

Budget (issue 4): median < 2 ms, p99 < 20 ms; `sim --ai easy` >= 5 hanchans/s.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import LEVELS
from engine.driver import play_game
from engine.game import Game
from engine.sim import run_sim
from rules.ruleset import load_preset


def latencies(level: str, ruleset_id: str, games: int, seed: int) -> tuple[list[float], int]:
    ruleset = load_preset(ruleset_id)
    times: list[float] = []
    trivial = 0
    clock = time.perf_counter
    for i in range(games):
        players = []
        for seat in range(4):
            player = LEVELS[level](seat, seed + i)
            decide = player.decide

            async def timed(view, decide=decide):
                # A level is a host seat: asked with its `SeatView` alone, legal
                # actions inside; its reading of the view is timed with its choice.
                nonlocal trivial
                if len(view.legal) == 1:
                    trivial += 1
                    return view.legal[0]
                t0 = clock()
                action = await decide(view)
                times.append(clock() - t0)
                return action

            player.decide = timed  # type: ignore[method-assign]
            players.append(player)
        asyncio.run(play_game(Game.new(ruleset, seed + i), players))
    return times, trivial


def throughput(level: str, ruleset_id: str, games: int, seed: int, check: bool) -> float:
    t0 = time.process_time()
    summary = run_sim(load_preset(ruleset_id), games, seed, [level] * 4, LEVELS,
                      check_invariants=check)
    assert summary["errors"] == 0 and summary["invariant_violations"] == 0, summary
    return games / (time.process_time() - t0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="AI latency and sim throughput")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--ruleset", default="wrc")
    parser.add_argument("--seed", type=int, default=7_000)
    parser.add_argument("--levels", default="easy,normal,hard")
    args = parser.parse_args(argv)
    print(f"{args.ruleset}, {args.games} hanchans per level, all four seats the same level")
    print(f"{'level':<8}{'decisions':>10}{'median':>9}{'p90':>8}{'p99':>8}{'max':>8}"
          f"{'>20ms':>7}{'sim/s':>8}{'no-check/s':>11}")
    for level in args.levels.split(","):
        times, trivial = latencies(level, args.ruleset, args.games, args.seed)
        times.sort()
        ms = [t * 1000 for t in times]
        q = statistics.quantiles(ms, n=100)
        over = sum(t > 20 for t in ms) / len(ms)
        seed2 = args.seed + 10_000  # fresh walls: the memo is warm but the hands are new
        sim = throughput(level, args.ruleset, args.games, seed2, check=True)
        bare = throughput(level, args.ruleset, args.games, seed2, check=False)
        print(f"{level:<8}{len(ms):>10}{statistics.median(ms):>9.3f}{q[89]:>8.3f}{q[98]:>8.3f}"
              f"{ms[-1]:>8.1f}{over:>7.2%}{sim:>8.2f}{bare:>11.2f}")
        print(f"{'':<8}(+{trivial} single-choice decisions answered at once)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
