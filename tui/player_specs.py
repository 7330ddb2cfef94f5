"""Player specs: the words that name a player for `arena` (`hard`, `jansou:CLASS`, ...).

A spec is a level of ours (`easy`, `normal`, `hard`: `ai.LEVELS`) or `KIND:ARGUMENT`,
where each kind is one entry of `KINDS`: a function from the argument to a seat
factory `(seat, game_seed) -> Seat`. A kind checks its argument when the spec is
resolved, so a bad spec is refused (`SpecError`, one line) before any game. A
new kind of outside player plugs in with `register_kind` (an mjai bot process:
`mjai:COMMAND`, a bot process in mjai.app's dialect).

`resolve_spec` is a module-level function, so `engine.arena` hands it to its worker
processes by name and each worker builds its own seats.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from engine.arena import SeatFactory
from engine.host import Seat


class SpecError(ValueError):
    """A spec that names no player; the message is one line."""


SpecKind = Callable[[str], SeatFactory]
KINDS: dict[str, SpecKind] = {}


def register_kind(name: str, build: SpecKind) -> None:
    """Make `NAME:ARGUMENT` specs mean `build(ARGUMENT)`."""
    KINDS[name] = build


@functools.lru_cache(maxsize=32)
def resolve_spec(spec: str) -> SeatFactory:
    """The seat factory `spec` names; `SpecError` if it names none."""
    from ai import LEVELS

    kind, colon, argument = spec.partition(":")
    if not colon:
        if spec in LEVELS:
            return functools.partial(_level_seat, spec)
        kinds = ", ".join(f"{k}:..." for k in KINDS)
        raise SpecError(
            f"unknown player {spec!r}: a level ({', '.join(LEVELS)}) or one of {kinds}"
        )
    build = KINDS.get(kind)
    if build is None:
        raise SpecError(f"unknown player kind {kind!r} in {spec!r}: choose one of "
                        f"{', '.join(KINDS)}, or a level")
    if not argument:
        raise SpecError(f"{spec!r}: say what follows '{kind}:'")
    return build(argument)


def _level_seat(level: str, seat: int, seed: int) -> Seat:
    from ai import LEVELS
    from engine.player_seat import PlayerSeat

    return PlayerSeat(LEVELS[level](seat, seed))


def _jansou(name: str) -> SeatFactory:
    try:
        from engine.jansou_seat import agent_classes
    except ImportError:
        raise SpecError("jansou: the jansou package is not installed "
                        "(pip install jansou)") from None
    classes = agent_classes()
    if name not in classes:
        raise SpecError(f"jansou:{name}: no such agent; choose one of "
                        f"{', '.join(sorted(classes))}")
    return functools.partial(_jansou_seat, name)


def _jansou_seat(name: str, seat: int, seed: int) -> Seat:
    from engine.jansou_seat import JansouSeat, agent_classes, make_agent

    return JansouSeat(make_agent(agent_classes()[name], seed * 4 + seat))


def _mjai(command: str) -> SeatFactory:
    """An mjai bot process (mjai.app's dialect, CONTRACT.md), one per seat and game.
    Its time per decision, chombo rule and log lines are the table's, handed to it at
    `seated_at` (`arena --mjai-timeout`, `--mjai-chombo`), so the spec string alone
    names the player and keys `resolve_spec`'s cache."""
    if not command.strip():
        raise SpecError("mjai: say which command starts the bot (mjai:COMMAND)")
    return functools.partial(_mjai_seat, command.strip())


def _mjai_seat(command: str, seat: int, seed: int) -> Seat:
    import sys

    from engine.mjai_seat import MjaiSeat

    return MjaiSeat(command, seat, log=lambda line: print(f"mjai: {line}", file=sys.stderr))


register_kind("jansou", _jansou)
register_kind("mjai", _mjai)
