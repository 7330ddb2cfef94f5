"""The ratios issue 2 asks for, measured in one run on the same seeded inputs.

    .venv/bin/python benchmarks/ratios.py [--quick]

1. Scoring: our `rules.scoring.score` against the `mahjong` package's
   `HandCalculator.estimate_hand_value`, on the same 2,000 seeded winning hands
   (`tests/handgen.py`, seed 2024: the hands of `benchmarks/bench_score.py`), each
   side given its own input already built, so only scoring is timed. Our memos are
   emptied first and the cold first pass is reported too.
2. Shanten: `rules.shanten.shanten` against `mahjong.shanten.Shanten().calculate_shanten`
   on the same 4,000 random hands as `benchmarks/bench_shanten.py`.
3. Whole processes: 3,000 requests (CONTRACT.md JSON lines) through
   `.venv/bin/mahjong-tui score`, against the same batch scored by a small script
   using the `mahjong` package (its import, the parsing of the requests and one
   JSON line out per request included). Wall and CPU time of each process. Both
   run as a user's Python would, with compiled bytecode cached (in a temporary
   `PYTHONPYCACHEPREFIX`, after one warm-up run each: this machine's environment
   sets PYTHONDONTWRITEBYTECODE, which would recompile our sources every run while
   the installed package ships compiled).

The machine is shared, so the two sides of each comparison alternate in blocks of
a few rounds each (back-to-back rounds, as pytest-benchmark runs them: one side's
round does not start in caches the other side just filled) and each side's best
round counts: a round another job slowed down does not decide a ratio. The last
lines are a markdown table for the README.
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from handgen import generate_hands  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402
from test_differential_mahjong import lib_score  # noqa: E402

from rules import scoring  # noqa: E402
from rules.request import win_from_request  # noqa: E402
from rules.ruleset import load_preset  # noqa: E402
from rules.shanten import shanten  # noqa: E402
from rules.tiles import KIND_COUNT, to_counts  # noqa: E402

SCORE_SEED, SCORE_HANDS = 2024, 2000  # as benchmarks/bench_score.py
SHANTEN_SEED, SHANTEN_HANDS = 20240601, 4000  # as benchmarks/bench_shanten.py
CLI_SEED, CLI_REQUESTS = 7, 3000
PRESET = "wrc"

# The `mahjong` side of the whole-process comparison: read CONTRACT.md requests,
# score each with the package under the options that express `wrc` (as the
# differential test does), write one JSON line per request.
LIB_SCRIPT = r"""
import json, sys
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

OPTIONS = OptionalRules(
    has_open_tanyao=True, has_aka_dora=False, has_double_yakuman=False,
    kazoe_limit=HandConstants.KAZOE_SANBAIMAN, kiriage=True, fu_for_open_pinfu=True,
    fu_for_pinfu_tsumo=False, renhou_as_yakuman=False, limit_to_sextuple_yakuman=True,
)
MELDS = {"chi": (Meld.CHI, True), "pon": (Meld.PON, True), "minkan": (Meld.KAN, True),
         "kakan": (Meld.SHOUMINKAN, True), "ankan": (Meld.KAN, False)}
WINDS = {"E": 27, "S": 28, "W": 29, "N": 30}

def kinds(text):
    out, digits = [], []
    for char in text:
        if char.isdigit():
            digits.append(int(char))
        else:
            suit = "mpsz".index(char)
            out += [suit * 9 + (4 if d == 0 else d - 1) for d in digits]
            digits = []
    return out

