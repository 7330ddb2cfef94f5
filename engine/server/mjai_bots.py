"""mjai bots at websocket tables: the server's operator names them, a table's creator
seats them (`serve --bot NAME=mjai:COMMAND`, then `create` with `"bots": {"3": NAME}`).

A client never gives a command line: the server would run whatever it was sent. The
operator declares each bot once by name (mjai.app's dialect, or `mjai-stream:` for
Mortal's), with the server's time per decision and chombo rule; a table created with
`bots` puts a process of that bot in each seat it names (seats for people come
first, so a bot seat is one the AI would play). The process is started when the table
starts and stopped when it ends; a bot that times out or answers illegally plays the
default action (or is charged a chombo, `--mjai-chombo`), one line in the server's
log (`engine.mjai_seat`). A table resumed after a restart plays those seats with the
table's AI.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from engine.mjai_seat import MjaiSeat
from engine.sim import MjaiSpec

from .table import Table, _digest

log = logging.getLogger("mahjong_tui.server")
MAX_BOT_NAME = 32


class BotError(ValueError):
    """A `--bot` flag or a `create`'s `bots` the server refuses; the message is one line."""


def parse_bots(texts: list[str], *, timeout: float, chombo: bool) -> dict[str, MjaiSpec]:
    """`--bot NAME=mjai:COMMAND` (or `NAME=mjai-stream:COMMAND`) flags: name -> spec."""
    out: dict[str, MjaiSpec] = {}
    for text in texts:
        name, sep, spec = text.partition("=")
        kind, colon, command = spec.partition(":")
        name = name.strip()
        if not sep or not colon or not name or not command.strip():
            raise BotError(f"--bot {text!r}: give NAME=mjai:COMMAND")
        if len(name) > MAX_BOT_NAME or not name.isprintable():
            raise BotError(f"--bot {text!r}: a name is 1 to {MAX_BOT_NAME} printable characters")
        if kind not in ("mjai", "mjai-stream"):
            raise BotError(f"--bot {text!r}: the bot kind is mjai or mjai-stream")
        if name in out:
            raise BotError(f"--bot: {name!r} is given twice")
        out[name] = MjaiSpec(command.strip(), stream=kind == "mjai-stream", timeout=timeout,
                             chombo=chombo)
    return out


def bot_seats(
    asked: Any, players: int, known: dict[str, MjaiSpec], in_play: int = 4
) -> dict[int, str]:
    """A `create`'s `bots` ({"seat": NAME}) checked: absolute seat -> bot name. A bot
    sits only in a seat in play (`in_play`, the ruleset's players: with three, seat 3
    is empty and never asked)."""
    if not isinstance(asked, dict):
        raise BotError("create: bots is an object of seat -> bot name")
    out: dict[int, str] = {}
    last = in_play - 1
    for key, name in asked.items():
        if not (isinstance(key, str) and key.isdigit() and players <= int(key) <= last):
            raise BotError(f"create: a bot seat is {players} to {last} (the seats for people "
                           f"come first), not {str(key)[:8]!r}")
        if not isinstance(name, str) or name not in known:
            names = ", ".join(sorted(known)) or "none (serve --bot NAME=mjai:COMMAND)"
            raise BotError(f"create: unknown bot {str(name)[:32]!r}; this server has {names}")
        out[int(key)] = name
    return out


def seat_bots(table: Table, seats: dict[int, str], known: dict[str, MjaiSpec], *,
              red_fives: bool) -> None:
    """Each named bot as a process at its seat of `table` (started with the table)."""
    def say(line: str) -> None:
        log.warning("table %s: %s", table.id, line)

    for seat, name in seats.items():
        spec = known[name]
        bot = MjaiSeat(
            spec.command, seat, stream=spec.stream, timeout=spec.timeout, red_fives=red_fives,
            name=name, chombo=spec.chombo, log=say,
        )
        table.names[seat] = f"{name} (mjai)"
        table.tokens[seat] = _digest(secrets.token_urlsafe(32))  # nobody takes the seat
        table.seats[seat] = bot  # type: ignore[call-overload]
        table.watchers[bot] = table.streams[seat].observer
        table.processes.append(bot)
