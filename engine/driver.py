"""The asynchronous driver: a thin loop over the state machine.

It asks every pending seat for a decision (concurrently in a claim window, so
a human's prompt and three bots can be open at once), applies the answers,
and hands each event, in order, to the observers (the UI animates from them,
the log writer writes them). It yields to the event loop after every step so a
UI on the same loop stays responsive. Players see only their `PlayerView`.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from .actions import Action
from .events import Event
from .game import Game
from .results import FinalResult
from .view import PlayerView


@runtime_checkable
class Player(Protocol):
    """Anything that can choose one of the legal actions from what its seat sees."""

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action: ...


class IllegalDecision(RuntimeError):
    """A player returned an action that is not among the legal ones it was given."""


Observer = Any  # an object with `on_event(event, game)` (sync or async), or a callable


async def notify(observers: Iterable[Observer], events: Iterable[Event], game: Game) -> None:
    """Send each event to every observer, in order, awaiting async observers."""
    observers = tuple(observers)
    if not observers:
        return
    for event in events:
        for observer in observers:
            target: Callable = getattr(observer, "on_event", observer)
            result = target(event, game)
            if inspect.isawaitable(result):
                await result


async def _ask(player: Player, game: Game, seat: int) -> Action:
    legal = game.legal_actions(seat)
    action = await player.decide(game.view(seat), legal)
    if not any(a is action for a in legal) and action not in legal:
        raise IllegalDecision(
            f"seat {seat} ({type(player).__name__}) chose {action!r}, which is not legal; "
            f"legal were: {legal!r}"
        )
    return action


async def play_game(
    game: Game,
    players: Sequence[Player],
    observers: Iterable[Observer] = (),
    *,
    after_apply: Callable[[Game, Action, list[Event]], None] | None = None,
) -> list[FinalResult]:
    """Play `game` to its end; `players[i]` is line-up entry i (seat via `game.seating`).

    `after_apply` runs synchronously after each applied action (the sim's invariant
    check). Returns the final results.
    """
    observers = tuple(observers)
    by_seat = [players[game.seating[seat]] for seat in range(4)]
    await notify(observers, game.events, game)
    while not game.is_over:
        seats = game.pending_seats()
        if len(seats) == 1:
            decisions = [await _ask(by_seat[seats[0]], game, seats[0])]
        else:
            decisions = list(await asyncio.gather(*(_ask(by_seat[s], game, s) for s in seats)))
        for action in decisions:
            events = game.apply(action)
            if after_apply is not None:
                after_apply(game, action, events)
            await notify(observers, events, game)
        await asyncio.sleep(0)
    assert game.results is not None
    return game.results
