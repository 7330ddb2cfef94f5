"""A seat (or a spectator) at a table server, presented the way the app's own host is.

The table screen is a seat client of `engine.table_host.TableHost`: it hands
`attach` an object that is told `Frame`s (`update`) and asked `decide(view)`. A
`RemoteTable` is the same for a table that lives on a server: `attach` feeds that
object from the websocket instead — it folds the redacted events it is sent with
the engine's own fold (`engine.fold`), checks the server's checksum of the view,
turns each `decide` into a `decide(view)` and sends back the answer with the
sequence number it answers. The game itself never reaches this side.

The connection is a task of its own (`_connection`) that reads into a queue, so a
result screen the player keeps open never stops the reading (nor the keepalive
pings), and that reconnects by itself: when the server goes away it says so in one
line (`on_status`), keeps everything the seat client holds, and tries again with
the seat token; the `resume` it gets back is reconciled with what was already told
(only the events not yet folded are passed on). A token the server no longer knows
ends the attach with `Refused`, one line too.

Two more things a client may be told, if it has the method: `lineup_changed(lineup)`,
who plays each seat (`engine.server.lineup`), when the table is entered and whenever
it changes; and `timed(clock)` right before each `decide(view)`, the decision's
`engine.server.clock.DecisionClock` (None: no deadline).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import time
from collections.abc import Callable
from typing import Any, cast
from urllib.parse import urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from engine import codec
from engine.actions import Action, action_from_dict, action_to_dict
from engine.fold import fold
from engine.frames import Frame, SeatEvent, seat_event_from_dict
from engine.seat_view import SeatView
from rules.tiles import parse_tiles

from .clock import clock_of
from .lineup import Lineup, read_lineup
from .protocol import PROTOCOL_VERSION, view_checksum

# Seconds between two tries to reach a server that went away (the last one repeats).
RETRY = (0.5, 1.0, 2.0, 3.0, 5.0)
OPEN_TIMEOUT = 5.0  # seconds to reach a server and be welcomed
# The key this side adds to a `decide` it reads (never sent): when it came, on the
# monotonic clock. A result screen the player keeps open holds the queue up, and the
# countdown must count from when the server asked, not from when the question is shown.
RECEIVED = "_received"


class Unreachable(RuntimeError):
    """The server cannot be reached (or speaks something else): the text is one line."""


class Refused(RuntimeError):
    """The server answered with an `error` (no such table, the table is full, a token it
    does not know): `code` is the server's, the text its one-line message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclasses.dataclass(frozen=True, slots=True)
class Invitation:
    """Where a table is: the server's websocket address and the table's invitation code.
    Written as one URL, the code as its path: ``ws://127.0.0.1:8765/CODE``."""

    server: str
    code: str

    @property
    def url(self) -> str:
        return f"{self.server.rstrip('/')}/{self.code}"


