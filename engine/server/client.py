"""A headless client of the table server: connect, create or join, fold, answer.

It keeps its view the way every client must: by folding the redacted events it is
sent with the engine's own fold (`engine.fold`), checking the server's checksum of
the view whenever one comes. Tests and the benchmark drive tables with it; a
screen can sit on top of it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

from websockets.asyncio.client import ClientConnection, connect

from engine import codec
from engine.actions import Action, action_from_dict, action_to_dict
from engine.fold import fold
from engine.frames import seat_event_from_dict
from engine.seat_view import SeatView

from .lineup import Lineup, read_lineup
from .protocol import PROTOCOL_VERSION, view_checksum


class ServerError(RuntimeError):
    """The server refused what this client asked (its `error` message)."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(f"{message.get('code')}: {message.get('message')}")
        self.code = str(message.get("code"))


class Desync(RuntimeError):
    """The folded view's checksum is not the server's: the stream was not followed."""


class Client:
    """One connection. `received` keeps every message text as it came (tests compare them)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.received: list[str] = []
        self.view: SeatView | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.errors: list[dict[str, Any]] = []
        self.lineup: Lineup | None = None  # who plays each seat, as last told
        self.over = False

    @classmethod
    async def connect(cls, url: str, **kwargs: Any) -> Client:
        ws = await connect(url, **kwargs)
        client = cls(ws)
        await client.send({"type": "hello", "version": PROTOCOL_VERSION})
        await client.expect("welcome")
        return client

    async def close(self) -> None:
        await self.ws.close()

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def recv(self) -> dict[str, Any]:
        """The next message, folded into the view when it is part of the stream."""
        text = await self.ws.recv()
        assert isinstance(text, str)
        self.received.append(text)
        message = cast(dict[str, Any], json.loads(text))
        kind = message.get("type")
        if kind == "resume":
            base = message["view"]
            self.view = None if base is None else codec.decode(SeatView, base)
            self._fold(message["events"], message.get("checksum"))
            self.lineup = read_lineup(message.get("lineup")) or self.lineup
        elif kind == "lineup":
            self.lineup = read_lineup(message) or self.lineup
        elif kind == "events":
            self._fold(message["events"], message.get("checksum"))
        elif kind == "error":
            self.errors.append(message)
        return message

    def _fold(self, events: list[dict[str, Any]], checksum: str | None) -> None:
        view = self.view
        for data in events:
            event = seat_event_from_dict(data)
            view = fold(view, event)
            if data["type"] == "game_ended":
                self.over = True
        self.view = view
        if checksum is not None and (view is None or view_checksum(view) != checksum):
            raise Desync(f"the folded view's checksum is not the server's {checksum}")

    async def expect(self, kind: str) -> dict[str, Any]:
        """The next message, which must be `kind` (an `error` raises `ServerError`); a
        `lineup` comes at any time and is only kept, unless it is the one wanted."""
        message = await self.recv()
        while message.get("type") == "lineup" and kind != "lineup":
            message = await self.recv()
        if message.get("type") == "error" and kind != "error":
            raise ServerError(message)
        if message.get("type") != kind:
            raise ServerError({"code": "unexpected", "message": f"wanted {kind}: {message}"})
        return message

    async def create(self, **fields: Any) -> str:
        """A new table; its invitation."""
        await self.send({"type": "create", **fields})
        return str((await self.expect("created"))["invitation"])

    async def join(self, invitation: str, name: str) -> int:
        await self.send({"type": "join", "invitation": invitation, "name": name})
        joined = await self.expect("joined")
        self.seat, self.token = int(joined["seat"]), str(joined["token"])
        return self.seat

    async def rejoin(self, invitation: str, seat: int, token: str) -> None:
        await self.send({"type": "rejoin", "invitation": invitation, "seat": seat,
                         "token": token})
        joined = await self.expect("joined")
        self.seat, self.token = int(joined["seat"]), str(joined["token"])
        await self.expect("resume")

    async def watch(self, invitation: str) -> None:
        await self.send({"type": "watch", "invitation": invitation})
        await self.expect("watching")
        await self.expect("resume")

    async def answer(self, seq: int, action: Action | dict[str, Any]) -> None:
        data = action if isinstance(action, dict) else action_to_dict(action)
        await self.send({"type": "answer", "seq": seq, "action": data})

    async def play(
        self,
        choose: Callable[[SeatView, list[Action]], Action],
        until: Callable[[Client], bool] | None = None,
    ) -> None:
        """Answer every decision with `choose(view, legal)` until the game ends (or `until`)."""
        while not self.over and not (until is not None and until(self)):
            message = await self.recv()
            if message.get("type") == "decide":
                assert self.view is not None
                legal = [action_from_dict(a) for a in message["legal"]]
                await self.answer(message["seq"], choose(self.view, legal))