def main():
    calculate = HandCalculator.estimate_hand_value
    write = sys.stdout.write
    for line in sys.stdin:
        request = json.loads(line)
        copies = [0] * 34
        def ids(text):
            out = []
            for kind in kinds(text):
                out.append(kind * 4 + copies[kind])
                copies[kind] += 1
            return out
        tiles, melds = [], []
        for meld in request.get("melds", []):
            meld_ids = ids(meld["tiles"])
            kind, opened = MELDS[meld["type"]]
            melds.append(Meld(kind, meld_ids, opened=opened))
            tiles += meld_ids
        tiles += ids(request["concealed"])
        win = ids(request["win"])[0]
        tiles.append(win)
        config = HandConfig(
            is_tsumo=request.get("tsumo", False), is_riichi=request.get("riichi", False),
            is_daburu_riichi=request.get("double_riichi", False),
            is_ippatsu=request.get("ippatsu", False), is_rinshan=request.get("rinshan", False),
            is_chankan=request.get("chankan", False), is_haitei=request.get("haitei", False),
            is_houtei=request.get("houtei", False), is_tenhou=request.get("tenhou", False),
            is_chiihou=request.get("chiihou", False),
            player_wind=WINDS[request.get("seat_wind", "E")],
            round_wind=WINDS[request.get("round_wind", "E")],
            tsumi_number=request.get("honba", 0), kyoutaku_number=request.get("riichi_sticks", 0),
            options=OPTIONS,
        )
        result = calculate(
            tiles, win, melds=melds, config=config,
            dora_indicators=[k * 4 for k in kinds(request.get("dora_indicators", ""))],
            ura_dora_indicators=[k * 4 for k in kinds(request.get("ura_indicators", ""))],
        )
        if result.error:
            out = {"ok": False, "error": result.error}
        else:
            out = {"ok": True, "han": result.han, "fu": result.fu, "cost": result.cost,
                   "yaku": [str(y) for y in result.yaku or []],
                   "fu_details": result.fu_details}
        write(json.dumps(out) + "\n")

