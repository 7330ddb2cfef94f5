"""`mahjong-tui replay LOG`: rebuild a logged game, checking every event, and summarise it.

Headless for now (the table view will open logs later): one line per hand, then
the final result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from engine.events import ExhaustiveDraw, GameEnded, HandStarted, Won
from engine.log import ReplayMismatch, replay

WINDS = "ESWN"


def run_replay(path: str, stdout: TextIO, fail: Callable[[str], None]) -> int:
    try:
        game = replay(path)
    except FileNotFoundError:
        fail(f"no such log: {path}")
        return 2
    except (ValueError, KeyError) as error:
        fail(f"{path}: not a readable game log ({error})")
        return 2
    except ReplayMismatch as error:
        fail(f"{path}: the log does not replay: {error}")
        return 1
    stdout.write(f"{game.ruleset.id} seed {game.seed}\n")
    label = ""
    for event in game.events:
        if isinstance(event, HandStarted):
            label = f"{WINDS[event.round_wind]}{event.hand_number + 1}-{event.honba}"
        elif isinstance(event, Won):
            how = "tsumo" if event.from_seat is None else f"ron from seat {event.from_seat}"
            r = event.result
            yaku = " ".join(y["id"] for y in r["yaku"])
            stdout.write(
                f"{label:<6} seat {event.winner} wins by {how}: {r['points']['total']} "
                f"({r['han']} han {r['fu']} fu; {yaku})\n"
            )
        elif isinstance(event, ExhaustiveDraw):
            tenpai = [str(s) for s, t in enumerate(event.tenpai) if t] or ["nobody"]
            stdout.write(f"{label:<6} exhaustive draw, tenpai: {', '.join(tenpai)}\n")
        elif isinstance(event, GameEnded):
            for row in sorted(event.results, key=lambda r: r["rank"]):
                stdout.write(
                    f"#{row['rank']} seat {row['seat']}: {row['points']} points, "
                    f"result {row['result']:+g}\n"
                )
            if event.sticks:
                stdout.write(f"unclaimed riichi sticks: {event.sticks}\n")
    if not game.is_over:
        stdout.write("(the log ends before the game does)\n")
    return 0