def parse_invitation(url: str, *, need_code: bool = True) -> Invitation:
    """An invitation URL read (`ValueError` with a one-line reason when it is not one)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("ws", "wss") or not parts.netloc:
        raise ValueError(f"{url!r} is not a ws:// or wss:// address")
    code = parts.path.strip("/")
    if need_code and not code:
        raise ValueError(f"{url!r} names no table: an invitation is ws://HOST:PORT/CODE")
    if "/" in code:
        raise ValueError(f"{url!r}: an invitation is ws://HOST:PORT/CODE")
    return Invitation(urlunsplit((parts.scheme, parts.netloc, "", "", "")), code)


def _why(error: BaseException) -> str:
    """A connection failure in a few words."""
    if isinstance(error, OSError) and error.errno:
        return os.strerror(error.errno).lower()
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    if isinstance(error, TimeoutError | asyncio.TimeoutError):
        return "no answer"
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:100]


async def open_connection(server: str) -> ClientConnection:
    """A connection to `server` that said hello and was welcomed (`Unreachable` if not)."""
    try:
        async with asyncio.timeout(OPEN_TIMEOUT):
            ws = await connect(server, max_size=2**22, open_timeout=OPEN_TIMEOUT,
                               ping_interval=20, ping_timeout=20)
            await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION}))
            reply = json.loads(await ws.recv())
    except (OSError, TimeoutError, InvalidHandshake, InvalidURI, ConnectionClosed,
            ValueError) as error:
        raise Unreachable(f"cannot reach the table server at {server}: {_why(error)}") from None
    if reply.get("type") != "welcome":
        await ws.close()
        raise Unreachable(f"{server} did not welcome this client: {reply.get('message')}")
    return ws


async def request(ws: ClientConnection, message: dict[str, Any], want: str) -> dict[str, Any]:
    """Send `message`, return the reply of type `want` (`Refused` on the server's error)."""
    await ws.send(json.dumps(message))
    reply = cast(dict[str, Any], json.loads(await ws.recv()))
    if reply.get("type") == "error":
        raise Refused(str(reply.get("code")), str(reply.get("message")))
    if reply.get("type") != want:
        raise Refused("unexpected", f"the server answered {reply.get('type')!r}, not {want!r}")
    return reply


async def create_table(server: str, **fields: Any) -> Invitation:
    """A new table on `server` (`create`'s fields: ruleset, rules, players, ai, ...)."""
    ws = await open_connection(server)
    try:
        created = await request(ws, {"type": "create", **fields}, "created")
    except ConnectionClosed as error:
        raise Unreachable(f"the table server at {server} closed: {_why(error)}") from None
    finally:
        await ws.close()
    return Invitation(server, str(created["invitation"]))


class RemoteTable:
    """One seat (or the spectators' place) at a server's table, as the table screen's host.

    `open()` joins (or, with `seat` and `token`, rejoins; without `name`, watches);
    `attach(client)` then tells `client` every frame and asks it every decision until
    the game ends. `on_token(seat, token)` is told the seat token once joined (the app
    keeps it so a killed client gets its seat back); `on_status(line)` gets one line
    when the server is lost, and one when the seat is back."""

    def __init__(
        self,
        invitation: Invitation,
        *,
        name: str | None = None,
        seat: int | None = None,
        token: str | None = None,
        on_token: Callable[[int, str], None] | None = None,
        on_status: Callable[[str], None] | None = None,
        retry: tuple[float, ...] = RETRY,
    ) -> None:
        self.invitation = invitation
        self.name = name
        self.seat = seat if seat is not None else 0
        self.token = token
        self.watching = name is None and token is None
        self.on_token = on_token
        self.on_status = on_status
        self.retry = retry
        self.table_id: str | None = None
        self.ws: ClientConnection | None = None
        self.view: SeatView | None = None  # the fold of every event told
        self.hand_events: list[dict[str, Any]] = []  # this hand's, as the server keeps them
        self.lineup: Lineup | None = None  # who plays each seat, as last told
        self.over = False
        self.lost: str | None = None  # why the server is away, while it is
        self.reconnects = 0
        self._queue: asyncio.Queue[dict[str, Any] | BaseException] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        self._asked: asyncio.Task[None] | None = None  # the open decision
        self._legal: list[Action] = []
        self._open_seq: int | None = None
        self._desync = False
        self._ended = False  # the game's end was read (maybe not yet told)

    # ------------------------------------------------------------------ joining
    async def open(self) -> None:
        """Join, rejoin or watch (`Unreachable`, `Refused`): the seat is known after it."""
        self.ws = await self._enter()

    async def _enter(self) -> ClientConnection:
        ws = await open_connection(self.invitation.server)
        code = self.invitation.code
        try:
            if self.token is not None:
                joined = await request(ws, {"type": "rejoin", "invitation": code,
                                            "seat": self.seat, "token": self.token}, "joined")
            elif self.watching:
                joined = await request(ws, {"type": "watch", "invitation": code}, "watching")
            else:
                joined = await request(ws, {"type": "join", "invitation": code,
                                            "name": self.name}, "joined")
        except ConnectionClosed as error:
            raise Unreachable(f"the table server closed: {_why(error)}") from None
        except BaseException:
            await ws.close()
            raise
        self.table_id = str(joined.get("table"))
        if not self.watching:
            self.seat, self.token = int(joined["seat"]), str(joined["token"])
            if self.on_token is not None:
                self.on_token(self.seat, self.token)
        return ws

    async def close(self) -> None:
        for task in (self._reader, self._asked):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self.ws is not None:
            await self.ws.close()

    # ------------------------------------------------------------------ the host's interface
    @property
    def session_tag(self) -> Any:
        return None

    def record(self) -> None:
        """A remote seat holds no record of the game (the server's history has it)."""
        return None

    async def attach(self, client: Any, opponents: Any = ()) -> list[Any]:
        """Tell `client` the table and ask it the seat's decisions until the game ends."""
        if self.ws is None:
            await self.open()
        self._reader = asyncio.get_running_loop().create_task(self._connection())
        try:
            while not self.over:
                item = await self._queue.get()
                if isinstance(item, BaseException):
                    raise item
                await self._message(client, item)
            if self.watching:  # the last hand opened comes after the game's end
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(5.0):
                        while True:
                            item = await self._queue.get()
                            if isinstance(item, dict) and item.get("type") == "opened":
                                await self._message(client, item)
                                break
        finally:
            await self.close()
        return []

    # ------------------------------------------------------------------ the connection
    async def _connection(self) -> None:
        """Read every message into the queue; when the server goes, get the seat back."""
        while True:
            ws = self.ws
            assert ws is not None
            try:
                async for text in ws:
                    message = cast(dict[str, Any], json.loads(text))
                    if message.get("type") == "decide":  # the server's clock runs from now,
                        message[RECEIVED] = time.monotonic()  # however late it is read
                    self._queue.put_nowait(message)
                    if any(e.get("type") == "game_ended" for e in message.get("events", ())):
                        self._ended = True  # told the end: a server that goes now is done
                why = "the connection closed"
            except ConnectionClosed as error:
                why = _why(error) or "the connection closed"
            except (OSError, ValueError) as error:
                why = _why(error)
            if self.over or self._ended:
                return
            self.lost = why
            kept = "watching again once it is back" if self.watching else "your seat is kept"
            self._say(f"lost the table server at {self.invitation.server} ({why}): "
                      f"trying again; {kept}")
            try:
                self.ws = await self._come_back()
            except Refused as error:
                self._queue.put_nowait(error)
                return
            self.lost = None
            self.reconnects += 1
            self._say("back at the table")

    async def _come_back(self) -> ClientConnection:
        tries = 0
        while True:
            await asyncio.sleep(self.retry[min(tries, len(self.retry) - 1)])
            tries += 1
            try:
                return await self._enter()
            except Unreachable:
                continue
            except (ConnectionClosed, OSError):
                continue

    def _say(self, line: str) -> None:
        if self.on_status is not None:
            self.on_status(line)

    async def _send(self, message: dict[str, Any]) -> None:
        """Send if connected; a message lost with the connection is asked again after it."""
        ws = self.ws
        if ws is None or self.lost is not None:
            return
        with contextlib.suppress(ConnectionClosed, OSError):
            await ws.send(json.dumps(message))

    # ------------------------------------------------------------------ messages
    async def _message(self, client: Any, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "lineup" or (kind == "resume" and "lineup" in message):
            self._lineup(client, message if kind == "lineup" else message["lineup"])
            if kind == "lineup":
                return
        if self._desync and kind != "resume":
            return  # read before the fold went out of step: the resume brings it again
        if kind == "events":
            self._close_decision()
            await self._frame(client, list(message["events"]), message.get("checksum"))
        elif kind == "resume":
            self._close_decision()
            await self._resume(client, message)
        elif kind == "decide":
            self._decide(client, message)
        elif kind == "opened":
            await self._opened(client, list(message["hands"]))
        elif kind == "error" and message.get("code") not in ("stale",):
            self._say(f"the server refused: {message.get('message')}")

    def _lineup(self, client: Any, data: Any) -> None:
        lineup = read_lineup(data)
        if lineup is None or lineup == self.lineup:
            return
        self.lineup = lineup
        told = getattr(client, "lineup_changed", None)
        if told is not None:
            told(lineup)

    async def _frame(self, client: Any, events: list[dict[str, Any]],
                     checksum: str | None) -> None:
        new_hand = any(e.get("type") == "hand_started" for e in events) and self.view is not None
        if await self._tell(client, self.view, events, checksum):
            if new_hand:
                self.hand_events = []
            self.hand_events.extend(events)  # as the server keeps them: what was told

    async def _resume(self, client: Any, message: dict[str, Any]) -> None:
        """Back in: only what was not told yet. The same hand goes on from the view it
        had (or, after a fold out of step, from the resume's view, which is the
        server's); else (a hand or more went by while away) the hand from its start on
        the view before it."""
        events = list(message["events"])
        known = len(self.hand_events)
        same = self.view is not None and known > 0 and events[:known] == self.hand_events
        checksum = message.get("checksum")
        if same and not self._desync:
            if await self._tell(client, self.view, events[known:], checksum):
                self.hand_events = events
            return
        self._desync = False
        data = message.get("view")
        base = None if data is None else cast(SeatView, codec.decode(SeatView, data))
        view = base
        for item in events[:known] if same else ():
            view = fold(view, seat_event_from_dict(item))  # told already: folded only
        if await self._tell(client, view, events[known:] if same else events, checksum,
                            always=True):
            self.hand_events = events

    async def _tell(self, client: Any, view: SeatView | None, data: list[dict[str, Any]],
                    checksum: str | None, *, always: bool = False) -> bool:
        """Fold `data` onto `view`, check the server's checksum, tell the client: False
        when the fold is out of step (then the whole hand is asked for again)."""
        events: list[SeatEvent] = []
        for item in data:
            event = seat_event_from_dict(item)
            view = fold(view, event)
            events.append(event)
        if view is None:
            return False
        if checksum is not None and view_checksum(view) != checksum:
            self._desync = True
            self._say("the table went out of step with the server: reloading the hand")
            if self.ws is not None:
                await self.ws.close()
            return False
        self.view = view
        if any(item.get("type") == "game_ended" for item in data):
            self.over = True
        if events or always:
            await client.update(Frame(tuple(events), view))
        return True

    async def _opened(self, client: Any, hands: list[str]) -> None:
        """A spectator's ended hand, every hand laid open: told as a frame of no events
        whose view shows them (the fold's own view is left as the server has it)."""
        view = self.view
        if view is None or len(hands) != len(view.seats):
            return
        seats = []
        for info, text in zip(view.seats, hands, strict=True):
            tiles = tuple(parse_tiles(text)) if text else ()
            seats.append(info if info.shown or not tiles else
                         dataclasses.replace(info, shown=tiles))
        own = view.own
        mine = hands[view.seat]
        if not own.tiles and mine:
            own = dataclasses.replace(own, tiles=tuple(parse_tiles(mine)))
        await client.update(Frame((), dataclasses.replace(view, seats=tuple(seats), own=own)))

    def _decide(self, client: Any, message: dict[str, Any]) -> None:
        legal = [action_from_dict(a) for a in message["legal"]]
        seq = int(message["seq"])
        if self._asked is not None and not self._asked.done() and legal == self._legal:
            self._open_seq = seq  # the same question asked again (the seat came back)
            return
        self._close_decision()
        view = self.view
        if view is None:
            return
        if list(view.legal) != legal:
            view = dataclasses.replace(view, legal=tuple(legal))
        self._legal, self._open_seq = legal, seq
        timed = getattr(client, "timed", None)
        if timed is not None:
            timed(clock_of(message, float(message.get(RECEIVED, time.monotonic()))))
        self._asked = asyncio.get_running_loop().create_task(self._ask(client, view))

    async def _ask(self, client: Any, view: SeatView) -> None:
        action = await client.decide(view)
        seq = self._open_seq
        self._asked = None
        if seq is not None:
            await self._send({"type": "answer", "seq": seq, "action": action_to_dict(action)})

    def _close_decision(self) -> None:
        """The server went on (a timeout, the AI while away): the open question closes."""
        task, self._asked = self._asked, None
        if task is not None and not task.done():
            task.cancel()
