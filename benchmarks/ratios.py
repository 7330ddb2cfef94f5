"""The ratios issue 13 asks for, measured in one run on the same inputs, on distinct hands.

    .venv/bin/python benchmarks/ratios.py [--quick] [--only scoring|shanten|cli]

Why distinct hands: our scorer memoises per group of tiles and per value, so timing
the same hands again and again measures the memos. The inputs here are the 10,000
distinct winning hands the engine really scored in simulated games of every preset
(`benchmarks/data/hands.jsonl.gz`, written by `benchmarks/collect_hands.py`: melds,
dora, riichi and every other flag as played), split in two halves: the *warm-up*
half and the *measured* half. No measured hand is in the warm-up half.

1. Scoring (`wrc`, both sides given their own input already built, so only scoring
   is timed), each figure per measured hand:
   - *cold*: our memos emptied, the measured half scored once;
   - *warm on other hands*: memos emptied, the warm-up half scored, then the
     measured half scored once (the figure that counts: a game scores new hands);
   - *repeated*: the measured half scored again (what the old benchmark timed).
   The `mahjong` package's `HandCalculator.estimate_hand_value` (its small divider
   memo emptied) scores the measured half once, and again for its repeated figure.
2. Shanten, `rules.shanten.shanten` against `mahjong.shanten.Shanten`, with the same
   three figures: on random hands (8,000 warm-up, 4,000 measured: the hard case, most
   suits never seen) and on the real hands (each winning hand's concealed tiles
   before the win: tenpai hands as games reach them).
3. Whole processes: 3,000 of the measured hands as CONTRACT.md requests through
   `.venv/bin/mahjong-tui score`, against the same batch scored by a small script
   using the `mahjong` package (its import, the parsing of the requests and one
   JSON line out per request included). Wall and CPU time of each process. Both
   run as a user's Python would, with compiled bytecode cached (in a temporary
   `PYTHONPYCACHEPREFIX`, after one warm-up run each: this machine's environment
   sets PYTHONDONTWRITEBYTECODE, which would recompile our sources every run while
   the installed package ships compiled). Two floors come with it, in CPU time: the
   interpreter starting (`python -c pass`), and a script that parses each request
   as JSON and writes one JSON line back without scoring: no scorer run as a
   Python process can beat the `mahjong` script by more than that ratio.

The machine is shared, so the figures are CPU time of the process, every experiment
is repeated, the sides alternating, and each figure's best repetition counts: a run
another job slowed down does not decide a ratio. The last lines are a markdown table for the README.
"""

from __future__ import annotations

import gc
import gzip
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from mahjong.hand_calculating.divider import HandDivider  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402
from test_differential_mahjong import lib_score  # noqa: E402

from rules import scoring  # noqa: E402
from rules import shanten as shanten_module  # noqa: E402
from rules.request import win_from_request  # noqa: E402
from rules.ruleset import load_preset  # noqa: E402
from rules.shanten import shanten  # noqa: E402
from rules.tiles import KIND_COUNT, to_counts  # noqa: E402

HANDS_FILE = ROOT / "benchmarks" / "data" / "hands.jsonl.gz"
SHANTEN_SEED, SHANTEN_WARM, SHANTEN_HANDS = 20240601, 8000, 4000
CLI_REQUESTS = 3000
PRESET = "wrc"


def load_hands(path: Path = HANDS_FILE) -> list[dict[str, Any]]:
    """The collected requests, without the `_preset` note the scorer would warn about."""
    lines = gzip.decompress(path.read_bytes()).decode().splitlines()
    return [{k: v for k, v in json.loads(line).items() if k != "_preset"} for line in lines]


def halves(hands: list[Any]) -> tuple[list[Any], list[Any]]:
    """(warm-up, measured): alternate hands, so both halves mix every preset alike."""
    return hands[0::2], hands[1::2]


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


def once(run: Callable[[], object]) -> float:
    """CPU seconds of one call, the collector paused (it would bill one side for the other).

    CPU time of this process, not wall time: on a shared machine the wall clock also
    counts the time other jobs held the core, which swings by 2x from minute to minute.
    """
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        run()
        return time.process_time() - start
    finally:
        gc.enable()


def best(figures: dict[str, float], name: str, seconds: float) -> None:
    figures[name] = min(figures.get(name, float("inf")), seconds)


def lib_calls(requests: list[dict[str, Any]]) -> list[tuple[tuple, dict]]:
    """The package's prepared arguments for each request (their parsing is not timed)."""
    calls: list[tuple[tuple, dict]] = []
    original = HandCalculator.estimate_hand_value
    HandCalculator.estimate_hand_value = staticmethod(lambda *a, **k: calls.append((a, k)))
    try:
        for request in requests:
            lib_score(request, PRESET)
    finally:
        HandCalculator.estimate_hand_value = original
    return calls


