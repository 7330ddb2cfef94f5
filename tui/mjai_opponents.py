"""mjai bots as the game's opponents (`mahjong-tui --seat N=mjai:COMMAND`).

N names an opponent by where it sits from you, as the table shows it: 1 the player on
your right (shimocha), 2 across (toimen), 3 on your left (kamicha); you are 0. The
flag's other forms are `sim`'s (`N=mjai-stream:COMMAND` for Mortal's dialect,
`--mjai-timeout`, `--mjai-chombo`). Each bot is a process seated through
`engine.mjai_seat.MjaiSeat`; what it does wrong (a timeout, an illegal answer) is
played as the default action, or charged a chombo with `--mjai-chombo`, and written
to `mjai.log` in the data directory, one line each. Never imports Textual.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.mjai_seat import MjaiSeat
from engine.sim import MjaiSpec


def parse_game_seats(texts: list[str], timeout: float, chombo: bool) -> dict[int, MjaiSpec]:
    """`--seat N=mjai:COMMAND` flags of the game: N (1-3, from you) -> spec; ValueError
    with a one-line message otherwise."""
    from .commands.sim import parse_seats

    seats: dict[int, MjaiSpec] = parse_seats(texts, timeout, chombo)
    if 0 in seats:
        raise ValueError("--seat 0 is you: an mjai bot takes seat 1 (right), 2 (across) "
                         "or 3 (left)")
    return seats


def opponent_seat(spec: MjaiSpec, seat: int, red_fives: bool, log_dir: Path | None) -> Any:
    """The bot of `spec` at absolute seat `seat`, logging to `log_dir`/mjai.log."""

    def say(line: str) -> None:
        if log_dir is None:
            return
        try:
            with (log_dir / "mjai.log").open("a", encoding="utf-8") as out:
                out.write(line + "\n")
        except OSError:
            pass  # the log is a courtesy: the game goes on without it

    return MjaiSeat(spec.command, seat, stream=spec.stream, timeout=spec.timeout,
                    red_fives=red_fives, log=say, chombo=spec.chombo)


def relative(you: int, seat: int) -> int:
    """Where absolute seat `seat` sits from `you`: 1 right, 2 across, 3 left."""
    return (seat - you) % 4


def opponents_with_bots(
    ais: list[Any], absolutes: list[int], you: int, bots: Mapping[int, MjaiSpec],
    red_fives: bool, log_dir: Path | None,
) -> list[Any]:
    """The opponents at line-up entries 1-3: the AI's, but a bot where `bots` puts one."""
    out = []
    for ai, seat in zip(ais, absolutes, strict=True):
        spec = bots.get(relative(you, seat))
        out.append(ai if spec is None else opponent_seat(spec, seat, red_fives, log_dir))
    return out
