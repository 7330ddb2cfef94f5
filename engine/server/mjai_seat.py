"""An mjai client on a TCP line (gimite's room protocol) as a seat at a table.

gimite's mjai server tells every seat every event, one JSON object a line, masked as
mjai masks (the other seats' `start_kyoku` hands and `tsumo` tiles are `?`, by
`engine.mjai_adapter.ToMjai`), and every seat answers every event with one line:
its action when the event lets it act, else `{"type":"none"}`. The seat is a host
`Watcher` of its own observer (it is told the frames and sends their mjai events at
once, never waiting for the answers: a slow client never holds up the table) and a
host `Seat` (the answer to the last event of a frame that asks it is its decision).

The line is `MjaiLine`: the events sent, in order, each waiting for its answer. An
answer to an event that does not ask the seat must be `none`; anything else gets an
`error` line and is otherwise ignored. A riichi is the client's `reach`: the seat
echoes the `reach` and reads the `dahai` that goes with it. A decision not in by
`timeout` seconds, or one that cannot be read or names no legal action, is played as
the host's default action with one line in the server's log (and, with `chombo`,
charged a chombo as mjai.app charges it: `Game.apply`'s `Chombo`); a late answer is dropped when
it arrives. A client that goes away leaves its seat to the table's AI for the rest
of the game. The exhaustive draw's tenpai declaration has no mjai event: the seat
shows a tenpai hand.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Callable
from typing import Any

from engine.actions import Action, Chombo, Discard, Pass, ShowTenpai
from engine.frames import Frame
from engine.host import Seat, default_action
from engine.mjai_adapter import MjaiActionError, ToMjai, action_from_mjai
from engine.seat_view import SeatView

log = logging.getLogger("mahjong_tui.server")

GONE = object()  # what a decision's future holds when the client went away


class MjaiLine:
    """One client's TCP connection: lines out (never blocking), answers matched to the
    events they answer, in order. `expect` holds, for each event line sent and not yet
    answered, None (a plain event: the answer must be `none`) or the future that takes
    the answer (a decision)."""

    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *,
        backlog: int = 1 << 20, name: str = "?",
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.backlog = backlog
        self.name = name
        self.expect: deque[asyncio.Future[Any] | None] = deque()
        self.closed: str | None = None
        self.unasked: Callable[[], bool] = lambda: True  # the rate check of unasked lines

    # ------------------------------------------------------------------ out
    def write(self, message: dict[str, Any]) -> None:
        """One line out, not answered (hello, error)."""
        if self.closed is not None:
            return
        self.writer.write((json.dumps(message, separators=(",", ":")) + "\n").encode())
        if self.writer.transport.get_write_buffer_size() > self.backlog:
            self.close("too far behind: the connection did not read its lines")

    def event(self, message: dict[str, Any], future: asyncio.Future[Any] | None) -> None:
        """An event line; its answer goes to `future` (None: it must be `none`)."""
        if self.closed is not None:
            if future is not None and not future.done():
                future.set_result(GONE)
            return
        self.expect.append(future)
        self.write(message)

    def error(self, message: str) -> None:
        self.write({"type": "error", "message": message})

    def close(self, why: str) -> None:
        if self.closed is not None:
            return
        self.closed = why
        for future in self.expect:
            if future is not None and not future.done():
                future.set_result(GONE)
        self.expect.clear()
        self.writer.close()

    # ------------------------------------------------------------------ in
    async def read(self) -> None:
        """Read answers until the client goes (or breaks a limit): each to the event it
        answers. Never raises."""
        try:
            while self.closed is None:
                try:
                    raw = await self.reader.readline()
                except ValueError:  # over the line limit
                    self.error("line too long")
                    self.close("line too long")
                    return
                if not raw:
                    self.close("gone")
                    return
                text = raw.decode("utf-8", "replace").strip()
                if not text:
                    continue
                self.answer(text)
        except (ConnectionError, OSError):
            self.close("gone")

    def answer(self, text: str) -> None:
        if not self.expect:
            if not self.unasked():
                self.error("more lines than events: over the message rate")
                self.close("over the message rate")
                return
            if _kind(text) != "none":
                self.error("no event is waiting for an answer")
            return
        future = self.expect.popleft()
        if future is not None:
            if not future.done():
                future.set_result(text)
            return  # a late answer to a decision already played: dropped
        kind = _kind(text)
        if kind is None:
            self.error(f"not a JSON object: {text[:80]}")
        elif kind != "none":
            self.error(f"{kind!r}: this event does not let you act; answer {{\"type\":\"none\"}}")


def _kind(text: str) -> str | None:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    kind = data.get("type")
    return kind if isinstance(kind, str) else ""


class MjaiRoomSeat:
    """An mjai client at absolute seat `seat` of a table; `fallback` plays the seat once
    the client is gone. With `chombo`, a timeout or a bad answer is charged a chombo
    (mjai.app's rule) rather than played as the default action."""

    def __init__(
        self,
        line: MjaiLine,
        seat: int,
        fallback: Seat,
        *,
        timeout: float = 10.0,
        red_fives: bool = True,
        names: list[str] | None = None,
        chombo: bool = False,
    ) -> None:
        self.line = line
        self.seat = seat
        self.fallback = fallback
        self.timeout = timeout
        self.names = names
        self.chombo = chombo
        self.to = ToMjai(seat, red_fives=red_fives)
        self.decision: asyncio.Future[Any] | None = None
        self.errors = 0

    # ------------------------------------------------------------------ watching
    async def update(self, frame: Frame) -> None:
        messages = [m for event in frame.events for m in self.to.events(event)]
        if not messages:
            return
        asks = bool(frame.view.legal) and frame.view.phase != "declare"
        for i, message in enumerate(messages):
            if message["type"] == "start_game" and self.names is not None:
                message = {**message, "names": list(self.names)}
            future = None
            if asks and i == len(messages) - 1 and self.decision is None:
                future = self.decision = asyncio.get_running_loop().create_future()
            self.line.event(message, future)

    # ------------------------------------------------------------------ deciding
    async def decide(self, view: SeatView) -> Action:
        if view.phase == "declare":  # no mjai event: a tenpai hand is shown
            for action in view.legal:
                if type(action) is ShowTenpai:
                    return action
            return next(a for a in view.legal if type(a) is Pass)
        future, self.decision = self.decision, None
        if self.line.closed is not None:
            return await self.fallback.decide(view)
        if future is None:  # asked with no event to answer: nothing the client can say
            return self._default(view, "asked with no new event", bad=False)
        result = await self._ask(view, future, riichi=False)
        if result is GONE:
            return await self.fallback.decide(view)
        if isinstance(result, str):
            self.to.reach_sent.discard(self.seat)
            self.line.error(result)
            return self._default(view, result)
        return result  # type: ignore[no-any-return]

    async def _ask(self, view: SeatView, future: asyncio.Future[Any], *, riichi: bool) -> Any:
        try:
            text = await asyncio.wait_for(asyncio.shield(future), self.timeout)
        except TimeoutError:
            return f"no answer within {self.timeout:g} s"
        if text is GONE:
            return GONE
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            return f"not JSON: {text[:80]}"
        if isinstance(message, dict) and message.get("type") == "reach" and not riichi:
            if not any(type(a) is Discard and a.riichi for a in view.legal):
                return "reach is not legal now"
            self.to.reach_sent.add(self.seat)
            again = asyncio.get_running_loop().create_future()
            self.line.event({"type": "reach", "actor": self.seat}, again)
            return await self._ask(view, again, riichi=True)
        try:
            return action_from_mjai(message, view, riichi=riichi)
        except MjaiActionError as error:
            return str(error)

    def _default(self, view: SeatView, why: str, *, bad: bool = True) -> Action:
        action: Action = default_action(view)
        if bad:
            self.errors += 1
            if self.chombo:
                action = Chombo(self.seat)
        played = "charged a chombo" if type(action) is Chombo else f"played {action!r}"
        log.warning("mjai seat %d (%s): %s; %s", self.seat, self.line.name, why, played)
        return action