def scoring_ratio(rounds: int, hands: list[dict[str, Any]]) -> dict[str, float]:
    """µs per measured hand: ours cold / warm on other hands / repeated, theirs once / again."""
    warm_requests, measured_requests = halves(hands)
    ruleset = load_preset(PRESET)
    warm = [win_from_request(request) for request in warm_requests]
    measured = [win_from_request(request) for request in measured_requests]
    calls = lib_calls(measured_requests)
    score, estimate = scoring.score, HandCalculator.estimate_hand_value

    def ours(wins: list) -> Callable[[], None]:
        def run() -> None:
            for win in wins:
                score(win, ruleset)

        return run

    def theirs() -> None:
        for args, kwargs in calls:
            estimate(*args, **kwargs)

    figures: dict[str, float] = {}
    for _ in range(rounds):
        scoring.clear_caches()
        best(figures, "cold", once(ours(measured)))
        scoring.clear_caches()
        ours(warm)()
        best(figures, "warm", once(ours(measured)))
        best(figures, "repeated", once(ours(measured)))
        HandDivider._divide_hand_impl.cache_clear()
        best(figures, "theirs", once(theirs))
        best(figures, "theirs_repeated", once(theirs))
    return {name: seconds * 1e6 / len(measured) for name, seconds in figures.items()}


def shanten_ratio(
    rounds: int, warm: list[list[int]], measured: list[list[int]]
) -> dict[str, float]:
    """The same three figures for shanten of closed hands; theirs once and again."""
    calculate = Shanten().calculate_shanten
    assert [shanten(c) for c in measured] == [calculate(c) for c in measured], "different answers"

    def ours(hands: list[list[int]]) -> Callable[[], None]:
        def run() -> None:
            for counts in hands:
                shanten(counts)

        return run

    def theirs() -> None:
        for counts in measured:
            calculate(counts)

    figures: dict[str, float] = {}
    for _ in range(rounds):
        shanten_module.clear_caches()
        best(figures, "cold", once(ours(measured)))
        shanten_module.clear_caches()
        ours(warm)()
        best(figures, "warm", once(ours(measured)))
        best(figures, "repeated", once(ours(measured)))
        best(figures, "theirs", once(theirs))
        best(figures, "theirs_repeated", once(theirs))
    return {name: seconds * 1e6 / len(measured) for name, seconds in figures.items()}


def random_hands() -> tuple[list[list[int]], list[list[int]]]:
    """Seeded random closed hands of 13 and 14 tiles: (warm-up, measured)."""
    rng = random.Random(SHANTEN_SEED)
    wall = [kind for kind in range(KIND_COUNT) for _ in range(4)]
    hands = [to_counts(rng.sample(wall, 13 + i % 2)) for i in range(SHANTEN_WARM + SHANTEN_HANDS)]
    return hands[:SHANTEN_WARM], hands[SHANTEN_WARM:]


def tenpai_hands(hands: list[dict[str, Any]]) -> tuple[list[list[int]], list[list[int]]]:
    """Each collected closed winning hand's concealed tiles before the win: (warm-up, measured)."""
    closed = [win_from_request(r).concealed for r in hands if not r.get("melds")]
    return halves([to_counts(tile.kind for tile in tiles) for tiles in closed])


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


# The floor of any scorer run as a process: read each request as JSON and write one JSON
# line back, scoring nothing (what is left of a batch with infinitely fast scoring).
ECHO_SCRIPT = r"""
import json, sys
write = sys.stdout.write
for line in sys.stdin.buffer:
    if line.strip():
        request = json.loads(line)
        write(json.dumps({"ok": True, "fields": len(request)}) + "\n")
"""


def cli_ratio(rounds: int, hands: list[dict[str, Any]]) -> dict[str, float]:
    requests = halves(hands)[1][:CLI_REQUESTS]
    with tempfile.TemporaryDirectory() as tmp:
        batch = Path(tmp) / "batch.jsonl"
        batch.write_text("".join(json.dumps(r) + "\n" for r in requests), encoding="utf-8")
        empty = Path(tmp) / "empty.jsonl"
        empty.write_text("", encoding="utf-8")
        script = Path(tmp) / "mahjong_score.py"
        script.write_text(LIB_SCRIPT, encoding="utf-8")
        echo = Path(tmp) / "echo.py"
        echo.write_text(ECHO_SCRIPT, encoding="utf-8")
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
        # The floors, in CPU time: the interpreter starting (`site` included) and a
        # process that parses and answers every request without scoring it.
        floor_start = min(
            run_process([sys.executable, "-c", "pass"], empty, env)[1] for _ in range(rounds * 2)
        )
        floor_echo = min(
            run_process([sys.executable, str(echo)], batch, env)[1] for _ in range(rounds * 2)
        )
    return {
        "floor_start": floor_start,
        "floor_echo": floor_echo,
        "ours_wall": best["ours"][0],
        "ours_cpu": best["ours"][1],
        "theirs_wall": best["theirs"][0],
        "theirs_cpu": best["theirs"][1],
        "ours_start": start_up["ours"],
        "theirs_start": start_up["theirs"],
    }


