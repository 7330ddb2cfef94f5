"""The human seat: a `Player` whose decision comes from the keyboard.

`decide` hands the view and the legal actions to whoever listens (the table
screen) and awaits an `asyncio.Future` that the key bindings resolve with one
of those legal actions. The engine never knows a person is playing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from engine.actions import Action
from engine.view import PlayerView


@dataclass(slots=True)
class Decision:
    """A question open to the human: what they see, what they may do, and the answer slot."""

    view: PlayerView
    legal: list[Action]
    future: asyncio.Future[Action]

    def answer(self, action: Action) -> bool:
        """Resolve with `action` if it is legal and the question is still open."""
        if self.future.done() or action not in self.legal:
            return False
        self.future.set_result(action)
        return True


class HumanPlayer:
    """Asks `on_ask(decision)` and waits for the answer."""

    def __init__(self, on_ask: Callable[[Decision], None] | None = None) -> None:
        self.on_ask = on_ask
        self.current: Decision | None = None

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action:
        future: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        decision = Decision(view, list(legal), future)
        self.current = decision
        if self.on_ask is not None:
            self.on_ask(decision)
        try:
            return await future
        finally:
            self.current = None
