"""Collect distinct real winning hands from simulated games, for benchmarks that cannot flatter.

    .venv/bin/python benchmarks/collect_hands.py [COUNT]     # default 10,000

Why: timing the same few thousand hands again and again measures our memos, not
our scorer. These hands are the wins the engine actually scored while AI-only
games of every preset were played (a tsumo or a ron it offered, taken or not),
with the melds, dora, riichi and other flags they really had. Each is kept once
(by its CONTRACT.md request), each preset giving an equal share, and written as one JSON request a
line to `benchmarks/data/hands.jsonl.gz` (the preset it came from in `"_preset"`,
which the scorer would ignore; the benchmarks drop it).

The games are seeded, so the file is reproducible: same code, same hands.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine.kans  # noqa: E402
import engine.wins  # noqa: E402
from ai import LEVELS  # noqa: E402
from engine.sim import run_sim  # noqa: E402
from rules.hand import Win  # noqa: E402
from rules.request import FLAGS  # noqa: E402  (the request flags a win can carry)
from rules.ruleset import PRESET_IDS, load_preset  # noqa: E402
from rules.scoring import ScoreResult, score  # noqa: E402
from rules.tiles import format_tiles, tile_key  # noqa: E402

DATA = ROOT / "benchmarks" / "data" / "hands.jsonl.gz"
LINEUPS = (("easy", "normal", "hard", "easy"), ("normal", "easy", "normal", "hard"))


def win_to_request(win: Win) -> dict[str, Any]:
    """The CONTRACT.md request that `rules.request.win_from_request` turns back into `win`."""
    request: dict[str, Any] = {
        "concealed": format_tiles(sorted(win.concealed, key=tile_key)),
        "win": format_tiles([win.win_tile]),
    }
    if win.melds:
        request["melds"] = [
            {"type": str(m.kind), "tiles": format_tiles(m.tiles)}
            | ({"from": str(m.source)} if m.source is not None else {})
            for m in win.melds
        ]
    for flag in FLAGS:
        if getattr(win, flag):
            request[flag] = True
    request["seat_wind"] = "ESWN"[win.seat_wind - 27]
    request["round_wind"] = "ESWN"[win.round_wind - 27]
    if win.dora_indicators:
        request["dora_indicators"] = format_tiles(win.dora_indicators)
    if win.ura_indicators:
        request["ura_indicators"] = format_tiles(win.ura_indicators)
    if win.honba:
        request["honba"] = win.honba
    if win.riichi_sticks:
        request["riichi_sticks"] = win.riichi_sticks
    return request


def collect(count: int) -> list[dict[str, Any]]:
    """Play seeded games of every preset until each gave its share of distinct scored wins.

    Each preset plays its own seeds (the same seed under two presets with the same
    wall rules would repeat the same hands) and gives an equal share, so the hands
    mix every rulebook's play (with and without riichi, dora, red fives...).
    """
    share = -(-count // len(PRESET_IDS))
    seen: dict[str, dict[str, Any]] = {}
    kept: dict[str, list[dict[str, Any]]] = {preset: [] for preset in PRESET_IDS}
    current = ""

    def recording(win: Win, ruleset: Any) -> Any:
        result = score(win, ruleset)
        if isinstance(result, ScoreResult) and len(kept[current]) < share:
            request = win_to_request(win)
            key = json.dumps(request, sort_keys=True)
            if key not in seen:
                seen[key] = {**request, "_preset": current}
                kept[current].append(seen[key])
        return result

    engine.wins.score = recording  # type: ignore[attr-defined]
    engine.kans.score = recording  # type: ignore[attr-defined]
    game = 0
    while any(len(hands) < share for hands in kept.values()):
        for index, preset in enumerate(PRESET_IDS):
            if len(kept[preset]) < share:
                current = preset
                seed = 1_000_000 * (index + 1) + game
                run_sim(load_preset(preset), 1, seed, LINEUPS[game % len(LINEUPS)], LEVELS)
        game += 1
        print(f"\r{len(seen)} hands, {game} rounds of games", end="", file=sys.stderr)
    print(file=sys.stderr)
    hands = [hand for preset in PRESET_IDS for hand in kept[preset]]
    return hands[:count]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    hands = collect(count)
    DATA.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(h, separators=(",", ":")) + "\n" for h in hands)
    DATA.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(f"{len(hands)} hands -> {DATA.relative_to(ROOT)} ({DATA.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
