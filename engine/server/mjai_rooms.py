"""mjai rooms: gimite's TCP room protocol beside the websocket tables (`serve --mjai-port`).

On connect the server writes `{"type":"hello","protocol":"mjsonp","protocol_version":3}`;
the client writes `{"type":"join","name":NAME,"room":ROOM}`. When four clients have
joined one room (three under a three-player ruleset, RULESETS.md §9: seat 3 stays
empty and nobody is seated there), a game starts at a table of the `TableServer`
(seats in the order they joined, the first as East), so it is logged, saved and
resumable like any table and can be watched; the room's name is free again for the
next players at once.
Every event goes to every seat as one line, masked as mjai servers mask, and every
seat answers every line (`engine.server.mjai_seat`); after `end_game` the server
closes the connections.

Empty seats: with `fill` seconds set (`serve --mjai-fill SECONDS`), a room that has
waited that long since its first join starts with the server's AI in the seats
nobody took (0: at once, so one bot can play three of ours). A player who comes to a
room expects the game to start only when the room is full, so by default (`fill`
None) a room waits for four, as gimite's server does.

With `chombo` (`serve --mjai-chombo`), a client that times out or answers illegally
is charged a chombo as mjai.app charges it (`Game.apply`'s `Chombo`: the hand ends,
it pays a mangan) instead of only having the default action played for it.

Limits are the server's (`engine.server.app.Limits`): a line longer than
`max_size` bytes, lines nobody asked for over the message rate, more connections
from one address than `per_address` (websocket and mjai connections count
together), more tables than `tables`: each gets an `error` line and the
connection closed, never a crash. Anything but a join before the join, or a join
with a bad name or room, gets an `error` line and is closed, as gimite's does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.ruleset import RulesetError, load_preset

from .mjai_seat import MjaiLine, MjaiRoomSeat
from .table import Table, _digest

if TYPE_CHECKING:
    from .app import TableServer

log = logging.getLogger("mahjong_tui.server")

HELLO = {"type": "hello", "protocol": "mjsonp", "protocol_version": 3}
MAX_NAME = 32
MAX_ROOM = 64
CLOSE_WAIT = 2.0  # seconds the answers to `end_game` may take before the line is closed


@dataclass
class Room:
    """The clients waiting in one room, in the order they joined."""

    name: str
    lines: list[tuple[MjaiLine, str]] = field(default_factory=list)
    timer: asyncio.TimerHandle | None = None


class MjaiRooms:
    """The mjai room server of one `TableServer`."""

    def __init__(
        self,
        tables: TableServer,
        *,
        ruleset: str = "tenhou",
        fill: float | None = None,
        timeout: float = 10.0,
        chombo: bool = False,
    ) -> None:
        # RulesetError now rather than at the first game; the seats a room fills
        self.players = load_preset(ruleset).players
        self.tables = tables
        self.ruleset = ruleset
        self.fill = fill
        self.timeout = timeout
        self.chombo = chombo
        self.rooms: dict[str, Room] = {}
        self.server: asyncio.Server | None = None
        self.lines: set[MjaiLine] = set()

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        self.server = await asyncio.start_server(
            self.handle, host, port, limit=self.tables.limits.max_size,
        )
        return int(self.server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
        for room in self.rooms.values():
            if room.timer is not None:
                room.timer.cancel()
        for line in list(self.lines):
            line.close("the server stops")
        if self.server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 5)

    # ------------------------------------------------------------------ connections
    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if peer else "?"
        limits = self.tables.limits
        line = MjaiLine(reader, writer, backlog=limits.backlog * 512)
        bucket = _Bucket(limits.rate, limits.burst)
        line.unasked = bucket.allow
        addresses = self.tables.addresses
        addresses[address] = addresses.get(address, 0) + 1
        self.lines.add(line)
        try:
            if addresses[address] > limits.per_address:
                log.warning("refused an mjai connection from %s: %d open", address,
                            addresses[address] - 1)
                line.error(f"at most {limits.per_address} connections from one address")
                return
            line.write(HELLO)
            joined = await self._join(line, address)
            if not joined:
                return
            await line.read()
        except (ConnectionError, OSError):
            pass
        finally:
            addresses[address] -= 1
            if not addresses[address]:
                del addresses[address]
            self.lines.discard(line)
            self._leave(line)
            line.close("bye")
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _join(self, line: MjaiLine, address: str) -> bool:
        """Read the join line; seat the client in its room (False: refused, said why)."""
        try:
            raw = await asyncio.wait_for(line.reader.readline(), self.tables.limits.waiting)
        except TimeoutError:
            line.error("no join: say {\"type\":\"join\",\"name\":NAME,\"room\":ROOM}")
            return False
        except ValueError:
            line.error("line too long")
            return False
        if not raw:
            return False
        why = None
        try:
            message = json.loads(raw)
        except (ValueError, RecursionError, UnicodeDecodeError) as error:
            message, why = None, f"JSON syntax error: {str(error)[:80]}"
        if why is None:
            why = _join_error(message)
        if why is not None:
            line.error(why)
            return False
        name, room = message["name"], message["room"]
        self.tables._sweep()  # ended tables (mjai rooms' too) free their slots
        live = [t for t in self.tables.tables.values() if t.state in ("waiting", "playing")]
        if room not in self.rooms and len(live) + len(self.rooms) >= self.tables.limits.tables:
            line.error(f"this server holds at most {self.tables.limits.tables} tables")
            return False
        line.name = name
        waiting = self.rooms.setdefault(room, Room(room))
        waiting.lines.append((line, name))
        log.info("mjai room %r: %s joined from %s (%d of %d)", room, name, address,
                 len(waiting.lines), self.players)
        if len(waiting.lines) == self.players:
            self._start(waiting)
        elif self.fill is not None and waiting.timer is None:
            waiting.timer = asyncio.get_running_loop().call_later(
                self.fill, self._filled, room,
            )
        return True

    def _leave(self, line: MjaiLine) -> None:
        """A client that goes before its room starts leaves the room."""
        for name, room in list(self.rooms.items()):
            room.lines = [(ln, n) for ln, n in room.lines if ln is not line]
            if not room.lines:
                if room.timer is not None:
                    room.timer.cancel()
                del self.rooms[name]

    def _filled(self, name: str) -> None:
        room = self.rooms.get(name)
        if room is not None and room.lines:
            room.timer = None
            self._start(room)

    # ------------------------------------------------------------------ the game
    def _start(self, room: Room) -> None:
        """The room's clients (and the AI in the seats nobody took) at a new table."""
        del self.rooms[room.name]
        if room.timer is not None:
            room.timer.cancel()
        server = self.tables
        try:
            ruleset = load_preset(self.ruleset)
        except RulesetError as error:  # checked at start: only a preset file gone since
            for line, _ in room.lines:
                line.error(str(error))
                line.close("no ruleset")
            return
        table = Table(
            lambda: server.game_factory(ruleset), server.ai, level=server.default_level,
            players=len(room.lines), deadline=None, data=server.data,
            on_over=self._over,
        )
        names = [n for _, n in room.lines]
        names += [f"AI ({server.default_level})"] * (self.players - len(names))
        names += [""] * (4 - len(names))  # three players: the empty seat has no name
        for seat, (line, name) in enumerate(room.lines):
            table.names[seat] = name
            # A token nobody holds: the seat is the mjai client's, no websocket joins it.
            table.tokens[seat] = _digest(secrets.token_urlsafe(32))
            mjai = MjaiRoomSeat(
                line, seat, table.seats[seat].fallback, timeout=self.timeout,
                red_fives=ruleset.red_fives > 0, names=names,
                chombo=self.chombo,
            )
            table.seats[seat] = mjai  # type: ignore[call-overload]
            table.watchers[mjai] = table.streams[seat].observer
        server.tables[table.invitation] = table
        log.info("mjai room %r: table %s starts (%s; %s)", room.name, table.id, ruleset.id,
                 ", ".join(names))
        table.start()

    def _over(self, table: Table) -> None:
        """After `end_game`: the lines are closed once they answered (or after a while)."""
        self.tables._table_over(table)
        lines = [s.line for s in table.watchers if isinstance(s, MjaiRoomSeat)]
        asyncio.get_running_loop().create_task(_close_after(lines))


async def _close_after(lines: list[MjaiLine]) -> None:
    deadline = time.monotonic() + CLOSE_WAIT
    while any(line.expect for line in lines) and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    for line in lines:
        line.close("the game is over")


def _join_error(message: Any) -> str | None:
    """Why a join line is refused (None: it is a join)."""
    example = json.dumps({"type": "join", "name": "noname", "room": "default"})
    if not isinstance(message, dict) or message.get("type") != "join":
        return f"expected a join, e.g. {example}"
    name, room = message.get("name"), message.get("room")
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME or not name.isprintable():
        return f"join: a name is 1 to {MAX_NAME} printable characters"
    if not isinstance(room, str) or not 0 < len(room) <= MAX_ROOM or not room.isprintable():
        return f"join: a room is 1 to {MAX_ROOM} printable characters"
    return None


class _Bucket:
    """A token bucket: lines nobody asked for, at most `rate` a second after a burst."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = burst, time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True