def main() -> None:
    quick = "--quick" in sys.argv
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    rounds = 2 if quick else 5
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    hands = load_hands()
    n = len(halves(hands)[1])
    if only == "cli":
        c = cli_ratio(max(2, rounds // 2), hands)
        print(f"CLI: ours {c['ours_cpu']:.3f} s CPU, mahjong {c['theirs_cpu']:.3f} s CPU -> "
              f"{c['theirs_cpu'] / c['ours_cpu']:.2f}x; start-up {c['ours_start'] * 1000:.0f} ms "
              f"vs {c['theirs_start'] * 1000:.0f} ms")
        print(f"floors (CPU): python -c pass {c['floor_start'] * 1000:.0f} ms; JSON in, JSON out, "
              f"no scoring {c['floor_echo'] * 1000:.0f} ms -> at most "
              f"{c['theirs_cpu'] / c['floor_echo']:.1f}x for any scorer in Python")
        return
    s = scoring_ratio(rounds, hands)
    if only == "scoring":
        print(f"scoring: ours warm {s['warm']:.2f} cold {s['cold']:.2f} repeated "
              f"{s['repeated']:.2f} µs, mahjong {s['theirs']:.2f} -> "
              f"{s['theirs'] / s['warm']:.2f}x warm, {s['theirs'] / s['cold']:.2f}x cold")
        return
    print(
        f"scoring, {n} distinct hands ({PRESET}) after {len(hands) - n} others: "
        f"ours {s['warm']:.2f} µs/hand (cold {s['cold']:.2f}, repeated {s['repeated']:.2f}), "
        f"mahjong {s['theirs']:.2f} (repeated {s['theirs_repeated']:.2f}) -> "
        f"{s['theirs'] / s['warm']:.1f}x warm, {s['theirs'] / s['cold']:.1f}x cold"
    )
    random_warm, random_measured = random_hands()
    h = shanten_ratio(rounds * 2, random_warm, random_measured)
    tenpai_warm, tenpai_measured = tenpai_hands(hands)
    t = shanten_ratio(rounds * 2, tenpai_warm, tenpai_measured)
    if only == "shanten":
        for name, f in (("random", h), ("tenpai", t)):
            print(f"shanten {name}: ours warm {f['warm']:.2f} cold {f['cold']:.2f} µs, "
                  f"mahjong {f['theirs']:.2f} -> {f['theirs'] / f['warm']:.2f}x")
        return
    for name, figures, count in (
        ("random", h, len(random_measured)),
        ("tenpai", t, len(tenpai_measured)),
    ):
        print(
            f"shanten, {count} distinct {name} hands: ours {figures['warm']:.2f} µs/hand "
            f"(cold {figures['cold']:.2f}, repeated {figures['repeated']:.2f}), mahjong "
            f"{figures['theirs']:.2f} -> {figures['theirs'] / figures['warm']:.1f}x"
        )
    c = cli_ratio(max(2, rounds // 2), hands)
    print(
        f"CLI, {CLI_REQUESTS} requests, whole process: mahjong-tui score "
        f"{c['ours_wall']:.2f} s wall / {c['ours_cpu']:.2f} s CPU, mahjong script "
        f"{c['theirs_wall']:.2f} s wall / {c['theirs_cpu']:.2f} s CPU -> "
        f"{c['theirs_cpu'] / c['ours_cpu']:.1f}x (CPU); start-up alone "
        f"{c['ours_start'] * 1000:.0f} ms vs {c['theirs_start'] * 1000:.0f} ms"
    )
    print(f"CLI floors (CPU): python -c pass {c['floor_start'] * 1000:.0f} ms; JSON in, JSON "
          f"out, no scoring {c['floor_echo'] * 1000:.0f} ms")
    print()
    print("| measured in one run, same inputs, µs per hand | ours | `mahjong` 2.1.0 | ratio |")
    print("| --- | --- | --- | --- |")
    rows = [
        (
            f"scoring {n} distinct real hands, after a warm-up on {len(hands) - n} others",
            s["warm"],
            s["theirs"],
        ),
        ("the same, from empty memos", s["cold"], s["theirs"]),
        ("the same hands scored again", s["repeated"], s["theirs_repeated"]),
        (
            f"shanten, {len(random_measured)} distinct random hands, after {SHANTEN_WARM} others",
            h["warm"],
            h["theirs"],
        ),
        ("the same, from empty memos", h["cold"], h["theirs"]),
        (
            f"shanten, {len(tenpai_measured)} distinct real tenpai hands, after "
            f"{len(tenpai_warm)} others",
            t["warm"],
            t["theirs"],
        ),
    ]
    for label, ours, theirs in rows:
        print(f"| {label} | {ours:.2f} | {theirs:.1f} | {theirs / ours:.1f}x |")
    print(
        f"| `mahjong-tui score`, {CLI_REQUESTS} requests, whole process (CPU s) "
        f"| {c['ours_cpu']:.2f} | {c['theirs_cpu']:.2f} | {c['theirs_cpu'] / c['ours_cpu']:.1f}x |"
    )


if __name__ == "__main__":
    main()
