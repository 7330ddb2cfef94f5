"""A scripted mjai client of gimite's TCP room protocol, for the tests (never a real bot).

It says `join` to the server's `hello`, then answers every event with one line: its own
`tsumo` with the drawn tile straight out (a riichi seat can always do that), anything
else with `none`. `error` lines are kept, never answered. Modes: `illegal` answers its
turns with a tile it does not hold; `late` answers its first turn after 0.6 s.
`lines` is every line the server wrote it, in order.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any


class TcpBot:
    def __init__(self, name: str, room: str, *, mode: str = "") -> None:
        self.name, self.room, self.mode = name, room, mode
        self.lines: list[str] = []
        self.errors: list[str] = []
        self.me: int | None = None
        self.slept = False
        self.delay = 0.0  # seconds to wait before the next answer

    def answer(self, event: dict[str, Any]) -> dict[str, Any]:
        kind = event.get("type")
        if kind == "start_game":
            self.me = event["id"]
        if kind == "tsumo" and event.get("actor") == self.me:
            if self.mode == "illegal":
                return {"type": "dahai", "actor": self.me, "pai": "C" if event["pai"] != "C"
                        else "E", "tsumogiri": False}
            if self.mode == "late" and not self.slept:  # answers its first turn late
                self.slept = True
                self.delay = 0.6
            return {"type": "dahai", "actor": self.me, "pai": event["pai"], "tsumogiri": True}
        return {"type": "none"}

    async def play(self, port: int, *, host: str = "127.0.0.1") -> None:
        reader, writer = await asyncio.open_connection(host, port)
        try:
            while True:
                raw = await reader.readline()
                if not raw:
                    return
                text = raw.decode().strip()
                self.lines.append(text)
                event = json.loads(text)
                if event["type"] == "hello":
                    reply: dict[str, Any] = {"type": "join", "name": self.name, "room": self.room}
                elif event["type"] == "error":
                    self.errors.append(event["message"])
                    continue
                else:
                    reply = self.answer(event)
                    if self.delay:
                        await asyncio.sleep(self.delay)
                        self.delay = 0.0
                writer.write((json.dumps(reply) + "\n").encode())
                await writer.drain()
        finally:
            writer.close()
