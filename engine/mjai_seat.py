"""An mjai bot process as a seat at our host (`sim --seat N=mjai:COMMAND`).

The seat is a `Seat` and a `Watcher` of its own observer: the host tells it every
action's events redacted for its seat, which it sends the process as mjai events
masked as mjai servers mask them (`engine.mjai_adapter.ToMjai`), and asks it each
decision, which it reads back as one of the legal actions of its view.

Dialects: mjai.app's (`stream=False`): each line sent is a JSON array of the
events since the last line, and every line gets one answer line; `start_game`,
`end_kyoku` and `end_game` go on their own lines (their answers are read and
dropped). Mortal's (`stream=True`): one event a line; the bot writes a line only
when it can act, which is when the host asks it; it may write it before it is asked
(another seat of the same window is asked first), so an answer waiting is kept.

A riichi is the bot's `reach`: the seat echoes the `reach` to it and reads the
`dahai` that goes with it. A decision not in by `timeout` seconds, or an answer
that cannot be read or names no legal action, is played as the host's default
action for the seat (`engine.host.default_action`) and counted in `defaults`, or,
with `chombo`, charged a chombo (the engine's `Chombo`), with one line to `log`; a
late answer is dropped when it arrives. The exhaustive draw's tenpai declaration has
no mjai event: the seat shows a tenpai hand.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from .actions import Action, Chombo, Discard, Pass, ShowTenpai
from .frames import Frame
from .host import default_action
from .mjai_adapter import MjaiActionError, ToMjai, action_from_mjai
from .seat_view import SeatView

ALONE = ("start_game", "end_kyoku", "end_game")


class MjaiSeat:
    """One mjai bot process at the table, as absolute seat `seat`."""

    def __init__(
        self,
        command: str,
        seat: int,
        *,
        stream: bool = False,
        timeout: float = 10.0,
        red_fives: bool = True,
        log: Callable[[str], None] = lambda line: None,
        name: str = "mjai",
        chombo: bool = False,
    ) -> None:
        self.command = command
        self.seat = seat
        self.stream = stream
        self.timeout = timeout
        self.log = log
        self.name = name
        self.chombo = chombo
        self.to = ToMjai(seat, red_fives=red_fives)
        self.process: asyncio.subprocess.Process | None = None
        self._lines: asyncio.Queue[str | None] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        self._pending: list[dict[str, Any]] = []
        self._owed = 0  # batched: lines sent whose answers were not read yet
        self.errors = 0  # timeouts and illegal or unreadable answers
        self.defaults = 0  # of them, those played as the default action (not a chombo)
        self._last: dict[str, Any] = {}  # the last event sent, named in a log line
        self._late = False  # stream: a decision timed out; drop its answer if it comes

    def seated_at(
        self,
        seat: int,
        *,
        red_fives: bool,
        timeout: float | None = None,
        chombo: bool | None = None,
        name: str | None = None,
        log: Callable[[str], None] | None = None,
    ) -> None:
        """Sit at absolute seat `seat` of a game about to start (the arena makes its
        seats before it knows where the line-up puts them), under its red-five rule
        and, where given, the table's time per decision, its chombo rule, the name the
        log lines give the seat and where they go (the arena's `--mjai-timeout`,
        `--mjai-chombo`: the table's terms, not the player's, so a spec names the same
        player whatever they are)."""
        self.seat = seat
        self.to = ToMjai(seat, red_fives=red_fives)
        if timeout is not None:
            self.timeout = timeout
        if chombo is not None:
            self.chombo = chombo
        if name is not None:
            self.name = name
        if log is not None:
            self.log = log

    async def start(self) -> None:
        self.process = await asyncio.create_subprocess_shell(
            self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        while True:
            line = await self.process.stdout.readline()
            if not line:
                await self._lines.put(None)
                return
            text = line.decode("utf-8", "replace").strip()
            if text:
                await self._lines.put(text)

    async def close(self) -> None:
        process = self.process
        if process is None:
            return
        if process.stdin is not None and not process.stdin.is_closing():
            process.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), 5)
        except TimeoutError:
            process.kill()
            await process.wait()
        if self._reader is not None:
            self._reader.cancel()

    # ------------------------------------------------------------------ sending
    async def _write(self, data: Any) -> None:
        assert self.process is not None and self.process.stdin is not None
        try:
            self.process.stdin.write((json.dumps(data, separators=(",", ":")) + "\n").encode())
            await self.process.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            pass  # a dead bot: its decisions time out and take the default
        if not self.stream:
            self._owed += 1

    async def _flush(self) -> None:
        if self._pending and not self.stream:
            batch, self._pending = self._pending, []
            await self._write(batch)

    async def _send(self, message: dict[str, Any]) -> None:
        self._last = message
        if self.stream:
            if self._late:  # a decision timed out: what came since is its late answer
                self._late = False
                while not self._lines.empty():
                    if self._lines.get_nowait() is None:
                        await self._lines.put(None)
                        break
            await self._write(message)
            return
        if message["type"] in ALONE:
            await self._flush()
            await self._write([message])
        else:
            self._pending.append(message)

    async def update(self, frame: Frame) -> None:
        for event in frame.events:
            for message in self.to.events(event):
                await self._send(message)

    # ------------------------------------------------------------------ asking
    async def _answer(self) -> str | None:
        """The bot's answer to the last line sent (None: no answer in time)."""
        if not self.stream:
            await self._flush()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        try:
            while True:
                line = await asyncio.wait_for(self._lines.get(), max(0.0, deadline - loop.time()))
                if line is None:
                    await self._lines.put(None)  # the bot has exited: every ask fails
                    return None
                if self.stream:
                    return line
                self._owed -= 1
                if self._owed <= 0:
                    self._owed = 0
                    return line
        except TimeoutError:
            self._late = self.stream
            return None

    def _fallback(self, view: SeatView, why: str) -> Action:
        action: Action = Chombo(self.seat) if self.chombo else default_action(view)
        self.errors += 1
        self.defaults += not self.chombo
        last = json.dumps(self._last, separators=(",", ":"))
        played = "charged a chombo" if self.chombo else f"played {action!r}"
        self.log(f"seat {self.seat} ({self.name}): {why} (after {last}); {played}")
        return action

    async def _ask(self, view: SeatView, riichi: bool = False) -> Action | str:
        text = await self._answer()
        if text is None:
            return f"no answer within {self.timeout:g} s"
        try:
            message = json.loads(text)
        except ValueError:
            return f"unreadable answer {text[:80]!r}"
        if isinstance(message, dict) and message.get("type") == "reach" and not riichi:
            if not any(type(a) is Discard and a.riichi for a in view.legal):
                return "reach is not legal now"
            self.to.reach_sent.add(self.seat)
            await self._send({"type": "reach", "actor": self.seat})
            return await self._ask(view, riichi=True)
        try:
            return action_from_mjai(message, view, riichi=riichi)
        except MjaiActionError as error:
            return str(error)

    async def decide(self, view: SeatView) -> Action:
        legal = view.legal
        if view.phase == "declare":  # no mjai event: a tenpai hand is shown
            for action in legal:
                if type(action) is ShowTenpai:
                    return action
            return next(a for a in legal if type(a) is Pass)
        result = await self._ask(view)
        if isinstance(result, str):
            self.to.reach_sent.discard(self.seat)
            return self._fallback(view, result)
        return result
