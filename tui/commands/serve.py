"""`mahjong-tui serve`: the table server (CONTRACT.md), headless, never importing Textual.

Prints `listening on ws://HOST:PORT` once it accepts connections (the port bound,
so `--port 0` tells which one it picked); SIGINT or SIGTERM stops it with every
table's log saved in the data directory. Loopback unless `--host` names another
address; `--cert` and `--key` serve wss:// instead. `--mjai-port` also opens mjai
rooms (gimite's TCP protocol, `engine.server.mjai_rooms`) and prints
`mjai rooms on mjsonp://HOST:PORT` on the next line; `--bot NAME=mjai:COMMAND` names
bot processes a table may seat (`engine.server.mjai_bots`).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from .bounds import integer, seconds
from .guard import guarded


def add_parser(sub: Any) -> None:
    serve = sub.add_parser("serve", help="the table server: friends at one table over websockets")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default: 127.0.0.1, this machine only)")
    serve.add_argument("--port", type=integer("--port", 0, 65535), default=8765,
                       help="port (default: 8765; 0 picks a free one)")
    serve.add_argument("--ruleset", default=None, metavar="ID",
                       help="the rules of a table created without naming any (default: wrc) "
                            "and of the mjai rooms' games (default: tenhou)")
    serve.add_argument("--data", default=None, metavar="DIR",
                       help="where each table's log is kept (default: the data directory's "
                            "server/)")
    serve.add_argument("--mjai-port", type=integer("--mjai-port", 0, 65535), default=None,
                       metavar="PORT",
                       help="also open mjai rooms (gimite's TCP protocol) on HOST:PORT "
                            "(0 picks a free one)")
    serve.add_argument("--mjai-fill", type=seconds("--mjai-fill", 3600.0), default=None,
                       metavar="SECONDS",
                       help="an mjai room that waited this long since its first join starts "
                            "with the server's AI in its empty seats (0: at once; default: "
                            "a room waits for four)")
    serve.add_argument("--mjai-timeout", type=seconds("--mjai-timeout", 600.0,
                                                      more_than_zero=True),
                       default=10.0, metavar="SECONDS",
                       help="an mjai client's or --bot's time per decision (default: 10, "
                            "at most 600)")
    serve.add_argument("--mjai-chombo", action="store_true",
                       help="mjai.app's rule: an mjai client or --bot that times out or "
                            "answers illegally is charged a chombo (the hand ends, it pays a "
                            "mangan)")
    serve.add_argument("--bot", action="append", default=[], metavar="NAME=mjai:COMMAND",
                       help="an mjai bot a table may seat by NAME (create's \"bots\"); "
                            "NAME=mjai-stream:COMMAND for Mortal's dialect; repeatable")
    serve.add_argument("--cert", default=None, metavar="FILE", help="TLS certificate (PEM)")
    serve.add_argument("--key", default=None, metavar="FILE", help="TLS private key (PEM)")


def run_serve(args: argparse.Namespace, stdout: TextIO, fail: Callable[[str], None]) -> int:
    return guarded(lambda: _serve(args, stdout, fail), sys.stderr, "serve")


def _data_dir(given: str | None) -> Path:
    if given is not None:
        return Path(given)
    from ..data_dirs import default_data_dir

    return default_data_dir() / "server"


def _serve(args: argparse.Namespace, stdout: TextIO, fail: Callable[[str], None]) -> int:
    from rules.ruleset import RulesetError, load_preset

    if not 0 <= args.port <= 65535:
        fail(f"--port {args.port}: a port is 0 to 65535")
        return 2
    try:
        load_preset(args.ruleset or "wrc")
    except RulesetError as error:
        fail(str(error))
        return 2
    from engine.server.mjai_bots import BotError, parse_bots

    try:
        args.bots = parse_bots(args.bot, timeout=args.mjai_timeout, chombo=args.mjai_chombo)
    except BotError as error:
        fail(str(error))
        return 2
    if (args.cert is None) != (args.key is None):
        fail("--cert and --key go together")
        return 2
    ssl_context = None
    if args.cert is not None:
        import ssl

        ssl_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            ssl_context.load_cert_chain(args.cert, args.key)
        except (OSError, ssl.SSLError) as error:
            fail(f"cannot use --cert/--key: {error}")
            return 2
    data = _data_dir(args.data)
    try:
        data.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(f"--data {data}: {error.strerror or error}")
        return 2
    lock = _lock(data)
    if lock is None:
        fail(f"--data {data}: another server is using it (one server per data directory)")
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s",
                        stream=sys.stderr)
    return asyncio.run(_main(args, data, ssl_context, stdout, fail))


def _lock(data: Path) -> Any:
    """The data directory held for this process (a second server would resume the same
    tables and write the same logs); None when another process holds it. The lock goes
    with the process, a killed one included."""
    try:
        import fcntl
    except ImportError:  # no flock (Windows): one server per directory is the user's care
        return True
    handle = (data / "server.lock").open("a+")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


def ai_seat(level: str, seat: int, seed: int) -> Any:
    """The table's AI at a seat: one of today's levels, deciding from its seat view."""
    from ai import LEVELS
    from engine.player_seat import PlayerSeat

    return PlayerSeat(LEVELS[level](seat, seed))


def _rooms(server: Any, args: argparse.Namespace) -> Any:
    """The mjai room server (`engine.server.mjai_rooms`) the flags ask for."""
    from engine.server.mjai_rooms import MjaiRooms

    return MjaiRooms(server, ruleset=args.ruleset or "tenhou", fill=args.mjai_fill,
                     timeout=args.mjai_timeout, chombo=args.mjai_chombo)


async def _main(
    args: argparse.Namespace, data: Path, ssl_context: Any, stdout: TextIO,
    fail: Callable[[str], None],
) -> int:
    from ai import DEFAULT_LEVEL, LEVELS
    from engine.server.app import TableServer
    from engine.server.quiet_gc import QuietCollector

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):  # before the line: a script may signal
        loop.add_signal_handler(sig, stop.set)  # as soon as it reads it
    server = TableServer(ai_seat, ruleset=args.ruleset or "wrc", data=data,
                         default_level=DEFAULT_LEVEL, levels=tuple(LEVELS), bots=args.bots)
    rooms = None
    host = f"[{args.host}]" if ":" in args.host else args.host
    try:
        port = await server.start(args.host, args.port, ssl=ssl_context)
        if args.mjai_port is not None:
            rooms = _rooms(server, args)
            mjai_port = await rooms.start(args.host, args.mjai_port)
    except OSError as error:
        await server.stop()
        fail(f"cannot listen on {args.host}: {error.strerror or error}")
        return 2
    scheme = "wss" if ssl_context is not None else "ws"
    stdout.write(f"listening on {scheme}://{host}:{port}\n")
    if rooms is not None:
        stdout.write(f"mjai rooms on mjsonp://{host}:{mjai_port}\n")
    stdout.flush()
    collector = QuietCollector()  # full GC pauses off the answers' latency (many tables)
    collector.install()
    try:
        await stop.wait()
    finally:
        collector.close()
    if rooms is not None:
        await rooms.stop()
    saved = await server.stop()
    sys.stderr.write(f"stopped: {len(saved)} table log(s) saved in {data}\n")
    return 0
