"""The AI strength table: level against level in the simulator, on fixed seeds.

    .venv/bin/python benchmarks/strength.py                       # 100 seeds per pairing
    .venv/bin/python benchmarks/strength.py --seeds 500 --jobs 2  # the issue's 2,000 hanchans
    .venv/bin/python benchmarks/strength.py --rulesets wrc --pairings hard,normal,normal,normal

Duplicate format: every seed (one wall sequence) is played once per rotation of
the line-up, so every level plays every seat on the very same tiles and the
luck of the deal cancels out of the comparison (4 rotations for a 1-v-3
pairing, 2 for A,B,A,B: a pairing of S seeds is 4S or 2S hanchans). Each
rotation is exactly `mahjong-tui sim --ruleset R --games S --seed X --ai
<rotated line-up>` (the commands are printed; adding their per-seat figures
gives the table's rates); here the games run one by one in worker processes
through the library call the command uses (`engine.sim.run_sim`), so each
game's placements are known and the standard errors come from per-seed blocks
(the mean over a seed's rotations), which is what the duplicate format buys.
The one figure `sim` does not report, the tsumo/ron split, is counted by
wrapping each player: a Tsumo it chooses always ends the hand.

Per level: average placement with its standard error, win rate, deal-in rate,
riichi rate, call rate, average win, tsumo share of wins; per pairing the draw
rate. Then the checks of issue 4: the ordering with the gap over two standard
errors of the gap (per-seed paired), hard's deal-in rate, rates in human ranges.
`--json FILE` also writes everything as JSON.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

DEFAULT_PAIRINGS = (
    "hard,normal,normal,normal",
    "normal,easy,easy,easy",
    "hard,normal,hard,normal",
    "normal,easy,normal,easy",
    "hard,easy,hard,easy",
)
DEFAULT_RULESETS = ("wrc", "jpml")
COUNTS = ("hands", "wins", "deal_ins", "riichi", "calls", "win_points", "tsumo")


def rotations(lineup: list[str]) -> list[list[str]]:
    """Distinct rotations of a line-up (A,B,A,B has two)."""
    out: list[list[str]] = []
    for r in range(4):
        rotated = [lineup[(s - r) % 4] for s in range(4)]
        if rotated not in out:
            out.append(rotated)
    return out


def _seeds(args: tuple[str, str, list[int]]) -> list[dict]:
    """Play every rotation of the pairing on each seed; one block per seed."""
    ruleset_id, pairing, seeds = args
    from ai import LEVELS
    from engine.actions import Tsumo
    from engine.sim import run_sim
    from rules.ruleset import load_preset

    ruleset = load_preset(ruleset_id)
    tsumo = [0, 0, 0, 0]

    def counting(level: str, seat: int):
        make = LEVELS[level]

        def factory(_seat: int, game_seed: int):
            player = make(_seat, game_seed)
            decide = player.decide

            # The host hands a seat its view alone (the seat protocol); `legal`
            # is only ever given by callers that built a PlayerView themselves.
            async def counted(view, legal=None):
                action = await decide(view, legal)
                if isinstance(action, Tsumo):
                    tsumo[seat] += 1
                return action

            player.decide = counted  # type: ignore[method-assign]
            return player

        return factory

    blocks = []
    for seed in seeds:
        games = []
        for lineup in rotations(pairing.split(",")):
            tsumo[:] = [0, 0, 0, 0]
            keys = [f"{level}@{seat}" for seat, level in enumerate(lineup)]
            factories = {k: counting(lineup[s], s) for s, k in enumerate(keys)}
            summary = run_sim(ruleset, 1, seed, keys, factories)
            if summary["errors"]:  # a broken game has no placements: say so, don't guess
                raise RuntimeError(f"{ruleset_id} seed {seed} line-up {','.join(lineup)}: "
                                   f"the game failed (run `mahjong-tui sim` on it to see why)")
            hands = summary["hands"]
            seats = []
            for s in range(4):
                st = summary["stats"][str(s)]
                wins = round(st["win_rate"] * hands)
                seats.append({
                    "level": lineup[s],
                    "rank": 1 + summary["placements"][str(s)].index(1.0),
                    "hands": hands,
                    "wins": wins,
                    "deal_ins": round(st["deal_in_rate"] * hands),
                    "riichi": round(st["riichi_rate"] * hands),
                    "calls": round(st["call_rate"] * hands),
                    "win_points": st["avg_win"] * wins,
                    "tsumo": tsumo[s],
                })
            games.append({
                "hands": hands,
                "draws": summary["draws"],
                "errors": summary["errors"] + summary["invariant_violations"],
                "seats": seats,
            })
        blocks.append({"seed": seed, "games": games})
    return blocks


def run_pairing(ruleset_id: str, pairing: str, seeds: list[int], pool, chunk: int) -> list[dict]:
    jobs = [(ruleset_id, pairing, seeds[i : i + chunk]) for i in range(0, len(seeds), chunk)]
    parts = pool.map(_seeds, jobs) if pool is not None else map(_seeds, jobs)
    return [block for part in parts for block in part]


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / max(n - 1, 1)
    return mean, math.sqrt(var / n)


def summarise(blocks: list[dict]) -> dict:
    levels: dict[str, dict] = {}
    per_seed: dict[str, list[float]] = {}
    hands = draws = errors = games = 0
    for block in blocks:
        ranks: dict[str, list[int]] = {}
        for game in block["games"]:
            games += 1
            hands += game["hands"]
            draws += game["draws"]
            errors += game["errors"]
            for seat in game["seats"]:
                lv = seat["level"]
                into = levels.setdefault(lv, dict.fromkeys(COUNTS, 0) | {"games": 0})
                for key in COUNTS:
                    into[key] += seat[key]
                into["games"] += 1
                ranks.setdefault(lv, []).append(seat["rank"])
        for lv, rs in ranks.items():
            per_seed.setdefault(lv, []).append(sum(rs) / len(rs))
    rows = {}
    for lv, sums in levels.items():
        mean, se = _mean_se(per_seed[lv])
        h = sums["hands"] or 1
        wins = sums["wins"]
        rows[lv] = {
            "games": sums["games"],
            "avg_placement": round(mean, 3),
            "se": round(se, 3),
            "win_rate": round(wins / h, 4),
            "deal_in_rate": round(sums["deal_ins"] / h, 4),
            "riichi_rate": round(sums["riichi"] / h, 4),
            "call_rate": round(sums["calls"] / h, 4),
            "avg_win": round(sums["win_points"] / wins) if wins else 0,
            "tsumo_share": round(sums["tsumo"] / wins, 3) if wins else 0.0,
        }
    gaps = {}
    names = list(per_seed)
    for a in names:
        for b in names:
            if a < b:
                mean, se = _mean_se([x - y for x, y in zip(per_seed[a], per_seed[b], strict=True)])
                gaps[f"{a}-{b}"] = (round(mean, 3), round(se, 3))
    return {"games": games, "hands": hands, "draws": draws, "errors": errors, "levels": rows,
            "gaps": gaps}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=100,
                        help="seeds per pairing, each played in every rotation (100)")
    parser.add_argument("--seed", type=int, default=20_000, help="the first seed")
    parser.add_argument("--rulesets", default=",".join(DEFAULT_RULESETS))
    parser.add_argument("--pairings", default=";".join(DEFAULT_PAIRINGS),
                        help="line-ups separated by ';' (each A,B,C,D)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--chunk", type=int, default=10, help="seeds per job (10)")
    parser.add_argument("--json", default=None, help="also write the results here")
    args = parser.parse_args(argv)
    pairings = [p.strip() for p in args.pairings.split(";") if p.strip()]
    rulesets = [r.strip() for r in args.rulesets.split(",") if r.strip()]
    results = []
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    started = time.perf_counter()
    try:
        for ruleset_id in rulesets:
            for pairing in pairings:
                t0 = time.perf_counter()
                seeds = list(range(args.seed, args.seed + args.seeds))
                total = summarise(run_pairing(ruleset_id, pairing, seeds, pool, args.chunk))
                wall = time.perf_counter() - t0
                lineups = rotations(pairing.split(","))
                result = {
                    "ruleset": ruleset_id,
                    "pairing": pairing,
                    "seeds": args.seeds,
                    "games": total["games"],
                    "hands": total["hands"],
                    "draw_rate": round(total["draws"] / max(total["hands"], 1), 4),
                    "errors": total["errors"],
                    "wall_seconds": round(wall, 1),
                    "levels": total["levels"],
                    "gaps": total["gaps"],
                    "commands": [
                        f"mahjong-tui sim --ruleset {ruleset_id} --games {args.seeds} "
                        f"--seed {args.seed} --ai {','.join(lineup)}"
                        for lineup in lineups
                    ],
                }
                results.append(result)
                _print(result)
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"\ntotal wall time {time.perf_counter() - started:.0f} s")
    checks = _checks(results)
    for line in checks:
        print(line)
    if args.json:
        Path(args.json).write_text(json.dumps({"results": results, "checks": checks}, indent=1))
    return 0 if all(r["errors"] == 0 for r in results) else 1


def _print(result: dict) -> None:
    print(
        f"\n{result['ruleset']}  {result['pairing']}  ({result['games']} hanchans, "
        f"{result['hands']} hands, draw rate {result['draw_rate']:.1%}, errors {result['errors']}, "
        f"{result['wall_seconds']} s)"
    )
    for command in result["commands"]:
        print(f"  {command}")
    print(
        f"  {'level':<7}{'place':>7}{'±SE':>7}{'win':>8}{'deal-in':>9}{'riichi':>8}"
        f"{'call':>7}{'avg win':>9}{'tsumo':>7}"
    )
    for level, r in result["levels"].items():
        print(
            f"  {level:<7}{r['avg_placement']:>7.3f}{r['se']:>7.3f}{r['win_rate']:>8.1%}"
            f"{r['deal_in_rate']:>9.1%}{r['riichi_rate']:>8.1%}{r['call_rate']:>7.1%}"
            f"{r['avg_win']:>9}{r['tsumo_share']:>7.0%}"
        )


def _checks(results: list[dict]) -> list[str]:
    out = ["", "checks (issue 4):"]
    order = {"hard": 0, "normal": 1, "easy": 2}
    for res in results:
        levels = res["levels"]
        names = sorted((n for n in levels if n in order), key=order.get)
        for a, b in itertools.pairwise(names):
            ra, rb = levels[a], levels[b]
            key = f"{a}-{b}" if f"{a}-{b}" in res["gaps"] else f"{b}-{a}"
            mean, se = res["gaps"][key]
            gap = mean if key == f"{b}-{a}" else -mean
            ok = gap > 2 * se
            out.append(
                f"  {res['ruleset']:<5} {res['pairing']:<26} {a} {ra['avg_placement']:.3f} vs "
                f"{b} {rb['avg_placement']:.3f}: gap {gap:+.3f}, 2 SE {2 * se:.3f} "
                f"{'OK' if ok else 'NOT MET'}"
            )
        if "hard" in levels:
            d = levels["hard"]["deal_in_rate"]
            out.append(
                f"  {res['ruleset']:<5} {res['pairing']:<26} hard deal-in {d:.1%} "
                f"{'OK' if d < 0.13 else 'NOT MET'} (< 13%)"
            )
        for name in names:
            r = levels[name]
            ranges = {"win_rate": (0.18, 0.25), "riichi_rate": (0.15, 0.25),
                      "call_rate": (0.25, 0.40)}
            bad = [f"{k} {r[k]:.1%}" for k, (lo, hi) in ranges.items() if not lo <= r[k] <= hi]
            if name != "easy":
                out.append(
                    f"  {res['ruleset']:<5} {res['pairing']:<26} {name} rates "
                    + ("in human ranges" if not bad else "outside: " + ", ".join(bad))
                )
    return out


if __name__ == "__main__":
    sys.exit(main())
