"""A question open to the human seat, and the slot its answer goes into.

The seat client (`tui.seat_client.TableSession`) makes one for every
decision the host asks of the human's seat: the screen shows it, and the key
bindings resolve its `asyncio.Future` with one of the legal actions. The host
never knows a person is playing.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.seat_view import SeatView


@dataclass(slots=True)
class Decision:
    """A question open to the human: what they see, what they may do, and the answer slot.

    `view` is the bot's view of the seat (`engine.player_view.player_view_of`, built
    from `seat_view` on the client's side), which the learning aids and the hint read."""

    view: Any
    legal: list[Action]
    future: asyncio.Future[Action]
    seat_view: SeatView | None = None
    clock: Any = None  # the time it has at a server's table (`engine.server.clock`), if any

    def answer(self, action: Action) -> bool:
        """Resolve with `action` if it is legal and the question is still open."""
        if self.future.done() or action not in self.legal:
            return False
        self.future.set_result(action)
        return True
