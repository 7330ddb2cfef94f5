"""`mahjong-tui host`, `join` and `watch`: friends at one table on a table server.

- `host [URL]`: a table on the server at URL (`ws://HOST:PORT`), its invitation
  printed, and done; without URL, a table server of its own on this machine
  (loopback, `--port`, 0 by default: a free one) with one table, its invitation
  printed, serving until that table is over (then it exits 0) or SIGINT/SIGTERM
  (every table saved, exit 0), its data in the data directory's ``server/``.
- `join URL [--name NAME]`: the seat at the table the invitation URL names, at the
  same Textual table as a local game; a seat token this data directory kept for that
  table and name gets the seat back (a client that was killed).
- `watch URL`: the public table live, as a spectator.

A server that cannot be reached, an invitation it does not know, a table that is
full: one line on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from .bounds import MAX_DELAY, integer, seconds
from .guard import guarded


def add_parsers(sub: Any) -> None:
    host = sub.add_parser("host", help="a table for friends: on a server, or on a server of "
                                       "its own; prints the invitation")
    host.add_argument("server", nargs="?", default=None, metavar="URL",
                      help="the table server (ws://HOST:PORT); without it, one of its own")
    host.add_argument("--ruleset", default="wrc", metavar="ID", help="preset id (default: wrc)")
    host.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                      help="override one ruleset parameter (TOML value), repeatable")
    host.add_argument("--players", type=integer("--players", 1, 4), default=2,
                      help="seats for people, 1 to 4 (default: 2); the AI plays the others")
    host.add_argument("--ai", default=None, metavar="LEVEL",
                      help="the AI level of the other seats (default: the game's default)")
    host.add_argument("--seconds", type=seconds("--seconds", 3600, more_than_zero=True),
                      default=None, metavar="S",
                      help="seconds per decision (default: no limit)")
    host.add_argument("--bank", type=seconds("--bank", 3600), default=0.0, metavar="S",
                      help="a time bank of seconds on top, with --seconds (default: 0)")
    host.add_argument("--host", dest="address", default="127.0.0.1",
                      help="without URL: the address to listen on (default: 127.0.0.1)")
    host.add_argument("--port", type=integer("--port", 0, 65535), default=0,
                      help="without URL: the port (default: 0, a free one)")
    host.add_argument("--data", default=None, metavar="DIR",
                      help="without URL: where the table's log and the history are kept "
                           "(default: the data directory's server/)")

    for name, what in (("join", "sit at a friend's table"),
                       ("watch", "watch a table on a server, as a spectator")):
        cmd = sub.add_parser(name, help=what)
        cmd.add_argument("url", metavar="URL", help="the invitation (ws://HOST:PORT/CODE)")
        if name == "join":
            cmd.add_argument("--name", default=None, metavar="NAME",
                             help="your name at the table (default: your login name)")
        cmd.add_argument("--tiles", default=None, metavar="STYLE",
                         help="tile faces: text, kanji or unicode")
        cmd.add_argument("--lang", default=None, metavar="LANG", help="en or ja")
        cmd.add_argument("--delay", type=seconds("--delay", MAX_DELAY), default=0.4,
                         metavar="SECONDS",
                         help="pause after each move of another seat (default: 0.4)")


# --------------------------------------------------------------------------- host


def create_fields(args: argparse.Namespace, fail: Callable[[str], None]) -> dict[str, Any]:
    """The `create` message's fields from `host`'s flags (checked here: one line, exit 2)."""
    from ai import LEVELS
    from rules.ruleset import RulesetError, parse_override, resolve

    try:
        resolve(args.ruleset, args.rule)
        rules = dict(parse_override(item) for item in args.rule)
    except (RulesetError, ValueError) as error:
        fail(str(error).splitlines()[0])
        raise SystemExit(2) from None
    if args.ai is not None and args.ai not in LEVELS:
        fail(f"unknown AI level {args.ai!r}: choose one of {', '.join(LEVELS)}")
    fields: dict[str, Any] = {"ruleset": args.ruleset, "players": args.players}
    if rules:
        fields["rules"] = dict(rules)
    if args.ai is not None:
        fields["ai"] = args.ai
    if args.seconds is not None:
        fields["per_decision"], fields["bank"] = args.seconds, args.bank
    return fields


def invitation_lines(url: str) -> str:
    return (f"invitation {url}\n"
            f"  players:    mahjong-tui join {url} --name NAME\n"
            f"  spectators: mahjong-tui watch {url}\n")


def run_host(args: argparse.Namespace, stdout: TextIO, fail: Callable[[str], None]) -> int:
    return guarded(lambda: _host(args, stdout, fail), sys.stderr, "host")


def _host(args: argparse.Namespace, stdout: TextIO, fail: Callable[[str], None]) -> int:
    from engine.server.remote_seat import (
        Refused,
        Unreachable,
        create_table,
        parse_invitation,
    )

    fields = create_fields(args, fail)
    if args.server is None:
        return _host_here(args, fields, stdout, fail)
    try:
        server = parse_invitation(args.server, need_code=False).server
        invitation = asyncio.run(create_table(server, **fields))
    except ValueError as error:
        fail(str(error))
        return 2
    except (Unreachable, Refused) as error:
        fail(str(error))
        return 2
    stdout.write(invitation_lines(invitation.url))
    return 0


def _host_here(args: argparse.Namespace, fields: dict[str, Any], stdout: TextIO,
               fail: Callable[[str], None]) -> int:
    from .serve import _data_dir, _lock

    data = _data_dir(args.data)
    try:
        data.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(f"--data {data}: {error.strerror or error}")
        return 2
    lock = _lock(data)
    if lock is None:
        fail(f"--data {data}: a server is using it: give its address "
             "('mahjong-tui host ws://HOST:PORT') or another --data")
        return 2
    import logging

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s",
                        stream=sys.stderr)
    return asyncio.run(_serve_one_table(args, fields, data, stdout, fail))


async def _serve_one_table(args: argparse.Namespace, fields: dict[str, Any], data: Path,
                           stdout: TextIO, fail: Callable[[str], None]) -> int:
    from ai import DEFAULT_LEVEL, LEVELS
    from engine.server.app import TableServer
    from engine.server.remote_seat import Invitation, create_table

    from .serve import ai_seat

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    mine: list[str] = []

    def over(table: Any) -> None:
        if table.invitation in mine and table.state in ("over", "failed"):
            stop.set()

    server = TableServer(ai_seat, ruleset=args.ruleset, data=data, on_over=over,
                         default_level=DEFAULT_LEVEL, levels=tuple(LEVELS))
    try:
        port = await server.start(args.address, args.port)
    except OSError as error:
        fail(f"cannot listen on {args.address}:{args.port}: {error.strerror or error}")
        return 2
    host = f"[{args.address}]" if ":" in args.address else args.address
    url = f"ws://{host}:{port}"
    invitation: Invitation = await create_table(url, **fields)
    mine.append(invitation.code)
    stdout.write(f"listening on {url}\n")
    stdout.write(invitation_lines(invitation.url))
    stdout.flush()
    table = server.tables[invitation.code]
    while not stop.is_set():  # a table nobody came to ends the server too
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 1.0)
        if abandoned(table, server.limits.waiting):
            sys.stderr.write(f"nobody sat at the table in {server.limits.waiting:g} s\n")
            break
    saved = await server.stop()
    sys.stderr.write(f"stopped: {len(saved)} table log(s) saved in {data}\n")
    return 0


def abandoned(table: Any, waiting: float) -> bool:
    """A table still waiting, with nobody seated, for longer than `waiting` seconds."""
    import time

    return (table.state == "waiting" and not any(t is not None for t in table.tokens)
            and time.monotonic() - table.created > waiting)


# --------------------------------------------------------------------------- join, watch


def default_name() -> str:
    try:
        name = getpass.getuser()
    except Exception:  # no login name (a container): any name will do
        name = ""
    return (name or "player")[:32]


def run_remote(args: argparse.Namespace, fail: Callable[[str], None]) -> int:
    """`join` and `watch`: the URL checked and the server reached before the terminal is
    taken (one line, exit 2, if not), then the app."""
    return guarded(lambda: _remote(args, fail), sys.stderr, args.command)


def _remote(args: argparse.Namespace, fail: Callable[[str], None]) -> int:
    from engine.server.remote_seat import Unreachable, open_connection, parse_invitation

    from ..app_process import refuse_without_terminal
    from ..data_dirs import default_data_dir
    from ..settings import GameConfig, load_settings
    from ..tiles import TILE_STYLES
    from ..words import LANGS

    try:
        invitation = parse_invitation(args.url)
    except ValueError as error:
        fail(str(error))
        return 2
    name = getattr(args, "name", None)
    if args.command == "join":
        name = default_name() if name is None else name
        if not (0 < len(name) <= 32 and name.isprintable()):
            fail("--name is 1 to 32 printable characters (no control characters)")
    if args.tiles is not None and args.tiles not in TILE_STYLES:
        fail(f"unknown tile style {args.tiles!r}: choose one of {', '.join(TILE_STYLES)}")
    if args.lang is not None and args.lang not in LANGS:
        fail(f"unknown language {args.lang!r}: choose one of {', '.join(LANGS)}")

    async def probe() -> None:
        ws = await open_connection(invitation.server)
        await ws.close()

    try:
        asyncio.run(probe())
    except Unreachable as error:
        fail(str(error))
        return 2
    refuse_without_terminal()
    settings = load_settings()
    config = GameConfig(tiles=args.tiles or settings.tiles, lang=args.lang or settings.lang,
                        delay=args.delay, aids=settings.aids)
    from ..remote_app import RemoteApp

    app = RemoteApp(invitation, name=name, config=config, data_dir=default_data_dir())
    app.run()
    if app.problem is not None:
        fail(app.problem)
        return 2
    return 0
