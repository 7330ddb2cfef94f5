"""`mahjong-tui bot`: our AI as an mjai bot on standard input and output (CONTRACT.md).

mjai.app's dialect by default: each input line is a JSON array of the events since
the last answer, and each gets exactly one answer line (`{"type":"none"}` when the
bot has nothing to do). `--stream`, Mortal's dialect: one event a line, and a line
out only when the event lets the bot act. An event it cannot follow, or a line it
cannot read, is one line on standard error and `none`: the bot never exits
mid-game; it ends at the end of its input. Never imports Textual.

`--connect mjsonp://HOST:PORT/ROOM` (`--name NAME`): the same bot at an mjai room
server in gimite's TCP protocol (ours, `serve --mjai-port`, or gimite's own) instead
of standard input: it joins ROOM when the server says hello, answers every event
line with one line, and ends when the server closes the connection. A URL it cannot
read is exit 2; a server it cannot reach, one line and exit 1.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TextIO

from .guard import guarded

LEVEL_CHOICES = ("easy", "normal", "hard")


def add_parser(sub: Any) -> None:
    bot = sub.add_parser("bot", help="our AI as an mjai bot on standard input and output")
    bot.add_argument("--level", required=True, choices=LEVEL_CHOICES, help="the AI level")
    bot.add_argument("--stream", action="store_true",
                     help="Mortal's dialect: one event a line, an answer only when it can act")
    bot.add_argument("--ruleset", default="tenhou", metavar="ID",
                     help="preset id (default: tenhou)")
    bot.add_argument("--connect", default=None, metavar="mjsonp://HOST:PORT/ROOM",
                     help="play in an mjai room server's ROOM (gimite's TCP protocol) "
                          "instead of on standard input and output")
    bot.add_argument("--name", default="mahjong-tui", metavar="NAME",
                     help="the name to join a room with (default: mahjong-tui)")


def run_bot(
    args: Any, stdin: TextIO, stdout: TextIO, stderr: TextIO, fail: Callable[[str], None]
) -> int:
    return guarded(lambda: _bot(args, stdin, stdout, stderr, fail), stderr, "bot")


def _bot(
    args: Any, stdin: TextIO, stdout: TextIO, stderr: TextIO, fail: Callable[[str], None]
) -> int:
    from rules.ruleset import RulesetError, resolve

    try:
        ruleset = resolve(args.ruleset, [])
    except RulesetError as error:
        fail(str(error))
        return 2
    where = None
    if args.connect is not None:
        try:
            where = parse_room_url(args.connect)
        except ValueError as error:
            fail(str(error))
            return 2
        if not 0 < len(args.name) <= 32:
            fail("--name: 1 to 32 characters")
            return 2
    from ai import LEVELS
    from engine.mjai_bot import NONE, MjaiBot

    bot = MjaiBot(LEVELS[args.level], ruleset)

    def say(answer: dict[str, Any]) -> None:
        stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        stdout.flush()

    def warn(text: str) -> None:
        stderr.write(f"mahjong-tui bot: {' '.join(text.split())[:300]}\n")
        stderr.flush()

    def step(event: object) -> dict[str, Any] | None:
        """Fold one event; the answer to it, or None."""
        if not isinstance(event, dict):
            warn(f"an event is a JSON object, not {str(event)[:60]}")
            return None
        try:
            bot.feed(event)
            return bot.act(event)
        except Exception as error:  # one bad event must not end the game
            warn(f"cannot follow {event.get('type')!r}: {type(error).__name__}: {error}")
            return None

    if where is not None:
        try:
            return _room(where, args.name, step, warn)
        finally:
            bot.close()
    try:
        for line in stdin:
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except ValueError:
                warn(f"not JSON: {line.strip()[:60]}")
                if not args.stream:
                    say(NONE)
                continue
            events = data if isinstance(data, list) else [data]
            answer = None
            for event in events:
                answer = step(event)
            if args.stream:
                if answer is not None:
                    say(answer)
            else:
                say(answer if answer is not None else NONE)
    finally:
        bot.close()
    return 0


def parse_room_url(url: str) -> tuple[str, int, str]:
    """`mjsonp://HOST:PORT/ROOM` -> (host, port, room); ValueError with a one-line message."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = None
    room = parts.path.lstrip("/")
    if parts.scheme != "mjsonp" or not parts.hostname or port is None or not room:
        raise ValueError(f"--connect {url!r}: give mjsonp://HOST:PORT/ROOM")
    return parts.hostname, port, room


def _room(
    where: tuple[str, int, str], name: str,
    step: Callable[[object], dict[str, Any] | None], warn: Callable[[str], None],
) -> int:
    """Play in a room: join on hello, then one answer line for every event line."""
    import socket

    host, port, room = where
    try:
        sock = socket.create_connection((host, port), timeout=30)
    except OSError as error:
        warn(f"cannot reach {host}:{port}: {error.strerror or error}")
        return 1
    sock.settimeout(None)
    with sock, sock.makefile("r", encoding="utf-8") as lines, \
            sock.makefile("w", encoding="utf-8") as out:

        def say(answer: dict[str, Any]) -> None:
            out.write(json.dumps(answer, separators=(",", ":")) + "\n")
            out.flush()

        try:
            for line in lines:
                try:
                    event = json.loads(line)
                except ValueError:
                    warn(f"not JSON from the server: {line.strip()[:60]}")
                    continue
                kind = event.get("type") if isinstance(event, dict) else None
                if kind == "hello":
                    say({"type": "join", "name": name, "room": room})
                elif kind == "error":
                    warn(f"the server says: {event.get('message')}")
                else:
                    answer = step(event)
                    say(answer if answer is not None else {"type": "none"})
        except OSError as error:
            warn(f"lost the server: {error.strerror or error}")
            return 1
    return 0