main()
"""


def best_of(blocks: int, *timed: Callable[[], object], block_seconds: float = 0.3) -> list[float]:
    """Each callable's best round over `blocks` blocks, the callables alternating.

    A block repeats one callable for about `block_seconds` (at least two rounds).
    """
    best = [float("inf")] * len(timed)
    for _ in range(blocks):
        for i, run in enumerate(timed):
            spent = rounds = 0
            while rounds < 2 or spent < block_seconds:
                start = time.perf_counter()
                run()
                took = time.perf_counter() - start
                best[i] = min(best[i], took)
                spent += took
                rounds += 1
    return best


def scoring_ratio(rounds: int) -> dict[str, float]:
    requests = [hand.request for hand in generate_hands(seed=SCORE_SEED, count=SCORE_HANDS)]
    wins = [win_from_request(request) for request in requests]
    ruleset = load_preset(PRESET)
    calls = []  # the package's prepared arguments (parsing is not timed)
    original = HandCalculator.estimate_hand_value
    HandCalculator.estimate_hand_value = staticmethod(lambda *a, **k: calls.append((a, k)))
    try:
        for request in requests:
            lib_score(request, PRESET)
    finally:
        HandCalculator.estimate_hand_value = original
    score, estimate = scoring.score, HandCalculator.estimate_hand_value

    def ours() -> None:
        for win in wins:
            score(win, ruleset)

    def theirs() -> None:
        for args, kwargs in calls:
            estimate(*args, **kwargs)

    scoring.clear_caches()
    start = time.perf_counter()
    ours()
    cold = time.perf_counter() - start
    ours_s, theirs_s = best_of(rounds, ours, theirs)
    per = 1e6 / len(wins)
    return {"cold": cold * per, "ours": ours_s * per, "theirs": theirs_s * per}


def shanten_ratio(rounds: int) -> dict[str, float]:
    rng = random.Random(SHANTEN_SEED)
    wall = [kind for kind in range(KIND_COUNT) for _ in range(4)]
    hands = [to_counts(rng.sample(wall, 13 + i % 2)) for i in range(SHANTEN_HANDS)]
    calculate = Shanten().calculate_shanten
    start = time.perf_counter()
    ours_first = [shanten(counts) for counts in hands]
    cold = time.perf_counter() - start
    assert ours_first == [calculate(counts) for counts in hands], "different answers"

    ours_s, theirs_s = best_of(
        rounds,
        lambda: [shanten(counts) for counts in hands],
        lambda: [calculate(counts) for counts in hands],
    )
    per = 1e6 / len(hands)
    return {"cold": cold * per, "ours": ours_s * per, "theirs": theirs_s * per}


def run_process(command: list[str], batch: Path, env: dict[str, str]) -> tuple[float, float, bytes]:
    """Wall and CPU seconds of one child process fed `batch`, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with batch.open("rb") as stdin:
        done = subprocess.run(command, stdin=stdin, capture_output=True, check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def cli_ratio(rounds: int) -> dict[str, float]:
    requests = [hand.request for hand in generate_hands(seed=CLI_SEED, count=CLI_REQUESTS)]
    with tempfile.TemporaryDirectory() as tmp:
        batch = Path(tmp) / "batch.jsonl"
        batch.write_text("".join(json.dumps(r) + "\n" for r in requests), encoding="utf-8")
        empty = Path(tmp) / "empty.jsonl"
        empty.write_text("", encoding="utf-8")
        script = Path(tmp) / "mahjong_score.py"
        script.write_text(LIB_SCRIPT, encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        commands = {
            "ours": [str(ROOT / ".venv" / "bin" / "mahjong-tui"), "score", "--ruleset", PRESET],
            "theirs": [sys.executable, str(script)],
        }
        for command in commands.values():  # warm-up: writes the bytecode cache
            run_process(command, empty, env)
        best = {"ours": [float("inf")] * 2, "theirs": [float("inf")] * 2}
        start_up = {"ours": float("inf"), "theirs": float("inf")}
        for _ in range(rounds):
            for side, command in commands.items():
                wall, cpu, out = run_process(command, batch, env)
                assert out.count(b"\n") == CLI_REQUESTS, f"{side}: not one answer per request"
                best[side] = [min(best[side][0], wall), min(best[side][1], cpu)]
                start_up[side] = min(start_up[side], run_process(command, empty, env)[0])
    return {
        "ours_wall": best["ours"][0],
        "ours_cpu": best["ours"][1],
        "theirs_wall": best["theirs"][0],
        "theirs_cpu": best["theirs"][1],
        "ours_start": start_up["ours"],
        "theirs_start": start_up["theirs"],
    }


def main() -> None:
    quick = "--quick" in sys.argv
    rounds = 3 if quick else 7
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    s = scoring_ratio(rounds)
    print(
        f"scoring, {SCORE_HANDS} hands ({PRESET}): ours {s['ours']:.2f} µs/hand "
        f"(cold first pass {s['cold']:.2f}), mahjong {s['theirs']:.2f} µs/hand "
        f"-> {s['theirs'] / s['ours']:.1f}x"
    )
    h = shanten_ratio(rounds * 3)
    print(
        f"shanten, {SHANTEN_HANDS} hands: ours {h['ours']:.2f} µs/hand "
        f"(first pass {h['cold']:.2f}), mahjong {h['theirs']:.2f} µs/hand "
        f"-> {h['theirs'] / h['ours']:.1f}x"
    )
    c = cli_ratio(max(2, rounds // 2))
    print(
        f"CLI, {CLI_REQUESTS} requests, whole process: mahjong-tui score "
        f"{c['ours_wall']:.2f} s wall / {c['ours_cpu']:.2f} s CPU, mahjong script "
        f"{c['theirs_wall']:.2f} s wall / {c['theirs_cpu']:.2f} s CPU -> "
        f"{c['theirs_cpu'] / c['ours_cpu']:.1f}x (CPU)"
    )
    print()
    print("| measured in one run, same inputs | ours | `mahjong` 2.1.0 | ratio |")
    print("| --- | --- | --- | --- |")
    print(
        f"| scoring, {SCORE_HANDS} seeded hands (`{PRESET}`) | {s['ours']:.1f} µs/hand "
        f"(cold first pass {s['cold']:.1f}) | {s['theirs']:.1f} µs/hand | "
        f"{s['theirs'] / s['ours']:.1f}x |"
    )
    print(
        f"| shanten, {SHANTEN_HANDS} random hands | {h['ours']:.2f} µs/hand "
        f"| {h['theirs']:.1f} µs/hand | {h['theirs'] / h['ours']:.1f}x |"
    )
    print(
        f"| `mahjong-tui score`, {CLI_REQUESTS} requests, whole process (CPU) "
        f"| {c['ours_cpu']:.2f} s | {c['theirs_cpu']:.2f} s "
        f"| {c['theirs_cpu'] / c['ours_cpu']:.1f}x |"
    )
    print(
        f"| the same, wall clock (start-up alone: {c['ours_start'] * 1000:.0f} ms "
        f"vs {c['theirs_start'] * 1000:.0f} ms) | {c['ours_wall']:.2f} s "
        f"| {c['theirs_wall']:.2f} s | {c['theirs_wall'] / c['ours_wall']:.1f}x |"
    )


if __name__ == "__main__":
    main()
